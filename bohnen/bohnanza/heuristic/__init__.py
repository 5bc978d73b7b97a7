"""The Bohnanza heuristic bot: one-move rules of thumb from the game's strategy.

It plants and harvests to make its fields worth most on the beanometer (harvesting,
when it must, the field that loses least and pays most; never breaking a long field
when a cheaper one will do), buys the third field while it can still pay back, and
trades: as the active player it offers the face-up (and hand) cards that fit none of
its fields for beans it grows, or gives them away; as another player it offers the
active player hand cards for the beans it wants; it accepts or counters offers by the
worth they add to its fields, and closes trading when nothing useful is left.

At a live table in open trading, where it may wait (the game goes on without its move),
it gives people time to negotiate: it answers an offer made to it at once, but makes its
own moves of the trading (an offer, the close) only once the table has been quiet for
``patience`` seconds since the last step; with nothing of its own to do (another
seat's planting) it waits for the table to change. Offline it is never offered to wait.

It sees only its seat's view and the legal actions (``Decision``), never the state.
"""

from __future__ import annotations

import random
from typing import cast

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.heuristic.explain import explain
from bohnen.bohnanza.heuristic.planting import least_harm, phase1, phase3
from bohnen.bohnanza.heuristic.scene import Scene, Tuning, read
from bohnen.bohnanza.heuristic.trading import active_move, answer, next_offer, phase2, request
from bohnen.bohnanza.view_types import SeatView
from bohnen.core.bots import Decision, Wait, chosen

PATIENCE = 2.0  # seconds of a quiet table before its own trading moves, where it may wait


class HeuristicBot:
    """Bohnanza rules of thumb. ``trades=False``: it closes trading at once and proposes
    nothing (it still answers offers made to it), unless a proposal is the only legal
    move (open trading without a bound), when it asks for the bean it wants most.
    ``patience``: the seconds of a quiet table it leaves people, where it may wait,
    before its own trading moves (see the module)."""

    needs_view = True
    proposes = True  # it builds its own proposals, but must know whether any is allowed

    def __init__(self, trades: bool = True, tuning: Tuning | None = None,
                 patience: float = PATIENCE) -> None:
        if not 0 <= patience < float("inf"):
            raise ValueError(f"bot heuristic: patience must be a number of seconds from 0, "
                             f"not {patience}")
        self.trades = trades
        self.tuning = tuning if tuning is not None else Tuning()
        self.patience = patience
        params = ([] if trades else ["trades=false"]) + (
            [] if patience == PATIENCE else [f"patience={patience:g}"])
        self.name = "heuristic" + (":" + ",".join(params) if params else "")

    def act(self, decision: Decision[BohnanzaAction],
            rng: random.Random) -> BohnanzaAction | Wait:
        if decision.view is None:
            raise ValueError("the heuristic bot needs its seat's view")
        scene = read(cast(SeatView, decision.view), decision.seat, self.tuning)
        if decision.may_wait:
            return self._live(scene, decision.actions, rng, decision.waited)
        return self._move(scene, decision, rng)

    def advise(self, decision: Decision[BohnanzaAction],
               rng: random.Random) -> tuple[BohnanzaAction, str]:
        """The bot's move for ``decision`` (where it may not wait) and a one-line reason
        for it, from the terms of its rules of thumb that decided it
        (:mod:`~bohnen.bohnanza.heuristic.explain`): the hint at the terminal."""
        action = chosen(self, decision, rng)
        return action, self.explain(decision, action)

    def explain(self, decision: Decision[BohnanzaAction], action: BohnanzaAction) -> str:
        """Why the bot, deciding ``decision``, makes ``action``: one line."""
        return explain(decision, action, self.tuning)

    def _move(self, scene: Scene, decision: Decision[BohnanzaAction],
              rng: random.Random) -> BohnanzaAction:
        action = self._choose(scene, decision.actions, rng)
        if action is not None:
            return action
        if decision.actions:
            return decision.actions[0]
        if scene.may_propose and decision.proposals:
            return request(scene)  # nothing else is legal (open trading without a bound)
        raise ValueError(f"seat {decision.seat} has no legal move")

    def _live(self, scene: Scene, actions: list[BohnanzaAction], rng: random.Random,
              waited: float) -> BohnanzaAction | Wait:
        """Where it may wait (open trading, live): see the module."""
        phase = scene.phase
        if phase != "trade":
            mine = scene.is_active if phase == "plant" else bool(scene.trade)
            if not mine:
                return Wait()  # another seat's planting: nothing to do until it changes
            action = self._choose(scene, actions, rng)
            return action if action is not None else Wait()
        reply = answer(scene, actions, self.trades)
        if reply is not None:
            return reply  # an offer made to it: answered at once
        if waited < self.patience:
            return Wait(self.patience - waited)
        move = (active_move(scene, actions, self.trades) if scene.is_active
                else next_offer(scene, rng, self.trades))
        return move if move is not None else Wait()

    def _choose(self, scene: Scene, actions: list[BohnanzaAction],
                rng: random.Random) -> BohnanzaAction | None:
        phase = scene.phase
        if phase == "trade":
            return phase2(scene, actions, rng, self.trades)
        mine = scene.is_active if phase == "plant" else bool(scene.trade)
        if not mine:
            return least_harm(scene, actions)  # open trading: called on with nothing to do
        if phase == "plant":
            return phase1(scene, actions)
        return phase3(scene, actions)


def make(game: object, trades: bool = True, patience: float = PATIENCE) -> HeuristicBot:
    """The registry's factory: ``heuristic``, ``heuristic:trades=false``,
    ``heuristic:patience=0.5``."""
    return HeuristicBot(trades=trades, patience=patience)


PARAMS: dict[str, type] = {"trades": bool, "patience": float}

__all__ = ["PARAMS", "PATIENCE", "HeuristicBot", "Tuning", "make"]
