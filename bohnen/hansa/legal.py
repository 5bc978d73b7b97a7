"""Listing every legal action of a seat, the bounded proposal generator, and the terms
of a seat's proposals (where they may go, what they may hold: :func:`proposal_terms`).

The listing restates no rule: the kinds open to the seat come from the rules' table
(``rules.OPEN``, each kind listed in its order by :func:`_listing`), and each kind's candidates
(the cards of the hand, the slots of the ladder, the cities of the map…) are kept when
the kind's predicates find no problem (``rules.buy_problem`` and the others), the very
predicates ``check`` raises with. A predicate about the seat alone (its room, its money)
is asked once for all the candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from bohnen.hansa.board import BEAN_TYPES, BEANS, CODES, CONTRACT, Bean
from bohnen.hansa.data import TRADE, HansaData, Ladder
from bohnen.hansa.rules import (
    bean_problem,
    begin_problem,
    buy_problem,
    fulfil_problem,
    journey_problem,
    open_kinds,
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


def legal_actions(s: HansaData, seat: int) -> list[HansaAction]:
    """Every legal action of ``seat`` now but the proposals (see :func:`proposal_space`):
    for a seat not to act, the contracts it may buy at any time."""
    if not 0 <= seat < s.player_count:
        return []
    out: list[HansaAction] = []
    for kind in open_kinds(s, seat):
        out += _listing(s, seat, kind)
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
    here, contracts = s.positions[seat], s.board.contracts
    return [Fulfil(seat, c) for c in (*s.hands[seat], *s.table)  # those of elsewhere aside
            if c > CONTRACT and contracts[c - CONTRACT - 1].city == here
            and fulfil_problem(s, seat, c) is None]


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


def _listing(s: HansaData, seat: int, kind: type[HansaAction]) -> list[HansaAction]:
    """The actions of ``kind`` the seat may take now (the proposals are generated apart,
    below: none here)."""
    if kind is Pass:
        return _passes(s, seat)
    if kind is BuyContract:
        return _buy_contracts(s, seat)
    if kind is Return:
        return _returns(s, seat)
    if kind is Accept:
        return _accepts(s, seat)
    if kind is Decline:
        return _declines(s, seat)
    if kind is Buy:
        return _buys(s, seat)
    if kind is BuyScarce:
        return _scarce(s, seat)
    if kind is Fulfil:
        return _fulfils(s, seat)
    if kind is EndTrading:
        return [EndTrading(seat)]
    if kind is EndTurn:
        return [EndTurn(seat)]
    if kind is Stay:
        return [Stay(seat)]
    if kind is Go:
        return _journeys(s, seat)
    if kind is Sell:
        return _sells(s, seat)
    if kind is Begin:
        return _begins(s, seat)
    if kind is Done:
        return [Done(seat)]
    return []  # Propose, Counter


# --- the bounded proposal generator ------------------------------------------------------


class ProposalSpace(Sequence[Propose | Counter]):
    """Deals up to ``size`` beans a side: per target, gives × wants × buys.

    Gives are distinct multisets of the proposer's beans, wants multisets of any
    bean, buys none or one bean the city's ladder holds. A deal that moves nothing is
    left out unless it is an invitation.

    Built lazily: the space keeps what it needs of the position (the proposer's beans,
    the ladder of the city: both copies or immutable) and works out its parts only when
    it is measured or indexed (a random bot mostly asks whether it is empty, which the
    targets alone answer). Each proposal it hands out is kept in ``keep`` (by id) when
    one is given: the state that listed it recognises it so (``state.py``).
    """

    def __init__(self, seat: int, targets: list[tuple[int, bool]], counter: int | None,
                 size: int, have: list[int], beans: tuple[Bean, ...],
                 city_beans: tuple[Bean, ...], ladder: Ladder,
                 keep: dict[int, HansaAction] | None = None) -> None:
        self.seat = seat
        self.targets = targets  # (seat, the empty deal allowed)
        self.counter = counter
        self.deal_size = size
        self.have = have
        self.beans = beans
        self.city_beans = city_beans
        self.ladder = ladder
        self.built = False
        self.gives: list[Beans] = []
        self.wants: list[Beans] = []
        self.buys: list[Beans] = []
        self.block = 0
        self.starts: list[int] = []
        self.size = 0
        self.keep = keep  # where each proposal handed out is kept by id (or None)

    def _build(self) -> None:
        """The parts of the space, worked out once."""
        size = self.deal_size
        self.gives = _gives(self.have, size)
        self.wants = _wants(self.beans, size)
        buys: list[Beans] = [()]
        if size:
            ladder = self.ladder
            buys += [(b,) for b in self.city_beans
                     if sum(c for bean, c in ladder if bean == b)]
        self.buys = buys
        self.block = len(self.gives) * len(self.wants) * len(buys)
        total = 0
        for _, empty_ok in self.targets:
            self.starts.append(total)
            total += self.block - (0 if empty_ok else 1)
        self.size = total
        self.built = True

    def __len__(self) -> int:
        if not self.built:
            self._build()
        return self.size

    def __bool__(self) -> bool:
        """Whether the space holds a deal, from the targets where they tell: a deal with
        a target in another city may be empty, and with a bean to want any target has
        a deal that moves something."""
        if not self.targets:
            return False
        if self.deal_size and self.beans:
            return True
        return any(ok for _, ok in self.targets) or len(self) > 0

    @overload
    def __getitem__(self, index: int) -> Propose | Counter: ...

    @overload
    def __getitem__(self, index: slice) -> list[Propose | Counter]: ...

    def __getitem__(self, index: int | slice) -> Propose | Counter | list[Propose | Counter]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return self._item(index)

    def _item(self, index: int) -> Propose | Counter:
        if not self.built:
            self._build()
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        t = max(i for i, start in enumerate(self.starts) if start <= index)
        target, empty_ok = self.targets[t]
        rest = index - self.starts[t] + (0 if empty_ok else 1)
        g, rest = divmod(rest, len(self.wants) * len(self.buys))
        w, b = divmod(rest, len(self.buys))
        item: Propose | Counter
        if self.counter is not None:
            item = Counter(self.seat, self.counter, self.gives[g], self.wants[w], self.buys[b])
        else:
            item = Propose(self.seat, target, self.gives[g], self.wants[w], self.buys[b])
        if self.keep is not None:
            self.keep[id(item)] = item
        return item


# The gives of a seat's beans and the wants of a board, by size: the same for every
# position with the same beans, worked out once (at most C(16, 8) bean counts of an
# aid of 8). Read-only: a space never changes them.
_GIVES: dict[tuple[tuple[int, ...], int], list[Beans]] = {}
_WANTS: dict[tuple[tuple[Bean, ...], int], list[Beans]] = {}


def _gives(have: list[int], size: int) -> list[Beans]:
    """The distinct multisets of at most ``size`` of the beans ``have`` counts, sorted."""
    key = (tuple(have), size)
    gives = _GIVES.get(key)
    if gives is None:
        mine = sorted({b for b in BEANS if have[b]})
        gives = sorted({c for r in range(size + 1)
                        for c in combinations_with_replacement(mine, r) if covers(have, c)})
        _GIVES[key] = gives
    return gives


def _wants(beans: tuple[Bean, ...], size: int) -> list[Beans]:
    """The multisets of at most ``size`` of the board's beans, smallest first."""
    key = (beans, size)
    wants = _WANTS.get(key)
    if wants is None:
        wants = [c for r in range(size + 1) for c in combinations_with_replacement(beans, r)]
        _WANTS[key] = wants
    return wants


_EMPTY = ProposalSpace(0, [], None, 0, [0] * BEAN_TYPES, (), (), ())


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


def proposal_space(s: HansaData, seat: int,
                   keep: dict[int, HansaAction] | None = None) -> ProposalSpace:
    """The proposals (or counters) ``seat`` may make now: those its part opens
    (``rules.OPEN``), while its allowance lasts. Lazy: see :class:`ProposalSpace`."""
    reach = _reach(s, seat)
    if reach is None:
        return _EMPTY
    targets, counter = reach
    city = s.positions[s.active]
    board = s.board
    return ProposalSpace(seat, targets, counter, s.options.proposal_size, s.counts(seat),
                         board.beans, board.city_beans[city], s.ladders[city], keep)


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
