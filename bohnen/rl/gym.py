"""A Gymnasium single-agent environment: the learner at one seat, bohnen bots at the
others.

The observation is the PettingZoo environment's (:mod:`bohnen.rl.aec`):
``{"observation": float32 vector, "action_mask": int8 mask}``; the action an id of the
encoding. ``step`` plays the learner's id, then the bots' moves until the learner is
to act again or the game is over. The bots are made by name as everywhere in bohnen
(``"heuristic"``, ``"random"``, ``"ismcts:iterations=200"``: ``bohnen.bots.make_bot``),
one spec for every other seat or one per other seat in seat order; each draws its
chance from the game's seed, as in ``bohnen.sim``. Where the learner and bots are to
act together, they take turns as in :mod:`bohnen.rl.table`.

**Rewards**: :mod:`bohnen.rl.rewards` (at the end ``"win"`` or ``"score"``; the optional
shaped reward comes summed over the moves of a step). The episode ends
(``terminated``) with the game; the env never truncates it itself: Gymnasium's
``TimeLimit`` does (``gymnasium.make("bohnen/Ndb-v0", max_episode_steps=50)``).

**Masks.** ``action_masks()`` is the mask of the last observation as booleans, where
sb3-contrib's ``MaskablePPO`` looks for it. Once the game is over every id is allowed
(and none does anything: the episode must be reset): a vector env's autoreset hands
the policy the final observation and ignores the action it samples there, and an
all-zero mask would leave nothing to sample from. ``info`` carries the learner's legal
actions as the engine's JSON while it is to act (:mod:`bohnen.rl.extras`).

**Illegal ids.** An id out of the action space raises ``ValueError``. An id in the
space but not legal now (its mask is 0) ends the episode, the game left as it was,
with reward ``illegal_reward`` (-1) and ``info["illegal"]`` naming the id: the
convention of PettingZoo's classic environments, and what lets an unmasked sampler
(``gymnasium``'s ``check_env``) run; ``illegal="raise"`` raises ``ValueError`` instead.

**Seeding**: ``reset(seed=s)`` plays the engine's game of seed ``s``; ``reset()`` the
next game of a series drawn from the environment's ``np_random``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from bohnen.bots.registry import make_bot
from bohnen.core.bots import AnyBot, chosen, decision_for
from bohnen.core.rng import derive
from bohnen.rl.aec import Info, ObsDict, check_render_mode, observation_space, view_text
from bohnen.rl.encoding import Encoding, Mask
from bohnen.rl.extras import info_of
from bohnen.rl.rewards import Potential, Shaping, check_reward, final_rewards
from bohnen.rl.table import Table, action_index

ILLEGAL = ("end", "raise")


class BohnenGym(gymnasium.Env[ObsDict, np.int64]):
    """The learner at ``seat`` of a game of ``encoding.game``, ``bots`` at the others."""

    metadata: dict[str, object] = {"render_modes": ["ansi"]}  # noqa: RUF012  (Env's own)

    def __init__(self, encoding: Encoding, seat: int = 0,
                 bots: str | Sequence[str] = "heuristic",
                 options: Mapping[str, object] | None = None, reward: str = "win",
                 potential: Potential | None = None, shaping: float = 1.0,
                 illegal: str = "end", illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        self.table = Table(encoding, options)
        self.encoding = encoding
        if not (type(seat) is int and 0 <= seat < encoding.players):
            raise ValueError(f"the learner's seat is 0 to {encoding.players - 1}, "
                             f"not {seat!r}")
        self.seat = seat
        self.bots = self._make_bots(bots)
        self.reward_mode = check_reward(reward)
        self.shaping = Shaping(potential, shaping) if potential is not None else None
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if render_mode == "human":
            raise ValueError("render_mode must be ansi or None, not 'human'")
        self.render_mode = check_render_mode(render_mode)
        # a Dict space of these two keys: its samples are ObsDicts
        self.observation_space = cast("spaces.Space[ObsDict]", observation_space(encoding))
        self.action_space = spaces.Discrete(encoding.action_count)
        self._rngs: dict[int, random.Random] = {}
        self._ended = True

    def _make_bots(self, specs: str | Sequence[str]) -> dict[int, AnyBot]:
        others = [s for s in range(self.encoding.players) if s != self.seat]
        names = [specs] * len(others) if isinstance(specs, str) else list(specs)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} bots are needed (one per other seat), "
                             f"not {len(names)}")
        return {s: make_bot(name, self.table.game) for s, name in zip(others, names,
                                                                       strict=True)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, object] | None = None) -> tuple[ObsDict, Info]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self.table.reset(game_seed)
        self._rngs = {s: random.Random(derive(game_seed, 1, s)) for s in self.bots}
        self._ended = False
        if self.shaping is not None:
            self.shaping.reset(self.table.state, self.table.players)
        self._bots_play()
        return self._observation(), self._info()

    def _observation(self) -> ObsDict:
        vector, mask = self.table.observe(self.seat)
        return {"observation": vector, "action_mask": self._final(mask)}

    def _final(self, mask: Mask) -> Mask:
        """``mask``, or every id once the game is over (see the module)."""
        if self.table.over:
            mask[:] = 1
        return mask

    def _info(self) -> Info:
        if self.table.acting != self.seat:
            return {}
        return info_of(self.table.state, self.seat)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The mask of the last observation, as booleans (sb3-contrib's ``MaskablePPO``)."""
        return self._final(self.table.observe(self.seat)[1]).astype(bool)

    def _shaped(self) -> float:
        if self.shaping is None:
            return 0.0
        return self.shaping.step(self.table.state, self.table.players)[self.seat]

    def _bots_play(self) -> float:
        """The bots' moves until the learner is to act or the game is over; the learner's
        shaped reward over them."""
        reward = 0.0
        table = self.table
        while table.acting is not None and table.acting != self.seat:
            seat = table.acting
            bot = self.bots[seat]
            table.play(seat, chosen(bot, decision_for(table.state, seat, bot), self._rngs[seat]))
            reward += self._shaped()
        return reward

    def step(self, action: np.int64 | int) -> tuple[ObsDict, float, bool, bool, Info]:
        if self._ended:
            raise RuntimeError("the episode is over: reset the environment")
        index = action_index(action, self.encoding.action_count)
        if not self.table.observe(self.seat)[1][index] and self.illegal == "end":
            self._ended = True
            name = self.encoding.action_name(index)
            return self._observation(), self.illegal_reward, True, False, {
                **self._info(), "illegal": f"action {index} ({name}) is not legal now"}
        reward = self._shaped() if self.table.step(index) else 0.0
        reward += self._bots_play()
        if self.table.over:
            self._ended = True
            reward += final_rewards(self.table.result(), self.table.players,
                                    self.reward_mode)[self.seat]
        return self._observation(), reward, self._ended, False, self._info()

    def render(self) -> str | None:
        return view_text(self.table) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""
