"""A trick ("DÉROULEMENT"): the lead, the face-down plays, the reveal, the chain of taking."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from bohnen.ndb import NdbState
from bohnen.ndb.events import NdbEvent
from bohnen.ndb.view_types import AnyView

from .helpers import (
    GAME,
    JSON,
    act,
    deal,
    hand,
    legal,
    play_randomly,
    public,
    random_game,
    refused,
    rows,
    spectator,
    table_cards,
)

VIEWERS: list[int | None] = [0, 1, 2, 3, None]


def four_seats() -> NdbState:
    """Four players; seat 0 holds R7, seat 1 B3 and G5, seat 2 Y2, seat 3 G9."""
    return deal(["R7", "B3 G5", "Y2", "G9"], players=4, seed=2)


def revealed_four() -> NdbState:
    """:func:`four_seats` after 0 leads R7 and the others play B3, Y2, G9."""
    state = four_seats()
    act(state, "0: play R7", "1: play B3", "2: play Y2", "3: play G9")
    return state


def seen_by(state: NdbState, events: list[NdbEvent],
            viewer: int | None) -> tuple[AnyView, list[tuple[JSON, str]]]:
    """The view of ``viewer`` and the events as ``viewer`` sees them (JSON and text)."""
    return state.view(viewer), [(e.to_json(viewer), e.text(viewer)) for e in events]


# --- the lead and the face-down plays ---------------------------------------------------


def test_token_holder_starts() -> None:
    """« Le joueur devant lequel se trouve le jeton commence. »"""
    state = four_seats()
    assert state.to_act() == (0,)
    assert "token" in refused(state, "1: play B3")


def test_token_holder_plays_face_up_under_the_token() -> None:
    """« Il choisit une carte dans son jeu et la pose devant lui, face visible. Il pose le
    jeton dessus. »"""
    state = four_seats()
    events = act(state, "0: play R7")
    for viewer in VIEWERS:
        view, said = seen_by(state, events, viewer)
        assert table_cards(view)[0] == "R7"
        assert said == [({"event": "led", "seat": 0, "card": "R7"},
                         "Seat 0 plays red 7 face up under the token.")]
        assert view["token"] == 0
    assert "R7" not in hand(state, 0)
    assert public(state)["players"][0]["hand_size"] == 14


def test_others_play_face_down_in_any_order() -> None:
    """« Les autres joueurs choisissent dans leur jeu respectif une carte qu'ils posent,
    face cachée, devant eux. » — all at the same time: any order gives the same
    position."""
    outcomes = []
    for order in itertools.permutations([(1, "B3"), (2, "Y2"), (3, "G9")]):
        state = four_seats()
        act(state, "0: play R7")
        assert state.to_act() == (1, 2, 3)
        for seat, card in order:
            assert seat in state.to_act()
            act(state, f"{seat}: play {card}")
            assert seat not in state.to_act()
        outcomes.append(state.to_json())
    assert all(o == outcomes[0] for o in outcomes)
    assert outcomes[0]["table"] == ["R7", "B3", "Y2", "G9"]


def test_the_seats_to_play_kept_by_the_rules_are_those_the_table_gives() -> None:
    # The state keeps a bit per seat to play (the lead's token holder, then those that
    # have not played); the audit refuses a state whose bits disagree with the table.
    state = four_seats()
    act(state, "0: play R7", "2: play Y2")
    assert state.to_act() == (1, 3)
    state.audit()
    broken = state.clone()
    broken.playing = 0b0010  # seat 3 has not played either
    with pytest.raises(AssertionError, match="seats marked to play"):
        broken.audit()


def test_each_player_plays_one_card_per_trick() -> None:
    """« Les autres joueurs choisissent dans leur jeu respectif une carte » — one each."""
    state = four_seats()
    act(state, "0: play R7", "1: play B3")
    assert state.legal_actions(1) == []
    assert "played" in refused(state, "1: play G5")
    assert "played" in refused(state, f"0: play {hand(state, 0)[0]}")


def test_no_seat_learns_a_face_down_card_before_all_are_played() -> None:
    """« Ces cartes devront être retournées toutes en même temps, une fois que tous les
    joueurs seront prêts. » — until then, seat 1 playing B3 or G5 looks the same to
    every other seat and to a spectator (views and events, JSON and text)."""
    state = four_seats()
    act(state, "0: play R7", "2: play Y2")
    first, second = state.clone(), state.clone()
    events_b3 = act(first, "1: play B3")
    events_g5 = act(second, "1: play G5")
    for viewer in (0, 2, 3, None):
        assert seen_by(first, events_b3, viewer) == seen_by(second, events_g5, viewer)
        assert table_cards(first.view(viewer))[1] is None
        assert 1 in first.view(viewer)["played"]
    assert table_cards(first.view(1))[1] == "B3"
    assert events_b3[0].to_json(1)["card"] == "B3"
    assert "B3" not in str(spectator(events_b3))


def test_face_down_cards_are_turned_up_all_at_once() -> None:
    """« Ces cartes devront être retournées toutes en même temps » — when the last is
    played, every seat sees every card; then the players take."""
    state = four_seats()
    act(state, "0: play R7", "1: play B3", "2: play Y2")
    assert public(state)["phase"] == "play"
    events = act(state, "3: play G9")
    for viewer in VIEWERS:
        assert table_cards(state.view(viewer)) == ["R7", "B3", "Y2", "G9"]
        assert events[-1].to_json(viewer) == {"event": "revealed",
                                              "cards": ["R7", "B3", "Y2", "G9"]}
    assert public(state)["phase"] == "take"


# --- the chain of taking --------------------------------------------------------------


def test_token_holder_takes_first_never_its_own_card() -> None:
    """« Le joueur qui a le jeton choisit le premier. Il n'a pas le droit de choisir la
    carte qu'il a lui-même posée. »"""
    state = revealed_four()
    assert state.to_act() == (0,)
    assert legal(state, 0) == {"0: take 1", "0: take 2", "0: take 3"}
    assert all(legal(state, seat) == set() for seat in (1, 2, 3))
    refused(state, "0: take 0")
    assert "turn" in refused(state, "2: take 1")


