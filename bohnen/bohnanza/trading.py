"""Phase 2: the checks and effects of proposals, answers and the floor.

Every trade or gift involves the active player. A proposal names the cards the
proposer gives (hand positions; face-up indices for the active player; talers in
the expert variant) and the bean types (and talers) it wants. The receiver accepts
by naming cards of exactly the wanted types, declines, or counters. Received cards
go to the receiver's trade area. When a trade is carried out, the other open
proposals of each seat that gave cards are voided: their hand positions moved.

The predicates (``*_refusal``: the reason an action is refused, None if it is not;
:func:`partners`, :func:`gives_face_up`) are the one statement of each rule: the checks
raise with their reason, and the listing of legal actions
(:mod:`~bohnen.bohnanza.legal`, :mod:`~bohnen.bohnanza.proposal_space`) asks them.
"""

from __future__ import annotations

from typing import Final

from bohnen.bohnanza import events as E
from bohnen.bohnanza.actions import (
    Accept,
    BohnanzaAction,
    CloseTrading,
    Counter,
    Decline,
    Pass,
    Propose,
    Withdraw,
)
from bohnen.bohnanza.beans import NAMES, Bean
from bohnen.bohnanza.data import TRADE, BohnanzaData, How, Proposal
from bohnen.bohnanza.flow import Events, close, close_trading, may_propose, trade_mover
from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown

# Events are built with tuple.__new__ on the hot paths: no Python-level call; proposals
# likewise, by a name of their own (``_new`` builds events only).
_new: Final = tuple.__new__
_make: Final = tuple.__new__


def illegal(action: BohnanzaAction, reason: str) -> IllegalActionError:
    return IllegalActionError(f"seat {action.seat}: {shown(action)} is illegal: {reason}",
                              reason)


def raw(action: BohnanzaAction, name: str) -> object:
    """A field of ``action`` as it is, any value, for the checks to judge: read with
    ``getattr``, since an attribute read in the compiled build already insists on the
    type the action declares, and would raise a TypeError for a malformed action."""
    return getattr(action, name)


# --- the rules, as predicates ------------------------------------------------------------


def trading_refusal(state: BohnanzaData) -> str | None:
    """Why no trading move is open now (outside phase 2), None in phase 2."""
    return None if state.phase is TRADE else "trading happens in phase 2 only"


def partners(state: BohnanzaData, seat: int) -> list[int]:
    """The seats ``seat`` may trade with: every other seat for the active player, the
    active player for the others (every trade involves the active player)."""
    if seat == state.active:
        return [s for s in range(state.players) if s != seat]
    return [state.active]


def gives_face_up(state: BohnanzaData, seat: int) -> bool:
    """Whether ``seat`` may give face-up cards (in a proposal or an acceptance)."""
    return seat == state.active


def answer_refusal(seat: int, p: Proposal) -> str | None:
    """Why ``seat`` may not answer proposal ``p`` (accept, decline, counter)."""
    return None if p.to == seat else f"proposal {p.pid} was not made to seat {seat}"


def withdraw_refusal(seat: int, p: Proposal) -> str | None:
    """Why ``seat`` may not withdraw proposal ``p``."""
    return None if p.proposer == seat else f"proposal {p.pid} is not seat {seat}'s"


def payment_refusal(state: BohnanzaData, p: Proposal) -> str | None:
    """Why proposal ``p`` cannot be carried out for want of talers."""
    seat = p.to
    held = len(state.taler_cards[seat])
    if p.wants_talers > held:
        return f"proposal {p.pid} wants {p.wants_talers} talers, seat {seat} has {held}"
    if p.talers > len(state.taler_cards[p.proposer]):
        return f"seat {p.proposer} no longer has the {p.talers} talers it offered"
    return None


def awaits_answer(state: BohnanzaData) -> bool:
    """Whether, turn-based, an open proposal awaits its answer: nobody proposes anew
    nor passes before it comes (:func:`propose_refusal`, :func:`pass_refusal`)."""
    return state.turn_based and bool(state.open_proposals)


