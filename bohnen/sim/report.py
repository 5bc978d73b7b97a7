"""A tournament's results on disk: JSON, CSV and every game's record.

``DIR/results.json``: the tournament (game, options, seed, bots, games asked for,
scheduled and played, whether it was interrupted, how many blocks of seat rotations
are incomplete), the standing of each entrant (``ratings.py``), its
figures per seat and its time per move (``figures.py``), every game, and the seconds
of each sitting (a tournament gone on with ``--resume``
adds its sitting to those written before). ``DIR/results.csv``: one row per game
and bot (seat, score, win share of that game, place). ``DIR/standings.csv``: one
row per bot. ``DIR/records/``: each game's record as ``<game>-<index>.json``, which
``bohnen replay`` reads, written as the game ends, as is its line of
``DIR/journal.jsonl`` (``journal.py``).

Every file is written atomically (:func:`bohnen.core.files.write_atomic`): a full disk
or a crash leaves the previous file whole, never a part of the new one. A crash while
writing leaves a hidden temporary file beside the one written:
:func:`remove_partial_writes` clears them when a tournament goes on.
"""

from __future__ import annotations

import csv
import io
import json
import math
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bohnen.core.files import FileFault, load_json, read_text, write_atomic
from bohnen.core.protocol import JSONObject
from bohnen.sim.figures import entrant_times, seat_json, seat_standings, times_json
from bohnen.sim.journal import JOURNAL
from bohnen.sim.ratings import Standing, entrants, seat_ranks
from bohnen.sim.tournament import GameOutcome, TournamentRun

Cell = str | int | float | None  # a value of a CSV row
RESULTS_JSON = "results.json"
RESULTS_CSV = "results.csv"
STANDINGS_CSV = "standings.csv"
RECORDS = "records"
PLOTS = "plots.png"
MAX_RESULTS_BYTES = 1024 * 1024 * 1024  # every game of a journal at its own limit, and more


def prepare_directory(directory: Path) -> None:
    """Make ``directory`` and check that files can be written in it; ``ValueError`` if not."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as exc:
        raise ValueError(f"--out {directory}: cannot write there "
                         f"({exc.strerror or exc})") from exc


def standing_json(standing: Standing) -> JSONObject:
    share = standing.win_share
    return {
        "bot": standing.name,
        "games": standing.games,
        "wins": round(standing.wins, 4),
        "win_share": None if share is None else round(share, 4),
        "win_share_95": [round(standing.win_low, 4), round(standing.win_high, 4)],
        "mean_score": None if standing.mean_score is None else round(standing.mean_score, 3),
        "rating_mu": round(standing.rating.mu, 3),
        "rating_sigma": round(standing.rating.sigma, 3),
        "rating_ordinal": round(standing.rating.ordinal, 3),
    }


def outcome_json(outcome: GameOutcome, names: Sequence[str]) -> JSONObject:
    return {
        "index": outcome.index,
        "seed": outcome.seed,
        "seats": [names[bot] for bot in outcome.seats],
        "scores": list(outcome.scores),
        "winners": list(outcome.winners),
        "reason": outcome.reason,
        "turns": outcome.turns,
        "actions": outcome.actions,
    }


def results_json(run: TournamentRun, table: Sequence[Standing], names: Sequence[str],
                 score_name: str) -> JSONObject:
    """Everything about the tournament as one JSON object."""
    spec = run.spec
    return {
        "game": spec.game,
        "options": spec.options,
        "players": spec.players,
        "seed": spec.seed,
        "bots": list(spec.bots),
        "names": list(names),
        "score_name": score_name,
        "games_requested": spec.games,
        "games_scheduled": run.scheduled,
        "games_played": run.played,
        "interrupted": run.interrupted,
        "incomplete_rotations": run.incomplete_blocks,
        "seconds": round(run.total_seconds, 3),
        "sittings_seconds": [round(seconds, 3) for seconds in run.sittings],
        "standings": [standing_json(standing) for standing in table],
        "seat_standings": [seat_json(standing) for standing
                           in seat_standings(run.outcomes, names, spec.players)],
        "move_budget": spec.move_budget,
        "move_times": [times_json(name, times) for name, times
                       in zip(entrants(names)[0], entrant_times(run.outcomes, names),
                              strict=True)],
        "games": [outcome_json(outcome, names) for outcome in run.outcomes],
    }


def earlier_seconds(directory: Path) -> tuple[float, ...]:
    """The seconds of each sitting that ``directory/results.json`` holds, so that a
    resumed tournament adds its own. A folder written before ``sittings_seconds`` was
    kept counts its ``seconds`` as one sitting; no results.json, or one that cannot be
    read, counts none (a sitting killed outright never wrote its seconds)."""
    try:
        data = load_json(read_text(directory / RESULTS_JSON, RESULTS_JSON, MAX_RESULTS_BYTES),
                         RESULTS_JSON)
    except FileFault:
        return ()
    if not isinstance(data, dict):
        return ()
    sittings = data.get("sittings_seconds", [data.get("seconds")])
    if not isinstance(sittings, list):
        return ()
    return tuple(float(value) for value in sittings if _is_seconds(value))


def _is_seconds(value: object) -> bool:
    """Whether ``value`` read from JSON is a number of seconds (not a flag, not NaN)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and value >= 0)


