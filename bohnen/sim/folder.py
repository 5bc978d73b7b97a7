"""A tournament's folder read again (``bohnen report DIR``): its games, bots and times.

The games come from ``DIR/journal.jsonl`` where there is one (every game is written
there as it ends, so it holds them all even when the run was killed before writing
``results.json``), else from ``DIR/results.json``. Both are read as untrusted input
and only read: a folder that is not a tournament's, a file that is not JSON, or a game
that does not fit the tournament (a seat or a bot out of range) is refused with a
``ValueError`` that names the file and what is wrong. Where both files are there they
must be of the same tournament (its game, bots and seed). The time per move comes with
each game of a journal; a journal written before moves were timed leaves it to
``results.json``'s ``move_times``, where there are any. ``DIR/records/`` is counted:
how many of the games have their record there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bohnen.core import get_game
from bohnen.core.files import FileFault, excerpt, load_json, read_text
from bohnen.core.protocol import JSONObject
from bohnen.sim.figures import entrant_times
from bohnen.sim.journal import JOURNAL, MAX_JOURNAL_BYTES, outcome_from
from bohnen.sim.movetimes import MoveTimes, times_from
from bohnen.sim.ratings import entrants
from bohnen.sim.report import MAX_RESULTS_BYTES, RECORDS, RESULTS_JSON
from bohnen.sim.schedule import rounded_games
from bohnen.sim.tournament import GameOutcome


@dataclass(slots=True)
class Folder:
    """What a tournament's folder says: the tournament, its games and their times."""

    directory: Path
    game: str
    options: JSONObject
    bots: tuple[str, ...]  # the spec of each position (``ratings.entrants`` pools them)
    seed: int
    games_requested: int
    score_name: str
    outcomes: list[GameOutcome]
    source: str  # the file the games were read from
    interrupted: bool = False
    seconds: float | None = None
    move_budget: float | None = None
    paired: bool = False  # each block of seat rotations one deal (``--paired``)
    stored_times: list[MoveTimes] = field(default_factory=list)  # results.json's, per entrant
    records: int = 0  # games whose record is in records/

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def names(self) -> list[str]:
        return list(self.bots)

    @property
    def scheduled(self) -> int:
        return rounded_games(self.games_requested, self.players)

    def times(self) -> list[MoveTimes]:
        """Each entrant's time per move: from the games where they carry it, else as
        results.json stored it."""
        if any(outcome.times for outcome in self.outcomes) or not self.stored_times:
            return entrant_times(self.outcomes, self.names)
        return self.stored_times


def load_folder(directory: Path) -> Folder:
    """The tournament in ``directory``; ``ValueError`` naming what is wrong."""
    if not directory.is_dir():
        what = "not a folder" if directory.exists() else "no such folder"
        raise ValueError(f"{directory}: {what}")
    results_path, journal_path = directory / RESULTS_JSON, directory / JOURNAL
    if not results_path.exists() and not journal_path.exists():
        raise ValueError(f"{directory} is not a tournament's folder: it has neither "
                         f"{RESULTS_JSON} nor {JOURNAL}")
    results = _read_results(results_path) if results_path.exists() else None
    journal = _read_journal(journal_path) if journal_path.exists() else None
    if journal is not None:
        folder = _from_journal(directory, *journal)
        if results is not None:
            _check_same(results_path, results, folder)
            _add_results(folder, results_path, results)
    else:
        assert results is not None
        folder = _from_results(directory, results_path, results)
        _add_results(folder, results_path, results)
    for outcome in folder.outcomes:
        _check_fits(folder, outcome)
    folder.records = sum(
        1 for outcome in folder.outcomes
        if (directory / RECORDS / f"{folder.game}-{outcome.index}.json").is_file())
    return folder


def _read_results(path: Path) -> JSONObject:
    try:
        data = load_json(read_text(path, RESULTS_JSON, MAX_RESULTS_BYTES), str(path))
    except FileFault as exc:
        raise ValueError(f"{path}: {exc}" if str(path) not in str(exc) else str(exc)) from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a tournament's results (a JSON object)")
    return data


def _read_journal(path: Path) -> tuple[JSONObject, list[GameOutcome]]:
    """The journal's first line and its games (a last line cut short by a crash left
    out, as when a tournament goes on)."""
    try:
        text = read_text(path, JOURNAL, MAX_JOURNAL_BYTES)
    except FileFault as exc:
        raise ValueError(f"{path}: {exc}") from None
    lines = [(number, line) for number, line in enumerate(text.split("\n")[:-1], start=1)
             if line.strip()]
    if not lines:
        raise ValueError(f"{path}: empty, not a tournament's journal")
    head = _json_line(path, *lines[0])
    if not isinstance(head, dict):
        raise ValueError(f"{path}: line 1 is not a tournament")
    games: dict[int, GameOutcome] = {}
    for number, line in lines[1:]:
        try:
            outcome = outcome_from(_json_line(path, number, line))
        except ValueError as exc:
            raise ValueError(f"{path}: line {number}: {exc}") from None
        games[outcome.index] = outcome
    return head, [games[index] for index in sorted(games)]


