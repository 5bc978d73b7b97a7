"""What Nicht die Bohne!'s encoding keeps between steps (bohnen.rl.ndb_vector's runs,
the drafts' entries by action): never a stale value, after a change of the kept value,
an equal value that is another object, moves, copies, JSON, or a store emptied."""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

import bohnen.ndb.seen as seen_module
import bohnen.rl.ndb as ndb_module
import bohnen.rl.ndb_vector as ndb_vector
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.ndb.seen import NdbRow, NdbSeen, of_view, seen
from bohnen.ndb.state import NdbState
from bohnen.rl import ndb_native
from bohnen.rl.encoding import engine_legal
from bohnen.rl.ndb import NdbEncoding
from bohnen.rl.ndb_vector import NdbVector

GAME = get_game("ndb")


def mid_game(seed: int = 5, moves: int = 23) -> NdbState:
    state = cast(NdbState, GAME.new_game(GAME.options(4), seed))
    rng = random.Random(seed)
    for _ in range(moves):
        seat = state.to_act()[0]
        state.advance(rng.choice(state.legal_actions(seat)))
    return state


def fresh(value: NdbSeen) -> NdbSeen:
    """An equal value whose every tuple is another object."""
    again: list[Any] = [tuple(list(v)) if isinstance(v, tuple) else v for v in value]
    return NdbSeen(*again)


def view(state: NdbState, seat: int) -> JSONObject:
    return cast(JSONObject, state.view(seat))


def test_a_changed_hand_or_row_is_encoded_again_an_equal_one_the_same() -> None:
    enc = NdbEncoding(4)
    value = seen(mid_game(), 0)
    first = enc.observe_seen(value)
    assert np.array_equal(enc.observe_seen(fresh(value)), first)
    hand = value.hand[1:]
    fewer = enc.observe_seen(value._replace(hand=hand))
    assert fewer[enc.layout["hand"].slice].sum() == len(hand)
    rows = (*value.rows[:1], (NdbRow(("G1", "G2"), 3),), *value.rows[2:])
    moved = enc.observe_seen(value._replace(rows=rows))
    seat1 = enc.layout["rows"].offset + 52 * 1
    assert moved[seat1:seat1 + 52].sum() == 2
    assert moved[enc.layout["row_scores"].offset + 4] == np.float32(3 / 110)
    assert np.array_equal(enc.observe_seen(value), first)  # the kept runs of the first


def test_the_rows_after_a_take_are_the_rows_written_whole() -> None:
    # rules, "Stechen": the card taken goes to the taker's row of its colour; the accessor
    # writes again only that row (seen._one_more), and gets what sorting all the cards
    # into their rows gets, at every take of a whole game, every colour and row length
    state = cast(NdbState, GAME.new_game(GAME.options(4), 8))
    rng = random.Random(8)
    takes = 0
    while not state.is_over:
        before = [seen_module._rows(cards, None) for cards in state.row_cards]
        cards_before = list(state.row_cards)
        state.advance(rng.choice(state.legal_actions(state.to_act()[0])))
        for s, cards in enumerate(state.row_cards):
            if cards != cards_before[s] and cards[:-1] == cards_before[s]:
                takes += 1
                one_more = seen_module._one_more(cards, *before[s])
                seen_module._SEAT_ROWS.clear()
                assert one_more == seen_module._rows(cards, None)
                assert seen_module._rows(cards, (cards_before[s], *before[s])) == one_more
    assert takes > 20


def test_a_store_emptied_when_full_gives_the_same_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    enc = NdbEncoding(4)
    state = mid_game()
    expected = [enc.observe(view(state, s), None) for s in range(4)]
    monkeypatch.setattr(ndb_vector, "KEEP", 1)  # every store emptied at each new entry
    monkeypatch.setattr(ndb_vector, "VALUES_KEEP", 1)
    small = NdbEncoding(4)
    for _ in range(2):
        for s in range(4):
            assert np.array_equal(small.encode_state(state, s, None), expected[s])


def test_vectors_follow_moves_copies_and_json() -> None:
    enc = NdbEncoding(4)
    state = mid_game()
    before = [enc.encode_state(state, s, None) for s in range(4)]
    copy = state.clone()
    seat = state.to_act()[0]
    state.advance(state.legal_actions(seat)[0])
    loaded = cast(NdbState, GAME.state_from_json(state.to_json()))
    for s in range(4):
        after = enc.encode_state(state, s, None)
        assert np.array_equal(after, enc.observe(view(state, s), None))
        assert np.array_equal(enc.encode_state(loaded, s, None), after)
        assert np.array_equal(enc.encode_state(copy, s, None), before[s])
    assert any(not np.array_equal(enc.encode_state(state, s, None), before[s])
               for s in range(4))


