"""``bohnen tournament``: seat-rotated games between bots, their standings and ratings."""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bohnen.bots import make_bot
from bohnen.cli import figures
from bohnen.cli.game_options import build_options
from bohnen.cli.seats import split_specs
from bohnen.cli.sequencing import decision_line, paired_table
from bohnen.core import get_game
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.sim.figures import entrant_times, seat_standings
from bohnen.sim.journal import Journal, extend_journal, open_journal
from bohnen.sim.local import LocalBackend
from bohnen.sim.ratings import Standing, entrant_names, entrants, standings
from bohnen.sim.ray_backend import CONNECT_SECONDS, RayBackend, check_timeout, import_ray
from bohnen.sim.report import (
    PLOTS,
    RECORDS,
    earlier_seconds,
    prepare_directory,
    remove_partial_writes,
    write_records,
    write_results,
)
from bohnen.sim.schedule import rounded_games
from bohnen.sim.sprt import Sprt, parse_sprt
from bohnen.sim.stopping import Sequential, SignificanceRule, SprtRule, sequencing_json
from bohnen.sim.tournament import (
    Backend,
    GameOutcome,
    TournamentRun,
    TournamentSpec,
    run_tournament,
)

INTERRUPTED_EXIT = 130  # as a shell reports a command ended by SIGINT
BACKENDS = ("local", "ray")


@dataclass(frozen=True, slots=True)
class Setup:
    """A checked tournament: the game, what to play, where, and where to write."""

    game: AnyGame
    spec: TournamentSpec
    names: list[str]
    backend: Backend
    out: Path | None
    resume: bool = False
    sprt: Sprt | None = None
    until_significant: bool = False
    extend: int | None = None

    def stopping(self) -> Sequential | None:
        """A fresh stopping rule of ``--sprt`` or ``--until-significant``, if either."""
        spec = self.spec
        if self.sprt is not None:
            return Sequential(SprtRule.of(self.sprt, spec.bots, spec.paired), spec.players)
        if self.until_significant:
            return Sequential(SignificanceRule.of(spec.bots, spec.paired), spec.players)
        return None


def bot_specs(game: AnyGame, text: str) -> list[str]:
    """The bot specs of ``--bots``, one per seat, each checked by making the bot."""
    specs = split_specs(text)
    if any(not spec for spec in specs):
        raise ValueError(f"--bots {excerpt(text)}: empty bot spec")
    if not game.min_players <= len(specs) <= game.max_players:
        raise ValueError(f"--bots gives {len(specs)} bots; {game.name} is played by "
                         f"{game.min_players} to {game.max_players} (one bot per seat)")
    for spec in specs:
        make_bot(spec, game)
    return specs


def make_backend(backend: str, workers: int, address: str | None,
                 connect_timeout: float | None = None) -> Backend:
    """The backend named by ``--backend``; ``ValueError`` on a bad combination."""
    if backend not in BACKENDS:
        raise ValueError(f"--backend must be one of {', '.join(BACKENDS)}, not {excerpt(backend)}")
    if workers < 1:
        raise ValueError(f"--workers must be 1 or more, not {workers}")
    if connect_timeout is not None:
        check_timeout(connect_timeout)
        if address is None:
            raise ValueError("--connect-timeout needs --backend ray and --address")
    if backend == "local":
        if address is not None:
            raise ValueError("--address needs --backend ray")
        return LocalBackend(workers)
    if workers != 1:
        raise ValueError("--workers is for --backend local; Ray uses the cluster's CPUs")
    import_ray()
    return RayBackend(address, CONNECT_SECONDS if connect_timeout is None else connect_timeout)


@dataclass(frozen=True, slots=True)
class Sequencing:
    """The options of paired deals, sequential stopping and ``--extend``."""

    paired: bool = False
    sprt: str | None = None
    until_significant: bool = False
    extend: int | None = None


def check_sequencing(sequencing: Sequencing, out: Path | None, resume: bool) -> Sprt | None:
    """The test of ``--sprt``, if given; ``ValueError`` on a bad combination."""
    if sequencing.sprt is not None and sequencing.until_significant:
        raise ValueError("give --sprt or --until-significant, not both")
    if sequencing.extend is not None:
        if sequencing.extend < 1:
            raise ValueError(f"--extend must be 1 or more, not {sequencing.extend}")
        if out is None:
            raise ValueError("--extend adds games to the tournament in --out DIR: give --out")
        if resume:
            raise ValueError("--extend goes on with the tournament in --out DIR by itself: "
                             "leave out --resume")
    return None if sequencing.sprt is None else parse_sprt(sequencing.sprt)


