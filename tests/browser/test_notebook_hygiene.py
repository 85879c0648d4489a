"""Running and saving a project notebook in JupyterLab (set up as `make lab` does) leaves the file as
tracked, and the notebook reopened shows no "Error displaying widget: model not found"."""

from tests.browser.harness import ROOT, run_in_lab

NOTEBOOK = "notebooks/00_start_here.ipynb"
SETTING = """async ([plugin, key]) => {
  const s = await window.jupyterapp.serviceManager.settings.fetch(plugin); return s.schema.properties[key].default; }"""


def test_run_save_and_reopen_leaves_the_checkout_clean(page, lab_url):
    before = (ROOT / NOTEBOOK).read_bytes()
    run_in_lab(page, lab_url, NOTEBOOK)
    assert page.evaluate(SETTING, ["@jupyterlab/docmanager-extension:plugin", "autosave"]) is False
    assert page.evaluate(SETTING, ["@jupyter-widgets/jupyterlab-manager:plugin", "saveState"]) is False
    page.locator(".jp-OutputArea .widget-toggle-button", has_text="Terra Mystica").click()
    page.wait_for_function("() => document.querySelector('.jp-OutputArea .widget-html-content')"
                           " && Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
                           ".some(e => e.innerText.includes('2–5 players'))", timeout=20_000)
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=20_000)
    assert (ROOT / NOTEBOOK).read_bytes() == before
    # reopen: no stale widget views, so no "model not found"
    page.goto(f"{lab_url}/lab/tree/{NOTEBOOK}", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.node.querySelector('.jp-Cell')", timeout=90_000)
    page.wait_for_timeout(3000)
    text = page.evaluate("() => window.jupyterapp.shell.currentWidget.node.innerText")
    assert "Error displaying widget" not in text and "model not found" not in text
    assert "The widgets appear when the cells run" in text
    assert (ROOT / NOTEBOOK).read_bytes() == before
