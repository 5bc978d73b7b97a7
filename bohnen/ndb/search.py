"""The search hooks of Nicht die Bohne!: sampling states from a view, playouts, the estimate."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from bohnen.core.protocol import View
from bohnen.core.result import Result
from bohnen.core.search import Search
from bohnen.ndb.actions import NdbAction
from bohnen.ndb.determinize import sampler, state_from_view
from bohnen.ndb.playout import playout, playout_move
from bohnen.ndb.state import NdbState
from bohnen.ndb.view_types import AnyView


class NdbSearch(Search[NdbState]):
    """What a search bot needs of Nicht die Bohne! beyond the rules."""

    def state_from_view(self, view: View, rng: random.Random) -> NdbState:
        return state_from_view(cast(AnyView, view), rng, NdbState)

    def sampler(self, view: View) -> Callable[[random.Random], NdbState]:
        return sampler(cast(AnyView, view), NdbState)

    def playout_move(self, state: NdbState, rng: random.Random) -> NdbAction | None:
        return playout_move(state, rng)

    def playout(self, state: NdbState, rng: random.Random) -> Result:
        return playout(state, rng)


SEARCH = NdbSearch()
