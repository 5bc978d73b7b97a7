"""A PettingZoo ``AECEnv`` for any game with an :class:`~bohnen.rl.encoding.Encoding`.

Agents are ``player_0`` … ``player_{n-1}`` (seat ``i`` is ``player_i``). An
observation is ``{"observation": float32 vector, "action_mask": int8 mask}``; the
mask is all zeros for every agent but the one to act (and for all once the game is
over). Whose turn it is, drafts and yields: :mod:`bohnen.rl.table`. Rewards (at the
end of the game; an optional shaped reward, off by default): :mod:`bohnen.rl.rewards`.
The agent to act has in its ``info`` its legal actions as the engine computes them
(:mod:`bohnen.rl.extras`); ``state()`` is every seat's vector, for centralised critics.

**Truncation.** ``max_cycles=k`` (None: never) truncates every agent once ``k`` cycles
are played and the game is not over. A cycle is PettingZoo's: one step for each agent,
here ``players`` steps of the environment (ids chosen, a draft's too), as its classic
and butterfly environments count a cycle when the last agent of a round has acted. A
truncated game gives no end reward.

**Seeding.** ``reset(seed=s)`` plays the engine's game of seed ``s`` (same seed, same
game); a ``reset()`` without a seed plays the next game of a series drawn from the last
seed given (from the system's entropy if none was). ``reset``'s ``options`` are ignored.

**Bad input.** An action that is not a whole number, out of range, or not legal now
raises ``ValueError`` naming what is wrong, and the game is left as it was (PettingZoo's
``TerminateIllegalWrapper`` may be put around the env for the classic environments'
convention: the offender loses and the game ends). A step for an agent whose game is
over takes ``None`` only (PettingZoo's dead step); stepping before ``reset`` raises
``RuntimeError``.

**Rendering.** ``render_mode="ansi"``: ``render()`` returns the board in words
(``Game.describe``) as the acting seat sees it, from that seat's view only, under a line
naming the seat to act; once the game is over, as the seat that acted last sees it
(``"human"`` prints it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, TypedDict

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from bohnen.rl.encoding import Encoding, Mask, Observation
from bohnen.rl.extras import check_max_cycles, info_of, state_space, state_vector
from bohnen.rl.rewards import Potential, Shaping, check_reward, final_rewards
from bohnen.rl.table import Table


class ObsDict(TypedDict):
    """An agent's observation: its vector and its mask (see the module)."""

    observation: Observation
    action_mask: Mask


ActionId = int | np.integer | None  # None: the dead step of an agent whose game is over
Info = dict[str, object]  # an agent's info: its legal actions when it is to act, else empty
RENDER_MODES = ("ansi", "human")


def observation_space(encoding: Encoding) -> spaces.Dict:
    """The observation space of an encoding: its bounded vector and its int8 mask."""
    low, high = encoding.bounds()
    return spaces.Dict({
        "observation": spaces.Box(low, high, (encoding.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.action_count,), np.int8),
    })


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                         f"not {mode!r}")
    return mode


def view_text(table: Table) -> str:
    """The board in words as the acting seat sees it (the seat that acted last once the
    game is over), from its own view only; seats are named ``player_i``."""
    seat = table.acting if table.acting is not None else table.last_acted
    names = [f"player_{i}" for i in range(table.players)]
    who = "game over" if table.acting is None else f"player_{seat} to act"
    board = table.game.describe(table.state.view(seat), seat, names)
    return f"{table.game.title}: {who}\n{board}"


class SeedSeries:
    """The engine's seed of each game of an environment: ``next(s)`` gives ``s`` and
    draws the series of the next games from it; ``next(None)`` gives the next of that
    series (drawn from the system's entropy if no seed was ever given)."""

    def __init__(self) -> None:
        self._series: random.Random | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._series = random.Random(seed)
            return seed
        if self._series is None:
            self._series = random.Random()
        return self._series.getrandbits(64)


