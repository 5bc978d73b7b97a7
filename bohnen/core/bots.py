"""The bot interface: a bot sees its seat's view and the legal actions, never the state.

It lives in the core, beside the protocol, so that a game's own bots (its heuristic
bot) implement it without reaching up into the layer of game-agnostic bots.

**Waiting.** Where several seats may act at once (open trading), a bot at a live table
decides when to act: when its :class:`Decision` says ``may_wait`` it may answer
:class:`Wait` instead of an action, and is asked again after the seconds it named, or
as soon as the table changes (a new step), whichever comes first. ``may_wait`` is true
only where the game can go on without the seat's move (:func:`may_wait`): the game does
not need it now (it is not one of ``State.must_act()``), or another seat has a move of
its own to make. A seat the game needs, with nobody else able to move, is never offered
to wait. Offline runners (games between bots, playouts, the terminal game) never offer
it: there is no time to wait for; the runner asks one seat and applies its move (a bot
answering ``Wait`` there is at fault, :func:`chosen`).

Who holds the game up (``State.must_act()``, the seats the clocks run for) is another
question: in open trading the active player holds it up, since only its close ends the
trading, yet it may wait while another seat can still propose or answer.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from bohnen.core.protocol import Action, AnyState, Options, State, Terms, View, flag

A = TypeVar("A", bound=Action)


@dataclass(frozen=True, slots=True)
class Wait:
    """A bot's answer instead of an action, where its decision allows it (``may_wait``):
    ask again after ``seconds``, or at the table's next step if that comes first;
    ``seconds=None``: nothing to do until the table changes."""

    seconds: float | None = None

    def __post_init__(self) -> None:
        s = self.seconds
        if s is not None and (isinstance(s, bool) or not isinstance(s, int | float)
                              or not math.isfinite(s) or s < 0):
            raise ValueError(f"a bot waits a finite number of seconds (or None), not {s!r}")


class Decision(NamedTuple, Generic[A]):
    """What a bot is given for one move.

    ``view`` is the seat's view (``None`` for bots that declare ``needs_view =
    False``, which saves building it); ``actions`` are the legal actions except
    proposals; ``proposals`` the game's bounded proposal generator for the seat
    (empty for bots that declare ``proposes = False``). ``may_wait``: the bot may answer
    :class:`Wait` (a live table, where the game can go on without this seat's move);
    ``waited``: the seconds the bot has already waited since the table's last step
    (0.0 when first asked after it). ``terms``: what the seat may propose now
    (``State.proposal_terms``), for a bot that declares ``needs_terms = True`` (one that
    composes its proposals itself); None otherwise.
    """

    seat: int
    view: View | None
    actions: list[A]
    proposals: Sequence[A]
    may_wait: bool = False
    waited: float = 0.0
    terms: Terms | None = None


class Bot(Protocol[A]):
    """Chooses one action of a :class:`Decision`, using only ``rng`` for chance, or, where
    the decision allows (``may_wait``), answers :class:`Wait`. A game's own bot is a
    ``Bot`` of its action type; a bot made by name for any game (the registry's) is a
    ``Bot[Any]``: the action type is whatever the game's is."""

    name: str
    needs_view: bool
    proposes: bool

    def act(self, decision: Decision[A], rng: random.Random) -> A | Wait: ...


AnyBot = Bot[Any]


class BotFault(ValueError):
    """A bot broke the protocol: it waited where its decision did not allow it."""


def chosen(bot: Bot[A], decision: Decision[A], rng: random.Random) -> A:
    """The action ``bot`` chooses for ``decision``, where it may not wait;
    :class:`BotFault` naming the bot and seat if it answers :class:`Wait` anyway."""
    answer = bot.act(decision, rng)
    if isinstance(answer, Wait):
        raise BotFault(f"bot {bot.name} at seat {decision.seat} waited, but the game "
                       "needs its move")
    return answer


class Reads(Protocol):
    """What building a bot's decision reads of the bot: whether it reads its view, and
    whether it proposes (every :class:`Bot` has both)."""

    @property
    def needs_view(self) -> bool: ...

    @property
    def proposes(self) -> bool: ...


def decision_for(state: State[Options, A], seat: int, bot: Reads, waiting: bool = False,
                 waited: float = 0.0) -> Decision[A]:
    """The decision ``bot`` is given at ``seat`` in ``state``: its view (if it reads
    one), its legal actions and its proposals (if it proposes, or when proposals are
    all it may do). ``waiting``: the caller lets bots wait (a live table), so the
    decision may allow it (:func:`may_wait`); ``waited``: the seconds waited so far."""
    legal = state.legal_actions(seat)
    view = state.view(seat) if bot.needs_view else None
    proposals = state.proposals(seat) if bot.proposes or not legal else ()
    terms = state.proposal_terms(seat) if getattr(bot, "needs_terms", False) else None
    if not waiting:
        return Decision(seat, view, legal, proposals, terms=terms)
    return Decision(seat, view, legal, proposals, may_wait(state, seat), waited, terms)


def idle(decision: Decision[A], proposes: bool = True) -> bool:
    """Whether a bot may wait and has nothing to do but the moves open at any moment
    (and, if it ``proposes``, no proposal to make): a bot with nothing of its own to do
    waits for the table to change rather than take such a move for want of another."""
    return (decision.may_wait and not (proposes and decision.proposals)
            and all(flag(a, "any_time") for a in decision.actions))


def has_move(state: AnyState, seat: int) -> bool:
    """Whether ``seat`` has a move of the game to make now: a legal action that is not
    one open at any moment, or a proposal."""
    return (any(not flag(a, "any_time") for a in state.legal_actions(seat))
            or bool(state.proposals(seat)))


class Rests:
    """Which bots of a live table rest, and until when: a bot that answered
    :class:`Wait` is not asked again until its seconds have passed or the table has
    changed (a step), whichever comes first; ``waited`` counts from the last step. The
    online table keeps this in its event loop (``bohnen.server.seating``); a runner that
    keeps time by a clock it reads (the terminal's) keeps it here."""

    def __init__(self, now: float = 0.0) -> None:
        self.since = now  # the time of the table's last step
        self._until: dict[int, float | None] = {}  # None: until the table changes

    def step(self, now: float) -> None:
        """The table changed at ``now``: every bot is asked again."""
        self.since = now
        self._until.clear()

    def rest(self, seat: int, wait: Wait, now: float) -> None:
        """``seat``'s bot answered ``wait`` at ``now``."""
        self._until[seat] = None if wait.seconds is None else now + wait.seconds

    def resting(self, seat: int, now: float) -> bool:
        """Whether ``seat``'s bot rests at ``now`` (it is not to be asked)."""
        if seat not in self._until:
            return False
        until = self._until[seat]
        return until is None or now < until

    def waited(self, now: float) -> float:
        """The seconds since the table's last step."""
        return max(0.0, now - self.since)

    def wake(self) -> float | None:
        """The first time a resting bot is to be asked again (None: only at a step)."""
        times = [t for t in self._until.values() if t is not None]
        return min(times, default=None)


def may_wait(state: AnyState, seat: int) -> bool:
    """Whether the game can go on without ``seat``'s move now: the game does not need it
    (the seat is not one of ``must_act()``), or another seat it waits on has a move of
    its own to make (:func:`has_move`), as in open trading, where the active player may
    wait while another seat can still propose or answer. Never where one seat alone is
    to act."""
    if seat not in state.must_act():
        return True
    return any(other != seat and has_move(state, other) for other in state.to_act())
