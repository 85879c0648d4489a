"""``make lab-zh`` (issue 22, point 11): the Chinese JupyterLab can get back to English, and JupyterLab's
Chinese language pack is the one made for the JupyterLab installed.

The server command is read from ``make -n lab-zh`` and given to jupyter_server's own command-line parsing, so
the root folder and the page opened are the server's answer, not this test's reading of the Makefile.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path, PurePosixPath

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PACK = "jupyterlab-language-pack-zh-CN"


def lab_arguments(target: str) -> list[str]:
    """The arguments after ``jupyter lab`` in ``make -n <target>`` (the stamp's pip line never runs)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    out = subprocess.run(["make", "-n", "-o", ".venv/.installed", target], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    command = next(line for line in out.replace("\\\n", " ").splitlines() if "jupyter lab" in line)
    words = shlex.split(command.split("jupyter lab", 1)[1])
    return [w for w in words if w != "--allow-root"]


def served(target: str) -> tuple[Path, str]:
    """(the server's root folder, the path of the page it opens, relative to the root) for ``make <target>``."""
    from jupyter_server.serverapp import ServerApp

    app = ServerApp()
    app.parse_command_line(lab_arguments(target))
    return Path(app.root_dir).resolve(), app._resolve_file_to_run_and_root_dir()


def test_lab_zh_serves_notebooks_and_opens_the_chinese_start_page():
    root, page = served("lab-zh")
    assert root == (ROOT / "notebooks").resolve()
    assert PurePosixPath(page) == PurePosixPath("zh_CN/00_start_here.ipynb")


@pytest.mark.parametrize("target", ["lab", "lab-zh"])
def test_every_edition_link_of_the_start_page_stays_inside_the_server(target):
    """The start page's links to the other edition (English from zh_CN/, Chinese from the English page) open a
    file the server can serve: inside its root, and existing."""
    root, page = served(target)
    cells = json.loads((root / page).read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    links = [m for m in re.findall(r"\]\(([^)#\s]+\.ipynb)\)", text) if "zh_CN" in m or m.startswith("..")]
    assert links, "the start page links to the other edition"
    for link in links:
        target_file = ((root / page).parent / link).resolve()
        assert target_file.is_relative_to(root) and target_file.is_file(), link


def _pyproject_specifier(name: str) -> SpecifierSet:
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    reqs = [*doc["project"]["dependencies"], *(r for v in doc["project"]["optional-dependencies"].values() for r in v)]
    for req in reqs:
        m = re.match(r"([A-Za-z0-9_.-]+)\s*(.*)", req)
        if m and m.group(1).lower() == name.lower():
            return SpecifierSet(m.group(2))
    raise AssertionError(f"{name} is not in pyproject.toml")


def minors_allowed(spec: SpecifierSet, versions) -> set[tuple[int, int]]:
    return {(v.major, v.minor) for v in map(Version, versions) if v in spec}


# Versions published (JupyterLab's minor releases; the language pack's 4.x.postN, one series per minor).
LAB_VERSIONS = [f"4.{minor}.{patch}" for minor in range(10) for patch in (0, 3, 11)]
PACK_VERSIONS = [f"4.{minor}.post{post}" for minor in range(10) for post in (0, 3, 9)]


def pinned_as_a_pair(lab_spec: SpecifierSet, pack_spec: SpecifierSet) -> bool:
    """Both allow one and the same minor version: the language pack is made for one JupyterLab minor version,
    so a range over several minors lets pip pair a new JupyterLab with an older pack (JupyterLab 4.6, pack 4.5)."""
    lab, pack = minors_allowed(lab_spec, LAB_VERSIONS), minors_allowed(pack_spec, PACK_VERSIONS)
    return len(lab) == 1 and lab == pack


def test_pyproject_pins_jupyterlab_and_its_language_pack_to_the_same_minor_version():
    assert pinned_as_a_pair(_pyproject_specifier("jupyterlab"), _pyproject_specifier(PACK))


def test_pair_check_refuses_the_old_open_ranges():
    assert not pinned_as_a_pair(SpecifierSet(">=4.4,<5"), SpecifierSet(">=4.4"))
    assert not pinned_as_a_pair(SpecifierSet(">=4.6,<4.7"), SpecifierSet(">=4.5.post0,<4.6"))


def test_installed_jupyterlab_matches_its_language_pack():
    try:
        pack = Version(metadata.version(PACK))
    except metadata.PackageNotFoundError:
        pytest.skip("the app extras (language pack) are not installed")
    lab = Version(metadata.version("jupyterlab"))
    assert (lab.major, lab.minor) == (pack.major, pack.minor)


def test_binder_pins_the_same_pair():
    pins = dict(line.split("==") for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
                if "==" in line and not line.startswith("#"))
    pins = {k.lower(): Version(v) for k, v in pins.items()}
    lab, pack = pins["jupyterlab"], pins[PACK.lower()]
    assert (lab.major, lab.minor) == (pack.major, pack.minor)
    assert lab in _pyproject_specifier("jupyterlab") and pack in _pyproject_specifier(PACK)
