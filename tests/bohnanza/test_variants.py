"""The variants of the text ("Variantes") and the validation of options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .helpers import (
    GAME,
    act,
    fields,
    legal,
    player,
    position,
    propose,
    refused,
    talers,
    trade_area,
)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_beginners_start_with_a_third_field(players: int) -> None:
    """« Il est conseillé aux débutants à Bohnanza de commencer directement avec un troisième
    champ. » (variant ``beginner``)"""
    s = GAME.new_game(GAME.options(players, beginner=True), 11)
    for seat in range(players):
        assert fields(s, seat) == [(None, 0)] * 3
        assert player(s, seat)["third_field"] is True


def test_beginners_cannot_buy_another_field() -> None:
    """« Il est possible d'acheter, une fois, un troisième champ. » — beginners have it."""
    s = position(hands=["RO"], fields=["- - -"], talers=[5], beginner=True)
    assert "0: buy-field" not in legal(s, 0)
    refused(s, "0: buy-field")


def test_beginner_third_field_is_planted_from_the_start() -> None:
    """« commencer directement avec un troisième champ »"""
    s = position(hands=["RO SO"], fields=["BL2 FE2 -"], beginner=True)
    act(s, "0: plant 2", "0: end-planting")
    assert fields(s, 0) == [("BL", 2), ("FE", 2), ("RO", 1)]


def _market(**options: Any) -> Any:
    return position(hands=["BL RO FE", "RO SA AU", "RO BR"], face_up="SO GA", phase="trade",
                    talers=[3, 2, 0], trading="open", max_proposals_per_turn=None, **options)


def test_talers_cannot_be_traded_without_the_expert_variant() -> None:
    """« S'il n'y a que des experts de Bohnanza autour de la table, vous pouvez autoriser
    l'utlisation des talers lors du marchandage. » — only then."""
    s = _market()
    refused(s, "0: propose 1 give t1 want RO")
    refused(s, "1: propose 0 give h0 want t1")


def test_experts_may_pay_talers_in_a_trade() -> None:
    """« S'il n'y a que des experts de Bohnanza autour de la table, vous pouvez autoriser
    l'utlisation des talers lors du marchandage. » (variant ``expert_taler_trading``)"""
    s = _market(expert_taler_trading=True)
    propose(s, "0: propose 1 give t2 want RO", "1: accept {pid} give h0")
    assert talers(s, 0) == 1
    assert talers(s, 1) == 4
    assert trade_area(s, 0) == ["RO"]
    assert trade_area(s, 1) == []


def test_experts_may_sell_a_card_for_talers() -> None:
    """« vous pouvez autoriser l'utlisation des talers lors du marchandage »"""
    s = _market(expert_taler_trading=True)
    propose(s, "1: propose 0 give h2 want t3", "0: accept {pid}")
    assert talers(s, 0) == 0
    assert talers(s, 1) == 5
    assert trade_area(s, 0) == ["AU"]


def test_experts_cannot_offer_talers_they_do_not_have() -> None:
    """« l'utlisation des talers lors du marchandage » — of one's own talers only."""
    s = _market(expert_taler_trading=True)
    refused(s, "1: propose 0 give t3 want SO")
    propose(s, "0: propose 2 give f0 want t1")
    pid = s.view(None)["trading"]["proposals"][-1]["pid"]
    refused(s, f"2: accept {pid}")


@pytest.mark.parametrize(("name", "value"), [
    ("players", 2), ("players", 6), ("bean_protection", "yes"), ("tie_break", "random"),
    ("third_field_cost", -1), ("trading", "simultaneous"), ("proposal_size", 9),
])
def test_bad_option_is_refused_naming_it(name: str, value: object) -> None:
    """Bohnanza is for 3 to 5 players (decisions.md); every option is checked."""
    overrides: dict[str, Any] = {name: value}
    players: Any = overrides.pop("players", 4)
    with pytest.raises(ValueError, match=name):
        GAME.options(players, **overrides)


@pytest.mark.parametrize("two", [False, True])
@pytest.mark.parametrize("protection", [False, True])
def test_the_state_keeps_the_variants_tables_index_through_clone_and_json(
        two: bool, protection: bool) -> None:
    # The listing reads the planting and harvest tables by the state's own copies of
    # these two options (two_fields, protection): a new, cloned, determinized or
    # loaded state must carry the options' values, never another state's.
    options = GAME.options(4, same_bean_in_two_fields=two, bean_protection=protection)
    s = GAME.new_game(options, 5)
    for state in (s, s.clone(), s.determinize(0, random.Random(1)),
                  GAME.state_from_json(s.to_json())):
        assert (state.two_fields, state.protection) == (int(two), int(protection))
