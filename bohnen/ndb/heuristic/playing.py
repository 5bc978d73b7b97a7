"""Playing: the card goes to somebody else, never back to the bot.

Leading (face up), it goes to the last player of the chain: the bot leads the card
that helps the others least on average. Following (face down), the card decides when
the bot takes: the token holder takes first, and the player whose card is taken takes
next, from the most cards; a card nobody wants leaves its player to take last, from
what is left. So the bot plays the card the token holder wants most.
"""

from __future__ import annotations

from bohnen.ndb.actions import Play
from bohnen.ndb.heuristic.choice import best
from bohnen.ndb.heuristic.scene import Scene
from bohnen.ndb.heuristic.worth import Worth, future


def play(scene: Scene, actions: list[Play], worth: Worth) -> Play:
    """The lead or the face-down card of ``actions`` that serves the bot best."""
    seat, rows, token = scene.seat, scene.rows, scene.token
    ahead = future(rows, scene.hand, ())
    if token == seat:
        return best(actions, lambda a: -worth.others(seat, a.card, rows, ahead))
    return best(actions, lambda a: worth.gift(a.card, rows[token], ahead))
