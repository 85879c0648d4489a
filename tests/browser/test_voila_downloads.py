"""What a Voila app page downloads under the project's Voila settings (``notebooks/.jupyter/voila.py``, issue 13):
the widget front ends it needs, never plotly's 4.8 MB renderer extension (``jupyterlab-plotly``), and plotly's
widget code as one file from the server instead of 5 MB over the kernel's websocket; the figure is still drawn."""

from __future__ import annotations

from tests.browser.harness import run_in_voila

APP = "notebooks/apps/scoreboard.ipynb"


def test_the_scoreboard_page_loads_no_plotly_renderer_and_gets_plotlys_code_as_a_file(page, voila_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    received = [0]
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: received.__setitem__(0, received[0] + len(payload))))
    run_in_voila(page, voila_url, APP)   # widgets shown and a plotly trace drawn
    extensions = [url for url in requests if "/voila/labextensions/" in url]
    assert any("/@jupyter-widgets/jupyterlab-manager/" in url for url in extensions), extensions
    assert any("/anywidget/" in url for url in extensions), extensions
    assert not [url for url in requests if "jupyterlab-plotly" in url]
    assert not [url for url in requests if "jupyterlab_pygments" in url]
    assert [url for url in extensions if "/voila/labextensions/widgetbundle.js?v=" in url]
    # plotly's code (5 MB) did not also come over the websocket: the whole app's kernel traffic is far less
    assert received[0] < 2_000_000, f"{received[0] / 1e6:.1f} MB over the kernel websocket"