def csv_rows(outcomes: Sequence[GameOutcome], names: Sequence[str]) -> list[list[Cell]]:
    """One row per game and seat: game, seed, seat, bot, score, win, place."""
    rows: list[list[Cell]] = []
    for outcome in outcomes:
        places = seat_ranks(outcome.scores, outcome.winners)
        for seat, bot in enumerate(outcome.seats):
            win = 1 / len(outcome.winners) if seat in outcome.winners else 0
            rows.append([outcome.index, outcome.seed, seat, names[bot], outcome.scores[seat],
                         round(win, 4), places[seat]])
    return rows


def csv_text(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    """The CSV table of ``header`` and ``rows``."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def write_csv(path: Path, header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> None:
    write_atomic(path, csv_text(header, rows))


def remove_partial_writes(directory: Path) -> list[Path]:
    """Remove the temporary files that a crash in the middle of writing one of the
    tournament's files left in ``directory`` or its records; the files removed."""
    kept = (RESULTS_JSON, RESULTS_CSV, STANDINGS_CSV, PLOTS, JOURNAL)
    partial = [path for name in kept for path in directory.glob(f".{name}.*.tmp")]
    partial += (directory / RECORDS).glob(".*.json.*.tmp")
    for path in partial:
        path.unlink(missing_ok=True)
    return partial


def write_records(directory: Path, game: str, outcomes: Sequence[GameOutcome]) -> None:
    """Each game's record as ``directory/<game>-<index>.json``."""
    directory.mkdir(exist_ok=True)
    for outcome in outcomes:
        if outcome.record is not None:
            outcome.record.save(directory / f"{game}-{outcome.index}.json")


def write_results(directory: Path, run: TournamentRun, table: Sequence[Standing],
                  names: Sequence[str], score_name: str, extra: JSONObject | None = None
                  ) -> None:
    """results.json, results.csv and standings.csv in ``directory`` (the records are
    written as the games end: :func:`write_records`); ``extra``: more keys of
    results.json (the paired differences, the stopping rule's decision)."""
    data = {**results_json(run, table, names, score_name), **(extra or {})}
    text = json.dumps(data, indent=1) + "\n"
    write_atomic(directory / RESULTS_JSON, text)
    write_csv(directory / RESULTS_CSV,
              ["game", "seed", "seat", "bot", score_name, "win", "place"],
              csv_rows(run.outcomes, names))
    write_csv(directory / STANDINGS_CSV,
              ["bot", "games", "wins", "win_share", "win_low", "win_high",
               f"mean_{score_name}", "rating_mu", "rating_sigma", "rating_ordinal"],
              [_standing_row(standing) for standing in table])


def _standing_row(standing: Standing) -> list[Cell]:
    data = standing_json(standing)
    low, high = data["win_share_95"]
    return [data["bot"], data["games"], data["wins"], data["win_share"], low, high,
            data["mean_score"], data["rating_mu"], data["rating_sigma"], data["rating_ordinal"]]

