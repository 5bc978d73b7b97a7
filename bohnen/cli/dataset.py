"""``bohnen dataset``: games between bots written as Parquet for learning
(:mod:`bohnen.rl.dataset`; the ``rl`` extra)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from bohnen.cli.game_options import OptionValue, parse_assignment
from bohnen.core.files import excerpt
from bohnen.sim.ray_backend import CONNECT_SECONDS, check_timeout, connect, import_ray


def _rl_dataset() -> ModuleType:
    try:
        from bohnen.rl import dataset
    except ImportError as exc:
        raise ValueError(f"bohnen dataset needs the rl extra ({exc.name} is missing): "
                         "pip install 'bohnen[rl]'") from None
    return dataset


def _minari() -> ModuleType:
    try:
        import minari  # noqa: F401  (the rl extra)

        from bohnen.rl import minari_export
    except ImportError as exc:
        raise ValueError(f"--minari needs the rl extra ({exc.name} is missing): "
                         "pip install 'bohnen[rl]'") from None
    return minari_export


def dataset_command(
    game: Annotated[str, typer.Argument(help="The game (see `bohnen games`).",
                                         metavar="GAME")],
    bots: Annotated[str, typer.Option(
        "--bots", help="Bot specs, one per seat, in seat order (see `bohnen bots`).",
        metavar="A,B,C")],
    out: Annotated[Path, typer.Option(
        "--out", help="The folder of the dataset: dataset.json and Parquet files of "
        "many games each.", metavar="DIR")],
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the dataset.")] = 0,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", help="Local worker processes, each making one file at a time "
        "(1: play in this process).")] = 1,
    backend: Annotated[str, typer.Option(
        "--backend", help="Where the games are played: local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="Ray cluster address (default: start a local Ray instance).",
        metavar="ADDR")] = None,
    connect_timeout: Annotated[float, typer.Option(
        "--connect-timeout", help="Give up joining the Ray cluster after SECONDS.",
        metavar="SECONDS")] = CONNECT_SECONDS,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable).",
        metavar="KEY=VALUE")] = None,
    games_per_file: Annotated[int, typer.Option(
        "--games-per-file", help="Games in each Parquet file (one row group).")] = 100,
    minari: Annotated[str | None, typer.Option(
        "--minari", help="Export the dataset to Minari as NAME (e.g. bohnen/ndb/bots-v0), "
        "one episode per seat of each game, under $MINARI_DATASETS_PATH.",
        metavar="NAME")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Go on with the dataset cut short in --out DIR: the files "
        "written whole are kept, the rest are made.")] = False,
) -> None:
    """Games between bots written as Parquet rows, one per decision (for learning).

    Each row: the seat and its bot, the observation tensor, the action mask, the
    action's id, notation and JSON, the bot's policy where it has one, the reward, the
    terminated and truncated flags, the seat's next row, the options and the result."""
    check_timeout(connect_timeout)
    rl = _rl_dataset()
    specs = tuple(s.strip() for s in bots.split(","))
    if not all(specs):
        raise ValueError(f"--bots {excerpt(bots)}: an empty bot spec")
    if backend not in ("local", "ray"):
        raise ValueError(f"--backend must be local or ray, not {excerpt(backend)}")
    if workers < 1:
        raise ValueError(f"--workers must be 1 or more, not {workers}")
    options = _options(option or [])
    spec = rl.DatasetSpec(game, len(specs), specs, games, seed, options, games_per_file)
    spec.check()
    if minari is not None:
        _minari().check_name(minari)
    todo = rl.prepare(out, spec, resume)
    _make(rl, spec, out, todo, workers, backend, address, connect_timeout)
    played = sum(len(spec.games_of(part)) for part in todo)
    print(f"{spec.games} games of {game} in {out} ({spec.games - played} kept, "
          f"{played} played)")
    if minari is not None:
        exported = _minari().to_minari(out, minari)
        print(f"Minari dataset {exported.dataset_id}: {exported.episodes} episodes"
              + (f" ({exported.left_out} left out: an action beyond the caps)"
                 if exported.left_out else ""))


def _options(given: list[str]) -> tuple[tuple[str, OptionValue], ...]:
    """The ``--option key=value`` given, each once (the last wins); the players are
    those of ``--bots``."""
    for text in given:
        if text.partition("=")[0].strip().replace("-", "_") == "players":
            raise ValueError("--option players: the players are the bots of --bots, one "
                             "per seat")
    return tuple(dict(parse_assignment(text) for text in given).items())


def _make(rl: ModuleType, spec: Any, out: Path, todo: list[int], workers: int,
          backend: str, address: str | None, timeout: float) -> None:
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    console = Console(stderr=True)
    with Progress(*columns, console=console, transient=True,
                  disable=not console.is_terminal) as progress:
        total = sum(len(spec.games_of(part)) for part in todo)
        task = progress.add_task("dataset", total=total)

        def done(count: int) -> None:
            progress.advance(task, count)

        if backend == "local":
            rl.make_local(spec, out, todo, workers, done)
            return
        ray = import_ray()
        started = connect(ray, address, timeout)
        try:
            rl.make_on_ray(spec, out, todo, ray, done)
        finally:
            if started:
                ray.shutdown()
