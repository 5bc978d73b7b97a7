"""The heuristic bot of Tiny Beans: it plays a card no unseen card can beat, or else its
weakest card, and keeps the card of a trick won with most beans.

It sees only its seat's view and the legal actions (a ``Decision``), never the state.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bohnen.core.bots import Decision
from tinybeans.actions import Keep, Play, TinyAction
from tinybeans.heuristic.keep import choose_keep
from tinybeans.heuristic.play import choose_play
from tinybeans.heuristic.scene import read

PARAMS: Mapping[str, type] = {}


class HeuristicBot:
    """Tiny Beans rules of thumb."""

    name = "heuristic"
    needs_view = True
    proposes = False

    def act(self, decision: Decision[TinyAction], rng: random.Random) -> TinyAction:
        if decision.view is None:
            raise ValueError("the heuristic bot needs its seat's view")
        scene = read(decision.view)
        plays = [a for a in decision.actions if type(a) is Play]
        keeps = [a for a in decision.actions if type(a) is Keep]
        if plays:
            return choose_play(scene, plays)
        if keeps:
            return choose_keep(keeps)
        raise ValueError(f"seat {decision.seat} has no legal move")


def make(game: Any, **params: Any) -> HeuristicBot:
    """The bot (the registry's factory); it takes no parameters."""
    return HeuristicBot()
