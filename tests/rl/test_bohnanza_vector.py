"""The blocks Bohnanza's vector keeps (bohnen/rl/bohnanza_vector.py): over whole games,
at every position, for every seat and with drafts under way, an encoding that has kept
blocks for thousands of steps gives the vector a new encoding makes from nothing, also
when its dictionaries are small and start afresh; a vector handed out is the caller's
own."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from bohnen.core.protocol import AnyState
from bohnen.core.registry import get_game
from bohnen.rl import bohnanza_vector
from bohnen.rl.bohnanza import BohnanzaEncoding

GAME = get_game("bohnanza")
CASES = [(4, {}, 1), (5, {"trading": "open", "max_proposals_per_turn": 3}, 2),
         (3, {"expert_taler_trading": True, "proposal_size": 2}, 3)]


def move(state: Any, rng: random.Random) -> Any:
    """A random move of a seat to act: a legal action, or now and then a proposal from
    its proposal space (in open trading a seat to act may have only any-time actions)."""
    seat = rng.choice(state.to_act())
    space = state.proposals(seat)
    actions = state.legal_actions(seat) or [
        a for s in range(state.players) for a in state.any_time_actions(s)]
    if space and (not actions or rng.random() < 0.3):
        return space[rng.randrange(len(space))]
    return rng.choice(actions)


def positions(players: int, options: dict[str, Any], seed: int) -> list[AnyState]:
    """Every position of a random game, as played (the states themselves, one by one)."""
    state: AnyState = GAME.new_game(GAME.options(players, **options), seed)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_over:
        state.advance(move(state, rng))
        out.append(state.clone())
    return out


def drafts(enc: BohnanzaEncoding, state: AnyState, seat: int) -> list[Any]:
    """No draft, the seat's fresh draft and the drafts its first ids open."""
    if seat not in state.to_act():
        return [None]
    fresh = enc.start_state(state, seat)
    out = [None, fresh]
    for action_id in np.flatnonzero(enc.mask(fresh)):
        draft, notation = enc.choose(fresh, int(action_id))
        if notation is None:
            out.append(draft)
    return out


@pytest.mark.parametrize("kept", [bohnanza_vector.KEPT, 3])
@pytest.mark.parametrize(("players", "options", "seed"), CASES)
def test_kept_blocks_are_the_blocks_made_anew(monkeypatch: pytest.MonkeyPatch, kept: int,
                                              players: int, options: dict[str, Any],
                                              seed: int) -> None:
    monkeypatch.setattr(bohnanza_vector, "KEPT", kept)
    keeping = BohnanzaEncoding(players)
    rng = random.Random(seed)
    for state in positions(players, options, seed):
        seats = list(range(players))
        rng.shuffle(seats)  # the seats in any order: what is kept is no seat's
        for seat in seats:
            for draft in drafts(keeping, state, seat):
                made = BohnanzaEncoding(players).encode_state(state, seat, draft)
                assert np.array_equal(keeping.encode_state(state, seat, draft), made)
                assert np.array_equal(keeping.encode_state(state, seat, draft), made)
    vectors = keeping._vectors
    for name in ("_heads", "_discards", "_face_ups", "_seats", "_rows", "_hands",
                 "_tradings"):
        assert 0 < len(getattr(vectors, name)) <= kept
    assert 0 < len(vectors.drafts) <= kept


def test_a_vector_handed_out_is_the_callers_own() -> None:
    enc = BohnanzaEncoding(4)
    state = GAME.new_game(GAME.options(4), 5)
    seat = state.to_act()[0]
    first = enc.encode_state(state, seat, None)
    expected = first.copy()
    first[:] = 7.0
    assert np.array_equal(enc.encode_state(state, seat, None), expected)
    draft = enc.start_state(state, seat)
    again = enc.encode_state(state, seat, draft)
    again[:] = 7.0
    assert np.array_equal(enc.encode_state(state, seat, None), expected)


