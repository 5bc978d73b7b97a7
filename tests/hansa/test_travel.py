"""The travel phase (« Phase de voyage »): the journey, its cards, Zoll and Nachschub."""

from __future__ import annotations

from typing import Any

from bohnen.hansa import HansaState

from .helpers import (
    BOARD,
    JSON,
    act,
    beans_of,
    contract_number,
    edit,
    hand_of,
    ladder,
    legal,
    load,
    names,
    refused,
    started,
    turn_of,
)

C35 = contract_number("ROS", ["FE", "RO"], 35)
TRAVEL = [f"T{i}" for i in range(1, 8)]


def harvest_on_top(data: JSON, card: str, before: int | None = None) -> JSON:
    """``card`` on top of the Neue-Ernte pile (or lying before seat ``before``)."""
    data = dict(data)
    for key in ("harvest_pile", "harvest_reserve", "harvest_discard"):
        data[key] = [c for c in data[key] if c != card]
    data["harvest_before"] = [[c for c in b if c != card] for b in data["harvest_before"]]
    if before is None:
        data["harvest_pile"] = [card, *data["harvest_pile"]]
    else:
        data["harvest_before"][before] = [card]
        data["harvest_reserve"] = data["harvest_reserve"] + data["harvest_pile"][:1]
        data["harvest_pile"] = data["harvest_pile"][1:]
    return data


def beatrice(money: int = 30, beans: dict[str, int] | None = None, **more: Any) -> HansaState:
    """Béatrice (seat 1, yellow: her 2 is Nachschub, her 3 Zoll) in Edinburgh, her
    turn; H1 (2 BL Hamburg, 3 FE Danzig, 3 GA Malmö) on top of the pile."""
    data = turn_of(started(4, seed=3), 1)
    data = edit(data, 1, city="EDI", money=money, beans=beans or {"FE": 1, "RO": 1},
                hand=[*TRAVEL, C35], **more)
    return load(harvest_on_top(data, "H1"))


def test_beatrices_journey_edinburgh_aalborg_rostock() -> None:
    """« Béatrice déplace son pion de Edinburgh à Rostock en passant par Aalborg. Elle doit
    donc poser les trois premières cartes de sa main ... 1, 2 (Nachschub) et 3 (Zoll) »;
    « 1) Béatrice paye d'abord 20 thalers ... 2) ... Elle doit placer 2 Blaue Bohne à
    Hamburg, 3 Feuerbohne à Danzig et 3 Gartenbohne à Malmö ... 3) Pour finir, elle
    replace la dernière carte ... (celle avec le chiffre 1) en dernière position »."""
    state = beatrice()
    assert "1: go AAL ROS" in legal(state, 1)
    events = act(state, "1: go AAL ROS")
    view = state.view(1)
    me = view["players"][1]
    assert me["city"] == "ROS" and me["money"] == 10
    assert me["hand"] == ["T4", "T5", "T6", "T7", C35, "T3", "T2", "T1"]
    assert names(events)[:4] == ["travelled", "customs", "harvested", "trade"]
    assert events[0].to_json(None)["cards"] == ["T1", "T2", "T3"]
    assert ladder(state, "HAM")[3] == ["BL", 2]
    assert ladder(state, "DAN")[2] == ["FE", 3]
    assert ladder(state, "MAL")[3] == ["GA", 3]
    assert view["harvest_discard"] == ["H1"] and view["phase"] == "trade"


def test_staying_plays_one_card_and_a_neighbour_two() -> None:
    """« Si le joueur laisse son pion dans la ville où il se trouvait, il ne doit jouer que
    la première carte ... S'il se déplace dans une ville adjacente, ... les deux »."""
    state = beatrice()
    act(state, "1: stay")
    assert hand_of(state, 1)[-1] == "T1"
    assert len(hand_of(state, 1)) == 8
    state = beatrice()
    events = act(state, "1: go BER")
    assert events[0].to_json(None)["cards"] == ["T1", "T2"]


