"""The moves in the game's words, as the board names things: what the numbered list,
the hint and the any-time menus show (the game's :meth:`~bohnen.core.game.Game.action_texts`,
the same words the online table gives; notation stays for people who type).

The words come from the seat's own view, so a move's words say nothing that seat may
not know.
"""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.core.protocol import Action
from bohnen.tui.session import Session
from bohnen.tui.text import without_seat


def move_texts(session: Session, seat: int, actions: Sequence[Action]) -> list[str]:
    """Each of ``seat``'s ``actions`` in the game's words (its notation where the game
    has no words for it)."""
    if not actions:
        return []
    texts = session.game.action_texts(session.view(seat), list(actions))
    return [text or without_seat(str(action))
            for text, action in zip(texts, actions, strict=True)]


def move_text(session: Session, seat: int, action: Action) -> str:
    """One of ``seat``'s actions in the game's words."""
    return move_texts(session, seat, [action])[0]


def frame(texts: Sequence[str]) -> tuple[str, str]:
    """The words every one of ``texts`` starts with and ends with (``"Play the"``,
    ``"face down"``), so that a list of like moves names only what differs; ``("", "")``
    for fewer than two texts, or where a text would be left with nothing."""
    if len(texts) < 2:
        return "", ""
    split = [text.split() for text in texts]
    head = 0
    while all(len(words) > head and words[head] == split[0][head] for words in split):
        head += 1
    tail = 0
    while all(len(words) > head + tail and words[-1 - tail] == split[0][-1 - tail]
              for words in split):
        tail += 1
    if any(len(words) <= head + tail for words in split):
        return "", ""
    first = split[0]
    return " ".join(first[:head]), " ".join(first[len(first) - tail:])


def core(text: str, head: str, tail: str) -> str:
    """``text`` without the ``frame`` words ``head`` and ``tail``."""
    words = text.split()
    start = len(head.split()) if head else 0
    end = len(words) - (len(tail.split()) if tail else 0)
    return " ".join(words[start:end])
