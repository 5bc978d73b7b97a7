"""The trade phase (« Phase de commerce »): buying, the storage, invitations and trades."""

from __future__ import annotations

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

TRAVEL = [f"T{i}" for i in range(1, 8)]
C35 = contract_number("ROS", ["FE", "RO"], 35)
C40 = contract_number("ROS", ["SA", "SO", "BL"], 40)


def trading(data: JSON, seat: int, fixed: int) -> JSON:
    """``data`` in seat ``seat``'s trade phase, prices of slot ``fixed`` (1 = bottom)."""
    return turn_of(data, seat, phase="trade") | {"price_slot": fixed}


def prices(state: HansaState, city: str) -> dict[str, int]:
    found: dict[str, int] = {c["code"]: c["prices"] for c in state.view(None)["cities"]}[city]
    return found


# --- buying ------------------------------------------------------------------------------


def adam_in_bremen() -> HansaState:
    data = turn_of(started(4, seed=2), 0)
    return load(edit(data, 0, city="BRE", money=30, beans={"SO": 1}, hand=TRAVEL))


def test_adams_purchase_in_bremen_in_either_order() -> None:
    """« Sur la première case du haricomètre de Bremen se trouve un Brechbohne ..., sur la
    case suivante, il y a un Augenbohne ... L'ordre dans lequel il les achète n'a pas
    d'importance, le Augenbohne lui coûte 11 thalers, le Brechbohne lui coûte 7 »."""
    for order in (("0: buy AU 2", "0: buy BR 1"), ("0: buy BR 1", "0: buy AU 2")):
        state = adam_in_bremen()
        act(state, "0: stay")
        assert ladder(state, "BRE")[:2] == [["BR", 1], ["AU", 1]]
        events = act(state, *order)
        paid = sorted(e.to_json(None)["price"] for e in events)
        assert paid == [7, 11]
        assert state.view(0)["players"][0]["money"] == 30 - 18
        assert beans_of(state, 0) == {"SO": 1, "AU": 1, "BR": 1}


def test_dorothees_purchase_in_hamburg_and_the_gap_closed() -> None:
    """« Sur la troisième case du haricomètre, il y a 3 Blaue Bohne ..., sur la deuxième
    case, il y a 1 Feuerbohne ... et sur la première case, il y a encore un Blaue Bohne.
    Dorothée achète le Feuerbohne pour 5 thalers. Durant la phase finale de son tour,
    Dorothée déplacera les 3 Blaue Bohne d'une case vers le bas. Le prix de ces haricots
    passera donc de 4 à 6 thalers. »"""
    hamburg = [["BL", 1], ["FE", 1], ["BL", 3], None, None]
    data = turn_of(started(5, seed=2), 4)
    data = edit(data, 4, city="HAM", money=20, beans={"SA": 1}, hand=TRAVEL,
                ladders={"HAM": hamburg})
    state = load(data)
    act(state, "4: stay")
    assert prices(state, "HAM")["BL"] == 4 and prices(state, "HAM")["FE"] == 5
    events = act(state, "4: buy FE 2")
    assert events[0].to_json(None)["price"] == 5
    assert ladder(state, "HAM")[1] is None  # a gap until the final phase
    act(state, "4: end-trading")
    assert ladder(state, "HAM") == [["BL", 1], ["BL", 3], None, None, None]
    assert prices(state, "HAM")["BL"] == 6


def test_prices_stay_fixed_for_the_whole_trade_phase() -> None:
    """« Les prix restent les mêmes pour toute la phase de commerce. On prend en compte les
    prix qui étaient indiqué au début de cette phase de commerce. »"""
    state = adam_in_bremen()
    act(state, "0: stay", "0: buy BR 1")
    assert prices(state, "BRE") == {"AU": 11, "BR": 7}
    act(state, "0: buy AU 2")
    assert state.view(0)["players"][0]["money"] == 12


def test_full_ladder_uses_the_top_circle_prices() -> None:
    """« Si toutes les cases du haricomètre sont pleines, ce sont les prix indiqués dans
    les ronds en haut du haricomètre dont il faut tenir compte. »"""
    full = [["BR", 1], ["AU", 1], ["BR", 1], ["AU", 1]]
    data = turn_of(started(4, seed=2), 0)
    state = load(edit(data, 0, city="BRE", money=30, beans={}, hand=TRAVEL,
                      ladders={"BRE": full}))
    act(state, "0: stay")
    top = BOARD.prices[BOARD.city("BRE")][-1]
    assert prices(state, "BRE") == {"AU": top[BOARD.bean("AU")], "BR": top[BOARD.bean("BR")]}


