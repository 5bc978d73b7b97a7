"""Nicht die Bohne! (Amigo 1999, Horst-Rainer Rösner): 60 cards, 3 to 6 players."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Any

from bohnen.core.protocol import Game
from bohnen.core.result import Result
from bohnen.core.rng import seed_state, step
from bohnen.ndb.actions import action_from_json, parse_action
from bohnen.ndb.cards import DECK_SIZE, code, full_deck, parse_card
from bohnen.ndb.determinize import sampler, state_from_view
from bohnen.ndb.heuristic import BOT_PARAMS, make_heuristic
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.playout import playout, playout_move
from bohnen.ndb.serialize import state_from_json
from bohnen.ndb.state import NdbState, new_state


class NichtDieBohne(Game):
    name = "ndb"
    title = "Nicht die Bohne!"
    version = 1
    min_players = 3
    max_players = 6
    score_name = "points"
    bot_factories = MappingProxyType({"heuristic": (make_heuristic, BOT_PARAMS)})

    def options(self, players: int = 4, **overrides: Any) -> NdbOptions:
        return NdbOptions(players=players, **overrides)

    def options_from_json(self, data: Any) -> NdbOptions:
        return NdbOptions.from_json(data)

    def option_sets(self, players: int) -> list[NdbOptions]:
        return [NdbOptions(players=players), NdbOptions(players=players, rounds=1)]

    def new_game(self, options: Any, seed: int, deck: Sequence[Any] | None = None) -> NdbState:
        """A new game; ``deck`` fixes the first round's deal (top first); later rounds
        are shuffled from ``seed``."""
        if not isinstance(options, NdbOptions):
            raise ValueError(f"expected NdbOptions, not {type(options).__name__}")
        rng = seed_state(seed)
        if deck is None:
            shuffler, rng = step(rng)
            cards = full_deck()
            shuffler.shuffle(cards)
        else:
            cards = [d if type(d) is int else parse_card(str(d)) for d in deck]
            if sorted(cards) != full_deck():
                raise ValueError(f"a deck must hold the {DECK_SIZE} cards exactly "
                                 f"(got {len(cards)} cards)")
        return new_state(options, rng, cards)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def action_from_json(self, data: Any) -> Any:
        return action_from_json(data)

    def state_from_view(self, view: dict[str, Any], rng: random.Random) -> NdbState:
        return state_from_view(view, rng)

    def state_from_json(self, data: Any) -> NdbState:
        return state_from_json(data)

    def sampler(self, view: dict[str, Any]) -> Callable[[random.Random], NdbState]:
        return sampler(view)

    def playout_move(self, state: Any, rng: random.Random) -> Any:
        return playout_move(state, rng)

    def playout(self, state: Any, rng: random.Random) -> Result:
        return playout(state, rng)


def stacked_deck(hands: Sequence[Sequence[str]], seed: int = 0) -> list[str]:
    """A first-round deck that deals ``hands[i]`` to seat ``i`` (seat 0 first, as the
    last seat deals); hands must be full. For tests and studies."""
    n = len(hands)
    order: list[str] = []
    for i in range(len(hands[0])):
        for seat in range(n):
            order.append(hands[seat][i])
    if sorted(parse_card(c) for c in order) != full_deck():
        raise ValueError("the hands must hold the 60 cards exactly")
    _ = seed
    return [code(parse_card(c)) for c in order]


GAME = NichtDieBohne()

__all__ = ["GAME", "NdbOptions", "NdbState", "NichtDieBohne", "stacked_deck"]
