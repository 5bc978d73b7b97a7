"""``bohnen simulate``: a seeded series of bot games, summed up in a table or JSON."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from bohnen.cli.game_options import build_options
from bohnen.cli.seats import make_bots, seat_specs
from bohnen.cli.tables import seats_table, totals_table
from bohnen.core import get_game
from bohnen.core.bots import AnyBot
from bohnen.core.game import AnyGame
from bohnen.core.protocol import JSONObject, Options
from bohnen.sim.ratings import wilson_interval
from bohnen.sim.runner import Played, Summary, simulate
from bohnen.sim.series import simulate_parallel


@dataclass(frozen=True, slots=True)
class Setup:
    """What a simulation plays: the game, its options, the bots (and their specs), the
    seeds, and the worker processes that play it."""

    game: AnyGame
    options: Options
    bots: list[AnyBot]
    seed: int
    games: int
    specs: tuple[str, ...] = ()
    workers: int = 1


def make_setup(game_name: str, players: int, games: int, seed: int,
               bots: str | None = None, options: list[str] | None = None,
               workers: int = 1) -> Setup:
    """A checked setup; ``ValueError`` naming the first bad argument."""
    game = get_game(game_name)
    if games < 0:
        raise ValueError(f"--games must be 0 or more, not {games}")
    if workers < 1:
        raise ValueError(f"--workers must be 1 or more, not {workers}")
    game_options = build_options(game, players, options or ())
    specs = tuple(seat_specs(bots, game_options.players))
    return Setup(game, game_options, make_bots(bots, players, game), seed, games, specs,
                 workers)


def record_writer(directory: Path, game: AnyGame) -> Callable[[Played], None]:
    """A callback saving game ``i`` of a series as ``directory/<game>-<i>.json``."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"--record {directory}: cannot make the directory "
                         f"({exc.strerror or exc})") from exc
    index = itertools.count()

    def write(played: Played) -> None:
        number = next(index)
        if played.record is not None:
            played.record.save(directory / f"{game.name}-{number}.json")

    return write


def run(setup: Setup, record_dir: Path | None = None, show_progress: bool = False) -> Summary:
    """Play the series; a progress bar on stderr if asked, records saved if asked."""
    writer = record_writer(record_dir, setup.game) if record_dir is not None else None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True,
                  disable=not show_progress) as progress:
        task = progress.add_task(f"{setup.game.name}", total=setup.games)

        def on_game(played: Played) -> None:
            if writer is not None:
                writer(played)
            progress.advance(task)

        # Notation is kept only when records are written: the fastest series otherwise.
        if setup.workers > 1:
            return simulate_parallel(
                setup.game, setup.options, setup.seed, setup.games, setup.specs,
                setup.workers, on_game=writer, record=writer is not None,
                on_finished=lambda count: progress.advance(task, count))
        callback = on_game if writer is not None or show_progress else None
        return simulate(setup.game, setup.options, setup.seed, setup.games, setup.bots,
                        on_game=callback, record=writer is not None)


def summary_json(setup: Setup, summary: Summary) -> JSONObject:
    """The runner's figures with what produced them: seed, bots and options; beside
    each seat's win share its 95% interval, as the tournament computes it."""
    data = summary.to_json()
    data["win_interval"] = win_intervals(summary)
    data["seed"] = setup.seed
    data["bots"] = [bot.name for bot in setup.bots]
    data["options"] = setup.options.to_json()
    return data


def win_intervals(summary: Summary) -> list[list[float]]:
    """Each seat's 95% interval of its win share (Wilson's, as in ``bohnen tournament``),
    its ends rounded as the share is; none without games."""
    if not summary.games:
        return []
    return [[round(end, 4) for end in wilson_interval(wins, summary.games)]
            for wins in summary.wins]


def simulate_command(
    game: Annotated[str, typer.Argument(help="The game to play (see `bohnen games`).",
                                         metavar="GAME")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of seats.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the series.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    record: Annotated[Path | None, typer.Option(
        "--record", help="Save each game's record as DIR/<game>-<index>.json.",
        metavar="DIR")] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", help="Bot specs, one per seat or one for all (see `bohnen bots`).",
        metavar="A,B,C")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable).",
        metavar="KEY=VALUE")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", help="Local worker processes (1: play in this process).")] = 1,
) -> None:
    """Play seeded games between bots; game i uses the seed derive(SEED, i)."""
    setup = make_setup(game, players, games, seed, bots, option, workers)
    show_progress = not as_json and Console(stderr=True).is_terminal
    data = summary_json(setup, run(setup, record, show_progress))
    if as_json:
        typer.echo(json.dumps(data))
        return
    console = Console()
    console.print(seats_table(data))
    console.print(totals_table(data))
