"""A seat's legal moves as an interface shows them and sends them back.

Each :class:`Move` is one legal action in three forms: its JSON (``action.to_json()``,
what ``Game.action_from_json`` reads back), its text for people
(``Game.action_texts``, from the seat's view) and its notation (``str(action)``, for
records and for people who type). With the seat's :class:`~bohnen.core.protocol.Terms`
(what it may propose), an interface offers every move the rules allow without
restating any of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict

from bohnen.core.game import AnyGame
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.protocol import Action, JSONObject, View


class Move(TypedDict):
    """One legal action: its JSON form, its text for people, its notation."""

    action: JSONObject
    text: str
    notation: str


def legal_moves(game: AnyGame, view: View, actions: Sequence[Action],
                names: Names = NO_NAMES) -> list[Move]:
    """``actions`` (legal actions of the seat whose view ``view`` is) as moves, in
    their order, other seats named by ``names``; ``ValueError`` if the game gives a
    text too few or too many."""
    texts = game.action_texts(view, actions, names)
    if len(texts) != len(actions):
        raise ValueError(f"{game.name} gave {len(texts)} texts for {len(actions)} actions")
    return [{"action": action.to_json(), "text": text, "notation": str(action)}
            for action, text in zip(actions, texts, strict=True)]
