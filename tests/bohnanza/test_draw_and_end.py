"""Phase 4 ("Quatrième action"), run-outs and reshuffles, and "Fin du jeu"."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    act,
    active,
    discard,
    draw_pile,
    event_kinds,
    face_up,
    fields,
    hand,
    legal,
    phase,
    position,
    propose,
    public,
    refused,
    runouts,
    talers,
    trade_area,
)


def test_phase_4_draws_three_cards_to_the_back_in_order() -> None:
    """« Le joueur pioche, une par une, trois cartes de haricot qu'il ajoute à sa main. Ces
    nouvelles cartes sont placées derrières toutes les autres. Elles doivent être placées en
    main dans l'ordre dans lequel elles ont été piochées. »"""
    s = position(hands=["BL SA", "FE", "AU"], trade=["RO"], phase="plant_traded",
                 draw="SO AU GA BR FE")
    events = act(s, "0: plant RO 0")
    assert hand(s, 0) == ["BL", "SA", "SO", "AU", "GA"]
    assert draw_pile(s)[0] == "BR"
    drew = [e for e in events if e["event"] == "drew"]
    assert drew == [{"event": "drew", "seat": 0, "count": 3}]


@pytest.mark.parametrize(("players", "seat"), [(3, 0), (3, 2), (4, 3), (5, 1)])
def test_next_player_clockwise_takes_the_turn(players: int, seat: int) -> None:
    """« C'est ensuite au tour du joueur suivant, dans le sens des aiguilles d'une montre. »"""
    trade = [""] * players
    trade[seat] = "RO"
    s = position(players, hands=["BL"] * players, trade=trade, phase="plant_traded",
                 active=seat, turn=7)
    act(s, f"{seat}: plant RO 0")
    assert active(s) == (seat + 1) % players
    assert phase(s) == "plant"
    assert public(s)["turn"] == 8
    assert s.to_act() == ((seat + 1) % players,)


@pytest.mark.parametrize("before", [0, 1])
def test_discard_becomes_the_new_draw_pile_when_the_draw_runs_out(before: int) -> None:
    """« La défausse est mélangée pour former une nouvelle pioche, dès que cette dernière est
    épuisée. » (during the draw of phase 4; after the first and the second run-out)"""
    s = position(hands=["BL", "FE", "AU"], trade=["RO"], phase="plant_traded", draw="SO AU",
                 discard="BR BR GA", rest=2, runouts=before)
    events = act(s, "0: plant RO 0")
    assert runouts(s) == before + 1
    assert discard(s) == []
    assert hand(s, 0)[:3] == ["BL", "SO", "AU"]
    assert sorted(hand(s, 0)[3:] + draw_pile(s)) == ["BR", "BR", "GA"]
    assert len(draw_pile(s)) == 2
    assert {"event": "ran_out", "runouts": before + 1, "reshuffled": 3} in events
    assert active(s) == 1


def test_run_out_counted_the_moment_the_last_card_is_drawn() -> None:
    """« La défausse est mélangée pour former une nouvelle pioche, dès que cette dernière est
    épuisée. » (decision 6: counted when the last card is drawn, shuffled at once) — here
    the second face-up card already comes from the new draw pile."""
    s = position(hands=["RO"], draw="SO", discard="BR BR", rest=2)
    act(s, "0: plant 0")
    assert runouts(s) == 1
    assert face_up(s) == ["SO", "BR"]
    assert draw_pile(s) == ["BR"]
    assert discard(s) == []


def _last_reveal(draw: str, **kw: Any) -> Any:
    """Seat 0 in phase 1 after two run-outs, with ``draw`` left to reveal."""
    kw.setdefault("rest", "discard")
    return position(hands=["RO BL", "AU SA", "FE"], fields=["- -", "- -", "- -"],
                    runouts=2, draw=draw, **kw)


def test_third_run_out_during_the_reveal_finishes_trading_and_planting_then_ends() -> None:
    """« Si la pioche est épuisée pour la troisième fois pendant la deuxième action d'un
    joueur, on conclut encore la phase de marchandage et de plantation, puis le jeu
    s'arrête. »"""
    s = _last_reveal("SO GA")
    act(s, "0: plant 0", "0: end-planting")
    assert runouts(s) == 3
    assert public(s)["last_runout_reached"] is True
    assert face_up(s) == ["SO", "GA"]
    assert phase(s) == "trade"
    propose(s, "0: propose 1 give f0 want AU", "1: accept {pid} give h0")
    act(s, "0: close-trading", "0: plant GA 1", "0: harvest 0", "0: plant AU 0")
    assert not s.is_over
    events = act(s, "1: plant SO 0")
    assert s.is_over
    assert "drew" not in event_kinds(events)
    assert hand(s, 0) == ["BL"]
    assert s.to_act() == ()


def test_third_run_out_on_the_first_reveal_card_leaves_one_card_face_up() -> None:
    """« Si la pioche est épuisée pour la troisième fois pendant la deuxième action d'un
    joueur, on conclut encore la phase de marchandage et de plantation » (decision 6: the
    cards revealed so far stay)."""
    s = _last_reveal("SO")
    act(s, "0: plant 0", "0: end-planting")
    assert face_up(s) == ["SO"]
    assert phase(s) == "trade"
    act(s, "0: close-trading")
    assert trade_area(s, 0) == ["SO"]
    act(s, "0: plant SO 1")
    assert s.is_over
    assert hand(s, 0) == ["BL"]


