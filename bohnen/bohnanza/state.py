"""The Bohnanza state: cards everywhere, the turn's phase, and the moves that change them.

Hot paths use plain ints and tuples. Each seat has three field slots in the flat
lists ``fbean``/``fcount`` (index ``seat * 3 + field``); ``fields[seat]`` says how
many are in use (2, or 3 with the third field). Hands, talers, trade areas, the
face-up cards, the draw pile (top card last) and the discard pile (top card last)
are tuples, so a clone shares them and copies only a few small lists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from bohnen.bohnanza import events as E
from bohnen.bohnanza.beans import PAYOUT
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.tables import PLANTABLE, plant_key
from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.core.result import Result
from bohnen.core.rng import step

PLANT, TRADE, PLANT_TRADED, OVER = 0, 1, 2, 3
PHASE_NAMES = ("plant", "trade", "plant_traded", "over")
LAST_RUNOUT = 3
EMPTY = -1

# Events are built with tuple.__new__ on the hot paths: no Python-level call.
_new = tuple.__new__


class Proposal(NamedTuple):
    """An open proposal. Positions are the proposer's when it was made (cards since unmoved)."""

    pid: int
    frm: int
    to: int
    hand: tuple[int, ...]
    hand_beans: tuple[int, ...]
    face_up: tuple[int, ...]
    face_beans: tuple[int, ...]
    wants: tuple[int, ...]
    talers: int
    wants_talers: int


class Closed(NamedTuple):
    """A proposal of this turn's trading that is no longer open, as everybody saw it:
    its beans (not the hand positions) and how it ended."""

    pid: int
    frm: int
    to: int
    hand_beans: tuple[int, ...]  # sorted
    face_beans: tuple[int, ...]
    wants: tuple[int, ...]
    talers: int
    wants_talers: int
    how: str  # "accepted", "declined", "countered", "withdrawn", "voided"


HOWS = ("accepted", "declined", "countered", "withdrawn", "voided")


