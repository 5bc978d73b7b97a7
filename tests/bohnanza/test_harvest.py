"""Selling a field ("Vendre des haricots"), the beanometer, talers and bean protection."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    BEAN_TABLE,
    act,
    allowed,
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


def beanometer(code: str, count: int) -> int:
    """Talers for ``count`` beans, read off the table of decisions.md."""
    meter = BEAN_TABLE[code][2]
    return max((pay for pay, need in enumerate(meter, 1) if need is not None and count >= need),
               default=0)


def sell(code: str, count: int, **options: Any) -> Any:
    """Seat 0 (in phase 1, a Blaue or Feuer in hand) harvests its field 0 of ``count``."""
    front = "FE" if code == "BL" else "BL"
    s = position(hands=[front], fields=[f"{code}{count} -"], **options)
    act(s, "0: harvest 0")
    return s


EVERY_FIELD = [(code, count) for code, (_, cards, _) in BEAN_TABLE.items()
               for count in range(1, cards + 1)]


@pytest.mark.parametrize(("code", "count"), EVERY_FIELD)
def test_beanometer_pays_every_bean_and_count(code: str, count: int) -> None:
    """« En bas de chaque carte, se trouve un haricomètre, qui permet au joueur de savoir
    combien lui rapporte la vente de ses haricots. Les chiffres indiquent combien de
    haricots d'un même genre il faut posséder dans un champ donné pour gagner 1, 2, 3 ou 4
    talers (exception: "Gartenbohne"). » « Il compte le nombre de haricots dans le champ et
    le compare avec le haricomètre de ce type de haricots. »"""
    s = sell(code, count)
    pay = beanometer(code, count)
    assert talers(s, 0) == pay
    assert player(s, 0)["taler_cards"] == [code] * pay
    assert discard(s) == [code] * (count - pay)
    assert fields(s, 0) == [(None, 0), (None, 0)]


@pytest.mark.parametrize(("count", "pay"), [(1, 0), (2, 2), (3, 3), (4, 3), (5, 3), (6, 3)])
def test_gartenbohne_pays_0_2_3(count: int, pay: int) -> None:
    """« (exception: "Gartenbohne") » ; summary: « sauf les haricots de jardin qui ne peuvent
    rapporter que 2 ou 3 pièces d'or » (one Garten pays 0, two pay 2, three or more 3)."""
    assert talers(sell("GA", count), 0) == pay


@pytest.mark.parametrize(("code", "count"), [("BL", 20), ("FE", 18), ("SA", 16), ("BR", 14),
                                             ("SO", 12), ("AU", 10), ("RO", 8)])
def test_no_harvest_pays_more_than_four_talers(code: str, count: int) -> None:
    """« Il n'est pas possible de gagner plus de quatre talers d'un coup. »"""
    s = sell(code, count)
    assert talers(s, 0) == 4
    assert len(discard(s)) == count - 4


@pytest.mark.parametrize(("count", "pay"), [(3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 4),
                                            (9, 4)])
def test_saubohne_example_of_the_beanometer(count: int, pay: int) -> None:
    """« Exemple: Trois ou quatre "Saubohne" rapportent 1 taler à la vente, cinq ou six
    rapportent 2 talers, sept en rapportent 3 et à partir de huit, le gain est de 4
    talers. »"""
    assert talers(sell("SA", count), 0) == pay


def test_three_brechbohnen_example_one_taler_two_to_the_discard() -> None:
    """« Exemple: Trois "Brechbohnen" valent 1 taler. Le joueur retourne l'un de ses
    "Brechbohnen" et reçoit ainsi 1 taler. Les deux autres cartes sont mises à la défausse,
    la face montrant le "Brechbohne" vers la haut, à côté de la pioche. »"""
    s = position(hands=["BL"], fields=["BR3 -"], discard="SO")
    act(s, "0: harvest 0")
    assert talers(s, 0) == 1
    assert player(s, 0)["taler_cards"] == ["BR"]
    assert discard(s) == ["SO", "BR", "BR"]
    assert s.view(2)["discard"] == ["SO", "BR", "BR"]


