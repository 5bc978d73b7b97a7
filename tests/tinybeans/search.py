"""The search hooks of Tiny Beans: states sampled from a view, a cheap playout policy.

The playout plays a random card and keeps the card of the trick with the most beans.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bohnen.core.protocol import View
from bohnen.core.search import Search
from tinybeans.actions import Keep, TinyAction
from tinybeans.cards import beans
from tinybeans.determinize import sampler, state_from_view
from tinybeans.legal import legal_actions
from tinybeans.rules import to_act
from tinybeans.state import TinyState


class TinySearch(Search[TinyState]):
    """What a search bot needs of Tiny Beans beyond the rules."""

    def state_from_view(self, view: View, rng: random.Random) -> TinyState:
        return state_from_view(TinyState, view, rng)

    def sampler(self, view: View) -> Callable[[random.Random], TinyState]:
        return sampler(TinyState, view)

    def playout_move(self, state: TinyState, rng: random.Random) -> TinyAction | None:
        seats = to_act(state)
        if not seats:
            return None
        actions = legal_actions(state, seats[int(rng.random() * len(seats))])
        if type(actions[0]) is Keep:
            return max(actions, key=lambda keep: beans(keep.card))
        return actions[int(rng.random() * len(actions))]


SEARCH = TinySearch()
