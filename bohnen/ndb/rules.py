"""The rules of Nicht die Bohne!: what each action may do and what it does, and the flow
of a trick and a round.

A trick: the token holder plays a card face up; every other player plays one face
down, all at once (the engine takes them in any order, and no view shows a face-down
card to another seat before the reveal); then the chain of taking. The token holder
takes any other player's card; the player whose card was taken takes next, never
their own card nor the token holder's; the last player takes the token holder's card
and the token, and leads the next trick. A take with only one possible card is made
by the engine.

For each action kind, in the manner of PokerKit's ``can_x`` / ``verify_x`` pairs:

- a predicate says whether it is legal now: :func:`can_play` (on :func:`plays_now`,
  whether a seat is to play), :func:`can_take` (on :func:`takeable`, the cards a seat
  may take). These are the one source of legality: :func:`apply` asks them before the
  effect (their rules, :func:`plays_now` and :func:`takeable`, asked directly on the
  hot path, after the same checks of the values), and :mod:`bohnen.ndb.legal` lists
  the actions by :func:`plays_now` and :func:`takeable`;
- :func:`check` raises when the predicate says no, with the reason
  (:func:`~bohnen.ndb.refusals.refusal` finds the first rule the action breaks);
- an effect applies it: :func:`play`, :func:`take` (then :func:`forced_takes`).

An action the predicates refuse changes nothing. :func:`apply` returns the events;
:func:`advance` builds none (the effects take ``events=None``). An action object of
the listing the state remembers (``state.listed``, see :mod:`bohnen.ndb.legal`) is
applied without asking the predicates again: the listing asked them in this position.
Its place in the listing says what it does.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import FunctionType
from typing import Final, cast

from bohnen.core.english import counted
from bohnen.core.errors import IllegalActionError
from bohnen.core.result import Result
from bohnen.core.rng import shuffle, step
from bohnen.ndb.actions import Play, Take
from bohnen.ndb.cards import HAND_SIZE, Card, full_deck
from bohnen.ndb.data import LEAD, MAX_PLAYERS, NONE, OVER, PLAY, TAKE, D, NdbData, blank
from bohnen.ndb.events import (
    Dealt,
    GameEnded,
    Led,
    NdbEvent,
    PlayedFaceDown,
    Revealed,
    RoundScored,
    RoundStarted,
    Took,
)
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.refusals import refusal, unchecked
from bohnen.ndb.scoring import sheet_line

_new: Final = tuple.__new__  # events built without a Python-level call
# The action classes as module constants: compiled, a C variable each, where the names
# of an interpreted module (bohnen.ndb.actions is one) are looked up at every use.
_PLAY: Final = Play
_TAKE: Final = Take

# --- who acts ---------------------------------------------------------------------------

# SEATS[mask]: the seats whose bits are in ``mask``, in order.
SEATS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(s for s in range(MAX_PLAYERS) if mask >> s & 1) for mask in range(1 << MAX_PLAYERS))


def to_act(state: NdbData) -> tuple[int, ...]:
    """The seats the game waits on: those to play a card (:func:`plays_now`) in the lead
    and the play, the seat to take in the taking. A shared tuple of :data:`SEATS`, read
    from the masks the effects keep: nothing is built."""
    if state.phase is TAKE:
        return SEATS[1 << state.taker]
    return SEATS[state.playing]


def seats_to_play(state: NdbData) -> int:
    """A bit per seat to play a card now, by the phase and the table: the token holder
    in the lead, every seat that has not played in this trick in the play. The effects
    keep it in ``state.playing``; loading a state computes it, the audit compares."""
    if state.phase is LEAD:
        return 1 << state.token
    if state.phase is PLAY:
        return sum(1 << s for s, card in enumerate(state.table) if card == NONE)
    return 0


# --- play -------------------------------------------------------------------------------


def plays_now(state: NdbData, seat: int) -> bool:
    """Whether ``seat`` (a seat of the game) is to play a card now: the token holder in
    the lead, a seat that has not played in this trick in the play (its bit in
    ``state.playing``, see :func:`seats_to_play`). Any card of its hand may then be
    played: the rules put no condition on the card."""
    return state.playing >> seat & 1 == 1


def can_play(state: NdbData, seat: object, card: object) -> bool:
    """Whether ``seat`` may play ``card`` now (any values may be given): it
    :func:`plays_now`, and the card is in its hand."""
    return (type(seat) is int and type(card) is int and 0 <= seat < state.players
            and plays_now(state, seat) and card in state.hands[seat])


def position(hand: tuple[Card, ...], card: int) -> int:
    """Where ``card`` first stands in ``hand`` (-1: not there). A plain loop: compiled, it
    compares ints where ``hand.index`` calls a method and compares objects (in pure
    Python, ``hand.index`` is the quicker: see :data:`COMPILED`)."""
    for i in range(len(hand)):
        if hand[i] == card:
            return i
    return -1


def play(state: NdbData, seat: int, at: int, events: list[NdbEvent] | None) -> None:
    """The effect of a legal play of the card at place ``at`` in the seat's hand: the
    card from the hand to the table; the reveal once everybody has played. Its events go
    to ``events`` (None: none is built)."""
    hand = state.hands[seat]
    card = hand[at]
    state.hands[seat] = hand[:at] + hand[at + 1:]
    state.table[seat] = card
    if state.phase is LEAD:
        if events is not None:
            events.append(_new(Led, (seat, card)))
        state.phase = PLAY
        state.playing = ((1 << state.players) - 1) & ~(1 << seat)
        return
    if events is not None:
        events.append(_new(PlayedFaceDown, (seat, card)))
    state.playing &= ~(1 << seat)
    if not state.playing:
        if events is not None:
            events.append(_new(Revealed, (tuple(state.table),)))
        state.phase = TAKE
        state.taker = state.token
        state.taken = ()
        state.taken_mask = 0


# --- take -------------------------------------------------------------------------------


def takeable(state: NdbData, seat: int) -> int:
    """A bit per seat whose card ``seat`` may take now: none unless it is the seat to
    take; never its own card, nor the token holder's, nor a card taken already."""
    if state.phase is not TAKE or seat != state.taker:
        return 0
    return ~(state.taken_mask | 1 << seat | 1 << state.token) & ((1 << state.players) - 1)


