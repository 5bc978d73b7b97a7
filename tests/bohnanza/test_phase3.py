"""Phase 3, "Troisième action: planter les haricots"."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    act,
    active,
    discard,
    fields,
    hand,
    legal,
    phase,
    position,
    propose,
    refused,
    talers,
    trade_area,
)

MODES = ["open", "turn_based"]


def planting(trading: str = "turn_based", **kw: Any) -> Any:
    """Phase 3 of seat 0's turn; every seat has something in its trade area."""
    if trading == "open":
        kw.setdefault("max_proposals_per_turn", None)
    return position(hands=["BL", "SA", "FE"], fields=["- -", "RO2 -", "SO1 -"],
                    trade=["GA AU", "RO BR", "SO"], phase="plant_traded", draw="BL FE SA BR",
                    trading=trading, **kw)


@pytest.mark.parametrize("trading", MODES)
def test_every_player_plants_the_beans_received_in_trade(trading: str) -> None:
    """« Tous les joueurs plantent les haricots qu'ils ont échangés dans leurs champs. » The
    turn goes on only when every trade area is empty."""
    s = planting(trading)
    act(s, "0: plant GA 0", "0: plant AU 1", "1: plant RO 0", "1: plant BR 1")
    assert phase(s) == "plant_traded"
    assert active(s) == 0
    act(s, "2: plant SO 0")
    assert fields(s, 2) == [("SO", 2), (None, 0)]
    assert active(s) == 1
    assert hand(s, 0) == ["BL", "BL", "FE", "SA"]


def test_open_trading_lets_all_players_plant_at_once() -> None:
    """« Tous les joueurs plantent les haricots qu'ils ont échangés » — in open mode every
    seat with traded cards may plant now."""
    s = planting("open")
    assert set(s.to_act()) == {0, 1, 2}


def test_turn_based_planting_goes_round_from_the_active_player() -> None:
    """« Tous les joueurs plantent les haricots qu'ils ont échangés » — turn-based: one seat
    at a time, from the active player clockwise."""
    s = planting("turn_based")
    assert s.to_act() == (0,)
    refused(s, "1: plant RO 0")
    act(s, "0: plant GA 0", "0: plant AU 1")
    assert s.to_act() == (1,)
    act(s, "1: plant BR 1", "1: plant RO 0")
    assert s.to_act() == (2,)


def test_active_player_plants_the_kept_face_up_cards() -> None:
    """« Si le joueur dont c'est le tour a gardé, ou n'a pas réussi à échanger, une ou les deux
    cartes retournées lors de la deuxième action, il doit les planter maintenant dans ses
    champs. »"""
    s = position(hands=["BL", "RO SA", "FE"], fields=["- -", "- -", "- -"], face_up="SO GA",
                 phase="trade", draw="BL FE SA BR")
    propose(s, "0: propose 1 give f0 want RO", "1: accept {pid} give h0")
    act(s, "0: close-trading")
    assert sorted(trade_area(s, 0)) == ["GA", "RO"]
    assert "0: end-planting" not in legal(s, 0)
    act(s, "0: plant GA 0", "0: plant RO 1")
    assert phase(s) == "plant_traded"
    act(s, "1: plant SO 0")
    assert active(s) == 1


def test_traded_card_that_fits_no_field_forces_a_harvest() -> None:
    """« Si cela n'est possible, il doit alors vendre des champs. »"""
    s = position(hands=["BL", "SA"], fields=["FE3 SA2", "- -"], trade=["GA"],
                 phase="plant_traded")
    assert legal(s, 0) == {"0: harvest 0", "0: harvest 1"}
    refused(s, "0: plant GA 0")
    act(s, "0: harvest 0", "0: plant GA 0")
    assert fields(s, 0) == [("GA", 1), ("SA", 2)]
    assert talers(s, 0) == 1


def test_owner_chooses_the_order_of_planting() -> None:
    """« L'ordre dans lequel un joueur plante les haricots qu'il a échangés n'a pas
    d'importance. » (decision 10: in the order they choose)."""
    s = planting()
    assert {"0: plant GA 0", "0: plant AU 0", "0: plant GA 1", "0: plant AU 1"} <= legal(s, 0)
    act(s, "0: plant AU 1", "0: plant GA 0")
    assert fields(s, 0) == [("GA", 1), ("AU", 1)]


def test_fields_may_be_sold_between_two_plantings() -> None:
    """« Des champs peuvent très bien être vendus entre deux plantations de haricots. »"""
    s = position(hands=["BL", "SA"], fields=["FE3 AU2", "- -"], trade=["FE RO"],
                 phase="plant_traded")
    act(s, "0: plant FE 0", "0: harvest 0", "0: plant RO 0")
    assert fields(s, 0) == [("RO", 1), ("AU", 2)]
    assert talers(s, 0) == 1


def test_traded_cards_are_planted_not_taken_into_the_hand() -> None:
    """« Tous les joueurs plantent les haricots qu'ils ont échangés dans leurs champs. » —
    only cards of the trade area, and only into fields."""
    s = planting()
    refused(s, "0: plant 0")
    refused(s, "0: plant BL 0")
    act(s, "0: plant GA 0")
    assert hand(s, 0) == ["BL"]
    assert trade_area(s, 0) == ["AU"]


def test_rules_example_one_garten_three_augen_receive_augen_brech_feuer() -> None:
    """« Exemple: Un joueur possède dans ses champs 1 "Gartenbohne" et 3 "Augenbohnen". Par
    marchandage, il a obtenu 1 "Augenbohne", 1 "Brechbohne" et 1 "Feuerbohne". Il commence
    par planter le "Augenbohne" et vend immédiatement ce champ. Il reçoit ainsi 2 talers.
    Puis, il plante le "Brechbohne". Il peut maintenant choisir quel champ vendre et il se
    décide finalement pour le "Gartenbohne". Cette vente ne lui rapport rien. Pour finir, il
    plante le "Feuerbohne", dans l'intention, à son prochain tour, de planter les deux
    "Feuerbohne" qui se trouvent sur le dessus de sa main. »"""
    s = position(hands=["FE FE SA"], fields=["GA1 AU3"], trade=["AU BR FE"],
                 phase="plant_traded", draw="SO SO SO")
    refused(s, "0: plant BR 0")
    act(s, "0: plant AU 1", "0: harvest 1")
    assert talers(s, 0) == 2
    act(s, "0: plant BR 1")
    assert {"0: harvest 0", "0: harvest 1"} <= legal(s, 0)
    act(s, "0: harvest 0")
    assert talers(s, 0) == 2
    assert sorted(discard(s)) == ["AU", "AU", "GA"]
    act(s, "0: plant FE 0")
    assert fields(s, 0) == [("FE", 1), ("BR", 1)]
    assert hand(s, 0)[:2] == ["FE", "FE"]


def test_traded_bean_goes_into_the_field_that_grows_it() -> None:
    """« Il est interdit d'avoir deux champs avec le même haricot. » (summary; decision 2)
    — in phase 3 as in phase 1."""
    s = position(hands=["BL", "SA"], fields=["- RO2"], trade=["RO"], phase="plant_traded")
    assert legal(s, 0) == {"0: plant RO 1", "0: harvest 1"}
    refused(s, "0: plant RO 0")
    s = position(hands=["BL", "SA"], fields=["- RO2"], trade=["RO"], phase="plant_traded",
                 same_bean_in_two_fields=True)
    act(s, "0: plant RO 0")
    assert fields(s, 0) == [("RO", 1), ("RO", 2)]
