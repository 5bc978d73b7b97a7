"""The search hooks of Bohn Hansa: sampling states from a view, playouts, the estimate."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from bohnen.core.protocol import View
from bohnen.core.result import Result
from bohnen.core.search import Search
from bohnen.hansa.actions import HansaAction
from bohnen.hansa.determinize import sampler, state_from_view
from bohnen.hansa.playout import estimate, playout, playout_move
from bohnen.hansa.state import HansaState
from bohnen.hansa.view_types import SeatView


class HansaSearch(Search[HansaState]):
    """What a search bot needs of Bohn Hansa beyond the rules."""

    def state_from_view(self, view: View, rng: random.Random) -> HansaState:
        return state_from_view(cast(SeatView, view), rng, HansaState)

    def sampler(self, view: View) -> Callable[[random.Random], HansaState]:
        return sampler(cast(SeatView, view), HansaState, HansaState.clone)

    def playout_move(self, state: HansaState, rng: random.Random) -> HansaAction | None:
        return playout_move(state, rng)

    def playout(self, state: HansaState, rng: random.Random) -> Result:
        return playout(state, rng)

    def estimate(self, state: HansaState) -> Result | None:
        return estimate(state)


SEARCH = HansaSearch()
