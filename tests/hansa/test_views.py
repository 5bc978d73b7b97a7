"""Views, determinization, notation, JSON, records, the ledger."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

from bohnen.core import GameRecord, RecordError, replay
from bohnen.core.conformance import choose
from bohnen.core.schema import json_schema
from bohnen.hansa import HansaState
from bohnen.hansa.actions import ACTION_TYPES
from bohnen.hansa.board import CODES
from bohnen.hansa.view_types import SeatView, SpectatorView

from .helpers import (
    BASE,
    BOARD,
    GAME,
    JSON,
    act,
    edit,
    hand_of,
    load,
    refused,
    started,
    turn_of,
)

TRAVEL = [f"T{i}" for i in range(1, 8)]


def midgame(seed: int = 4, steps: int = 60) -> HansaState:
    state: HansaState = GAME.new_game(GAME.options(4), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.randrange(len(actions))])
    return state


def test_views_hide_other_hands_and_the_piles() -> None:
    """Hidden: « the order and content of others' hands, the Neue-Ernte and contract
    decks, the two reserve cards »; public: positions, money, storages, ladders, table."""
    state = midgame()
    full = state.to_json()
    for viewer in (0, None):
        view = state.view(viewer)
        text = json.dumps(view)
        for seat in range(4):
            if seat == viewer:
                assert view["players"][seat]["hand"] == full["hands"][seat]
                continue
            assert view["players"][seat]["hand"] is None
            for card in full["hands"][seat]:
                if card.startswith("C"):
                    assert f'"{card}"' not in text
        for card in full["contract_pile"]:
            assert f'"{card}"' not in text
        for card in full["harvest_pile"] + full["harvest_reserve"]:
            assert f'"{card}"' not in text
        assert view["contract_pile_size"] == len(full["contract_pile"])
        assert [p["city"] for p in view["players"]] == full["positions"]
        assert [p["money"] for p in view["players"]] == full["money"]
        assert view["ladders"] == full["ladders"]


def hidden_twin(state: HansaState, viewer: int) -> HansaState:
    """A state that shows ``viewer`` the same view: another seat's contracts swapped with
    the pile's, and its hand reordered."""
    data: JSON = state.to_json()
    other = (viewer + 1) % 4
    hand = data["hands"][other]
    mine = [c for c in hand if c.startswith("C")]
    deck = data["contract_pile"]
    swap = deck[:len(mine)]
    data["contract_pile"] = mine + deck[len(mine):]
    data["hands"][other] = list(reversed([c for c in hand if not c.startswith("C")] + swap))
    data["harvest_pile"] = list(reversed(data["harvest_pile"]))
    return load(data)


def test_determinization_depends_on_the_view_only() -> None:
    state = midgame()
    viewer = 2
    twin = hidden_twin(state, viewer)
    assert twin.to_json() != state.to_json() and twin.view(viewer) == state.view(viewer)
    for seed in range(3):
        a = state.determinize(viewer, random.Random(seed))
        b = twin.determinize(viewer, random.Random(seed))
        assert a.to_json() == b.to_json() and a.view(viewer) == state.view(viewer)
        draw_a = GAME.search.sampler(state.view(viewer))
        draw_b = GAME.search.sampler(twin.view(viewer))
        assert draw_a(random.Random(seed)).to_json() == draw_b(random.Random(seed)).to_json()
    samples = {json.dumps(state.determinize(viewer, random.Random(s)).to_json())
               for s in range(5)}
    assert len(samples) > 1


def test_sampler_draws_like_state_from_view() -> None:
    state = midgame(seed=9)
    view = state.view(1)
    draw = GAME.search.sampler(view)
    for seed in range(4):
        sample = draw(random.Random(seed))
        sample.audit()
        assert sample.view(1) == view
        assert [str(a) for a in sample.legal_actions(1)] == [str(a)
                                                             for a in state.legal_actions(1)]


def test_illegal_and_malformed_actions_leave_the_state_unchanged() -> None:
    data = turn_of(started(4, seed=2), 1)
    state = load(edit(data, 1, city="EDI", money=30, hand=TRAVEL))
    refused(state, "0: stay")
    refused(state, "1: go XYZ", kind=ValueError)
    refused(state, "1: buy ZZ 1", kind=ValueError)
    refused(state, "1: go ROS")
    refused(state, "1: end-turn")
    refused(state, "1: accept 9")
    refused(state, "1: fulfil C60")
    refused(state, "9: stay", kind=ValueError)


