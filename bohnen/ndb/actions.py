"""Actions of Nicht die Bohne!, their notation and JSON form.

``"0: play R7"``: seat 0 plays the red 7 (face up when it holds the token, face down
otherwise). ``"2: take 1"``: seat 2 takes the card that seat 1 played.
"""

from __future__ import annotations

from dataclasses import dataclass

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import json_number, notation, number
from bohnen.core.protocol import JSONObject
from bohnen.ndb.cards import CARD_IDS, Card, code, parse_card


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand: face up by the token holder, face down by the others."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: play {card_text(self.card)}"

    def to_json(self) -> JSONObject:
        return {"type": "play", "seat": self.seat, "card": card_text(self.card)}


@dataclass(frozen=True, slots=True)
class Take:
    """Take the card that seat ``owner`` played in this trick."""

    seat: int
    owner: int

    def __str__(self) -> str:
        return f"{self.seat}: take {self.owner}"

    def to_json(self) -> JSONObject:
        return {"type": "take", "seat": self.seat, "owner": self.owner}


NdbAction = Play | Take


def card_text(card: object) -> str:
    """The card's code; a value that is no card (an action built by hand) shown as such."""
    return code(card) if type(card) is int and 0 <= card < CARD_IDS else f"?{card!r}"


def parse_action(text: str) -> NdbAction:
    """The action written ``text``; ``InvalidActionError`` naming the fault."""
    text = notation(text)
    try:
        return _parse(text)
    except ValueError as exc:
        raise InvalidActionError(f"{excerpt(text)}: {exc}") from None


def _parse(text: str) -> NdbAction:
    head, sep, rest = text.partition(":")
    words = rest.split()
    if not sep or len(words) != 2:
        raise ValueError("expected '<seat>: play CARD' or '<seat>: take SEAT'")
    seat, verb, arg = number(head.strip(), "the seat"), words[0].lower(), words[1]
    if verb == "play":
        return Play(seat, parse_card(arg))
    if verb == "take":
        return Take(seat, number(arg, "the seat taken from"))
    raise ValueError(f"unknown verb {excerpt(verb)}; verbs are play, take")


_FIELDS = {"play": {"type", "seat", "card"}, "take": {"type", "seat", "owner"}}


def action_from_json(data: object) -> NdbAction:
    """The action of a JSON object; ``InvalidActionError`` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {excerpt(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidActionError(f"unknown action type {excerpt(kind)}; types are play, take")
    if set(data) != _FIELDS[kind]:
        raise InvalidActionError(f"{kind}: expected the fields {', '.join(sorted(_FIELDS[kind]))}")
    seat = json_number(data["seat"], f"{kind}: seat")
    if kind == "play":
        card = data["card"]
        if not isinstance(card, str):
            raise InvalidActionError(f"play: card must be a card code, not {excerpt(card)}")
        try:
            return Play(seat, parse_card(card))
        except ValueError as exc:
            raise InvalidActionError(f"play: {exc}") from None
    return Take(seat, json_number(data["owner"], "take: owner"))
