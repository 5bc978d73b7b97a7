"""The bot interface: a bot sees its seat's view and the legal actions, never the state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from bohnen.core.protocol import State


class Decision(NamedTuple):
    """What a bot is given for one move.

    ``view`` is the seat's view (``None`` for bots that declare ``needs_view =
    False``, which saves building it); ``actions`` are the legal actions except
    proposals; ``proposals`` the game's bounded proposal generator for the seat
    (empty for bots that declare ``proposes = False``).
    """

    seat: int
    view: dict[str, Any] | None
    actions: list[Any]
    proposals: Sequence[Any]


class Bot(Protocol):
    """Chooses one action of a :class:`Decision`, using only ``rng`` for chance."""

    name: str
    needs_view: bool
    proposes: bool

    def act(self, decision: Decision, rng: random.Random) -> Any: ...


def decision_for(state: State, seat: int, bot: Bot) -> Decision:
    """The decision ``bot`` is given at ``seat`` in ``state``: its view (if it reads
    one), its legal actions and its proposals (if it proposes, or when proposals are
    all it may do)."""
    legal = state.legal_actions(seat)
    view = state.view(seat) if bot.needs_view else None
    proposals = state.proposals(seat) if bot.proposes or not legal else ()
    return Decision(seat, view, legal, proposals)
