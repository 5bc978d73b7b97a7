"""Taking: the card that raises the bot's own rows most, plus a share of what the card
would give the others (a card good for them is worth denying; one bad for them is
worth leaving on the table)."""

from __future__ import annotations

from bohnen.ndb.actions import Take
from bohnen.ndb.heuristic.choice import best
from bohnen.ndb.heuristic.scene import Scene
from bohnen.ndb.heuristic.worth import Worth, future


def take(scene: Scene, actions: list[Take], worth: Worth) -> Take:
    """The take of ``actions`` worth most to the bot."""
    seat, rows, table = scene.seat, scene.rows, scene.table
    ahead = future(rows, scene.hand, scene.waiting)

    def score(action: Take) -> float:
        card = table[action.owner]
        return (worth.gift(card, rows[seat], ahead)
                + worth.deny * worth.others(seat, card, rows, ahead))

    return best(actions, score)