def test_player_whose_card_was_taken_takes_next() -> None:
    """« Le joueur dont la carte vient d'être choisie par le premier joueur choisit à son
    tour. Il ne peut pas prendre la carte placée sous le jeton et il ne peut pas
    reprendre sa propre carte. »"""
    state = revealed_four()
    events = act(state, "0: take 2")
    assert spectator(events) == [{"event": "took", "seat": 0, "owner": 2, "card": "Y2",
                                  "token": False}]
    assert state.to_act() == (2,)
    assert legal(state, 2) == {"2: take 1", "2: take 3"}
    assert "token" in refused(state, "2: take 0")
    refused(state, "2: take 2")
    assert "turn" in refused(state, "1: take 3")


def test_nobody_takes_back_their_own_card() -> None:
    """« Aucun joueur ne peut reprendre sa propre carte »"""
    state = revealed_four()
    assert "own card" in refused(state, "0: take 0")
    act(state, "0: take 1")
    refused(state, "1: take 1")
    for seed in range(4):
        _, events = random_game(3 + seed, seed)
        takes = [e for e in spectator(events) if e["event"] == "took"]
        assert takes and all(t["seat"] != t["owner"] for t in takes)


def test_a_taken_card_cannot_be_taken_again() -> None:
    """« Le joueur dont la carte vient d'être choisie … choisit à son tour » — among the
    cards still on the table."""
    state = deal(["R7", "B3", "Y2", "G9", "B5"], players=5, seed=1)
    act(state, "0: play R7", "1: play B3", "2: play Y2", "3: play G9", "4: play B5",
        "0: take 3", "3: take 1")
    assert legal(state, 1) == {"1: take 2", "1: take 4"}
    assert "taken already" in refused(state, "1: take 3")


