"""Actions of Nicht die Bohne!, their notation and JSON form.

``"0: play R7"``: seat 0 plays the red 7 (face up when it holds the token, face down
otherwise). ``"2: take 1"``: seat 2 takes the card that seat 1 played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bohnen.core.errors import InvalidActionError
from bohnen.ndb.cards import CARD_IDS, code, parse_card


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand: face up by the token holder, face down by the others."""

    seat: int
    card: int

    def __str__(self) -> str:
        return f"{self.seat}: play {_card_text(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "card": _card_text(self.card)}


@dataclass(frozen=True, slots=True)
class Take:
    """Take the card that seat ``owner`` played in this trick."""

    seat: int
    owner: int

    def __str__(self) -> str:
        return f"{self.seat}: take {self.owner}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "take", "seat": self.seat, "owner": self.owner}


NdbAction = Play | Take


def _card_text(card: Any) -> str:
    return code(card) if type(card) is int and 0 <= card < CARD_IDS else f"?{card!r}"


def parse_action(text: str) -> NdbAction:
    """The action written ``text``; ``InvalidActionError`` naming the fault."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action in notation must be text, not {text!r}")
    head, sep, rest = text.partition(":")
    words = rest.split()
    if not sep or not head.strip().isdigit() or len(words) != 2:
        raise InvalidActionError(f"{text!r}: expected '<seat>: play CARD' or '<seat>: take SEAT'")
    seat, verb, arg = int(head), words[0].lower(), words[1]
    if verb == "play":
        try:
            return Play(seat, parse_card(arg))
        except ValueError as exc:
            raise InvalidActionError(f"{text!r}: {exc}") from None
    if verb == "take":
        if not arg.isdigit():
            raise InvalidActionError(f"{text!r}: the seat taken from must be a number")
        return Take(seat, int(arg))
    raise InvalidActionError(f"{text!r}: unknown verb {verb!r}; verbs are play, take")


def action_from_json(data: Any) -> NdbAction:
    """The action of a JSON object; ``InvalidActionError`` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {data!r}")
    kind = data.get("type")
    expected = {"play": {"type", "seat", "card"}, "take": {"type", "seat", "owner"}}
    if not isinstance(kind, str) or kind not in expected:
        raise InvalidActionError(f"unknown action type {kind!r}; types are play, take")
    if set(data) != expected[kind]:
        raise InvalidActionError(f"{kind}: expected the fields {', '.join(sorted(expected[kind]))}")
    seat = data["seat"]
    if type(seat) is not int or seat < 0:
        raise InvalidActionError(f"{kind}: seat must be a whole number ≥ 0, not {seat!r}")
    if kind == "play":
        try:
            return Play(seat, parse_card(str(data["card"])))
        except ValueError as exc:
            raise InvalidActionError(f"play: {exc}") from None
    owner = data["owner"]
    if type(owner) is not int or owner < 0:
        raise InvalidActionError(f"take: owner must be a whole number ≥ 0, not {owner!r}")
    return Take(seat, owner)
