"""Phase 2, "Deuxième action: marchander et faire des cadeaux", and its protocol."""

from __future__ import annotations

from typing import Any

import pytest

from bohnen.core import GameError

from .helpers import (
    GAME,
    act,
    allowed,
    deal,
    draw_pile,
    event_kinds,
    face_up,
    fields,
    hand,
    last_pid,
    legal,
    open_pids,
    phase,
    player,
    position,
    propose,
    refused,
    trade_area,
)

MODES = ["open", "turn_based"]


def market(trading: str = "open", **options: Any) -> Any:
    """Seat 0 is active in phase 2 with a Soja and a Gartenbohne face up."""
    if trading == "open":
        options.setdefault("max_proposals_per_turn", None)
    return position(hands=["BL RO FE", "RO SA AU", "RO BR SA"],
                    fields=["GA1 -", "RO2 -", "- -"], face_up="SO GA", phase="trade",
                    trading=trading, **options)


def test_reveal_turns_up_the_two_top_cards_for_all_to_see() -> None:
    """« Le joueur prend deux cartes dans la pioche et les place côté haricot vers la haut au
    milieu de la table, en vue de tous. »"""
    s = deal(["RO BL AU FE SA", "GA SO BR BL FE", "SA AU RO GA BR"], "SO GA BR")
    size = len(draw_pile(s))
    act(s, "0: plant 0", "0: end-planting")
    assert phase(s) == "trade"
    for viewer in (None, 0, 1, 2):
        assert s.view(viewer)["face_up"] == ["SO", "GA"]
    assert draw_pile(s)[0] == "BR"
    assert len(draw_pile(s)) == size - 2


@pytest.mark.parametrize("trading", MODES)
def test_active_player_may_keep_both_face_up_cards_and_must_plant_them(trading: str) -> None:
    """« Le joueur a le droit de garder ces deux cartes. Il doit alors les planter dans ses
    champs au cours de la troisième action. »"""
    s = market(trading)
    act(s, "0: close-trading")
    assert phase(s) == "plant_traded"
    assert sorted(trade_area(s, 0)) == ["GA", "SO"]
    assert face_up(s) == []
    assert "0: plant GA 0" in legal(s, 0)


@pytest.mark.parametrize("trading", MODES)
def test_rules_example_keep_the_garten_offer_the_soja_for_a_rote(trading: str) -> None:
    """« Exemple: Un "Sojabohne" et un "Gartenbohne" sont retournés. Le joueur décide de garder
    le "Gartenbohne", mais propose le "Sojabohne" aux autres joueurs, car il ne correspond
    aux types de haricots de ses champs. Il demande ainsi: "Quelqu'un est-il intéressé par un
    Sojabohne? En échange, j'aimerais bien un Rote Bohne." »"""
    s = market(trading)
    act(s, "0: propose 1 give f0 want RO")
    act(s, f"1: accept {last_pid(s)} give h0")
    assert trade_area(s, 1) == ["SO"]
    assert trade_area(s, 0) == ["RO"]
    assert face_up(s) == ["GA"]
    assert hand(s, 1) == ["SA", "AU"]
    act(s, "0: close-trading")
    assert sorted(trade_area(s, 0)) == ["GA", "RO"]


def test_rules_example_soja_on_the_table_plus_a_blaue_from_the_hand_for_a_rote() -> None:
    """« En plus des cartes retournées, il peut aussi offrir des cartes de sa main. Exemple:
    "Bon, alors le Sojabohne sur la table plus un Blaue Bohne de ma main pour un Rote
    Bohne." »"""
    s = market()
    propose(s, "0: propose 2 give h0,f0 want RO", "2: accept {pid} give h0")
    assert sorted(trade_area(s, 2)) == ["BL", "SO"]
    assert trade_area(s, 0) == ["RO"]
    assert hand(s, 0) == ["RO", "FE"]
    assert hand(s, 2) == ["BR", "SA"]


@pytest.mark.parametrize("trading", MODES)
def test_trade_between_two_non_active_players_is_refused(trading: str) -> None:
    """« De manière générale, les échanges ne sont permis qu'avec le joueur dont c'est le
    tour. »"""
    s = market(trading)
    if trading == "turn_based":
        act(s, "0: pass")
    assert allowed(s, "1: propose 0 give h1 want RO")
    message = refused(s, "1: propose 2 give h1 want BR")
    assert "active" in message
    assert all(p.to == 0 for p in s.proposals(1))


