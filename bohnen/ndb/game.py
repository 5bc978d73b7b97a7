"""Nicht die Bohne! as a game of the registry: options, new games, actions and states
from their written forms, and what it offers the other layers (its bot, its screen,
its golden games, its view types, its search hooks)."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from bohnen.core.game import Game
from bohnen.core.golden import Golden
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.options import options_with
from bohnen.core.protocol import View
from bohnen.core.rng import seed_state, shuffle, step
from bohnen.ndb.actions import NdbAction, action_from_json, parse_action
from bohnen.ndb.cards import DECK_SIZE, Card, full_deck, parse_card
from bohnen.ndb.data import VERSION
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.rules import new_state
from bohnen.ndb.search import SEARCH
from bohnen.ndb.serialize import state_from_json
from bohnen.ndb.state import NdbState
from bohnen.ndb.text import action_texts
from bohnen.ndb.view_types import SeatView, SpectatorView


class NichtDieBohne(Game[NdbOptions, NdbState, NdbAction]):
    name = "ndb"
    title = "Nicht die Bohne!"
    version = VERSION
    replays_versions = (1,)  # version 2 renamed the state's fields: the play is the same
    min_players = 3
    max_players = 6
    score_name = "points"
    bots = MappingProxyType({"heuristic": "bohnen.ndb.heuristic"})
    screen = "bohnen.tui.ndb_screen:NdbScreen"
    words = "bohnen.ndb.text"
    encoding = "bohnen.rl.ndb:NdbEncoding"
    seen = "bohnen.ndb.seen:seen"
    seat_view = SeatView
    spectator_view = SpectatorView
    golden = (
        Golden("ndb-3p-random", 3, "random", 3033),
        Golden("ndb-6p-random", 6, "random", 6066),
    )
    search = SEARCH

    def options(self, players: int = 4, **overrides: object) -> NdbOptions:
        return options_with(NdbOptions, players, overrides)  # each checked

    def options_from_json(self, data: object) -> NdbOptions:
        return NdbOptions.from_json(data)

    def option_sets(self, players: int) -> list[NdbOptions]:
        return [NdbOptions(players=players), NdbOptions(players=players, rounds=1)]

    def new_game(self, options: NdbOptions, seed: int,
                 deck: Sequence[object] | None = None) -> NdbState:
        """A new game; ``deck`` (card codes or ints) fixes the first round's deal (top
        first); later rounds are shuffled from ``seed``."""
        if not isinstance(options, NdbOptions):
            raise ValueError(f"expected NdbOptions, not {type(options).__name__}")
        rng = seed_state(seed)
        if deck is None:
            shuffler, rng = step(rng)
            cards = full_deck()
            shuffle(shuffler, cards)
        else:
            cards = [Card(d) if type(d) is int else parse_card(str(d)) for d in deck]
            if sorted(cards) != full_deck():
                raise ValueError(f"a deck must hold the {DECK_SIZE} cards exactly "
                                 f"(got {len(cards)} cards)")
        return new_state(NdbState, options, rng, cards)

    def parse_action(self, text: str) -> NdbAction:
        return parse_action(text)

    def action_from_json(self, data: object) -> NdbAction:
        return action_from_json(data)

    def state_from_json(self, data: object) -> NdbState:
        return state_from_json(data, NdbState)

    def action_texts(self, view: View, actions: Sequence[NdbAction],
                     names: Names = NO_NAMES) -> list[str]:
        return action_texts(view, actions, names)


GAME = NichtDieBohne()
