# companion — two commands on a fresh machine with Python 3.11:
#   make lab    set up and open the notebooks in JupyterLab
#   make test   set up and run every test (ruff, unit tests, notebooks, real-browser tests)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv lab lab-zh test unit notebooks browser lint clean links app binder-pins i18n

venv: $(STAMP)

# Re-install only when pyproject.toml changes, so a second run takes seconds; also when Century's engine, the
# build hook or a module it compiles changes (the list under [tool.hatch.build.hooks.custom] in pyproject.toml),
# so the compiled copies (hatch_build.py) are built anew: only the changed modules are compiled again.
COMPILED_SOURCES := $(shell $(PYTHON) -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['tool']['hatch']['build']['hooks']['custom'].get('compile', []))" 2>/dev/null)
$(STAMP): pyproject.toml companion/century/engine.py companion/century/engine.pxd hatch_build.py $(COMPILED_SOURCES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[app,dev]"
	touch $(STAMP)

# JupyterLab refuses to start as root unless told: a fresh container or VM is often root.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

# notebooks/.jupyter: no autosave, no saved widget state, project notebooks saved output-free
lab: venv
	JUPYTER_CONFIG_PATH=$(CURDIR)/notebooks/.jupyter$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH} $(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 $(ALLOW_ROOT) notebooks/00_start_here.ipynb

# The Chinese start page, with JupyterLab's own interface in Chinese (official language pack from the
# `app` extras) and the package's widgets and messages in Chinese (COMPANION_LANG). The language setting
# lives in a settings folder of its own, so `make lab` stays English. The server's root is notebooks/ (not
# notebooks/zh_CN), so the pages' "English edition" links (../00_start_here.ipynb) open the English notebooks.
LAB_ZH_SETTINGS := $(VENV)/lab-zh-settings
lab-zh: venv
	mkdir -p $(LAB_ZH_SETTINGS) && cp -rn data/i18n/jupyterlab-zh_CN/. $(LAB_ZH_SETTINGS)/
	COMPANION_LANG=zh_CN JUPYTERLAB_SETTINGS_DIR=$(LAB_ZH_SETTINGS) \
	  JUPYTER_CONFIG_PATH=$(CURDIR)/notebooks/.jupyter$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH} \
	  $(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 $(ALLOW_ROOT) --ServerApp.root_dir=$(CURDIR)/notebooks \
	  $(CURDIR)/notebooks/zh_CN/00_start_here.ipynb

# Translations: extract/update/compile the package catalogs, then re-sync the Chinese notebooks.
# Translate what they report as missing (companion/locale/zh_CN/LC_MESSAGES/*.po) and run it again.
i18n: venv
	$(BIN)/python tools/i18n.py all
	$(BIN)/python tools/zh_notebooks.py --extract
	$(BIN)/python tools/zh_notebooks.py

# The scoreboard itself (not a list of notebooks), on this computer only. notebooks/.jupyter/voila.py: the page
# loads only the widget front ends it needs (not plotly's renderer extension), and plotly's widget code comes
# as one file instead of over the kernel's websocket.
app: venv
	JUPYTER_CONFIG_PATH=$(CURDIR)/notebooks/.jupyter$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH} $(BIN)/voila --Voila.ip=127.0.0.1 notebooks/apps/scoreboard.ipynb

lint: venv
	$(BIN)/ruff check companion tests benchmarks

unit: venv
	$(BIN)/python -m pytest tests -m "not browser" -q

notebooks: venv
	COMPANION_SAVE_DIR=$$(mktemp -d) COMPANION_DATA_DIR=$$(mktemp -d) $(BIN)/python -m pytest --nbmake notebooks -q -p no:cacheprovider

browser: venv
	$(BIN)/python -m pytest tests -m browser -q

test: venv lint
	$(BIN)/python -m pytest tests -q
	COMPANION_SAVE_DIR=$$(mktemp -d) COMPANION_DATA_DIR=$$(mktemp -d) $(BIN)/python -m pytest --nbmake notebooks -q -p no:cacheprovider

links: venv
	$(BIN)/python tools/readme_links.py

clean:
	rm -rf $(VENV) .pytest_cache tests/browser/screenshots

# Re-pin binder/requirements.txt to what the venv has now.
binder-pins: venv
	{ echo "# Exact pins for mybinder.org (repo2docker reads only binder/). Regenerate with: make binder-pins"; \
	  $(BIN)/python -m pip freeze | grep -iE "^(jupyterlab|jupyterlab-language-pack-zh-cn|ipywidgets|anywidget|plotly|networkx|typer|rich|tqdm|voila|ipykernel|jupyterlab_widgets|widgetsnbextension)=="; \
	  echo "-e ."; } > binder/requirements.txt