def test_non_active_player_gift_goes_only_to_the_active_player() -> None:
    """« Les autres joueurs ne peuvent offrir que des cartes de leur main et forcément au
    joueur dont c'est le tour. »"""
    s = market()
    refused(s, "1: propose 2 give h1")
    propose(s, "1: propose 0 give h1", "0: accept {pid}")
    assert trade_area(s, 0) == ["SA"]
    assert hand(s, 1) == ["RO", "AU"]


def test_non_active_players_offer_hand_cards_only() -> None:
    """« Les autres joueurs ne peuvent échanger que des cartes de leur main. »"""
    s = market()
    refused(s, "1: propose 0 give f0 want BL")
    act(s, "0: propose 1 give h0 want SO")
    refused(s, f"1: accept {last_pid(s)} give f0")
    nonactive = list(s.proposals(1))
    assert nonactive
    assert all(not p.face_up for p in nonactive)


def test_active_player_may_pay_with_a_face_up_card() -> None:
    """« En plus des cartes retournées, il peut aussi offrir des cartes de sa main. » — the
    active player may also give a face-up card when answering."""
    s = market()
    propose(s, "1: propose 0 give h2 want GA", "0: accept {pid} give f1")
    assert trade_area(s, 1) == ["GA"]
    assert trade_area(s, 0) == ["AU"]
    assert face_up(s) == ["SO"]


def test_several_cards_may_be_traded_for_a_single_one() -> None:
    """« On peut très bien échanger plusieurs cartes contre une seule. » ; summary: « Les
    nombres de cartes échangées ne sont pas forcément égaux. »"""
    s = market()
    propose(s, "1: propose 0 give h0,h1,h2 want GA", "0: accept {pid} give f1")
    assert sorted(trade_area(s, 0)) == ["AU", "RO", "SA"]
    assert trade_area(s, 1) == ["GA"]
    assert hand(s, 1) == []
    propose(s, "0: propose 2 give f0 want RO,BR,SA", "2: accept {pid} give h0,h1,h2")
    assert trade_area(s, 2) == ["SO"]
    assert len(trade_area(s, 0)) == 6


def test_traded_cards_lie_apart_from_the_fields() -> None:
    """« Les cartes échangées sont posées devant chaque joueur, bien distinctes de celles qui
    sont dans des champs. »"""
    s = market()
    propose(s, "0: propose 1 give f0 want RO", "1: accept {pid} give h0")
    assert fields(s, 0) == [("GA", 1), (None, 0)]
    assert fields(s, 1) == [("RO", 2), (None, 0)]
    for viewer in (None, 2):
        assert s.view(viewer)["players"][1]["trade_area"] == ["SO"]


def test_received_cards_cannot_go_to_the_hand() -> None:
    """« Elles ne peuvent pas être prises en main »"""
    s = market()
    propose(s, "0: propose 1 give f0 want RO", "1: accept {pid} give h0")
    assert hand(s, 1) == ["SA", "AU"]
    assert player(s, 1)["hand_size"] == 2
    act(s, "0: close-trading")
    act(s, "0: plant RO 1")
    assert hand(s, 1) == ["SA", "AU"]
    refused(s, "1: plant 0")
    assert "1: plant SO 1" in legal(s, 1)


def test_received_cards_cannot_be_traded_again() -> None:
    """« Elles ne peuvent pas être prises en main, ni incluses dans un autre marchandage. »"""
    s = market()
    propose(s, "0: propose 1 give f0 want RO", "1: accept {pid} give h0")
    act(s, "0: propose 1 give h0 want SO")
    pid = last_pid(s)
    assert not [a for a in legal(s, 1) if a.startswith(f"1: accept {pid}")]
    refused(s, f"1: accept {pid} give h0")
    refused(s, f"1: accept {pid} give h1")
    refused(s, "1: propose 0 give h2")
    act(s, f"1: decline {pid}")
    assert len(hand(s, 0)) == 3
    refused(s, "0: propose 2 give h3 want BR")
    assert trade_area(s, 0) == ["RO"]


def test_hand_order_kept_during_trading_the_rest_closes_up() -> None:
    """« Attention: même pendant le marchandage, les joueurs n'ont pas le droit de modifier
    l'ordre des cartes de leur main. » (decision 9: a card leaves from its position and the
    rest close up)."""
    s = position(hands=["BL RO FE SA AU", "RO SA AU GA SO"], fields=["- -"] * 3,
                 face_up="SO GA", phase="trade", trading="open", max_proposals_per_turn=None)
    propose(s, "0: propose 1 give h1,h3 want SA", "1: accept {pid} give h1")
    assert hand(s, 0) == ["BL", "FE", "AU"]
    assert hand(s, 1) == ["RO", "AU", "GA", "SO"]


