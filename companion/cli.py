"""The ``companion`` command: one group of sub-commands per game.

    companion --help
    companion --version
    companion tm ...        Terra Mystica (map, balance, score, auction, replay, simulate, hint, review, export)
    companion century ...   Century: Golem Edition (score, simulate, replay, hint, review)
    companion magick ...    Merchants of Magick (score, odds, check-sheet, replay, simulate, hint, review)
    companion history ...   the saved games (list, export, import)

Start-up (issue 13): a command loads only what it uses. The game groups are listed in :data:`GROUPS`
and imported the first time one of them is invoked (``companion tm map`` never imports Century or
Merchants of Magick code), and each command imports its implementation inside its function. Help is
formatted by typer's plain (click) formatter, not rich, which would cost about 90 ms of imports on every
``--help``. Groups added the usual way (``app.add_typer(...)``) keep working; they are simply loaded eagerly.
"""

from __future__ import annotations

import importlib

import typer
from typer.core import TyperGroup

from companion import __version__
from companion.cli_help import plain_help
from companion.cli_support import localize_typer
from companion.i18n import N_, lazy_gettext
from companion.i18n import gettext as _

__all__ = ["app", "GROUPS"]

GROUPS: dict[str, tuple[str, object]] = {
    "tm": ("companion.terra_mystica.cli", lazy_gettext("Terra Mystica: maps and their balance, scoring, auction, replay, bot games, hint and review.")),
    "century": ("companion.century.cli", lazy_gettext("Century: Golem Edition: scoring, simulation, replay, hint and review.")),
    "magick": ("companion.magick.cli", lazy_gettext("Merchants of Magick: scoring, dice odds, sheets, replay, bot games, hint and review.")),
    "history": ("companion.history_cli", lazy_gettext("The game history: list, export and import saved games.")),
}
"""Lazily loaded groups: name -> (module holding a ``typer.Typer`` called ``app``, one-line help, translated
when shown)."""

# The words typer's own help and usage errors use, marked here so that extraction finds them; typer looks them
# up through the catalog once :func:`companion.cli_support.localize_typer` has run (at the import of cli_support).
_TYPER_WORDS = (
    N_("Options"), N_("Arguments"), N_("Commands"), N_("required"), N_("default: {default}"),
    N_("env var: {var}"), N_("(dynamic)"), N_("Aborted!"), N_("Missing command."), N_("No such command {name!r}."),
)


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


_TRUE = frozenset({"1", "true", "t", "yes", "y", "on"})
_FALSE = frozenset({"0", "false", "f", "no", "n", "off", ""})


def _fast_runtime_param(param):
    """A plain-Python coercer for a ``str``, ``int``, ``bool`` or ``list[str]`` parameter, or None to keep typer's.

    typer >= 0.2x coerces every parameter value through a pydantic ``TypeAdapter``: importing pydantic and
    building the adapters costs about 80 ms of CPU on every command, more than the rest of a ``companion``
    command's start-up. Plain parameters (no parser, no bounds, no file type) need none of it.
    Only typer's coercion hook is replaced; parsing, callbacks and error reporting stay typer's. With a
    typer without that hook (older or newer) nothing changes.
    """
    try:
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:  # another typer: keep its coercion
        return None
    desc = getattr(param, "type_descriptor", None)
    if desc is None or not hasattr(param, "_runtime_param"):
        return None
    many = param.nargs == -1 or param.multiple
    if many != (desc.annotation == list[str]) or (not many and param.nargs != 1):
        return None
    info = desc.parameter_info
    if (desc.annotation not in (str, int, bool, list[str]) or desc.file_annotation is not None
            or getattr(info, "parser", None)):
        return None
    if getattr(info, "min", None) is not None or getattr(info, "max", None) is not None:
        return None

    class _Plain(RuntimeParam):
        def _coerce_value(self, value, param, ctx):
            if self.annotation is str:
                return _text(value)
            if self.annotation == list[str]:
                return [_text(v) for v in value]
            if self.annotation is bool:
                if isinstance(value, bool):
                    return value
                word = str(value).strip().lower()
                if word in _TRUE or word in _FALSE:
                    return word in _TRUE
                raise BadParameter(_("{value!r} is not a valid boolean.").format(value=value), ctx=ctx, param=param)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            try:
                return int(str(value).strip())
            except ValueError:
                raise BadParameter(_("{value!r} is not a whole number.").format(value=value), ctx=ctx,
                                   param=param) from None

    return _Plain(parameter_info=info, annotation=desc.annotation)