def propose_refusal(state: BohnanzaData, seat: int) -> str | None:
    """Why ``seat`` may not make a new proposal now (the offer itself aside)."""
    if state.phase is not TRADE:
        return "trading happens in phase 2 only"
    if awaits_answer(state):
        return f"proposal {state.open_proposals[0].pid} awaits an answer first"
    return None


def may_pass(state: BohnanzaData, seat: int) -> bool:
    """Whether ``seat`` may pass the floor now: turn-based, in phase 2, with no proposal
    awaiting an answer, unless it is the active player and everybody else has passed
    since the last proposal. The listing asks this, which builds no reason."""
    return (state.phase is TRADE and state.turn_based and not state.open_proposals
            and not (seat == state.active
                     and state.passes_since_proposal >= state.players - 1))


def pass_refusal(state: BohnanzaData, seat: int) -> str | None:
    """Why ``seat`` may not pass the floor now (None: :func:`may_pass`)."""
    if may_pass(state, seat):
        return None
    if state.phase is not TRADE:
        return "trading happens in phase 2 only"
    if not state.turn_based:
        return "there is no floor to pass in open trading"
    if state.open_proposals:
        return f"proposal {state.open_proposals[0].pid} awaits an answer first"
    return "everybody has passed since the last proposal: propose or close trading"


def close_refusal(state: BohnanzaData, seat: int) -> str | None:
    """Why ``seat`` may not close the trading now."""
    if state.phase is not TRADE:
        return "trading happens in phase 2 only"
    if seat != state.active:
        return "only the active player closes trading"
    return None


def used_up(state: BohnanzaData, seat: int) -> str:
    """The reason a seat with no proposal left is given."""
    budget = state.options.max_proposals_per_turn
    if state.options.proposal_allowance == "per_seat":
        return f"seat {seat}'s proposals of this turn are used up ({budget} per seat)"
    return f"the table's proposals of this turn are used up ({budget} in all)"


# --- the checks ----------------------------------------------------------------------------


def _in_trading(state: BohnanzaData, action: BohnanzaAction) -> None:
    why = trading_refusal(state)
    if why is not None:
        raise illegal(action, why)


def _find(state: BohnanzaData, action: Accept | Counter | Decline | Withdraw) -> Proposal:
    pid = raw(action, "pid")  # any value until checked (see raw)
    if type(pid) is not int:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"proposal number must be a number, not {excerpt(pid)}")
    for p in state.open_proposals:
        if p.pid == pid:
            return p
    raise illegal(action, f"there is no open proposal {excerpt(pid)}")


def _positions(action: BohnanzaAction, refs: object, size: int, what: str) -> tuple[int, ...]:
    if not isinstance(refs, tuple) or not all(type(i) is int for i in refs):
        raise InvalidActionError(f"{shown(action)}: "
                                 f"{what} must be a tuple of numbers, not {excerpt(refs)}")
    if len(set(refs)) != len(refs):
        raise InvalidActionError(f"{shown(action)}: a card is named twice in {what}")
    for i in refs:
        if not 0 <= i < size:
            raise illegal(action, f"there is no card {excerpt(i)} in {what} (it holds {size})")
    return refs


def _talers(state: BohnanzaData, action: BohnanzaAction, value: object, what: str) -> int:
    if type(value) is not int or value < 0:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"{what} must be a whole number ≥ 0, not {excerpt(value)}")
    if value and not state.options.expert_taler_trading:
        raise illegal(action, "talers may be traded only in the expert variant")
    return value


def is_bean(value: object) -> bool:
    """Whether ``value`` is a :class:`Bean` (as actions carry them; a plain ``int`` is
    not: ``2`` and ``Bean.SAU`` are equal in Python, but only one is a bean)."""
    return type(value) is Bean


