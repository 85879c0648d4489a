"""Help in plain words: ``FILE``, ``--games NUMBER``, not typer's ``{file}``, ``file <str>``, ``--games <int>``.

typer (0.2x) writes a command's help in programmer notation: a required argument as ``{file}`` in the usage
line, an argument as ``file <str>`` and a list as ``FILE <list[str]>`` in the Arguments section, an option's
value as ``<int>`` or ``<str>``; it has no setting for anything else. :func:`plain_help` gives the parameters
of a command the notation of the classic Unix help (click's): arguments in capitals, ``[FILE]`` when
optional, ``FILE...`` when several are taken; an option's value named by a word (``NUMBER``, ``TEXT``,
``PATH``) or its choices (``a|b``). A parameter given its own ``metavar`` keeps it. Only the help changes:
parsing, values and error messages are typer's.

Examples
--------
>>> import typer
>>> demo = typer.Typer(rich_markup_mode=None)
>>> @demo.command()
... def main(files: list[str] = typer.Argument(...), games: int = typer.Option(1, help="How many.")) -> None:
...     pass
>>> command = typer.main.get_command(demo)
>>> plain_help(command)
>>> text = command.get_help(command.make_context("demo", [], resilient_parsing=True))
>>> "[OPTIONS] FILES..." in text, "FILES...  " in text, "--games NUMBER" in text, "<" in text
(True, True, True, False)
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperOption

__all__ = ["plain_help"]

#: The word shown for a value of each Python type typer names.
_WORDS = {"int": "NUMBER", "float": "NUMBER", "str": "TEXT", "Path": "PATH", "bool": "BOOLEAN",
          "datetime": "DATE"}


def _word(label: str) -> str:
    """``"int"`` -> ``"NUMBER"``; ``"list[str]"`` -> ``"TEXT..."``; choices (``"a|b"``) stay as they are."""
    if label.startswith("list[") and label.endswith("]"):
        return _word(label[5:-1]) + "..."
    return _WORDS.get(label, label)


class _PlainArgument(TyperArgument):
    """An argument shown as ``FILE`` (``[FILE]`` when optional, ``FILE...`` when it takes several)."""

    def _plain_name(self) -> str:
        return (self.metavar or self.name or "").upper() + ("..." if self.nargs != 1 else "")

    def _usage_display_name(self) -> str:
        return self._plain_name() if self.required else f"[{self._plain_name()}]"

    def get_help_record(self, ctx: Any) -> tuple[str, str] | None:
        record = super().get_help_record(ctx)
        return None if record is None else (self._plain_name(), record[1])


class _PlainOption(TyperOption):
    """An option whose value is named by a word (``--games NUMBER``) or its choices."""

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.metavar is not None:
            return self.metavar
        shown = self.display_type(ctx)
        if shown is None:
            return None
        word = _word(str(shown).strip("<>"))
        return word + "..." if self.nargs != 1 else word


def plain_help(command: Any) -> None:
    """Show the parameters of ``command`` (a click command or group, built by typer) and of its sub-commands in
    plain words (see the module's description). Changes the parameters in place; returns None."""
    for param in getattr(command, "params", ()):
        if type(param) is TyperArgument:
            param.__class__ = _PlainArgument
        elif type(param) is TyperOption:
            param.__class__ = _PlainOption
    for sub in getattr(command, "commands", {}).values():
        plain_help(sub)