def _fast_params(command, ctx=None) -> None:
    """Give ``command``'s simple parameters (and its ``--help`` option, built and cached here from ``ctx``)
    the plain coercer of :func:`_fast_runtime_param`."""
    params = list(getattr(command, "params", ()))
    if ctx is not None and hasattr(command, "get_help_option"):
        params.append(_help_option(command.get_help_option(ctx)))
    for param in params:
        if param is not None and getattr(param, "_runtime_param", True) is None:
            fast = _fast_runtime_param(param)
            if fast is not None:
                param._runtime_param = fast


def _plain(command, ctx) -> None:
    """Use click's plain help and error formatting (no rich import) for ``command`` and its sub-commands,
    and plain-Python coercion for its simple parameters (see :func:`_fast_runtime_param`)."""
    command.rich_markup_mode = None
    _fast_params(command, ctx)
    plain_help(command)
    for sub in getattr(command, "commands", {}).values():
        _plain(sub, ctx)


def _load_group(name: str, ctx):
    """Import group ``name``'s module and build its click group (help text from :data:`GROUPS`)."""
    module_name, help_text = GROUPS[name]
    sub_app = importlib.import_module(module_name).app
    group = typer.main.get_group(sub_app)
    group.name = name
    group.help = str(help_text)
    group.short_help = str(help_text)
    _plain(group, ctx)
    return group


def _help_option(option):
    """``--help``'s own help line, translated when shown."""
    if option is not None:
        option.help = lazy_gettext("Show this message and exit.")
    return option


