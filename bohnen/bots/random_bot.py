"""The random bot: uniform over the legal actions."""

from __future__ import annotations

import random

from bohnen.core.bots import Decision, Wait, idle
from bohnen.core.playout import closing
from bohnen.core.protocol import Action


class RandomBot:
    """Uniform over the legal actions.

    Proposals count as one more choice beside the listed actions (their space is
    large); when chosen, one proposal is drawn uniformly from the generator. With
    ``trades=False`` it proposes only when nothing else is legal, and as the active
    player it closes trading at once (it still answers proposals made to it).
    """

    needs_view = False

    def __init__(self, trades: bool = True) -> None:
        self.trades = trades
        self.proposes = trades
        self.name = "random" if trades else "random:trades=false"

    def act(self, decision: Decision[Action], rng: random.Random) -> Action | Wait:
        if decision.may_wait and idle(decision, self.trades):
            return Wait()
        actions = decision.actions
        if not self.trades:
            close = closing(actions)  # the flag read once per action type, not per action
            if close is not None:
                return close  # nobody proposes: the active player closes at once
        # Without trades it proposes only when nothing else is legal (open trading can
        # give a seat nothing but proposals to make).
        proposals = decision.proposals if self.trades or not actions else ()
        extra = 1 if proposals else 0  # truth of a proposal space is cheap, its length not
        # int(random() * k) is uniform to within 2**-53 and several times faster
        # than randrange.
        pick = int(rng.random() * (len(actions) + extra))
        if pick == len(actions):
            return proposals[int(rng.random() * len(proposals))]
        return actions[pick]