def test_a_vector_is_its_own_writable_array() -> None:
    enc = NdbEncoding(4)
    state = mid_game()
    a, b = enc.encode_state(state, 0, None), enc.encode_state(state, 0, None)
    assert a.dtype == np.float32 and a.shape == (enc.observation_size,) and a.flags.writeable
    a[:] = 7
    assert not np.array_equal(a, b)
    assert np.array_equal(b, enc.observe(view(state, 0), None))


def test_a_seen_that_does_not_fit_is_refused() -> None:
    enc = NdbEncoding(4)
    value = seen(mid_game(), 0)
    with pytest.raises(ValueError, match="4-player"):
        enc.observe_seen(value._replace(players=5))
    with pytest.raises(ValueError, match="no phase"):
        enc.observe_seen(value._replace(phase="nap"))
    five_rows = tuple(NdbRow(("G1",), 1) for _ in range(5))
    with pytest.raises(ValueError, match="layout"):
        enc.observe_seen(value._replace(rows=(five_rows, *value.rows[1:])))


def test_drafts_by_the_actions_identity_equal_drafts_by_their_json() -> None:
    enc = NdbEncoding(4)
    state = mid_game()
    seat = state.to_act()[0]
    by_view = enc.start(view(state, seat), engine_legal(state, seat))
    assert enc.start_state(state, seat) == by_view
    assert enc.start_state(state, seat) == by_view  # the entries kept by identity
    parsed = [GAME.parse_action(str(a)) for a in state.legal_actions(seat)]  # other objects
    assert enc.start_state(state, seat, parsed) == by_view
    copy = state.clone()
    assert enc.start_state(copy, seat) == by_view
    other = (seat + 1) % 4
    with pytest.raises(ValueError, match=f"not an action of seat {other}"):
        enc.start_state(state, other, state.legal_actions(seat))  # another seat's actions
    assert enc.start_state(state, seat) == by_view  # nothing kept of the refusal


def test_the_accessor_keeps_rows_by_value_and_the_view_agrees() -> None:
    state = mid_game(moves=40)
    a, b = seen(state, 1), seen(state, 2)
    assert a.rows is b.rows and a.rows == of_view(view(state, 1)).rows
    seat = state.to_act()[0]
    state.advance(state.legal_actions(seat)[0])
    assert seen(state, 1).rows == of_view(view(state, 1)).rows


