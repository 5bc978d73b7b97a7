"""Why the heuristic bot makes a move, in one line: the hint's reason at the terminal.

The reason words the terms of the bot's own scoring (``worth.py``) that decided the
move: taking, what the card does to the seat's row of its colour (and, where that
weighed more, what it would have given the others); leading, how little the card
helps the others; following, how much the token holder wants the card, so that it
takes it and the seat takes next. It reads only the seat's scene, built from its own
view, so a reason says nothing the seat may not know.
"""

from __future__ import annotations

from typing import cast

from bohnen.core.bots import Decision
from bohnen.ndb.actions import NdbAction, Play, Take
from bohnen.ndb.cards import COLOURS, KINDS, Card
from bohnen.ndb.heuristic.scene import Scene, read
from bohnen.ndb.heuristic.worth import Worth, future
from bohnen.ndb.scoring import row_score
from bohnen.ndb.view_types import SeatView


def _row_change(scene: Scene, card: Card) -> str:
    """What ``card`` does to the seat's row of its colour: its points before and after."""
    colour = COLOURS[card // KINDS].english
    row = scene.rows[scene.seat][card // KINDS]
    before, after = row_score(row), row_score([*row, card])
    if not row:
        return f"it starts your {colour} row at {after}"
    if after == before:
        return f"it leaves your {colour} row at {after}"
    return f"it takes your {colour} row from {before} to {after}"


def _take(scene: Scene, action: Take, worth: Worth) -> str:
    card = scene.table[action.owner]
    ahead = future(scene.rows, scene.hand, scene.waiting)
    mine = worth.gift(card, scene.rows[scene.seat], ahead)
    theirs = worth.others(scene.seat, card, scene.rows, ahead)
    text = _row_change(scene, card)
    if mine < 0:
        text = f"the least harm of the cards left: {text}"
    if worth.deny and worth.deny * abs(theirs) > abs(mine):
        return text + f", and it would give the others about {theirs:+.0f} each"
    return text


def _play(scene: Scene, action: Play, worth: Worth) -> str:
    card = action.card
    ahead = future(scene.rows, scene.hand, ())
    if scene.token == scene.seat:
        helps = worth.others(scene.seat, card, scene.rows, ahead)
        return (f"of your cards it helps the others least ({helps:+.0f} to each on "
                "average): the last of the chain takes it")
    wanted = worth.gift(card, scene.rows[scene.token], ahead)
    return (f"seat {scene.token} (the token) wants it most ({wanted:+.0f} to its rows), "
            "so it takes it and you take next")


def reason(scene: Scene, action: NdbAction, worth: Worth) -> str:
    """The one-line reason for ``action``, the move the bot chose in ``scene``."""
    if type(action) is Take:
        return _take(scene, action, worth)
    if type(action) is Play:
        return _play(scene, action, worth)
    return ""


def explain(decision: Decision[NdbAction], action: NdbAction, worth: Worth) -> str:
    """Why the bot, deciding ``decision``, makes ``action`` (from the seat's view)."""
    if len(decision.actions) == 1:
        return "it is your only move"
    if decision.view is None:
        return ""
    return reason(read(cast(SeatView, decision.view)), action, worth)
