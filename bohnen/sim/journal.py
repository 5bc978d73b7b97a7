"""A tournament's journal: each game written down as it ends, so that a tournament cut
short (Ctrl-C, a crash, a machine switched off) goes on where it stopped.

``DIR/journal.jsonl`` is JSON lines. The first line is the tournament: game, options,
bots, seed, games asked for and whether its deals are paired (a journal written
before ``paired`` was kept is of a tournament without). Each other line is one
finished game: its index, seed, the bot (by number) in each seat, scores, winning
seats, the reason it ended, its turns and actions. The games that end together (a
chunk) are added in one write, then synced to disk, so that a crash loses no game
that was written down; a last line cut short by a crash is left out when the journal
is read. The journal's first line, and the journal written again without such a line
when a tournament goes on, are written atomically (:func:`bohnen.core.files.write_atomic`).

A game's line also holds each seat's time per move (``times``, ``movetimes.py``); a
journal written before moves were timed has none.

:func:`start_journal` begins a journal (and refuses to write over one that holds
games); :func:`resume_journal` reads one back, checks that it is the same tournament
and that each game is the one the schedule plays there, and returns the games played,
so that :func:`bohnen.sim.tournament.run_tournament` plays only the others;
:func:`extend_journal` does the same for a tournament given more games (``--extend``:
the schedule of more games begins with that of fewer); :func:`open_journal` does one
or the other, as the command line and the benchmark ask.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from bohnen.core.files import FileFault, excerpt, load_json, read_text, write_atomic
from bohnen.core.protocol import JSONObject
from bohnen.sim.movetimes import seats_times_from
from bohnen.sim.schedule import rounded_games
from bohnen.sim.tournament import GameOutcome, TournamentSpec

JOURNAL = "journal.jsonl"
MAX_JOURNAL_BYTES = 256 * 1024 * 1024  # over a million games: far beyond any tournament
SPEC_KEYS = ("game", "options", "bots", "seed", "games", "paired")
SPEC_DEFAULTS: JSONObject = {"paired": False}  # of a journal written before the key was


def spec_json(spec: TournamentSpec) -> JSONObject:
    """The tournament as the journal's first line holds it."""
    return {"game": spec.game, "options": spec.options, "bots": list(spec.bots),
            "seed": spec.seed, "games": spec.games, "paired": spec.paired}


def outcome_line(outcome: GameOutcome) -> JSONObject:
    """One finished game as a line of the journal (its record is not kept there)."""
    line: JSONObject = {
        "index": outcome.index, "seed": outcome.seed, "seats": list(outcome.seats),
        "scores": list(outcome.scores), "winners": list(outcome.winners),
        "reason": outcome.reason, "turns": outcome.turns, "actions": outcome.actions}
    if outcome.times:
        line["times"] = [times.to_json() for times in outcome.times]
    return line


def outcome_from(data: object) -> GameOutcome:
    """The game of a journal line; ``ValueError`` naming what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError("a game must be a JSON object")
    try:
        return GameOutcome(_int(data["index"]), _int(data["seed"]), _ints(data["seats"]),
                           _ints(data["scores"]), _ints(data["winners"]), str(data["reason"]),
                           _int(data["turns"]), _int(data["actions"]),
                           times=seats_times_from(data.get("times", [])))
    except KeyError as missing:
        raise ValueError(f"a game lacks {missing}") from None


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _ints(values: object) -> tuple[int, ...]:
    if not isinstance(values, list):
        raise ValueError(f"{values!r} is not a list")
    return tuple(_int(v) for v in values)


class Journal:
    """An open journal: :meth:`write` adds finished games at its end, at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND)

    def write(self, outcomes: Sequence[GameOutcome]) -> None:
        """Add the lines of ``outcomes`` in one write and sync them to disk."""
        data = "".join(json.dumps(outcome_line(outcome)) + "\n" for outcome in outcomes)
        payload = data.encode("utf-8")
        while payload:  # a regular file takes it all at once but on a full disk
            payload = payload[os.write(self._fd, payload):]
        os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def start_journal(directory: Path, spec: TournamentSpec) -> Journal:
    """A new journal of ``spec`` in ``directory``; ``ValueError`` if one there holds
    games already (they are never written over: go on with them, or choose another
    directory)."""
    path = directory / JOURNAL
    if path.exists() and len(_lines(path)) > 1:
        raise ValueError(f"{directory} holds a tournament already ({path.name}): "
                         "add --resume to go on with it, or write elsewhere")
    write_atomic(path, json.dumps(spec_json(spec)) + "\n")
    return Journal(path)