def _check_offer(state: BohnanzaData, action: Propose | Counter, to: object) -> None:
    """The rules every proposal obeys, wherever it comes from."""
    seat = action.seat
    if not may_propose(state, seat):
        raise illegal(action, used_up(state, seat))
    if type(to) is not int or not 0 <= to < state.players:
        raise InvalidActionError(f"{shown(action)}: no seat {excerpt(to)} to trade with")
    if to == seat:
        raise illegal(action, "a seat cannot trade with itself")
    if to not in partners(state, seat):
        raise illegal(action, f"every trade involves the active player (seat {state.active})")
    # Each field read as it is (see raw) until checked.
    hand = _positions(action, raw(action, "hand"), len(state.hands[seat]), "the hand")
    face_up: object = raw(action, "face_up")
    if face_up and not gives_face_up(state, seat):
        raise illegal(action, "only the active player offers face-up cards")
    face = _positions(action, face_up, len(state.face_up), "the face-up cards")
    wants: object = raw(action, "wants")
    if not isinstance(wants, tuple) or not all(is_bean(b) for b in wants):
        raise InvalidActionError(f"{shown(action)}: "
                                 f"wants must be a tuple of beans, not {excerpt(wants)}")
    talers = _talers(state, action, raw(action, "talers"), "talers")
    wants_talers = _talers(state, action, raw(action, "wants_talers"), "wants_talers")
    if talers > len(state.taler_cards[seat]):
        raise illegal(action, f"seat {seat} has only {len(state.taler_cards[seat])} talers")
    if not (hand or face or talers or wants or wants_talers):
        raise illegal(action, "the proposal offers and asks for nothing")


def check_propose(state: BohnanzaData, action: Propose) -> None:
    why = propose_refusal(state, action.seat)
    if why is not None:
        raise illegal(action, why)
    _check_offer(state, action, raw(action, "to"))


def check_counter(state: BohnanzaData, action: Counter) -> None:
    _in_trading(state, action)
    p = _find(state, action)
    why = answer_refusal(action.seat, p)
    if why is not None:
        raise illegal(action, why)
    _check_offer(state, action, p.proposer)


def check_accept(state: BohnanzaData, action: Accept) -> None:
    _in_trading(state, action)
    p = _find(state, action)
    seat = action.seat
    why = answer_refusal(seat, p)
    if why is not None:
        raise illegal(action, why)
    hand = _positions(action, raw(action, "hand"), len(state.hands[seat]), "the hand")
    face_up: object = raw(action, "face_up")
    if face_up and not gives_face_up(state, seat):
        raise illegal(action, "only the active player gives face-up cards")
    face = _positions(action, face_up, len(state.face_up), "the face-up cards")
    given = sorted([state.hands[seat][i] for i in hand] + [state.face_up[i] for i in face])
    if tuple(given) != p.wants:
        want = ", ".join(NAMES[b] for b in p.wants) or "nothing"
        got = ", ".join(NAMES[b] for b in given) or "nothing"
        raise illegal(action, f"proposal {p.pid} wants {want}; the cards named are {got}")
    why = payment_refusal(state, p)
    if why is not None:
        raise illegal(action, why)


def check_decline(state: BohnanzaData, action: Decline) -> None:
    _in_trading(state, action)
    why = answer_refusal(action.seat, _find(state, action))
    if why is not None:
        raise illegal(action, why)


def check_withdraw(state: BohnanzaData, action: Withdraw) -> None:
    _in_trading(state, action)
    why = withdraw_refusal(action.seat, _find(state, action))
    if why is not None:
        raise illegal(action, why)


def check_pass(state: BohnanzaData, action: Pass) -> None:
    why = pass_refusal(state, action.seat)
    if why is not None:
        raise illegal(action, why)


def check_close(state: BohnanzaData, action: CloseTrading) -> None:
    why = close_refusal(state, action.seat)
    if why is not None:
        raise illegal(action, why)


# --- the effects ---------------------------------------------------------------------------


def _open(state: BohnanzaData, action: Propose | Counter, to: int, events: Events | None,
          counter_to: int | None) -> None:
    seat = action.seat
    hand = state.hands[seat]
    positions = tuple(sorted(action.hand))
    face = tuple(sorted(action.face_up))
    # Proposal(pid, proposer, to, hand, hand_beans, face_up, face_beans, wants, talers,
    # wants_talers), built without the namedtuple's Python-level __new__
    p: Proposal = _make(Proposal, (
        state.next_pid, seat, to, positions, tuple(hand[i] for i in positions),
        face, tuple(state.face_up[i] for i in face), tuple(sorted(action.wants)),
        action.talers, action.wants_talers))
    state.next_pid += 1
    state.proposals_made[seat] += 1
    state.passes_since_proposal = 0
    state.open_proposals += (p,)
    trade_mover(state)
    if events is not None:
        events.append(E.Proposed(p.pid, seat, to, p.hand, p.hand_beans, p.face_beans, p.wants,
                                 p.talers, p.wants_talers, counter_to))


