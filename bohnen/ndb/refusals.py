"""Why an action of Nicht die Bohne! is refused: the error that names the first rule it
breaks, malformed values first. :mod:`bohnen.ndb.rules` asks for it once its
predicates have said no; the predicates stay the one source of legality (the last
branch of each refusal is never reached for an action they refuse)."""

from __future__ import annotations

from typing import Protocol, cast

from bohnen.core.errors import GameError, IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.ndb.actions import Play, Take
from bohnen.ndb.cards import CARD_IDS
from bohnen.ndb.data import LEAD, NONE, OVER, PLAY, TAKE, NdbData


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
