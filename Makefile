# companion — two commands on a fresh machine with Python 3.11:
#   make lab    set up and open the notebooks in JupyterLab
#   make test   set up and run every test (ruff, unit tests, notebooks, real-browser tests)

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: venv lab test unit notebooks browser lint clean links app binder-pins

venv: $(STAMP)

# Re-install only when pyproject.toml changes, so a second run takes seconds.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[app,dev]"
	touch $(STAMP)

lab: venv
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 notebooks/00_start_here.ipynb

app: venv
	$(BIN)/voila --Voila.ip=127.0.0.1 notebooks/

lint: venv
	$(BIN)/ruff check companion tests benchmarks

unit: venv
	$(BIN)/python -m pytest tests -m "not browser" -q

notebooks: venv
	COMPANION_SAVE_DIR=$$(mktemp -d) $(BIN)/python -m pytest --nbmake notebooks -q -p no:cacheprovider

browser: venv
	$(BIN)/python -m pytest tests -m browser -q

test: venv lint
	$(BIN)/python -m pytest tests -q
	COMPANION_SAVE_DIR=$$(mktemp -d) $(BIN)/python -m pytest --nbmake notebooks -q -p no:cacheprovider

links: venv
	$(BIN)/python tools/readme_links.py

clean:
	rm -rf $(VENV) .pytest_cache tests/browser/screenshots

# Re-pin binder/requirements.txt to what the venv has now.
binder-pins: venv
	{ echo "# Exact pins for mybinder.org (repo2docker reads only binder/). Regenerate with: make binder-pins"; \
	  $(BIN)/python -m pip freeze | grep -iE "^(jupyterlab|ipywidgets|anywidget|plotly|networkx|typer|rich|tqdm|voila|ipykernel|jupyterlab_widgets|widgetsnbextension)=="; \
	  echo "-e ."; } > binder/requirements.txt