class BohnanzaState:
    """A position of Bohnanza. Change it only through :meth:`apply`."""

    __slots__ = (
        "active",
        "closed",
        "cost",
        "discard",
        "draw",
        "ending",
        "face_up",
        "fbean",
        "fcount",
        "fields",
        "floor",
        "hands",
        "made",
        "n",
        "next_pid",
        "options",
        "pending",
        "phase",
        "planted",
        "quiet",
        "reason",
        "rng",
        "runouts",
        "talers",
        "tb",
        "trade",
        "turn",
    )

    options: BohnanzaOptions
    tb: bool  # options.turn_based, kept at hand for the hot paths
    cost: int  # options.field_cost, likewise
    n: int
    rng: int
    hands: list[tuple[int, ...]]
    fbean: list[int]
    fcount: list[int]
    fields: list[int]
    talers: list[tuple[int, ...]]
    trade: list[tuple[int, ...]]
    face_up: tuple[int, ...]
    draw: tuple[int, ...]
    discard: tuple[int, ...]
    runouts: int
    phase: int
    active: int
    planted: int
    ending: bool
    floor: int  # phase 2: the seat with the floor; phase 3: the seat to plant next
    quiet: int
    made: list[int]  # phase 2: proposals (counters included) each seat made this turn
    next_pid: int
    pending: tuple[Proposal, ...]
    closed: tuple[Closed, ...]  # phase 2: this turn's proposals no longer open
    turn: int
    reason: str

    # --- copying ----------------------------------------------------------------------

    def clone(self) -> BohnanzaState:
        c = object.__new__(BohnanzaState)
        c.options = self.options
        c.tb = self.tb
        c.cost = self.cost
        c.n = self.n
        c.rng = self.rng
        c.hands = self.hands[:]
        c.fbean = self.fbean[:]
        c.fcount = self.fcount[:]
        c.fields = self.fields[:]
        c.talers = self.talers[:]
        c.trade = self.trade[:]
        c.face_up = self.face_up
        c.draw = self.draw
        c.discard = self.discard
        c.runouts = self.runouts
        c.phase = self.phase
        c.active = self.active
        c.planted = self.planted
        c.ending = self.ending
        c.floor = self.floor
        c.quiet = self.quiet
        c.made = self.made[:]
        c.next_pid = self.next_pid
        c.pending = self.pending
        c.closed = self.closed
        c.turn = self.turn
        c.reason = self.reason
        return c

    # --- the protocol -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        if not self.tb:
            if phase == TRADE:  # a seat with proposals left may propose (to or as the active)
                return tuple(s for s in range(self.n)
                             if self.may_propose(s) or self.legal_actions(s))
            return tuple(s for s in range(self.n) if self.legal_actions(s))
        # self.actor(), inlined: this runs before every move.
        if phase == PLANT:
            return (self.active,)
        if phase == TRADE and self.pending:
            return (self.pending[0].to,)
        return (self.floor,)

    def proposals_left(self, seat: int) -> int | None:
        """Proposals ``seat`` may still make this turn (None: no bound). With the
        ``per_seat`` allowance each seat has its own; ``shared``: the table's."""
        budget = self.options.max_proposals_per_turn
        if budget is None:
            return None
        made = self.made
        used = made[seat] if self.options.proposal_allowance == "per_seat" else sum(made)
        return budget - used if used < budget else 0

    def may_propose(self, seat: int) -> bool:
        """Whether ``seat`` has a proposal left this turn (any phase)."""
        left = self.proposals_left(seat)
        return left is None or left > 0

    def actor(self) -> int:
        """Turn-based: the one seat to act (the game must not be over)."""
        phase = self.phase
        if phase == PLANT:
            return self.active
        if phase == TRADE:
            pending = self.pending
            return pending[0].to if pending else self.floor
        return self.floor  # phase 3: the planting seat, kept there by after_planting

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of ``seat`` now, except proposals (bound to
        ``legal.legal_actions`` below, saving a call on the hot path)."""
        return _legal.legal_actions(self, seat)

    def any_time_actions(self, seat: int) -> list[Any]:
        """The actions ``seat`` may take at any moment, also out of turn (harvests, buying
        the third field); taking one never changes whose move it is."""
        return _legal.any_time_actions(self, seat)

    def proposals(self, seat: int) -> Sequence[Any]:
        """Proposals of ``seat`` from the bounded generator (bound to
        ``trading.proposal_space`` below, saving a call on the hot path)."""
        return _trading.proposal_space(self, seat)

    def check(self, action: Any) -> None:
        _rules.check_common(self, action)
        _rules.CHECKS[type(action)](self, action)

    def apply(self, action: Any) -> list[Any]:
        kind = type(action)
        seat = getattr(action, "seat", None)
        check = _CHECKS.get(kind)
        # The common checks of rules.check_common, inlined on this hot path.
        if (check is None or type(seat) is not int or not 0 <= seat < self.n
                or self.phase == OVER or (self.tb and seat != self.actor())):
            _rules.check_common(self, action)  # raises with the reason
        check(self, action)  # type: ignore[misc]
        events: list[Any] = []
        _APPLY[kind](self, action, events)
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> BohnanzaState:
        return _determinize.determinize(self, seat, rng)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalActionError("the game is not over: no result yet")
        scores = tuple(len(t) for t in self.talers)
        best = max(scores)
        winners = [s for s in range(self.n) if scores[s] == best]
        if self.options.tie_break == "most_cards_in_hand" and len(winners) > 1:
            most = max(len(self.hands[s]) for s in winners)
            winners = [s for s in winners if len(self.hands[s]) == most]
        return Result(scores, tuple(winners), self.reason)

    def to_json(self) -> dict[str, Any]:
        return _serialize.state_to_json(self)

    def audit(self) -> None:
        _audit.audit(self)

    def __repr__(self) -> str:
        return (f"<BohnanzaState turn {self.turn} seat {self.active} "
                f"{PHASE_NAMES[self.phase]} runouts {self.runouts}>")

    # --- fields -----------------------------------------------------------------------

    def plantable_fields(self, seat: int, bean: int) -> tuple[int, ...]:
        """Fields ``bean`` may go into now (a field of that bean; else an empty one)."""
        key = plant_key(self.fbean, seat * 3, self.fields[seat], bean)
        return PLANTABLE[self.options.same_bean_in_two_fields][key]

    def harvestable(self, seat: int, field: int) -> str | None:
        """Why ``field`` cannot be harvested now, or None if it can."""
        if field >= self.fields[seat]:
            return f"seat {seat} has no field {field}"
        base = seat * 3
        count = self.fcount[base + field]
        if count == 0:
            return f"field {field} is empty"
        if count == 1 and self.options.bean_protection:
            for f in range(self.fields[seat]):
                if self.fcount[base + f] >= 2:
                    return (f"bean protection: field {field} holds a single bean while "
                            f"field {f} holds {self.fcount[base + f]}")
        return None

    def plant(self, seat: int, bean: int, field: int) -> int:
        i = seat * 3 + field
        self.fbean[i] = bean
        self.fcount[i] += 1
        return self.fcount[i]

    def sell(self, seat: int, field: int, events: list[Any], final: bool = False) -> None:
        """Harvest: beanometer talers to the seat, the other beans face up on the discard."""
        i = seat * 3 + field
        bean, count = self.fbean[i], self.fcount[i]
        pay = PAYOUT[bean][count]
        if pay:
            self.talers[seat] += (bean,) * pay
        if count > pay:
            self.discard += (bean,) * (count - pay)
        self.fbean[i] = EMPTY
        self.fcount[i] = 0
        events.append(_new(E.Harvested, (seat, field, bean, count, pay, final)))

    # --- the draw pile ----------------------------------------------------------------

    def draw_card(self, events: list[Any]) -> int:
        """The top card of the draw pile, with the run-out and reshuffle it may cause."""
        draw = self.draw
        card = draw[-1]
        self.draw = draw[:-1]
        if len(draw) == 1:
            self.run_out(events)
        return card

    def run_out(self, events: list[Any]) -> None:
        """Count a run-out; before the last, shuffle the discard into a new draw pile."""
        while True:
            self.runouts += 1
            if self.runouts >= LAST_RUNOUT:
                events.append(E.RanOut(self.runouts, 0))
                return
            if self.discard:
                pile = list(self.discard)
                shuffler, self.rng = step(self.rng)
                shuffler.shuffle(pile)
                self.draw = tuple(pile)
                self.discard = ()
                events.append(E.RanOut(self.runouts, len(pile)))
                return
            events.append(E.RanOut(self.runouts, 0))  # empty discard: the next run-out at once

    # --- the flow of a turn -----------------------------------------------------------

    def start_turn(self, events: list[Any]) -> None:
        self.phase = PLANT
        self.planted = 0
        events.append(_new(E.TurnStarted, (self.active, self.turn)))
        if not self.hands[self.active]:
            self.reveal(events)  # no card in hand: phase 1 is skipped

    def reveal(self, events: list[Any]) -> None:
        """Phase 2 begins: turn up two cards (fewer if the last run-out comes first)."""
        beans: list[int] = []
        for _ in range(2):
            beans.append(self.draw_card(events))
            if self.runouts >= LAST_RUNOUT:
                self.ending = True
                break
        self.face_up = tuple(beans)
        events.append(_new(E.Revealed, (self.active, self.face_up)))
        self.phase = TRADE
        self.floor = self.active
        self.quiet = 0
        self.made = [0] * self.n
        self.pending = ()
        self.closed = ()

    def close_trading(self, events: list[Any]) -> None:
        """Phase 3 begins: the face-up cards left go to the active player's trade area."""
        kept = self.face_up
        if kept:
            self.trade[self.active] += kept
            self.face_up = ()
        for p in self.pending:
            events.append(E.ProposalClosed(p.pid, None, "voided"))
            self.close(p, "voided")
        self.pending = ()
        events.append(_new(E.TradingClosed, (self.active, kept)))
        self.phase = PLANT_TRADED
        self.after_planting(events)

    def after_planting(self, events: list[Any]) -> None:
        """In phase 3, the next seat to plant; with every trade area empty, phase 4 (or
        the end), then the next turn."""
        n = self.n
        trade = self.trade
        for k in range(n):
            seat = (self.active + k) % n
            if trade[seat]:
                self.floor = seat  # turn-based: this seat plants next
                return
        if self.ending:
            self.finish("the draw pile ran out for the third time during the reveal", events)
            return
        active = self.active
        drawn: list[int] = []
        for _ in range(3):
            drawn.append(self.draw_card(events))
            if self.runouts >= LAST_RUNOUT:
                self.hands[active] += tuple(drawn)
                events.append(_new(E.Drew, (active, tuple(drawn))))
                self.finish("the draw pile ran out for the third time during the draw", events)
                return
        self.hands[active] += tuple(drawn)
        events.append(_new(E.Drew, (active, tuple(drawn))))
        self.active = (active + 1) % self.n
        self.turn += 1
        self.start_turn(events)

    def close(self, p: Proposal, how: str) -> None:
        """Note that proposal ``p`` is no longer open (the caller takes it off
        ``pending``): this turn's closed proposals are public."""
        self.closed += (Closed(p.pid, p.frm, p.to, tuple(sorted(p.hand_beans)), p.face_beans,
                               p.wants, p.talers, p.wants_talers, how),)

    def finish(self, reason: str, events: list[Any]) -> None:
        """The end: every player sells every field (no bean protection); most talers wins."""
        for seat in range(self.n):
            for f in range(self.fields[seat]):
                if self.fcount[seat * 3 + f]:
                    self.sell(seat, f, events, final=True)
        self.phase = OVER
        self.reason = reason
        self.pending = ()
        result = self.result()
        events.append(E.GameEnded(reason, result.scores, result.winners))


