"""OpenSpiel's observation types on the games (issue 37, item 3): each observer
carries exactly its share, public or private, checked on hidden-card pairs (two
states that differ only in cards a seat cannot see, by the engine's determinize)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest

from bohnen.rl.encodings import GAMES

from .openspiel_helpers import PRIVATE, SMALL, Game, dealt, has_layout, load

# --- observation types ------------------------------------------------------------------

def _kind(public: bool, private: Any, recall: bool = False) -> Any:
    return pyspiel.IIGObservationType(public_info=public, perfect_recall=recall,
                                      private_info=private)


def _observe(game: Game, kind: Any, state: Game, player: int) -> tuple[np.ndarray, str]:
    observer = game.make_py_observer(kind)
    observer.set_from(state, player)
    return observer.tensor.copy(), observer.string_from(state, player)


def _twin(state: Game, seat: int, seed: int) -> Game:
    """A state differing from ``state`` only in what ``seat`` cannot see."""
    twin = state.clone()
    twin.engine.state = state.state.determinize(seat, random.Random(seed))
    if state.current_player() != seat:
        twin.draft = None
    return twin


KINDS = [(public, private, recall) for public in (True, False)
         for private in (PRIVATE.NONE, PRIVATE.SINGLE_PLAYER, PRIVATE.ALL_PLAYERS)
         for recall in (False, True)]


@pytest.mark.parametrize("name", GAMES)
def test_observers_carry_exactly_their_share_on_hidden_card_pairs(name: str) -> None:
    """Two states that differ only in cards a seat cannot see: every player's public
    observation is the same in both; the seat's private observation is the same; and
    some player's private observation differs, so a public one that carried it would
    differ too (a public observation differs from nothing private)."""
    if not has_layout(name):
        pytest.skip(f"the {name} encoding declares no layout (private fields) yet")
    game = load(name, 4, extra=SMALL[name])
    public_only = _kind(True, PRIVATE.NONE)
    seen_private_change = False
    for n in range(6):
        state = dealt(game, n, steps=3 + 7 * n)
        for seat in range(4):
            twin = _twin(state, seat, n)
            for player in range(4):
                for recall in (False, True):
                    kind = _kind(True, PRIVATE.NONE, recall)
                    a, b = _observe(game, kind, state, player), _observe(game, kind, twin, player)
                    assert np.array_equal(a[0], b[0]) and a[1] == b[1]
                own_kind = _kind(False, PRIVATE.SINGLE_PLAYER)
                own_a = _observe(game, own_kind, state, player)
                own_b = _observe(game, own_kind, twin, player)
                if player == seat:
                    assert np.array_equal(own_a[0], own_b[0]) and own_a[1] == own_b[1]
                elif not np.array_equal(own_a[0], own_b[0]):
                    seen_private_change = True
                    assert np.array_equal(_observe(game, public_only, state, player)[0],
                                          _observe(game, public_only, twin, player)[0])
    assert seen_private_change


@pytest.mark.parametrize("name", GAMES)
def test_a_public_observer_leaves_out_the_hand(name: str) -> None:
    """Today's finding: a public-only observer returned the seat's hand."""
    if not has_layout(name):
        pytest.skip(f"the {name} encoding declares no layout (private fields) yet")
    game = load(name, 3, extra=SMALL[name])
    state = dealt(game, 2, steps=1)
    seat = state.current_player()
    encoding = game.encoding
    private = [f for f in encoding.layout.fields if f.private]
    public_size = encoding.observation_size - sum(f.size for f in private)
    tensor, text = _observe(game, _kind(True, PRIVATE.NONE), state, seat)
    assert tensor.shape == (public_size,)
    for other in range(3):  # the public string is the spectator's: the same for all
        assert _observe(game, _kind(True, PRIVATE.NONE), state, other)[1] == text
    assert text != state.observation_string(seat)  # which carries the seat's share
    whole = np.array(state.observation_tensor(seat), np.float32)
    own, _ = _observe(game, _kind(False, PRIVATE.SINGLE_PLAYER), state, seat)
    assert np.array_equal(np.sort(np.concatenate([tensor, own])), np.sort(whole))


@pytest.mark.parametrize(("public", "private", "recall"), KINDS)
def test_every_observation_type_gives_a_tensor_of_its_size(public: bool, private: Any,
                                                           recall: bool) -> None:
    game = load("ndb", 3, extra="rounds=1")
    layout = game.encoding.layout
    own = sum(f.size for f in layout.fields if f.private)
    shared = layout.size - own
    size = (shared if public else 0) + {PRIVATE.NONE: 0, PRIVATE.SINGLE_PLAYER: own,
                                        PRIVATE.ALL_PLAYERS: 3 * own}[private]
    state = dealt(game, 1, steps=2)
    tensor, text = _observe(game, _kind(public, private, recall), state, 0)
    assert tensor.shape == (size,)
    assert ("seat 0:" in text) == (private != PRIVATE.NONE)
    assert ("seat 1:" in text) == (private == PRIVATE.ALL_PLAYERS)


@pytest.mark.parametrize("name", GAMES)
def test_the_default_tensors_are_the_encoding_of_the_seats_view(name: str) -> None:
    game = load(name, 4, extra=SMALL[name])
    state = dealt(game, 5, steps=7)
    seat = state.current_player()
    size = game.observation_tensor_size()
    tensor = np.array(state.observation_tensor(seat), np.float32)
    assert tensor.shape == (size,) == (game.information_state_tensor_size(),)
    expected = game.encoding.observe(state.state.view(seat), state.draft)
    assert np.array_equal(tensor, expected)
    assert state.information_state_tensor(seat) == state.observation_tensor(seat)