def make_setup(game_name: str, bots: str, games: int, seed: int, workers: int = 1,
               backend: str = "local", address: str | None = None, out: Path | None = None,
               options: list[str] | None = None, resume: bool = False,
               connect_timeout: float | None = None,
               sequencing: Sequencing = Sequencing(),
               move_budget: float | None = None) -> Setup:
    """A checked setup; ``ValueError`` naming the first bad argument."""
    game = get_game(game_name)
    specs = bot_specs(game, bots)
    if games < 0:
        raise ValueError(f"--games must be 0 or more, not {games}")
    game_options = build_options(game, len(specs), options or ())
    sprt = check_sequencing(sequencing, out, resume)
    chosen = make_backend(backend, workers, address, connect_timeout)
    check_move_budget(move_budget)
    if resume and out is None:
        raise ValueError("--resume goes on with the tournament in --out DIR: give --out")
    spec = TournamentSpec(game.name, game_options.to_json(), tuple(specs), seed, games,
                          record=out is not None, paired=sequencing.paired,
                          move_budget=move_budget)
    setup = Setup(game, spec, entrant_names(specs), chosen, out, resume, sprt,
                  sequencing.until_significant, sequencing.extend)
    setup.stopping()  # refuses a rule that the bots do not fit
    if out is not None:
        prepare_directory(out)
    return setup


def check_move_budget(seconds: float | None) -> None:
    """``ValueError`` unless ``--move-budget`` is a positive, finite number of seconds."""
    if seconds is not None and not 0 < seconds < math.inf:
        raise ValueError(f"--move-budget must be a positive number of seconds, not {seconds:g}")


def open_games(setup: Setup) -> tuple[TournamentSpec, Journal | None, list[GameOutcome]]:
    """The tournament to play (longer by ``--extend``), its journal and the games it
    holds already."""
    if setup.extend is not None and setup.out is not None:
        return extend_journal(setup.out, setup.spec, setup.extend)
    journal, played = open_journal(setup.out, setup.spec, setup.resume)
    return setup.spec, journal, played


def play(setup: Setup, show_progress: bool, stop: Sequential | None = None) -> TournamentRun:
    """Play the tournament, with a progress bar on stderr if asked (and the stopping
    rule's line: its LLR and bounds, or its intervals); with ``--out``, each game goes
    into the journal, and its record into ``records/``, as it ends."""
    earlier: tuple[float, ...] = ()
    if (setup.resume or setup.extend is not None) and setup.out is not None:
        remove_partial_writes(setup.out)  # of the run cut short
        earlier = earlier_seconds(setup.out)
    spec, journal, played = open_games(setup)
    total = rounded_games(spec.games, spec.players)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    title = f"{setup.game.name} tournament"
    try:
        with Progress(*columns, console=Console(stderr=True), transient=True,
                      disable=not show_progress) as progress:
            task = progress.add_task(title if stop is None else f"{title} · {stop.line}",
                                     total=total, completed=len(played))

            def advance(outcomes: list[GameOutcome]) -> None:
                if journal is not None and setup.out is not None:
                    write_records(setup.out / RECORDS, spec.game, outcomes)
                    journal.write(outcomes)
                progress.advance(task, len(outcomes))
                if stop is not None:
                    progress.update(task, description=f"{title} · {stop.line}")

            run = run_tournament(spec, setup.backend, advance, played, stop)
            run.earlier_seconds = earlier
            return run
    finally:
        if journal is not None:
            journal.close()


def standings_table(setup: Setup, run: TournamentRun, table: list[Standing]) -> Table:
    """The standings (``bohnen/cli/figures.py``) under the tournament's title."""
    spec = run.spec
    title = (f"{spec.game} · {spec.players} players · {run.played} games · seed {spec.seed}"
             f" · {setup.backend.name}")
    if spec.paired:
        title += " · paired deals"
    if run.interrupted:
        title += f" · interrupted after {run.played} of {run.scheduled} games"
    return figures.standings_table(title, setup.game.score_name, table)


def print_figures(setup: Setup, run: TournamentRun) -> None:
    """The tables per seat and of time per move (``bohnen/cli/figures.py``)."""
    console = Console()
    names, score_name = setup.names, setup.game.score_name
    console.print(figures.seat_table(score_name, seat_standings(run.outcomes, names,
                                                                setup.spec.players)))
    console.print(figures.times_table(entrants(names)[0], entrant_times(run.outcomes, names)))


def write_out(setup: Setup, run: TournamentRun, table: list[Standing],
              stop: Sequential | None = None) -> None:
    """results.json, results.csv, standings.csv, the records and plots.png in ``--out``."""
    from bohnen.sim.plots import plot_standings

    assert setup.out is not None
    write_results(setup.out, run, table, setup.names, setup.game.score_name,
                  sequencing_json(run, stop))
    title = (f"{run.spec.game} · {run.spec.players} players · {run.played} games"
             f" · seed {run.spec.seed}")
    plot_standings(setup.out / PLOTS, table, setup.game.score_name, title,
                   run.spec.players)


