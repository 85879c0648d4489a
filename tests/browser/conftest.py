"""Fixtures for the real-browser tests: one JupyterLab and one Voila server per test session."""

from __future__ import annotations

import os

import pytest

from tests.browser.harness import (
    CHROMIUM_ARGS,
    chromium_path,
    jupyterlab_server,
    voila_server,
    watch_console,
)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            # A real browser against a kernel on a loaded 2-core machine sometimes misses a timing
            # window; one retry keeps CI honest about real failures (a second failure still fails, and
            # the retry is reported as RERUN in the summary).
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed; .ci/run must install it (apt-get install chromium)")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=path, args=CHROMIUM_ARGS, headless=True)
        yield chrome
        chrome.close()


@pytest.fixture(scope="session")
def lab_url():
    with jupyterlab_server() as url:
        yield url


@pytest.fixture(scope="session")
def voila_url():
    with voila_server() as url:
        yield url


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    errors = watch_console(pg)
    yield pg
    context.close()
    errors.check(request.node.name)
