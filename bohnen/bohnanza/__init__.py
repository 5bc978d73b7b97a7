"""Bohnanza (Amigo, original edition): 8 beans, 104 cards, 3 to 5 players."""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from bohnen.bohnanza.actions import action_from_json, parse_action
from bohnen.bohnanza.beans import DECK_SIZE, NAMES, parse_bean, standard_deck
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.search import SEARCH
from bohnen.bohnanza.serialize import state_from_json
from bohnen.bohnanza.state import BohnanzaState, new_state
from bohnen.core.game import Game
from bohnen.core.golden import Golden
from bohnen.core.rng import seed_state, step


class Bohnanza(Game[Any, Any, Any]):
    name = "bohnanza"
    title = "Bohnanza"
    version = 2
    min_players = 3
    max_players = 5
    score_name = "talers"
    bots = MappingProxyType({"heuristic": "bohnen.bohnanza.heuristic"})
    estimates = MappingProxyType({"learned": "bohnen.bohnanza.learned.model:learned_estimate"})
    screen = "bohnen.tui.bohnanza_screen:BohnanzaScreen"
    golden = (
        Golden("bohnanza-3p-random", 3, "random", 3003),
        Golden("bohnanza-4p-no-trades", 4, "random:trades=false", 4004),
        Golden("bohnanza-5p-random-expert", 5, "random", 5005,
               {"expert_taler_trading": True, "beginner": True, "proposal_size": 2}),
        Golden("bohnanza-4p-open", 4, "random", 4040,
               {"trading": "open", "max_proposals_per_turn": 4}),
    )
    search = SEARCH

    def options(self, players: int = 4, **overrides: Any) -> BohnanzaOptions:
        return BohnanzaOptions(players=players, **overrides)

    def options_from_json(self, data: Any) -> BohnanzaOptions:
        return BohnanzaOptions.from_json(data)

    def option_sets(self, players: int) -> list[BohnanzaOptions]:
        base = BohnanzaOptions(players=players)
        return [
            base,
            BohnanzaOptions(players=players, bean_protection=False,
                            same_bean_in_two_fields=True, tie_break="most_cards_in_hand"),
            BohnanzaOptions(players=players, beginner=True, expert_taler_trading=True,
                            third_field_cost=2, proposal_size=2),
            BohnanzaOptions(players=players, trading="open", max_proposals_per_turn=None),
            BohnanzaOptions(players=players, max_proposals_per_turn=0),
        ]

    def new_game(self, options: Any, seed: int,
                 deck: Sequence[Any] | None = None) -> BohnanzaState:
        if not isinstance(options, BohnanzaOptions):
            raise ValueError(f"expected BohnanzaOptions, not {type(options).__name__}")
        rng = seed_state(seed)
        if deck is None:
            shuffler, rng = step(rng)
            cards = standard_deck()
            shuffler.shuffle(cards)
        else:
            cards = _deck(deck)
        return new_state(options, rng, cards)

    def parse_action(self, text: str) -> Any:
        return parse_action(text)

    def action_from_json(self, data: Any) -> Any:
        return action_from_json(data)


    def state_from_json(self, data: Any) -> BohnanzaState:
        return state_from_json(data)






def _deck(deck: Sequence[Any]) -> list[int]:
    """A full deck order (top first) of bean names, codes or indices, checked."""
    cards = [d if isinstance(d, int) and not isinstance(d, bool) else parse_bean(str(d))
             for d in deck]
    if sorted(cards) != standard_deck():
        raise ValueError(f"a deck must hold the {DECK_SIZE} Bohnanza cards exactly "
                         f"(got {len(cards)} cards)")
    return cards


def stacked_deck(top: Sequence[Any], seed: int = 0) -> list[str]:
    """A full deck whose first cards are ``top`` (top first), the rest shuffled by ``seed``.

    For tests and studies: deal exactly the hands and draws a situation needs.
    """
    wanted = [parse_bean(str(b)) if not isinstance(b, int) else b for b in top]
    rest = standard_deck()
    for b in wanted:
        rest.remove(b)
    random.Random(seed).shuffle(rest)
    return [NAMES[b] for b in wanted + rest]


GAME = Bohnanza()

__all__ = ["GAME", "Bohnanza", "BohnanzaOptions", "BohnanzaState", "stacked_deck"]