class LazyGroup(TyperGroup):
    """A typer group whose game groups (:data:`GROUPS`) are imported only when invoked."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        _fast_params(self)

    def get_help_option(self, ctx):
        option = _help_option(super().get_help_option(ctx))
        if option is not None and getattr(option, "_runtime_param", True) is None:
            option._runtime_param = _fast_runtime_param(option)
        return option

    def list_commands(self, ctx) -> list[str]:
        return [*GROUPS, *(n for n in super().list_commands(ctx) if n not in GROUPS)]

    def get_command(self, ctx, cmd_name: str):
        if cmd_name not in self.commands and cmd_name in GROUPS:
            self.commands[cmd_name] = _load_group(cmd_name, ctx)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx, formatter) -> None:
        """List the groups from :data:`GROUPS` without importing them (plus any eagerly added command)."""
        rows = []
        for name in self.list_commands(ctx):
            if name in GROUPS and name not in self.commands:
                rows.append((name, str(GROUPS[name][1])))
                continue
            cmd = self.commands.get(name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(formatter.width - 6 - len(name))))
        if rows:
            with formatter.section(_("Commands")):
                formatter.write_dl(rows)


app = typer.Typer(
    cls=LazyGroup,
    help=lazy_gettext("Learn, play and score Century: Golem Edition, Merchants of Magick and Terra Mystica."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


localize_typer()


def _version(value: bool) -> None:
    if value:
        typer.echo(f"companion {__version__}")
        raise typer.Exit()


def _lang(value: str | None) -> str | None:
    from companion.i18n import cli_lang_callback

    return cli_lang_callback(value)


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help=lazy_gettext("Print the version and exit.")),
    lang: str = typer.Option(None, "--lang", is_eager=True, callback=_lang, metavar="LANG",
                             help=lazy_gettext("Language of messages and help: en or zh_CN (default: "
                                               "COMPANION_LANG, then the system locale).")),
) -> None:
    """Learn, play and score Century: Golem Edition, Merchants of Magick and Terra Mystica."""


# click's usage errors (typer's copy of click writes them in English, without gettext): the English text of each,
# as a pattern, and the catalog's message for it. Matched on the whole message; anything else is shown as it is.
_USAGE_MESSAGES = [
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Missing parameter:? (?P<name>.+?)\.?", N_("Missing parameter {name}.")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)",
     N_("No such option: {name} (possible options: {options})")),
    (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)", N_("Got unexpected extra argument(s) ({args})")),
    (r"Option (?P<name>.+) requires an argument\.", N_("Option {name} requires an argument.")),
    (r"Option (?P<name>.+) requires (?P<n>\d+) arguments\.", N_("Option {name} requires {n} arguments.")),
    (r"Option (?P<name>.+) does not take a value\.", N_("Option {name} does not take a value.")),
    (r"Argument (?P<name>.+) takes (?P<n>\d+) values\.", N_("Argument {name} takes {n} values.")),
    (r"Invalid value for (?P<name>.+?): (?P<reason>.+)", N_("Invalid value for {name}: {reason}")),
    (r"Invalid value: (?P<reason>.+)", N_("Invalid value: {reason}")),
    (r"Value must be an iterable\.", N_("Value must be an iterable.")),
    (r"Choose from:\s+(?P<choices>.+)", N_("Choose from: {choices}")),
]


def _edits(a: str, b: str) -> int:
    """Edits (a letter added, dropped, changed, or two side by side swapped) that turn ``a`` into ``b``.

    Examples
    --------
    >>> _edits("bot", "bots"), _edits("playres", "players"), _edits("bogus", "bots")
    (1, 1, 2)
    """
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def close_options(name: str, options: list[str]) -> list[str]:
    """The options ``name`` (an unknown option as typed) was probably meant to be: a slip of one letter (two in
    a name of 8 letters or more), dashes not counted. click's own guess (difflib, the dashes counted) offered
    ``--bots`` for ``--bogus``. The first word of an option counts as its name too (``--recrod`` for
    ``--record-dir``).

    Examples
    --------
    >>> close_options("--bot", ["--players", "--bots", "--seed"]), close_options("--bogus", ["--bots", "--seed"])
    (['--bots'], [])
    """
    typed = name.lstrip("-")
    allowed = 1 if len(typed) < 8 else 2
    # an option's whole name, or its first word ("--recrod" is a slip of "--record-dir")
    return [o for o in options if min(_edits(typed, o.lstrip("-")), _edits(typed, o.lstrip("-").split("-")[0]))
            <= allowed]


def _unknown_option(exc) -> str | None:
    """An unknown option said with the options it may have been meant as, else with every option of the
    command (None when ``exc`` is no unknown option of a known command)."""
    name = getattr(exc, "option_name", None)
    command = exc.ctx.command if exc.ctx is not None else None
    if not name or command is None or not name.startswith("-"):
        return None
    options = []
    for param in command.get_params(exc.ctx):
        for opt in (*param.opts, *getattr(param, "secondary_opts", ())):
            if opt.startswith("-") and opt not in options:
                options.append(opt)
    close = close_options(name, options)
    if close:
        return _("No such option: {name}; did you mean {options}?").format(name=name, options=_(" or ").join(close))
    return _("No such option: {name}; the options are {options}").format(name=name, options=", ".join(options))


def usage_message(exc) -> str:
    """A command-line usage error (click's ``UsageError``) in the current language.

    typer's copy of click builds its messages in English (``Missing argument 'FILE'.``, ``No such option: --x``,
    ``Invalid value for '--games': ...``, ``Got unexpected extra argument(s) (b c)``); each known form is
    recognised in :data:`_USAGE_MESSAGES` and said with the catalog's sentence (the names and values it quotes
    stay as typed). A reason inside ``Invalid value for ...:`` is translated the same way, and is kept as it is
    when it is already the package's own (translated) message. English output is click's own text.

    Parameters
    ----------
    exc : click.exceptions.UsageError
        The error click raised.

    Returns
    -------
    str
        One line (click's "Choose from" list is joined with commas).
    """
    import re

    def say(text: str) -> str:
        text = text.strip()
        head, sep, tail = text.partition(". Choose from:")
        if sep:  # a missing choice: "Missing option '--x'. Choose from:\n\ta,\n\tb"
            return say(head + ".") + " " + say("Choose from:" + tail)
        for pattern, template in _USAGE_MESSAGES:
            m = re.fullmatch(pattern, text, flags=re.S)
            if m:
                fields = m.groupdict()
                if "reason" in fields:
                    fields["reason"] = say(fields["reason"])
                if "choices" in fields:
                    fields["choices"] = ", ".join(c.strip(" \t,") for c in fields["choices"].splitlines())
                return _(template).format(**fields)
        return text

    return _unknown_option(exc) or say(exc.format_message())


def run(argv: list[str] | None = None) -> None:
    """The console entry point: ``--lang`` applied before the commands are built, and every usage error
    (an unknown option, a missing argument) on one line with exit status 2, like bad input.

    Exit status: 0 success, 1 a replay difference, 2 bad input or usage (see :mod:`companion.cli_support`).
    """
    import sys

    try:  # typer >= 0.2x carries its own click
        from typer._click.exceptions import ClickException, UsageError
    except ImportError:  # pragma: no cover - an older typer on click
        from click.exceptions import ClickException, UsageError

    from companion.errors import CompanionError

    args = list(sys.argv if argv is None else argv)
    try:
        from companion.i18n import install_cli_language

        install_cli_language(args)
    except CompanionError as exc:  # an unsupported --lang or COMPANION_LANG: said in a language that works
        from companion.i18n import translations, working_language

        typer.echo(translations(working_language()).gettext("error: {message}").format(message=exc), err=True)
        sys.exit(2)
    try:
        rv = app(args=args[1:], prog_name="companion", standalone_mode=False)
    except UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "companion"
        typer.echo(_("error: {message} (see '{command} --help')").format(message=usage_message(exc),
                                                                          command=where), err=True)
        sys.exit(2)
    except ClickException as exc:
        typer.echo(_("error: {message}").format(message=exc.format_message()), err=True)
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.exit(130)
    sys.exit(rv if isinstance(rv, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    run()
