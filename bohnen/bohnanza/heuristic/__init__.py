"""The Bohnanza heuristic bot: one-move rules of thumb from the game's strategy.

It plants and harvests to make its fields worth most on the beanometer (harvesting,
when it must, the field that loses least and pays most; never breaking a long field
when a cheaper one will do), buys the third field while it can still pay back, and
trades: as the active player it offers the face-up (and hand) cards that fit none of
its fields for beans it grows, or gives them away; as another player it offers the
active player hand cards for the beans it wants; it accepts or counters offers by the
worth they add to its fields, and closes trading when nothing useful is left.

It sees only its seat's view and the legal actions (``Decision``), never the state.
"""

from __future__ import annotations

import random
from typing import Any, cast

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.heuristic.planting import least_harm, phase1, phase3
from bohnen.bohnanza.heuristic.scene import Scene, Tuning, read
from bohnen.bohnanza.heuristic.trading import phase2, request
from bohnen.bohnanza.view_types import SeatView
from bohnen.core.bots import Decision


class HeuristicBot:
    """Bohnanza rules of thumb. ``trades=False``: it closes trading at once and proposes
    nothing (it still answers offers made to it), unless a proposal is the only legal
    move (open trading without a bound), when it asks for the bean it wants most."""

    needs_view = True
    proposes = True  # it builds its own proposals, but must know whether any is allowed

    def __init__(self, trades: bool = True, tuning: Tuning | None = None) -> None:
        self.trades = trades
        self.tuning = tuning if tuning is not None else Tuning()
        self.name = "heuristic" if trades else "heuristic:trades=false"

    def act(self, decision: Decision[BohnanzaAction], rng: random.Random) -> BohnanzaAction:
        if decision.view is None:
            raise ValueError("the heuristic bot needs its seat's view")
        scene = read(cast(SeatView, decision.view), decision.seat, self.tuning)
        action = self._choose(scene, decision.actions, rng)
        if action is not None:
            return action
        if decision.actions:
            return decision.actions[0]
        if scene.may_propose and decision.proposals:
            return request(scene)  # nothing else is legal (open trading without a bound)
        raise ValueError(f"seat {decision.seat} has no legal move")

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


def make(game: Any, trades: bool = True) -> HeuristicBot:
    """The registry's factory: ``heuristic`` or ``heuristic:trades=false``."""
    return HeuristicBot(trades=trades)


PARAMS: dict[str, type] = {"trades": bool}

__all__ = ["PARAMS", "HeuristicBot", "Tuning", "make"]
