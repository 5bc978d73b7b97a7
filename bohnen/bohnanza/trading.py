"""Phase 2: proposals, answers, the floor, and the bounded proposal generator.

Every trade or gift involves the active player. A proposal names the cards the
proposer gives (hand positions; face-up indices for the active player; talers in
the expert variant) and the bean types (and talers) it wants. The receiver accepts
by naming cards of exactly the wanted types, declines, or counters. Received cards
go to the receiver's trade area. When a trade is carried out, the other open
proposals of each seat that gave cards are voided: their hand positions moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any, overload

from bohnen.bohnanza import actions as A
from bohnen.bohnanza import events as E
from bohnen.bohnanza.beans import BEAN_COUNT
from bohnen.bohnanza.state import TRADE, BohnanzaState, Proposal
from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown

# Events are built with tuple.__new__ on the hot paths: no Python-level call.
_new = tuple.__new__


def _illegal(action: Any, reason: str) -> IllegalActionError:
    return IllegalActionError(f"seat {action.seat}: {shown(action)} is illegal: {reason}")


def _in_trading(state: BohnanzaState, action: Any) -> None:
    if state.phase != TRADE:
        raise _illegal(action, "trading happens in phase 2 only")


def _find(state: BohnanzaState, action: Any) -> Proposal:
    pid = action.pid
    if type(pid) is not int:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"proposal number must be a number, not {excerpt(pid)}")
    for p in state.pending:
        if p.pid == pid:
            return p
    raise _illegal(action, f"there is no open proposal {excerpt(pid)}")


def _positions(action: Any, refs: Any, size: int, what: str) -> tuple[int, ...]:
    if not isinstance(refs, tuple) or not all(type(i) is int for i in refs):
        raise InvalidActionError(f"{shown(action)}: "
                                 f"{what} must be a tuple of numbers, not {excerpt(refs)}")
    if len(set(refs)) != len(refs):
        raise InvalidActionError(f"{shown(action)}: a card is named twice in {what}")
    for i in refs:
        if not 0 <= i < size:
            raise _illegal(action, f"there is no card {excerpt(i)} in {what} (it holds {size})")
    return refs


def _talers(state: BohnanzaState, action: Any, value: Any, what: str) -> int:
    if type(value) is not int or value < 0:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"{what} must be a whole number ≥ 0, not {excerpt(value)}")
    if value and not state.options.expert_taler_trading:
        raise _illegal(action, "talers may be traded only in the expert variant")
    return value


def _check_offer(state: BohnanzaState, action: Any, seat: int, to: int) -> None:
    """The rules every proposal obeys, wherever it comes from."""
    if not state.may_propose(seat):
        raise _illegal(action, _used_up(state, seat))
    if type(to) is not int or not 0 <= to < state.n:
        raise InvalidActionError(f"{shown(action)}: no seat {excerpt(to)} to trade with")
    if to == seat:
        raise _illegal(action, "a seat cannot trade with itself")
    if state.active not in (seat, to):
        raise _illegal(action, f"every trade involves the active player (seat {state.active})")
    _positions(action, action.hand, len(state.hands[seat]), "the hand")
    if action.face_up and seat != state.active:
        raise _illegal(action, "only the active player offers face-up cards")
    _positions(action, action.face_up, len(state.face_up), "the face-up cards")
    wants = action.wants
    if not isinstance(wants, tuple) or not all(type(b) is int and 0 <= b < BEAN_COUNT
                                               for b in wants):
        raise InvalidActionError(f"{shown(action)}: "
                                 f"wants must be a tuple of beans, not {excerpt(wants)}")
    talers = _talers(state, action, action.talers, "talers")
    wants_talers = _talers(state, action, action.wants_talers, "wants_talers")
    if talers > len(state.talers[seat]):
        raise _illegal(action, f"seat {seat} has only {len(state.talers[seat])} talers")
    if not (action.hand or action.face_up or talers or wants or wants_talers):
        raise _illegal(action, "the proposal offers and asks for nothing")


def _used_up(state: BohnanzaState, seat: int) -> str:
    budget = state.options.max_proposals_per_turn
    if state.options.proposal_allowance == "per_seat":
        return f"seat {seat}'s proposals of this turn are used up ({budget} per seat)"
    return f"the table's proposals of this turn are used up ({budget} in all)"


def check_propose(state: BohnanzaState, action: A.Propose) -> None:
    _in_trading(state, action)
    if state.tb and state.pending:
        raise _illegal(action, f"proposal {state.pending[0].pid} awaits an answer first")
    _check_offer(state, action, action.seat, action.to)


def _open(state: BohnanzaState, action: Any, to: int, events: list[Any],
          counter_to: int | None) -> None:
    seat = action.seat
    hand = state.hands[seat]
    p = Proposal(
        pid=state.next_pid, frm=seat, to=to,
        hand=tuple(sorted(action.hand)),
        hand_beans=tuple(hand[i] for i in sorted(action.hand)),
        face_up=tuple(sorted(action.face_up)),
        face_beans=tuple(state.face_up[i] for i in sorted(action.face_up)),
        wants=tuple(sorted(action.wants)), talers=action.talers,
        wants_talers=action.wants_talers,
    )
    state.next_pid += 1
    state.made[seat] += 1
    state.quiet = 0
    state.pending += (p,)
    events.append(E.Proposed(p.pid, seat, to, p.hand, p.hand_beans, p.face_beans, p.wants,
                             p.talers, p.wants_talers, counter_to))


def apply_propose(state: BohnanzaState, action: A.Propose, events: list[Any]) -> None:
    _open(state, action, action.to, events, None)


def check_counter(state: BohnanzaState, action: A.Counter) -> None:
    _in_trading(state, action)
    p = _find(state, action)
    if p.to != action.seat:
        raise _illegal(action, f"proposal {p.pid} was not made to seat {action.seat}")
    _check_offer(state, action, action.seat, p.frm)


def apply_counter(state: BohnanzaState, action: A.Counter, events: list[Any]) -> None:
    p = _find(state, action)
    _drop(state, p, "countered")
    events.append(E.ProposalClosed(p.pid, action.seat, "countered"))
    _open(state, action, p.frm, events, p.pid)


def check_accept(state: BohnanzaState, action: A.Accept) -> None:
    _in_trading(state, action)
    p = _find(state, action)
    seat = action.seat
    if p.to != seat:
        raise _illegal(action, f"proposal {p.pid} was not made to seat {seat}")
    hand = _positions(action, action.hand, len(state.hands[seat]), "the hand")
    if action.face_up and seat != state.active:
        raise _illegal(action, "only the active player gives face-up cards")
    face = _positions(action, action.face_up, len(state.face_up), "the face-up cards")
    given = sorted([state.hands[seat][i] for i in hand] + [state.face_up[i] for i in face])
    if tuple(given) != p.wants:
        from bohnen.bohnanza.beans import NAMES

        want = ", ".join(NAMES[b] for b in p.wants) or "nothing"
        got = ", ".join(NAMES[b] for b in given) or "nothing"
        raise _illegal(action, f"proposal {p.pid} wants {want}; the cards named are {got}")
    if p.wants_talers > len(state.talers[seat]):
        raise _illegal(action, f"proposal {p.pid} wants {p.wants_talers} talers, seat {seat} "
                               f"has {len(state.talers[seat])}")
    if p.talers > len(state.talers[p.frm]):
        raise _illegal(action, f"seat {p.frm} no longer has the {p.talers} talers it offered")


def _drop(state: BohnanzaState, p: Proposal, how: str) -> None:
    state.pending = tuple(q for q in state.pending if q.pid != p.pid)
    state.close(p, how)


def _take(state: BohnanzaState, seat: int, hand: tuple[int, ...],
          face: tuple[int, ...]) -> tuple[int, ...]:
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


def _pay(state: BohnanzaState, frm: int, to: int, amount: int) -> None:
    if amount:
        coins = state.talers[frm]
        state.talers[frm] = coins[:-amount]
        state.talers[to] += coins[-amount:]


def apply_accept(state: BohnanzaState, action: A.Accept, events: list[Any]) -> None:
    p = _find(state, action)
    seat = action.seat
    _drop(state, p, "accepted")
    given = _take(state, p.frm, p.hand, p.face_up)
    received = _take(state, seat, tuple(sorted(action.hand)), tuple(sorted(action.face_up)))
    state.trade[seat] += given
    state.trade[p.frm] += received
    _pay(state, p.frm, seat, p.talers)
    _pay(state, seat, p.frm, p.wants_talers)
    events.append(E.Traded(p.pid, p.frm, seat, given, received, p.talers, p.wants_talers))
    givers = set()
    if given or p.talers:
        givers.add(p.frm)
    if received or p.wants_talers:
        givers.add(seat)
    for q in state.pending:
        if q.frm in givers:
            events.append(E.ProposalClosed(q.pid, None, "voided"))
            state.close(q, "voided")
    state.pending = tuple(q for q in state.pending if q.frm not in givers)


def check_decline(state: BohnanzaState, action: A.Decline) -> None:
    _in_trading(state, action)
    p = _find(state, action)
    if p.to != action.seat:
        raise _illegal(action, f"proposal {p.pid} was not made to seat {action.seat}")


def apply_decline(state: BohnanzaState, action: A.Decline, events: list[Any]) -> None:
    _drop(state, _find(state, action), "declined")
    events.append(E.ProposalClosed(action.pid, action.seat, "declined"))


def check_withdraw(state: BohnanzaState, action: A.Withdraw) -> None:
    _in_trading(state, action)
    p = _find(state, action)
    if p.frm != action.seat:
        raise _illegal(action, f"proposal {p.pid} is not seat {action.seat}'s")


def apply_withdraw(state: BohnanzaState, action: A.Withdraw, events: list[Any]) -> None:
    _drop(state, _find(state, action), "withdrawn")
    events.append(E.ProposalClosed(action.pid, action.seat, "withdrawn"))


def check_pass(state: BohnanzaState, action: A.Pass) -> None:
    _in_trading(state, action)
    if not state.tb:
        raise _illegal(action, "there is no floor to pass in open trading")
    if state.pending:
        raise _illegal(action, f"proposal {state.pending[0].pid} awaits an answer first")
    if action.seat == state.active and state.quiet >= state.n - 1:
        raise _illegal(action, "everybody has passed since the last proposal: "
                               "propose or close trading")


def apply_pass(state: BohnanzaState, action: A.Pass, events: list[Any]) -> None:
    state.floor = (state.floor + 1) % state.n
    state.quiet += 1
    events.append(_new(E.FloorPassed, (action.seat, state.floor)))


def check_close(state: BohnanzaState, action: A.CloseTrading) -> None:
    _in_trading(state, action)
    if action.seat != state.active:
        raise _illegal(action, "only the active player closes trading")


def apply_close(state: BohnanzaState, action: A.CloseTrading, events: list[Any]) -> None:
    state.close_trading(events)


# --- the bounded proposal generator ---------------------------------------------------

Give = tuple[tuple[int, ...], tuple[int, ...], int]  # hand positions, face-up indices, talers
Want = tuple[tuple[int, ...], int]  # beans, talers


class ProposalSpace(Sequence[Any]):
    """Every proposal of one seat up to ``proposal_size`` cards a side, lazily indexed.

    Offers are distinct bean multisets (the earliest hand positions are used), face-up
    cards counted apart from hand cards; wants are bean multisets. A proposal that
    neither gives nor wants anything is left out. ``counter`` makes counters to it.
    The space keeps its own copy of the cards it offers from (tuples), so it stays
    the space of the moment it was made; offers are worked out on first use.
    """

    def __init__(self, seat: int, targets: list[int], hand: tuple[int, ...],
                 face_up: tuple[int, ...], talers: int, size: int, money: int,
                 counter: int | None = None) -> None:
        self.seat = seat
        self.targets = targets
        self.counter = counter
        self._hand = hand
        self._face_up = face_up
        self._talers = talers
        self._size = size
        self._money = money
        self.wants = _wants(size, money)
        self._gives: list[Give] | None = None
        self._per_target = -1

    @property
    def gives(self) -> list[Give]:
        if self._gives is None:
            self._gives = _gives(self._hand, self._face_up, self._size,
                                 min(self._money, self._talers))
        return self._gives

    @property
    def per_target(self) -> int:
        """Proposals to each target (all offers times all wants, less nothing-for-nothing)."""
        if self._per_target < 0:
            self._per_target = len(self.gives) * len(self.wants) - 1
        return self._per_target

    def __len__(self) -> int:
        return len(self.targets) * self.per_target if self.targets else 0

    def __bool__(self) -> bool:
        # Some offer or some want besides "nothing for nothing" always exists when a
        # side may hold a card or a taler, so this needs no listing of the offers.
        return bool(self.targets) and (self._size > 0 or self._money > 0)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        t, rest = divmod(index, self.per_target)
        g, w = divmod(rest + 1, len(self.wants))
        hand, face, talers = self.gives[g]
        beans, wants_talers = self.wants[w]
        if self.counter is not None:
            return A.Counter(self.seat, self.counter, hand, face, beans, talers, wants_talers)
        return A.Propose(self.seat, self.targets[t], hand, face, beans, talers, wants_talers)


_WANTS: dict[tuple[int, int], list[Want]] = {}


def _wants(size: int, money: int) -> list[Want]:
    key = (size, money)
    if key not in _WANTS:
        beans = [c for r in range(size + 1)
                 for c in combinations_with_replacement(range(BEAN_COUNT), r)]
        _WANTS[key] = [(b, t) for b in beans for t in range(money + 1)]
    return _WANTS[key]


def _gives(hand: tuple[int, ...], face_up: tuple[int, ...], size: int, money: int) -> list[Give]:
    """Distinct offers of up to ``size`` cards, each with 0..``money`` talers."""
    if size == 1 and money == 0:
        return _single_gives(hand, face_up)
    cards = [(0, i, b) for i, b in enumerate(hand)] + [(1, i, b) for i, b in enumerate(face_up)]
    seen: set[tuple[tuple[int, int], ...]] = set()
    out: list[Give] = []
    for r in range(size + 1):
        for combo in combinations(cards, r):
            key = tuple(sorted((src, bean) for src, _, bean in combo))
            if key in seen:
                continue
            seen.add(key)
            held = tuple(i for src, i, _ in combo if src == 0)
            face = tuple(i for src, i, _ in combo if src == 1)
            for t in range(money + 1):
                out.append((held, face, t))
    return out


def proposal_space(state: BohnanzaState, seat: int) -> ProposalSpace:
    """The proposals (or, answering in turn-based mode, counters) ``seat`` may make now."""
    opts = state.options
    if state.phase != TRADE or not 0 <= seat < state.n:
        return _EMPTY
    if not state.may_propose(seat):
        return _EMPTY
    counter: int | None = None
    if opts.turn_based:
        if state.pending:
            p = state.pending[0]
            if p.to != seat:
                return _EMPTY
            counter, targets = p.pid, [p.frm]
        elif seat != state.floor:
            return _EMPTY
        else:
            targets = _targets(state, seat)
    else:
        targets = _targets(state, seat)
    money = opts.proposal_size if opts.expert_taler_trading else 0
    face_up = state.face_up if seat == state.active else ()
    return ProposalSpace(seat, targets, state.hands[seat], face_up, len(state.talers[seat]),
                         opts.proposal_size, money, counter)


def _single_gives(hand: tuple[int, ...], face_up: tuple[int, ...]) -> list[Give]:
    """Offers of at most one card (the common case): each bean once per source."""
    out: list[Give] = [((), (), 0)]
    seen = 0
    for i, bean in enumerate(hand):
        if not seen >> bean & 1:
            seen |= 1 << bean
            out.append(((i,), (), 0))
    seen = 0
    for i, bean in enumerate(face_up):
        if not seen >> bean & 1:
            seen |= 1 << bean
            out.append(((), (i,), 0))
    return out


_EMPTY = ProposalSpace(0, [], (), (), 0, 0, 0)


def _targets(state: BohnanzaState, seat: int) -> list[int]:
    if seat == state.active:
        return [s for s in range(state.n) if s != seat]
    return [state.active]
