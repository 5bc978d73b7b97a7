"""``bohnen report DIR``: a tournament's folder analysed again, its tables printed.

It reads the folder that ``bohnen tournament --out DIR`` wrote (``bohnen/sim/folder.py``:
the journal's games, else results.json's) and prints the tables the tournament
printed: the standings with their intervals and ratings, the figures per seat and the
time per move (``bohnen/cli/figures.py``), and for paired deals the
paired differences (``bohnen/cli/sequencing.py``). ``--plot FILE`` draws the picture of
``plots.png`` again, ``--json FILE`` writes the figures as results.json holds them. It
writes nothing else, so a folder of a tournament still running can be looked at.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from bohnen.cli import figures
from bohnen.cli.sequencing import paired_table
from bohnen.core.files import write_atomic
from bohnen.core.protocol import JSONObject
from bohnen.sim.figures import seat_standings, times_json
from bohnen.sim.folder import Folder, load_folder
from bohnen.sim.paired import paired_json
from bohnen.sim.ratings import Standing, entrants, standings
from bohnen.sim.report import results_json
from bohnen.sim.schedule import incomplete_blocks
from bohnen.sim.tournament import TournamentRun, TournamentSpec


def title(folder: Folder) -> str:
    """The tournament in one line, as its own table's title says it."""
    played = len(folder.outcomes)
    line = (f"{folder.game} · {folder.players} players · {played} games · "
            f"seed {folder.seed}")
    if played < folder.scheduled:
        line += f" · {played} of {folder.scheduled} games played"
    return line


def as_run(folder: Folder) -> TournamentRun:
    """The folder's games as a run, for the JSON that results.json holds."""
    spec = TournamentSpec(folder.game, folder.options, folder.bots, folder.seed,
                          folder.games_requested, paired=folder.paired,
                          move_budget=folder.move_budget)
    seconds = () if folder.seconds is None else (folder.seconds,)
    return TournamentRun(spec, folder.scheduled, list(folder.outcomes),
                         folder.interrupted or len(folder.outcomes) < folder.scheduled,
                         0.0, seconds)


def figures_json(folder: Folder, table: list[Standing]) -> JSONObject:
    """The figures as results.json holds them, with the time per move the folder
    gives (``Folder.times``) and where they were read from."""
    data = results_json(as_run(folder), table, folder.names, folder.score_name)
    names = entrants(folder.names)[0]
    data["move_times"] = [times_json(name, times)
                          for name, times in zip(names, folder.times(), strict=True)]
    data["paired_deals"] = folder.paired
    data["paired"] = paired_json(folder.outcomes, folder.bots) if folder.paired else None
    data["source"] = folder.source
    data.pop("sittings_seconds")  # the seconds of all sittings are in ``seconds``
    return data


def notes(folder: Folder) -> list[str]:
    """What the reader of the tables should know: games left to play, seat rotations
    played in part, records missing."""
    lines: list[str] = []
    played = len(folder.outcomes)
    if played < folder.scheduled:
        lines.append(f"{played} of {folder.scheduled} games played (read from "
                     f"{folder.source})")
    blocks = incomplete_blocks((o.index for o in folder.outcomes), folder.players)
    if blocks:
        lines.append(f"warning: {blocks} block(s) of seat rotations incomplete: the bots "
                     "did not sit equally often in every seat")
    if folder.records < played:
        lines.append(f"{played - folder.records} of {played} games have no record in "
                     "records/")
    return lines


def check_target(option: str, path: Path | None) -> None:
    """``ValueError`` unless ``path`` (of ``option``) can be written: its folder is there."""
    if path is not None and not path.parent.is_dir():
        raise ValueError(f"{option} {path}: no folder {path.parent} to write it in")
    if path is not None and path.is_dir():
        raise ValueError(f"{option} {path}: a folder, not a file")


def report_command(
    directory: Annotated[Path, typer.Argument(
        help="A folder written by `bohnen tournament --out DIR`.", metavar="DIR")],
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Draw the ratings, scores and win shares as a PNG at FILE.",
        metavar="FILE")] = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the figures as JSON (as results.json holds them) to FILE.",
        metavar="FILE")] = None,
) -> None:
    """Analyse a tournament's folder again: standings, per seat, time per move."""
    check_target("--plot", plot)
    check_target("--json", json_out)
    folder = load_folder(directory)
    table = standings(folder.outcomes, folder.names)
    heading = title(folder)
    console = Console()
    console.print(figures.standings_table(heading, folder.score_name, table))
    console.print(figures.seat_table(folder.score_name, seat_standings(
        folder.outcomes, folder.names, folder.players)))
    console.print(figures.times_table(entrants(folder.names)[0], folder.times()))
    if folder.paired:
        console.print(paired_table(as_run(folder), folder.score_name))
    for line in notes(folder):
        print(line, file=sys.stderr)
    if plot is not None:
        from bohnen.sim.plots import plot_standings

        plot_standings(plot, table, folder.score_name, heading, folder.players)
    if json_out is not None:
        write_atomic(json_out, json.dumps(figures_json(folder, table), indent=1) + "\n")
