"""Interim (issue 37), to be removed when the encodings of Bohn Hansa and Nicht die
Bohne! take the new contract of :class:`~bohnen.rl.encoding.Encoding` themselves: an
encoding that still reads the legal notation, under the new contract.

``start`` takes the seat's :class:`~bohnen.rl.encoding.Legal` (and still a list of
notations), turning the engine's JSON into notation through the game's registry entry;
``ids_of`` still searches the drafts depth first (with the old budget), as before the
issue; ``bounds`` are those of the layout where it is one, else unbounded.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Sequence
from typing import ClassVar

import numpy as np

from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Encoding, Legal, Observation
from bohnen.rl.layout import Layout


class NotationEncoding(Encoding):
    """An encoding that reads notation (see the module)."""

    interim: ClassVar[bool] = True  # its ids_of searches: the tests of issue 37 know it

    @abstractmethod
    def start_notation(self, view: JSONObject, legal: Sequence[str]) -> Hashable:
        """The seat's draft from its view and its legal actions in notation."""

    def start(self, view: JSONObject, legal: Legal | Sequence[str]) -> Hashable:
        return self.start_notation(view, self._interim_notations(legal))

    def _interim_notations(self, legal: Legal | Sequence[str]) -> list[str]:
        if not isinstance(legal, Legal):
            return list(legal)
        game = get_game(self.game)
        return [str(game.action_from_json(data)) for data in legal.actions]

    def ids_of(self, view: JSONObject, legal: Legal, action: JSONObject) -> list[int] | None:
        notation = str(get_game(self.game).action_from_json(action))
        found = self._search(self.start(view, legal), notation, [20_000])
        return None if found is None else found[::-1]

    def _search(self, draft: Hashable, notation: str, budget: list[int]) -> list[int] | None:
        for action_id in np.flatnonzero(self.mask(draft)):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            after, whole = self.choose(draft, int(action_id))
            if whole == notation:
                return [int(action_id)]
            if whole is None:
                rest = self._search(after, notation, budget)
                if rest is not None:
                    return [*rest, int(action_id)]
        return None

    def bounds(self) -> tuple[Observation, Observation]:
        layout: object = self.layout  # Bohn Hansa's is still a list of (name, size)
        if isinstance(layout, Layout):
            return layout.bounds()
        low = np.full(self.observation_size, -np.inf, np.float32)
        return low, -low
