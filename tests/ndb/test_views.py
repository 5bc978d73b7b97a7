"""Views (what each seat sees) and determinization (the unseen cards re-dealt)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import jsonschema
import pytest

from bohnen.core.schema import json_schema
from bohnen.ndb.view_types import SeatView, SpectatorView

from .helpers import GAME, act, deal, hand, play_randomly, public, table_cards


def mid_trick() -> Any:
    """Four players in trick 1: seat 0 led R7 face up; seats 1 and 2 played face down
    (B3, Y2); seat 3 has not played."""
    state = deal(["R7", "B3", "Y2", "G9"], players=4, seed=7)
    act(state, "0: play R7", "1: play B3", "2: play Y2")
    return state


def hidden_cards(state: Any, seat: int | None) -> Counter[str]:
    """The cards ``seat`` cannot see: other hands and other face-down cards on the table
    before the reveal (from the full state)."""
    full = state.to_json()
    n = len(full["hands"])
    out: Counter[str] = Counter()
    for s in range(n):
        if s == seat:
            continue
        out.update(full["hands"][s])
        if full["phase"] == "play" and s != full["token"] and full["table"][s]:
            out[full["table"][s]] += 1
    return out


def test_a_hand_is_seen_by_its_owner_only() -> None:
    """« Le joueur ne pourra voir ses cartes qu'une fois toutes les cartes distribuées »
    — each player sees their own hand, nobody sees another's."""
    state = GAME.new_game(GAME.options(5), seed=2)
    full = state.to_json()
    for viewer in [*range(5), None]:
        players = state.view(viewer)["players"]
        for seat in range(5):
            expected = full["hands"][seat] if seat == viewer else None
            assert players[seat]["hand"] == expected
            assert players[seat]["hand_size"] == 12


def test_the_view_of_a_trick_in_progress() -> None:
    """The face-up card and who has played are public; a face-down card only its owner
    sees until the reveal."""
    state = mid_trick()
    for viewer in (0, 1, 2, 3, None):
        view = state.view(viewer)
        cards = table_cards(view)
        own = {1: "B3", 2: "Y2"}
        assert cards == ["R7"] + [own.get(viewer) if viewer == s else None
                                  for s in (1, 2)] + [None]
        assert view["played"] == [0, 1, 2]
        assert view["to_act"] == [3]


def test_determinize_keeps_what_the_seat_sees() -> None:
    """decisions.md / issue 3: other hands and face-down cards not yet revealed are
    re-dealt at random; hand sizes kept; the seat's view is the same."""
    state = mid_trick()
    true = state.to_json()
    for seat in (0, 1, 3, None):
        moved = False
        for k in range(12):
            det = state.determinize(seat, random.Random(k))
            det.audit()
            assert det.view(seat) == state.view(seat)
            assert_same_hidden_pool(state, det, seat)
            got = det.to_json()
            assert got["row_cards"] == true["row_cards"] and got["sheet"] == true["sheet"]
            assert got["table"][0] == "R7" and got["table"][3] is None
            if seat is not None:
                assert got["hands"][seat] == true["hands"][seat]
                if seat in (1, 2):
                    assert got["table"][seat] == true["table"][seat]
            moved = moved or got != true
        assert moved, f"seat {seat}: twelve determinizations all equal the true state"


def assert_same_hidden_pool(state: Any, det: Any, seat: int | None) -> None:
    """The unseen cards are the same cards, re-dealt; hand sizes and who played kept."""
    assert hidden_cards(det, seat) == hidden_cards(state, seat)
    for s in range(state.options.players):
        assert len(det.to_json()["hands"][s]) == len(state.to_json()["hands"][s])


def test_determinize_moves_hidden_face_down_cards() -> None:
    """A face-down card not yet revealed is among the cards re-dealt (seat 3's view of
    seats 1 and 2)."""
    state = mid_trick()
    tables = {tuple(state.determinize(3, random.Random(k)).to_json()["table"])
              for k in range(20)}
    assert len(tables) > 1
    assert all(t[0] == "R7" and t[3] is None for t in tables)


def test_after_the_reveal_the_table_is_kept() -> None:
    """Once turned up, every card of the trick is public and stays as it is."""
    state = mid_trick()
    act(state, "3: play G9")
    for k in range(5):
        det = state.determinize(3, random.Random(k))
        assert det.to_json()["table"] == ["R7", "B3", "Y2", "G9"]
        assert det.view(3) == state.view(3)


