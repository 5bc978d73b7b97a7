"""The flow of a Bohnanza turn: the deal, the phases, the draws, the end.

What the engine does by itself between the players' moves (the reveal, closing the
trading, phase 4's draw, run-outs and reshuffles, the final sale), the effects every
rule shares (planting a bean, selling a field), and the questions of whose move it is.
The actions' own checks and effects are in :mod:`~bohnen.bohnanza.rules` and
:mod:`~bohnen.bohnanza.trading`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from bohnen.bohnanza import events as E
from bohnen.bohnanza.beans import ALL_BEANS, PAYOUT, Bean
from bohnen.bohnanza.data import (
    EMPTY,
    LAST_RUNOUT,
    OVER,
    PLANT,
    PLANT_TRADED,
    TRADE,
    BohnanzaData,
    Closed,
    How,
    Proposal,
)
from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.result import Result
from bohnen.core.rng import shuffle, step

Events = list[E.BohnanzaEvent]
# The effects take ``Events | None``: None is the events-off path of ``advance``, where
# no event is built at all.

# Events are built with tuple.__new__ on the hot paths: no Python-level call; closed
# proposals likewise, by a name of their own (``_new`` builds events only).
_new: Final = tuple.__new__
_make: Final = tuple.__new__


# --- whose move -------------------------------------------------------------------------


def actor(state: BohnanzaData) -> int:
    """Turn-based: the one seat to act (the game must not be over). The effects keep it
    in ``state.mover`` (:func:`trade_mover` after a change of the proposals or the
    floor); the audit compares the two."""
    phase = state.phase
    if phase is PLANT:
        return state.active
    if phase is TRADE:
        pending = state.open_proposals
        return pending[0].to if pending else state.floor
    return state.floor  # phase 3: the planting seat, kept there by after_planting


def trade_mover(state: BohnanzaData) -> None:
    """In phase 2, the seat to move after the open proposals or the floor changed: the
    receiver of the first open proposal, else the seat with the floor (:func:`actor`)."""
    pending = state.open_proposals
    state.mover = pending[0].to if pending else state.floor


def proposals_left(state: BohnanzaData, seat: int) -> int | None:
    """Proposals ``seat`` may still make this turn (None: no bound). With the
    ``per_seat`` allowance each seat has its own; ``shared``: the table's."""
    budget = state.proposal_budget  # the options', kept at hand
    if budget is None:
        return None
    made = state.proposals_made
    used = made[seat] if state.per_seat else sum(made)
    return budget - used if used < budget else 0


def may_propose(state: BohnanzaData, seat: int) -> bool:
    """Whether ``seat`` has a proposal left this turn (any phase): ``proposals_left``
    is None or above 0, asked without the call (this runs at every listing)."""
    budget = state.proposal_budget
    if budget is None:
        return True
    made = state.proposals_made
    return (made[seat] if state.per_seat else sum(made)) < budget


def result(state: BohnanzaData) -> Result:
    """The outcome of an ended game: most talers wins (ties as ``tie_break`` says)."""
    if state.phase is not OVER:
        raise IllegalActionError("the game is not over: no result yet")
    scores = tuple(len(t) for t in state.taler_cards)
    best = max(scores)
    winners = [s for s in range(state.players) if scores[s] == best]
    if state.options.tie_break == "most_cards_in_hand" and len(winners) > 1:
        most = max(len(state.hands[s]) for s in winners)
        winners = [s for s in winners if len(state.hands[s]) == most]
    return Result(scores, tuple(winners), state.reason)


# --- fields -------------------------------------------------------------------------------


def plant(state: BohnanzaData, seat: int, bean: Bean, field: int) -> int:
    """Put ``bean`` into the seat's ``field``; the beans there afterwards."""
    i = seat * 3 + field
    state.field_beans[i] = bean
    state.field_counts[i] += 1
    return state.field_counts[i]


def sell(state: BohnanzaData, seat: int, field: int, events: Events | None,
         final: bool = False) -> None:
    """Harvest: beanometer talers to the seat, the other beans face up on the discard."""
    i = seat * 3 + field
    b, count = state.field_beans[i], state.field_counts[i]  # b: the bean as an int
    bean = ALL_BEANS[b]
    pay = PAYOUT[b][count]
    if pay:
        state.taler_cards[seat] += (bean,) * pay
    if count > pay:
        state.discard += (bean,) * (count - pay)
    state.field_beans[i] = EMPTY
    state.field_counts[i] = 0
    if events is not None:
        events.append(_new(E.Harvested, (seat, field, bean, count, pay, final)))


# --- the draw pile ------------------------------------------------------------------------


def draw_card(state: BohnanzaData, events: Events | None) -> Bean:
    """The top card of the draw pile, with the run-out and reshuffle it may cause."""
    draw = state.draw_pile
    card = draw[-1]
    state.draw_pile = draw[:-1]
    if len(draw) == 1:
        run_out(state, events)
    return card


def run_out(state: BohnanzaData, events: Events | None) -> None:
    """Count a run-out; before the last, shuffle the discard into a new draw pile."""
    while True:
        state.runouts += 1
        if state.runouts >= LAST_RUNOUT:
            if events is not None:
                events.append(E.RanOut(state.runouts, 0))
            return
        if state.discard:
            pile = list(state.discard)
            shuffler, state.rng = step(state.rng)
            shuffle(shuffler, pile)
            state.draw_pile = tuple(pile)
            state.discard = ()
            if events is not None:
                events.append(E.RanOut(state.runouts, len(pile)))
            return
        if events is not None:  # empty discard: the next run-out at once
            events.append(E.RanOut(state.runouts, 0))