def test_cards_given_from_a_hand_do_not_show_its_order() -> None:
    """Decision 13: the order of a hand is private. Cards given from a hand arrive in the
    receiver's trade area, and in the trade's event, sorted by bean, not in the giver's
    hand order: the same trade from two hands in opposite orders looks the same."""
    seen = []
    for cards in ("SO BL AU", "AU BL SO"):
        s = position(hands=["RO", cards, "SA"], face_up="SO GA", phase="trade")
        act(s, "0: propose 1 give f0 want BL,AU")
        given = ",".join(f"h{i}" for i, c in enumerate(cards.split()) if c in ("BL", "AU"))
        events = act(s, f"1: accept {last_pid(s)} give {given}")
        traded = next(e for e in events if e["event"] == "traded")
        seen.append((traded["received"], trade_area(s, 0)))
    assert seen[0] == seen[1] == (["BL", "AU"], ["BL", "AU"])


def test_any_card_of_the_hand_may_be_traded_whatever_its_position() -> None:
    """« Par contre, n'importe quelle carte peut être inclue dans un échange, quelle que soit
    sa position dans la main. »"""
    s = market()
    propose(s, "1: propose 0 give h2 want BL", "0: accept {pid} give h0")
    assert trade_area(s, 0) == ["AU"]
    assert trade_area(s, 1) == ["BL"]


def test_receiver_chooses_which_cards_of_the_wanted_bean_to_give() -> None:
    """Decision 9: « A player names hand cards by position; the other side of a proposal
    names the bean types it wants. » The receiver picks the cards by position."""
    s = position(hands=["BL", "RO SA RO"], fields=["- -"] * 3, face_up="SO GA",
                 phase="trade", trading="open", max_proposals_per_turn=None)
    act(s, "0: propose 1 give f0 want RO")
    pid = last_pid(s)
    assert {f"1: accept {pid} give h0", f"1: accept {pid} give h2"} <= legal(s, 1)
    refused(s, f"1: accept {pid} give h1")
    refused(s, f"1: accept {pid} give h0,h2")
    act(s, f"1: accept {pid} give h2")
    assert hand(s, 1) == ["RO", "SA"]


def test_cards_leave_the_hand_only_when_the_deal_is_made() -> None:
    """« Les cartes que l'on veut échanger ne doivent être sortie de la main qu'au moment où
    l'affaire est conclue et pas avant. »"""
    s = market()
    act(s, "1: propose 0 give h1 want SO")
    assert hand(s, 1) == ["RO", "SA", "AU"]
    assert trade_area(s, 0) == []
    act(s, f"0: accept {last_pid(s)} give f0")
    assert hand(s, 1) == ["RO", "AU"]
    assert trade_area(s, 0) == ["SA"]


@pytest.mark.parametrize("give", ["f1", "h2"])
def test_active_player_may_give_face_up_or_hand_cards_as_gifts(give: str) -> None:
    """« Durant l'ensemble de la deuxième action, les joueurs peuvent aussi donner en cadeau
    leurs haricots. Le joueur dont c'est le tour peut offrir les cartes retournées ou des
    cartes de sa main. »"""
    s = market()
    act(s, f"0: propose 2 give {give}")
    act(s, f"2: accept {last_pid(s)}")
    assert trade_area(s, 2) == (["GA"] if give == "f1" else ["FE"])
    assert trade_area(s, 0) == []


def test_gifts_may_be_asked_for_in_both_directions() -> None:
    """Decision 9: « gifts in either direction »: a proposal may want cards for nothing."""
    s = market()
    propose(s, "0: propose 2 want BR", "2: accept {pid} give h1")
    assert trade_area(s, 0) == ["BR"]
    propose(s, "1: propose 0 want SO", "0: accept {pid} give f0")
    assert trade_area(s, 1) == ["SO"]


@pytest.mark.parametrize("trading", MODES)
def test_nobody_must_accept_a_gift(trading: str) -> None:
    """« Personne n'est obligé d'accepter un cadeau. »"""
    s = market(trading)
    act(s, "0: propose 1 give f1")
    pid = last_pid(s)
    assert f"1: decline {pid}" in legal(s, 1)
    act(s, f"1: decline {pid}")
    assert open_pids(s) == []
    assert face_up(s) == ["SO", "GA"]
    assert trade_area(s, 1) == []


