"""The trade phase's negotiation: deals proposed, countered, accepted as one package.

Every deal is between the active player and one other seat (the guest). A deal
names the beans each side gives and the beans the active player buys in the city
for the guest. A guest in another city is *invited*: on acceptance it moves to the
active player's city and plays the first card of its hand (Zoll: 15 talers, the
beans promised in the deal kept out of a sale when it is short of money;
Nachschub: a Neue-Ernte card laid before it, placed at its next turn; a contract:
discarded; any card but a contract goes back to the end of the hand), then the
purchases and the exchange are carried out. All of it happens at once, so a deal
is binding by construction (decisions.md, Bohn Hansa 4).

Turn-based: one seat holds the floor (the active player first); it proposes, or
passes the floor on. A proposal must be answered (accept, decline, counter) before
anything else. ``max_proposals_per_turn`` bounds each seat's proposals of a trade phase (or the
table's, with ``proposal_allowance=shared``),
and the active player may not pass once everyone has passed since the last one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any, overload

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.hansa import actions as A
from bohnen.hansa.actions import CONTRACT, card_text
from bohnen.hansa.board import STORAGE
from bohnen.hansa.events import event
from bohnen.hansa.state import TRADE, ZOLL_INVITED, HansaState, Proposal

Beans = tuple[int, ...]


def _codes(state: HansaState, action: Any, beans: Any, what: str) -> Beans:
    codes = state.board.bean_codes
    if not isinstance(beans, tuple) or not all(isinstance(b, str) and b in codes for b in beans):
        raise InvalidActionError(f"{shown(action)}: {what} must be bean codes of this board, "
                                 f"not {excerpt(beans)}")
    if len(beans) > STORAGE:
        raise InvalidActionError(f"{shown(action)}: {what} names more than {STORAGE} beans")
    return tuple(sorted(codes.index(b) for b in beans))


def _tally(beans: Beans, size: int) -> list[int]:
    out = [0] * size
    for b in beans:
        out[b] += 1
    return out


def _covers(have: list[int], beans: Beans) -> bool:
    need = _tally(beans, len(have))
    return all(h >= k for h, k in zip(have, need, strict=True))


def _in_trade(state: HansaState, action: Any) -> None:
    if state.phase != TRADE:
        raise state.illegal(action, "deals are made in the trade phase")


def _make(state: HansaState, action: Any, seat: int, to: Any, give: Any, want: Any,
          buy: Any) -> Proposal:
    """The deal of a proposal or counter from ``seat`` to ``to``, checked."""
    gives = _codes(state, action, give, "give")
    wants = _codes(state, action, want, "want")
    buys = _codes(state, action, buy, "buy")
    if type(to) is not int or not 0 <= to < state.n:
        raise InvalidActionError(f"{shown(action)}: no seat {excerpt(to)} to deal with")
    _in_trade(state, action)
    if not state.may_propose(seat):
        budget = state.options.max_proposals_per_turn
        raise state.illegal(action, f"seat {seat}'s proposals of this turn are used up "
                                    f"({budget} per seat)"
                            if state.options.proposal_allowance == "per_seat" else
                            f"the table's proposals of this turn are used up ({budget} in all)")
    active = state.active
    if to == seat or active not in (seat, to):
        raise state.illegal(action, f"every deal is between the active player (seat {active}) "
                                    f"and another seat")
    guest = to if seat == active else seat
    city = state.pos[active]
    for b in buys:
        if b not in state.board.city_beans[city]:
            raise state.illegal(action, f"{state.board.city_codes[city]} does not sell "
                                        f"{state.board.bean_codes[b]}")
    if not _covers(state.counts(seat), gives):
        raise state.illegal(action, f"seat {seat} does not have the beans it gives")
    invite = state.pos[guest] != city
    if not invite and not (gives or wants or buys):
        raise state.illegal(action, "the deal moves nothing")
    to_guest, to_active = (gives, wants) if seat == active else (wants, gives)
    return Proposal(state.next_pid, seat, to, guest, invite, to_guest, to_active, buys)


def check_propose(state: HansaState, action: A.Propose) -> None:
    _make(state, action, action.seat, action.to, action.give, action.want, action.buy)
    if state.pending is not None:
        raise state.illegal(action, f"proposal {state.pending.pid} awaits an answer first")
    if action.seat != state.floor:
        raise state.illegal(action, f"seat {state.floor} holds the floor")


def _pending(state: HansaState, action: Any) -> Proposal:
    pid = action.pid
    if type(pid) is not int:
        raise InvalidActionError(f"{shown(action)}: "
                                 f"the proposal must be a number, not {excerpt(pid)}")
    _in_trade(state, action)
    p = state.pending
    if p is None or p.pid != pid:
        raise state.illegal(action, f"there is no open proposal {excerpt(pid)}")
    if p.to != action.seat:
        raise state.illegal(action, f"proposal {excerpt(pid)} was not made to seat {action.seat}")
    return p


def check_counter(state: HansaState, action: A.Counter) -> None:
    _codes(state, action, action.give, "give")
    _codes(state, action, action.want, "want")
    _codes(state, action, action.buy, "buy")
    p = _pending(state, action)
    _make(state, action, action.seat, p.frm, action.give, action.want, action.buy)


def _open(state: HansaState, p: Proposal, events: list[Any], answer_to: int | None) -> None:
    state.pending = p
    state.next_pid += 1
    state.made[p.frm] += 1
    state.quiet = 0
    codes = state.board.bean_codes
    words = [f"{codes[b]}" for b in p.to_guest]
    text = (f"Seat {p.frm} proposes to seat {p.to} (proposal {p.pid}): "
            f"{'an invitation; ' if p.invite else ''}"
            f"seat {state.active} gives {','.join(words) or 'nothing'}, "
            f"buys {','.join(codes[b] for b in p.buys) or 'nothing'}; "
            f"seat {p.guest} gives {','.join(codes[b] for b in p.to_active) or 'nothing'}.")
    events.append(event("proposed", text, **_deal_json(state, p), counter_to=answer_to))


def _deal_json(state: HansaState, p: Proposal) -> dict[str, Any]:
    codes = state.board.bean_codes
    return {"pid": p.pid, "from": p.frm, "to": p.to, "guest": p.guest, "invite": p.invite,
            "active_gives": [codes[b] for b in p.to_guest],
            "guest_gives": [codes[b] for b in p.to_active],
            "active_buys": [codes[b] for b in p.buys]}


def apply_propose(state: HansaState, action: A.Propose, events: list[Any]) -> None:
    p = _make(state, action, action.seat, action.to, action.give, action.want, action.buy)
    _open(state, p, events, None)


def apply_counter(state: HansaState, action: A.Counter, events: list[Any]) -> None:
    old = _pending(state, action)
    p = _make(state, action, action.seat, old.frm, action.give, action.want, action.buy)
    _open(state, p, events, old.pid)


# --- acceptance: the whole package -------------------------------------------------------


def _prices(state: HansaState, p: Proposal) -> int:
    city = state.pos[state.active]
    return sum(state.price(city, state.fixed, b) for b in p.buys)


def _on_ladder(state: HansaState, bean: int) -> int:
    return sum(c for b, c in state.ladders[state.pos[state.active]] if b == bean)


def best_sale(state: HansaState, have: list[int], owed: int) -> Beans:
    """The beans an invited player short of money sells for its customs: the cheapest
    set worth at least ``owed`` (fewest beans, then first in bean order, on a tie), or
    all of them when they are not worth that much. Such a set is a one-by-one sale
    that stops as soon as the customs is paid, as the text asks."""
    base = state.board.base
    beans = tuple(b for b, c in enumerate(have) for _ in range(c))
    if sum(base[b] for b in beans) <= owed:
        return beans
    best: Beans = beans
    best_key = (sum(base[b] for b in beans), len(beans), beans)
    for r in range(1, len(beans) + 1):
        for combo in set(combinations(beans, r)):
            value = sum(base[b] for b in combo)
            key = (value, r, combo)
            if value >= owed and key < best_key:
                best, best_key = combo, key
    return best


def deal_problem(state: HansaState, p: Proposal) -> str | None:
    """Why the package of ``p`` cannot be carried out (None: it can). Public facts only:
    the invited player's first card (hidden) never makes a deal fail, since the beans it
    promised are kept out of a customs sale (a loan covers what the rest does not)."""
    active, guest = state.active, p.guest
    guest_has = state.counts(guest)
    if not _covers(guest_has, p.to_active):
        return f"seat {guest} does not have the beans it gives"
    if not _covers(state.counts(active), p.to_guest):
        return f"seat {active} does not have the beans it gives"
    for b in set(p.buys):
        if _on_ladder(state, b) < p.buys.count(b):
            return f"the ladder lacks {state.board.bean_codes[b]} to buy"
    if state.money[active] < _prices(state, p):
        return f"seat {active} cannot pay {_prices(state, p)} talers for the purchases"
    if state.held(active) - len(p.to_guest) + len(p.to_active) > STORAGE:
        return f"seat {active} would hold more than {STORAGE} beans"
    if sum(guest_has) - len(p.to_active) + len(p.to_guest) + len(p.buys) > STORAGE:
        return f"seat {guest} would hold more than {STORAGE} beans"
    return None


def check_accept(state: HansaState, action: A.Accept) -> None:
    p = _pending(state, action)
    problem = deal_problem(state, p)
    if problem:
        raise state.illegal(action, problem)


def apply_accept(state: HansaState, action: A.Accept, events: list[Any]) -> None:
    p = _pending(state, action)
    state.pending = None
    events.append(event("accepted", f"Seat {action.seat} accepts proposal {p.pid}.",
                        pid=p.pid, seat=action.seat))
    if p.invite:
        _invited(state, p, events, seen_by=action.seat)
    _carry_out(state, p, events)


def _invited(state: HansaState, p: Proposal, events: list[Any], seen_by: int) -> None:
    """The guest comes and plays the first card of its hand: hidden until now from every
    seat but the guest, so it reveals a card unless the guest accepted (``seen_by``)."""
    guest = p.guest
    state.pos[guest] = state.pos[state.active]
    hand = state.hands[guest]
    card, state.hands[guest] = hand[0], hand[1:]
    kind = state.kind(guest, card)
    city = state.board.city_names[state.pos[guest]]
    events.append(event("invited", f"Seat {guest} comes to {city} and plays {card_text(card)} "
                        f"({kind}).", reveals=seen_by != guest, seat=guest,
                        card=card_text(card), kind=kind))
    if kind == "contract":
        state.cdiscard = tuple(sorted((*state.cdiscard, card - CONTRACT)))
        return
    if kind == "zoll":
        _invited_customs(state, p, events)
    elif kind == "nachschub":
        drawn = state.draw_harvest()
        if drawn >= 0:
            state.ne_before[guest] = (*state.ne_before[guest], drawn)
            events.append(event("harvest_waits", f"Seat {guest} lays Neue-Ernte H{drawn + 1} "
                                f"before it, for its next turn.", reveals=True, seat=guest,
                                card=drawn + 1))
    state.hands[guest] = (*state.hands[guest], card)


def _invited_customs(state: HansaState, p: Proposal, events: list[Any]) -> None:
    guest = p.guest
    owed = ZOLL_INVITED - state.money[guest]
    if owed <= 0:
        state.pay(guest, ZOLL_INVITED)
        events.append(event("customs", f"Seat {guest} pays {ZOLL_INVITED} talers of customs.",
                            seat=guest, paid=ZOLL_INVITED))
        return
    state.pay(guest, state.money[guest])
    free = state.counts(guest)
    for b in p.to_active:
        free[b] -= 1
    for b in best_sale(state, free, owed):
        owed = state.sell(guest, b, owed, events)
    if owed > 0:
        state.loan(guest, owed, events)


def _carry_out(state: HansaState, p: Proposal, events: list[Any]) -> None:
    from bohnen.hansa.rules import take_from_ladder

    active, guest = state.active, p.guest
    b_count = state.nb
    city = state.pos[active]
    for bean in p.buys:
        slot = max(i for i, (b, c) in enumerate(state.ladders[city]) if b == bean and c)
        take_from_ladder(state, city, slot)
        state.pay(active, state.price(city, state.fixed, bean))
        state.store[guest * b_count + bean] += 1
    for bean in p.to_guest:
        state.store[active * b_count + bean] -= 1
        state.store[guest * b_count + bean] += 1
    for bean in p.to_active:
        state.store[guest * b_count + bean] -= 1
        state.store[active * b_count + bean] += 1
    events.append(event("dealt", f"Deal {p.pid} carried out.", **_deal_json(state, p)))


def check_decline(state: HansaState, action: A.Decline) -> None:
    _pending(state, action)


def apply_decline(state: HansaState, action: A.Decline, events: list[Any]) -> None:
    state.pending = None
    events.append(event("declined", f"Seat {action.seat} declines proposal {action.pid}.",
                        pid=action.pid, seat=action.seat))


def check_pass(state: HansaState, action: A.Pass) -> None:
    _in_trade(state, action)
    if state.pending is not None:
        raise state.illegal(action, f"proposal {state.pending.pid} awaits an answer first")
    if action.seat != state.floor:
        raise state.illegal(action, f"seat {state.floor} holds the floor")
    if action.seat == state.active and state.quiet >= state.n - 1:
        raise state.illegal(action, "everybody has passed since the last proposal: "
                                    "propose or end the trading")


def apply_pass(state: HansaState, action: A.Pass, events: list[Any]) -> None:
    state.floor = (state.floor + 1) % state.n
    state.quiet += 1
    events.append(event("passed", f"Seat {action.seat} passes the floor to seat {state.floor}.",
                        seat=action.seat, floor=state.floor))


def check_end_trading(state: HansaState, action: A.EndTrading) -> None:
    from bohnen.hansa.rules import _own_turn

    _own_turn(state, action, (TRADE,), "ending the trading")


RULES: dict[type, Any] = {
    A.Propose: (check_propose, apply_propose),
    A.Counter: (check_counter, apply_counter),
    A.Accept: (check_accept, apply_accept),
    A.Decline: (check_decline, apply_decline),
    A.Pass: (check_pass, apply_pass),
    A.EndTrading: (check_end_trading, lambda s, a, e: s.final_phase(e)),
}


# --- what an answering seat may accept ---------------------------------------------------


def accepts(state: HansaState, seat: int) -> list[A.Accept]:
    """The acceptance of the pending proposal, if ``seat`` may accept it."""
    p = state.pending
    if p is None or p.to != seat or deal_problem(state, p) is not None:
        return []
    return [A.Accept(seat, p.pid)]


# --- the bounded proposal generator ------------------------------------------------------


class ProposalSpace(Sequence[Any]):
    """Deals up to ``size`` beans a side: per target, gives × wants × buys (lazily).

    Gives are distinct multisets of the proposer's beans, wants multisets of any
    bean, buys none or one bean the city's ladder holds. A deal that moves nothing is
    left out unless it is an invitation.
    """

    def __init__(self, seat: int, targets: list[tuple[int, bool]], gives: list[Beans],
                 wants: list[Beans], buys: list[Beans], codes: tuple[str, ...],
                 counter: int | None) -> None:
        self.seat = seat
        self.targets = targets  # (seat, the empty deal allowed)
        self.gives, self.wants, self.buys = gives, wants, buys
        self.codes = codes
        self.counter = counter
        self.block = len(gives) * len(wants) * len(buys)
        self.starts: list[int] = []
        total = 0
        for _, empty_ok in targets:
            self.starts.append(total)
            total += self.block - (0 if empty_ok else 1)
        self.size = total

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        t = max(i for i, start in enumerate(self.starts) if start <= index)
        target, empty_ok = self.targets[t]
        rest = index - self.starts[t] + (0 if empty_ok else 1)
        g, rest = divmod(rest, len(self.wants) * len(self.buys))
        w, b = divmod(rest, len(self.buys))
        codes = self.codes
        give = tuple(codes[x] for x in self.gives[g])
        want = tuple(codes[x] for x in self.wants[w])
        buy = tuple(codes[x] for x in self.buys[b])
        if self.counter is not None:
            return A.Counter(self.seat, self.counter, give, want, buy)
        return A.Propose(self.seat, target, give, want, buy)


_EMPTY = ProposalSpace(0, [], [()], [()], [()], (), None)


def proposal_space(state: HansaState, seat: int) -> ProposalSpace:
    """The proposals (or counters) ``seat`` may make now."""
    if state.phase != TRADE or not 0 <= seat < state.n:
        return _EMPTY
    if not state.may_propose(seat):
        return _EMPTY
    counter: int | None = None
    if state.pending is not None:
        if state.pending.to != seat:
            return _EMPTY
        counter, others = state.pending.pid, [state.pending.frm]
    elif seat != state.floor:
        return _EMPTY
    elif seat == state.active:
        others = [s for s in range(state.n) if s != seat]
    else:
        others = [state.active]
    size = state.options.proposal_size
    city = state.pos[state.active]
    have = state.counts(seat)
    mine = tuple(b for b, c in enumerate(have) for _ in range(c))
    gives = sorted({c for r in range(size + 1) for c in
                    combinations_with_replacement(sorted(set(mine)), r)
                    if _covers(have, c)})
    wants = [c for r in range(size + 1)
             for c in combinations_with_replacement(range(state.nb), r)]
    buys: list[Beans] = [()]
    if size:
        buys += [(b,) for b in state.board.city_beans[city] if _on_ladder(state, b)]
    targets = [(s, state.pos[s if seat == state.active else seat] != city) for s in others]
    return ProposalSpace(seat, targets, gives, wants, buys, state.board.bean_codes, counter)
