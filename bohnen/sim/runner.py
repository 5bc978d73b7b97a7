"""Playing games between bots: one game, or a seeded series of them."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from bohnen.core.bots import AnyBot, BotFault, Decision, Wait
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState, JSONObject, Options
from bohnen.core.records import GameRecord
from bohnen.core.result import Result
from bohnen.core.rng import derive

MAX_ACTIONS: Final = 1_000_000  # a guard: no game of any registered game comes near it
# Module constants, not globals read at each move: compiled with mypyc, a Final name is
# a C variable, where a name of an interpreted module (bohnen.core.bots is one) would be
# looked up in the module's dictionary at every use.
_DECISION: Final = Decision
_WAIT: Final = Wait
_NEW: Final = tuple.__new__  # builds the Decision without a Python-level call


@dataclass(slots=True)
class Played:
    """One finished game: its result, length and (if kept) its record."""

    seed: int
    result: Result
    turns: int
    actions: int
    record: GameRecord | None
    # with ``timed``: each seat's decisions, the seconds its bot took over each
    move_seconds: tuple[tuple[float, ...], ...] = ()


def play_game(game: AnyGame, options: Options, seed: int, bots: Sequence[AnyBot],
              record: bool = False, timed: bool = False) -> Played:
    """Play one game; bot ``i`` sits in seat ``i``; every chance comes from ``seed``.
    ``timed``: each bot's decisions are timed (``Played.move_seconds``), from the call
    of its ``act`` to its answer.

    Where several seats may act, one of them (drawn by the seed) is asked and moves.
    There is no time to wait for: no bot is offered to wait (``may_wait`` false), and a
    bot answering ``Wait`` anyway is at fault (``BotFault``). Moves are made by
    ``advance``: a record keeps the actions, and nothing reads their events."""
    state: AnyState = game.new_game(options, seed)
    rngs = [random.Random(derive(seed, 1, seat)) for seat in range(len(bots))]
    choose = random.Random(derive(seed, 2)).random
    notation: list[str] = []
    count = 0
    views = [bot.needs_view for bot in bots]
    proposes = [bot.proposes for bot in bots]
    terms = [bool(getattr(bot, "needs_terms", False)) for bot in bots]
    acts = [bot.act for bot in bots]
    # The state's methods, bound once a game: a call through a bound method skips the
    # lookup of the method by name that each ``state.x(...)`` makes (compiled, a fifth of
    # the runner's cost of a move).
    to_act, legal_actions, advance = state.to_act, state.legal_actions, state.advance
    view, proposals, proposal_terms = state.view, state.proposals, state.proposal_terms
    times: list[list[float]] | None = [[] for _ in bots] if timed else None
    clock = time.perf_counter
    while True:
        waiting = to_act()  # empty once the game is over
        if not waiting:
            break
        seat = waiting[0] if len(waiting) == 1 else waiting[int(choose() * len(waiting))]
        legal = legal_actions(seat)
        # A bot that does not propose still gets the proposals when they are all it may do.
        decision = _NEW(_DECISION, (seat, view(seat) if views[seat] else None, legal,
                                    proposals(seat) if proposes[seat] or not legal else (),
                                    False, 0.0,
                                    proposal_terms(seat) if terms[seat] else None))
        if times is None:
            action = acts[seat](decision, rngs[seat])
        else:
            start = clock()
            action = acts[seat](decision, rngs[seat])
            times[seat].append(clock() - start)
        if type(action) is _WAIT:  # compiled, the object's type read directly
            raise BotFault(f"bot {bots[seat].name} at seat {seat} waited, but the game "
                           "needs its move")
        advance(action)  # nothing here reads the events: none are built
        if record:
            notation.append(str(action))
        count += 1
        if count > MAX_ACTIONS:
            raise RuntimeError(f"game with seed {seed} did not end after {MAX_ACTIONS} actions")
    if not state.is_over:
        raise RuntimeError(f"game with seed {seed}: nobody may act, yet the game is not over")
    result = state.result()
    rec = None
    if record:
        rec = GameRecord(game.name, game.version, options.to_json(), seed, notation, None, result)
    move_seconds = () if times is None else tuple(map(tuple, times))
    return Played(seed, result, state.turn, count, rec, move_seconds)


@dataclass(slots=True)
class Summary:
    """Figures over a series of games."""

    game: str
    players: int
    score_name: str = "score"
    games: int = 0
    scores: list[int] = field(default_factory=list)  # total score per seat
    wins: list[float] = field(default_factory=list)  # shared wins split evenly
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0

    def add(self, played: Played) -> None:
        if not self.scores:
            self.scores = [0] * self.players
            self.wins = [0.0] * self.players
        self.games += 1
        for seat, score in enumerate(played.result.scores):
            self.scores[seat] += score
        for seat in played.result.winners:
            self.wins[seat] += 1 / len(played.result.winners)
        self.turns += played.turns
        self.actions += played.actions

    def to_json(self) -> JSONObject:
        g = max(self.games, 1)
        return {
            "game": self.game,
            "players": self.players,
            "score_name": self.score_name,
            "games": self.games,
            "mean_score": [round(t / g, 3) for t in self.scores],
            "win_share": [round(w / g, 4) for w in self.wins],
            "mean_turns": round(self.turns / g, 2),
            "mean_actions": round(self.actions / g, 1),
            "games_per_second": rate(self.games, self.seconds),
        }


def rate(games: int, seconds: float) -> float | None:
    """Games per second: to one decimal from 10 up, else to three significant digits,
    so that a series of slow games does not show 0.0; None if no time was measured."""
    if not seconds:
        return None
    value = games / seconds
    return round(value, 1) if value >= 10 else float(f"{value:.3g}")


def simulate(game: AnyGame, options: Options, seed: int, games: int, bots: Sequence[AnyBot],
             on_game: Callable[[Played], None] | None = None, record: bool = False) -> Summary:
    """Play ``games`` games; game ``i`` uses the seed ``derive(seed, i)``.

    ``on_game`` is called after each game; ``record`` keeps each game's record in it.
    """
    summary = Summary(game.name, options.players, game.score_name)
    start = time.perf_counter()
    for index in range(games):
        played = play_game(game, options, derive(seed, index), bots, record=record)
        summary.add(played)
        if on_game is not None:
            on_game(played)
    summary.seconds = time.perf_counter() - start
    return summary
