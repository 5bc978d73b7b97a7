"""The Bohn Hansa heuristic bot's advice: its move and a one-line reason naming the
contract that decided it (the hint's reason at the terminal, issue 36). The positions
are those of ``test_heuristic.py``."""

from __future__ import annotations

import random

from bohnen.core.bots import Decision
from bohnen.hansa import HansaState
from bohnen.hansa.heuristic import HansaHeuristicBot

from .helpers import JSON, act, contract_number, edit, load, started, turn_of
from .test_heuristic import SAFE, trade_phase

C7 = contract_number("BRE", ["FE", "RO"], 35)
C11 = contract_number("ROS", ["FE", "RO"], 35)
C13 = contract_number("AAL", ["FE", "SO", "BL"], 39)
C20 = contract_number("MAL", ["BR", "FE", "SA"], 41)


def base_position() -> JSON:
    data = started(4, seed=2)
    for seat in range(4):
        data = edit(data, seat, city="EDI", money=10, beans={}, hand=SAFE)
    return data


def advise(state: HansaState) -> tuple[str, str]:
    seat = state.to_act()[0]
    decision = Decision(seat, state.view(seat), state.legal_actions(seat),
                        state.proposals(seat))
    action, why = HansaHeuristicBot().advise(decision, random.Random(0))
    assert action == HansaHeuristicBot().act(decision, random.Random(0))
    return str(action), why


def test_a_journey_to_a_contracts_city_names_the_contract() -> None:
    data = edit(base_position(), 1, city="HAM", money=40, beans={"FE": 1, "RO": 1},
                hand=[*SAFE, C7])
    assert advise(load(turn_of(data, 1))) == (
        "1: go BRE", f"your contract {C7} (Bremen, 35 talers) is fulfilled there")


def test_a_journey_where_a_lacking_bean_is_sold_names_the_bean() -> None:
    data = edit(base_position(), 1, city="HAM", money=40, beans={"BR": 1, "FE": 1},
                hand=[*SAFE, C20])
    assert advise(load(turn_of(data, 1))) == (
        "1: go LUE", "Lübeck sells the Saubohne your contracts lack")


def test_a_purchase_that_completes_a_contract_says_so_and_the_fulfilment_its_pay() -> None:
    data = edit(base_position(), 1, city="AAL", money=30, beans={"SO": 1, "BL": 1},
                hand=[*SAFE, C13])
    state = load(trade_phase(data, 1))
    assert advise(state) == ("1: buy FE 1", f"it completes contract {C13} (Aalborg, 39 talers)")
    act(state, "1: buy FE 1")
    assert advise(state) == (f"1: fulfil {C13}", f"contract {C13} (Aalborg, 39 talers) pays "
                                                 "most of those you can fulfil here")


def test_the_bean_for_the_customs_is_the_one_no_contract_needs() -> None:
    data = edit(base_position(), 1, city="HAM", money=9, beans={"FE": 1, "RO": 1, "GA": 1},
                hand=["T3", "T1", "T2", "T4", "T5", "T6", "T7", C7])
    state = load(turn_of(data, 1))
    act(state, "1: stay")
    assert advise(state) == ("1: sell GA", "the customs must be paid: no contract of yours "
                                           "needs the Gartenbohne")