def test_talers_are_kept_on_a_separate_pile_by_the_player() -> None:
    """« Le joueur pose ses talers sur un tas distinct, près de lui. » « Un joueur obtient un
    taler ("Bohnentaler") en retournant une carte de haricot. »"""
    s = position(hands=["BL"], fields=["AU4 RO4"], talers=[0, "SO SO"])
    act(s, "0: harvest 0", "0: harvest 1")
    assert talers(s, 0) == 2 + 3
    assert player(s, 0)["taler_cards"] == ["AU", "AU", "RO", "RO", "RO"]
    assert talers(s, 1) == 2


def test_coins_are_out_of_play_and_not_reshuffled() -> None:
    """« Les haricots qui ne sont pas changés en talers sont mis à la défausse » — only
    those: the cards turned into talers stay with their owner, even when the discard pile
    becomes the new draw pile (decision 4: « out of play for good »)."""
    s = position(hands=["RO"], fields=["BR3 -"], draw="SO SO", rest=2)
    act(s, "0: harvest 0", "0: plant 0")
    assert phase(s) == "trade"
    assert runouts(s) == 1
    assert draw_pile(s) == ["BR", "BR"]
    assert discard(s) == []
    assert player(s, 0)["taler_cards"] == ["BR"]


def test_player_chooses_which_field_to_sell_even_for_nothing() -> None:
    """« Lorsqu'un joueur doit ou souhaite vendre des haricots, il peut chosir quel champ il
    vend, même si cela ne lui rapport aucun taler. »"""
    s = position(hands=["RO"], fields=["BL2 FE3"])
    assert {"0: harvest 0", "0: harvest 1"} <= legal(s, 0)
    act(s, "0: harvest 0")
    assert talers(s, 0) == 0
    assert discard(s) == ["BL", "BL"]
    assert fields(s, 0) == [(None, 0), ("FE", 3)]


def test_single_card_field_is_protected_while_another_field_holds_two() -> None:
    """« Attention: un champ qui ne contient qu'une seule carte ne peut pas être vendu. »
    (decision 3: while another field of the player holds two or more)."""
    s = position(hands=["SA"], fields=["RO1 BL2"])
    message = refused(s, "0: harvest 0")
    assert "protection" in message
    assert "0: harvest 0" not in legal(s, 0)
    act(s, "0: harvest 1")
    assert allowed(s, "0: harvest 0")


def test_bean_protection_counts_the_third_field() -> None:
    """« un champ qui ne contient qu'une seule carte ne peut pas être vendu » — the third
    field counts as one of the player's fields."""
    s = position(hands=["SA"], fields=["RO1 - BL2"])
    refused(s, "0: harvest 0")
    assert "0: harvest 2" in legal(s, 0)


def test_all_fields_single_any_one_may_be_sold_for_nothing() -> None:
    """« Si tous les champs d'un joueur ne contiennent qu'une carte, il est alors possible de
    choisir lequel on vend. La carte est mise à la défausse sans rapporter le moindre
    taler. »"""
    s = position(hands=["SA"], fields=["RO1 GA1"])
    assert {"0: harvest 0", "0: harvest 1"} <= legal(s, 0)
    act(s, "0: harvest 1")
    assert talers(s, 0) == 0
    assert discard(s) == ["GA"]
    assert fields(s, 0) == [("RO", 1), (None, 0)]


def test_single_card_field_may_be_sold_next_to_an_empty_field() -> None:
    """« Si tous les champs d'un joueur ne contiennent qu'une carte » — an empty field holds
    no two cards, so it does not protect the single card."""
    s = position(hands=["SA"], fields=["RO1 -"])
    act(s, "0: harvest 0")
    assert discard(s) == ["RO"]


def test_bean_protection_off_by_option() -> None:
    """Decision 3: option ``bean_protection=False`` lets a single card be sold at any time."""
    s = position(hands=["SA"], fields=["RO1 BL2"], bean_protection=False)
    act(s, "0: harvest 0")
    assert discard(s) == ["RO"]
    assert fields(s, 0) == [(None, 0), ("BL", 2)]


def test_empty_field_cannot_be_harvested() -> None:
    """Decision 3: « Empty fields cannot be harvested. »"""
    s = position(hands=["SA"], fields=["- BL2"])
    refused(s, "0: harvest 0")
    refused(s, "0: harvest 2")


