"""Regenerate the README's notebook table and Binder links from the notebooks and project.env.

    python tools/readme_links.py          rewrite README.md in place
    python tools/readme_links.py --check  exit 1 if README.md is out of date (used by the tests)

The repository's public address lives in one place, ``project.env`` (REPO_URL, BINDER_BRANCH).
Binder links appear only when REPO_URL names a public GitHub repository (``https://github.com/OWNER/REPO``
with a real owner: mybinder.org cannot build a private one); while it is empty the table has no Binder
column and the Binder section says how to turn the links on. A placeholder or a non-GitHub address is refused.
Each notebook's line in the table is its one-line description from ``companion.widgets.start.GAMES``
(the start page's list) or ``ALL_GAMES``, so the README and the start page say the same thing.
App notebooks (``score_a_table_game``, ``scoreboard``) also get a Voila link.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
APPS = ("score_a_table_game", "scoreboard")
PLACEHOLDERS = {"owner", "user", "username", "your-name", "yourname", "example", "org"}
NO_BINDER = ("No public repository is named in `project.env` yet, so there are no Binder links. Once the "
             "repository is public on GitHub, set `REPO_URL` there and run `make links`.")


def settings() -> dict[str, str]:
    values = {}
    for line in (ROOT / "project.env").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip()
    return values


def public_repo(cfg: dict[str, str]) -> str | None:
    """``owner/repo`` of the public GitHub repository named by REPO_URL, or ``None`` when it is empty.

    Raises
    ------
    SystemExit
        When REPO_URL is set but is not ``https://github.com/OWNER/REPO`` or its owner is a placeholder.
    """
    url = cfg.get("REPO_URL", "").strip().rstrip("/")
    if not url:
        return None
    match = re.fullmatch(r"https://github\.com/([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)/([A-Za-z0-9._-]+?)(?:\.git)?",
                         url)
    if not match or match.group(1).lower() in PLACEHOLDERS:
        raise SystemExit(f"project.env: REPO_URL={url!r} is not a public GitHub repository address "
                         "(https://github.com/OWNER/REPO with the real owner); leave it empty for no Binder links")
    return f"{match.group(1)}/{match.group(2)}"


def notebooks() -> list[Path]:
    found = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    return [p for p in found if ".ipynb_checkpoints" not in p.parts and "zh_CN" not in p.parts]  # zh_CN: the Chinese editions


def describe(path: Path) -> str:
    sys.path.insert(0, str(ROOT))
    from companion.widgets.start import ALL_GAMES, GAMES

    rel = path.relative_to(ROOT / "notebooks").as_posix()
    if rel == "00_start_here.ipynb":
        return "**Start here** — what the project offers, a link to every notebook, a small live widget"
    for nb, line in ALL_GAMES:
        if nb == rel:
            return f"**Every game** — {line}"
    for game in GAMES:
        for nb, line in game.notebooks:
            if nb == rel:
                return f"**{game.name}** — {line}"
    raise SystemExit(f"{rel} is not listed in companion/widgets/start.py GAMES: add it there")


def binder_base(owner_repo: str, cfg: dict[str, str]) -> str:
    return f"https://mybinder.org/v2/gh/{owner_repo}/{cfg.get('BINDER_BRANCH', 'main') or 'main'}"


def render(cfg: dict[str, str] | None = None) -> tuple[str, str]:
    """The notebook table and the Binder section for the settings ``cfg`` (default: ``project.env``)."""
    cfg = settings() if cfg is None else cfg
    repo = public_repo(cfg)
    base = binder_base(repo, cfg) if repo else None
    rows = (["| notebook | what it does | Binder |", "| --- | --- | --- |"] if base
            else ["| notebook | what it does |", "| --- | --- |"])
    links = []
    for nb in notebooks():
        rel = nb.relative_to(ROOT).as_posix()
        row = f"| [`{nb.relative_to(ROOT / 'notebooks').as_posix()}`]({rel}) | {describe(nb)} |"
        if base:
            cell = f"[JupyterLab]({base}?labpath={quote(rel, safe='')})"
            if nb.stem in APPS:
                voila = f"{base}?urlpath={quote('voila/render/' + rel, safe='/')}"
                cell += f" · [app]({voila})"
                links.append(f"- App, {rel}: {voila}")
            row += f" {cell} |"
        rows.append(row)
    if base:
        links.insert(0, f"- JupyterLab, start page: {base}?labpath={quote('notebooks/00_start_here.ipynb', safe='')}")
    else:
        links = [NO_BINDER]
    return "\n".join(rows), "\n".join(links)


def rewrite(text: str) -> str:
    table, links = render()
    text = re.sub(r"(<!-- notebooks:start -->\n).*?(\n<!-- notebooks:end -->)",
                  lambda m: m.group(1) + table + m.group(2), text, flags=re.S)
    text = re.sub(r"(<!-- binder:start -->\n).*?(\n<!-- binder:end -->)",
                  lambda m: m.group(1) + links + m.group(2), text, flags=re.S)
    return text


def main(argv: list[str]) -> int:
    from companion.i18n import using_language

    readme = ROOT / "README.md"
    old = readme.read_text(encoding="utf-8")
    with using_language("en"):  # the README is English whatever the machine's locale
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