def test_only_the_active_player_buys_in_their_city() -> None:
    """« Pendant la phase de commerce, seul le joueur dont c'est le tour peut acheter des
    haricots dans la ville où se trouve son pion. »"""
    state = adam_in_bremen()
    act(state, "0: stay", "0: pass")
    assert state.to_act() == (1,)
    assert "turn" in refused(state, "1: buy AU 2")
    assert legal(state, 1) == ["1: pass"] or all("buy " not in a for a in legal(state, 1))


def test_storage_holds_eight_beans() -> None:
    """« A aucun moment il n'est possible de posséder plus de 8 haricots. Si un joueur veut
    acquérir de nouveaux haricots alors qu'il en possède déjà 8, il doit d'abord faire de
    la place ... en remettant des haricots dans la réserve. Par contre, il ne reçoit pas
    d'argent en échange. »"""
    state = load(edit(turn_of(started(4, seed=2), 0), 0, city="BRE", money=30,
                      beans={"SO": 4, "BL": 4}, hand=TRAVEL))
    act(state, "0: stay")
    assert "holds 8" in refused(state, "0: buy AU 2")
    assert {"0: return SO", "0: return BL"} <= set(legal(state, 0))
    act(state, "0: return SO")
    assert state.view(0)["players"][0]["money"] == 30  # no money for it
    assert "only to make room" in refused(state, "0: return BL")
    act(state, "0: buy AU 2")
    assert sum(beans_of(state, 0).values()) == 8


def test_scarce_bean_bought_at_the_highest_price() -> None:
    """« dans le cas où il n'y aurait aucun Rote Bohne en jeu (sur aucun haricomètre ET sur
    aucune aide de jeu), un joueur pourrait en acheter 1 à Visby au prix de 16 »."""
    data = turn_of(started(4, seed=2), 0)
    no_red = {}
    for code in BOARD.city_codes:
        slots = data["ladders"][code]
        no_red[code] = [None if s is None else [s["bean"], s["count"]] for s in slots
                        if s is None or s["bean"] != "RO"]
        no_red[code] += [None] * (len(slots) - len(no_red[code]))
    data = edit(data, ladders=no_red)
    for seat in range(4):
        data = edit(data, seat, beans={k: v for k, v in data["storage"][seat].items()
                                       if k != "RO"})
    data = edit(data, 0, city="VIS", money=30, hand=TRAVEL)
    state = load(data)
    act(state, "0: stay")
    assert "0: buy-scarce RO" in legal(state, 0)
    events = act(state, "0: buy-scarce RO")
    assert events[0].to_json(None)["price"] == 16
    assert "0: buy-scarce RO" not in legal(state, 0)  # « un seul haricot »
    state = adam_in_bremen()
    act(state, "0: stay")
    assert "on a ladder or an aid" in refused(state, "0: buy-scarce BR")


# --- invitations and trades --------------------------------------------------------------


def rostock(deck_top: str = C40) -> HansaState:
    """Page 10: Béatrice (seat 1) in Rostock, her trade phase, a contract for Feuer + Rote
    in hand but no Feuer; Chris (seat 2) in Visby with 2 Feuer; Adam (seat 0) in Visby
    with a Gartenbohne, his Nachschub (T2) first in hand."""
    data = trading(started(4, seed=2), 1, fixed=3)
    data = edit(data, 1, city="ROS", money=20, beans={"RO": 1, "BL": 3, "SA": 1},
                hand=[*TRAVEL, C35])
    data = edit(data, 2, city="VIS", money=10, beans={"FE": 2}, hand=TRAVEL)
    data = edit(data, 0, city="VIS", money=10, beans={"GA": 1},
                hand=["T2", "T1", "T3", "T4", "T5", "T6", "T7"])
    data["contract_pile"] = [deck_top] + [c for c in data["contract_pile"] if c != deck_top]
    return load(data)


def test_invitation_with_a_purchase_and_a_trade_page_10_and_11() -> None:
    """« "Si tu acceptes mon invitation, j'achèterais un Saubohne que je te donnerais en
    échange d'un Feuerbohne." 5) Chris est d'accord. Il pose son pion à Rostock et pose
    la première carte de sa main ... carte voyage normale ... à la fin de sa main. 6)
    Béatrice achète le Saubohne pour 6 thalers ... Chris lui donne un Feurbohne. 7)
    Béatrice peut maintenant honorer son contrat de Rostock ... Elle reçoit 35 »."""
    state = rostock()
    events = act(state, "1: propose 2 want FE buy SA")
    assert events[0].to_json(None)["invite"] is True
    assert state.to_act() == (2,) and "2: accept 1" in legal(state, 2)
    events = act(state, "2: accept 1")
    assert names(events) == ["accepted", "invited", "dealt"]
    view = state.view(2)
    assert view["players"][2]["city"] == "ROS"
    assert view["players"][2]["hand"] == ["T2", "T3", "T4", "T5", "T6", "T7", "T1"]
    assert view["players"][1]["money"] == 14 and beans_of(state, 2) == {"FE": 1, "SA": 1}
    assert beans_of(state, 1) == {"RO": 1, "BL": 3, "SA": 1, "FE": 1}
    act(state, f"1: fulfil {C35}")
    assert state.view(1)["players"][1]["money"] == 14 + 35
    assert beans_of(state, 1) == {"BL": 3, "SA": 1}


