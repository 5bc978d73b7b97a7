"""``bohnen hansa``: Bohn Hansa's own commands (checking a board file, playing on it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from bohnen.hansa.board import load_board

hansa_app = typer.Typer(
    name="hansa",
    help="Bohn Hansa: check a board file; simulate games on a board.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@hansa_app.command("check-board")
def check_board_command(
    file: Annotated[Path, typer.Argument(help="A board file (docs/hansa-board.md).",
                                         metavar="FILE")],
) -> None:
    """Check a board file; every fault is named with its place (exit 2 if any)."""
    board = load_board(file)  # BoardError (a ValueError) lists every fault on one line
    routes = sum(len(n) for n in board.neighbours) // 2
    label = " (a reconstruction, not the printed board)" if board.reconstruction else ""
    typer.echo(f"{file}: board {board.name!r} OK{label}: {board.cities} cities, "
                    f"{routes} routes, {len(board.contracts)} contracts, "
                    f"{len(board.harvests)} Neue-Ernte cards, {sum(board.tokens)} beans; "
                    f"digest {board.digest[:12]}")


@hansa_app.command("simulate")
def simulate_on_board_command(
    board: Annotated[Path, typer.Option("--board", help="The board file to play on.",
                                        metavar="FILE")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the series.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    record: Annotated[Path | None, typer.Option(
        "--record", help="Save each game's record as DIR/hansa-<index>.json.",
        metavar="DIR")] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", help="Bot specs, one per seat or one for all.", metavar="A,B,C")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", help="Local worker processes (1: play in this process).")] = 1,
) -> None:
    """`bohnen simulate hansa -o board=FILE`, with the board given as --board FILE."""
    from bohnen.cli.simulate import simulate_command

    load_board(board)  # a bad board: every fault on one line
    simulate_command("hansa", players, games, seed, as_json, record, bots,
                     [f"board={board_option(board)}"], workers)


def board_option(board: Path) -> str:
    """The ``board`` option for ``--board``: ``default`` (the default board, as
    `check-board default` reads it), else the file's absolute path, so that records
    replay from any folder."""
    return "default" if str(board) == "default" else os.path.realpath(board)