@pytest.mark.parametrize("players", [3, 6])
def test_a_determinized_state_plays_to_the_end(players: int) -> None:
    state = GAME.new_game(GAME.options(players), seed=players)
    rng = random.Random(players)
    play_randomly(state, rng, until=lambda s: public(s)["turn"] > 5)
    for seat in range(players):
        det = state.determinize(seat, random.Random(seat))
        assert det.view(seat) == state.view(seat)
        assert hand(det, seat) == hand(state, seat)
        play_randomly(det, rng)
        assert det.is_over and det.result().winners
    assert state.determinize(None, rng).view(None) == public(state)


def test_determinize_does_not_depend_on_the_hidden_cards() -> None:
    """Two states that seat 3 cannot tell apart (seat 1 played B3 or G5) give the same
    determinization for the same random numbers: nothing leaks through it."""
    first = deal(["R7", "B3 G5", "Y2", "G9"], players=4, seed=7)
    act(first, "0: play R7", "2: play Y2")
    second = first.clone()
    act(first, "1: play B3")
    act(second, "1: play G5")
    for k in range(5):
        one = first.determinize(3, random.Random(k)).to_json()
        two = second.determinize(3, random.Random(k)).to_json()
        assert one == two


def test_the_deal_of_a_later_round_is_private() -> None:
    """« Les cartes devront être distribuées face cachée » — a ``dealt`` event shows the
    cards to their owner only."""
    state = GAME.new_game(GAME.options(3), seed=4)
    dealt: list[Any] = []

    def keep(state_now: Any, action: Any, events: list[Any]) -> None:
        dealt.extend(e for e in events if e.to_json(None)["event"] == "dealt")

    play_randomly(state, random.Random(4), each=keep)
    assert len(dealt) == 2 * 3
    for event in dealt:
        seat = event.to_json(None)["seat"]
        for viewer in (0, 1, 2, None):
            data = event.to_json(viewer)
            assert data["count"] == 20
            assert ("cards" in data) == (viewer == seat)
            assert (event.text(viewer).startswith("You are dealt")) == (viewer == seat)


def test_state_json_clone_and_audit_along_a_game() -> None:
    """At every step the full state survives ``to_json`` / ``state_from_json``, a clone
    does not share anything with its original, and the 60 cards are all there."""

    def check(state_now: Any, action: Any, events: list[Any]) -> None:
        data = state_now.to_json()
        assert GAME.state_from_json(data).to_json() == data
        copy = state_now.clone()
        if not state_now.is_over:
            state_now.audit()
            seat = state_now.to_act()[0]
            copy.apply(copy.legal_actions(seat)[0])
            assert state_now.to_json() == data

    state = GAME.new_game(GAME.options(4), seed=12)
    play_randomly(state, random.Random(12), each=check)
    assert state.is_over


def test_the_sampler_deals_the_unseen_cards_from_the_view_alone() -> None:
    """Search bots draw many states from one view (``Game.sampler``): each agrees with the
    view, the hidden hands and face-down cards are dealt afresh at each draw, and two
    states that look the same to the seat give the same draws for the same rng."""
    state = deal(["R7", "B3 G5", "Y2", "G9"], players=4, seed=2)
    act(state, "0: play R7", "1: play B3")  # seat 1's card is face down
    view = state.view(2)
    twin = state.determinize(2, random.Random(8))
    draw, twin_draw = GAME.search.sampler(view), GAME.search.sampler(twin.view(2))
    face_down = set()
    for seed in range(8):
        sample = draw(random.Random(seed))
        assert sample.view(2) == view
        assert sample.to_json() == twin_draw(random.Random(seed)).to_json()
        sample.audit()
        face_down.add(sample.to_json()["table"][1])
    assert len(face_down) > 1


# --- the typed views: the schema, and the same names as the state JSON -----------------


SEAT_SCHEMA = jsonschema.Draft202012Validator(json_schema(SeatView))
SPECTATOR_SCHEMA = jsonschema.Draft202012Validator(json_schema(SpectatorView))


