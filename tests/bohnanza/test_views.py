"""What each seat sees (decision 13), and that an illegal action changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bohnen.core import GameError, InvalidActionError
from bohnen.core.conformance import choose

from .helpers import GAME, act, deal, last_pid, position, propose

HANDS = ["RO BL AU FE SA", "GA SO BR BL FE", "SA AU RO GA BR"]


def _trading(hand1: str = "RO SA AU", draw: str = "BL FE SA", seed: int = 0) -> Any:
    return position(hands=["BL RO FE", hand1, "RO BR"], fields=["GA1 -", "RO2 -", "- -"],
                    talers=[0, 2, 1], face_up="SO GA", phase="trade", draw=draw,
                    discard="AU AU", trade=["", "", ""], trading="open",
                    max_proposals_per_turn=None, seed=seed)


def test_a_seat_sees_its_own_hand_in_order() -> None:
    """« l'ordre des cartes en main de chaque joueur ne peut jamais être modifié » — and its
    owner sees it (decision 13: « Private: the content and order of each hand (its owner
    sees it). »)"""
    s = deal(HANDS)
    for seat, cards in enumerate(HANDS):
        shown = s.view(seat)["players"][seat]["hand"]
        assert [c[:2].upper() for c in shown] == cards.split()


def test_a_seat_sees_only_the_hand_sizes_of_the_others() -> None:
    """Decision 13: hand sizes are public, the content of the others' hands is not."""
    s = deal(HANDS)
    view = s.view(1)
    for other in (0, 2):
        assert view["players"][other]["hand"] is None
        assert view["players"][other]["hand_size"] == 5


def test_a_spectator_sees_no_hand() -> None:
    """Decision 13: a spectator sees only what is public."""
    s = deal(HANDS)
    view = s.view(None)
    assert all(p["hand"] is None for p in view["players"])
    assert [p["hand_size"] for p in view["players"]] == [5, 5, 5]


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_public_things_are_in_every_view(viewer: int | None) -> None:
    """Decision 13: « Fields, talers (count), hand sizes, the whole discard pile (face up),
    draw-pile size, run-outs so far, face-up cards, trade areas, third fields. »"""
    s = _trading()
    propose(s, "0: propose 1 give f0 want RO", "1: accept {pid} give h0")
    view = s.view(viewer)
    assert view["discard"] == ["AU", "AU"]
    assert view["draw_pile_size"] == len(s.to_json()["draw_pile"]) > 0
    assert view["runouts"] == 0
    assert view["face_up"] == ["GA"]
    players = view["players"]
    assert [p["talers"] for p in players] == [0, 2, 1]
    assert [p["hand_size"] for p in players] == [3, 2, 2]
    assert [p["trade_area"] for p in players] == [["RO"], ["SO"], []]
    assert players[1]["fields"][0]["bean"] == "RO"
    assert players[1]["fields"][0]["count"] == 2
    assert [p["third_field"] for p in players] == [False, False, False]


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_views_do_not_depend_on_another_seats_hidden_hand(viewer: int | None) -> None:
    """Decision 13: the content and order of a hand are private to its owner."""
    a, b = _trading("RO SA AU"), _trading("AU BR RO")
    assert a.view(viewer) == b.view(viewer)
    assert a.view(1) != b.view(1)


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_nobody_sees_the_order_of_the_draw_pile(viewer: int | None) -> None:
    """« Les autres cartes sont cachées, le côté taler vers le haut » (decision 13: « Nobody
    sees the draw pile's order. »)"""
    a, b = _trading(draw="BL FE SA"), _trading(draw="SA BL FE")
    assert a.to_json() != b.to_json()
    assert a.view(viewer) == b.view(viewer)


def test_offered_hand_positions_are_seen_only_by_the_proposer() -> None:
    """« Les cartes que l'on veut échanger ne doivent être sortie de la main qu'au moment où
    l'affaire est conclue » — the beans offered are announced, their positions are not."""
    s = _trading()
    act(s, "1: propose 0 give h2 want GA")
    for viewer in (None, 0, 2):
        offer = s.view(viewer)["trading"]["proposals"][0]
        assert offer["hand_beans"] == ["AU"]
        assert offer["hand"] is None
    assert s.view(1)["trading"]["proposals"][0]["hand"] == [2]


def test_drawn_cards_are_seen_only_by_the_drawer() -> None:
    """« Le joueur pioche, une par une, trois cartes de haricot qu'il ajoute à sa main. » —
    into a hidden hand: the others learn how many, not which."""
    s = position(hands=["BL", "FE", "AU"], trade=["RO"], phase="plant_traded",
                 draw="SO AU GA")
    events = s.apply(GAME.parse_action("0: plant RO 0"))
    drew = [e for e in events if e.to_json(None)["event"] == "drew"]
    assert len(drew) == 1
    assert drew[0].to_json(0)["beans"] == ["SO", "AU", "GA"]
    for viewer in (None, 1, 2):
        shown = drew[0].to_json(viewer)
        assert "beans" not in shown
        assert "GA" not in drew[0].text(viewer)


