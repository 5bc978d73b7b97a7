"""The heuristic bot of Nicht die Bohne!: every card judged by its effect on the rows.

- :mod:`~bohnen.ndb.heuristic.scene`: the view read into the bot's picture;
- :mod:`~bohnen.ndb.heuristic.worth`: what a card is worth to a row, now and to come;
- :mod:`~bohnen.ndb.heuristic.taking`: the card to take;
- :mod:`~bohnen.ndb.heuristic.playing`: the card to lead or to play face down.

It sees only its seat's view and the legal actions (``Decision``), never the state.
"""

from __future__ import annotations

import random
from typing import cast

from bohnen.core.bots import Decision
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.ndb.actions import NdbAction, Play, Take
from bohnen.ndb.heuristic.explain import explain
from bohnen.ndb.heuristic.playing import play
from bohnen.ndb.heuristic.scene import read
from bohnen.ndb.heuristic.taking import take
from bohnen.ndb.heuristic.worth import Worth
from bohnen.ndb.view_types import SeatView

MAX_POINTS = 1000.0  # gain and loss: far past the points of any round


class NdbHeuristicBot:
    """Takes the card worth most to it; leads the card worth least to the others;
    follows with the card the token holder wants most.

    ``gain`` / ``loss``: the points a row counting up / down is expected to gather
    over a whole round. ``deny``: how much of a card's worth to the others counts
    when taking it (0 ignores them; 1 weighs the average other player like the bot).
    """

    needs_view = True
    proposes = False

    def __init__(self, gain: float = 6.0, loss: float = 3.0, deny: float = 0.3) -> None:
        _check("gain", gain, MAX_POINTS)
        _check("loss", loss, MAX_POINTS)
        _check("deny", deny, 1.0)
        self.name = "heuristic"
        self.gain = gain
        self.loss = loss
        self.deny = deny
        self.worth = Worth(gain, loss, deny)

    def act(self, decision: Decision[NdbAction], rng: random.Random) -> NdbAction:
        actions = decision.actions
        if len(actions) == 1 or decision.view is None:
            return actions[0]
        scene = read(cast(SeatView, decision.view))
        if type(actions[0]) is Take:
            return take(scene, cast(list[Take], actions), self.worth)
        return play(scene, cast(list[Play], actions), self.worth)


    def advise(self, decision: Decision[NdbAction],
               rng: random.Random) -> tuple[NdbAction, str]:
        """The bot's move for ``decision`` and a one-line reason for it, from the terms
        of its scoring that decided it (:mod:`~bohnen.ndb.heuristic.explain`): the
        hint at the terminal."""
        action = self.act(decision, rng)
        return action, self.explain(decision, action)

    def explain(self, decision: Decision[NdbAction], action: NdbAction) -> str:
        """Why the bot, deciding ``decision``, makes ``action``: one line."""
        return explain(decision, action, self.worth)


def _check(name: str, value: object, most: float) -> None:
    """``ValueError`` naming parameter ``name`` unless ``value`` is a number from 0 to
    ``most`` (never infinite, nor NaN)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= most:
        raise ValueError(f"bot heuristic: {name} must be a number from 0 to {most:g}, "
                         f"not {excerpt(value)}")


def make(game: AnyGame, gain: float = 6.0, loss: float = 3.0,
         deny: float = 0.3) -> NdbHeuristicBot:
    """The registry's factory: ``heuristic``, ``heuristic:deny=0.5``."""
    return NdbHeuristicBot(gain=gain, loss=loss, deny=deny)


PARAMS: dict[str, type] = {"gain": float, "loss": float, "deny": float}
