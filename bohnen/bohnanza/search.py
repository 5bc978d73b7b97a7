"""The search hooks of Bohnanza: sampling states from a view, playouts, the estimate."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.determinize import sampler, state_from_view
from bohnen.bohnanza.playout import estimate, playout, playout_move
from bohnen.bohnanza.state import BohnanzaState
from bohnen.bohnanza.views import BohnanzaView
from bohnen.core.protocol import View
from bohnen.core.result import Result
from bohnen.core.search import Search


class BohnanzaSearch(Search[BohnanzaState]):
    """What a search bot needs of Bohnanza beyond the rules."""

    def state_from_view(self, view: View, rng: random.Random) -> BohnanzaState:
        return state_from_view(cast(BohnanzaView, view), rng, BohnanzaState)

    def sampler(self, view: View) -> Callable[[random.Random], BohnanzaState]:
        return sampler(cast(BohnanzaView, view), BohnanzaState)

    def playout_move(self, state: BohnanzaState, rng: random.Random) -> BohnanzaAction | None:
        return playout_move(state, rng)

    def playout(self, state: BohnanzaState, rng: random.Random) -> Result:
        return playout(state, rng)

    def estimate(self, state: BohnanzaState) -> Result | None:
        return estimate(state)


SEARCH = BohnanzaSearch()
