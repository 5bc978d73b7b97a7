"""The playout policy of Bohn Hansa for search bots: a few rules of thumb, fast.

A random playout wanders: it pays the Zoll blindly, plays its contracts from the hand
before reaching their cities, buys beans nobody needs. This policy plays as a plain
merchant does:

- fulfil every contract it can, wherever the rules allow it;
- travel to the city of its best contract (by payout) whose beans it holds or can buy
  there, the nearest of equals; when a contract lacks one bean the city does not sell,
  to the nearest city that sells it; otherwise stay. A journey that plays the Zoll
  with less than 20 talers is taken only if nothing else is;
- in the trade phase, buy the beans a contract of this city lacks when that completes
  it, and a bean another contract lacks when it is cheap here (no dearer than its base
  price) and leaves 20 talers for the Zoll; then end the trading;
- never propose a deal; accept one that brings beans worth more at base price than it
  costs (the guest's first card counted), else decline; pass the floor;
- at the customs short of money, sell the cheapest bean.

It reads the full sampled state, as a playout may, and returns legal moves only.

A playout stops after ``PLAYOUT_TURNS`` turns (or at the end of the game): each seat's
score is then estimated (:func:`estimate`) as the heuristic bot reckons its own worth:
money, beans at base price, and what its contracts promise from where it stands. The
turns further on would add more chance than sense to what the search weighs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bohnen.core.playout import truncated
from bohnen.core.result import Result
from bohnen.hansa.actions import (
    Accept,
    Buy,
    Decline,
    Done,
    EndTrading,
    EndTurn,
    Fulfil,
    Go,
    HansaAction,
    Pass,
    Sell,
    Stay,
)
from bohnen.hansa.board import BEAN_TYPES, BEANS, CONTRACT, STORAGE, Bean, Card
from bohnen.hansa.data import (
    CLOSING,
    CUSTOMS,
    FINAL,
    OVER,
    PHASE_NAMES,
    SETUP,
    TRADE,
    TRAVEL,
    ZOLL_INVITED,
    ZOLL_JOURNEY,
    Proposal,
)
from bohnen.hansa.heuristic.scene import Info, Scene, board_info
from bohnen.hansa.heuristic.worth import hand_index, worth
from bohnen.hansa.state import HansaState
from bohnen.hansa.trading import deal_problem

PLAYOUT_TURNS = 8
WASTE = 3.0  # talers a travel card discarded for good costs at the stop


def playout(state: HansaState, rng: random.Random) -> Result:
    """Play ``state`` by :func:`playout_move` for ``PLAYOUT_TURNS`` turns, then the
    estimate (or the result, if the game ended first)."""
    return truncated(state, rng, policy_move, PLAYOUT_TURNS, estimate)


def estimate(state: HansaState) -> Result:
    """Each seat's worth in tenths of a taler, as the heuristic bot reckons its own
    (``heuristic/worth.py``): money less twice its loans, its beans at base price, and
    the prospects of its contracts from where it stands, with the turns it has left;
    less ``WASTE`` talers for each travel card discarded for good (a shorter hand
    brings the Zoll round sooner). The highest wins."""
    info = board_info(state.board)
    stock, prices = _market(state)
    beans = [state.counts(s) for s in range(state.player_count)]  # read, never changed
    table: list[int] = list(state.table)
    scores = []
    for seat in range(state.player_count):
        sc = _scene(state, seat, info, stock, prices, beans, table)
        held = sc.contracts()
        value = worth(sc, sc.here, state.money[seat] - 2 * state.loans[seat], sc.mine, held,
                      sc.turns_left(), hand_index(sc.hand, held))
        scores.append(int(10 * (value - WASTE * len(state.waste[seat]))))
    best = max(scores)
    return Result(tuple(scores), tuple(s for s in range(state.player_count) if scores[s] == best),
                  "the playout's estimate")


def _market(state: HansaState) -> tuple[list[list[int]], list[list[int]]]:
    """Per city, per bean: the tokens on its ladder and the price of its lowest free slot."""
    nb = BEAN_TYPES
    board = state.board
    stock = []
    prices = []
    for city, ladder in enumerate(state.ladders):
        counts = [0] * nb
        for bean, count in ladder:
            if count:
                counts[bean] += count
        stock.append(counts)
        prices.append(list(board.prices[city][state.free_slot(city)]))
    return stock, prices


def _scene(state: HansaState, seat: int, info: Info, stock: list[list[int]],
           prices: list[list[int]], beans: list[list[int]], table: list[int]) -> Scene:
    """What the seat sees, as the heuristic bot reads it (its own hand included); the
    market, the aids and the table are read once for every seat's scene."""
    options = state.options
    return Scene(
        info=info, view=None, seat=seat, n=state.player_count, phase=PHASE_NAMES[state.phase],
        active=state.active, pos=state.positions, money=state.money, loans=state.loans,
        beans=beans, hand=list(state.hands[seat]), table=table, stock=stock, prices=prices,
        harvest_pile=len(state.harvest_pile),
        last_round=state.last_round, last_seat=state.last_seat,
        proposals_left=state.proposals_left(seat), proposal_size=options.proposal_size,
        turn=state.turn, customs_due=state.customs_due)


