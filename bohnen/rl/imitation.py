"""Behaviour cloning: a policy's warm start from a bot's play (the heuristic's), before it
trains by self-play (:mod:`bohnen.rl.selfplay`).

:func:`demonstrate` plays whole games with the bot at every seat and keeps, for every id
of every decision, what the acting seat saw (its vector and mask, its draft included),
the id the bot's action is composed of, and the game's win share of that seat (1, shared
on a tie; 0 otherwise). The seats take turns as the environments make them
(:mod:`bohnen.rl.table`). An action the encoding cannot express (beyond a cap) is
counted and left out. :func:`clone` fits a MaskablePPO model's policy to those ids
(the log-likelihood of the bot's id among the legal ones) and its value to the seat's
win share, so that PPO starts from the bot's play and a value that knows it.

sb3-contrib and torch (the ``train`` extra) are imported only when :func:`clone` runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from bohnen.bots.registry import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.protocol import Action, AnyState, JSONObject
from bohnen.core.rng import derive
from bohnen.rl.encoding import Encoding, engine_legal
from bohnen.rl.rewards import final_rewards
from bohnen.rl.table import Table

if TYPE_CHECKING:
    from sb3_contrib import MaskablePPO


@dataclass(frozen=True)
class Demonstrations:
    """One row per id chosen: ``observations`` (float32, rows × vector), ``masks`` (bool,
    rows × ids), ``actions`` (the id), ``wins`` (the acting seat's win share of the game);
    ``skipped``, the bot's actions the encoding could not express."""

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    wins: npt.NDArray[np.float32]
    games: int
    skipped: int

    def __len__(self) -> int:
        return len(self.actions)


def action_ids(encoding: Encoding, state: AnyState, seat: int, action: Action) -> list[int] | None:
    """The ids composing the engine ``action`` of ``seat`` from its fresh draft (None:
    beyond the encoding's caps). The one call of the encoding's ``ids_of`` here."""
    view = cast(JSONObject, state.view(seat))
    return encoding.ids_of(view, engine_legal(state, seat), action.to_json())


def _start(encoding: Encoding, state: AnyState, seat: int) -> Hashable:
    """The seat's fresh draft (as :func:`action_ids` reads it)."""
    view = cast(JSONObject, state.view(seat))
    return encoding.start(view, engine_legal(state, seat))


def demonstrate(encoding: Encoding, games: int, seed: int, bot: str = "heuristic",
                progress: Callable[[int], None] | None = None) -> Demonstrations:
    """``games`` games of ``bot`` at every seat (the engine's seeds ``seed``,
    ``seed + 1``, …), every id of every decision (see the module)."""
    obs: list[npt.NDArray[np.float32]] = []
    masks: list[npt.NDArray[np.int8]] = []
    actions: list[int] = []
    seats: list[int] = []
    wins: list[float] = []
    skipped = 0
    table = Table(encoding)
    for game in range(games):
        table.reset(seed + game)
        bots = {s: make_bot(bot, table.game) for s in range(encoding.players)}
        rngs = {s: random.Random(derive(seed + game, 1, s)) for s in bots}
        first = len(actions)
        while table.acting is not None:
            seat = table.acting
            state = table.state
            action = chosen(bots[seat], decision_for(state, seat, bots[seat]), rngs[seat])
            ids = action_ids(encoding, state, seat, action)
            if ids is None:
                skipped += 1
            else:
                view = cast(JSONObject, state.view(seat))
                draft = _start(encoding, state, seat)
                for action_id in ids:
                    obs.append(encoding.observe(view, draft))
                    masks.append(encoding.mask(draft))
                    actions.append(action_id)
                    seats.append(seat)
                    draft = encoding.choose(draft, action_id)[0]
            table.play(seat, action)
        share = final_rewards(table.result(), encoding.players, "win")
        wins += [share[s] for s in seats[first:]]
        if progress is not None:
            progress(game + 1)
    return Demonstrations(np.array(obs, np.float32).reshape(len(actions), -1),
                          np.array(masks, bool).reshape(len(actions), -1),
                          np.array(actions, np.int64), np.array(wins, np.float32),
                          games, skipped)


@dataclass(frozen=True)
class CloneReport:
    """Per epoch: the mean negative log-likelihood of the bot's ids while training, and
    after it the share of rows where the policy's most likely id is the bot's (on the
    rows it trained on)."""

    losses: list[float]
    agreement: list[float]


def agreement(model: MaskablePPO, demos: Demonstrations, batch_size: int = 4096) -> float:
    """The share of ``demos``' rows where ``model``'s most likely legal id is the bot's."""
    import torch

    agree = 0
    with torch.no_grad():
        for start in range(0, len(demos), batch_size):
            rows = slice(start, start + batch_size)
            obs = torch.as_tensor(demos.observations[rows])
            best = model.policy.get_distribution(obs, action_masks=demos.masks[rows]).mode()
            agree += int((best == torch.as_tensor(demos.actions[rows])).sum())
    return agree / max(1, len(demos))


def clone(model: MaskablePPO, demos: Demonstrations, epochs: int, seed: int,
          batch_size: int = 512, learning_rate: float = 1e-3,
          value_weight: float = 0.5) -> CloneReport:
    """Fit ``model`` (a MaskablePPO) to ``demos`` in place (see the module)."""
    import torch

    policy = model.policy
    torch.manual_seed(seed)
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    rng = np.random.default_rng(seed)
    report = CloneReport([], [])
    for _ in range(epochs):
        policy.set_training_mode(True)
        order = rng.permutation(len(demos))
        total = 0.0
        for start in range(0, len(order), batch_size):
            rows = order[start:start + batch_size]
            obs = torch.as_tensor(demos.observations[rows])
            actions = torch.as_tensor(demos.actions[rows])
            masks = torch.as_tensor(demos.masks[rows])
            values, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=masks)
            wins = torch.as_tensor(demos.wins[rows])
            value_loss = torch.nn.functional.mse_loss(values.flatten(), wins)
            loss = -log_prob.mean() + value_weight * value_loss
            optimizer.zero_grad()
            torch.autograd.backward(loss)  # loss.backward(), typed
            optimizer.step()
            total += float(-log_prob.detach().sum())
        policy.set_training_mode(False)
        report.losses.append(total / len(demos))
        report.agreement.append(agreement(model, demos))
    return report