def variants(value: Any) -> list[Any]:
    """Values each differing from ``value`` in one place (a field, a field of a player, of
    a proposal, a card); the few the encoding refuses are skipped by the caller."""
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        named: Any = value  # a NamedTuple of the accessor
        out = []
        for name in value._fields:
            field = getattr(named, name)
            changed = variants(field) if name != "players" else [  # every seat stays
                v for v in variants(field) if len(v) == len(field)]
            out += [named._replace(**{name: v}) for v in changed]
        return out
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1]
    if value is None:  # a floor, a bound, a field's bean: some are refused (skipped)
        return [0, "BL"]
    if isinstance(value, str):  # a phase, a trading mode, a bean
        for group in (bohnanza_vector.PHASES, ("open", "turn_based"), bohnanza_vector.BEANS):
            if value in group:
                return [v for v in group if v != value][:1]
        return []
    assert isinstance(value, tuple)
    out = [value[:-1]] if value else []
    if not value or isinstance(value[0], str):
        out.append((*value, "GA"))
    if value and isinstance(value[0], int):
        out.append((*value, 0))
    for i, item in enumerate(value):
        out += [(*value[:i], v, *value[i + 1:]) for v in variants(item)]
    return out


@pytest.mark.parametrize(("players", "options", "seed"), CASES)
def test_a_value_that_differs_anywhere_gets_its_own_blocks(players: int,
                                                           options: dict[str, Any],
                                                           seed: int) -> None:
    """Each value read is part of the key of its block: a value that differs from one
    seen before in any one place (a field, a player's, a proposal's, a card) gets the
    vector made anew, never a block kept for the other."""
    game = positions(players, options, seed)
    enc = BohnanzaEncoding(players)
    trading = [s for s in game if getattr(s, "open_proposals", ())]
    checked = 0
    for state in (game[len(game) // 2], trading[len(trading) // 2], game[-1]):
        for seat in range(players):
            value = enc._seen_of(state, seat)
            keeping = bohnanza_vector.Vectors(players, 16, 4, 3)
            draft = enc._draft_block(None)
            keeping.vector(value, draft)
            for other in variants(value):
                try:
                    made = bohnanza_vector.Vectors(players, 16, 4, 3).vector(other, draft)
                except (AttributeError, TypeError, ValueError):
                    continue  # not a value an accessor hands out
                assert np.array_equal(keeping.vector(other, draft), made)
                keeping.vector(value, draft)
                checked += 1
    assert checked > 1000


def test_a_draft_that_differs_anywhere_gets_its_own_block() -> None:
    enc = BohnanzaEncoding(4)
    state = GAME.new_game(GAME.options(4), 5)
    seat = state.to_act()[0]
    for draft in drafts(enc, state, seat)[1:]:
        for name, values in (("kind", ["root", "propose", "counter", "accept"]),
                             ("target", [0, 1, 2]), ("gives", [(), (0,), (2, 3)]),
                             ("give_talers", [0, 1]), ("wants", [(), (1,), (1, 1)]),
                             ("want_talers", [0, 2]), ("cancels", [0, 1])):
            for v in values:
                other = replace(draft, **{name: v})
                assert np.array_equal(enc._draft_block(other),
                                      BohnanzaEncoding(4)._draft_block(other))


def test_a_block_is_clipped_to_its_bounds_only_where_a_value_lies_outside() -> None:
    inside = bohnanza_vector.block(4, [0, 2, 3], [1.0, 0.25, 0.0])
    assert inside.dtype == np.float32 and inside.tolist() == [1.0, 0.0, 0.25, 0.0]
    outside = bohnanza_vector.block(4, [0, 1, 3], [1.5, -0.5, 1 / 3])
    assert outside.tolist() == [1.0, 0.0, 0.0, np.float32(1 / 3)]


def test_an_encoding_pickles_without_its_kept_blocks() -> None:
    enc = BohnanzaEncoding(4, hand_slots=12)
    state = GAME.new_game(GAME.options(4), 5)
    seat = state.to_act()[0]
    vector = enc.encode_state(state, seat, enc.start_state(state, seat))
    copy = pickle.loads(pickle.dumps(enc))
    assert not copy._vectors._rows and not copy._vectors.drafts
    assert copy._vectors.hand_slots == 12
    assert np.array_equal(copy.encode_state(state, seat, enc.start_state(state, seat)), vector)
