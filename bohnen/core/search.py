"""The search hooks of a game: what a search bot needs beyond the rules.

A search bot (ISMCTS) samples full states from a seat's view, plays them out cheaply
and judges where it stops. :class:`Search` gives game-agnostic defaults for all but
the sampling; a game overrides what it knows better (its playout policy, an estimate
that ends playouts early). It is apart from the rules API (:class:`~bohnen.core.game.Game`)
so that the rules stay what every layer needs, and the search hooks what only search
bots do.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from bohnen.core.playout import random_move
from bohnen.core.protocol import Action, AnyState, View
from bohnen.core.result import Result

S = TypeVar("S", bound=AnyState)


class Search(ABC, Generic[S]):
    """A game's hooks for search bots, over its state type ``S``."""

    @abstractmethod
    def state_from_view(self, view: View, rng: random.Random) -> S:
        """A full state that shows ``view`` to its seat, everything hidden from that seat
        dealt at random from ``rng``: what a search bot samples (it sees only views)."""

    def sampler(self, view: View) -> Callable[[random.Random], S]:
        """Draws of :meth:`state_from_view` for one ``view``: a search bot samples many
        states from one view, so a game may read the view once and only re-deal the
        hidden cards at each draw. Same distribution, and still from the view alone."""
        return lambda rng: self.state_from_view(view, rng)

    def playout_move(self, state: S, rng: random.Random) -> Action | None:
        """A cheap move for a search bot's playouts: a legal move of a seat to act in the
        full (sampled) ``state``, or None once it is over. The default is random (with
        negotiations closed at once); a game may know better rules of thumb."""
        return random_move(state, rng)

    def estimate(self, state: S) -> Result | None:
        """The outcome a search expects of a ``state`` not yet over, where a playout stops
        early (each seat's score as the game reckons its worth, the best as winners); None
        (the default) for a game whose playouts go on to the end."""
        return None

    def playout(self, state: S, rng: random.Random) -> Result:
        """Play the sampled ``state`` on by :meth:`playout_move` and return the outcome:
        the result at the end of the game (the default), or, for a game that stops its
        playouts early to spare time and chance, the result it estimates there."""
        move = self.playout_move
        advance = state.advance  # the events-off path: a playout reads no events
        while (action := move(state, rng)) is not None:
            advance(action)
        return state.result()


Estimate = Callable[[AnyState], Result]
Estimates = Mapping[str, Estimate]