def _json_line(path: Path, number: int, line: str) -> object:
    try:
        return load_json(line, f"line {number}")
    except FileFault as exc:
        raise ValueError(f"{path}: {exc}") from None


def _from_journal(directory: Path, head: JSONObject,
                  outcomes: list[GameOutcome]) -> Folder:
    path = directory / JOURNAL
    game, bots = _text(path, head, "game"), _specs(path, head.get("bots"))
    return Folder(directory, game, _object(path, head, "options"), bots,
                  _seed(path, head), _whole(path, head, "games"),
                  _score_name(game, None), outcomes, JOURNAL,
                  paired=head.get("paired") is True)


def _from_results(directory: Path, path: Path, data: JSONObject) -> Folder:
    game, bots = _text(path, data, "game"), _specs(path, data.get("bots"))
    names = data.get("names", list(bots))
    if not (isinstance(names, list) and len(names) == len(bots)):
        raise ValueError(f"{path}: names must be a list of one name per bot")
    games = data.get("games")
    if not isinstance(games, list):
        raise ValueError(f"{path}: games must be a list")
    outcomes = [_game(path, number, entry, names) for number, entry in enumerate(games)]
    return Folder(directory, game, _object(path, data, "options"), bots,
                  _seed(path, data), _whole(path, data, "games_requested"),
                  _score_name(game, data.get("score_name")), outcomes, RESULTS_JSON,
                  paired=data.get("paired_deals") is True)


def _game(path: Path, number: int, entry: object, names: Sequence[object]) -> GameOutcome:
    """Game ``number`` of results.json, its seats named, as the journal holds it."""
    if not isinstance(entry, dict) or not isinstance(entry.get("seats"), list):
        raise ValueError(f"{path}: game {number} must be an object with its seats")
    try:
        seats = [names.index(name) for name in entry["seats"]]
    except ValueError:
        raise ValueError(f"{path}: game {number}: a seat holds a bot that is not one of "
                         "the tournament's") from None
    try:
        return outcome_from({**entry, "seats": seats})
    except ValueError as exc:
        raise ValueError(f"{path}: game {number}: {exc}") from None


def _add_results(folder: Folder, path: Path, data: JSONObject) -> None:
    """What only results.json holds: interrupted, seconds, the budget, the stored times."""
    folder.score_name = _score_name(folder.game, data.get("score_name"))
    folder.interrupted = data.get("interrupted") is True
    seconds = data.get("seconds")
    if isinstance(seconds, (int, float)) and not isinstance(seconds, bool) and math.isfinite(
            seconds):
        folder.seconds = float(seconds)
    budget = data.get("move_budget")
    if isinstance(budget, (int, float)) and not isinstance(budget, bool):
        folder.move_budget = float(budget)
    stored = data.get("move_times")
    if stored is None:
        return
    if not isinstance(stored, list):
        raise ValueError(f"{path}: move_times must be a list")
    by_name: dict[object, MoveTimes] = {}
    for entry in stored:
        try:
            by_name[entry.get("bot") if isinstance(entry, dict) else None] = times_from(entry)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None
    folder.stored_times = [by_name.get(name, MoveTimes()) for name in entrants(folder.names)[0]]


def _check_same(path: Path, data: JSONObject, folder: Folder) -> None:
    for key, mine in (("game", folder.game), ("bots", list(folder.bots)),
                      ("seed", folder.seed)):
        if data.get(key) != mine:
            raise ValueError(f"{path} and {JOURNAL} are of different tournaments: {key} "
                             f"{excerpt(data.get(key))} there, {excerpt(mine)} in the journal")


def _check_fits(folder: Folder, outcome: GameOutcome) -> None:
    players = folder.players
    fits = (len(outcome.seats) == players == len(outcome.scores)
            and all(0 <= bot < players for bot in outcome.seats)
            and all(0 <= seat < players for seat in outcome.winners)
            and len(set(outcome.winners)) == len(outcome.winners))
    if not fits:
        raise ValueError(f"{folder.directory / folder.source}: game {outcome.index} does not "
                         f"fit a tournament of {players} bots (its seats, scores or winners)")


def _score_name(game: str, stored: object) -> str:
    if isinstance(stored, str) and stored:
        return stored
    try:
        return get_game(game).score_name
    except ValueError:
        return "score"


def _text(path: Path, data: JSONObject, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{path}: {key} must be a name, not {excerpt(value)}")
    return value


def _whole(path: Path, data: JSONObject, key: str) -> int:
    value = data.get(key)
    if type(value) is not int or value < 0:
        raise ValueError(f"{path}: {key} must be a whole number, not {excerpt(value)}")
    return value


def _seed(path: Path, data: JSONObject) -> int:
    value = data.get("seed")
    if type(value) is not int:
        raise ValueError(f"{path}: seed must be a whole number, not {excerpt(value)}")
    return value


def _object(path: Path, data: JSONObject, key: str) -> JSONObject:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"{path}: {key} must be a JSON object")
    return value


def _specs(path: Path, value: object) -> tuple[str, ...]:
    if not (isinstance(value, list) and value
            and all(isinstance(spec, str) and spec for spec in value)):
        raise ValueError(f"{path}: bots must be a list of bot specs, not {excerpt(value)}")
    return tuple(value)
