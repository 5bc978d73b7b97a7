"""Tournaments: seat-rotated games between bots, played on any backend, same results.

A :class:`TournamentSpec` holds only plain data (game name, options as JSON, bot
specs, seed), so it travels to worker processes and Ray tasks. Each game is played
with fresh bots made from their specs and the seed of its :class:`Pairing`: its
outcome depends on nothing else, so one worker, many workers or a Ray cluster give
the same games. Outcomes are put back in the order of the schedule.

A backend plays chunks of pairings and hands each finished chunk to a callback in
the calling process. ``KeyboardInterrupt`` (Ctrl-C, or raised by a callback) makes
the backend cancel what is pending and lets :func:`run_tournament` return what was
played so far, marked as interrupted. A tournament cut short goes on from its journal
(``journal.py``): :func:`run_tournament` is handed the games played before and plays
the rest of the schedule. A stopping rule (``stopping.py``) may end it once its result
is decided: the backend is stopped as on Ctrl-C, and the result keeps the games of the
blocks up to the deciding look.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bohnen.bots import make_bot
from bohnen.core import GameRecord, get_game
from bohnen.core.game import AnyGame
from bohnen.core.protocol import JSONObject, Options
from bohnen.sim.movetimes import MoveTimes, budget_of, seat_times
from bohnen.sim.runner import play_game
from bohnen.sim.schedule import Pairing, incomplete_blocks, schedule


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """What a tournament plays; plain data only (sent to workers as it is)."""

    game: str
    options: JSONObject
    bots: tuple[str, ...]
    seed: int
    games: int
    record: bool = False
    paired: bool = False  # each block of seat rotations plays one deal (``schedule.py``)
    move_budget: float | None = None  # seconds, for bots without a budget of their own

    @property
    def players(self) -> int:
        return len(self.bots)

    def pairings(self) -> list[Pairing]:
        """Every game of the tournament, the requested number rounded up to whole blocks."""
        return schedule(self.seed, self.players, self.games, self.paired)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One played game: who sat where, the scores and winners per seat, and its record."""

    index: int
    seed: int
    seats: tuple[int, ...]  # the bot (by number in the spec) in each seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # winning seats
    reason: str
    turns: int
    actions: int
    record: GameRecord | None = None
    # each seat's time per move (``movetimes.py``): measured, so never the same twice,
    # and left out when outcomes are compared (the game is the same)
    times: tuple[MoveTimes, ...] = field(default=(), compare=False)


def play_pairing(game: AnyGame, options: Options, spec: TournamentSpec,
                 pairing: Pairing) -> GameOutcome:
    """Play one game of the tournament with fresh bots in the pairing's seats."""
    bots = [make_bot(spec.bots[bot], game) for bot in pairing.seats]
    played = play_game(game, options, pairing.seed, bots, record=spec.record, timed=True)
    result = played.result
    times = seat_times(played.move_seconds, [budget_of(bot, spec.move_budget) for bot in bots])
    return GameOutcome(pairing.index, pairing.seed, pairing.seats, result.scores,
                       result.winners, result.reason, played.turns, played.actions,
                       played.record, times)


def play_chunk(spec: TournamentSpec, pairings: Sequence[Pairing]) -> list[GameOutcome]:
    """Play some games of the tournament (the unit of work of every backend)."""
    game = get_game(spec.game)
    options = game.options_from_json(spec.options)
    return [play_pairing(game, options, spec, pairing) for pairing in pairings]


Done = Callable[[list[GameOutcome]], None]


class Backend(Protocol):
    """Plays pairings in chunks; calls ``done`` in the calling process for each finished one.

    On ``KeyboardInterrupt`` (while waiting, or raised by ``done``) it cancels the
    work still pending and lets the interrupt rise.
    """

    @property
    def name(self) -> str: ...

    def run(self, spec: TournamentSpec, pairings: list[Pairing], done: Done) -> None: ...


class Stop(Protocol):
    """A stopping rule as the run sees it (``stopping.Sequential``)."""

    def add(self, outcomes: Sequence[GameOutcome]) -> bool:
        """Take finished games; whether the result is decided."""
        ...

    @property
    def decided_after(self) -> int | None:
        """The games that decided it (the first ones of the schedule); None if undecided."""
        ...


class Decided(Exception):
    """Raised in the calling process to stop the backend once the result is decided."""


@dataclass(slots=True)
class TournamentRun:
    """The games played, in the order of the schedule, and whether Ctrl-C cut it short."""

    spec: TournamentSpec
    scheduled: int
    outcomes: list[GameOutcome] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0  # of this sitting
    earlier_seconds: tuple[float, ...] = ()  # of the sittings before it (``--resume``)
    decided_after: int | None = None  # games, when a stopping rule ended it

    @property
    def played(self) -> int:
        return len(self.outcomes)

    @property
    def incomplete_blocks(self) -> int:
        """How many blocks of seat rotations have only some of their games played."""
        return incomplete_blocks((outcome.index for outcome in self.outcomes),
                                 self.spec.players)

    @property
    def sittings(self) -> tuple[float, ...]:
        """The seconds of each sitting, the earlier ones first and this one last."""
        return (*self.earlier_seconds, self.seconds)

    @property
    def total_seconds(self) -> float:
        """The seconds of all sittings together."""
        return sum(self.sittings)


def run_tournament(spec: TournamentSpec, backend: Backend,
                   on_games: Done | None = None,
                   played: Sequence[GameOutcome] = (),
                   stop: Stop | None = None) -> TournamentRun:
    """Play the tournament on ``backend``; ``on_games`` sees each finished chunk.
    ``played``: games of the tournament played before (read back from its journal,
    ``journal.py``): they are counted, not played again. ``stop``: a stopping rule,
    fed every game (those played before first), which ends the run once it decides;
    ``on_games`` sees the chunk that decided it before the run stops.

    A ``KeyboardInterrupt`` ends it early: the result holds the games finished by then.
    """
    pairings = spec.pairings()
    run = TournamentRun(spec, len(pairings), list(played))
    done_before = {outcome.index for outcome in played}
    pairings = [p for p in pairings if p.index not in done_before]
    if stop is not None and stop.add(played):
        pairings = []
    start = time.perf_counter()

    def done(outcomes: list[GameOutcome]) -> None:
        run.outcomes.extend(outcomes)
        decided = stop is not None and stop.add(outcomes)
        if on_games is not None:
            on_games(outcomes)
        if decided:
            raise Decided

    try:
        if pairings:
            backend.run(spec, pairings, done)
    except KeyboardInterrupt:
        run.interrupted = True
    except Decided:
        pass
    run.outcomes.sort(key=lambda outcome: outcome.index)
    if stop is not None and stop.decided_after is not None:
        run.decided_after = stop.decided_after
        run.outcomes = run.outcomes[:stop.decided_after]  # the games of the deciding look
        run.interrupted = False
    run.seconds = time.perf_counter() - start
    return run
