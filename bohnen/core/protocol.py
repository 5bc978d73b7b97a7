"""The protocol every game's values implement: actions, events, options and states.

A layer (bots, simulation, command line, terminal) reaches a game only through these
types, the :class:`~bohnen.core.game.Game` found in the registry, and the game's typed
views. Everything here is structural (``Protocol``): a game's own classes satisfy it
without inheriting from it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypedDict, TypeVar, runtime_checkable

from bohnen.core.names import NO_NAMES, Names
from bohnen.core.result import Result

# A JSON object whose shape the layer holding it does not know (a view seen by a
# game-agnostic layer, an action's or an event's JSON form). The one place where the
# protocol admits ``Any``: JSON is open by nature.
JSONObject = dict[str, Any]
# A seat's view, to a layer that knows no game (each game types its own views with a
# ``TypedDict``, which a layer that knows the game casts to).
View = Mapping[str, Any]


@runtime_checkable
class Action(Protocol):
    """A move by one seat. ``str(action)`` is its notation; ``to_json()`` its JSON form.

    Flags a game-agnostic layer may read (absent means false): ``ends_trading`` (it
    closes a negotiation: bots that never trade take it at once), ``negotiates`` (a
    proposal, an answer, a pass, the close: a search may leave it to its prior),
    ``refuses`` (a negotiating move that makes no deal), ``any_time`` (the rules allow it
    at any moment, also out of turn).
    """

    @property
    def seat(self) -> int: ...

    def to_json(self) -> JSONObject: ...

    def __hash__(self) -> int:
        """Actions are values (frozen dataclasses): equal ones hash alike, so a search
        may key its tree by them."""
        ...


class Event(Protocol):
    """A frozen record of something that happened, censored per viewer and described
    lazily: nothing is formatted until ``to_json`` or ``text`` is called."""

    @property
    def kind(self) -> str:
        """Its name (``"planted"``, ``"revealed"``): the ``event`` field of its JSON."""
        ...

    @property
    def reveals(self) -> bool:
        """True if it brought chance or hidden cards into play for some seat: a card
        drawn, turned up, dealt or shuffled. Cards a seat shows from its own hand on its
        own move do not count. Take-back may not cross such an event."""
        ...

    def to_json(self, viewer: int | None) -> JSONObject:
        """The event as ``viewer`` may see it (``None``: a spectator); its ``event``
        field is :attr:`kind`."""
        ...

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        """One line in words, as ``viewer`` may see it, each seat by its name in
        ``names`` where given (:mod:`bohnen.core.names`: "seat 2" where not). The names
        change nothing else: a text with names tells no more than one without."""
        ...


class Options(Protocol):
    """A frozen dataclass of rule options; ``players`` is always one of them."""

    @property
    def players(self) -> int: ...

    def to_json(self) -> JSONObject: ...


class Target(TypedDict):
    """Where a seat's proposal may go now: to ``seat``, as a new proposal (``pid``
    None) or as the counter of proposal ``pid`` (``seat`` its proposer). ``invite``:
    a deal with that seat is an invitation (Bohn Hansa: it comes to the active player's
    city when it accepts); ``empty``: a proposal that gives and asks for nothing may go
    there (an invitation may move nothing else)."""

    seat: int
    pid: int | None
    invite: bool
    empty: bool


class Terms(TypedDict):
    """What a seat may propose now, as the rules have it, so that an interface composes
    a proposal within them and restates no rule (:meth:`State.proposal_terms`).

    ``targets``: where a proposal may go (new ones and counters); ``left``: the
    proposals the seat may still make this turn (None: no bound). ``give``: what it may
    give, each thing named as the game's notation names it in a proposal (Bohnanza:
    ``h0`` the front card of the hand, ``f1`` a face-up card, ``t`` talers; Bohn Hansa:
    a bean's code), with how many of it at most; ``want``: what it may ask for, and how
    many at most (None: as many as it likes); ``buy``: what the active player may buy in
    its city for the other seat, and how many at most (Bohn Hansa; empty elsewhere). A
    proposal's JSON names its target in ``to``, a counter the proposal it answers in
    ``pid``."""

    targets: list[Target]
    left: int | None
    give: dict[str, int]
    want: dict[str, int | None]
    buy: dict[str, int]


A = TypeVar("A", bound=Action)
O_co = TypeVar("O_co", bound=Options, covariant=True)


class State(Protocol[O_co, A]):
    """A game position, mutated only through :meth:`apply`; ``A`` its action type."""

    @property
    def options(self) -> O_co: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int:
        """Turns begun so far (1 at the start)."""
        ...

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits on now (several in open or simultaneous play)."""
        ...

    def must_act(self) -> tuple[int, ...]:
        """The seats of ``to_act()`` the game cannot go on without, empty only when it is
        over: where seats may act at will (open trading) not those that only could act;
        elsewhere ``to_act()`` itself. A clock runs for these seats; a bot at another
        seat may wait (:func:`bohnen.core.bots.may_wait`)."""
        ...

    def legal_actions(self, seat: int) -> list[A]:
        """Every legal action of ``seat`` now, except trade proposals: for a seat of
        ``to_act()`` all its moves, for any other seat its :meth:`any_time_actions`."""
        ...

    def any_time_actions(self, seat: int) -> list[A]:
        """The actions ``seat`` may take at any moment of the game, also out of turn
        (Bohnanza: harvests and the third field; Bohn Hansa: buying a contract), listed
        apart from the moves the game waits on. Taking one never changes ``to_act()``."""
        ...

    def proposals(self, seat: int) -> Sequence[A]:
        """Trade proposals of ``seat`` from the bounded generator (empty if none)."""
        ...

    def proposal_terms(self, seat: int) -> Terms | None:
        """What ``seat`` may propose now, whatever its size (:class:`Terms`): None when
        it may neither propose nor counter (and then :meth:`proposals` is empty); every
        proposal of :meth:`proposals` goes to one of its targets."""
        ...

    def check(self, action: A) -> None:
        """Raise ``IllegalActionError``/``InvalidActionError`` if ``action`` may not be
        applied (any object may be given: a malformed one is refused, not trusted)."""
        ...

    def apply(self, action: A) -> Sequence[Event]:
        """Apply ``action`` atomically and return the events it caused."""
        ...

    def advance(self, action: A) -> None:
        """Apply ``action`` exactly as :meth:`apply` does (the same checks, the same
        refusals, the same resulting state) but build no events: the fast path of
        playouts, simulations and environments, which do not read them."""
        ...

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see, JSON-ready (``None``: a spectator); the game types it
        with its own ``TypedDict``."""
        ...

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A full state agreeing with ``view(seat)``, all hidden cards re-dealt at random."""
        ...

    def clone(self) -> Self: ...

    def result(self) -> Result: ...

    def to_json(self) -> JSONObject:
        """The full state (hidden cards included), loadable by ``Game.state_from_json``."""
        ...

    def audit(self) -> None:
        """Raise ``AssertionError`` if an invariant of the game (cards, money) is broken."""
        ...


AnyState = State[Options, Any]  # a position of some game, to a layer that knows none


def flag(action: object, name: str) -> bool:
    """The action's flag ``name`` (see :class:`Action`), false when it has none."""
    value: object = getattr(action, name, False)
    return value is True