class BohnenAEC(AECEnv[str, ObsDict, ActionId]):  # type: ignore[misc]  # untyped base
    """One game of ``encoding.game`` (``options``: the game's options but the player
    count, which is the encoding's). ``reward``: ``"win"`` or ``"score"``;
    ``potential``/``shaping``: the optional shaped reward (see :mod:`bohnen.rl.rewards`);
    ``max_cycles``: the truncation (see the module)."""

    metadata: ClassVar[dict[str, object]] = {
        "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, encoding: Encoding, options: Mapping[str, object] | None = None,
                 reward: str = "win", potential: Potential | None = None,
                 shaping: float = 1.0, render_mode: str | None = None,
                 max_cycles: int | None = None) -> None:
        super().__init__()
        self.table = Table(encoding, options)
        self.encoding = encoding
        self.metadata = {**BohnenAEC.metadata, "name": f"bohnen_{encoding.game}_v0"}  # type: ignore[misc]
        self.reward_mode = check_reward(reward)
        self.shaping = Shaping(potential, shaping) if potential is not None else None
        self.render_mode = check_render_mode(render_mode)
        self.possible_agents = [f"player_{i}" for i in range(encoding.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(encoding) for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Discrete] = {
            a: spaces.Discrete(encoding.action_count) for a in self.possible_agents}
        self.state_space = state_space(encoding)
        self.max_cycles = check_max_cycles(max_cycles)
        self.agents: list[str] = []
        self._seeds = SeedSeries()
        self._steps = 0  # ids chosen in this game, for the truncation
        self._moves = 0  # moves made in this game: the acting seat's info is kept until one
        self._info: tuple[int, int, Info] | None = None  # (seat, moves, info)
        # whether the last step gave a reward: a step after one that gave none has
        # no reward to clear, and adds none to the cumulative rewards if it gives none
        self._rewarded = False

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        self.table.reset(self._seeds.next(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, Info] = {a: {} for a in self.agents}
        self._steps = self._moves = 0
        self._info = None
        self._rewarded = False
        if self.shaping is not None:
            self.shaping.reset(self.table.state, self.table.players)
        self._select()

    def _select(self) -> None:
        seat = self.table.acting
        self.agent_selection = self.possible_agents[0 if seat is None else seat]
        infos = self.infos
        for agent in self.agents:
            if infos[agent]:  # an empty info stays (the same empty dict)
                infos[agent] = {}
        if seat is not None and not self.truncations[self.agent_selection]:
            self.infos[self.agent_selection] = self._legal_info(seat)

    def _legal_info(self, seat: int) -> Info:
        """The acting seat's info, computed again only once the game has moved (a seat
        composing a draft keeps its legal actions)."""
        kept = self._info
        if kept is None or kept[0] != seat or kept[1] != self._moves:
            kept = self._info = (seat, self._moves, info_of(self.table.state, seat))
        return dict(kept[2])

    def observe(self, agent: str) -> ObsDict:
        vector, mask = self.table.observe(self._seat[agent])
        if self.truncations.get(agent):
            mask[:] = 0  # a truncated agent acts no more
        return {"observation": vector, "action_mask": mask}

    def state(self) -> Observation:
        """Every seat's vector, seat 0 first (see :func:`bohnen.rl.extras.state_vector`)."""
        return state_vector(self.table)

    def step(self, action: ActionId) -> None:
        if not self.agents:
            raise RuntimeError("no game under way: reset the environment first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for an agent whose game "
                             "is over")
        moved = self.table.step(action)  # raises, changing nothing, on a bad id
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # PettingZoo's bookkeeping, skipped where it changes nothing
            self._clear_rewards()
            self._rewarded = False
        if moved:
            self._moves += 1
            if self.shaping is not None or self.table.over:
                self._rewards_after_move()
        self._steps += 1
        if self.max_cycles is not None and self._truncated():
            self.truncations = dict.fromkeys(self.agents, True)
        if self._rewarded:
            self._accumulate_rewards()
        self._select()

    def _rewards_after_move(self) -> None:
        """The shaped reward of the move, and the end rewards once the game is over."""
        state, players = self.table.state, self.table.players
        if self.shaping is not None:
            for seat, value in enumerate(self.shaping.step(state, players)):
                self.rewards[self.possible_agents[seat]] += value
        if self.table.over:
            ends = final_rewards(self.table.result(), players, self.reward_mode)
            for seat, value in enumerate(ends):
                self.rewards[self.possible_agents[seat]] += value
            self.terminations = dict.fromkeys(self.agents, True)
        self._rewarded = True

    def _truncated(self) -> bool:
        cycles = self._steps // self.table.players
        return (self.max_cycles is not None and cycles >= self.max_cycles
                and not self.table.over)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = view_text(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