def rotation_warning(run: TournamentRun, resumable: bool = False) -> str | None:
    """The warning for a tournament that ends with blocks of seat rotations played in
    part (none when every block begun is whole); ``resumable``: it has a journal."""
    count = run.incomplete_blocks
    if not count:
        return None
    blocks = "block of seat rotations is" if count == 1 else "blocks of seat rotations are"
    return (f"warning: {count} {blocks} incomplete (only some of its {run.spec.players} "
            "games played): the bots did not sit equally often in every seat, so the seat "
            "advantage is not balanced in these standings"
            + ("; --resume plays the rest" if resumable else ""))


def report(setup: Setup, run: TournamentRun, stop: Sequential | None = None) -> int:
    """Print (and write, with ``--out``) the standings, the paired differences and the
    stopping rule's decision; the exit code."""
    table = standings(run.outcomes, setup.names)
    console = Console()
    console.print(standings_table(setup, run, table))
    print_figures(setup, run)
    if run.spec.paired:
        console.print(paired_table(run, setup.game.score_name))
    if stop is not None:
        console.print(decision_line(run, stop), highlight=False)
    if setup.out is not None:
        write_out(setup, run, table, stop)
    warning = rotation_warning(run, setup.out is not None)
    if warning:
        print(warning, file=sys.stderr)
    if run.interrupted:
        print(f"interrupted: {run.played} of {run.scheduled} games played", file=sys.stderr)
        return INTERRUPTED_EXIT
    return 0


def _note_rounding(setup: Setup) -> None:
    if setup.extend is not None:
        return  # the games asked for are those of the journal and --extend
    requested, players = setup.spec.games, setup.spec.players
    total = rounded_games(requested, players)
    if total != requested:
        print(f"{requested} games rounded up to {total}, a multiple of the {players} "
              "seat rotations", file=sys.stderr)


def tournament_command(
    game: Annotated[str, typer.Argument(help="The game to play (see `bohnen games`).",
                                         metavar="GAME")],
    bots: Annotated[str, typer.Option(
        "--bots", help="Bot specs, one per bot; one seat each (see `bohnen bots`).",
        metavar="A,B,C")],
    games: Annotated[int, typer.Option(
        "--games", "-n", help="Number of games (rounded up to whole seat rotations).")] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the tournament.")] = 0,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", help="Local worker processes (1: play in this process).")] = 1,
    backend: Annotated[str, typer.Option(
        "--backend", help="Where the games are played: local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(
        "--address", help="Ray cluster address (default: start a local Ray instance).",
        metavar="ADDR")] = None,
    connect_timeout: Annotated[float | None, typer.Option(
        "--connect-timeout", help="With --address: give up joining the Ray cluster after "
        f"SECONDS (default {CONNECT_SECONDS:g}).", metavar="SECONDS")] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help="Write results (JSON, CSV), records, plots.png and the journal "
        "of the games (each as it ends) to DIR.",
        metavar="DIR")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable).",
        metavar="KEY=VALUE")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Go on with the tournament cut short in --out DIR (the same "
        "command again, with --resume): its games are kept, the rest are played.")] = False,
    paired: Annotated[bool, typer.Option(
        "--paired", help="Paired deals: each deal is played once in every seat rotation; "
        "the report gives the first bot less each other on the same deals, with a 95% "
        "t interval.")] = False,
    sprt: Annotated[str | None, typer.Option(
        "--sprt", help="Stop once the SPRT of the first bot against the other (Elo of the "
        "first over the second: H0 elo0, H1 elo1) is decided; --games is the most "
        "played.", metavar="ELO0,ELO1,ALPHA,BETA")] = None,
    until_significant: Annotated[bool, typer.Option(
        "--until-significant", help="Stop once the leader's 95% interval clears the "
        "others' (with --paired and two bots: the paired difference's clears 0); "
        "--games is the most played.")] = False,
    extend: Annotated[int | None, typer.Option(
        "--extend", help="Add N games to the tournament in --out DIR (the same command "
        "again, with --extend N): the same games as one run of them all.",
        metavar="N")] = None,
    move_budget: Annotated[float | None, typer.Option(
        "--move-budget", help="Count the moves of each bot that took longer than SECONDS "
        "(a bot with a budget of its own, as ISMCTS's seconds, is held to its own).",
        metavar="SECONDS")] = None,
) -> None:
    """Seat-rotated games between bots: standings, ratings, seats, time per move.

    Win shares with their 95% intervals, mean scores and ratings per bot, the figures
    per seat and the time per move; paired deals, sequential stopping, more games."""
    setup = make_setup(game, bots, games, seed, workers, backend, address, out, option,
                       resume, connect_timeout,
                       Sequencing(paired, sprt, until_significant, extend), move_budget)
    _note_rounding(setup)
    stop = setup.stopping()
    run = play(setup, Console(stderr=True).is_terminal, stop)
    code = report(setup, run, stop)
    if code:
        raise typer.Exit(code)
