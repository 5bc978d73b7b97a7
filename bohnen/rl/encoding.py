"""What an encoding of a game is: a seat's view as a fixed-size vector, and the game's
actions as a fixed list of ids with a mask of those legal now.

An encoding reads only what the acting seat may know: its view (JSON) and its legal
actions (:class:`Legal`: the engine's JSON, and the terms of its proposals). Two states
that differ only in what the seat cannot see give the same vectors and masks.

**Drafts.** Some actions of a game do not fit one id of a fixed list (a Bohnanza trade:
the target, the cards given, the beans wanted). An encoding then composes such an
action over several ids, in a canonical order, in a *draft*: ``start`` opens the
seat's draft from its view and legal actions; ``mask`` gives the ids legal in that
draft; ``choose`` takes one id and returns the draft after it, and the notation of
the action once it is whole (``None`` while it is still being composed: the same seat
chooses again). A game whose every action is one id has a draft that is whole after
one choice. A draft is an immutable value (it pickles, and it compares equal for equal
histories); the seat's own draft is part of its observation, nobody else's is.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import NamedTuple, cast

import numpy as np
import numpy.typing as npt

from bohnen.core.protocol import AnyState, JSONObject, Terms

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Legal(NamedTuple):
    """What the engine computes of a seat's moves now, for an encoding to read so that it
    restates no rule: ``actions``, the seat's legal actions and any-time actions as the
    engine's JSON (``to_json()``), each once, in the engine's order, without trade
    proposals; ``terms``, what it may propose and counter (``State.proposal_terms``:
    the targets and limits; None where it may not)."""

    actions: tuple[JSONObject, ...]
    terms: Terms | None


def engine_legal(state: AnyState, seat: int) -> Legal:
    """The seat's :class:`Legal` in ``state``."""
    actions = [cast(JSONObject, a.to_json()) for a in state.legal_actions(seat)]
    for extra in state.any_time_actions(seat):
        data = cast(JSONObject, extra.to_json())
        if data not in actions:
            actions.append(data)
    return Legal(tuple(actions), state.proposal_terms(seat))


class Encoding(ABC):
    """One game's encoding at one player count (see the module)."""

    game: str  # the game's name in the registry
    version: int  # bumped whenever the layout of the vector or the list of ids changes
    players: int
    observation_size: int  # the length of the float32 vector
    action_count: int  # ids are 0 .. action_count - 1
    max_decisions: int = 100_000  # a bound on the ids chosen in one game (all seats)

    def __deepcopy__(self, memo: dict[int, object]) -> Encoding:
        return self  # an encoding is settled at its making: copies of a game share it

    @abstractmethod
    def action_name(self, action_id: int) -> str:
        """What the id means, in words (the documented list)."""

    @abstractmethod
    def start(self, view: JSONObject, legal: Legal) -> Hashable:
        """The acting seat's draft, from its view and its legal actions (:class:`Legal`:
        the engine's JSON and proposal terms)."""

    @abstractmethod
    def mask(self, draft: Hashable) -> Mask:
        """The ids legal in ``draft`` (int8, 1 for legal): at least one."""

    @abstractmethod
    def choose(self, draft: Hashable, action_id: int) -> tuple[Hashable, str | None]:
        """The draft after ``action_id`` (legal in ``draft``: ``ValueError`` otherwise),
        and the notation of the action once it is whole, else None."""

    @abstractmethod
    def ids_of(self, view: JSONObject, legal: Legal, action: JSONObject) -> list[int] | None:
        """The ids that compose, in order from the seat's fresh draft, the engine action
        whose ``to_json()`` is ``action`` (one the seat may take now), read from its
        structure, never by search; None only where the action is beyond a documented
        cap of the encoding."""

    @abstractmethod
    def observe(self, view: JSONObject, draft: Hashable | None) -> Observation:
        """The seat's view as the vector (float32, ``observation_size`` long); its own
        draft (None when it is not composing) included."""

    def bounds(self) -> tuple[Observation, Observation]:
        """The lowest and highest value of each float of the vector (the bounds of an
        environment's observation space); unbounded unless the encoding says better."""
        low = np.full(self.observation_size, -np.inf, np.float32)
        return low, -low