def playout_move(state: HansaState, rng: random.Random) -> HansaAction | None:
    """The policy's move in ``state`` (None once the game is over)."""
    return None if state.phase == OVER else policy_move(state, rng)


def policy_move(state: HansaState, rng: random.Random) -> HansaAction:
    """The policy's move in ``state``, a game not over."""
    phase = state.phase
    if phase == TRADE:
        return _trade(state, rng)
    seat = state.active
    if phase == TRAVEL:
        return _fulfil(state, seat) or _journey(state, seat)
    if phase == FINAL:
        return _fulfil(state, seat) or EndTurn(seat)
    if phase == CUSTOMS:
        have = state.counts(seat)
        base = state.board.base
        return Sell(seat, min((b for b in BEANS if have[b]), key=base.__getitem__))
    if phase == CLOSING:
        return _fulfil(state, seat) or Done(seat)
    if phase == SETUP:
        actions = state.legal_actions(seat)
        return actions[int(rng.random() * len(actions))]
    raise ValueError(f"no playout move once the game is over ({state!r})")


def _fulfil(state: HansaState, seat: int) -> Fulfil | None:
    """The first contract of the hand (then of the table, but at the closing) that
    ``seat`` can fulfil where it stands."""
    card = _fulfillable(state, seat, state.hands[seat])
    if card is None and state.phase != CLOSING:
        card = _fulfillable(state, seat, state.table)
    return Fulfil(seat, card) if card is not None else None


def _fulfillable(state: HansaState, seat: int, cards: Sequence[Card]) -> Card | None:
    """The first of ``cards`` that is a contract ``seat`` can fulfil now, or None (a
    contract of another city is passed over before the rules' full question)."""
    here = state.positions[seat]
    contracts = state.board.contracts
    for card in cards:
        if card > CONTRACT and contracts[card - CONTRACT - 1].city == here \
                and state.can_fulfil(seat, card):
            return card
    return None


def _journey(state: HansaState, seat: int) -> Stay | Go:
    """Toward the best contract that can be completed; the Zoll avoided when short."""
    board = state.board
    here = state.positions[seat]
    hand = state.hands[seat]
    have = state.counts(seat)
    zoll = board.zoll[seat]
    short = state.money[seat] < ZOLL_JOURNEY
    best: tuple[int, int, int] | None = None  # (-payout, steps, destination)
    for card in (*hand, *state.table):
        if card < CONTRACT:
            continue
        contract = board.contracts[card - CONTRACT - 1]
        lacking = [b for b in contract.beans if not have[b]]
        dest = contract.city
        sells = board.city_beans[dest]
        fetch = [b for b in lacking if b not in sells or not _on_ladder(state, dest, b)]
        if len(fetch) > 1:
            continue
        if fetch:
            dest = _nearest_seller(state, here, fetch[0])
            if dest < 0:
                continue
        steps = board.dist[here][dest]
        cards = steps + 1
        if cards > len(hand) or (short and zoll in hand[:cards] and zoll not in hand[:1]):
            continue
        key = (-contract.payout, steps, dest)
        if best is None or key < best:
            best = key
    if best is None or best[2] == here:
        return Stay(seat)
    path = board.paths[here][best[2]][0]
    return Go(seat, tuple(board.city_codes[c] for c in path))