@pytest.mark.parametrize("trading", MODES)
def test_trading_continues_after_both_face_up_cards_are_gone(trading: str) -> None:
    """« Il est possible de continuer à marchander même après que les deux cartes retournées
    aient trouvé preneur. » Several trades are made in one turn."""
    s = market(trading)
    propose(s, "0: propose 1 give f0 want RO", "1: accept {pid} give h0")
    propose(s, "0: propose 2 give f0 want BR", "2: accept {pid} give h1")
    assert face_up(s) == []
    assert phase(s) == "trade"
    propose(s, "0: propose 2 give h0 want SA", "2: accept {pid} give h1")
    assert sorted(trade_area(s, 0)) == ["BR", "RO", "SA"]
    assert sorted(trade_area(s, 2)) == ["BL", "GA"]


@pytest.mark.parametrize("trading", MODES)
def test_only_the_active_player_closes_trading(trading: str) -> None:
    """« L'action s'arrête quand plus personne ne veut échanger, ni offrir de haricot. »
    (decision 9: « Phase 2 ends when the active player closes it. »)"""
    s = market(trading)
    if trading == "turn_based":
        act(s, "0: pass")
    refused(s, "1: close-trading")
    if trading == "turn_based":
        act(s, "1: pass", "2: pass")
    act(s, "0: close-trading")
    assert phase(s) == "plant_traded"


def test_proposal_is_only_an_offer_promises_bind_nobody() -> None:
    """« Les joueurs peuvent se faire toutes les promesses qu'ils veulent et ne sont pas
    obligés de les tenir. » Only an accepted proposal moves cards; until then the
    proposer may withdraw it (open trading)."""
    s = market()
    act(s, "0: propose 1 give f0 want RO")
    pid = last_pid(s)
    refused(s, f"1: withdraw {pid}")
    act(s, f"0: withdraw {pid}")
    refused(s, f"1: accept {pid} give h0")
    assert face_up(s) == ["SO", "GA"]


def test_counter_closes_the_proposal_and_proposes_back() -> None:
    """Issue 2: « the receiver accepts …, declines, or counters »."""
    s = market("turn_based")
    act(s, "0: propose 1 give f0 want RO")
    first = last_pid(s)
    events = act(s, f"1: counter {first} give h0 want GA")
    assert "proposal_closed" in event_kinds(events)
    second = last_pid(s)
    assert open_pids(s) == [second]
    assert s.to_act() == (0,)
    refused(s, f"1: accept {first} give h0")
    act(s, f"0: accept {second} give f1")
    assert trade_area(s, 1) == ["GA"]
    assert trade_area(s, 0) == ["RO"]


def test_proposals_whose_cards_moved_are_voided() -> None:
    """Decision 9: « a card leaves from its position and the rest close up » — so a
    proposal naming a card by a position that has moved no longer stands."""
    s = market()
    act(s, "0: propose 1 give h1 want SA")
    first = last_pid(s)
    act(s, "0: propose 2 give h2 want BR")
    second = last_pid(s)
    events = act(s, f"1: accept {first} give h1")
    assert {"pid": second, "seat": None, "how": "voided",
            "event": "proposal_closed"} in events
    assert second not in open_pids(s)
    refused(s, f"2: accept {second} give h1")
    assert hand(s, 0) == ["BL", "FE"]


def test_closing_trading_voids_the_open_proposals() -> None:
    """« L'action s'arrête quand plus personne ne veut échanger » — open proposals lapse."""
    s = market()
    act(s, "1: propose 0 give h1 want GA")
    act(s, "0: close-trading")
    assert hand(s, 1) == ["RO", "SA", "AU"]
    assert public_trading(s) is None


def public_trading(s: Any) -> Any:
    return s.view(None)["trading"]


def test_withdraw_only_in_open_trading() -> None:
    """Issue 2: « proposals can be withdrawn » (open mode); in turn-based mode the receiver
    answers at once, so there is no moment to withdraw."""
    s = market("turn_based")
    act(s, "0: propose 1 give f0 want RO")
    refused(s, f"0: withdraw {last_pid(s)}")
    assert s.to_act() == (1,)


def test_turn_based_floor_passes_clockwise_from_the_active_player() -> None:
    """Issue 2, turn-based trading: « a single seat to act at each moment, the floor passing
    around the table »."""
    s = market("turn_based")
    assert s.to_act() == (0,)
    act(s, "0: pass")
    assert s.to_act() == (1,)
    refused(s, "0: propose 1 give f0 want RO")
    act(s, "1: propose 0 give h1 want GA")
    assert s.to_act() == (0,)
    refused(s, "2: pass")
    act(s, f"0: decline {last_pid(s)}")
    assert s.to_act() == (1,)
    act(s, "1: pass")
    assert s.to_act() == (2,)
    act(s, "2: pass")
    assert s.to_act() == (0,)


