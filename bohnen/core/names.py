"""Seats by name in the games' words: "Bea plants…" where a caller knows the seats'
names, "Seat 2 plants…" where it does not.

An event's :meth:`~bohnen.core.protocol.Event.text` and a game's
:meth:`~bohnen.core.game.Game.action_texts` take the seats' names (``names``, one per
seat in seat order); the empty default, or an empty name, writes the seat's number
("seat 2"), which records, the terminal and the tests read as before. The names only
name: a text with names says nothing a text without them does not.
"""

from __future__ import annotations

from collections.abc import Sequence

Names = Sequence[str]  # each seat's name in seat order (empty: none known)
NO_NAMES: Names = ()


def seat_name(names: Names, seat: int) -> str:
    """``seat``'s name inside a sentence: its name if ``names`` has one, else "seat 2"."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"seat {seat}"


def seat_title(names: Names, seat: int) -> str:
    """``seat``'s name at the start of a sentence: its name, else "Seat 2"."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat}"


def seat_list(names: Names, seats: Sequence[int]) -> str:
    """Seats joined: "seat 0, seat 2" or "Ada, Bea"."""
    return ", ".join(seat_name(names, s) for s in seats)


def winners_text(names: Names, winners: Sequence[int]) -> str:
    """The winners, named, after "winner:" or "winners:" as their number asks:
    "winner: seat 0", "winners: seat 0, seat 2", "winners: Ada, Bea"."""
    label = "winner" if len(winners) == 1 else "winners"
    return f"{label}: {seat_list(names, winners)}"


def scores_text(names: Names, scores: Sequence[int]) -> str:
    """Each seat's score: "Ada 12, Bea 9", "seat 0 12, seat 1 9" without names (never
    a Python list)."""
    return ", ".join(f"{seat_name(names, s)} {n}" for s, n in enumerate(scores))
