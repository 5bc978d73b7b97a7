"""The environments by game, and their entries in PettingZoo's registry.

``pettingzoo.make("aec", "bohnen/ndb-v0", players=4)`` (after ``import bohnen.rl``)
gives :func:`aec_env` for Nicht die Bohne!; the keywords are :func:`aec_env`'s.
A game gets an environment by one line in ``ENCODINGS``: its encoding's class (by
import path, loaded when first asked for) and its default player count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pettingzoo

from bohnen.core.lazy import load
from bohnen.rl.aec import BohnenAEC
from bohnen.rl.encoding import Encoding
from bohnen.rl.rewards import Potential

# game -> (its Encoding's class as "module:Class", taking the player count; the default
# player count). Bohnanza ("bohnen.rl.bohnanza:BohnanzaEncoding") and Bohn Hansa
# ("bohnen.rl.hansa:HansaEncoding") go here when their encodings are in.
ENCODINGS: dict[str, tuple[str, int]] = {
    "ndb": ("bohnen.rl.ndb:NdbEncoding", 4),
}
VERSION = 0  # the -vN of the ids: bumped whenever an environment's behaviour changes


def make_encoding(game: str, players: int | None = None) -> Encoding:
    """The encoding of ``game`` at ``players`` (its default count if None)."""
    if game not in ENCODINGS:
        raise ValueError(f"no encoding for the game {game!r}; games with one: "
                         f"{', '.join(sorted(ENCODINGS))}")
    path, default = ENCODINGS[game]
    factory = load(path)
    if not callable(factory):
        raise TypeError(f"{path} is not an Encoding's class")
    encoding = factory(default if players is None else players)
    if not isinstance(encoding, Encoding):
        raise TypeError(f"{path} is not an Encoding")
    return encoding


def aec_env(game: str, players: int | None = None, options: Mapping[str, Any] | None = None,
            reward: str = "win", potential: Potential | None = None, shaping: float = 1.0,
            render_mode: str | None = None) -> BohnenAEC:
    """The PettingZoo environment of ``game`` (see :class:`~bohnen.rl.aec.BohnenAEC`)."""
    return BohnenAEC(make_encoding(game, players), options, reward, potential, shaping,
                     render_mode)


def env_id(game: str) -> str:
    return f"bohnen/{game}-v{VERSION}"


def register_envs() -> None:
    """Enter every game with an encoding in PettingZoo's registry (once)."""
    for game in ENCODINGS:
        if env_id(game) not in pettingzoo.aec_registry:
            pettingzoo.register("aec", env_id(game), entry_point="bohnen.rl.envs:aec_env",
                                kwargs={"game": game})
