"""The Game of Tiny Beans: its options, new games, actions and states from text and JSON,
and what it offers the other layers (its bot, its golden game, its views, its search
hooks). It has no terminal screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from bohnen.core.files import excerpt
from bohnen.core.game import Game
from bohnen.core.golden import Golden
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.protocol import View
from bohnen.core.rng import seed_state, step
from tinybeans.actions import Play, TinyAction, action_from_json, parse_action
from tinybeans.cards import DECK, Card, code, parse_card
from tinybeans.data import VERSION
from tinybeans.options import TinyOptions
from tinybeans.rules import deal
from tinybeans.search import SEARCH
from tinybeans.serialize import state_from_json
from tinybeans.state import TinyState, new_state
from tinybeans.view_types import SeatView, SpectatorView

BOTS: Mapping[str, str] = MappingProxyType({"heuristic": "tinybeans.heuristic"})


class TinyBeans(Game[TinyOptions, TinyState, TinyAction]):
    """Tiny Beans, a test-only game (see the package's docstring for its rules)."""

    name = "tinybeans"
    title = "Tiny Beans"
    version = VERSION
    min_players = 2
    max_players = 4
    score_name = "beans"
    bots = BOTS
    golden = (Golden("tinybeans-3p-random", 3, "random", 303),)
    seat_view = SeatView
    spectator_view = SpectatorView
    search = SEARCH

    def options(self, players: int = 3, **overrides: Any) -> TinyOptions:
        return TinyOptions(players=players, **overrides)

    def options_from_json(self, data: object) -> TinyOptions:
        return TinyOptions.from_json(data)

    def option_sets(self, players: int) -> list[TinyOptions]:
        return [TinyOptions(players=players),
                TinyOptions(players=players, hand_size=2, lowest_wins=True)]

    def new_game(self, options: TinyOptions, seed: int,
                 deck: Sequence[object] | None = None) -> TinyState:
        """A new game: the deck shuffled by ``seed`` (or ``deck``, top first: cards or
        their codes) dealt one card at a time from seat 0."""
        if not isinstance(options, TinyOptions):
            raise ValueError(f"expected TinyOptions, not {type(options).__name__}")
        if deck is None:
            cards = list(DECK)
            shuffler, _ = step(seed_state(seed))
            shuffler.shuffle(cards)
        else:
            cards = [_card(item) for item in deck]
            if sorted(cards) != list(DECK):
                raise ValueError(f"a deck must hold the {len(DECK)} cards B1 to B12 once "
                                 f"each, not {excerpt(deck)}")
        state = new_state(options)
        deal(state, tuple(cards))
        return state

    def parse_action(self, text: str) -> TinyAction:
        return parse_action(text)

    def action_from_json(self, data: object) -> TinyAction:
        return action_from_json(data)

    def state_from_json(self, data: object) -> TinyState:
        return state_from_json(TinyState, data)

    def action_texts(self, view: View, actions: Sequence[TinyAction],
                     names: Names = NO_NAMES) -> list[str]:
        """Each action in words (a game without a module of words gives them here)."""
        return [f"Play {code(a.card)} face down" if isinstance(a, Play)
                else f"Keep {code(a.card)} of the trick" for a in actions]


def _card(item: object) -> Card:
    if type(item) is int and item in DECK:
        return Card(item)
    if isinstance(item, str):
        return parse_card(item)
    raise ValueError(f"no card {excerpt(item)} in a deck")


GAME = TinyBeans()
