"""The game of Bohnanza as the registry knows it: options, new games, actions and saved
states from their text and JSON, and what the layers above may use (its bots, estimates,
terminal screen, golden games, view types, search hooks)."""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from bohnen.bohnanza.actions import BohnanzaAction, action_from_json, parse_action
from bohnen.bohnanza.beans import standard_deck
from bohnen.bohnanza.builder import deck_order
from bohnen.bohnanza.data import REPLAYS_VERSIONS, VERSION
from bohnen.bohnanza.flow import deal
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.search import SEARCH
from bohnen.bohnanza.serialize import state_from_json
from bohnen.bohnanza.state import BohnanzaState
from bohnen.bohnanza.text import action_texts
from bohnen.bohnanza.view_types import SeatView, SpectatorView
from bohnen.core.game import Game
from bohnen.core.golden import Golden
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.options import options_with
from bohnen.core.protocol import View
from bohnen.core.rng import seed_state, shuffle, step


class Bohnanza(Game[BohnanzaOptions, BohnanzaState, BohnanzaAction]):
    """Bohnanza (Amigo, original edition): 8 beans, 104 cards, 3 to 5 players."""

    name = "bohnanza"
    title = "Bohnanza"
    version = VERSION
    replays_versions = REPLAYS_VERSIONS
    min_players = 3
    max_players = 5
    score_name = "talers"
    bots = MappingProxyType({"heuristic": "bohnen.bohnanza.heuristic"})
    estimates = MappingProxyType({"learned": "bohnen.bohnanza.learned.model:learned_estimate"})
    screen = "bohnen.tui.bohnanza_screen:BohnanzaScreen"
    words = "bohnen.bohnanza.text"
    encoding = "bohnen.rl.bohnanza:BohnanzaEncoding"
    seen = "bohnen.bohnanza.seen:seen"
    golden = (
        Golden("bohnanza-3p-random", 3, "random", 3003),
        Golden("bohnanza-4p-no-trades", 4, "random:trades=false", 4004),
        Golden("bohnanza-5p-random-expert", 5, "random", 5005,
               {"expert_taler_trading": True, "beginner": True, "proposal_size": 2}),
        Golden("bohnanza-4p-open", 4, "random", 4040,
               {"trading": "open", "max_proposals_per_turn": 4}),
    )
    search = SEARCH
    seat_view = SeatView
    spectator_view = SpectatorView

    def options(self, players: int = 4, **overrides: object) -> BohnanzaOptions:
        return options_with(BohnanzaOptions, players, overrides)  # each checked

    def options_from_json(self, data: object) -> BohnanzaOptions:
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

    def new_game(self, options: BohnanzaOptions, seed: int,
                 deck: Sequence[object] | None = None) -> BohnanzaState:
        if not isinstance(options, BohnanzaOptions):
            raise ValueError(f"expected BohnanzaOptions, not {type(options).__name__}")
        rng = seed_state(seed)
        if deck is None:
            shuffler, rng = step(rng)
            cards = standard_deck()
            shuffle(shuffler, cards)
        else:
            cards = deck_order(deck)
        state = BohnanzaState.blank(options)
        deal(state, rng, cards)
        return state

    def parse_action(self, text: str) -> BohnanzaAction:
        return parse_action(text)

    def action_from_json(self, data: object) -> BohnanzaAction:
        return action_from_json(data)

    def state_from_json(self, data: object) -> BohnanzaState:
        return state_from_json(data, BohnanzaState)

    def action_texts(self, view: View, actions: Sequence[BohnanzaAction],
                     names: Names = NO_NAMES) -> list[str]:
        return action_texts(view, actions, names)


GAME = Bohnanza()