def test_the_accessor_keeps_its_tuples_by_identity_never_stale(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = mid_game(moves=40)
    a, b = seen(state, 2), seen(state, 2)
    assert a == b and a.hand is b.hand and a.rows is b.rows and a.totals is b.totals
    loaded = cast(NdbState, GAME.state_from_json(state.to_json()))  # equal, other tuples
    assert seen(loaded, 2) == a
    # the totals of an empty sheet are kept by the player count too
    for players in (3, 4, 5):
        fresh_game = cast(NdbState, GAME.new_game(GAME.options(players), 1))
        assert seen(fresh_game, 0).totals == (0,) * players
    monkeypatch.setattr(seen_module, "KEEP", 1)  # every store emptied at each new entry
    monkeypatch.setattr(seen_module, "ROW_KEEP", 1)
    rng = random.Random(3)
    game = cast(NdbState, GAME.new_game(GAME.options(4), 3))
    while not game.is_over:
        for s in range(4):
            assert seen(game, s) == of_view(view(game, s))
        seat = game.to_act()[0]
        game.advance(rng.choice(game.legal_actions(seat)))


def test_every_store_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The accessor's, the drafts' and the pure vector's stores are emptied when full: a
    whole game at small bounds never holds more (the bounds keep what the garbage
    collector walks small)."""
    bounds = {(seen_module, "KEEP"): 3, (seen_module, "ROW_KEEP"): 5,
              (ndb_module, "KEEP"): 2, (ndb_module, "ACTIONS_KEEP"): 7,
              (ndb_vector, "KEEP"): 3, (ndb_vector, "VALUES_KEEP"): 4}
    for (module, name), bound in bounds.items():
        monkeypatch.setattr(module, name, bound)
    enc = NdbEncoding(4)
    pure = NdbVector(4, enc.codes, 4, [(f.name, f.size) for f in enc.layout.fields],
                     native=False)
    stores: list[tuple[dict[Any, Any], int]] = [
        (seen_module._HANDS, 3), (seen_module._SEAT_ROWS, 3), (seen_module._ALL_ROWS, 3),
        (seen_module._TOTALS, 3), (seen_module._ROW_OF, 5), (pure._hands, 3),
        (pure._rows, 3), (pure._heads, 4)]
    stores += [(store, 2) for store in cast(Any, enc)._drafts]
    stores += [(store, 7) for store in cast(Any, enc)._by_action]
    stores += [(store, 4) for store in (*pure._sizes, *pure._scores, *pure._totals)]
    rng = random.Random(11)
    game = cast(NdbState, GAME.new_game(GAME.options(4), 11))
    full = [False] * len(stores)  # whether each store was seen full
    while not game.is_over:
        for s in range(4):
            if s in game.to_act():
                enc.start_state(game, s)
            assert np.array_equal(pure.vector(seen(game, s)), enc.encode_state(game, s, None))
        assert all(len(store) <= bound for store, bound in stores)
        full = [was or len(store) == bound
                for was, (store, bound) in zip(full, stores, strict=True)]
        seat = game.to_act()[0]
        game.advance(rng.choice(game.legal_actions(seat)))
    assert full.count(True) >= len(stores) // 2  # the bounds were reached, and held


def test_drafts_and_masks_kept_by_identity_are_the_fresh_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    enc = NdbEncoding(4)
    state = mid_game()
    seat = state.to_act()[0]
    draft = enc.start_state(state, seat)
    assert enc.start_state(state, seat) is draft  # the same actions: the same draft
    assert enc.mask_bytes(draft) == enc.mask(draft).tobytes() == bytes(
        enc.mask(enc.start(view(state, seat), engine_legal(state, seat))))
    mask = enc.mask(draft)
    mask[:] = 0  # a fresh array each time: the kept bytes are untouched
    assert enc.mask(draft).sum() == len(cast(Any, draft).ids)
    state.advance(state.legal_actions(seat)[0])
    monkeypatch.setattr(ndb_module, "KEEP", 1)  # every store emptied at each new entry
    monkeypatch.setattr(ndb_module, "ACTIONS_KEEP", 1)
    small = NdbEncoding(4)
    for s in state.to_act():
        fresh_draft = small.start(view(state, s), engine_legal(state, s))
        assert small.start_state(state, s) == fresh_draft == enc.start_state(state, s)
        assert small.mask_bytes(small.start_state(state, s)) == enc.mask_bytes(fresh_draft)


def test_counts_are_written_as_floats_writes_them() -> None:
    rng = random.Random(2)
    for size in (0, 1, 5, 20, 60):
        cards = [rng.randrange(5) for _ in range(size)]
        counts = [cards.count(kind) for kind in range(52)]  # up to 60 of a kind
        run = ndb_vector.counted(cards, 52, None).run
        assert run == ndb_vector.floats([float(c) for c in counts])
        assert run == np.array(counts, np.float32).tobytes()


def test_a_run_of_counts_written_from_the_last_one_is_the_one_packed_whole() -> None:
    # a card or a few played or taken (their counts spliced into the last run's bytes),
    # or many (packed whole), up to 75 of a kind (past the table of counts' bytes): always
    # numpy's float32s of the new counts
    rng = random.Random(3)
    last: ndb_vector.Counted | None = None
    cards: list[int] = []
    for step in range(600):
        cards = list(cards) if len(cards) < 200 else cards[:40]
        for _ in range(rng.choice((0, 1, 1, 2, ndb_vector.SPLICES, ndb_vector.SPLICES + 1,
                                   30))):
            if cards and rng.random() < 0.5:
                cards.pop(rng.randrange(len(cards)))
            else:
                cards[rng.randrange(len(cards) + 1):0] = [rng.randrange(52)] * rng.choice(
                    (1, 1, 2, 60, 61, 75))
        made = ndb_vector.counted(cards, 52, last)
        counts = [cards.count(kind) for kind in range(52)]
        assert made.run == np.array(counts, np.float32).tobytes(), step
        assert made.counts == counts and made.kinds is cards
        last = made


def test_a_draft_is_a_value_equal_hashed_and_pickled_by_its_fields() -> None:
    import pickle

    from bohnen.rl.ndb import NdbDraft
    a, b = NdbDraft((1, 2), ("0: play G2", "0: play G3")), NdbDraft((1, 2), ("0: play G2",
                                                                             "0: play G3"))
    assert a == b and hash(a) == hash(b) and a is not b and a != NdbDraft((1,), ("x",))
    assert a != (a.ids, a.notations) and pickle.loads(pickle.dumps(a)) == a
    assert repr(a) == "NdbDraft(ids=(1, 2), notations=('0: play G2', '0: play G3'))"
    # its mask's bytes, kept on it once made: not a field (b, without them, stays equal)
    enc = NdbEncoding(4)
    allowed = enc.mask_bytes(a)
    assert a.allowed is allowed and enc.mask_bytes(a) is allowed and b.allowed is None
    assert allowed == bytes(i in (1, 2) for i in range(enc.action_count))
    assert a == b and hash(a) == hash(b) and pickle.loads(pickle.dumps(a)).allowed is None


# --- the native writer (bohnen.rl.ndb_native: built by the compiled build only) ---------

needs_native = pytest.mark.skipif(
    not ndb_native.NATIVE, reason="the native writer is built by the compiled build only "
                                  "(BOHNEN_MYPYC=1; .ci/run tests it on its wheel)")


def writers(players: int) -> tuple[ndb_vector.NdbVector, ndb_vector.NdbVector]:
    """The build's writer of a ``players``-player game's vectors (the native one where
    built), and the pure one."""
    enc = NdbEncoding(players)
    fields = [(f.name, f.size) for f in enc.layout.fields]
    return (ndb_vector.NdbVector(players, enc.codes, 4, fields),
            ndb_vector.NdbVector(players, enc.codes, 4, fields, native=False))


def test_the_build_writes_with_the_native_writer_where_it_has_one() -> None:
    built, pure = writers(4)
    assert (built._native is not None) == ndb_native.NATIVE
    assert pure._native is None


@needs_native
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_native_writer_writes_the_pure_writers_vectors_over_whole_games(
        players: int) -> None:
    # every seat's vector at every decision of whole games (every phase, trick, take and
    # round, the game's end): float for float the pure writer's
    native, pure = writers(players)
    for seed in range(2):
        state = cast(NdbState, GAME.new_game(GAME.options(players), seed))
        rng = random.Random(seed)
        while True:
            for s in range(players):
                value = seen(state, s)
                written = native.vector(value)
                assert written.dtype == np.float32 and written.flags.writeable
                assert written.tobytes() == pure.vector(value).tobytes()
                assert native.vector(of_view(view(state, s))).tobytes() == written.tobytes()
            if state.is_over:
                break
            state.advance(rng.choice(state.legal_actions(state.to_act()[0])))


@pytest.mark.parametrize("native", [True, False], ids=["build's writer", "pure writer"])
def test_either_writer_refuses_what_does_not_fit(native: bool) -> None:
    writer = writers(4)[0 if native else 1]
    value = seen(mid_game(), 0)
    with pytest.raises(ValueError, match="not a view of a 4-player ndb game"):
        writer.vector(value._replace(players=5))
    with pytest.raises(ValueError, match="no phase 'nap' in ndb"):
        writer.vector(value._replace(phase="nap"))
    five_rows = tuple(NdbRow(("G1",), 1) for _ in range(5))
    with pytest.raises(ValueError, match="does not fit the encoding's layout"):
        writer.vector(value._replace(rows=(five_rows, *value.rows[1:])))
    with pytest.raises(KeyError, match="Z9"):
        writer.vector(value._replace(hand=("Z9",)))
    with pytest.raises(IndexError):
        writer.vector(value._replace(seat=4))
    replace: Any = value._replace  # fields of the wrong type, on purpose
    with pytest.raises(TypeError):
        writer.vector(replace(hand=None))
    assert writer.vector(value).tobytes() == writers(4)[1].vector(value).tobytes()


@needs_native
def test_the_native_writer_refuses_a_field_of_another_type_naming_it() -> None:
    # what is not a tuple where Seen has one is refused with TypeError naming the field,
    # never read as one; a value of another type with Seen's fields is read by name
    native = writers(4)[0]
    value = seen(mid_game(), 0)
    replace: Any = value._replace  # fields of the wrong type, on purpose
    for field in ("hand", "to_act", "played", "taken", "table", "rows", "hand_sizes",
                  "rows_scores", "totals"):
        for bad in (None, list(getattr(value, field))):
            with pytest.raises(TypeError, match=field):
                native.vector(replace(**{field: bad}))
    rows: list[Any] = list(value.rows)
    rows[1] = [*rows[1]]
    with pytest.raises(TypeError, match="a seat's rows"):
        native.vector(replace(rows=tuple(rows)))

    class Plain:
        def __init__(self, of: NdbSeen) -> None:
            self.__dict__.update(of._asdict())

    expected = native.vector(value).tobytes()
    assert native.vector(cast(Any, Plain(value))).tobytes() == expected
    assert native.vector(value).tobytes() == expected  # the named tuple by position again
