"""Regenerate the README's notebook table and Binder links from the notebooks and project.env.

    python tools/readme_links.py          rewrite README.md in place
    python tools/readme_links.py --check  exit 1 if README.md is out of date (used by the tests)

The repository's public address lives in one place, ``project.env`` (REPO_URL, BINDER_BRANCH).
Each notebook's line in the table is its one-line description from ``companion.widgets.start.GAMES``
(the start page's list), so the README and the start page say the same thing.
App notebooks (``score_a_table_game``) also get a Voila link.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
APPS = ("score_a_table_game",)


def settings() -> dict[str, str]:
    values = {}
    for line in (ROOT / "project.env").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip()
    return values


def notebooks() -> list[Path]:
    found = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    return [p for p in found if ".ipynb_checkpoints" not in p.parts and "zh_CN" not in p.parts]  # zh_CN: the Chinese editions


def describe(path: Path) -> str:
    sys.path.insert(0, str(ROOT))
    from companion.widgets.start import GAMES

    rel = path.relative_to(ROOT / "notebooks").as_posix()
    if rel == "00_start_here.ipynb":
        return "**Start here** — what the project offers, a link to every notebook, a small live widget"
    for game in GAMES:
        for nb, line in game.notebooks:
            if nb == rel:
                return f"**{game.name}** — {line}"
    raise SystemExit(f"{rel} is not listed in companion/widgets/start.py GAMES: add it there")


def binder_base(cfg: dict[str, str]) -> str:
    repo = cfg["REPO_URL"].rstrip("/")
    owner_repo = repo.split("github.com/", 1)[-1]
    return f"https://mybinder.org/v2/gh/{owner_repo}/{cfg.get('BINDER_BRANCH', 'main')}"


def render() -> tuple[str, str]:
    cfg = settings()
    base = binder_base(cfg)
    rows = ["| notebook | what it does | Binder |", "| --- | --- | --- |"]
    links = []
    for nb in notebooks():
        rel = nb.relative_to(ROOT).as_posix()
        lab = f"{base}?labpath={quote(rel, safe='')}"
        cell = f"[JupyterLab]({lab})"
        if nb.stem in APPS:
            voila = f"{base}?urlpath={quote('voila/render/' + rel, safe='/')}"
            cell += f" · [app]({voila})"
            links.append(f"- App, {rel}: {voila}")
        rows.append(f"| [`{nb.relative_to(ROOT / 'notebooks').as_posix()}`]({rel}) | {describe(nb)} | {cell} |")
    links.insert(0, f"- JupyterLab, start page: {base}?labpath={quote('notebooks/00_start_here.ipynb', safe='')}")
    return "\n".join(rows), "\n".join(links)


def rewrite(text: str) -> str:
    table, links = render()
    text = re.sub(r"(<!-- notebooks:start -->\n).*?(\n<!-- notebooks:end -->)",
                  lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
    text = re.sub(r"(<!-- binder:start -->\n).*?(\n<!-- binder:end -->)",
                  lambda m: m.group(1) + links + m.group(2), text, flags=re.S)
    return text


def main(argv: list[str]) -> int:
    readme = ROOT / "README.md"
    old = readme.read_text(encoding="utf-8")
    new = rewrite(old)
    if "--check" in argv:
        if new != old:
            print("README.md is out of date: run `make links`", file=sys.stderr)
            return 1
        return 0
    readme.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
