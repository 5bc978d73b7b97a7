"""The environments by game, and their entries in PettingZoo's registry.

``pettingzoo.make("aec", "bohnen/ndb-v0", players=4)`` (after ``import bohnen.rl``)
gives :func:`aec_env` for Nicht die Bohne!; the keywords are :func:`aec_env`'s.
Every game with an encoding (:data:`bohnen.rl.encodings.GAMES`) has one.
"""

from __future__ import annotations

from collections.abc import Mapping

import pettingzoo

from bohnen.rl.aec import BohnenAEC
from bohnen.rl.encodings import GAMES, make_encoding
from bohnen.rl.rewards import Potential

VERSION = 0  # the -vN of the ids: bumped whenever an environment's behaviour changes


def aec_env(game: str, players: int | None = None, options: Mapping[str, object] | None = None,
            reward: str = "win", potential: Potential | None = None, shaping: float = 1.0,
            render_mode: str | None = None) -> BohnenAEC:
    """The PettingZoo environment of ``game`` (see :class:`~bohnen.rl.aec.BohnenAEC`)."""
    return BohnenAEC(make_encoding(game, players), options, reward, potential, shaping,
                     render_mode)


def env_id(game: str) -> str:
    return f"bohnen/{game}-v{VERSION}"


def register_envs() -> None:
    """Enter every game with an encoding in PettingZoo's registry (once)."""
    for game in GAMES:
        if env_id(game) not in pettingzoo.aec_registry:
            pettingzoo.register("aec", env_id(game), entry_point="bohnen.rl.envs:aec_env",
                                kwargs={"game": game})
