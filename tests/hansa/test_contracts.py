"""Fulfilling and buying contracts; the final phase's draw."""

from __future__ import annotations

from bohnen.hansa import HansaState

from .helpers import (
    JSON,
    act,
    beans_of,
    contract_number,
    edit,
    hand_of,
    legal,
    load,
    refused,
    started,
    turn_of,
)

TRAVEL = [f"T{i}" for i in range(1, 8)]
C53 = contract_number("EDI", ["SO", "FE", "GA"], 53)
C35 = contract_number("ROS", ["FE", "RO"], 35)


def in_edinburgh() -> HansaState:
    data: JSON = turn_of(started(4, seed=6), 1)
    data = edit(data, 1, city="EDI", money=30, beans={"SO": 1, "FE": 2, "GA": 1, "RO": 1},
                hand=[*TRAVEL, C53, C35])
    return load(data)


def test_fulfil_in_the_start_city_before_the_journey() -> None:
    """« Cela ne peut avoir lieu que dans la ville où le joueur commence son voyage ou dans
    la ville où il le termine, mais pas durant le voyage. » Fulfilling: « Il remet les
    haricots dans la réserve, perçoit le revenu de la banque et pose le contrat sur la
    défausse. »"""
    state = in_edinburgh()
    supply = state.view(None)["supply"]
    assert f"1: fulfil {C53}" in legal(state, 1)
    assert "for Rostock" in refused(state, f"1: fulfil {C35}")
    act(state, f"1: fulfil {C53}")
    view = state.view(1)
    assert view["players"][1]["money"] == 83 and C53 in view["contract_discard"]
    assert beans_of(state, 1) == {"FE": 1, "RO": 1}
    assert all(view["supply"][b] == supply[b] + 1 for b in ("SO", "FE", "GA"))


def test_fulfil_in_the_end_city_after_the_journey() -> None:
    state = in_edinburgh()
    act(state, "1: go AAL ROS")
    assert f"1: fulfil {C35}" in legal(state, 1)
    assert "for Edinburgh" in refused(state, f"1: fulfil {C53}")


def test_fulfil_only_in_ones_own_turn_with_the_beans() -> None:
    """« Les contrats ne peuvent être honorés que durant son propre tour de jeu » ; « il
    possède les haricots nécessaires »."""
    state = in_edinburgh()
    act(state, "1: stay", "1: propose 0 give RO")
    assert state.to_act() == (0,)
    assert "turn" in refused(state, "0: fulfil C1")
    state = in_edinburgh()
    state = load(edit(state.to_json(), 1, beans={"SO": 1, "FE": 1}))
    assert "lacks beans" in refused(state, f"1: fulfil {C53}")


def test_buy_a_contract_any_time_for_5_and_a_travel_card() -> None:
    """« A tout moment durant la partie, c'est-à-dire aussi en dehors de son propre tour de
    jeu, un joueur peut acheter la carte supérieure de la pioche ... il paye 5 thalers et
    donne l'une de ses cartes voyage au choix (pas la douane ni le ravitaillement). Cette
    carte est définitivement défaussée. La carte contrat est prise en main et est placée
    en dernière position dans la main. »"""
    state = in_edinburgh()
    top = state.to_json()["contract_pile"][0]
    assert "cannot buy a contract" in refused(state, "1: buy-contract T3")  # Zoll
    assert "cannot buy a contract" in refused(state, "1: buy-contract T2")  # Nachschub
    events = act(state, "1: buy-contract T5")
    me = state.view(1)["players"][1]
    assert me["money"] == 25 and me["waste"] == ["T5"] and hand_of(state, 1)[-1] == top
    assert "T5" not in hand_of(state, 1)
    assert events[0].to_json(1)["contract"] == top and "contract" not in events[0].to_json(0)
    act(state, "1: stay", "1: propose 0 give RO")
    data = edit(state.to_json(), 0, money=6)
    state = load(data)
    assert "0: buy-contract T4" in legal(state, 0)  # out of turn, while answering
    act(state, "0: buy-contract T4")
    assert state.view(0)["players"][0]["money"] == 1
    assert "costs 5" in refused(state, "0: buy-contract T5")


def test_any_seat_buys_a_contract_out_of_turn_in_every_phase_of_play() -> None:
    """« A tout moment durant la partie, c'est-à-dire aussi en dehors de son propre tour de
    jeu, un joueur peut acheter la carte supérieure de la pioche de cartes contrat. »
    (issue 22): during seat 1's journey phase seat 2 buys a contract; it is still seat
    1's move, in the same phase; then again during its trade and its final phase."""
    state = in_edinburgh()
    assert state.to_act() == (1,)
    assert "2: buy-contract T4" in legal(state, 2)
    assert [str(a) for a in state.any_time_actions(2)] == legal(state, 2)
    top = state.to_json()["contract_pile"][0]
    money = state.view(2)["players"][2]["money"]
    act(state, "2: buy-contract T4")
    me = state.view(2)["players"][2]
    assert hand_of(state, 2)[-1] == top and me["money"] == money - 5 and me["waste"] == ["T4"]
    assert state.to_act() == (1,) and state.view(None)["phase"] == "travel"
    act(state, "1: stay")
    assert state.view(None)["phase"] == "trade"
    act(state, "3: buy-contract T1")
    assert state.to_act() == (1,)
    act(state, "1: end-trading")
    assert state.view(None)["phase"] == "final"
    act(state, "0: buy-contract T6")
    assert state.to_act() == (1,)


def test_out_of_turn_nothing_but_a_contract_is_bought() -> None:
    """Only buying a contract is open « à tout moment »: out of turn a seat may not
    travel, fulfil, pass or end the turn."""
    state = in_edinburgh()
    assert set(legal(state, 2)) <= {f"2: buy-contract T{i}" for i in range(1, 8)}
    assert "seat 1's turn" in refused(state, "2: stay")
    refused(state, "3: end-turn")


def test_final_phase_draws_a_contract_to_the_end_of_the_hand() -> None:
    """« Le joueur pioche la carte supérieure de la pile des cartes contrat. Il place cette
    carte à la fin de sa main de carte. Il peut honorer ce contrat immédiatement ... il ne
    pourra cependant pas repiocher immédiatement une nouvelle carte contrat gratuitement. »"""
    state = in_edinburgh()
    top = state.to_json()["contract_pile"][0]
    act(state, "1: stay", "1: end-trading")
    hand = hand_of(state, 1)
    assert hand[-1] == top and state.view(1)["phase"] == "final"
    assert "1: end-turn" in legal(state, 1)
    size = len(state.to_json()["contract_pile"])
    act(state, "1: end-turn")
    assert len(state.to_json()["contract_pile"]) == size  # no second free draw


def test_empty_contract_pile_reshuffles_the_discards_or_not() -> None:
    """The text does not say what happens when the pile is empty: option
    reshuffle_contracts (default true) shuffles the discard pile into a new pile."""
    for reshuffle in (True, False):
        data = turn_of(started(4, seed=6, reshuffle_contracts=reshuffle), 1, phase="trade")
        data["contract_discard"] = sorted(data["contract_discard"] + data["contract_pile"],
                                          key=lambda c: int(c[1:]))
        data["contract_pile"] = []
        state = load(data)
        hand = len(hand_of(state, 1))
        act(state, "1: end-trading")
        assert len(hand_of(state, 1)) == hand + (1 if reshuffle else 0)