def apply_propose(state: BohnanzaData, action: Propose, events: Events | None) -> None:
    _open(state, action, action.to, events, None)


def apply_counter(state: BohnanzaData, action: Counter, events: Events | None) -> None:
    p = _find(state, action)
    _drop(state, p, "countered")
    if events is not None:
        events.append(E.ProposalClosed(p.pid, action.seat, "countered"))
    _open(state, action, p.proposer, events, p.pid)


def _drop(state: BohnanzaData, p: Proposal, how: How) -> None:
    state.open_proposals = tuple(q for q in state.open_proposals if q.pid != p.pid)
    trade_mover(state)
    close(state, p, how)


def _take(state: BohnanzaData, seat: int, hand: tuple[int, ...],
          face: tuple[int, ...]) -> tuple[Bean, ...]:
    """Remove the named cards (the rest of the hand closes up); return their beans, those
    of the hand sorted (the order of a hand is its owner's secret: the others heard the
    beans of a proposal sorted, and so they see them arrive), then the face-up ones."""
    cards = state.hands[seat]
    beans = sorted(cards[i] for i in hand)
    if hand:
        keep = set(hand)
        state.hands[seat] = tuple(c for i, c in enumerate(cards) if i not in keep)
    if face:
        beans += [state.face_up[i] for i in face]
        state.face_up = tuple(c for i, c in enumerate(state.face_up) if i not in face)
    return tuple(beans)


def _pay(state: BohnanzaData, payer: int, to: int, amount: int) -> None:
    if amount:
        coins = state.taler_cards[payer]
        state.taler_cards[payer] = coins[:-amount]
        state.taler_cards[to] += coins[-amount:]


def apply_accept(state: BohnanzaData, action: Accept, events: Events | None) -> None:
    p = _find(state, action)
    seat = action.seat
    _drop(state, p, "accepted")
    given = _take(state, p.proposer, p.hand, p.face_up)
    received = _take(state, seat, tuple(sorted(action.hand)), tuple(sorted(action.face_up)))
    state.trade_areas[seat] += given
    state.trade_areas[p.proposer] += received
    _pay(state, p.proposer, seat, p.talers)
    _pay(state, seat, p.proposer, p.wants_talers)
    if events is not None:
        events.append(E.Traded(p.pid, p.proposer, seat, given, received, p.talers,
                               p.wants_talers))
    givers = set()
    if given or p.talers:
        givers.add(p.proposer)
    if received or p.wants_talers:
        givers.add(seat)
    for q in state.open_proposals:
        if q.proposer in givers:
            if events is not None:
                events.append(E.ProposalClosed(q.pid, None, "voided"))
            close(state, q, "voided")
    state.open_proposals = tuple(q for q in state.open_proposals if q.proposer not in givers)
    trade_mover(state)


def apply_decline(state: BohnanzaData, action: Decline, events: Events | None) -> None:
    _drop(state, _find(state, action), "declined")
    if events is not None:
        events.append(E.ProposalClosed(action.pid, action.seat, "declined"))


def apply_withdraw(state: BohnanzaData, action: Withdraw, events: Events | None) -> None:
    _drop(state, _find(state, action), "withdrawn")
    if events is not None:
        events.append(E.ProposalClosed(action.pid, action.seat, "withdrawn"))


def apply_pass(state: BohnanzaData, action: Pass, events: Events | None) -> None:
    state.floor = state.mover = (state.floor + 1) % state.players
    state.passes_since_proposal += 1
    if events is not None:
        events.append(_new(E.FloorPassed, (action.seat, state.floor)))


def apply_close(state: BohnanzaData, action: CloseTrading, events: Events | None) -> None:
    close_trading(state, events)
