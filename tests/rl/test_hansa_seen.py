"""Bohn Hansa's accessor of what a seat sees, beyond the checks every game's accessor has
(tests/rl/test_seen.py): deals composed to the end agree from the state and from the view
at every step; an environment's step builds no view; the encoding's kept pieces of
vectors (per contract, per market and ladder) give what a fresh encoding gives; the
accessor holds nothing another seat hides, even where the view's JSON would hold it."""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encodings import make_encoding
from bohnen.rl.hansa_seen import accessors as typed_accessors

from .hansa_reference import Reference
from .test_seen import decisions


def test_the_vectors_are_those_reckoned_from_the_view_as_before() -> None:
    """Over whole games, every seat at every decision: the vector the encoding reads from
    the state (through its kept pieces, warm from the games before) is the one the
    vector's code before the accessor reckoned from the view (:mod:`.hansa_reference`),
    with the seat's deal under way too. The games include a closing phase (seats still
    to close: the last decisions of few games show one)."""
    closing = 0
    for players, bot, seed in ((3, "random", 71), (4, "heuristic", 77), (5, "random", 79)):
        enc = make_encoding("hansa", players)
        reference = Reference(cast(Any, enc).vector)
        for state in decisions("hansa", players, {}, bot, seed):
            for seat in range(players):
                view = cast(JSONObject, state.view(seat))
                assert np.array_equal(enc.encode_state(state, seat, None),
                                      reference.observe(view, None))
                closing += bool(view["closing"])
                if seat in state.to_act():
                    _deals_agree(enc, reference, state, seat, view)
    assert closing


def _deals_agree(enc: Any, reference: Reference, state: AnyState, seat: int,
                 view: JSONObject) -> None:
    """The vector with each deal the seat may start (its first id) is the reference's."""
    fresh = enc.start_state(state, seat)
    for first in np.flatnonzero(enc.mask(fresh)):
        draft, notation = enc.choose(fresh, int(first))
        if notation is None:
            assert np.array_equal(enc.encode_state(state, seat, draft),
                                  reference.observe(view, draft.deal))


def test_deals_agree_from_the_state_and_the_view_at_every_step() -> None:
    """Every deal a seat may start, composed by random ids to its ``submit``: the vector
    of the state with the draft is the view's, step after step."""
    enc = make_encoding("hansa", 4)
    rng = random.Random(21)
    steps = 0
    for state in decisions("hansa", 4, {"proposal_size": 2}, "random", 21):
        for seat in state.to_act():
            view = cast(JSONObject, state.view(seat))
            fresh = enc.start_state(state, seat)
            for first in np.flatnonzero(enc.mask(fresh)):
                draft, notation = enc.choose(fresh, int(first))
                while notation is None:
                    assert np.array_equal(enc.encode_state(state, seat, draft),
                                          enc.observe(view, draft))
                    steps += 1
                    draft, notation = enc.choose(
                        draft, rng.choice(np.flatnonzero(enc.mask(draft)).tolist()))
    assert steps > 100  # deals were composed, beans given, wanted and bought


def test_an_environment_step_builds_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game of the AEC environment with the engine's view refused: the vectors,
    masks and drafts come from the accessor."""
    import bohnen.hansa.state as engine_state
    from bohnen.rl.aec import BohnenAEC

    if not engine_state.__file__.endswith(".py"):
        pytest.skip("a compiled state's view cannot be replaced")

    def refused(state: object, seat: object) -> object:
        raise AssertionError("a view was built")

    env: Any = BohnenAEC(make_encoding("hansa", 3))  # sized by a new game's board, once
    monkeypatch.setattr(engine_state, "_view", refused)
    env.reset(seed=5)
    rng = random.Random(5)
    steps = 0
    for _agent in env.agent_iter(max_iter=3000):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
        steps += 1
    assert steps > 200
    with pytest.raises(AssertionError, match="a view was built"):
        get_game("hansa").new_game(get_game("hansa").options(3), 0).view(0)


def test_a_warm_encoding_gives_what_a_fresh_one_gives() -> None:
    """The pieces of vectors an encoding keeps (by contract, by market and ladder) are
    values: an encoding that encoded other games before gives the vectors of a fresh
    one, and the engine's kept markets serve every game of the board."""
    warm = make_encoding("hansa", 3)
    for seed in (31, 32):
        for state in decisions("hansa", 3, {}, "random", seed)[::7]:
            for seat in range(3):
                warm.encode_state(state, seat, None)
    for state in decisions("hansa", 3, {}, "heuristic", 33)[::5]:
        fresh = make_encoding("hansa", 3)
        for seat in range(3):
            assert np.array_equal(warm.encode_state(state, seat, None),
                                  fresh.observe(cast(JSONObject, state.view(seat)), None))