def blank_state(options: BohnanzaOptions) -> BohnanzaState:
    """A state with its options set and nothing else (to be filled by the caller)."""
    s = object.__new__(BohnanzaState)
    s.options = options
    s.tb = options.turn_based
    s.cost = options.field_cost
    return s


def new_state(options: BohnanzaOptions, rng: int, deck: Sequence[int]) -> BohnanzaState:
    """Deal ``deck`` (top card first) one card at a time, five each, and start turn 1."""
    n = options.players
    if len(deck) < 5 * n + 1:
        raise InvalidActionError(f"a deck of {len(deck)} cards is too small to deal")
    s = blank_state(options)
    s.n = n
    s.rng = rng
    hands: list[list[int]] = [[] for _ in range(n)]
    top = 0
    for _ in range(5):
        for seat in range(n):
            hands[seat].append(deck[top])
            top += 1
    s.hands = [tuple(h) for h in hands]
    s.draw = tuple(reversed(deck[top:]))
    s.discard = ()
    s.fbean = [EMPTY] * (3 * n)
    s.fcount = [0] * (3 * n)
    s.fields = [3 if options.beginner else 2] * n
    s.talers = [() for _ in range(n)]
    s.trade = [() for _ in range(n)]
    s.face_up = ()
    s.runouts = 0
    s.active = 0
    s.planted = 0
    s.ending = False
    s.floor = 0
    s.quiet = 0
    s.made = [0] * n
    s.next_pid = 1
    s.pending = ()
    s.closed = ()
    s.turn = 1
    s.reason = ""
    s.phase = PLANT
    s.start_turn([])
    return s


def require_seat(state: BohnanzaState, action: Any) -> int:
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.n:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"no seat {excerpt(seat)} in a {state.n}-player game")
    return seat


# The rules, legal-move listing, trading and views need this module's names, so they
# are bound after it is defined.
from bohnen.bohnanza import audit as _audit  # noqa: E402
from bohnen.bohnanza import determinize as _determinize  # noqa: E402
from bohnen.bohnanza import legal as _legal  # noqa: E402
from bohnen.bohnanza import rules as _rules  # noqa: E402
from bohnen.bohnanza import serialize as _serialize  # noqa: E402
from bohnen.bohnanza import trading as _trading  # noqa: E402
from bohnen.bohnanza import views as _views  # noqa: E402

_CHECKS = _rules.CHECKS
_APPLY = _rules.APPLY
BohnanzaState.legal_actions = _legal.legal_actions  # type: ignore[method-assign,assignment]
BohnanzaState.proposals = _trading.proposal_space  # type: ignore[method-assign,assignment]
