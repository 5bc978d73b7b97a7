"""Nicht die Bohne! (Amigo 1999, Horst-Rainer Rösner): 60 cards, 3 to 6 players."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from bohnen.core.game import Game
from bohnen.core.golden import Golden
from bohnen.core.rng import seed_state, step
from bohnen.ndb.actions import action_from_json, parse_action
from bohnen.ndb.cards import DECK_SIZE, code, full_deck, parse_card
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.search import SEARCH
from bohnen.ndb.serialize import state_from_json
from bohnen.ndb.state import NdbState, new_state


class NichtDieBohne(Game[Any, Any, Any]):
    name = "ndb"
    title = "Nicht die Bohne!"
    version = 1
    min_players = 3
    max_players = 6
    score_name = "points"
    bots = MappingProxyType({"heuristic": "bohnen.ndb.heuristic"})
    screen = "bohnen.tui.ndb_screen:NdbScreen"
    golden = (
        Golden("ndb-3p-random", 3, "random", 3033),
        Golden("ndb-6p-random", 6, "random", 6066),
    )
    search = SEARCH

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


    def state_from_json(self, data: Any) -> NdbState:
        return state_from_json(data)





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