def test_the_journey_follows_a_shortest_path_of_the_players_choice() -> None:
    """« Le joueur se rend avec son pion, par le chemin le plus direct, dans la ville de son
    choix ... Le joueur doit respecter les liaisons entre les villes. »"""
    start, dest = next((a, b) for a in range(BOARD.cities) for b in range(BOARD.cities)
                       if len(BOARD.paths[a][b]) >= 2)
    codes = BOARD.city_codes
    state = beatrice()
    data = edit(state.to_json(), 1, city=codes[start])
    state = load(data)
    moves = legal(state, 1)
    for path in BOARD.paths[start][dest]:
        assert "1: go " + " ".join(codes[c] for c in path) in moves
    state = beatrice()
    assert "shortest path" in refused(state, "1: go BRU KOE BRE HAM")  # 3 steps, not 2
    assert "shortest path" in refused(state, "1: go ROS")  # no route Edinburgh-Rostock


def test_one_card_per_city_counted_with_start_and_end() -> None:
    """« Pour chaque autre ville qu'il traverse, le joueur doit jouer une carte voyage
    supplémentaire »: a hand too short cannot make the journey."""
    state = beatrice(waste=[[], [], [], []])
    data = state.to_json()
    data["waste"][1] = ["T4", "T5", "T6", "T7"]
    data = edit(data, 1, hand=["T1", "T2", "T3"])
    state = load(data)
    moves = legal(state, 1)
    assert "1: go AAL ROS" in moves
    assert not any(len(m.split()) > 4 for m in moves if " go " in m)  # at most two steps
    assert "needs 4 cards" in refused(state, "1: go AAL HAM LUE")


def test_contracts_in_hand_are_played_like_travel_cards_and_stay_on_the_table() -> None:
    """« Les cartes contrat en main comptent comme des cartes voyage et doivent aussi être
    jouées » ; « Les contrats restent devant le joueur, ils pourront encore être remplis
    durant le tour de jeu »; the final phase discards them."""
    state = beatrice()
    data = edit(state.to_json(), 1, city="AAL", hand=[C35, *TRAVEL])
    state = load(data)
    act(state, "1: go ROS")
    view = state.view(1)
    assert view["table"] == [C35] and C35 not in hand_of(state, 1)
    assert hand_of(state, 1)[-1] == "T1"
    act(state, f"1: fulfil {C35}")
    assert state.view(1)["players"][1]["money"] == 30 + 35
    state = load(data)
    act(state, "1: go ROS", "1: end-trading")
    assert C35 in state.view(None)["contract_discard"] and state.view(None)["table"] == []


def test_zoll_short_of_money_sells_beans_at_base_price_without_change() -> None:
    """« il doit rendre la totalité de son argent. Ensuite, il doit payer le reste avec des
    haricots de sa réserve "vendus" au prix de base jusqu'à ce qu'il atteigne au moins
    20. Si le joueur donne alors plus de 20 thalers avec les haricots, la banque ne lui
    rend pas de monnaie. »"""
    state = beatrice(money=8, beans={"BL": 1, "SO": 1, "GA": 1})
    act(state, "1: go AAL ROS")
    view = state.view(1)
    assert view["phase"] == "customs" and view["customs_due"] == 12
    assert legal(state, 1) == ["1: sell BL", "1: sell SO", "1: sell GA"]
    events = act(state, "1: sell GA")  # 14 for 12 owed: no change
    assert names(events)[:2] == ["customs_bean", "harvested"]
    assert state.view(1)["players"][1]["money"] == 0
    assert beans_of(state, 1) == {"BL": 1, "SO": 1}
    assert state.view(1)["phase"] == "trade"


