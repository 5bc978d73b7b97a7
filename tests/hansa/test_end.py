"""The end (« Fin du jeu »): the last round, the reserve cards, last contracts, the sale."""

from __future__ import annotations

from bohnen.hansa import HansaState

from .helpers import (
    JSON,
    act,
    contract_number,
    edit,
    legal,
    load,
    names,
    started,
    turn_of,
)

TRAVEL = [f"T{i}" for i in range(1, 8)]
C47 = contract_number("ROS", ["RO", "BR", "FE"], 47)


def one_harvest_left(seat: int = 1, phase: str = "travel") -> JSON:
    """Seat ``seat``'s turn with only H1 left in the pile (H2, H3 in reserve)."""
    data = turn_of(started(4, seed=8), seat, phase=phase)
    data["harvest_pile"] = ["H1"]
    data["harvest_reserve"] = ["H2", "H3"]
    data["harvest_discard"] = [f"H{i}" for i in range(4, 11)]
    data["harvest_before"] = [[] for _ in range(4)]
    return edit(data, seat, city="EDI", money=30, beans={"BL": 1}, hand=TRAVEL)


def play_turn(state: HansaState, seat: int) -> None:
    act(state, f"{seat}: stay", f"{seat}: end-trading", f"{seat}: end-turn")


def test_the_last_round_after_the_eighth_harvest_card() -> None:
    """« Quand un joueur a placé les haricots de la 8ème carte de Nouvelle Récolte, le
    dernier tour de jeu commence. Ce joueur termine son tour de jeu et chacun de ses
    adversaires jouera encore une fois. La partie est ensuite terminée. »"""
    state = load(one_harvest_left())
    events = act(state, "1: go AAL ROS")
    assert "last_round" in names(events)
    assert state.view(None)["last_round"] and state.view(None)["last_seat"] == 0
    act(state, "1: end-trading", "1: end-turn")
    for seat in (2, 3):
        play_turn(state, seat)
    assert not state.is_over and state.to_act() == (0,)
    play_turn(state, 0)
    assert state.is_over


def test_reserve_cards_serve_in_the_last_round() -> None:
    """« Il peut arriver, lors du dernier tour, que de nouveaux haricots arrivent en
    ravitaillement. Pour cela, on utilise les deux cartes Nouvelle Récolte qui ont été
    placées en partie sous le plateau ... Ceci n'a aucune influence sur la fin »."""
    state = load(one_harvest_left())
    act(state, "1: go AAL ROS", "1: end-trading", "1: end-turn")
    data = edit(state.to_json(), 2, hand=["T2", "T1", *TRAVEL[2:]])
    state = load(data)
    act(state, "2: stay")
    assert state.view(None)["harvest_reserve_size"] == 1
    assert state.view(None)["harvest_discard"][-1] == "H2"
    act(state, "2: end-trading", "2: end-turn")
    play_turn(state, 3)
    play_turn(state, 0)
    assert state.is_over


def test_last_contracts_by_players_who_already_played() -> None:
    """« Chaque joueur peut alors encore remplir des contrats s'il se trouve dans la bonne
    ville ... Si Adam a réussi à se faire invité à Rostock, il pourra réaliser son contrat
    et recevoir le revenu correspondant. Ensuite, les joueurs vendent les haricots »."""
    data = one_harvest_left()
    data = edit(data, 2, city="ROS", money=0, beans={"RO": 1, "BR": 1, "FE": 1},
                hand=[*TRAVEL, C47])
    state = load(data)
    act(state, "1: go AAL ROS", "1: end-trading", "1: end-turn")
    for seat in (2, 3, 0):
        if seat == 2:
            act(state, "2: stay", "2: end-trading")
            state = load(edit(state.to_json(), 2, hand=[*TRAVEL, C47]))
            act(state, "2: end-turn")
        else:
            play_turn(state, seat)
    assert state.view(None)["phase"] == "closing" and state.to_act() == (2,)
    assert legal(state, 2) == [f"2: fulfil {C47}", "2: done"]
    act(state, f"2: fulfil {C47}")
    assert state.is_over
    assert state.result().scores[2] == 47


def test_beans_sold_at_base_price_loans_repaid_double_and_the_winner() -> None:
    """« chaque joueur peut vendre les haricots qu'il a encore sur son aide de jeu au prix
    de base ... Le joueur qui a alors le plus de thalers est le vainqueur » ; a loan is
    repaid « au double de sa valeur à la fin de la partie »."""
    data = one_harvest_left()
    data = edit(data, 0, money=10, beans={"GA": 1, "BL": 2})  # 10 + 14 + 8 = 32
    data["loans"][3] = 5
    data = edit(data, 3, money=40, beans={})  # 40 - 10 = 30
    data["earned"][3] += 5
    data["spent"][3] += 5
    state = load(data)
    act(state, "1: go AAL ROS", "1: end-trading", "1: end-turn")
    for seat in (2, 3, 0):
        play_turn(state, seat)
    result = state.result()
    assert result.scores[0] == 32 and result.scores[3] == 30
    best = max(result.scores)
    assert result.winners == tuple(s for s in range(4) if result.scores[s] == best)
    assert sum(state.view(None)["supply"].values()) + sum(
        s["count"] for slots in state.view(None)["ladders"].values() for s in slots if s) == 117


def test_adam_invited_to_rostock_in_the_last_round() -> None:
    """« La 8ème carte Nouvelle Récolte se trouve devant Adam. Au début de son tour, il
    place les haricots ... Durant la phase de commerce de ses adversaires, Adam essayera
    de se faire invité à Rostock, car il a un contrat à y amener. Quand le voisin de
    droite de Adam aura terminé son tour, la partie sera terminée. Si Adam a réussi à se
    faire invité à Rostock, il pourra réalisé son contrat »."""
    data = turn_of(started(4, seed=8), 3, phase="final")
    data["harvest_pile"] = []
    data["harvest_reserve"] = ["H2", "H3"]
    data["harvest_discard"] = [f"H{i}" for i in range(4, 11)]
    data["harvest_before"] = [["H1"], [], [], []]
    data["trigger"] = "H1"
    data = edit(data, 0, city="BRE", money=30, beans={"RO": 1, "BR": 1, "FE": 1},
                hand=[*TRAVEL, C47])
    data = edit(data, 1, city="ROS", money=30, hand=TRAVEL)
    state = load(data)
    events = act(state, "3: end-turn")
    assert "last_round" in names(events) and state.view(None)["last_seat"] == 3
    play_turn(state, 0)
    act(state, "1: stay", "1: propose 0", "0: accept 1")
    assert state.view(None)["players"][0]["city"] == "ROS"
    act(state, "1: end-trading", "1: end-turn")
    play_turn(state, 2)
    play_turn(state, 3)
    assert state.to_act() == (0,) and state.view(None)["phase"] == "closing"
    act(state, f"0: fulfil {C47}")
    assert state.is_over and state.result().scores[0] >= 47
