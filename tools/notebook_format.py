"""Store every tracked notebook exactly as JupyterLab writes it, so an autosave changes nothing.

JupyterLab (plain ``jupyter lab``, without ``make lab``'s settings) rewrites a notebook it opens once the
kernel starts: kernelspec ``display_name`` "Python 3 (ipykernel)", the kernel's full ``language_info``,
sources as lists of lines. This tool puts every tracked notebook (``notebooks/**``, incl. ``zh_CN``, and
``tests/browser/notebooks``) in that form (:func:`companion.jupyter_config.as_jupyterlab_writes`).

Usage (repository root, project venv)::

    python tools/notebook_format.py           # rewrite the notebooks that differ
    python tools/notebook_format.py --check   # change nothing; exit 1 naming each notebook that differs
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import nbformat

from companion.jupyter_config import as_jupyterlab_writes

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "notebooks", ROOT / "tests" / "browser" / "notebooks")


def tracked_notebooks() -> list[Path]:
    """Every notebook of the checkout (checkpoints left out), sorted."""
    return sorted(p for folder in FOLDERS for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def as_saved(text: str) -> str:
    """The bytes JupyterLab would write for the notebook ``text`` (same cells, canonical form)."""
    nb = as_jupyterlab_writes(json.loads(text))
    return nbformat.writes(nbformat.from_dict(nb)) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a notebook differs")
    args = parser.parse_args(argv)
    differ = []
    for path in tracked_notebooks():
        text = path.read_text(encoding="utf-8")
        want = as_saved(text)
        if want != text:
            differ.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.write_text(want, encoding="utf-8")
    verb = "differ from" if args.check else "rewritten as"
    print(f"{len(differ)} notebook(s) {verb} what JupyterLab writes" + "".join(f"\n  {d}" for d in differ))
    return 1 if (args.check and differ) else 0


if __name__ == "__main__":
    sys.exit(main())