def test_zoll_sale_one_bean_at_a_time_until_paid() -> None:
    """« jusqu'à ce qu'il atteigne au moins 20 »: after each bean, the rest is owed."""
    state = beatrice(money=8, beans={"BL": 2, "SO": 1, "GA": 1})
    act(state, "1: go AAL ROS", "1: sell SO")  # 9: 3 still owed
    assert state.view(1)["customs_due"] == 3
    act(state, "1: sell BL")
    assert beans_of(state, 1) == {"BL": 1, "GA": 1} and state.view(1)["phase"] == "trade"


def test_zoll_loan_when_the_beans_do_not_suffice() -> None:
    """« Si les haricots du joueur ne suffisent pas pour payer, le joueur prend un crédit
    d'un montant maximal de 20 thalers, qu'il devra rembourser au double »."""
    state = beatrice(money=3, beans={"BL": 1})
    events = act(state, "1: go AAL ROS")  # 3 + 4 = 7: a loan of 13, nothing to choose
    assert "loan" in names(events)
    me = state.view(1)["players"][1]
    assert me["loans"] == 13 and me["money"] == 0 and beans_of(state, 1) == {}
    assert state.view(1)["phase"] == "trade"


def test_nachschub_skips_a_full_ladder() -> None:
    """« S'il n'y a plus de case libre sur le haricomètre d'une ville, la récolte n'a pas
    lieu dans cette ville. Les ronds ... ne doivent jamais être recouverts »."""
    full = [["FE", 1], ["BL", 1], ["SO", 1], ["BL", 1], ["FE", 1]]
    state = beatrice(ladders={"HAM": full})
    supply = state.view(None)["supply"]["BL"]
    act(state, "1: go AAL ROS")
    assert ladder(state, "HAM") == full
    assert state.view(None)["supply"]["BL"] == supply
    assert ladder(state, "DAN")[2] == ["FE", 3]


def test_nachschub_short_supply_spread_as_well_as_possible() -> None:
    """« S'il n'y a plus assez de haricots dans la réserve, on répartit les haricots
    restants le mieux possible »: option short_harvest — ``even`` (default) one at a time
    to each pile of the card, ``card_order`` the piles filled in the card's order.
    H2 asks 2 Brech for Bergen and 2 for Lübeck; only 2 are left."""
    for rule, expect in (("even", (["BR", 1], ["BR", 1])), ("card_order", (["BR", 2], None))):
        data = turn_of(started(4, seed=3, short_harvest=rule), 1)
        data = edit(data, 1, city="EDI", money=30, hand=TRAVEL)
        pile = data["supply"]["BR"] - 2
        data = edit(data, ladders={"BRE": [["BR", 1], ["AU", 1], ["BR", pile], None]})
        assert data["supply"]["BR"] == 2
        state = load(harvest_on_top(data, "H2"))
        act(state, "1: go AAL ROS")
        assert (ladder(state, "BER")[2], ladder(state, "LUE")[2]) == expect
        assert state.view(None)["supply"]["BR"] == 0


def test_a_harvest_card_before_the_player_is_placed_first() -> None:
    """« 1) Si une carte Nouvelle Récolte est posée devant le joueur, il doit s'en occuper
    tout de suite » — at the start of the turn, before the journey."""
    data = turn_of(started(4, seed=3), 0, phase="final")
    data = harvest_on_top(data, "H1", before=1)
    state = load(data)
    events = act(state, "0: end-turn")
    assert names(events)[:2] == ["turn", "harvested"]
    assert ladder(state, "DAN")[2] == ["FE", 3]
    assert state.view(None)["players"][1]["harvest_before"] == []
    assert state.view(None)["phase"] == "travel"


def test_the_journey_is_not_interrupted() -> None:
    """« Le voyage ne peut pas être interrompu pour acheter des haricots ou des contrats
    ou pour remplir des contrats »: one action carries it out; in the customs nothing
    but selling is allowed."""
    state = beatrice(money=8, beans={"BL": 1, "SO": 1, "GA": 1})
    act(state, "1: go AAL ROS")
    assert all(" sell " in a for a in legal(state, 1))
    assert "customs" in refused(state, "1: buy-contract T4")