def _fits(validator: jsonschema.Draft202012Validator, view: object, where: str) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(view)]
    assert not errors, f"{where}: {errors[:3]}"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_view_of_random_games_fits_the_view_types(players: int) -> None:
    """Each seat's view fits ``SeatView`` and the spectator's ``SpectatorView`` (the
    JSON Schemas ``bohnen.core.schema`` makes of them, which refuse unknown keys), at
    every step of a random game of every option set."""
    for n, options in enumerate(GAME.option_sets(players)):
        state = GAME.new_game(options, seed=100 * players + n)
        rng = random.Random(players + n)
        steps = 0
        while True:
            if steps % 3 == 0 or state.is_over:
                for seat in range(players):
                    _fits(SEAT_SCHEMA, state.view(seat), f"seat {seat}, step {steps}")
                _fits(SPECTATOR_SCHEMA, state.view(None), f"spectator, step {steps}")
            if state.is_over:
                break
            seat = rng.choice(state.to_act())
            state.apply(rng.choice(state.legal_actions(seat)))
            steps += 1


def test_the_schemas_refuse_a_view_that_breaks_the_types() -> None:
    """The check above can fail: a hand shown to the spectator, a card written as an
    int, an unknown key."""
    state = GAME.new_game(GAME.options(3), seed=4)
    seen = state.view(0)
    bad: list[dict[str, Any]] = []
    spectator_view: dict[str, Any] = copy.deepcopy(dict(state.view(None)))
    spectator_view["players"][1]["hand"] = seen["players"][0]["hand"]
    bad.append(spectator_view)
    seat_view: dict[str, Any] = copy.deepcopy(dict(seen))
    seat_view["table"][0] = 7
    bad.append(seat_view)
    extra: dict[str, Any] = copy.deepcopy(dict(seen))
    extra["trick"] = 1
    bad.append(extra)
    assert not SPECTATOR_SCHEMA.is_valid(bad[0])
    assert not SEAT_SCHEMA.is_valid(bad[1])
    assert not SEAT_SCHEMA.is_valid(bad[2])


# Keys of the view that are keys of the state JSON too, and mean the same there.
SHARED_KEYS = ("game", "version", "options", "phase", "turn", "round", "dealer", "token",
               "taker", "taken", "sheet")


@pytest.mark.parametrize("players", [3, 6])
def test_a_key_of_both_the_view_and_the_state_json_means_the_same(players: int) -> None:
    """At every step of a random game, the keys shared by the view and the state JSON
    hold the same values; the table is the same once turned up (before, the view hides
    the face-down cards); a seat's hand in its view is its hand in the state JSON, and
    its rows hold the cards of its ``row_cards``."""
    state = GAME.new_game(GAME.options(players, rounds=1), seed=players)
    rng = random.Random(players)
    while True:
        full = state.to_json()
        for seat in (*range(players), None):
            view = state.view(seat)
            for key in SHARED_KEYS:
                assert view[key] == full[key], key
            if full["phase"] in ("take", "over") or all(c is None for c in full["table"]):
                assert view["table"] == full["table"]
            for s, player in enumerate(view["players"]):
                assert sorted(c for row in player["rows"] for c in row["cards"]) == sorted(
                    full["row_cards"][s])
                assert player["hand_size"] == len(full["hands"][s])
                assert player["hand"] == (full["hands"][s] if s == seat else None)
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)))


def test_views_rows_are_the_rows_scored_and_fresh_at_every_view() -> None:
    """The rows are kept by the cards taken (not recounted at every view): each view's
    rows still match scoring.rows_of/row_score, and changing one view's rows changes
    no later view."""
    from bohnen.ndb.cards import CODES
    from bohnen.ndb.scoring import row_score, rows_of

    state = deal(["R7", "B3", "Y2", "G9"], players=4, seed=11)
    rng = random.Random(11)

    def check(state: Any, *_: object) -> None:
        for seat in (0, 2, None):
            view = state.view(seat)
            for s, player in enumerate(view["players"]):
                rows = rows_of(state.row_cards[s])
                assert player["rows"] == [{"cards": [CODES[c] for c in row],
                                           "score": row_score(row)} for row in rows]
                assert player["rows_score"] == sum(row_score(r) for r in rows)
                for row in player["rows"]:
                    row["cards"].append("spoilt")
                    row["score"] = 999

    play_randomly(state, rng, each=check)