def test_the_accessor_hides_the_other_hands_and_the_piles() -> None:
    """Two positions that differ only in what ``seat`` cannot see (the other hands, the
    contract pile, the Neue-Ernte pile and reserve) give ``seat`` the same value; the
    other seats' values change with their own hands."""
    seen, _ = typed_accessors("hansa")
    game = get_game("hansa")
    state: AnyState = game.new_game(game.options(4), 41)
    rng = random.Random(41)
    for _ in range(20):
        other = state.determinize(0, rng)
        assert seen(other, 0) == seen(state, 0)
        assert any(seen(other, s).hand != seen(state, s).hand for s in (1, 2, 3))
    value = seen(state, 0)
    assert len(value.players) == 4 and not hasattr(value.players[1], "hand")
    assert value.hand and value.contract_pile_size == len(cast(Any, state).contract_pile)


def test_the_ids_kept_open_are_those_of_the_draft_asked_about() -> None:
    """The encoding keeps the open ids of the last draft asked about: asked about drafts
    in another order (deals under way among them), it gives each its own mask, as a
    fresh encoding does, and refuses in a draft what only the previous one allowed."""
    enc = make_encoding("hansa", 4)
    drafts: list[Any] = []
    for state in decisions("hansa", 4, {}, "random", 61)[::4]:
        for seat in state.to_act():
            fresh = enc.start_state(state, seat)
            drafts.append(fresh)
            for first in np.flatnonzero(enc.mask(fresh))[-2:]:
                drafts.append(enc.choose(fresh, int(first))[0])
    masks = [enc.mask(d) for d in drafts]
    other = make_encoding("hansa", 4)
    refused = 0
    for k in range(len(drafts) - 1, 0, -1):
        draft, before = drafts[k - 1], drafts[k]
        enc.mask(before)  # kept: the ids open in ``before``
        assert np.array_equal(enc.mask(draft), masks[k - 1])
        assert np.array_equal(other.mask(draft), masks[k - 1])
        shut = np.flatnonzero(masks[k] & (1 - masks[k - 1]))
        if shut.size:
            refused += 1
            enc.mask(before)
            with pytest.raises(ValueError, match="not legal in this draft"):
                enc.choose(draft, int(shut[0]))
    assert refused


def test_the_kept_markets_follow_the_price_slot() -> None:
    """The cities' markets the accessor keeps are kept per ladders, trading city *and*
    price slot: a trade phase's position with only its price slot changed is seen with
    that slot's prices, as its view shows them."""
    seen, of_view = typed_accessors("hansa")
    state = next(s for s in decisions("hansa", 3, {}, "random", 81)
                 if cast(Any, s).phase == 3)  # trade
    seen(state, 0)  # its markets kept
    changed = 0
    for slot in range(4):
        copy: Any = state.clone()
        copy.price_slot = slot
        value = seen(copy, 0)
        assert value == of_view(cast(JSONObject, copy.view(0)))
        changed += value.cities != seen(state, 0).cities
    assert changed


def test_a_pickled_encoding_carries_nothing_it_keeps() -> None:
    """A warm encoding pickles as a fresh one (its arguments only) and its copy encodes
    as it does."""
    import pickle

    enc = make_encoding("hansa", 3)
    fresh = pickle.dumps(enc)
    states = decisions("hansa", 3, {}, "random", 91)[::9]
    vectors = [enc.encode_state(s, 0, None) for s in states]
    enc.mask(enc.start_state(states[-2], states[-2].to_act()[0]))
    assert pickle.dumps(enc) == fresh
    copy = pickle.loads(pickle.dumps(enc))
    assert all(np.array_equal(copy.encode_state(s, 0, None), v)
               for s, v in zip(states, vectors, strict=True))
