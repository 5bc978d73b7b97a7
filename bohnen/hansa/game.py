"""The Bohn Hansa entry of the registry: options, new games, actions and states from text.

The board (map, ladders, contracts, Neue-Ernte cards) is a data file: see
``board.py`` and docs/hansa-board.md. The default board is a reconstruction.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType

from bohnen.core.game import Game
from bohnen.core.golden import Golden
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.options import options_with
from bohnen.core.protocol import View
from bohnen.hansa.actions import HansaAction, action_from_json, parse_action
from bohnen.hansa.data import VERSION
from bohnen.hansa.flow import new_state
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.search import SEARCH
from bohnen.hansa.serialize import state_from_json
from bohnen.hansa.state import HansaState
from bohnen.hansa.text import action_texts
from bohnen.hansa.view_types import SeatView, SpectatorView


class BohnHansa(Game[HansaOptions, HansaState, HansaAction]):
    name = "hansa"
    title = "Bohn Hansa"
    version = VERSION
    replays_versions = (2,)  # the rules and the notation are those of version 2
    min_players = 3
    max_players = 5
    score_name = "talers"
    bots = MappingProxyType({"heuristic": "bohnen.hansa.heuristic"})
    screen = "bohnen.tui.hansa_screen:HansaScreen"
    words = "bohnen.hansa.text"
    encoding = "bohnen.rl.hansa:HansaEncoding"
    seen = "bohnen.hansa.seen:seen"
    golden = (
        Golden("hansa-3p-random", 3, "random", 3303),
        Golden("hansa-4p-heuristic", 4, "heuristic", 4404,
               {"start_tie_break": "random", "short_harvest": "card_order",
                "max_proposals_per_turn": 2, "proposal_size": 2}),
        Golden("hansa-5p-heuristic", 5, "heuristic", 5505),
    )
    seat_view = SeatView
    spectator_view = SpectatorView
    search = SEARCH

    def options(self, players: int = 4, **overrides: object) -> HansaOptions:
        return options_with(HansaOptions, players, overrides)  # each checked

    def options_from_json(self, data: object) -> HansaOptions:
        return HansaOptions.from_json(data)

    def option_sets(self, players: int) -> list[HansaOptions]:
        """The defaults with three and five players, every other choice with four (one
        set per player count keeps the conformance suite's share of CI small)."""
        if players != 4:
            return [HansaOptions(players=players)]
        return [HansaOptions(players=players, start_tie_break="random",
                             short_harvest="card_order", reshuffle_contracts=False,
                             max_proposals_per_turn=2, proposal_size=2)]

    def new_game(self, options: HansaOptions, seed: int,
                 deck: Sequence[object] | None = None) -> HansaState:
        """A new game. ``deck`` fixes the cards instead of shuffling: the 60 contracts
        top first (``"C17"``; three to each seat from seat 0, the rest the pile), then
        optionally the 10 Neue-Ernte cards top first (``"H3"``; the first two are set
        aside as the reserve)."""
        if not isinstance(options, HansaOptions):
            raise ValueError(f"expected HansaOptions, not {type(options).__name__}")
        board = options.board_data
        order = None if deck is None else _deck(deck, len(board.contracts), len(board.harvests))
        return new_state(HansaState, options, seed, order)

    def parse_action(self, text: str) -> HansaAction:
        return parse_action(text)

    def action_from_json(self, data: object) -> HansaAction:
        return action_from_json(data)

    def state_from_json(self, data: object) -> HansaState:
        return state_from_json(data, HansaState)

    def action_texts(self, view: View, actions: Sequence[HansaAction],
                     names: Names = NO_NAMES) -> list[str]:
        return action_texts(view, actions, names)


def _deck(deck: Sequence[object], contracts: int,
          harvests: int) -> tuple[list[int], list[int] | None]:
    items = [str(x).strip().upper() for x in deck]
    cs = [x for x in items if x.startswith("C")]
    hs = [x for x in items if x.startswith("H")]
    want_c = [f"C{i}" for i in range(1, contracts + 1)]
    want_h = [f"H{i}" for i in range(1, harvests + 1)]
    if sorted(cs) != sorted(want_c) or len(cs) + len(hs) != len(items) or (
            hs and sorted(hs) != sorted(want_h)) or items[:len(cs)] != cs:
        raise ValueError(f"a deck must list the {contracts} contracts C1..C{contracts} once "
                         f"each, then optionally the {harvests} Neue-Ernte cards H1..H{harvests}")
    return [int(x[1:]) for x in cs], ([int(x[1:]) - 1 for x in hs] if hs else None)


def stacked_deck(contracts: Sequence[str] = (), harvests: Sequence[str] = (),
                 seed: int = 0, board_contracts: int = 60, board_harvests: int = 10) -> list[str]:
    """A full deck with ``contracts`` on top of the contracts (dealt three to each seat
    from seat 0) and ``harvests`` on top of the Neue-Ernte cards (the first two are the
    reserve); the rest shuffled by ``seed``. For tests and studies."""
    rng = random.Random(seed)
    rest_c = [f"C{i}" for i in range(1, board_contracts + 1) if f"C{i}" not in contracts]
    rest_h = [f"H{i}" for i in range(1, board_harvests + 1) if f"H{i}" not in harvests]
    rng.shuffle(rest_c)
    rng.shuffle(rest_h)
    return [*contracts, *rest_c, *harvests, *rest_h]


GAME = BohnHansa()
