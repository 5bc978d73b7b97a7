"""The seats by name in a game's words, checked alike for every game (each game's tests
call :func:`check_names`): a game played at random, and every event's text and every
legal move's words, for every viewer, with the seats' names and without.

With names, a text is the text without them where each "seat 2" ("Seat 2" at the start
of a sentence) is the seat's name, and nothing else changes: the names tell a viewer no
more than the numbers did (hidden cards stay hidden), and no seat is left a number.
"""

from __future__ import annotations

import random
import re

from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState

NAMES = ("Ada", "Bea Zoë", "Bot Ida (heuristic)", "Cem", "Dua", "Eli")
_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def renamed(text: str, names: tuple[str, ...]) -> str:
    """``text`` with each seat's number written as its name (the end's scores, "seat 0
    12, seat 1 9", read "Ada 12, Bea 9"; its winners, "seat 0, seat 2", "Ada, Cem")."""
    return _SEAT.sub(lambda m: names[int(m.group(1))], text)


def check_names(game: AnyGame, state: AnyState, steps: int, seed: int = 1) -> int:
    """Play ``state`` at random for at most ``steps`` steps (a proposal now and then),
    checking every text and every legal move's words on the way; the number of texts
    that named a seat (the caller asserts there were some)."""
    rng = random.Random(seed)
    players = state.options.players
    names = NAMES[:players]
    viewers: list[int | None] = [None, *range(players)]
    named = 0
    for _ in range(steps):
        if state.is_over:
            break
        for seat in state.to_act():
            view = state.view(seat)
            actions = [*state.legal_actions(seat), *list(state.proposals(seat))[:5]]
            plain = game.action_texts(view, actions)
            with_names = game.action_texts(view, actions, names)
            assert with_names == [renamed(t, names) for t in plain]
            named += sum(t != n for t, n in zip(plain, with_names, strict=True))
        seat = rng.choice(state.to_act())
        moves = [*state.legal_actions(seat), *list(state.proposals(seat))[:3]]
        for event in state.apply(rng.choice(moves)):
            for viewer in viewers:
                line, line_named = event.text(viewer), event.text(viewer, names)
                assert line_named == renamed(line, names), (line, line_named)
                assert not _SEAT.search(line_named), line_named
                named += line != line_named
    return named


def texts(state: AnyState, steps: int, seed: int = 1) -> list[str]:
    """Every event's text, for every viewer, of ``state`` played at random for at most
    ``steps`` steps (a proposal now and then)."""
    rng = random.Random(seed)
    viewers: list[int | None] = [None, *range(state.options.players)]
    said: list[str] = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        moves = [*state.legal_actions(seat), *list(state.proposals(seat))[:3]]
        said += [e.text(v) for e in state.apply(rng.choice(moves)) for v in viewers]
    return said
