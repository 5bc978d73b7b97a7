"""The environments by game, and their entries in PettingZoo's and Gymnasium's
registries.

``pettingzoo.make("aec", "bohnen/ndb-v0", players=4)`` (after ``import bohnen.rl``)
gives :func:`aec_env` for Nicht die Bohne!; the keywords are :func:`aec_env`'s.
``gymnasium.make("bohnen/Ndb-v0", seat=0, bots="heuristic")`` gives :func:`gym_env`,
the single-agent env (the id capitalised, as Gymnasium's own namespaced ids are:
``phys2d/CartPole-v1``); ``max_episode_steps=k`` puts Gymnasium's ``TimeLimit`` round
it. Every game with an encoding (:data:`bohnen.rl.encodings.GAMES`) has both. A
game whose seats choose at once (:data:`bohnen.rl.parallel.SIMULTANEOUS`: Nicht die
Bohne!) has a parallel one too: ``pettingzoo.make("parallel", "bohnen/ndb-v0")`` gives
:func:`parallel_env`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import gymnasium
import pettingzoo

from bohnen.rl.aec import BohnenAEC
from bohnen.rl.encodings import GAMES, make_encoding
from bohnen.rl.gym import BohnenGym
from bohnen.rl.parallel import SIMULTANEOUS, BohnenParallel
from bohnen.rl.rewards import Potential

VERSION = 0  # the -vN of the ids: bumped whenever an environment's behaviour changes


def aec_env(game: str, players: int | None = None, options: Mapping[str, object] | None = None,
            reward: str = "win", potential: Potential | None = None, shaping: float = 1.0,
            render_mode: str | None = None, max_cycles: int | None = None) -> BohnenAEC:
    """The PettingZoo environment of ``game`` (see :class:`~bohnen.rl.aec.BohnenAEC`)."""
    return BohnenAEC(make_encoding(game, players), options, reward, potential, shaping,
                     render_mode, max_cycles)


def parallel_env(game: str, players: int | None = None,
                 options: Mapping[str, object] | None = None, reward: str = "win",
                 potential: Potential | None = None, shaping: float = 1.0,
                 max_cycles: int | None = None, illegal: str = "raise",
                 illegal_reward: float = -1.0, render_mode: None = None) -> BohnenParallel:
    """The PettingZoo parallel environment of ``game`` (see
    :class:`~bohnen.rl.parallel.BohnenParallel`)."""
    return BohnenParallel(make_encoding(game, players), options, reward, potential, shaping,
                          max_cycles, illegal, illegal_reward, render_mode)


def gym_env(game: str, players: int | None = None, seat: int = 0,
            bots: str | Sequence[str] = "heuristic",
            options: Mapping[str, object] | None = None, reward: str = "win",
            potential: Potential | None = None, shaping: float = 1.0,
            illegal: str = "end", illegal_reward: float = -1.0,
            render_mode: str | None = None) -> BohnenGym:
    """The Gymnasium environment of ``game`` (see :class:`~bohnen.rl.gym.BohnenGym`)."""
    return BohnenGym(make_encoding(game, players), seat, bots, options, reward, potential,
                     shaping, illegal, illegal_reward, render_mode)


def env_id(game: str) -> str:
    """The game's id in PettingZoo's registry."""
    return f"bohnen/{game}-v{VERSION}"


def gym_id(game: str) -> str:
    """The game's id in Gymnasium's registry."""
    return f"bohnen/{game.capitalize()}-v{VERSION}"


def register_envs() -> None:
    """Enter every game with an encoding in PettingZoo's and Gymnasium's registries
    (once)."""
    for game in GAMES:
        if env_id(game) not in pettingzoo.aec_registry:
            pettingzoo.register("aec", env_id(game), entry_point="bohnen.rl.envs:aec_env",
                                kwargs={"game": game})
        if game in SIMULTANEOUS and env_id(game) not in pettingzoo.parallel_registry:
            pettingzoo.register("parallel", env_id(game),
                                entry_point="bohnen.rl.envs:parallel_env", kwargs={"game": game})
        if gym_id(game) not in gymnasium.registry:
            gymnasium.register(gym_id(game), entry_point="bohnen.rl.envs:gym_env",
                               kwargs={"game": game})
