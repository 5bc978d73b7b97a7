"""The games as OpenSpiel games (issue 25, part 4; issue 37, item 3): their type,
OpenSpiel's own tests of a Python game (random_sim_test, pickling), rule options as
parameters, the deal as chance nodes of the real shuffle, the bound on a game's length,
and OpenSpiel's Python ISMCTS, C++ evaluate_bots and outcome-sampling MCCFR playing. The
observation types: test_openspiel_observer.py."""

from __future__ import annotations

import pickle
from dataclasses import fields
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from bohnen.core.registry import get_game
from bohnen.rl.encodings import GAMES
from bohnen.rl.openspiel import short_name
from bohnen.rl.openspiel_params import specification

from .openspiel_helpers import SIMS, SMALL, Game, dealt, load, play

# --- the type and OpenSpiel's own tests ---------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_is_sequential_imperfect_information_general_sum(name: str) -> None:
    kind = load(name, 3).get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(load(name, 3, extra=SMALL[name]), num_sims=SIMS[name],
                            serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_game_and_its_states_pickle_as_openspiels_own_tests_ask(name: str) -> None:
    """OpenSpiel's test_pickle of its Python games (tic_tac_toe_test.py), unmodified."""
    game = load(name, 3, extra=SMALL[name])
    unpickled_game = pickle.loads(pickle.dumps(game))
    assert str(game) == str(unpickled_game)
    state = dealt(game, 4, steps=4)
    new_game, new_state = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(game) == str(new_game)
    assert str(state) == str(new_state)
    assert str(state) == str(pickle.loads(pickle.dumps(state)))


# --- parameters ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_every_rule_option_is_a_parameter_of_its_type(name: str) -> None:
    defaults = get_game(name).options(3)
    spec = specification(name, 3)
    for f in fields(defaults):
        assert f.name in spec, f.name
        value = getattr(defaults, f.name)
        if value is not None and f.name != "board_digest":  # filled in when made
            assert type(spec[f.name]) is type(value), f.name
            assert spec[f.name] == value, f.name
    game = load(name, 3)
    assert set(game.get_parameters()) == set(spec)
    assert str(game).startswith(short_name(name))


def test_rule_options_reach_the_engine() -> None:
    game = pyspiel.load_game("python_bohnen_ndb(players=4,rounds=1)")
    assert game.options.rounds == 1
    state = dealt(game, 0)
    assert state.state.view(None)["options"]["rounds"] == 1
    bohnanza = pyspiel.load_game("python_bohnen_bohnanza(trading=open,"
                                 "max_proposals_per_turn=4,third_field_cost=2)")
    options = bohnanza.options
    assert options.trading == "open" and options.max_proposals_per_turn == 4
    assert options.third_field_cost == 2
    assert pyspiel.load_game("python_bohnen_bohnanza").options.third_field_cost is None
    hansa = pyspiel.load_game("python_bohnen_hansa(players=5,reshuffle_contracts=false)")
    assert hansa.options.reshuffle_contracts is False and hansa.num_players() == 5


@pytest.mark.parametrize("spec", ["python_bohnen_ndb(bogus=1)",
                                  "python_bohnen_bohnanza(trade=open)"])
def test_an_unknown_parameter_is_refused_by_openspiel(spec: str) -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game(spec)


@pytest.mark.parametrize("spec", ["python_bohnen_ndb(rounds=x)",
                                  "python_bohnen_bohnanza(beginner=3)",
                                  "python_bohnen_hansa(proposal_size=true)"])
def test_a_parameter_of_the_wrong_type_is_refused_by_openspiel(spec: str) -> None:
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter"):
        pyspiel.load_game(spec)


@pytest.mark.parametrize(("spec", "option"), [("python_bohnen_ndb(players=9)", "players"),
                                              ("python_bohnen_ndb(rounds=13)", "rounds"),
                                              ("python_bohnen_bohnanza(trading=both)",
                                               "trading")])
def test_a_bad_value_is_refused_with_the_options_name(spec: str, option: str) -> None:
    with pytest.raises(ValueError, match=option):
        pyspiel.load_game(spec)


def test_a_game_without_a_bound_on_its_length_is_refused() -> None:
    """Open trading with no proposal allowance (-1 stands for None) may never end."""
    with pytest.raises(ValueError, match="max_proposals_per_turn"):
        pyspiel.load_game("python_bohnen_bohnanza(trading=open,max_proposals_per_turn=-1)")


# --- chance -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_chance_draws_the_deck_card_by_card_with_odds_that_sum_to_one(name: str) -> None:
    game = load(name, 3)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(0 <= kind < game.max_chance_outcomes() for kind, _ in outcomes)
        nodes += 1
        play(state, rng, 1)
    assert nodes == game.deck.size
    fresh = dealt(game, 9)
    assert sorted(state.deck.cards(state.drawn)) == sorted(fresh.deck.cards(fresh.drawn))


@pytest.mark.parametrize("name", GAMES)
def test_distinct_outcomes_give_distinct_decks(name: str) -> None:
    game = load(name, 3)
    first = game.new_initial_state()
    kinds = [kind for kind, _ in first.chance_outcomes()]
    assert len(kinds) > 1
    decks = set()
    for kind in kinds[:3]:
        state = game.new_initial_state()
        state.apply_action(kind)
        play(state, np.random.default_rng(0), game.deck.size)  # the rest of the deal alike
        assert not state.is_chance_node()
        decks.add(tuple(state.deck.cards(state.drawn)))
        assert state.deck.cards(state.drawn)[0] == game.deck.kinds[kind]
    assert len(decks) == min(3, len(kinds))


def test_the_deal_spans_more_than_4096_games() -> None:
    """Today's finding: one chance node of 4,096 deals. Now each card is a node."""
    game = load("ndb", 3)
    decks = {tuple(dealt(game, seed).drawn) for seed in range(50)}
    assert len(decks) == 50
    assert game.deck.size == 60 and game.max_chance_outcomes() == 52


def test_the_same_deal_and_seed_give_the_same_game() -> None:
    a = dealt(load("ndb", 3, seed=5), 3, steps=20)
    b = dealt(load("ndb", 3, seed=5), 3, steps=20)
    assert a.state.to_json() == b.state.to_json()


def _second_round(seed: int, deal: int) -> object:
    """The hands of round 2 (shuffled by the engine, not by chance nodes)."""
    game = load("ndb", 3, seed=seed, extra="rounds=2")
    state = dealt(game, deal, steps=game.max_game_length() // 2)
    assert state.state.view(None)["round"] == 2
    return state.state.to_json()["hands"]


def test_the_seed_and_the_deal_pick_the_shuffles_during_the_game() -> None:
    """The seed of the engine's later shuffles is made of ``seed`` and the deck: the
    same pair gives the same second round, another seed or another deal another."""
    assert _second_round(1, 0) == _second_round(1, 0)
    assert _second_round(1, 0) != _second_round(2, 0)
    assert _second_round(1, 0) != _second_round(1, 1)


# --- length -------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "rounds"), [(3, 1), (4, 2), (5, 1), (6, 1)])
def test_nicht_die_bohne_plays_exactly_its_bound(players: int, rounds: int) -> None:
    """Every trick has a play of each seat and the takes with a choice (all but the last
    two): the bound is exact, so no game exceeds it and none falls short."""
    game = load("ndb", players, extra=f"rounds={rounds}")
    for n in range(3):
        state = dealt(game, n)
        decisions = 0
        while not state.is_terminal():
            play(state, np.random.default_rng(n), 1)
            decisions += 1
        assert decisions == game.max_game_length()


@pytest.mark.parametrize("name", ["bohnanza", "hansa"])
def test_random_games_stay_within_the_bound(name: str) -> None:
    game = load(name, 3)
    longest = 0
    for n in range(2):
        state = dealt(game, n)
        decisions = 0
        while not state.is_terminal():
            play(state, np.random.default_rng(n), 1)
            decisions += 1
        longest = max(longest, decisions)
    assert longest <= game.max_game_length() <= LOOSENESS * longest


# The bounds of Bohnanza and Bohn Hansa are worst cases (every proposal allowance used,
# every draft cancelled once, the longest hand queues: bohnen.rl.openspiel_length);
# random play measured 400 to 1,400 times below them (3 to 5 players). A bound far
# looser than that has lost a term of its derivation.
LOOSENESS = 2000


# --- search -------------------------------------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_is_the_same_to_the_seat_and_redraws_the_rest(name: str) -> None:
    game = load(name, 4, extra=SMALL[name])
    state = dealt(game, 3, steps=5)
    seat = state.current_player()
    hidden_differs = False
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    for n in range(8):
        twin = state.resample_from_infostate(seat, sampler)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
        assert twin.legal_actions() == state.legal_actions()
        other = (seat + 1 + n % 3) % 4
        hidden_differs |= twin.state.view(other) != state.state.view(other)
    assert hidden_differs  # what the seat cannot see was drawn again at least once


def _ismcts(game: Game, seed: int) -> Any:
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                           2.0, max_simulations=4, random_state=np.random.RandomState(seed))
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_python_ismcts_plays_with_our_resampler(name: str) -> None:
    game = load(name, 3, extra=SMALL[name])
    bot = _ismcts(game, 7)
    state = dealt(game, 11)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_openspiels_evaluate_bots_plays_a_whole_game_with_ismcts() -> None:
    """OpenSpiel's C++ ``evaluate_bots`` plays a whole game of Python ISMCTS against
    uniform random bots: the returns are a share of the win (they add up to 1)."""
    game = load("ndb", 3, extra="rounds=1")
    bots = [_ismcts(game, 3), pyspiel.make_uniform_random_bot(1, 1),
            pyspiel.make_uniform_random_bot(2, 2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 5)
    assert len(returns) == 3 and abs(sum(returns) - 1.0) < 1e-9


def test_openspiels_outcome_sampling_mccfr_runs() -> None:
    """OpenSpiel's outcome-sampling MCCFR walks sampled games through the information
    state strings and learns a policy over the legal ids of the states it met."""
    game = load("ndb", 3, extra="rounds=1")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)
    for _ in range(3):
        solver.iteration()
    policy = solver.average_policy()
    state = dealt(game, 0)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert abs(sum(probs.values()) - 1.0) < 1e-9