def can_take(state: NdbData, seat: object, owner: object) -> bool:
    """Whether ``seat`` may take the card of seat ``owner`` now (any values may be given)."""
    return (type(seat) is int and type(owner) is int and 0 <= owner < state.players
            and takeable(state, seat) >> owner & 1 == 1)


def take(state: NdbData, seat: int, owner: int, events: list[NdbEvent] | None) -> None:
    """The effect of one take: the owner's card to the taker's row; the owner takes next."""
    card = state.table[owner]
    state.row_cards[seat] += (card,)
    state.taken_mask |= 1 << owner
    state.taken += (owner,)
    state.taker = owner
    if events is not None:
        events.append(_new(Took, (seat, owner, card, False)))


def forced_takes(state: NdbData, events: list[NdbEvent] | None) -> None:
    """Takes with a single possible card, then the token card and the next trick."""
    while True:
        free = takeable(state, state.taker)
        if not free:
            break
        if free & (free - 1):
            return  # a choice of two cards or more: the taker chooses
        take(state, state.taker, free.bit_length() - 1, events)
    seat, token = state.taker, state.token
    card = state.table[token]
    state.row_cards[seat] += (card,)
    if events is not None:
        events.append(_new(Took, (seat, token, card, True)))
    state.token = seat
    state.table = [NONE] * state.players
    state.taken = ()
    state.taken_mask = 0
    if state.hands[seat]:
        state.phase = LEAD
        state.playing = 1 << seat
        state.turn += 1
    else:
        end_round(state, events)


# --- checking and applying ----------------------------------------------------------------


def apply(state: NdbData, action: object) -> list[NdbEvent]:
    """Apply ``action`` if the rules allow it, and return its events; otherwise raise
    with the reason (:func:`~bohnen.ndb.refusals.refusal`), the state unchanged."""
    events: list[NdbEvent] = []
    advance(state, action, events)
    return events


def advance(state: NdbData, action: object, events: list[NdbEvent] | None = None) -> None:
    """Apply ``action`` as :func:`apply` does, with the same checks, its events added to
    ``events`` (by default none is built); otherwise raise with the reason, the state
    unchanged.

    An action of the listing the state remembers (``state.listed``, by identity) is
    legal: the listing asked the predicates in this very position, so it is not checked
    again, and its place in the listing says what it does: the listing of the seat to
    take is its takes by the owners' seats in order (:func:`takeable`'s bits), any other
    listing the plays of the seat's distinct cards in the order of its sorted hand
    (:mod:`bohnen.ndb.legal`; compiled, the card is found from that place, not read from
    the action: :data:`COMPILED`). The loop is written here, not called: a Python-level
    call costs more than the loop in pure Python, and mypyc compiles it to pointer
    comparisons."""
    by = state.listed_seat
    if by >= 0:
        at = 0  # not enumerate: in pure Python, a tuple a step costs more than an add
        for listed in state.listed:
            if listed is action:
                state.listed_seat = -1  # state.forget(), inlined: the position changes
                if state.phase is TAKE:  # the bits of takeable(state, by), inlined
                    free = ~(state.taken_mask | 1 << by | 1 << state.token)
                    take(state, by, SEATS[free & ((1 << state.players) - 1)][at], events)
                    forced_takes(state, events)
                elif COMPILED:
                    play(state, by, distinct_at(state.hands[by], at), events)
                else:
                    play(state, by, state.hands[by].index(cast(Play, listed).card), events)
                return
            at += 1  # noqa: SIM113
    if type(action) is _PLAY:
        seat, card = unchecked(action).seat, unchecked(action).card
        # can_play, inlined: plays_now reads the seat's bit of state.playing
        if not (type(seat) is int and type(card) is int and 0 <= seat < state.players
                and state.playing >> seat & 1):
            raise refusal(state, action)
        hand = state.hands[seat]  # the card in the hand: can_play's last rule
        at = position(hand, card) if COMPILED else hand.index(card) if card in hand else -1
        if at < 0:
            raise refusal(state, action)
        state.listed_seat = -1  # state.forget(), inlined: the position changes
        play(state, seat, at, events)
    elif type(action) is _TAKE:
        seat, owner = unchecked(action).seat, unchecked(action).owner
        # can_take, with its one source (takeable) asked directly: a call less a take
        if not (type(seat) is int and type(owner) is int and 0 <= owner < state.players
                and takeable(state, seat) >> owner & 1):
            raise refusal(state, action)
        state.listed_seat = -1  # state.forget(), inlined: the position changes
        take(state, seat, owner, events)
        forced_takes(state, events)
    else:
        raise refusal(state, action)


