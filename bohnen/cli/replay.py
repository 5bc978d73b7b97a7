"""``bohnen replay``: replay a game record, check its result, print the final table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from bohnen.cli.tables import result_table
from bohnen.core import GameRecord, RecordError, get_game, replay


def replay_command(
    file: Annotated[Path, typer.Argument(help="A record written by `bohnen simulate --record`.",
                                         metavar="FILE")],
) -> None:
    """Replay a record action by action and check the result it stores."""
    try:
        record = GameRecord.load(file)
        state = replay(record)
    except ValueError as exc:  # RecordError and any other complaint about the record
        message = str(exc)
        raise RecordError(message if str(file) in message else f"{file}: {message}") from exc
    console = Console()
    moves = f"{record.game}: {len(record.actions)} actions, {state.turn} turns"
    if not state.is_over:
        console.print(f"{moves}; the game is not over")
        console.print("record OK (no result to check)")
        return
    result = state.result()
    console.print(moves)
    console.print(f"end: {result.reason}")
    console.print(result_table(result, get_game(record.game).score_name))
    checked = "result checked" if record.result is not None else "no stored result"
    console.print(f"record OK ({checked})")
