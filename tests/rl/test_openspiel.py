"""The games as OpenSpiel games (issue 25, part 4): their type, OpenSpiel's own
random_sim_test, the tensors, resampling from an information state through the
engine's determinize, and OpenSpiel's Python ISMCTS playing with our resampler."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from bohnen.rl.encodings import GAMES
from bohnen.rl.openspiel import register, short_name

register()


def _load(game: str, players: int, seed: int = 0) -> object:
    return pyspiel.load_game(f"{short_name(game)}(players={players},seed={seed})")


def _dealt(game: object, deal: int, steps: int = 0) -> object:
    """The game after the deal ``deal`` and ``steps`` random legal ids."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(deal)
    rng = np.random.default_rng(deal)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_is_sequential_imperfect_information_general_sum(name: str) -> None:
    kind = _load(name, 3).get_type()  # type: ignore[attr-defined]
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(_load(name, 3), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_tensors_are_the_encoding_of_the_seats_view(name: str) -> None:
    game = _load(name, 4)
    state = _dealt(game, 5, steps=7)
    seat = state.current_player()  # type: ignore[attr-defined]
    size = game.observation_tensor_size()  # type: ignore[attr-defined]
    tensor = np.array(state.observation_tensor(seat), np.float32)  # type: ignore[attr-defined]
    assert tensor.shape == (size,) == (game.information_state_tensor_size(),)  # type: ignore[attr-defined]
    assert np.any(tensor)
    assert state.information_state_tensor(seat) == state.observation_tensor(seat)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_is_the_same_to_the_seat_and_redraws_the_rest(name: str) -> None:
    game = _load(name, 4)
    state = _dealt(game, 3, steps=5)
    seat = state.current_player()  # type: ignore[attr-defined]
    hidden_differs = False
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    for n in range(8):
        twin = state.resample_from_infostate(seat, sampler)  # type: ignore[attr-defined]
        assert twin.information_state_string(seat) == state.information_state_string(seat)  # type: ignore[attr-defined]
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)  # type: ignore[attr-defined]
        assert twin.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]
        other = (seat + 1 + n % 3) % 4
        hidden_differs |= twin.state.view(other) != state.state.view(other)  # type: ignore[attr-defined]
    assert hidden_differs  # what the seat cannot see was drawn again at least once


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_python_ismcts_plays_with_our_resampler(name: str) -> None:
    game = _load(name, 3)
    resampled = []
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)

    def resampler(state: object, player: int) -> object:
        resampled.append(player)
        return state.resample_from_infostate(player, sampler)  # type: ignore[attr-defined]

    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           2.0, max_simulations=8, random_state=np.random.RandomState(1))
    bot.set_resampler(resampler)
    state = _dealt(game, 11)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()  # type: ignore[attr-defined]
        state.apply_action(action)  # type: ignore[attr-defined]
    assert resampled


def test_a_bad_parameter_is_refused_with_its_name() -> None:
    with pytest.raises(ValueError, match="players"):
        _load("ndb", 9)