def distinct_at(hand: tuple[Card, ...], nth: int) -> int:
    """Where the ``nth`` distinct card of ``hand`` (sorted: equal cards side by side)
    first stands: the card of the ``nth`` play of the seat's listing."""
    last = -1
    for i in range(len(hand)):
        card = hand[i]
        if card != last:
            if nth == 0:
                return i
            nth -= 1
            last = card
    raise IndexError(f"no distinct card {nth} in the hand")


# Whether this module runs compiled (mypyc): its functions are then no Python functions.
# Asked where a card is found in a hand (:func:`advance`): compiled, a loop over the hand
# (:func:`position`, :func:`distinct_at`) is the quicker, where reading a listed action's
# card (an interpreted class) and the hand's ``index`` (a method call) cost more; in pure
# Python the loop costs more than those two C calls. Either finds the same place.
COMPILED: Final = not isinstance(distinct_at, FunctionType)


def check(state: NdbData, action: object) -> None:
    """Raise ``IllegalActionError`` / ``InvalidActionError`` with the reason unless the
    rules allow ``action`` now (any object may be given)."""
    if type(action) is Play:
        if can_play(state, unchecked(action).seat, unchecked(action).card):
            return
    elif type(action) is Take and can_take(state, unchecked(action).seat,
                                           unchecked(action).owner):
        return
    raise refusal(state, action)


# --- rounds and the end ---------------------------------------------------------------------


def deal(state: NdbData, deck: Sequence[Card], events: list[NdbEvent] | None) -> None:
    """Deal the whole ``deck`` (top first) one card at a time from the dealer's left."""
    n = state.players
    dealt = HAND_SIZE[n] * n
    first = (state.dealer + 1) % n  # the seat of the top card
    # card i goes to seat (first + i) % n: seat s gets every n-th card from (s - first) % n
    state.hands = [tuple(sorted(deck[(s - first) % n:dealt:n])) for s in range(n)]
    state.row_cards = [() for _ in range(n)]
    state.table = [NONE] * n
    state.taken = ()
    state.taken_mask = 0
    state.token = state.taker = (state.dealer + 1) % n
    state.phase = LEAD
    state.playing = 1 << state.token
    if events is not None:
        events.append(_new(RoundStarted, (state.round + 1, state.dealer, state.token)))
        for seat in range(n):
            events.append(_new(Dealt, (seat, state.hands[seat])))


def end_round(state: NdbData, events: list[NdbEvent] | None) -> None:
    """Score the round on the sheet; then the game ends, or the next round is dealt."""
    lines = tuple(sheet_line(state.row_cards[s]) for s in range(state.players))
    state.sheet.append(lines)
    if events is not None:
        events.append(_new(RoundScored, (state.round + 1, lines)))
    if len(state.sheet) == state.options.rounds:
        state.phase = OVER
        state.playing = 0
        if events is not None:
            outcome = result(state)
            events.append(_new(GameEnded, (outcome.scores, outcome.winners)))
        return
    state.round += 1
    state.dealer = (state.dealer + 1) % state.players
    shuffler, state.rng = step(state.rng)
    deck = full_deck()
    shuffle(shuffler, deck)
    state.turn += 1
    deal(state, deck, events)


def new_state(cls: type[D], options: NdbOptions, rng: int, deck: Sequence[Card]) -> D:
    """Round 1 of a new game: seat ``players - 1`` deals, so seat 0 (left of the dealer)
    leads; ``deck`` is dealt top first."""
    s = blank(cls)
    s.options = options
    s.players = options.players
    s.rng = rng
    s.round = 0
    s.dealer = s.players - 1
    s.sheet = []
    s.turn = 1
    deal(s, deck, None)
    return s


def totals(state: NdbData) -> tuple[int, ...]:
    """Each seat's total of the "Summe" column over the finished rounds."""
    return tuple(sum(lines[s].total for lines in state.sheet) for s in range(state.players))


def result(state: NdbData) -> Result:
    """The result of a game that is over: the totals, the highest winning (ties share)."""
    if state.phase is not OVER:
        raise IllegalActionError("the game is not over: no result yet")
    scores = totals(state)
    best = max(scores)
    winners = tuple(s for s in range(state.players) if scores[s] == best)
    return Result(scores, winners, f"{counted(len(state.sheet), 'round')} played")