def test_adams_invitation_with_nachschub_and_beatrices_40() -> None:
    """« 8) Adam ... souhaiterait échanger l'un de ses Gartenbohne contre 2 Blaue Bohne ...
    9) Adam déplace donc son pion de Visby vers Rostock et pose la carte voyage
    Ravitaillement ... Il prend donc immédiatement une carte Nouvelle Récolte qu'il pose
    face visible devant lui ... 10) ... Béatrice achète un Sojabohne pour 9 thalers. »
    Then « Elle se trouve à Rostock ... Elle réalise donc ce contrat et touche 40 »."""
    state = rostock()
    act(state, "1: propose 2 want FE buy SA", "2: accept 1", f"1: fulfil {C35}")
    act(state, "1: pass", "2: pass", "3: pass")
    assert state.to_act() == (0,)
    act(state, "0: propose 1 give GA want BL,BL")
    events = act(state, "1: accept 2")
    assert "harvest_waits" in names(events)
    adam = state.view(0)["players"][0]
    assert adam["city"] == "ROS" and len(adam["harvest_before"]) == 1
    assert hand_of(state, 0)[-1] == "T2" and beans_of(state, 0) == {"BL": 2}
    waiting = adam["harvest_before"][0]
    act(state, "0: pass")  # the floor comes back to Béatrice
    events = act(state, "1: buy SO 2")
    assert events[0].to_json(None)["price"] == 9
    events = act(state, "1: end-trading")
    assert events[-1].to_json(1)["contract"] == C40
    assert f"1: fulfil {C40}" in legal(state, 1)
    act(state, f"1: fulfil {C40}")
    assert state.view(1)["players"][1]["money"] == 20 - 6 + 35 - 9 + 40
    act(state, "1: end-turn", "2: stay", "2: end-trading", "2: end-turn", "3: stay",
        "3: end-trading")
    assert waiting not in state.view(None)["harvest_discard"]
    act(state, "3: end-turn")  # « Ce n'est que lors du prochain tour du joueur invité »
    assert waiting in state.view(None)["harvest_discard"]
    assert state.view(None)["players"][0]["harvest_before"] == []


def test_invited_zoll_costs_15() -> None:
    """« Si c'est la carte voyage Douane (Zoll), le joueur invité doit immédiatement payer
    15 thalers à la banque. »"""
    state = rostock()
    data = edit(state.to_json(), 2, hand=["T3", "T1", "T2", "T4", "T5", "T6", "T7"],
                money=20)
    state = load(data)
    act(state, "1: propose 2 want FE", "2: accept 1")
    assert state.view(2)["players"][2]["money"] == 5
    assert hand_of(state, 2)[-1] == "T3"


def test_invited_zoll_short_of_money_keeps_the_promised_beans() -> None:
    """Customs short of money (« rendre la totalité de son argent ... haricots ... au prix
    de base ... pas de monnaie ... un crédit »): the beans promised in the deal are not
    sold (the deal is binding); the cheapest set of the others that pays is sold."""
    state = rostock()
    data = edit(state.to_json(), 2, hand=["T3", *TRAVEL[:2], *TRAVEL[3:]], money=5,
                beans={"FE": 2, "GA": 1})
    state = load(data)
    act(state, "1: propose 2 want FE", "2: accept 1")
    assert beans_of(state, 2) == {"FE": 1}  # GA (14) paid the 10 owed, FE given
    assert state.view(2)["players"][2]["money"] == 0


def test_invited_contract_is_discarded() -> None:
    """« Si la carte jouée est un contrat, il est immédiatement défaussé. »"""
    state = rostock()
    first = contract_number("EDI", ["SO", "FE", "GA"], 53)
    state = load(edit(state.to_json(), 2, hand=[first, *TRAVEL]))
    act(state, "1: propose 2 want FE", "2: accept 1")
    assert first in state.view(None)["contract_discard"]
    assert hand_of(state, 2) == TRAVEL


