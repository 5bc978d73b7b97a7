"""The search hooks of Nicht die Bohne!: sampling states from a view, playouts, the estimate."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bohnen.core.protocol import View
from bohnen.core.result import Result
from bohnen.core.search import Search
from bohnen.ndb.determinize import sampler, state_from_view
from bohnen.ndb.playout import playout, playout_move
from bohnen.ndb.state import NdbState


class NdbSearch(Search[NdbState]):
    """What a search bot needs of Nicht die Bohne! beyond the rules."""

    def state_from_view(self, view: View, rng: random.Random) -> NdbState:
        return state_from_view(view, rng)  # type: ignore[arg-type]

    def sampler(self, view: View) -> Callable[[random.Random], NdbState]:
        return sampler(view)  # type: ignore[arg-type]

    def playout_move(self, state: NdbState, rng: random.Random) -> Any:
        return playout_move(state, rng)

    def playout(self, state: NdbState, rng: random.Random) -> Result:
        return playout(state, rng)


SEARCH = NdbSearch()