def _on_ladder(state: HansaState, city: int, bean: int) -> bool:
    """Whether ``city``'s ladder holds a token of ``bean``."""
    return any(b == bean and c for b, c in state.ladders[city])


def _nearest_seller(state: HansaState, here: int, bean: int) -> int:
    """The nearest city (of equals, the first) whose ladder sells ``bean``; -1 if none."""
    board = state.board
    dist = board.dist[here]
    city_beans = board.city_beans
    best = -1
    best_dist = 0
    for city in range(board.cities):
        if bean in city_beans[city] and (best < 0 or dist[city] < best_dist) \
                and _on_ladder(state, city, bean):
            best, best_dist = city, dist[city]
    return best


def _trade(state: HansaState, rng: random.Random) -> HansaAction:
    p = state.pending
    if p is not None:
        seat = p.to
        if _deal_pays(state, p, seat) and deal_problem(state, p) is None:
            return Accept(seat, p.pid)
        return Decline(seat, p.pid)
    seat = state.floor
    if seat != state.active:
        return Pass(seat)
    return _fulfil(state, seat) or _buy(state, seat) or EndTrading(seat)


def _deal_pays(state: HansaState, p: Proposal, seat: int) -> bool:
    """The deal ``p`` brings ``seat`` beans worth more at base price than it gives
    (the active player's purchases counted at their price, the guest's first card as
    what it costs)."""
    base = state.board.base
    if seat == p.guest:
        value = (sum(base[b] for b in (*p.active_gives, *p.active_buys))
                 - sum(base[b] for b in p.guest_gives))
        if p.invite:
            first = state.hands[seat][0]
            if first > CONTRACT:
                value -= state.board.contracts[first - CONTRACT - 1].payout // 2
            elif first == state.board.zoll[seat]:
                value -= ZOLL_INVITED
    else:
        city = state.positions[state.active]
        value = (sum(base[b] for b in p.guest_gives) - sum(base[b] for b in p.active_gives)
                 - sum(state.price(city, state.price_slot, b) for b in p.active_buys))
    return value > 0


def _buy(state: HansaState, seat: int) -> Buy | None:
    """A bean a contract lacks: one that completes a contract of this city, or a cheap
    one (no dearer than its base price) leaving the Zoll's 20 talers."""
    if state.held(seat) >= STORAGE:
        return None
    board = state.board
    city = state.positions[seat]
    have = state.counts(seat)
    money = state.money[seat]
    sells = board.city_beans[city]
    for card in (*state.hands[seat], *state.table):
        if card < CONTRACT:
            continue
        contract = board.contracts[card - CONTRACT - 1]
        lacking = [b for b in contract.beans if not have[b]]
        if not lacking:
            continue
        if contract.city == city:
            if all(b in sells and _on_ladder(state, city, b) for b in lacking) and sum(
                    state.price(city, state.price_slot, b) for b in lacking) <= money and len(
                    lacking) + state.held(seat) <= STORAGE:
                return _buy_bean(state, seat, lacking[0])
            continue
        for b in lacking:
            price = state.price(city, state.price_slot, b)
            if b in sells and _on_ladder(state, city, b) and price <= board.base[b] \
                    and money - price >= ZOLL_JOURNEY:
                return _buy_bean(state, seat, b)
    return None


def _buy_bean(state: HansaState, seat: int, bean: Bean) -> Buy:
    ladder = state.ladders[state.positions[seat]]
    slot = next(i for i, (b, c) in enumerate(ladder) if b == bean and c)
    return Buy(seat, bean, slot + 1)
