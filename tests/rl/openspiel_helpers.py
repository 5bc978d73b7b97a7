"""What the OpenSpiel tests share: loading a game, playing it at random."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from bohnen.rl.encodings import make_encoding
from bohnen.rl.layout import Layout
from bohnen.rl.openspiel import register, short_name

register()

PRIVATE = pyspiel.PrivateInfoType
Game = Any  # pyspiel's objects are untyped
SMALL = {"ndb": "rounds=1", "bohnanza": "", "hansa": ""}  # quick variants
SIMS = {"ndb": 3, "bohnanza": 1, "hansa": 1}  # whole games of random_sim_test (seconds)


def load(game: str, players: int, seed: int = 0, extra: str = "") -> Game:
    more = f",{extra}" if extra else ""
    return pyspiel.load_game(f"{short_name(game)}(players={players},seed={seed}{more})")


def play(state: Game, rng: np.random.Generator, steps: int) -> Game:
    """``state`` after ``steps`` moves: chance by its odds, seats uniformly."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            kinds, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(kinds, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def dealt(game: Game, seed: int, steps: int = 0) -> Game:
    """The game after its deal and ``steps`` random legal ids."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        play(state, rng, 1)
    return play(state, rng, steps)


def has_layout(name: str) -> bool:
    return isinstance(getattr(make_encoding(name, 3), "layout", None), Layout)
