"""Listing every legal action of a seat, the bounded proposal generator, and the terms
of a seat's proposals (where they may go, what they may hold: :func:`proposal_terms`).

The listing restates no rule: the kinds open to the seat come from the rules' table
(``rules.OPEN``, turned here into a table of listings once), and each kind's candidates
(the cards of the hand, the slots of the ladder, the cities of the map…) are kept when
the kind's predicates find no problem (``rules.buy_problem`` and the others), the very
predicates ``check`` raises with. A predicate about the seat alone (its room, its money)
is asked once for all the candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from typing import overload

from bohnen.core.protocol import Target, Terms
from bohnen.hansa.actions import (
    Accept,
    Begin,
    Buy,
    BuyContract,
    BuyScarce,
    Counter,
    Decline,
    Done,
    EndTrading,
    EndTurn,
    Fulfil,
    Go,
    HansaAction,
    Pass,
    Propose,
    Return,
    Sell,
    Stay,
)
from bohnen.hansa.board import BEANS, CODES, CONTRACT
from bohnen.hansa.data import TRADE, HansaData
from bohnen.hansa.rules import (
    OPEN,
    bean_problem,
    begin_problem,
    buy_problem,
    fulfil_problem,
    journey_problem,
    open_kinds,
    part,
    payment_card_problem,
    purchase_problem,
    room_problem,
    scarce_problem,
)
from bohnen.hansa.trading import (
    Beans,
    allowance_problem,
    covers,
    deal_problem,
    on_ladder,
    pass_problem,
)

Listing = Callable[[HansaData, int], list[HansaAction]]


def legal_actions(s: HansaData, seat: int) -> list[HansaAction]:
    """Every legal action of ``seat`` now but the proposals (see :func:`proposal_space`):
    for a seat not to act, the contracts it may buy at any time."""
    if not 0 <= seat < s.player_count:
        return []
    out: list[HansaAction] = []
    for listing in LISTED[s.phase][part(s, seat)]:
        out += listing(s, seat)
    return out


def any_time_actions(s: HansaData, seat: int) -> list[HansaAction]:
    """The contracts ``seat`` may buy now, whether it is to act or not."""
    if not 0 <= seat < s.player_count or BuyContract not in open_kinds(s, seat):
        return []
    return _buy_contracts(s, seat)


def _begins(s: HansaData, seat: int) -> list[HansaAction]:
    dealt = [c for c in s.hands[seat] if c > CONTRACT]
    return [Begin(seat, c, last) for c in dealt for last in dealt
            if last != c and begin_problem(s, seat, c, last) is None]


def _stay(s: HansaData, seat: int) -> list[HansaAction]:
    return [Stay(seat)]


def _journeys(s: HansaData, seat: int) -> list[HansaAction]:
    board = s.board
    here = s.positions[seat]
    paths = board.code_paths[here]
    out: list[HansaAction] = []
    for dest in range(board.cities):
        if dest != here and journey_problem(s, seat, dest) is None:
            out += [Go(seat, path) for path in paths[dest]]
    return out


def _sells(s: HansaData, seat: int) -> list[HansaAction]:
    return [Sell(seat, b) for b in BEANS if bean_problem(s, seat, b) is None]


def _buys(s: HansaData, seat: int) -> list[HansaAction]:
    return [Buy(seat, BEANS[bean], i + 1)
            for i, (bean, count) in enumerate(s.ladders[s.positions[seat]])
            if count and buy_problem(s, seat, BEANS[bean], i + 1) is None]


def _scarce(s: HansaData, seat: int) -> list[HansaAction]:
    return [BuyScarce(seat, b) for b in s.board.city_beans[s.positions[seat]]
            if scarce_problem(s, seat, b) is None]


def _fulfils(s: HansaData, seat: int) -> list[HansaAction]:
    return [Fulfil(seat, c) for c in (*s.hands[seat], *s.table)
            if c > CONTRACT and fulfil_problem(s, seat, c) is None]


def _buy_contracts(s: HansaData, seat: int) -> list[HansaAction]:
    if purchase_problem(s, seat) is not None:
        return []
    return [BuyContract(seat, c) for c in sorted(set(s.hands[seat]))
            if c < CONTRACT and payment_card_problem(s, seat, c) is None]


def _returns(s: HansaData, seat: int) -> list[HansaAction]:
    if room_problem(s, seat) is not None:
        return []
    return [Return(seat, b) for b in BEANS if bean_problem(s, seat, b) is None]


def _accepts(s: HansaData, seat: int) -> list[HansaAction]:
    p = s.pending
    if p is None or deal_problem(s, p) is not None:
        return []
    return [Accept(seat, p.pid)]


def _declines(s: HansaData, seat: int) -> list[HansaAction]:
    p = s.pending
    return [] if p is None else [Decline(seat, p.pid)]


def _passes(s: HansaData, seat: int) -> list[HansaAction]:
    return [Pass(seat)] if pass_problem(s, seat) is None else []


# How each kind's actions are listed; the proposals are generated apart (below).
LISTINGS: dict[type[HansaAction], Listing] = {
    Begin: _begins,
    Stay: _stay,
    Go: _journeys,
    Sell: _sells,
    Buy: _buys,
    BuyScarce: _scarce,
    Fulfil: _fulfils,
    BuyContract: _buy_contracts,
    Return: _returns,
    Accept: _accepts,
    Decline: _declines,
    Pass: _passes,
    EndTrading: lambda s, seat: [EndTrading(seat)],
    EndTurn: lambda s, seat: [EndTurn(seat)],
    Done: lambda s, seat: [Done(seat)],
}
# LISTED[phase][part]: the listings of the kinds rules.OPEN opens, in its order.
LISTED: tuple[tuple[tuple[Listing, ...], ...], ...] = tuple(
    tuple(tuple(LISTINGS[kind] for kind in kinds if kind in LISTINGS) for kinds in parts)
    for parts in OPEN)


# --- the bounded proposal generator ------------------------------------------------------


class ProposalSpace(Sequence[Propose | Counter]):
    """Deals up to ``size`` beans a side: per target, gives × wants × buys (lazily).

    Gives are distinct multisets of the proposer's beans, wants multisets of any
    bean, buys none or one bean the city's ladder holds. A deal that moves nothing is
    left out unless it is an invitation.
    """

    def __init__(self, seat: int, targets: list[tuple[int, bool]], gives: list[Beans],
                 wants: list[Beans], buys: list[Beans], counter: int | None) -> None:
        self.seat = seat
        self.targets = targets  # (seat, the empty deal allowed)
        self.gives, self.wants, self.buys = gives, wants, buys
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
    def __getitem__(self, index: int) -> Propose | Counter: ...

    @overload
    def __getitem__(self, index: slice) -> list[Propose | Counter]: ...

    def __getitem__(self, index: int | slice) -> Propose | Counter | list[Propose | Counter]:
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
        if self.counter is not None:
            return Counter(self.seat, self.counter, self.gives[g], self.wants[w], self.buys[b])
        return Propose(self.seat, target, self.gives[g], self.wants[w], self.buys[b])


_EMPTY = ProposalSpace(0, [], [()], [()], [()], None)


def _reach(s: HansaData, seat: int) -> tuple[list[tuple[int, bool]], int | None] | None:
    """Where ``seat``'s deals may go now: each seat (and whether a deal with it is an
    invitation), and the proposal a counter answers (None: new proposals); None if it
    may propose nothing (its part opens no proposal, or its allowance is used up)."""
    if not 0 <= seat < s.player_count or s.phase != TRADE:
        return None
    kinds = open_kinds(s, seat)
    if allowance_problem(s, seat) is not None:
        return None
    counter: int | None = None
    if Counter in kinds and s.pending is not None:
        counter, others = s.pending.pid, [s.pending.proposer]
    elif Propose not in kinds:
        return None
    elif seat == s.active:
        others = [t for t in range(s.player_count) if t != seat]
    else:
        others = [s.active]
    city = s.positions[s.active]
    return [(t, s.positions[t if seat == s.active else seat] != city) for t in others], counter


def proposal_space(s: HansaData, seat: int) -> ProposalSpace:
    """The proposals (or counters) ``seat`` may make now: those its part opens
    (``rules.OPEN``), while its allowance lasts."""
    reach = _reach(s, seat)
    if reach is None:
        return _EMPTY
    targets, counter = reach
    size = s.options.proposal_size
    city = s.positions[s.active]
    have = s.counts(seat)
    mine = sorted({b for b in BEANS if have[b]})
    gives = sorted({c for r in range(size + 1) for c in combinations_with_replacement(mine, r)
                    if covers(have, c)})
    beans = s.board.beans
    wants = [c for r in range(size + 1) for c in combinations_with_replacement(beans, r)]
    buys: list[Beans] = [()]
    if size:
        buys += [(b,) for b in s.board.city_beans[city] if on_ladder(s, b)]
    return ProposalSpace(seat, targets, gives, wants, buys, counter)


def proposal_terms(s: HansaData, seat: int) -> Terms | None:
    """What ``seat`` may propose now, whatever the size: the generator's targets (a deal
    with a seat in another city is an invitation, which may move nothing else), the
    beans it holds to give, any bean of the board wanted, and the beans the ladder of
    the active player's city holds to buy."""
    reach = _reach(s, seat)
    if reach is None:
        return None
    seats, counter = reach
    targets: list[Target] = [{"seat": t, "pid": counter, "invite": invite, "empty": invite}
                             for t, invite in seats]
    have = s.counts(seat)
    city = s.positions[s.active]
    buy = {CODES[b]: on_ladder(s, b) for b in s.board.city_beans[city]}
    return {"targets": targets, "left": s.proposals_left(seat),
            "give": {CODES[b]: have[b] for b in BEANS if have[b]},
            "want": dict.fromkeys((CODES[b] for b in s.board.beans), None),
            "buy": {code: most for code, most in buy.items() if most}}