def test_a_deal_is_carried_out_only_if_every_part_can_be() -> None:
    """The deal is one package (decisions.md 4): accepting is refused when a side lacks
    the beans it gives."""
    state = rostock()
    act(state, "1: propose 2 want AU")
    assert "2: decline 1" in legal(state, 2) and "2: accept 1" not in legal(state, 2)
    assert "does not have the beans" in refused(state, "2: accept 1")


def test_gifts_may_be_refused_and_inviting_for_nothing() -> None:
    """« On n'est pas obligé d'accepter des cadeaux » ; « Il est aussi possible d'inviter un
    joueur sans rien attendre de lui en échange »."""
    state = rostock()
    act(state, "1: propose 2", "2: decline 1")
    assert state.view(None)["players"][2]["city"] == "VIS"
    act(state, "1: propose 2 give BL", "2: accept 2")
    assert state.view(None)["players"][2]["city"] == "ROS"
    assert beans_of(state, 2) == {"FE": 2, "BL": 1}


def test_trades_only_with_the_active_player_in_the_same_city() -> None:
    """« Les haricots sont échangés entre les partenaires commerciaux qui se trouvent dans
    la même ville »; every deal involves the player whose turn it is; between players
    in the same city, a plain trade moves nobody, and must move some bean."""
    state = rostock()
    act(state, "1: propose 2 want FE buy SA", "2: accept 1")
    act(state, "1: pass", "2: pass")
    assert "active player" in refused(state, "3: propose 2 give BL")
    state = rostock()
    act(state, "1: propose 2 want FE", "2: accept 1", "1: pass")
    assert "moves nothing" in refused(state, "2: propose 1")
    act(state, "2: propose 1 give FE want BL,BL")
    events = act(state, "1: accept 2")
    assert "invited" not in names(events)


def test_trades_any_ratio_of_beans_only() -> None:
    """« Chaque type d'échange est permis, il est par exemple possible d'échanger à 1:1, 1:2
    ou 3:2 » ; « On ne peut commercer qu'avec des haricots »: deals name beans only."""
    state = rostock()
    act(state, "1: propose 2 give BL,BL,BL want FE,FE", "2: accept 1")
    assert beans_of(state, 1) == {"RO": 1, "SA": 1, "FE": 2}
    assert "give" in refused(state, "1: propose 0 give T1", kind=ValueError)


def test_proposals_per_turn_are_bounded() -> None:
    """Turn-based negotiation: at most ``max_proposals_per_turn`` proposals a trade phase
    for the whole table with ``proposal_allowance=shared`` (version 1's rule); the
    active player cannot pass once everyone has passed since the last proposal."""
    state = rostock()
    data = state.to_json()
    data["options"]["max_proposals_per_turn"] = 1
    data["options"]["proposal_allowance"] = "shared"
    state = load(data)
    assert len(state.proposals(1)) > 0
    act(state, "1: propose 2 want FE", "2: decline 1")
    assert len(state.proposals(1)) == 0
    assert "used up" in refused(state, "1: propose 2 want FE")
    act(state, "1: pass")
    assert len(state.proposals(2)) == 0  # the table's one proposal is made
    act(state, "2: pass", "3: pass", "0: pass")
    assert "1: pass" not in legal(state, 1) and "1: end-trading" in legal(state, 1)


def test_each_seat_has_its_own_allowance_of_proposals() -> None:
    """Issue 22: « each seat gets its own allowance in a turn » (the default,
    ``proposal_allowance=per_seat``): once the active player has used its proposals,
    the others still have theirs."""
    state = rostock()
    data = state.to_json()
    data["options"]["max_proposals_per_turn"] = 1
    state = load(data)
    assert state.options.proposal_allowance == "per_seat"
    act(state, "1: propose 2 want FE", "2: decline 1")
    assert "seat 1's proposals of this turn are used up" in refused(state, "1: propose 2 want FE")
    act(state, "1: pass")
    assert len(state.proposals(2)) > 0
    act(state, "2: propose 1 give FE want BL", "1: decline 2")
    assert [p["proposals_made"] for p in state.view(None)["players"]] == [0, 1, 1, 0]
    assert [p["proposals_left"] for p in state.view(None)["players"]] == [1, 0, 0, 1]
    assert "used up" in refused(state, "2: propose 1 give FE want RO")


def test_generated_proposals_pass_check() -> None:
    state = rostock()
    space = state.proposals(1)
    for i in range(0, len(space), max(1, len(space) // 50)):
        state.check(space[i])


def test_counter_replaces_the_proposal() -> None:
    state = rostock()
    act(state, "1: propose 2 want FE,FE")
    events = act(state, "2: counter 1 give FE want BL")
    assert events[0].to_json(None)["counter_to"] == 1 and state.to_act() == (1,)
    act(state, "1: accept 2")
    assert beans_of(state, 2) == {"FE": 1, "BL": 1}


