"""Buying the third field ("Les champs de haricots", "Autres actions", "Variantes")."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    act,
    discard,
    draw_pile,
    fields,
    legal,
    phase,
    player,
    position,
    refused,
    runouts,
    talers,
)

OPEN: dict[str, Any] = {"trading": "open", "max_proposals_per_turn": None}


def test_third_field_costs_three_talers() -> None:
    """« Un troisième champ coûte trois talers. »"""
    s = position(hands=["RO"], talers=["SO SO AU AU"])
    act(s, "0: buy-field")
    assert talers(s, 0) == 1
    assert len(fields(s, 0)) == 3


def test_third_field_needs_three_talers() -> None:
    """« Un troisième champ coûte trois talers. » — with two talers it cannot be bought."""
    s = position(hands=["RO"], talers=[2])
    assert "0: buy-field" not in legal(s, 0)
    refused(s, "0: buy-field")


def test_third_field_payment_goes_face_up_onto_the_discard() -> None:
    """« L'acheteur paie en prenant trois de ses talers et en les mettant à la défausse,
    côté taler vers le bas. » (decision 5: face up onto the discard pile)."""
    s = position(hands=["RO"], talers=["SO SO SO"], discard="BL")
    act(s, "0: buy-field")
    assert talers(s, 0) == 0
    assert discard(s) == ["BL", "SO", "SO", "SO"]
    assert s.view(1)["discard"] == ["BL", "SO", "SO", "SO"]


def test_third_field_talers_come_back_through_the_next_reshuffle() -> None:
    """« L'acheteur paie en prenant trois de ses talers et en les mettant à la défausse » —
    and the discard pile is the next draw pile: the coins come back into play."""
    s = position(hands=["RO"], talers=["SO SO SO", "AU"], draw="FE FE", rest=2)
    act(s, "0: buy-field", "0: plant 0")
    assert phase(s) == "trade"
    assert runouts(s) == 1
    assert draw_pile(s) == ["SO", "SO", "SO"]
    assert discard(s) == []


def test_third_field_is_shown_to_everyone() -> None:
    """« Il reçoit une carte "Troisième champ", qu'il place bien en vue devant lui. »"""
    s = position(hands=["RO"], talers=[3])
    act(s, "0: buy-field")
    for viewer in (None, 0, 1, 2):
        seen = s.view(viewer)["players"][0]
        assert seen["third_field"] is True
        assert len(seen["fields"]) == 3
    assert player(s, 1)["third_field"] is False


def test_third_field_grows_a_third_row() -> None:
    """« Il est alors possible d'avoir trois rangées de haricots devant soi. »"""
    s = position(hands=["RO"], fields=["BL2 FE2"], talers=[3])
    assert legal(s, 0) == {"0: harvest 0", "0: harvest 1", "0: buy-field"}
    act(s, "0: buy-field", "0: plant 2")
    assert fields(s, 0) == [("BL", 2), ("FE", 2), ("RO", 1)]


def test_third_field_bought_only_once() -> None:
    """« Il est possible d'acheter, une fois, un troisième champ. »"""
    s = position(hands=["RO"], talers=[7])
    act(s, "0: buy-field")
    assert "0: buy-field" not in legal(s, 0)
    refused(s, "0: buy-field")
    assert talers(s, 0) == 4


def test_third_field_bought_off_turn_in_open_trading() -> None:
    """« On peut faire cela même en-dehors de son tour. » « Ils peuvent de même procéder à
    l'achat d'un troisième champ. »"""
    s = position(hands=["RO", "SA", "BL"], talers=[0, 0, 3], **OPEN)
    assert 2 in s.to_act()
    act(s, "2: buy-field")
    assert len(fields(s, 2)) == 3


def test_third_field_bought_out_of_turn_in_turn_based_trading() -> None:
    """« On peut faire cela même en-dehors de son tour. » In turn-based mode too (issue
    22): while seat 0 holds the floor, seat 1 buys its third field, and seat 0 still
    holds the floor."""
    s = position(hands=["RO", "SA", "BL"], talers=[0, 3, 0], phase="trade", face_up="GA FE")
    assert s.to_act() == (0,)
    assert "1: buy-field" in legal(s, 1)
    assert [str(a) for a in s.any_time_actions(1)] == ["1: buy-field"]
    act(s, "1: buy-field")
    assert len(fields(s, 1)) == 3
    assert talers(s, 1) == 0
    assert s.to_act() == (0,) and s.view(None)["trading"]["floor"] == 0
    refused(s, "1: buy-field")  # once


def test_third_field_bought_by_the_seat_holding_the_floor_in_turn_based_trading() -> None:
    """« On peut faire cela même en-dehors de son tour. » — and of course in it: here
    holding the floor in phase 2."""
    s = position(hands=["RO", "SA", "BL"], talers=[0, 3, 0], phase="trade", face_up="GA FE")
    act(s, "0: pass")
    assert "1: buy-field" in legal(s, 1)
    act(s, "1: buy-field")
    assert len(fields(s, 1)) == 3
    assert talers(s, 1) == 0


def test_third_field_bought_while_planting_traded_cards() -> None:
    """« Il est possible d'acheter, une fois, un troisième champ. On peut faire cela même
    en-dehors de son tour. » — here in phase 3, to plant a traded card."""
    s = position(hands=["RO", "SA"], fields=["- -", "BL2 FE3"], trade=["", "GA"],
                 talers=[0, 3], phase="plant_traded")
    act(s, "1: buy-field", "1: plant GA 2")
    assert fields(s, 1) == [("BL", 2), ("FE", 3), ("GA", 1)]


def test_every_player_may_buy_a_third_field() -> None:
    """« Il est possible d'acheter, une fois, un troisième champ. » — each player once; the
    six "troisième champ" cards never run short (decision 5)."""
    s = position(5, hands=["RO", "SA", "BL", "FE", "AU"], talers=[2, 2, 2, 2, 2], **OPEN)
    for seat in range(5):
        act(s, f"{seat}: buy-field")
    assert all(player(s, seat)["third_field"] for seat in range(5))


def test_third_field_costs_two_talers_with_five_players() -> None:
    """« Lors d'une partie à cinq personnes, le troisième champ ne devrait coûter que 2
    talers. »"""
    s = position(5, hands=["RO"], talers=["SO SO"])
    act(s, "0: buy-field")
    assert talers(s, 0) == 0
    assert discard(s) == ["SO", "SO"]


@pytest.mark.parametrize(("players", "cost"), [(3, 1), (4, 2), (5, 3), (4, 4)])
def test_third_field_cost_option(players: int, cost: int) -> None:
    """Decision 5: option ``third_field_cost`` sets the price for any number of players."""
    s = position(players, hands=["RO"], talers=[cost], third_field_cost=cost)
    if cost > 1:
        short = position(players, hands=["RO"], talers=[cost - 1], third_field_cost=cost)
        refused(short, "0: buy-field")
    act(s, "0: buy-field")
    assert talers(s, 0) == 0
    assert len(discard(s)) == cost
