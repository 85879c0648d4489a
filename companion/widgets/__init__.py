"""ipywidgets + plotly views used by the notebooks.

This is the only package that imports ipywidgets. Widgets hold a state value, call the public
API of the game packages and redraw; no rule is decided here. Callbacks are plain methods, so
tests drive them without a browser.
"""
