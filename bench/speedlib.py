"""What the per-game speed benchmarks share: games through the runner, games in a bare
loop, states sampled from random games, and clones per second. Each figure is the
best of ``REPEATS`` runs (the machine may be busy). Not a benchmark by itself."""

from __future__ import annotations

import random
import time
from typing import Any

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.rng import derive
from bohnen.sim.runner import simulate

REPEATS = 3


def runner_games(name: str, players: int, games: int, bot: str, seed: int) -> dict[str, float]:
    """Complete games of game ``name`` through the runner, ``bot`` in every seat."""
    game = get_game(name)
    options = game.options(players)
    runs = [simulate(game, options, seed, games, [make_bot(bot, game) for _ in range(players)])
            for _ in range(REPEATS)]
    best = min(runs, key=lambda s: s.seconds)
    return {"games_per_second": best.games / best.seconds,
            "actions_per_second": best.actions / best.seconds,
            "mean_actions": best.actions / best.games,
            "mean_turns": best.turns / best.games}


def bare_games(name: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Complete games with no runner around them: the first seat to act picks uniformly
    among its legal actions (proposals aside)."""
    game = get_game(name)
    options = game.options(players)
    best_games = best_actions = 0.0
    for _ in range(REPEATS):
        rng = random.Random(seed)
        actions = 0
        start = time.perf_counter()
        for index in range(games):
            state = game.new_game(options, derive(seed, index))
            while True:
                waiting = state.to_act()
                if not waiting:
                    break
                legal = state.legal_actions(waiting[0])
                state.apply(legal[int(rng.random() * len(legal))])
                actions += 1
        seconds = time.perf_counter() - start
        best_games = max(best_games, games / seconds)
        best_actions = max(best_actions, actions / seconds)
    return {"games_per_second": best_games, "actions_per_second": best_actions}


def sample_states(name: str, players: int, count: int, seed: int, rate: float = 0.05
                  ) -> list[Any]:
    """``count`` states from random games of game ``name``, each step kept with
    probability ``rate`` (every phase represented)."""
    game = get_game(name)
    options = game.options(players)
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_game(options, rng.getrandbits(32))
        while not state.is_over and len(states) < count:
            legal = state.legal_actions(state.to_act()[0])
            state.apply(legal[rng.randrange(len(legal))])
            if rng.random() < rate:
                states.append(state.clone())
    return states


def clones_per_second(states: list[Any], rounds: int) -> float:
    """``state.clone()`` calls per second over ``rounds`` passes through ``states``."""
    best = 0.0
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(rounds):
            for state in states:
                state.clone()
        best = max(best, rounds * len(states) / (time.perf_counter() - start))
    return best