def test_turn_based_active_player_must_propose_or_close_after_everyone_passed() -> None:
    """Turn-based trading ends: once every seat has passed since the last proposal, the
    active player may not pass again."""
    s = market("turn_based")
    act(s, "0: pass", "1: pass", "2: pass")
    assert s.to_act() == (0,)
    refused(s, "0: pass")
    assert "0: close-trading" in legal(s, 0)
    propose(s, "0: propose 2 give f0 want SA", "2: decline {pid}")
    assert "0: pass" in legal(s, 0)


def test_a_shared_bound_on_proposals_counts_the_whole_table() -> None:
    """Issue 2: turn-based trading has « a bound on proposals per turn so that every game
    ends » (option ``max_proposals_per_turn``); counters count too. With
    ``proposal_allowance=shared`` (version 1's rule) the table shares the bound."""
    s = market("turn_based", max_proposals_per_turn=2, proposal_allowance="shared")
    act(s, "0: propose 1 give f0 want RO")
    act(s, f"1: counter {last_pid(s)} give h1 want GA")
    act(s, f"0: decline {last_pid(s)}")
    refused(s, "0: propose 2 give f0 want BR")
    assert len(s.proposals(0)) == 0
    assert [p["proposals_left"] for p in s.view(None)["players"]] == [0, 0, 0]
    act(s, "0: close-trading")
    assert phase(s) == "plant_traded"


def test_each_seat_has_its_own_allowance_of_proposals() -> None:
    """Issue 22: « each seat gets its own allowance in a turn » (the default,
    ``proposal_allowance=per_seat``): the bots' proposals cannot use up a person's."""
    s = market("turn_based", max_proposals_per_turn=2)
    assert s.options.proposal_allowance == "per_seat"
    act(s, "0: propose 1 give f0 want RO")
    act(s, f"1: counter {last_pid(s)} give h1 want GA")  # seat 1's first
    act(s, f"0: decline {last_pid(s)}")
    act(s, "0: propose 2 give f0 want BR")  # seat 0's second and last
    act(s, f"2: decline {last_pid(s)}")
    assert [p["proposals_made"] for p in s.view(None)["players"]] == [2, 1, 0]
    assert [p["proposals_left"] for p in s.view(None)["players"]] == [0, 1, 2]
    refused(s, "0: propose 3 give f0 want BR")
    assert len(s.proposals(0)) == 0
    act(s, "0: pass")
    act(s, "1: propose 0 give h1 want SO")  # seat 1 still has one of its own
    act(s, f"0: decline {last_pid(s)}")
    refused(s, "1: propose 0 give h1 want BL")
    act(s, "1: pass")
    assert len(s.proposals(2)) > 0  # seat 2 has used none of its two
    act(s, "2: propose 0 give h0 want AU")
    act(s, f"0: decline {last_pid(s)}")
    assert [p["proposals_left"] for p in s.view(None)["players"]] == [0, 0, 1]


def test_the_bound_is_required_in_turn_based_trading() -> None:
    """Issue 2: the bound makes every turn-based game end; only open trading may drop it."""
    with pytest.raises(ValueError, match="max_proposals_per_turn"):
        GAME.options(4, trading="turn_based", max_proposals_per_turn=None)
    assert GAME.options(4, trading="open", max_proposals_per_turn=None).trading == "open"


@pytest.mark.parametrize("trading", MODES)
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_generated_proposals_are_all_legal(trading: str, seat: int) -> None:
    """Issue 2: proposals « come from a generator bounded by size », and each is legal."""
    s = market(trading, proposal_size=2)
    if trading == "turn_based" and seat:
        act(s, *[f"{k}: pass" for k in range(seat)])
    space = s.proposals(seat)
    assert len(space) > 0
    for p in space:
        s.check(p)
        assert seat == 0 or p.to == 0


def test_malformed_or_illegal_proposals_are_errors() -> None:
    """« les échanges ne sont permis qu'avec le joueur dont c'est le tour » and nothing can be
    offered that one does not hold: such proposals are refused and change nothing."""
    s = market()
    for move in ("0: propose 0 give h0 want RO", "0: propose 1 give h9 want RO",
                 "0: propose 1 give f2 want RO", "0: propose 1", "0: propose 1 give t1"):
        before = s.to_json()
        with pytest.raises(GameError):
            s.apply(GAME.parse_action(move))
        assert s.to_json() == before
