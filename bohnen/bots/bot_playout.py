"""Playouts played by bots: every seat of a sampled state moves as a named bot would.

A search bot's playouts model how the game goes on. The game's own playout
(``Game.search.playout``) is cheap rules of thumb; a bot playout instead lets a real bot (the
heuristic bot, say) choose every move, each seat given what that bot is always given:
its view of the sampled state, its legal actions and its proposals. It is slower, but
where the other players are such bots it is their very policy. It stops after
``turns`` turns with the game's estimate (``Game.search.estimate``), or plays on to the end
for a game that gives none. The search may name another estimate the game offers
(``Game.estimates``, by name), such as Bohnanza's learned evaluation.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from bohnen.core.bots import AnyBot, chosen, decision_for
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState
from bohnen.core.result import Result

Estimate = Callable[[AnyState], Result | None]
MAX_PLAYOUT_ACTIONS = 100_000  # a guard against a bot that never ends its turn


def bot_move(state: AnyState, bots: Sequence[AnyBot], rng: random.Random) -> bool:
    """Let the bot of a seat to act (a random one where several may act) make its move;
    False once the game is over."""
    seats = state.to_act()
    if not seats:
        return False
    seat = seats[0] if len(seats) == 1 else seats[int(rng.random() * len(seats))]
    bot = bots[seat]
    state.advance(chosen(bot, decision_for(state, seat, bot), rng))
    return True


def bot_playout(game: AnyGame, state: AnyState, rng: random.Random, bots: Sequence[AnyBot],
                turns: int | None, estimate: Estimate | None = None) -> Result:
    """Play ``state`` by ``bots`` (one a seat) for ``turns`` turns (None: to the end),
    then ``estimate`` (by default the game's own); the true result if the game ends
    first, or if the game has no estimate."""
    reckon = game.search.estimate if estimate is None else estimate
    stop = None if turns is None else state.turn + turns
    moves = 0
    while bot_move(state, bots, rng):
        moves += 1
        if moves > MAX_PLAYOUT_ACTIONS:
            raise RuntimeError(f"a bot playout did not end after {MAX_PLAYOUT_ACTIONS} moves")
        if stop is not None and state.turn >= stop and not state.is_over:
            expected = reckon(state)
            if expected is not None:
                return expected
            stop = None
    result: Result = state.result()
    return result


def bot_playouts(game: AnyGame, make: Callable[[], AnyBot], estimate: Estimate | None = None
                 ) -> Callable[[AnyState, random.Random, int | None], Result]:
    """A playout function whose seats are fresh bots from ``make`` (fresh for every
    playout, so that no bot's memory of one playout leaks into another), ended by
    ``estimate`` (by default the game's own)."""
    def playout(state: AnyState, rng: random.Random, turns: int | None) -> Result:
        bots = [make() for _ in range(state.options.players)]
        return bot_playout(game, state, rng, bots, turns, estimate)

    return playout
