"""The position builder: what is named is there, the rest accounted for, the audit run."""

from __future__ import annotations

from typing import Any

import pytest

from bohnen.core import RecordError
from bohnen.hansa.builder import position, start
from bohnen.hansa.data import Phase
from bohnen.hansa.options import HansaOptions

from .helpers import TOKENS, act, beans_of, hand_of, legal


def test_the_named_facts_are_there_and_the_rest_accounted_for() -> None:
    state = position(options=HansaOptions(players=3), seed=2, active=1, phase="trade",
                     cities={1: "ROS"}, money={1: 30}, beans={1: {"FE": 2, "SO": 1}},
                     ladders={"ROS": ["SA", "SO", "SA3", None, None]})
    view = state.view(1)
    assert view["phase"] == "trade" and view["active"] == 1 and state.to_act() == (1,)
    me = view["players"][1]
    assert me["city"] == "ROS" and me["money"] == 30 and beans_of(state, 1) == {"FE": 2,
                                                                                 "SO": 1}
    assert view["ladders"]["ROS"] == [{"bean": "SA", "count": 1}, {"bean": "SO", "count": 1},
                                      {"bean": "SA", "count": 3}, None, None]
    assert view["price_slot"] == 4  # the lowest free slot of Rostock
    assert {c["code"]: c for c in view["cities"]}["ROS"]["free_slot"] == 4
    for code, total in TOKENS.items():  # every token somewhere
        held = sum(p["beans"][code] for p in view["players"])
        laid = sum(s["count"] for slots in view["ladders"].values() for s in slots
                   if s is not None and s["bean"] == code)
        assert view["supply"][code] + held + laid == total
    assert "1: buy SA 3" in legal(state, 1)


def test_a_contract_named_in_a_hand_is_taken_from_where_it_lay() -> None:
    base = start(HansaOptions(players=4), 1)
    other = next(c for c in hand_of(base, 2) if c.startswith("C"))
    mine = [c for c in hand_of(base, 0) if c.startswith("C")]
    travel = [c for c in hand_of(base, 0) if c.startswith("T")]
    state = position(base, hands={0: [*travel, other]})
    assert hand_of(state, 0) == [*travel, other] and other not in hand_of(state, 2)
    pile = state.to_json()["contract_pile"]
    assert pile[-len(mine):] == mine  # given up: to the bottom of the pile
    state.audit()


def test_the_start_is_a_game_after_its_set_up() -> None:
    state = start(HansaOptions(players=5), 3)
    assert state.phase == Phase.TRAVEL and state.turn >= 1
    act(state, f"{state.active}: stay")


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"cities": {4: "ROS"}}, "cities names seat 4 of a 3-player game"),
    ({"beans": {0: {"XX": 1}}}, "no bean 'XX'"),
    ({"ladders": {"ROS": ["BL0"]}}, "written like 'BL3'"),
    ({"ladders": {"XXX": [None]}}, "no city 'XXX'"),
    ({"hands": {0: ["C999"]}}, "no contract 'C999'"),
])
def test_a_description_with_a_fault_is_refused_naming_it(kwargs: dict[str, Any],
                                                         words: str) -> None:
    with pytest.raises(ValueError, match=words):
        position(options=HansaOptions(players=3), **kwargs)


def test_a_position_no_game_reaches_is_refused_by_the_audit() -> None:
    with pytest.raises(RecordError, match="Bohn Hansa state"):
        position(options=HansaOptions(players=3), hands={0: ["T1", "T2"]})  # cards lost
    with pytest.raises(RecordError):
        position(options=HansaOptions(players=3), beans={0: {"BL": 9}})  # an aid holds 8