def test_notation_and_json_round_trip() -> None:
    texts = ["0: begin C26 last C4", "1: stay", "1: go AAL ROS", "1: sell BL", "1: buy BL 3",
             "1: buy-scarce RO", "1: fulfil C11", "2: buy-contract T4", "1: return BL",
             "1: propose 2 give BL want FE,FE buy SA", "1: propose 2", "2: counter 5 want SA",
             "2: accept 5", "2: decline 5", "2: pass", "1: end-trading", "1: end-turn",
             "3: done"]
    kinds = set()
    for text in texts:
        action = GAME.parse_action(text)
        kinds.add(type(action))
        assert str(action) == text
        assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert kinds == set(ACTION_TYPES)
    for bad in ("1: go", "x: stay", "1: fly", "1: buy BL", "1: propose 2 give", "1: stay now",
                "1: begin C1 C2", "1: buy-contract C3", "1: fulfil T3"):
        with pytest.raises(ValueError):
            GAME.parse_action(bad)


def test_state_json_round_trip_and_errors_name_the_problem() -> None:
    state = midgame()
    data = json.loads(json.dumps(state.to_json()))
    assert GAME.state_from_json(data).to_json() == state.to_json()
    broken = dict(data, hands=data["hands"][:2])
    with pytest.raises(RecordError, match="hands"):
        GAME.state_from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["supply"]["BL"] += 1
    with pytest.raises(RecordError, match="BL tokens"):
        GAME.state_from_json(broken)
    broken = json.loads(json.dumps(data))
    broken["money"][0] += 1
    with pytest.raises(RecordError, match="ledger"):
        GAME.state_from_json(broken)


def test_every_taler_is_booked_and_every_bean_accounted_for() -> None:
    """The 117 beans are always on an aid, a ladder or in the supply; every taler that
    moves is booked between a player and the bank (money = received - paid)."""
    state: HansaState = GAME.new_game(GAME.options(5), 11)
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_act()[0]
        props = state.proposals(seat)
        actions = state.legal_actions(seat)
        if props and rng.random() < 0.3:
            state.apply(props[rng.randrange(len(props))])
        else:
            state.apply(actions[rng.randrange(len(actions))])
        state.audit()
        view = state.view(None)
        for p in view["players"]:
            assert p["money"] == p["earned"] - p["spent"]


def test_records_replay() -> None:
    state: HansaState = GAME.new_game(GAME.options(3), 21)
    rng = random.Random(21)
    played = []
    while not state.is_over:
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        played.append(str(action))
        state.apply(action)
    record = GameRecord("hansa", GAME.version, GAME.options(3).to_json(), 21, played,
                        None, state.result())
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert replay(loaded).to_json() == state.to_json()


def test_events_hide_drawn_contracts() -> None:
    data = turn_of(started(4, seed=2), 1, phase="trade")
    state = load(data)
    events = act(state, "1: end-trading")
    drew = next(e for e in events if e.to_json(None)["event"] == "drew")
    assert "contract" in drew.to_json(1) and "contract" not in drew.to_json(0)
    assert "C" in drew.text(1) and drew.text(0) == "Seat 1 draws a contract."


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_view_of_random_games_fits_the_schema(players: int) -> None:
    """The views of random games of every option set (each seat's and the spectator's,
    at every 7th move and at the end) fit the JSON Schema of the view types."""
    seat_schema = jsonschema.Draft202012Validator(json_schema(SeatView))
    spectator_schema = jsonschema.Draft202012Validator(json_schema(SpectatorView))
    for options in GAME.option_sets(players):
        state: HansaState = GAME.new_game(options, players)
        rng = random.Random(players)
        moves = 0
        while True:
            if moves % 7 == 0 or state.is_over:
                for seat in range(players):
                    seat_schema.validate(state.view(seat))
                spectator_schema.validate(state.view(None))
            if state.is_over:
                break
            state.apply(choose(state, rng, 0.3))
            moves += 1


def test_the_view_shows_the_board_and_the_contracts_the_viewer_sees() -> None:
    """The base prices, the map and the contents of the visible contracts are in the view
    (no interface reads the board file); a contract in another hand is not."""
    state = midgame()
    view = state.view(1)
    assert {b["code"]: b["base_price"] for b in view["board"]["beans"]} == BASE
    ros = {c["code"]: c for c in view["board"]["cities"]}["ROS"]
    assert ros["name"] == "Rostock" and ros["routes"] and ros["beans"]
    mine = [c for c in hand_of(state, 1) if c.startswith("C")]
    assert set(mine) <= set(view["contracts"])
    assert set(view["contract_discard"]) <= set(view["contracts"])
    theirs = [c for c in state.view(2)["players"][2]["hand"] or () if c.startswith("C")]
    assert not set(theirs) & set(view["contracts"]) - set(mine) - set(view["table"])
    number = int(mine[0][1:]) if mine else int(view["contract_discard"][0][1:])
    card = BOARD.contracts[number - 1]
    shown = view["contracts"][f"C{number}"]
    assert shown == {"city": BOARD.city_codes[card.city], "payout": card.payout,
                     "beans": [CODES[b] for b in card.beans]}