# --- the deal and the turn ------------------------------------------------------------------


def deal(state: BohnanzaData, rng: int, deck: Sequence[Bean]) -> None:
    """Fill the blank ``state``: deal ``deck`` (top card first) one card at a time, five
    each, and start turn 1."""
    n = state.players
    if len(deck) < 5 * n + 1:
        raise InvalidActionError(f"a deck of {len(deck)} cards is too small to deal")
    state.rng = rng
    hands: list[list[Bean]] = [[] for _ in range(n)]
    top = 0
    for _ in range(5):
        for seat in range(n):
            hands[seat].append(deck[top])
            top += 1
    state.hands = [tuple(h) for h in hands]
    state.draw_pile = tuple(reversed(deck[top:]))
    state.discard = ()
    state.field_beans = [EMPTY] * (3 * n)
    state.field_counts = [0] * (3 * n)
    state.fields_owned = [3 if state.options.beginner else 2] * n
    state.taler_cards = [() for _ in range(n)]
    state.trade_areas = [() for _ in range(n)]
    state.face_up = ()
    state.runouts = 0
    state.active = 0
    state.planted = 0
    state.last_runout_reached = False
    state.floor = 0
    state.passes_since_proposal = 0
    state.proposals_made = [0] * n
    state.next_pid = 1
    state.open_proposals = ()
    state.closed_proposals = ()
    state.turn = 1
    state.reason = ""
    state.phase = PLANT
    start_turn(state, None)


def start_turn(state: BohnanzaData, events: Events | None) -> None:
    state.phase = PLANT
    state.mover = state.active
    state.planted = 0
    if events is not None:
        events.append(_new(E.TurnStarted, (state.active, state.turn)))
    if not state.hands[state.active]:
        reveal(state, events)  # no card in hand: phase 1 is skipped


def reveal(state: BohnanzaData, events: Events | None) -> None:
    """Phase 2 begins: turn up two cards (fewer if the last run-out comes first)."""
    beans: list[Bean] = []
    for _ in range(2):
        beans.append(draw_card(state, events))
        if state.runouts >= LAST_RUNOUT:
            state.last_runout_reached = True
            break
    state.face_up = tuple(beans)
    if events is not None:
        events.append(_new(E.Revealed, (state.active, state.face_up)))
    state.phase = TRADE
    state.floor = state.mover = state.active
    state.passes_since_proposal = 0
    state.proposals_made = [0] * state.players
    state.open_proposals = ()
    state.closed_proposals = ()


def close_trading(state: BohnanzaData, events: Events | None) -> None:
    """Phase 3 begins: the face-up cards left go to the active player's trade area."""
    kept = state.face_up
    if kept:
        state.trade_areas[state.active] += kept
        state.face_up = ()
    for p in state.open_proposals:
        if events is not None:
            events.append(E.ProposalClosed(p.pid, None, "voided"))
        close(state, p, "voided")
    state.open_proposals = ()
    if events is not None:
        events.append(_new(E.TradingClosed, (state.active, kept)))
    state.phase = PLANT_TRADED
    after_planting(state, events)


def after_planting(state: BohnanzaData, events: Events | None) -> None:
    """In phase 3, the next seat to plant; with every trade area empty, phase 4 (or
    the end), then the next turn."""
    n = state.players
    trade = state.trade_areas
    for k in range(n):
        seat = (state.active + k) % n
        if trade[seat]:
            state.floor = state.mover = seat  # turn-based: this seat plants next
            return
    if state.last_runout_reached:
        finish(state, "the draw pile ran out for the third time during the reveal", events)
        return
    active = state.active
    drawn: list[Bean] = []
    for _ in range(3):
        drawn.append(draw_card(state, events))
        if state.runouts >= LAST_RUNOUT:
            state.hands[active] += tuple(drawn)
            if events is not None:
                events.append(_new(E.Drew, (active, tuple(drawn))))
            finish(state, "the draw pile ran out for the third time during the draw", events)
            return
    state.hands[active] += tuple(drawn)
    if events is not None:
        events.append(_new(E.Drew, (active, tuple(drawn))))
    state.active = (active + 1) % n
    state.turn += 1
    start_turn(state, events)


def close(state: BohnanzaData, p: Proposal, how: How) -> None:
    """Note that proposal ``p`` is no longer open (the caller takes it off
    ``open_proposals``): this turn's closed proposals are public."""
    # Closed(...), built without the namedtuple's Python-level __new__
    closed: Closed = _make(Closed, (p.pid, p.proposer, p.to, tuple(sorted(p.hand_beans)),
                                   p.face_beans, p.wants, p.talers, p.wants_talers, how))
    state.closed_proposals += (closed,)


def finish(state: BohnanzaData, reason: str, events: Events | None) -> None:
    """The end: every player sells every field (no bean protection); most talers wins."""
    for seat in range(state.players):
        for f in range(state.fields_owned[seat]):
            if state.field_counts[seat * 3 + f]:
                sell(state, seat, f, events, final=True)
    state.phase = OVER
    state.reason = reason
    state.open_proposals = ()
    if events is not None:
        outcome = result(state)
        events.append(E.GameEnded(reason, outcome.scores, outcome.winners))
