"""git merge driver for gettext catalogs: the union of both sides' entries (no conflict markers).

Parallel branches each add their own messages to ``companion.po``; a line-based merge turns that
into conflicts although the entries never clash. Configured in ``.gitattributes`` (``*.po
merge=po-union``) and, once per clone, with::

    git config merge.po-union.driver "python3 tools/po_union.py %O %A %B"

An entry present on both sides is merged three-way against the ancestor (``%O``): a translation
that only "theirs" changed wins; otherwise "ours" (``%A``) is kept unless it is untranslated or fuzzy
and theirs is not. Locations are united. Obsolete entries are dropped. Run ``make i18n`` after a
merge: it re-extracts, drops what the code no longer marks, and recompiles the ``.mo`` files.
Needs Babel (in the project's venv; falls back to ``.venv/bin/python`` when run by system Python).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

try:
    from babel.messages.pofile import read_po, write_po
except ImportError:  # run by a Python without Babel: re-run with the project's venv
    venv = ROOT / ".venv" / "bin" / "python"
    if venv.exists() and not os.environ.get("PO_UNION_REEXEC"):
        os.environ["PO_UNION_REEXEC"] = "1"
        os.execv(str(venv), [str(venv), __file__, *sys.argv[1:]])
    raise


def _read(path: str):
    with open(path, "rb") as fh:
        return read_po(fh)


def _done(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings) and not message.fuzzy


def main(base: str, ours: str, theirs: str) -> int:
    mine, other = _read(ours), _read(theirs)
    try:
        ancestor = _read(base)
    except (OSError, ValueError):  # no common ancestor (a file added on both sides)
        ancestor = None
    for message in other:
        if not message.id:
            continue
        key = (message.id, message.context)
        current = mine.get(message.id, message.context)
        if current is None:
            mine[message.id] = message
            if message.context:
                mine.get(message.id, message.context)
        else:
            old = ancestor.get(message.id, message.context) if ancestor is not None else None
            # a translation one side changed wins over the side that kept the ancestor's (3-way per entry)
            ours_kept = old is not None and current.string == old.string and current.fuzzy == old.fuzzy
            if _done(message) and (not _done(current) or (ours_kept and message.string != current.string)):
                current.string = message.string
                current.flags = set(message.flags)
            for loc in message.locations:
                if loc not in current.locations:
                    current.locations.append(loc)
        del key
    mine.obsolete.clear()
    with open(ours, "wb") as fh:
        write_po(fh, mine, sort_output=True)  # default width, as `make i18n` writes it
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
