"""Phase 1, "Première action: jouer des cartes de haricots", and what a field may hold."""

from __future__ import annotations

import pytest

from .helpers import (
    act,
    active,
    allowed,
    deal,
    face_up,
    fields,
    hand,
    legal,
    phase,
    position,
    refused,
    talers,
)

HANDS = ["RO BL AU FE SA", "GA SO BR BL FE", "SA AU RO GA BR"]


def test_turn_actions_come_in_order_planting_first() -> None:
    """« Le joueur dont c'est le tour doit effectuer les actions suivantes, dans l'ordre. »
    Nothing of phase 2 or 3 can be done in phase 1, and phase 2 follows it."""
    s = deal(HANDS, "SO GA")
    assert phase(s) == "plant"
    refused(s, "0: close-trading")
    refused(s, "0: propose 1 give h1 want GA")
    refused(s, "0: plant RO 0")
    act(s, "0: plant 0", "0: end-planting")
    assert phase(s) == "trade"
    refused(s, "0: plant 0")


def test_front_card_must_be_planted_first() -> None:
    """« Le joueur doit jouer la première carte qui se trouve dans sa main, c'est-à-dire la
    carte sur le dessus de sa main, pleinement visible, et la poser dans un de ses champs
    de haricots »"""
    s = deal(HANDS)
    assert legal(s, 0) == {"0: plant 0", "0: plant 1"}
    refused(s, "0: end-planting")
    act(s, "0: plant 1")
    assert fields(s, 0) == [(None, 0), ("RO", 1)]
    assert hand(s, 0) == ["BL", "AU", "FE", "SA"]


def test_empty_hand_skips_phase_1() -> None:
    """« (Exception: si le joueur n'a aucune carte en main, on ignore cette première
    action). » Seat 1 begins its turn with no card: its turn starts with the reveal."""
    s = position(hands=["BL", "", "SA"], trade=["RO"], phase="plant_traded",
                 draw="SO AU BL BR FE")
    act(s, "0: plant RO 0")
    assert active(s) == 1
    assert phase(s) == "trade"
    assert face_up(s) == ["BR", "FE"]
    assert hand(s, 0) == ["BL", "SO", "AU", "BL"]


def test_planting_starts_or_prolongs_a_row() -> None:
    """« Ce faisant, il commence ou prolonge une rangée de haricots du même genre. »"""
    s = position(hands=["RO RO BL"], fields=["- AU2"])
    act(s, "0: plant 0")
    assert fields(s, 0) == [("RO", 1), ("AU", 2)]
    act(s, "0: plant 0")
    assert fields(s, 0) == [("RO", 2), ("AU", 2)]


def test_second_card_may_be_planted() -> None:
    """« Ensuite, le joueur peut poser une deuxième carte, celle qui se trouve maintenant
    sur le devant de sa main. »"""
    s = deal(HANDS, "SO GA")
    act(s, "0: plant 0")
    assert legal(s, 0) >= {"0: plant 1", "0: end-planting"}
    act(s, "0: plant 1")
    assert fields(s, 0) == [("RO", 1), ("BL", 1)]
    assert hand(s, 0) == ["AU", "FE", "SA"]
    assert phase(s) == "trade"


def test_second_card_need_not_be_planted() -> None:
    """« Ensuite, le joueur peut poser une deuxième carte » (may, not must)."""
    s = deal(HANDS, "SO GA")
    act(s, "0: plant 0", "0: end-planting")
    assert fields(s, 0) == [("RO", 1), (None, 0)]
    assert hand(s, 0) == ["BL", "AU", "FE", "SA"]
    assert phase(s) == "trade"


def test_no_more_than_two_cards_planted_in_phase_1() -> None:
    """« Vous pouvez ensuite jouer une deuxième carte (la deuxième carte de la main) dans un
    champ, mais pas plus lors de cette phase. » (summary)"""
    s = position(hands=["RO RO RO RO"], fields=["- -"])
    act(s, "0: plant 0", "0: plant 0")
    assert phase(s) == "trade"
    refused(s, "0: plant 0")
    assert hand(s, 0) == ["RO", "RO"]


def test_only_the_active_player_plants_from_the_hand() -> None:
    """« Le joueur dont c'est le tour doit effectuer les actions suivantes » (phase 1 is the
    active player's, even when everybody may act in open trading)."""
    s = position(hands=["RO", "BL", "SA"], trading="open", max_proposals_per_turn=None)
    refused(s, "1: plant 0")
    refused(s, "1: end-planting")


def test_a_field_holds_one_bean_type_only() -> None:
    """« On ne peut poser dans chacun de ses champs que des haricots du même type. »"""
    s = position(hands=["RO BL"], fields=["BL2 -"])
    refused(s, "0: plant 0")
    assert legal(s, 0) == {"0: plant 1", "0: harvest 0"}


def test_same_bean_must_go_into_the_field_that_grows_it() -> None:
    """« N.B. : Si vous posez un haricot de même type qu'un de vos champs, vous devez le
    planter dans ce champ. Il est interdit d'avoir deux champs avec le même haricot. »
    (summary; decision 2, the default)"""
    s = position(hands=["RO BL"], fields=["- RO1"])
    refused(s, "0: plant 0")
    act(s, "0: plant 1")
    assert fields(s, 0) == [(None, 0), ("RO", 2)]


def test_same_bean_in_two_fields_allowed_by_option() -> None:
    """Decision 2: option ``same_bean_in_two_fields`` lets a bean start a second field."""
    s = position(hands=["RO BL"], fields=["- RO1"], same_bean_in_two_fields=True)
    assert {"0: plant 0", "0: plant 1"} <= legal(s, 0)
    act(s, "0: plant 0")
    assert fields(s, 0) == [("RO", 1), ("RO", 1)]


def test_front_card_that_fits_no_field_forces_a_harvest_to_make_room() -> None:
    """« Au cours du jeu, il arrive souvent que l'on doive poser une sorte de haricot qui ne
    correspond pas à celles qui se trouvent dans nos champs. Dans ce cas, il faut faire de
    la place en vendant tous les haricots d'un champ. »"""
    s = position(hands=["RO BL"], fields=["BL2 FE3"])
    assert legal(s, 0) == {"0: harvest 0", "0: harvest 1"}
    refused(s, "0: plant 0")
    refused(s, "0: end-planting")
    act(s, "0: harvest 1")
    assert talers(s, 0) == 1
    act(s, "0: plant 1")
    assert fields(s, 0) == [("BL", 2), ("RO", 1)]


def test_harvest_allowed_before_and_between_the_two_plantings() -> None:
    """Decision 8: « Harvesting to make room is allowed before or between. »"""
    s = position(hands=["BL RO SA"], fields=["BL3 SO2"])
    act(s, "0: plant 0")
    assert allowed(s, "0: harvest 1")
    act(s, "0: harvest 1", "0: plant 1")
    assert fields(s, 0) == [("BL", 4), ("RO", 1)]
    assert talers(s, 0) == 1
    assert phase(s) == "trade"


@pytest.mark.parametrize("count", [1, 2])
def test_phase_1_ends_when_the_hand_runs_out(count: int) -> None:
    """« Ensuite, le joueur peut poser une deuxième carte, celle qui se trouve maintenant
    sur le devant de sa main. » With no second card, phase 2 begins after the first."""
    s = position(hands=[" ".join(["RO"] * count)], fields=["- -"])
    act(s, "0: plant 0")
    assert phase(s) == ("trade" if count == 1 else "plant")
