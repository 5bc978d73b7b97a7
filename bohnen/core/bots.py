"""The bot interface: a bot sees its seat's view and the legal actions, never the state.

It lives in the core, beside the protocol, so that a game's own bots (its heuristic
bot) implement it without reaching up into the layer of game-agnostic bots.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from bohnen.core.protocol import Action, State, View

A = TypeVar("A", bound=Action)


class Decision(NamedTuple, Generic[A]):
    """What a bot is given for one move.

    ``view`` is the seat's view (``None`` for bots that declare ``needs_view =
    False``, which saves building it); ``actions`` are the legal actions except
    proposals; ``proposals`` the game's bounded proposal generator for the seat
    (empty for bots that declare ``proposes = False``).
    """

    seat: int
    view: View | None
    actions: list[A]
    proposals: Sequence[A]


class Bot(Protocol[A]):
    """Chooses one action of a :class:`Decision`, using only ``rng`` for chance. A
    game's own bot is a ``Bot`` of its action type; a bot made by name for any game (the
    registry's) is a ``Bot[Any]``: the action type is whatever the game's is."""

    name: str
    needs_view: bool
    proposes: bool

    def act(self, decision: Decision[A], rng: random.Random) -> A: ...


AnyBot = Bot[Any]


def decision_for(state: State[Any, A], seat: int, bot: Bot[A]) -> Decision[A]:
    """The decision ``bot`` is given at ``seat`` in ``state``: its view (if it reads
    one), its legal actions and its proposals (if it proposes, or when proposals are
    all it may do)."""
    legal = state.legal_actions(seat)
    view = state.view(seat) if bot.needs_view else None
    proposals = state.proposals(seat) if bot.proposes or not legal else ()
    return Decision(seat, view, legal, proposals)
