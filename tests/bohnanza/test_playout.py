"""The Bohnanza playouts of search bots (``Game.playout_move``, ``Game.playout``): each
rule of thumb set up exactly, legality over complete games of every option set, and
the estimate a playout stops with."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bohnanza.actions import (
    Accept,
    BuyThirdField,
    CloseTrading,
    Decline,
    EndPlanting,
    Harvest,
    Pass,
    Plant,
    PlantTraded,
    Propose,
)
from bohnen.bohnanza.beans import Bean
from bohnen.bohnanza.playout import PLAYOUT_TURNS, estimate, running_move
from bohnen.core.playout import truncated

from .helpers import BEAN_TABLE, GAME, act, position


def move(state: Any) -> Any:
    action = GAME.search.playout_move(state, random.Random(0))
    state.check(action)
    return action


def test_plants_the_front_card_into_its_own_field() -> None:
    s = position(3, hands=["SO BL"], fields=["BL2 SO1"])
    assert move(s) == Plant(0, 1)


def test_plants_into_an_empty_field_rather_than_harvest() -> None:
    s = position(3, hands=["SO BL"], fields=["BL2 -"])
    assert move(s) == Plant(0, 1)


def test_harvests_the_field_that_pays_most_when_the_card_fits_nowhere() -> None:
    s = position(3, hands=["SO BL"], fields=["BL5 RO3"])  # BL5 pays 1, RO3 pays 2
    assert move(s) == Harvest(0, 1)


def test_of_fields_that_pay_alike_harvests_the_smaller() -> None:
    s = position(3, hands=["SO BL"], fields=["BL4 SA3"])  # both pay 1
    assert move(s) == Harvest(0, 1)


def test_plants_the_second_card_only_when_it_grows_a_field() -> None:
    grows = position(3, hands=["SO BL"], fields=["SO2 -"], planted=1)
    assert move(grows) == Plant(0, 0)
    empty_field_only = position(3, hands=["AU BL"], fields=["SO2 -"], planted=1)
    assert move(empty_field_only) == EndPlanting(0)


def test_buys_the_third_field_before_the_first_run_out() -> None:
    s = position(3, hands=["SO BL"], fields=["BL2 -"], talers=[3, 0, 0])
    assert move(s) == BuyThirdField(0)
    late = position(3, hands=["SO BL"], fields=["BL2 -"], talers=[3, 0, 0], runouts=1)
    assert move(late) == Plant(0, 1)


def test_closes_trading_when_no_gift_is_to_make_and_declines_offers() -> None:
    s = position(4, phase="trade", hands=["RO BL", "FE SA", "BR AU", "SO AU"],
                 face_up="SA FE")
    assert move(s) == CloseTrading(0)
    offered = position(4, phase="trade", hands=["RO BL", "FE BR", "BR AU", "SO AU"],
                       face_up="SA FE")
    act(offered, "0: propose 1 give f0 want BR")
    assert type(move(offered)) is Decline
    unwanted_gift = position(4, phase="trade", hands=["RO BL", "FE BR", "BR AU", "SO AU"],
                             face_up="SA FE")
    act(unwanted_gift, "0: propose 1 give f0")  # seat 1 grows no Saubohne
    assert type(move(unwanted_gift)) is Decline
    passing = position(4, phase="trade", hands=["RO BL", "FE SA", "BR AU", "SO AU"],
                       face_up="SA FE", floor=2)
    assert move(passing) == Pass(2)


def test_gives_a_face_up_card_it_does_not_grow_to_the_next_seat_that_grows_it() -> None:
    s = position(4, phase="trade", hands=["RO BL", "FE SA", "BR AU", "SO AU"],
                 face_up="SA FE", fields=["FE2 -", "BL1 -", "SA3 -", "SA1 -"])
    assert move(s) == Propose(0, 2, face_up=(0,))  # FE it grows, SA goes to seat 2 first
    act(s, "0: propose 2 give f0")
    assert move(s) == Accept(2, s.open_proposals[0].pid)  # a gift of beans seat 2 grows
    act(s, f"2: accept {s.open_proposals[0].pid}")
    assert move(s) == CloseTrading(0)  # nothing left to give


def test_gives_nothing_once_the_proposals_of_the_turn_are_used_up() -> None:
    s = position(4, phase="trade", hands=["RO BL", "FE SA", "BR AU", "SO AU"],
                 face_up="SA BL", fields=["FE2 -", "BL1 -", "SA3 -", "SA1 -"],
                 max_proposals_per_turn=1)
    act(s, "0: propose 2 give f0")
    act(s, f"2: accept {s.open_proposals[0].pid}")
    assert move(s) == CloseTrading(0)  # BL would go to seat 1, but no proposal is left


def test_plants_traded_cards_like_the_front_card() -> None:
    s = position(3, phase="plant_traded", trade=["SO"], fields=["BL2 SO1"], floor=0)
    assert move(s) == PlantTraded(0, Bean.SOJA, 1)


@pytest.mark.parametrize("options", GAME.option_sets(4), ids=lambda o: str(o.to_json()))
def test_only_legal_moves_in_complete_games(options: Any) -> None:
    for seed in range(15):
        state = GAME.new_game(options, seed)
        rng = random.Random(seed)
        while (action := GAME.search.playout_move(state, rng)) is not None:
            state.check(action)
            state.apply(action)
        assert state.is_over
        state.audit()


def _pays(code: str, count: int) -> int:
    """Talers for a field of ``count`` beans, from the beanometer of decisions.md."""
    steps = BEAN_TABLE[code][2]
    return max((t for t, need in enumerate(steps, start=1)
                if need is not None and count >= need), default=0)


def _worth(code: str, count: int) -> float:
    """A field's worth in the estimate: what it pays, plus half the next step when that
    step is one or two beans away."""
    steps = BEAN_TABLE[code][2]
    now = _pays(code, count)
    ahead = [(need, talers) for talers, need in enumerate(steps, start=1)
             if need is not None and need > count and talers > now]
    if ahead and ahead[0][0] - count <= 2:
        return now + 0.5 * (ahead[0][1] - now)
    return now


def test_playouts_stop_after_some_turns_with_talers_plus_what_fields_are_worth() -> None:
    state: Any = GAME.new_game(GAME.options(4), 7)
    result = GAME.search.playout(state, random.Random(7))
    assert not state.is_over and state.turn == 1 + PLAYOUT_TURNS
    view = state.view(None)
    growing = 0
    for seat, player in enumerate(view["players"]):
        fields = sum(_worth(f["bean"], f["count"]) for f in player["fields"] if f["count"])
        growing += sum(_worth(f["bean"], f["count"]) != _pays(f["bean"], f["count"])
                       for f in player["fields"] if f["count"])
        assert result.scores[seat] == 10 * (player["talers"] + fields)  # in tenths
    assert growing  # the case of a field near its next step is met
    best = max(result.scores)
    assert result.winners == tuple(s for s in range(4) if result.scores[s] == best)


def test_a_field_near_its_next_step_is_worth_more_than_its_sale() -> None:
    from bohnen.bohnanza.playout import estimate

    keep = position(3, hands=["SO"], fields=["BL5 -", "RO1 -", "GA2 -"])
    sold = position(3, hands=["SO"], fields=["- -", "RO1 -", "GA2 -"], talers=[1, 0, 0])
    assert estimate(keep).scores[0] == 15  # BL5 pays 1, one bean from 2
    assert estimate(sold).scores[0] == 10
    assert estimate(keep).scores[1] == 5  # RO1 pays 0, one bean from 2
    assert estimate(keep).scores[2] == 25  # GA2 pays 2, one bean from 3


def test_a_playout_that_reaches_the_end_gives_the_result() -> None:
    state: Any = GAME.new_game(GAME.options(4), 7)
    rng = random.Random(7)
    while not (state.runouts == 2 and len(state.draw_pile) <= 6):  # the last run-out is near
        state.apply(GAME.search.playout_move(state, rng))
    result = GAME.search.playout(state, rng)
    assert state.is_over
    assert result == state.result()


@pytest.mark.parametrize("options", GAME.option_sets(4), ids=lambda o: str(o.to_json()))
def test_a_playout_without_the_checks_ends_where_the_checked_one_does(options: Any) -> None:
    # The playout makes the policy's effects without checking them again; played
    # through the checked apply instead, every playout ends in the same state.
    for seed in range(6):
        start = GAME.new_game(options, seed)
        for step in range(seed * 37):  # positions deeper into the game
            if start.is_over:
                break
            start.apply(GAME.search.playout_move(start, random.Random(step)))
        fast, checked = start.clone(), start.clone()
        result = GAME.search.playout(fast, random.Random(seed))
        expected = truncated(checked, random.Random(seed), running_move, PLAYOUT_TURNS,
                             estimate)
        assert result == expected
        assert fast.to_json() == checked.to_json()
