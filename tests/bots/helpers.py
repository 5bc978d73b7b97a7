"""What the bot tests share: a bot that checks its moves, games and positions to play."""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

from bohnen.bots import make_bot
from bohnen.core.bots import Decision
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState
from bohnen.sim.runner import play_game


class Checked:
    """A bot that asserts its inner bot returns one of the decision's choices."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.proposes = bot.proposes
        self.moves = 0

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        action = self.bot.act(decision, rng)
        assert action in decision.actions or any(p == action for p in decision.proposals), \
            f"{action} is not a choice of seat {decision.seat}"
        self.moves += 1
        return action


def play_with(game: AnyGame, options: Any, seed: int, spec: str, seats: tuple[int, ...]) -> int:
    bots: list[Any] = [make_bot("random", game) for _ in range(options.players)]
    checked = [Checked(make_bot(spec, game)) for _ in seats]
    for seat, bot in zip(seats, checked, strict=True):
        bots[seat] = bot
    played = play_game(game, options, seed, bots)
    assert len(played.result.scores) == options.players
    return sum(bot.moves for bot in checked)


def decision_of(state: AnyState, seat: int) -> Decision[Any]:
    return Decision(seat, state.view(seat), state.legal_actions(seat), state.proposals(seat))


def positions(game: AnyGame, options: Any, seed: int, count: int) -> list[tuple[AnyState, int]]:
    """``count`` positions of a random game where the seat to act has a choice."""
    rng = random.Random(seed)
    state = game.new_game(options, seed)
    found: list[tuple[AnyState, int]] = []
    while not state.is_over and len(found) < count:
        seats = state.to_act()
        seat = seats[int(rng.random() * len(seats))]
        legal = state.legal_actions(seat)
        if len(legal) + (1 if state.proposals(seat) else 0) > 1 and rng.random() < 0.15:
            found.append((state.clone(), seat))
        proposals = list(islice(state.proposals(seat), 20))
        choices = legal + proposals[:1]
        state.apply(choices[int(rng.random() * len(choices))])
    return found