@pytest.mark.parametrize("left", ["SO", "SO AU", "SO AU BL"])
def test_third_run_out_during_the_draw_ends_the_game_at_once(left: str) -> None:
    """« Si la pioche est épuisée lors de la quatrième action, le jeu est immédiatement
    terminé. »"""
    s = position(hands=["BL", "FE", "AU"], fields=["- -", "SA3 -", "- -"], trade=["RO"],
                 phase="plant_traded", runouts=2, draw=left, rest="discard")
    events = act(s, "0: plant RO 0")
    assert s.is_over
    assert runouts(s) == 3
    assert "turn_started" not in event_kinds(events)
    assert event_kinds(events)[-1] == "game_ended"
    assert s.to_act() == ()
    assert public(s)["result"] is not None


@pytest.mark.parametrize("before", [0, 1])
def test_empty_discard_counts_the_next_run_out_at_once_during_the_draw(before: int) -> None:
    """Decision 6: « If the discard pile is empty when it should be shuffled, the new draw
    pile is empty and that counts as the next run-out at once. »"""
    s = position(hands=["BL", "FE", "AU"], trade=["RO"], phase="plant_traded",
                 runouts=before, draw="SO", rest=2)
    events = act(s, "0: plant RO 0")
    assert [e["runouts"] for e in events if e["event"] == "ran_out"] == list(range(before + 1, 4))
    assert s.is_over


def test_empty_discard_counts_the_next_run_out_at_once_during_the_reveal() -> None:
    """Decision 6: an empty discard pile makes the next run-out at once — here the third,
    during the reveal: trading and planting are still played out."""
    s = position(hands=["RO BL", "AU SA", "FE"], runouts=1, draw="SO", rest=2)
    act(s, "0: plant 0", "0: end-planting")
    assert runouts(s) == 3
    assert face_up(s) == ["SO"]
    assert phase(s) == "trade"
    act(s, "0: close-trading", "0: plant SO 1")
    assert s.is_over


def _final_turn(**kw: Any) -> Any:
    """Seat 0 plants its last traded Rote; the draw that follows is the third run-out."""
    kw.setdefault("hands", ["BL", "FE", "AU"])
    return position(trade=["RO"], phase="plant_traded", runouts=2, draw="SO AU BL",
                    rest="discard", **kw)


def test_final_sale_sells_every_field_without_bean_protection() -> None:
    """« Chaque joueur peut alors encore vendre ses champs. » (decision 7: every field is
    sold; decision 3: bean protection does not apply then)."""
    s = _final_turn(fields=["- BL6", "SO1 AU5", "GA3 - BR7"])
    events = act(s, "0: plant RO 0")
    assert s.is_over
    for seat in range(3):
        assert all(count == 0 for _, count in fields(s, seat))
    assert [talers(s, seat) for seat in range(3)] == [2, 3, 3 + 4]
    sold = ["RO", *["BL"] * 4, "SO", "AU", "AU", *["BR"] * 3]
    assert sorted(discard(s)[-len(sold):]) == sorted(sold)
    sales = [e for e in events if e["event"] == "harvested"]
    assert all(e["final"] for e in sales)
    assert len(sales) == 6


def test_cards_in_hand_count_nothing() -> None:
    """« Les cartes en main ne comptent pas. »"""
    s = _final_turn(hands=["BL", "FE FE FE FE FE FE FE FE", "AU"], talers=[0, 1, 2])
    act(s, "0: plant RO 0")
    result = s.result()
    assert result.scores == (0, 1, 2)
    assert result.winners == (2,)


def test_most_talers_wins() -> None:
    """« Celui qui a le plus de talers a gagné. »"""
    s = _final_turn(fields=["- -", "AU4 -", "- -"], talers=[3, 2, 3])
    act(s, "0: plant RO 0")
    assert s.result().scores == (3, 4, 3)
    assert s.result().winners == (1,)
    assert public(s)["result"]["winners"] == [1]


def test_players_tied_for_most_talers_share_the_win() -> None:
    """Decision 7: « players tied for most share the win (the texts give no tie-break) »."""
    s = _final_turn(hands=["BL", "FE FE FE", "AU"], talers=[1, 4, 4])
    act(s, "0: plant RO 0")
    assert s.result().winners == (1, 2)


@pytest.mark.parametrize(("hands", "winners"), [
    (["BL", "FE FE FE", "AU"], (1,)),
    (["BL", "FE", "AU AU AU"], (2,)),
    (["BL", "FE FE", "AU AU"], (1, 2)),
])
def test_tie_break_option_most_cards_in_hand(hands: list[str], winners: tuple[int, ...]) -> None:
    """Decision 7: option ``tie_break=most_cards_in_hand`` breaks a tie for most talers."""
    s = _final_turn(hands=hands, talers=[1, 4, 4], tie_break="most_cards_in_hand")
    act(s, "0: plant RO 0")
    assert s.result().winners == winners


def test_nothing_can_be_done_after_the_end() -> None:
    """« Si la pioche est épuisée lors de la quatrième action, le jeu est immédiatement
    terminé. »"""
    s = _final_turn(fields=["- -", "AU2 -", "- -"], talers=[3, 3, 3])
    act(s, "0: plant RO 0")
    for seat in range(3):
        assert legal(s, seat) == set()
        assert len(s.proposals(seat)) == 0
    refused(s, "1: buy-field")
    refused(s, "0: close-trading")
