"""``bohnen replay``: replay a game record, check its result, print the final table; with
``--watch``, step through it in the replay viewer (:mod:`bohnen.tui.replay_screen`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from bohnen.cli.tables import result_table
from bohnen.core import GameRecord, RecordError, get_game, replay


def replay_command(
    file: Annotated[Path, typer.Argument(
        help="A record: written by `bohnen simulate --record`, saved by `bohnen play` (the "
        "s key) or downloaded from an online table.", metavar="FILE")],
    watch: Annotated[bool, typer.Option(
        "--watch", help="Step through the record full-screen: ←/→ a step, Home/End the "
        "first/last, a number and Enter that step, q quits.")] = False,
) -> None:
    """Replay a record, check the result it stores; --watch steps through it."""
    if watch:
        watch_record(file)
        return
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


def watch_record(file: Path) -> None:
    """The replay viewer over the record at ``file``, once it is opened and checked (a bad
    record is refused here, before the screen starts)."""
    from bohnen.tui.replay_board import check_viewable
    from bohnen.tui.replay_record import open_replay

    opened = open_replay(file)
    check_viewable(opened.game.name)
    from bohnen.tui.replay_screen import ReplayApp

    ReplayApp(opened).run()