def test_off_turn_harvest_in_open_trading() -> None:
    """« Tous les joueurs peuvent, à tout moment, même en dehors de leur tour, vendre toutes
    les cartes d'un champ de haricots. » (open trading: any seat, any phase)."""
    s = position(hands=["RO", "SA", "BL"], fields=["- -", "AU4 -", "- SO2"],
                 trading="open", max_proposals_per_turn=None)
    act(s, "1: harvest 0")
    assert talers(s, 1) == 2
    act(s, "0: plant 0", "2: harvest 1")
    assert phase(s) == "trade"
    assert talers(s, 2) == 1


def test_off_turn_harvest_when_holding_the_floor_in_turn_based_trading() -> None:
    """« Tous les joueurs peuvent, à tout moment, même en dehors de leur tour, vendre » — in
    turn-based trading a seat acts when it is to act: on the floor, answering, planting."""
    s = position(hands=["RO", "SA", "BL"], fields=["- -", "AU4 -", "- SO2"],
                 phase="trade", face_up="GA FE")
    act(s, "0: propose 2 give f0 want BL")
    assert s.to_act() == (2,)
    act(s, "2: harvest 1")
    assert talers(s, 2) == 1
    act(s, "2: decline 1", "0: pass")
    assert s.to_act() == (1,)
    act(s, "1: harvest 0")
    assert talers(s, 1) == 2


def test_any_player_harvests_at_any_moment_even_out_of_turn() -> None:
    """« Tous les joueurs peuvent, à tout moment, même en dehors de leur tour, vendre toutes
    les cartes d'un champ de haricots. » In turn-based mode too (issue 22): during seat
    0's planting seat 2 harvests, and it is still seat 0's move."""
    s = position(hands=["RO", "SA", "BL"], fields=["- -", "AU4 -", "- SO2"])
    assert s.to_act() == (0,)
    assert legal(s, 2) == {"2: harvest 1"}  # out of turn: the any-time actions only
    assert [str(a) for a in s.any_time_actions(2)] == ["2: harvest 1"]
    act(s, "2: harvest 1")
    assert talers(s, 2) == 1
    assert s.to_act() == (0,) and phase(s) == "plant"
    act(s, "1: harvest 0")
    assert talers(s, 1) == 2 and s.to_act() == (0,)
    act(s, "0: plant 0")
    assert phase(s) == "trade"


def test_out_of_turn_only_the_any_time_actions_are_open() -> None:
    """The text opens harvesting and the third field to every player at any moment, not
    the other actions: out of turn, planting, passing or proposing is refused."""
    s = position(hands=["RO", "SA", "BL"], fields=["- -", "AU4 -", "- -"], phase="trade",
                 face_up="GA FE")
    refused(s, "1: pass")
    refused(s, "1: propose 0 give h0 want GA")
    refused(s, "2: close-trading")
    assert len(s.proposals(1)) == 0


def test_out_of_turn_harvest_while_a_proposal_awaits_its_answer() -> None:
    """« à tout moment, même en dehors de leur tour »: while seat 2 is to answer a
    proposal, seat 1 harvests; seat 2 is still to answer."""
    s = position(hands=["RO", "SA", "BL"], fields=["- -", "AU4 -", "- SO2"],
                 phase="trade", face_up="GA FE")
    act(s, "0: propose 2 give f0 want BL")
    assert s.to_act() == (2,)
    act(s, "1: harvest 0")
    assert talers(s, 1) == 2 and s.to_act() == (2,)
    act(s, "2: decline 1")
    assert s.to_act() == (0,)


def test_harvest_in_phase_3_between_plantings_by_any_seat() -> None:
    """« Tous les joueurs peuvent, à tout moment, même en dehors de leur tour, vendre »"""
    s = position(hands=["BL", "SA"], fields=["- BL2", "AU4 SO2"], trade=["", "RO"],
                 phase="plant_traded")
    assert s.to_act() == (1,)
    refused(s, "1: plant RO 0")
    act(s, "1: harvest 1", "0: harvest 1", "1: plant RO 1")
    assert fields(s, 1) == [("AU", 4), ("RO", 1)]
    assert fields(s, 0) == [(None, 0), (None, 0)] and talers(s, 0) == 0
