"""A PettingZoo ``ParallelEnv`` for a game whose seats choose at once: Nicht die Bohne!,
where every seat that has not played in the trick chooses its card face down together.

Each ``step(actions)`` takes one id from each seat the game waits on now
(``state.to_act()``: the seats to play in the play, the token holder in the lead, the
taker in the taking), and plays them all, in seat order. The seats it does not wait on
have an all-zero mask; their ids are ignored and may be left out of ``actions``
(PettingZoo's parallel convention: every live agent is stepped, the ones that cannot
act change nothing). Agents stay live until the game ends or is truncated.

Only a game whose simultaneous choices are independent fits: one seat's choice must
leave the others' legal actions as they were, and every action must be one id. Nicht
die Bohne! is such a game (a card played face down changes no other seat's choices).
Bohnanza's open trading is not: a proposal, an acceptance or a counter changes what the
others may do next, so its seats take turns in the AEC environment
(:mod:`bohnen.rl.table`); neither is Bohn Hansa, which waits on one seat at a time.

Observations, rewards, ``info``, ``state()`` and seeding are the AEC environment's
(:mod:`bohnen.rl.aec`, :mod:`bohnen.rl.extras`). ``max_cycles=k`` truncates every agent
after ``k`` steps (a parallel step is a cycle: every agent has stepped once).

**Bad input** (an id missing for a seat the game waits on, not a whole number, out of
range, not legal, an unknown agent) raises ``ValueError`` naming it, before anything is
played. With ``illegal="end"`` an id in the action space but not legal ends the game
instead, nothing of the step played: its seat gets ``illegal_reward`` (-1), the others
0, and its ``info["illegal"]`` names the id (the rule of PettingZoo's
``TerminateIllegalWrapper``, which has no parallel form; it lets an unmasked sampler,
such as PettingZoo's ``parallel_seed_test``, run).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState
from bohnen.core.registry import get_game
from bohnen.rl.aec import ActionId, Info, ObsDict, SeedSeries, observation_space
from bohnen.rl.encoding import Encoding, Mask, Observation, notation_of
from bohnen.rl.extras import check_max_cycles, info_of, state_space
from bohnen.rl.rewards import Potential, Shaping, check_reward, final_rewards
from bohnen.rl.table import action_index

SIMULTANEOUS = ("ndb",)  # the games whose seats choose at once, independently
ILLEGAL = ("raise", "end")
# a step's observations, rewards, terminations, truncations and infos, by agent
Step = tuple[dict[str, ObsDict], dict[str, float], dict[str, bool], dict[str, bool],
             dict[str, Info]]


class _Illegal(Exception):
    """An id in the action space that is not legal now (``illegal="end"``)."""

    def __init__(self, seat: int, message: str) -> None:
        super().__init__(message)
        self.seat = seat


@dataclass(frozen=True, slots=True)
class _Waiting:
    """A seat the game waits on: its draft, that draft's mask, its legal actions by
    notation."""

    draft: Hashable
    mask: Mask
    legal: dict[str, Action]


def _waiting(encoding: Encoding, state: AnyState, seat: int) -> _Waiting:
    """The seat's fresh draft from the state and its legal actions (the one call of
    ``Encoding.start_state``)."""
    actions = state.legal_actions(seat)
    legal = {notation_of(a): a for a in actions}
    draft = encoding.start_state(state, seat, actions)
    return _Waiting(draft, encoding.mask(draft), legal)


class BohnenParallel(ParallelEnv[str, ObsDict, ActionId]):  # type: ignore[misc]  # untyped base
    """One game of ``encoding.game`` (one of :data:`SIMULTANEOUS`) with every seat it
    waits on choosing at once; the keywords are :class:`~bohnen.rl.aec.BohnenAEC`'s."""

    metadata: ClassVar[dict[str, object]] = {"render_modes": []}

    def __init__(self, encoding: Encoding, options: Mapping[str, object] | None = None,
                 reward: str = "win", potential: Potential | None = None,
                 shaping: float = 1.0, max_cycles: int | None = None,
                 illegal: str = "raise", illegal_reward: float = -1.0,
                 render_mode: None = None) -> None:
        if encoding.game not in SIMULTANEOUS:
            raise ValueError(f"no parallel environment for {encoding.game!r}: its seats do "
                             f"not choose at once independently (games with one: "
                             f"{', '.join(SIMULTANEOUS)})")
        if render_mode is not None:
            raise ValueError(f"the parallel environment does not render: render_mode must "
                             f"be None, not {render_mode!r}")
        self.render_mode = None
        self.game: AnyGame = get_game(encoding.game)
        self.options = self.game.options(encoding.players, **dict(options or {}))
        self.encoding = encoding
        self.metadata = {**BohnenParallel.metadata, "name": f"bohnen_{encoding.game}_v0"}  # type: ignore[misc]
        self.reward_mode = check_reward(reward)
        self.shaping = Shaping(potential, shaping) if potential is not None else None
        self.max_cycles = check_max_cycles(max_cycles)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.possible_agents = [f"player_{i}" for i in range(encoding.players)]
        self.observation_spaces = {a: observation_space(encoding) for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Discrete] = {
            a: spaces.Discrete(encoding.action_count) for a in self.possible_agents}
        self.state_space = state_space(encoding)
        self.agents: list[str] = []
        self._state: AnyState | None = None
        self._seeds = SeedSeries()
        self._waiting: dict[int, _Waiting] = {}
        self._cycles = 0

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> AnyState:
        """The game being played."""
        if self._state is None:
            raise RuntimeError("no game yet: reset the environment first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None,
              ) -> tuple[dict[str, ObsDict], dict[str, Info]]:
        self._state = self.game.new_game(self.options, self._seeds.next(seed))
        self.agents = list(self.possible_agents)
        self._cycles = 0
        if self.shaping is not None:
            self.shaping.reset(self._state, self.encoding.players)
        self._wait()
        return self._observations(), self._infos()

    def _wait(self) -> None:
        state = self.game_state
        self._waiting = {s: _waiting(self.encoding, state, s) for s in state.to_act()}

    def _observe(self, seat: int) -> ObsDict:
        waiting = self._waiting.get(seat)
        mask = (waiting.mask.copy() if waiting is not None
                else np.zeros(self.encoding.action_count, np.int8))
        return {"observation": self.encoding.encode_state(self.game_state, seat, None),
                "action_mask": mask}

    def _observations(self) -> dict[str, ObsDict]:
        return {a: self._observe(s) for s, a in enumerate(self.possible_agents)}

    def _infos(self) -> dict[str, Info]:
        state = self.game_state
        return {a: info_of(state, s) if s in self._waiting else {}
                for s, a in enumerate(self.possible_agents)}

    def state(self) -> Observation:
        """Every seat's vector, seat 0 first (see :func:`bohnen.rl.extras.state_vector`)."""
        return np.concatenate([self._observe(seat)["observation"]
                               for seat in range(self.encoding.players)])

    def _chosen(self, actions: Mapping[str, ActionId]) -> list[tuple[int, str]]:
        """Each waiting seat's action by notation, every id checked before any is played."""
        unknown = sorted(set(actions) - set(self.possible_agents), key=str)
        if unknown:
            raise ValueError(f"unknown agents: {', '.join(map(repr, unknown))}")
        chosen = []
        for seat, waiting in sorted(self._waiting.items()):
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise ValueError(f"{agent} is to act: its action is missing")
            try:
                index = action_index(actions[agent], self.encoding.action_count)
            except ValueError as error:
                raise ValueError(f"{agent}: {error}") from None
            if not waiting.mask[index]:
                message = (f"{agent}: action {index} ({self.encoding.action_name(index)}) "
                           "is not legal now")
                raise _Illegal(seat, message) if self.illegal == "end" else ValueError(message)
            _, notation = self.encoding.choose(waiting.draft, index)
            if not notation:
                raise RuntimeError(f"{self.encoding.game}'s id {index} is not a whole action")
            chosen.append((seat, notation))
        return chosen

    def step(self, actions: Mapping[str, ActionId]) -> Step:
        if not self.agents:
            raise RuntimeError("no game under way: reset the environment first")
        state = self.game_state
        try:
            chosen = self._chosen(actions)
        except _Illegal as illegal:
            return self._end_illegal(illegal)
        for seat, notation in chosen:
            state.advance(self._waiting[seat].legal[notation])
        self._cycles += 1
        rewards = self._rewards()
        over = state.is_over
        truncated = not over and self.max_cycles is not None and self._cycles >= self.max_cycles
        if over or truncated:
            self._waiting = {}
        else:
            self._wait()
        live = self.agents
        observations, infos = self._observations(), self._infos()
        if over or truncated:
            self.agents = []
        return (observations, {a: rewards[self.possible_agents.index(a)] for a in live},
                dict.fromkeys(live, over), dict.fromkeys(live, truncated),
                {a: infos[a] for a in live})

    def _end_illegal(self, illegal: _Illegal) -> Step:
        """The game ended by ``illegal`` (``illegal="end"``: see the module)."""
        live, offender = self.agents, self.possible_agents[illegal.seat]
        observations, infos = self._observations(), self._infos()
        infos[offender] = {**infos[offender], "illegal": str(illegal)}
        self.agents, self._waiting = [], {}
        rewards = {a: self.illegal_reward if a == offender else 0.0 for a in live}
        return (observations, rewards, dict.fromkeys(live, True), dict.fromkeys(live, False),
                infos)

    def _rewards(self) -> list[float]:
        state, players = self.game_state, self.encoding.players
        rewards = [0.0] * players
        if self.shaping is not None:
            rewards = self.shaping.step(state, players)
        if state.is_over:
            ends = final_rewards(state.result(), players, self.reward_mode)
            rewards = [a + b for a, b in zip(rewards, ends, strict=True)]
        return rewards

    def render(self) -> None:
        """Nothing: the parallel environment does not render (no seat is the one to act)."""

    def close(self) -> None:
        """Nothing to release."""
