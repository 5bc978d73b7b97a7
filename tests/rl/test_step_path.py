"""The environments' step path, made cheaper without changing what it gives: the vector
and the draft read together (``Encoding.encode_start``), masks written byte by byte
(``mask_of``), notations and JSON kept by the action's identity, Bohnanza's legal ids
kept for the last draft, the infos of the agents not to act left empty."""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np
import pytest

import bohnen.rl.encoding as encoding_module
from bohnen.core.protocol import AnyState
from bohnen.core.registry import get_game
from bohnen.rl.bohnanza import BohnanzaEncoding, Draft
from bohnen.rl.encoding import action_json, engine_legal, mask_of, notation_of
from bohnen.rl.encodings import make_encoding
from bohnen.rl.envs import aec_env

CASES = [("ndb", {}), ("bohnanza", {"trading": "turn_based"}),
         ("bohnanza", {"trading": "open"}), ("hansa", {})]


def walk(game_name: str, options: dict[str, str], seed: int, every: int) -> list[AnyState]:
    """Copies of the states of one random game (4 players), every ``every`` moves."""
    game = get_game(game_name)
    state: AnyState = game.new_game(game.options(4, **options), seed)
    rng = random.Random(seed)
    out: list[AnyState] = []
    count = 0
    while not state.is_over and count < 400:
        if count % every == 0:
            out.append(state.clone())
        seat = rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        if legal:
            state.advance(rng.choice(legal))
        count += 1
    return out


@pytest.mark.parametrize(("game", "options"), CASES)
def test_encode_start_is_encode_state_and_start_state(game: str,
                                                      options: dict[str, str]) -> None:
    enc = make_encoding(game, 4)
    for state in walk(game, options, seed=3, every=9):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            vector, draft = enc.encode_start(state, seat, legal)
            assert np.array_equal(vector, enc.encode_state(state, seat, None))
            assert draft == enc.start_state(state, seat, legal)
            assert np.array_equal(enc.mask(draft), enc.mask(enc.start_state(state, seat)))


@pytest.mark.parametrize(("game", "options"), CASES[:3])
def test_the_env_observes_as_the_encoding_reads_the_view(game: str,
                                                         options: dict[str, str]) -> None:
    env = aec_env(game, players=4, options=options)
    env.reset(seed=11)
    rng = random.Random(11)
    enc = env.encoding
    for _ in range(150):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        seat = env._seat[agent]
        table = env.table
        draft = table._drafts.get(seat)
        view = cast(Any, table.state.view(seat))
        assert np.array_equal(obs["observation"], enc.observe(view, draft))
        if draft is None:
            fresh = enc.start(view, engine_legal(table.state, seat))
            assert np.array_equal(obs["action_mask"], enc.mask(fresh))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_mask_of_is_the_mask_of_its_ids() -> None:
    mask = mask_of([3, 0, 3, 9], 10)
    expected = np.zeros(10, np.int8)
    expected[[0, 3, 9]] = 1
    assert mask.dtype == np.int8 and np.array_equal(mask, expected)
    mask[1] = 1  # its own, writable array
    assert mask_of([0], 10)[1] == 0
    with pytest.raises(IndexError):
        mask_of([10], 10)


def test_bohnanza_keeps_the_ids_of_the_last_draft_only_for_that_draft() -> None:
    enc = BohnanzaEncoding(4)
    game = get_game("bohnanza")
    state: AnyState = game.new_game(game.options(4, trading="turn_based"), 2)
    rng = random.Random(2)
    while True:  # a position where the seat to act may propose
        seat = state.to_act()[0]
        root = cast(Draft, enc.start_state(state, seat))
        if root.ctx.targets:
            break
        state.advance(rng.choice(state.legal_actions(seat)))
    first = enc.mask(root)
    proposing, _ = enc.choose(root, enc.TARGET)
    inner = enc.mask(proposing)
    assert not np.array_equal(first, inner)
    assert enc.TARGET in np.flatnonzero(enc.mask(root))  # the root's ids again, not kept
    equal = Draft(root.ctx)  # equal, another object
    assert np.array_equal(enc.mask(equal), first)
    with pytest.raises(ValueError, match="not legal"):
        enc.choose(proposing, enc.TARGET)  # legal in the root, not in the proposal
    assert enc.choose(root, enc.TARGET)[0] == proposing


def test_kept_notations_and_json_hold_their_action(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("ndb")
    state: AnyState = game.new_game(game.options(4), 1)
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    for action in actions:
        assert notation_of(action) == str(action) and notation_of(action) == str(action)
        assert action_json(action) == action.to_json()
    monkeypatch.setattr(encoding_module, "MEMO_SIZE", 1)  # emptied at every new entry
    for _ in range(2):
        for action in actions:
            again = game.parse_action(str(action))
            assert notation_of(again) == str(action) and notation_of(action) == str(action)
            assert action_json(again) == action.to_json() == action_json(action)
    for action, text in encoding_module._TEXTS_BY_ID.values():
        assert text == str(action)  # an entry holds its action: its id is not reused


def test_only_the_agent_to_act_has_an_info() -> None:
    env = aec_env("ndb", players=4)
    env.reset(seed=4)
    rng = random.Random(4)
    for _ in range(40):
        agent = env.agent_selection
        for other in env.agents:
            if other != agent:
                env.infos[other]["mine"] = 1  # a holder's change to an empty info
        assert "legal" in env.infos[agent]
        obs = env.observe(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for other in env.agents:
            if other != env.agent_selection:
                assert env.infos[other] == {}


@pytest.mark.parametrize(("game", "options"), CASES[:2])
def test_a_reset_mid_game_observes_as_a_fresh_environment(game: str,
                                                          options: dict[str, str]) -> None:
    played = aec_env(game, players=4, options=options)
    played.reset(seed=8)
    rng = random.Random(8)
    for _ in range(60):  # every kept value filled by a game under way
        obs = played.observe(played.agent_selection)
        played.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    played.reset(seed=21)
    fresh = aec_env(game, players=4, options=options)
    fresh.reset(seed=21)
    for _ in range(30):
        agent = played.agent_selection
        assert agent == fresh.agent_selection
        a, b = played.observe(agent), fresh.observe(agent)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        assert played.infos == fresh.infos
        action = int(rng.choice(np.flatnonzero(a["action_mask"])))
        played.step(action)
        fresh.step(action)
