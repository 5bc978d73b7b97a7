"""Listing every legal action of a seat (proposals apart: see ``trading``)."""

from __future__ import annotations

from typing import Any

from bohnen.hansa import actions as A
from bohnen.hansa.actions import CONTRACT
from bohnen.hansa.board import STORAGE
from bohnen.hansa.rules import contract_buyable, scarce, scarce_price
from bohnen.hansa.state import (
    CLOSING,
    CONTRACT_PRICE,
    CUSTOMS,
    FINAL,
    SETUP,
    TRADE,
    TRAVEL,
    HansaState,
)
from bohnen.hansa.trading import accepts


def legal_actions(state: HansaState, seat: int) -> list[Any]:
    if seat not in state.to_act():
        return any_time_actions(state, seat)  # out of turn: buying a contract only
    phase = state.phase
    if phase == SETUP:
        return _begins(state, seat)
    if phase == CUSTOMS:
        codes = state.board.bean_codes
        return [A.Sell(seat, codes[b]) for b, c in enumerate(state.counts(seat)) if c]
    if phase == CLOSING:
        return [*_fulfils(state, seat), A.Done(seat)]
    out: list[Any] = []
    if phase == TRAVEL:
        out.append(A.Stay(seat))
        out.extend(_journeys(state, seat))
        out.extend(_fulfils(state, seat))
    elif phase == TRADE:
        out.extend(_trade(state, seat))
    elif phase == FINAL:
        out.extend(_fulfils(state, seat))
        out.append(A.EndTurn(seat))
    out.extend(_buy_contracts(state, seat))
    out.extend(_returns(state, seat))
    return out


def any_time_actions(state: HansaState, seat: int) -> list[Any]:
    """The contracts ``seat`` may buy now, whether it is to act or not."""
    if not 0 <= seat < state.n or not contract_buyable(state, seat):
        return []
    return _buy_contracts(state, seat)


def _begins(state: HansaState, seat: int) -> list[Any]:
    dealt = [c for c in state.hands[seat] if c > CONTRACT]
    pay = [state.board.contracts[c - CONTRACT - 1].payout for c in dealt]
    best = max(pay)
    return [A.Begin(seat, c, last) for c, p in zip(dealt, pay, strict=True) if p == best
            for last in dealt if last != c]


def _journeys(state: HansaState, seat: int) -> list[Any]:
    board = state.board
    here = state.pos[seat]
    reach = len(state.hands[seat]) - 1
    codes = board.city_codes
    out: list[Any] = []
    for dest in range(board.cities):
        d = board.dist[here][dest]
        if 0 < d <= reach:
            out.extend(A.Go(seat, tuple(codes[c] for c in path))
                       for path in board.paths[here][dest])
    return out


def _fulfils(state: HansaState, seat: int) -> list[Any]:
    cards = [*state.hands[seat]]
    if state.phase != CLOSING:
        cards += state.table
    return [A.Fulfil(seat, c) for c in cards if c > CONTRACT and state.can_fulfil(seat, c)]


def _buy_contracts(state: HansaState, seat: int) -> list[Any]:
    if state.money[seat] < CONTRACT_PRICE or not state.contract_to_draw():
        return []
    return [A.BuyContract(seat, c) for c in sorted(set(state.hands[seat]))
            if c < CONTRACT and state.kind(seat, c) == "travel"]


def _returns(state: HansaState, seat: int) -> list[Any]:
    if state.held(seat) < STORAGE:
        return []
    codes = state.board.bean_codes
    return [A.Return(seat, codes[b]) for b, c in enumerate(state.counts(seat)) if c]


def _trade(state: HansaState, seat: int) -> list[Any]:
    p = state.pending
    if p is not None:
        return [*accepts(state, seat), A.Decline(seat, p.pid)]
    if seat != state.active:
        return [A.Pass(seat)]
    out: list[Any] = [*_buys(state, seat), *_fulfils(state, seat)]
    if state.quiet < state.n - 1:
        out.append(A.Pass(seat))
    out.append(A.EndTrading(seat))
    return out


def _buys(state: HansaState, seat: int) -> list[Any]:
    if state.held(seat) >= STORAGE:
        return []
    city = state.pos[seat]
    money = state.money[seat]
    codes = state.board.bean_codes
    out: list[Any] = []
    for i, (bean, count) in enumerate(state.ladders[city]):
        if count and state.price(city, state.fixed, bean) <= money:
            out.append(A.Buy(seat, codes[bean], i + 1))
    for bean in state.board.city_beans[city]:
        if state.supply[bean] and scarce(state, bean) and scarce_price(state, city, bean) <= money:
            out.append(A.BuyScarce(seat, codes[bean]))
    return out