ILLEGAL = [
    "0: plant 0", "0: end-planting", "1: close-trading", "1: propose 2 give h0 want BR",
    "0: propose 1 give f5", "2: accept 9", "1: harvest 1", "0: harvest 1", "2: buy-field",
    "1: plant RO 0", "0: withdraw 4",
]


@pytest.mark.parametrize("move", ILLEGAL)
def test_an_illegal_action_leaves_the_state_unchanged(move: str) -> None:
    """Issue 2: apply is atomic; an action against the rules is refused and changes
    nothing (« the state unchanged »)."""
    s = _trading()
    act(s, "1: propose 0 give h1 want SO")
    before = s.to_json()
    views = [s.view(v) for v in (None, 0, 1, 2)]
    with pytest.raises(GameError):
        s.apply(GAME.parse_action(move))
    assert s.to_json() == before
    assert [s.view(v) for v in (None, 0, 1, 2)] == views
    assert last_pid(s) == 1


@pytest.mark.parametrize("data", [
    {"type": "harvest", "seat": 0, "field": 7},
    {"type": "plant", "seat": 5, "field": 0},
    {"type": "propose", "seat": 0, "to": 9, "hand": [0]},
])
def test_a_malformed_action_leaves_the_state_unchanged(data: dict[str, Any]) -> None:
    """Issue 2: a malformed action raises ``InvalidActionError``; the state is unchanged."""
    s = _trading()
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(InvalidActionError):
        s.apply(GAME.action_from_json(data))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_the_sampler_deals_the_unseen_cards_from_the_view_alone() -> None:
    """Search bots draw many states from one view (``Game.sampler``): each agrees with the
    view, the hidden cards are dealt afresh at each draw, and two states that look the
    same to the seat give the same draws for the same rng."""
    import random as _random

    state = GAME.new_game(GAME.options(4), 12)
    rng = _random.Random(12)
    for _ in range(30):
        state.apply(GAME.search.playout_move(state, rng))
    view = state.view(1)
    twin = state.determinize(1, _random.Random(5))
    draw, twin_draw = GAME.search.sampler(view), GAME.search.sampler(twin.view(1))
    hands = set()
    for seed in range(6):
        sample = draw(_random.Random(seed))
        assert sample.view(1) == view
        assert sample.to_json() == twin_draw(_random.Random(seed)).to_json()
        sample.audit()
        hands.add(tuple(sample.to_json()["players"][0]["hand"]))
    assert len(hands) > 1


def _validators() -> tuple[Any, Any]:
    from jsonschema import Draft202012Validator

    from bohnen.bohnanza.view_types import SeatView, SpectatorView
    from bohnen.core.schema import json_schema

    return (Draft202012Validator(json_schema(SeatView)),
            Draft202012Validator(json_schema(SpectatorView)))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_of_random_games_of_every_option_set_fit_their_schema(players: int) -> None:
    """Every seat's view and the spectator's, every few moves of random games of each
    option set, fit the JSON Schema of ``SeatView`` / ``SpectatorView``."""
    seat_check, spectator_check = _validators()
    for index, options in enumerate(GAME.option_sets(players)):
        state = GAME.new_game(options, seed=players * 10 + index)
        rng = random.Random(index)
        moves = 0
        while True:
            if moves % 7 == 0 or state.is_over:
                for seat in range(players):
                    errors = list(seat_check.iter_errors(state.view(seat)))
                    assert not errors, (index, moves, seat, errors[0].message)
                errors = list(spectator_check.iter_errors(state.view(None)))
                assert not errors, (index, moves, errors[0].message)
            if state.is_over:
                break
            action = choose(state, rng, 0.3)
            assert action is not None
            state.apply(action)
            moves += 1


def test_a_seat_view_with_a_hand_fits_only_the_seat_schema() -> None:
    """The schema is strict: a spectator's view carries no seat and no hand."""
    seat_check, spectator_check = _validators()
    view = deal(HANDS).view(0)
    assert seat_check.is_valid(view)
    assert not spectator_check.is_valid(view)
    view["players"][0]["hand"] = None
    view["seat"] = None
    assert spectator_check.is_valid(view)
    view["draw_pile"] = 3  # a key of the state's JSON, not of the view
    assert not spectator_check.is_valid(view)


def test_the_view_carries_the_facts_on_the_table() -> None:
    """The third field's cost, each bean's meter (the legend), proposals left per seat,
    whether a seat may buy its third field: read, never recomputed by an interface."""
    s = position(5, hands=["BL", "FE", "AU", "SO", "RO"], talers=[2, 1], phase="plant",
                 max_proposals_per_turn=4, proposal_allowance="shared")
    view = s.view(None)
    assert view["third_field_cost"] == 2  # five players
    assert [p["may_buy_third_field"] for p in view["players"]] == [True] + [False] * 4
    assert [p["proposals_left"] for p in view["players"]] == [4] * 5
    assert [b["code"] for b in view["legend"]] == ["BL", "FE", "SA", "BR", "SO", "AU",
                                                   "RO", "GA"]
    assert view["legend"][7] == {"code": "GA", "name": "Garten", "cards": 6,
                                 "beanometer": [None, 2, 3, None]}
    assert position(3, hands=["BL"], third_field_cost=5).view(0)["third_field_cost"] == 5
