"""`companion tm replay`: replay a ledger export or command log and compare every row (issue 5).

Exit codes: 0 nothing differs (or a command log replayed to the end), 1 a difference, 2 input that
cannot be read (message on stderr naming the line). An illegal command in a command log is input the
rules refuse: exit 2 with the line and the rule. In a ledger it is a difference (exit 1).
"""

from __future__ import annotations

from pathlib import Path

import typer

from companion.cli_support import EXIT_DIFFERENCE, bad_input_exits_2, print_json, read_input_text
from companion.errors import CompanionError


def _board(map_file: str | None):
    from companion.terra_mystica.engine.board import base_board, board_tables
    from companion.terra_mystica.hexmap import load_shipped_map, parse_map, shipped_maps

    if map_file is None:
        return base_board()
    if not Path(map_file).exists() and map_file in {m.get("key") for m in shipped_maps()}:
        return board_tables(load_shipped_map(map_file))
    return board_tables(parse_map(read_input_text(map_file)))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `companion tm` group."""

    @app.command("replay")
    def replay_cmd(
        file: str = typer.Argument(..., help="Ledger export or command log ('-' for stdin)."),
        as_json: bool = typer.Option(False, "--json", help="Print the JSON report."),
        keep_going: bool = typer.Option(False, "--keep-going", help="List every difference, not just the first."),
        map_file: str = typer.Option(None, "--map", help="Map file (letters or colour words) or a shipped "
                                                          "map name; default the base map."),
    ) -> None:
        """Replay FILE row by row and compare each row's totals with the engine's."""
        from companion.terra_mystica.engine.replay import read_record, replay

        with bad_input_exits_2():
            text = read_input_text(file)
            board = _board(map_file)
            record = read_record(text, file=None if file == "-" else file)
            try:
                result = replay(record, keep_going=keep_going, board=board)
            except CompanionError:
                raise
        doc = result.as_json()
        if as_json:
            print_json(doc)
        else:
            typer.echo(f"rows checked: {doc['rows_checked']}, differences: {len(doc['mismatches'])}")
            for m in doc["mismatches"]:
                typer.echo(f"line {m['line']} {m['faction']} ({m['row']}): {m['field']} expected "
                           f"{m['expected']}, engine {m['actual']}")
            typer.echo("final VP: " + ", ".join(f"{k} {v}" for k, v in doc["final_vp"].items()))
        if doc["mismatches"]:
            raise typer.Exit(EXIT_DIFFERENCE)
