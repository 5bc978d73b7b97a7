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
  (:func:`refusal` finds the first rule the action breaks);
- an effect applies it: :func:`play`, :func:`take` (then :func:`forced_takes`).

An action the predicates refuse changes nothing. :func:`apply` returns the events;
:func:`advance` builds none (the effects take ``events=None``). An action object of
the listing the state remembers (``state.listed``, see :mod:`bohnen.ndb.legal`) is
applied without asking the predicates again: the listing asked them in this position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol, cast

from bohnen.core.english import counted
from bohnen.core.errors import GameError, IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.core.result import Result
from bohnen.core.rng import shuffle, step
from bohnen.ndb.actions import Play, Take
from bohnen.ndb.cards import CARD_IDS, HAND_SIZE, Card, full_deck
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
from bohnen.ndb.scoring import sheet_line

_new: Final = tuple.__new__  # events built without a Python-level call

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


def play(state: NdbData, seat: int, card: Card, events: list[NdbEvent] | None) -> None:
    """The effect of a legal play: the card from the hand to the table; the reveal once
    everybody has played. Its events go to ``events`` (None: none is built)."""
    hand = state.hands[seat]
    i = hand.index(card)
    state.hands[seat] = hand[:i] + hand[i + 1:]
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


class Unchecked(Protocol):
    """An action's fields as any objects: an action built by hand may hold values of any
    type, which the checks below refuse with the reason. (Read as ``Play`` or ``Take``,
    a build compiled with mypyc would raise ``TypeError`` at the reading itself.)"""

    @property
    def seat(self) -> object: ...

    @property
    def card(self) -> object: ...

    @property
    def owner(self) -> object: ...


def unchecked(action: Play | Take) -> Unchecked:
    """``action``, its fields read as any objects (free: a cast)."""
    return cast(Unchecked, action)


def apply(state: NdbData, action: object) -> list[NdbEvent]:
    """Apply ``action`` if the rules allow it, and return its events; otherwise raise
    with the reason (:func:`refusal`), the state unchanged."""
    events: list[NdbEvent] = []
    advance(state, action, events)
    return events


def advance(state: NdbData, action: object, events: list[NdbEvent] | None = None) -> None:
    """Apply ``action`` as :func:`apply` does, with the same checks, its events added to
    ``events`` (by default none is built); otherwise raise with the reason, the state
    unchanged. An action of the listing the state remembers (``state.listed``, by
    identity) is legal: the listing asked the predicates in this very position, so it
    is not checked again."""
    if state.listed_seat >= 0 and is_listed(state, action):
        state.listed_seat = -1  # state.forget(), inlined: the position changes
        if type(action) is Play:
            play(state, action.seat, action.card, events)
        elif type(action) is Take:
            take(state, action.seat, action.owner, events)
            forced_takes(state, events)
    elif type(action) is Play:
        seat, card = unchecked(action).seat, unchecked(action).card
        # can_play, inlined: plays_now reads the seat's bit of state.playing
        if not (type(seat) is int and type(card) is int and 0 <= seat < state.players
                and state.playing >> seat & 1 and card in state.hands[seat]):
            raise refusal(state, action)
        state.listed_seat = -1  # state.forget(), inlined: the position changes
        play(state, seat, cast(Card, card), events)
    elif type(action) is Take:
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


def is_listed(state: NdbData, action: object) -> bool:
    """Whether ``action`` is one of the objects of the listing the state remembers (the
    same object, not an equal one). A plain loop: ``any`` over a generator costs a frame
    per call in Python, and mypyc compiles the loop to pointer comparisons."""
    for listed in state.listed:  # noqa: SIM110
        if listed is action:
            return True
    return False


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


def illegal(action: Play | Take, reason: str) -> IllegalActionError:
    return IllegalActionError(f"seat {action.seat}: {shown(action)} is illegal: {reason}",
                              reason)


def refusal(state: NdbData, action: object) -> GameError:
    """The error for an action the predicates refuse: the first rule it breaks, malformed
    values first."""
    if type(action) is Play:
        return _seat_refusal(state, action) or _play_refusal(state, action)
    if type(action) is Take:
        return _seat_refusal(state, action) or _take_refusal(state, action)
    return InvalidActionError(f"{excerpt(action)} is not a Nicht die Bohne action")


def _seat_refusal(state: NdbData, action: Play | Take) -> GameError | None:
    seat = unchecked(action).seat
    if type(seat) is not int or not 0 <= seat < state.players:
        return InvalidActionError(f"{shown(action)}: "
                                  f"no seat {excerpt(seat)} in a {state.players}-player game")
    if state.phase is OVER:
        return illegal(action, "the game is over")
    return None


def _play_refusal(state: NdbData, action: Play) -> GameError:
    seat, card = action.seat, unchecked(action).card  # the seat: checked by _seat_refusal
    if type(card) is not int or not 0 <= card < CARD_IDS:
        return InvalidActionError(f"{shown(action)}: no card {excerpt(card)}")
    if state.phase is TAKE:
        return illegal(action, f"the cards are being taken (seat {state.taker}'s turn)")
    if state.phase is LEAD and seat != state.token:
        return illegal(action, f"seat {state.token} holds the token and plays first")
    if state.phase is PLAY and state.table[seat] != NONE:
        return illegal(action, "the seat has played its card in this trick")
    if card not in state.hands[seat]:
        return illegal(action, "the card is not in the seat's hand")
    return illegal(action, "the rules do not allow it now")  # not reached: see can_play


def _take_refusal(state: NdbData, action: Take) -> GameError:
    seat, owner = action.seat, unchecked(action).owner  # the seat: checked by _seat_refusal
    if type(owner) is not int or not 0 <= owner < state.players:
        return InvalidActionError(f"{shown(action)}: no seat {excerpt(owner)} to take from")
    if state.phase is not TAKE:
        return illegal(action, "cards are taken once all are played and turned up")
    if seat != state.taker:
        return illegal(action, f"it is seat {state.taker}'s turn to take")
    if owner == seat:
        return illegal(action, "nobody takes back their own card")
    if owner == state.token:
        return illegal(action, "the token holder's card goes to the last player")
    if state.taken_mask >> owner & 1:
        return illegal(action, f"seat {owner}'s card has been taken already")
    return illegal(action, "the rules do not allow it now")  # not reached: see can_take


# --- rounds and the end ---------------------------------------------------------------------


def deal(state: NdbData, deck: Sequence[Card], events: list[NdbEvent] | None) -> None:
    """Deal the whole ``deck`` (top first) one card at a time from the dealer's left."""
    n = state.players
    size = HAND_SIZE[n]
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(size * n):
        hands[(state.dealer + 1 + i) % n].append(deck[i])
    state.hands = [tuple(sorted(h)) for h in hands]
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