def test_only_the_last_player_takes_the_token_card_and_the_token() -> None:
    """« C'est logiquement le dernier joueur qui récupère la carte posée sous le
    jeton. »"""
    state = revealed_four()
    events = act(state, "0: take 3", "3: take 1")
    assert spectator(events)[-2:] == [
        {"event": "took", "seat": 1, "owner": 2, "card": "Y2", "token": False},
        {"event": "took", "seat": 2, "owner": 0, "card": "R7", "token": True},
    ]
    assert public(state)["token"] == 2
    assert rows(state, 2)[1] == ["R7"]


def test_forced_takes_are_made_by_the_engine() -> None:
    """« Chaque joueur est obligé de prendre une carte » — with three players, once the
    token holder has chosen the rest follows."""
    state = deal(["R7", "B3", "Y2"], players=3)
    act(state, "0: play R7", "1: play B3", "2: play Y2")
    events = act(state, "0: take 2")
    took = [(e["seat"], e["owner"], e["token"]) for e in spectator(events)]
    assert took[:3] == [(0, 2, False), (2, 1, False), (1, 0, True)]
    assert public(state)["phase"] == "lead"
    refused(state, "2: take 1")


def test_trick_ends_when_every_player_has_taken_one_card() -> None:
    """« Le tour se termine lorsque tous les joueurs ont pris une carte » — and every
    card on the table is taken, each by one player."""
    for players in (3, 4, 5, 6):
        _, events = random_game(players, seed=40 + players)
        tricks = split_tricks(spectator(events))
        assert len(tricks) == 3 * 60 // players
        for trick in tricks:
            takes = [e for e in trick if e["event"] == "took"]
            assert sorted(t["seat"] for t in takes) == list(range(players))
            assert sorted(t["owner"] for t in takes) == list(range(players))


def split_tricks(events: list[JSON]) -> list[list[JSON]]:
    """The events from each lead up to (not including) the next."""
    tricks: list[list[JSON]] = []
    for event in events:
        if event["event"] == "led":
            tricks.append([])
        if tricks:
            tricks[-1].append(event)
    return tricks


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_chain_in_random_games(players: int) -> None:
    """The whole chain: the token holder takes first; each next taker is the player whose
    card was just taken; the token card goes last, to the last taker; the player who
    gets the token leads the next trick (« Le joueur qui récupère le jeton commence le
    prochain tour »)."""
    _, events = random_game(players, seed=players)
    tricks = split_tricks(spectator(events))
    for trick, following in zip(tricks, [*tricks[1:], []], strict=True):
        leader = trick[0]["seat"]
        takes = [e for e in trick if e["event"] == "took"]
        assert takes[0]["seat"] == leader
        for before, after in itertools.pairwise(takes):
            assert after["seat"] == before["owner"]
        assert [t["token"] for t in takes] == [False] * (players - 1) + [True]
        assert takes[-1]["owner"] == leader
        if following and not any(e["event"] == "round_scored" for e in trick):
            assert following[0]["seat"] == takes[-1]["seat"]


def past_trick(trick: int) -> Callable[[Any], bool]:
    """Whether a state is past trick number ``trick``."""

    def done(state: Any) -> bool:
        number = public(state)["turn"]
        return number > trick

    return done


def test_each_trick_lays_one_more_card_before_each_player() -> None:
    """« A l'issue du second tour, chaque joueur aura posé deux cartes. Au troisième tour
    trois cartes, etc. »"""
    state = GAME.new_game(GAME.options(4), seed=9)
    rng = random.Random(9)
    for trick in range(1, 4):
        play_randomly(state, rng, until=past_trick(trick))
        for seat in range(4):
            assert sum(len(r) for r in rows(state, seat)) == trick
            assert public(state)["players"][seat]["hand_size"] == 15 - trick