def open_journal(directory: Path | None, spec: TournamentSpec, resume: bool
                 ) -> tuple[Journal | None, list[GameOutcome]]:
    """The journal of ``spec`` in ``directory`` (none without a directory) and the games
    it holds already: gone on with (``resume``) or begun anew."""
    if directory is None:
        return None, []
    if resume:
        return resume_journal(directory, spec)
    return start_journal(directory, spec), []


def resume_journal(directory: Path, spec: TournamentSpec) -> tuple[Journal, list[GameOutcome]]:
    """The journal of ``spec`` in ``directory``, opened to go on, and the games it holds;
    ``ValueError`` if there is none, if it is another tournament, or if a game in it
    is not the one the schedule plays at its index."""
    path, lines, head = _head(directory, "--resume")
    _check_same(path, head, spec_json(spec))
    return _reopen(path, lines, spec, "--resume")


def extend_journal(directory: Path, spec: TournamentSpec, more: int
                   ) -> tuple[TournamentSpec, Journal, list[GameOutcome]]:
    """The tournament in ``directory`` given ``more`` games than its journal schedules
    (its games asked for, rounded up to whole blocks of seat rotations, as played), as
    ``spec`` but for its games; its journal opened to go on, and the games it holds;
    ``ValueError`` as for :func:`resume_journal`."""
    if more < 1:
        raise ValueError(f"--extend must be 1 or more, not {more}")
    path, lines, head = _head(directory, "--extend")
    before = head.get("games")
    if type(before) is not int or before < 0:
        raise ValueError(f"--extend: {path}: line 1 has no number of games")
    longer = replace(spec, games=rounded_games(before, spec.players) + more)
    _check_same(path, head, spec_json(longer), "--extend", skip=("games",))
    journal, played = _reopen(path, lines, longer, "--extend")
    return longer, journal, played


def _head(directory: Path, option: str) -> tuple[Path, list[str], JSONObject]:
    """The journal's path, its complete lines and its first line, the tournament."""
    path = directory / JOURNAL
    if not path.is_file():
        raise ValueError(f"{option}: {directory} has no {JOURNAL} to go on with")
    lines = _lines(path)
    head = _parse(path, 1, lines[0], option) if lines else None
    if not isinstance(head, dict):
        raise ValueError(f"{option}: {path}: line 1 is not a tournament")
    return path, lines, head


def _reopen(path: Path, lines: list[str], spec: TournamentSpec, option: str
            ) -> tuple[Journal, list[GameOutcome]]:
    """The journal written again as ``spec``'s, with its games, and opened to go on."""
    played = _games(path, lines[1:], spec, option)
    # written again without a cut last line, atomically: a crash meanwhile leaves the
    # old journal whole
    text = "".join(json.dumps(line) + "\n"
                   for line in [spec_json(spec), *map(outcome_line, played)])
    write_atomic(path, text)
    return Journal(path), played


def _lines(path: Path) -> list[str]:
    """The journal's complete lines (a last line without its end was cut by a crash),
    read as untrusted input: a regular file under a size limit."""
    text = read_text(path, "the journal", MAX_JOURNAL_BYTES)
    lines = text.split("\n")
    return [line for line in lines[:-1] if line.strip()]


def _parse(path: Path, number: int, line: str, option: str = "--resume") -> object:
    try:
        return load_json(line, f"line {number}")
    except FileFault as exc:
        raise ValueError(f"{option}: {path}: {exc}") from None


def _check_same(path: Path, head: JSONObject, here: JSONObject, option: str = "--resume",
                skip: tuple[str, ...] = ()) -> None:
    here = json.loads(json.dumps(here))  # as it reads back (tuples become lists)
    for key in SPEC_KEYS:
        there = head.get(key, SPEC_DEFAULTS.get(key))
        if key not in skip and there != here[key]:
            raise ValueError(f"{option}: {path} is another tournament: {key} "
                             f"{excerpt(there)} there, {excerpt(here[key])} here")


def _games(path: Path, lines: list[str], spec: TournamentSpec,
           option: str = "--resume") -> list[GameOutcome]:
    """The games of the journal's lines, each checked against the schedule."""
    pairings = {p.index: p for p in spec.pairings()}
    played: dict[int, GameOutcome] = {}
    for number, line in enumerate(lines, start=2):
        try:
            outcome = outcome_from(_parse(path, number, line, option))
        except ValueError as exc:
            raise ValueError(f"{option}: {path}: line {number}: {exc}") from None
        pairing = pairings.get(outcome.index)
        if pairing is None or (pairing.seed, pairing.seats) != (outcome.seed, outcome.seats):
            raise ValueError(f"{option}: {path}: line {number}: game {outcome.index} is not "
                             "the schedule's game of that index")
        played[outcome.index] = outcome
    return [played[index] for index in sorted(played)]
