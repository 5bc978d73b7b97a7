"""The Nicht die Bohne! encoding: its documented layout, field by field against the
view, its ids against the legal actions (their JSON and notation), and what a seat
cannot see."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import bohnen.rl.ndb as ndb_module
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Legal
from bohnen.rl.ndb import SEATS, NdbEncoding

from .helpers import legal, notations, positions, relative, seat_view

Vector = npt.NDArray[np.float32]
GAME = get_game("ndb")
ENC = {n: NdbEncoding(n) for n in range(3, 7)}
CARDS = ENC[4].codes


def samples() -> list[tuple[NdbEncoding, JSONObject, Vector]]:
    """(encoding, seat view, vector) over games of 3 to 6 players, every seat."""
    out: list[tuple[NdbEncoding, JSONObject, Vector]] = []
    for players, enc in ENC.items():
        for state in positions(players, seed=players, every=7):
            for seat in range(players):
                view = seat_view(state, seat)
                out.append((enc, view, enc.observe(view, None)))
    return out


SAMPLES = samples()


def field(enc: NdbEncoding, vector: Vector, name: str) -> Vector:
    return vector[enc.layout[name].slice]


def per_seat(enc: NdbEncoding, vector: Vector, name: str) -> Vector:
    return field(enc, vector, name).reshape(SEATS, -1)


def cards_vector(codes: list[str]) -> Vector:
    out = np.zeros(len(CARDS), np.float32)
    for code in codes:
        out[CARDS.index(code)] += 1
    return out


def test_the_documented_table_is_the_layout() -> None:
    # the module's source: a compiled module keeps no docstring
    source = Path(ndb_module.__file__ or "").with_name("ndb.py").read_text(encoding="utf-8")
    assert ENC[4].layout.table() in source
    assert ENC[4].layout.table() in (Path(__file__).parents[2] / "docs/research.md").read_text()
    assert ENC[4].observation_size == ENC[4].layout.size == 766
    assert {f.name for f in ENC[4].layout.fields if f.private} == {"hand", "own_card"}


def test_sizes_and_ids_are_the_same_at_every_player_count() -> None:
    assert {(e.observation_size, e.action_count) for e in ENC.values()} == {(766, 57)}
    assert [ENC[3].action_name(i) for i in (0, 9, 10, 12, 51, 52, 56)] == [
        "play G1", "play G10", "play G-", "play G0", "play B0",
        "take from seat +1", "take from seat +5"]


def test_codes_come_from_the_legend() -> None:
    legend = seat_view(next(positions(4, 0)), 0)["legend"]
    colours = [c["code"] for c in legend["colours"]]
    kinds = [k["code"] for k in legend["kinds"]]
    assert list(CARDS) == [c + k for c in colours for k in kinds]


def test_every_vector_is_within_the_bounds() -> None:
    low, high = ENC[4].bounds()
    for enc, _, vector in SAMPLES:
        assert vector.dtype == np.float32 and vector.shape == (enc.observation_size,)
        assert np.all(vector >= low) and np.all(vector <= high)


def test_phase() -> None:
    for enc, view, vector in SAMPLES:
        expected = np.zeros(4, np.float32)
        expected[["lead", "play", "take", "over"].index(view["phase"])] = 1
        assert np.array_equal(field(enc, vector, "phase"), expected)


def test_round_and_last_round() -> None:
    seen = set()
    for enc, view, vector in SAMPLES:
        rounds = view["options"]["rounds"]
        assert field(enc, vector, "round")[0] == pytest.approx(view["round"] / rounds)
        assert field(enc, vector, "last_round")[0] == (view["round"] == rounds)
        seen.add(view["round"])
    assert seen == {1, 2, 3}


def test_hand_counts_are_the_views_hand() -> None:
    for enc, view, vector in SAMPLES:
        hand = view["players"][view["seat"]]["hand"]
        assert np.array_equal(field(enc, vector, "hand"), cards_vector(hand))


def test_present_marks_the_seats_in_the_game() -> None:
    for enc, _, vector in SAMPLES:
        expected = [1.0] * enc.players + [0.0] * (SEATS - enc.players)
        assert list(field(enc, vector, "present")) == expected


@pytest.mark.parametrize("name", ["dealer", "token", "taker"])
def test_one_seat_fields_are_relative_one_hots(name: str) -> None:
    for enc, view, vector in SAMPLES:
        expected = np.zeros(SEATS, np.float32)
        if view[name] is not None:
            expected[relative(view, view[name])] = 1
        assert np.array_equal(field(enc, vector, name), expected)


@pytest.mark.parametrize("name", ["to_act", "played", "taken"])
def test_seat_list_fields_mark_the_relative_seats(name: str) -> None:
    for enc, view, vector in SAMPLES:
        expected = np.zeros(SEATS, np.float32)
        for seat in view[name]:
            expected[relative(view, seat)] = 1
        assert np.array_equal(field(enc, vector, name), expected)


def test_table_holds_the_cards_the_viewer_sees() -> None:
    for enc, view, vector in SAMPLES:
        own, others = field(enc, vector, "own_card"), field(enc, vector, "table")
        table = np.concatenate([own, others]).reshape(SEATS, -1)
        for seat, code in enumerate(view["table"]):
            expected = cards_vector([] if code is None else [code])
            assert np.array_equal(table[relative(view, seat)], expected)
        assert not table[enc.players:].any()


def test_hand_sizes() -> None:
    for enc, view, vector in SAMPLES:
        sizes = field(enc, vector, "hand_size")
        for seat, player in enumerate(view["players"]):
            assert sizes[relative(view, seat)] == pytest.approx(player["hand_size"] / 20)


def test_rows_count_each_seats_cards() -> None:
    for enc, view, vector in SAMPLES:
        rows = per_seat(enc, vector, "rows")
        for seat, player in enumerate(view["players"]):
            codes = [c for row in player["rows"] for c in row["cards"]]
            assert np.array_equal(rows[relative(view, seat)], cards_vector(codes))


def test_row_scores_rows_score_and_totals() -> None:
    for enc, view, vector in SAMPLES:
        scores = per_seat(enc, vector, "row_scores")
        for seat, player in enumerate(view["players"]):
            r = relative(view, seat)
            assert list(scores[r]) == pytest.approx([row["score"] / 110 for row in player["rows"]])
            assert field(enc, vector, "rows_score")[r] == pytest.approx(player["rows_score"] / 440)
            assert field(enc, vector, "totals")[r] == pytest.approx(view["totals"][seat] / 440)


def test_ids_and_notation_agree() -> None:
    for players, enc in ENC.items():
        for state in positions(players, seed=10 + players, every=3):
            for seat in state.to_act():
                view, moves = seat_view(state, seat), legal(state, seat)
                draft = enc.start(view, moves)
                mask = enc.mask(draft)
                assert mask.dtype == np.int8 and mask.sum() == len(moves.actions)
                chosen = [enc.choose(draft, int(i))[1] for i in np.flatnonzero(mask)]
                assert sorted(map(str, chosen)) == sorted(notations(state, seat))
                for action in moves.actions:
                    ids = enc.ids_of(view, moves, action)
                    assert ids is not None and len(ids) == 1
                    assert enc.choose(draft, ids[0])[1] == str(GAME.action_from_json(action))
                for i in np.flatnonzero(mask):
                    text = enc.choose(draft, int(i))[1]
                    assert text is not None
                    name = enc.action_name(int(i))
                    if name.startswith("play"):
                        assert text.endswith(name)
                    else:
                        target = int(text.rsplit(" ", 1)[1])
                        assert name == f"take from seat +{relative(view, target)}"


def test_hidden_cards_do_not_change_vector_or_mask() -> None:
    """Two states that differ only in what the seat cannot see look the same to it."""
    rng = random.Random(5)
    for players, enc in ENC.items():
        for state in positions(players, seed=20 + players, every=5):
            for seat in range(players):
                other = state.determinize(seat, rng)
                a, b = seat_view(state, seat), seat_view(other, seat)
                assert np.array_equal(enc.observe(a, None), enc.observe(b, None))
                if seat in state.to_act():
                    ma = enc.mask(enc.start(a, legal(state, seat)))
                    mb = enc.mask(enc.start(b, legal(other, seat)))
                    assert np.array_equal(ma, mb)


def test_the_others_hands_are_not_in_the_vector() -> None:
    """The determinized states really differ where the seat cannot see (so the test
    above could fail)."""
    state = next(positions(4, seed=3))
    other = state.determinize(0, random.Random(1))
    assert seat_view(state, 1)["players"][1]["hand"] != seat_view(other, 1)["players"][1]["hand"]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="3 to 6 players"):
        NdbEncoding(7)
    state = next(positions(4, seed=1))
    view = seat_view(state, 0)
    with pytest.raises(ValueError, match="5-player ndb"):
        ENC[5].observe(view, None)
    with pytest.raises(ValueError, match="spectator"):
        ENC[4].observe(dict(state.view(None)), None)
    draft = ENC[4].start(view, legal(state, 0))
    illegal = next(i for i in range(57) if not ENC[4].mask(draft)[i])
    with pytest.raises(ValueError, match="not legal"):
        ENC[4].choose(draft, illegal)
    for wrong in ({"type": "play", "seat": 1, "card": "G1"}, {"type": "play", "seat": 0},
                  {"type": "take", "seat": 0, "owner": 0}, {"type": "pass", "seat": 0}):
        with pytest.raises(ValueError, match="not an action of seat 0"):
            ENC[4].start(view, Legal((wrong,), None))
        with pytest.raises(ValueError, match="not an action of seat 0"):
            ENC[4].ids_of(view, legal(state, 0), wrong)
    with pytest.raises(ValueError, match="no action id"):
        ENC[4].action_name(57)


def test_the_encoding_and_its_drafts_pickle() -> None:
    state = next(positions(5, seed=2))
    enc = pickle.loads(pickle.dumps(ENC[5]))
    view = seat_view(state, 0)
    draft = enc.start(view, legal(state, 0))
    assert pickle.loads(pickle.dumps(draft)) == draft
    assert np.array_equal(enc.observe(view, None), ENC[5].observe(view, None))
    assert get_game("ndb").name == enc.game
