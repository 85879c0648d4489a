"""`companion tm score FILE` and `companion tm auction FILE`: final scoring and the fast auction.

``tm score FILE [--json] [--save]``
    FILE (or ``-`` for stdin) holds ``{"players": [{"name": "Ann", "faction": "mermaids", "vp": 107, "cults": {"fire": 8,
    "water": 5, "earth": 8, "air": 8}, "network": 12, "coins": 0, "workers": 0, "priests": 0,
    "power": [4, 1, 1]}, ...]}`` (optional: ``"extra_category"`` naming a Fire & Ice final-scoring tile,
    with ``"extra"`` per player). ``--json`` prints ``{"players": [{"faction", "final_vp", "cult_vp": {"fire",
    "water", "earth", "air"}, "network_vp", "resource_vp"}, ...], "winners": [faction, ...]}``.
``tm auction FILE [--json]``
    FILE holds ``{"factions": [...nomination order...], "players": [...bidding order...], "max_bids":
    {player: {faction: bid}}, "seed": 1}``. ``--json`` prints ``{"assignments": [{"player", "faction",
    "price"}], "turn_order": [...], "steps": [...]}``.

Bad files exit with status 2 and a message naming the file and the field (``players[1].cults.fire``).
"""

from __future__ import annotations

from typing import Any

import typer

from companion.cli_support import EXIT_BAD_INPUT, bad_input_exits_2, pad, print_json, read_input_json
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext, ngettext, pgettext

__all__ = ["register", "score_document", "auction_document"]


def score_document(doc: Any, *, file: str | None = None) -> dict[str, Any]:
    """The ``tm score --json`` output for an input document (raises ``CompanionError`` naming the field).

    The table is checked by :func:`companion.terra_mystica.scoring.validate_table` (2-5 players, ranges,
    unknown keys, one faction per colour, one player on each 10).
    """
    from companion.terra_mystica.scoring import validate_table

    return validate_table(doc, file=file).score().as_json()


def auction_document(doc: Any, *, file: str | None = None) -> dict[str, Any]:
    """The ``tm auction --json`` output for an input document (raises ``CompanionError`` naming the field)."""
    from companion.terra_mystica.auction import auction_from_json, resolve_auction

    return resolve_auction(**auction_from_json(doc, file=file)).as_json()


def _report_table_problems(exc: Any, file: str, as_json: bool) -> None:
    """Every problem of a score table, one line each (``FILE:players[1].faction: ...``) on stderr, and with
    ``--json`` also one object ``{"error": ..., "problems": [{"key_path", "player", "message"}, ...]}`` on stdout;
    exits with status 2."""
    problems = exc.problems
    if as_json:
        print_json({"error": ngettext("{n} problem in the score table", "{n} problems in the score table",
                                      len(problems)).format(n=len(problems)),
                    "file": file,
                    "problems": [{"key_path": p.key_path, "player": p.name, "message": p.message} for p in problems]})
    for k, p in enumerate(problems):  # the first line as every other error, the rest indented under it
        line = f"{file}:{p.key_path}: {p.message}"
        typer.echo(_("error: {message}").format(message=line) if k == 0 else "  " + line, err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


def register(app: typer.Typer) -> None:
    """Add ``tm score`` and ``tm auction`` to the `companion tm` group."""

    @app.command("score", help=lazy_gettext(
        "Final scoring: network 18/12/6, cult tracks 8/4/2 (ties pooled, rounded down), resources to VP.\n\n"
        "FILE is one JSON object: {\"players\": [{\"name\": \"Ann\", \"faction\": \"witches\", \"vp\": 90, "
        "\"cults\": {\"fire\": 3, \"water\": 0, \"earth\": 5, \"air\": 1}, \"network\": 9, \"coins\": 4, "
        "\"workers\": 1, \"priests\": 0, \"power\": [2, 5, 0]}, ...]} (name, faction, vp, cults and network are "
        "required; coins, workers, priests, power left out are 0). Every problem of the table is listed. The format is described in the README, section \"Score table files\"."))
    def score_command(
        file: str = typer.Argument(..., help=lazy_gettext("JSON file with the players' end-of-game positions; "
                                                          "'-' reads stdin.")),
        as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print one JSON object.")),
        save: bool = typer.Option(False, "--save", help=lazy_gettext("Also add the game to the game history.")),
    ) -> None:
        """Final scoring: network 18/12/6, cult tracks 8/4/2 (ties pooled, rounded down), resources to VP.

        FILE is one JSON object: {"players": [{"name": "Ann", "faction": "witches", "vp": 90, "cults":
        {"fire": 3, "water": 0, "earth": 5, "air": 1}, "network": 9, "coins": 4, "workers": 1, "priests": 0,
        "power": [2, 5, 0]}, ...]} (name, faction, vp, cults and network are required; coins, workers,
        priests, power left out are 0). Every problem of the table is listed. The format is described in the README, section "Score table files".
        """
        from companion.terra_mystica.factions import faction_label
        from companion.terra_mystica.scoring import validate_table
        from companion.validation import TableError

        with bad_input_exits_2():
            doc = read_input_json(file)
            try:
                scored = validate_table(doc, file=file).score()
            except TableError as exc:
                _report_table_problems(exc, file, as_json)
            if save:
                from companion.history_cli import save_to_history

                save_to_history("terra_mystica", doc)
        result = scored.as_json()
        if as_json:
            print_json(result)
            return
        heads = (_("fire"), _("water"), _("earth"), _("air"), pgettext("score table column", "network"),
                 _("resources"), _("final"))
        widths = (5, 6, 6, 5, 8, 10, 7)
        typer.echo(pad(_("faction"), 16) + "".join(" " + pad(h, w - 1, ">")
                                                   for h, w in zip(heads, widths, strict=True)))
        for p in result["players"]:
            c = p["cult_vp"]
            typer.echo(f"{pad(faction_label(p['faction']), 16)}{c['fire']:>5}{c['water']:>6}{c['earth']:>6}{c['air']:>5}"
                       f"{p['network_vp']:>8}{p['resource_vp']:>10}{p['final_vp']:>7}")
        # the player and the faction, as the score app names them ("Cleo (Mermaids)")
        winners = [_("{player} ({faction})").format(player=p.name, faction=faction_label(p.faction))
                   for p in scored.players if p.faction in scored.winners]
        typer.echo(ngettext("winner: {winners}", "winners: {winners}", len(winners))
                   .format(winners=_(" and ").join(winners)))

    @app.command("auction", help=lazy_gettext("Fast auction: resolve maximum bids into factions, prices (VP) and "
                                              "turn order."))
    def auction_command(
        file: str = typer.Argument(..., help=lazy_gettext("JSON file with factions, players, max_bids, seed; "
                                                          "'-' reads stdin.")),
        as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print one JSON object.")),
    ) -> None:
        """Fast auction: resolve maximum bids into factions, prices (VP) and turn order."""
        from companion.terra_mystica.factions import faction_label

        with bad_input_exits_2():
            result = auction_document(read_input_json(file), file=file)
        if as_json:
            print_json(result)
            return
        for s in result["steps"]:
            typer.echo(f"{s['step']:>3}. {s['text']}")
        typer.echo("")
        for i, a in enumerate(result["assignments"], start=1):
            you = a["player"].strip().casefold() in ("you", _("you").casefold())  # "You play", "Alice plays"
            text = (_("{i}. You play {faction} for {price} VP") if you
                    else _("{i}. {player} plays {faction} for {price} VP"))
            typer.echo(text.format(i=i, player=a["player"], faction=faction_label(a["faction"]), price=a["price"]))
