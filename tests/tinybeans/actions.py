"""The actions of Tiny Beans, their notation and their JSON form.

``"0: play B7"``: seat 0 plays the card B7 face down. ``"2: keep B3"``: seat 2, which
won the trick, keeps B3 of it (the other cards of the trick are discarded).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import json_number, notation, number
from tinybeans.cards import DECK, Card, code, parse_card

VERBS = ("play", "keep")


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` of the hand face down."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: play {_card_text(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "card": _card_text(self.card)}


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep ``card`` of the trick won (the others go to the discard pile)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: keep {_card_text(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "keep", "seat": self.seat, "card": _card_text(self.card)}


TinyAction = Play | Keep
KINDS: dict[str, type[Play] | type[Keep]] = {"play": Play, "keep": Keep}


def _card_text(card: object) -> str:
    """The code of ``card``, or ``?`` and its value for something that is no card (an
    action built by a careless caller must still write out)."""
    return code(Card(card)) if type(card) is int and card in DECK else f"?{card!r}"


def parse_action(text: str) -> TinyAction:
    """The action written ``text``; ``InvalidActionError`` naming the fault."""
    text = notation(text)
    head, sep, rest = text.partition(":")
    words = rest.split()
    if not sep or len(words) != 2:
        raise InvalidActionError(f"{excerpt(text)}: expected '<seat>: play CARD' or "
                                 "'<seat>: keep CARD'")
    seat = number(head.strip(), "the seat")
    verb = words[0].lower()
    if verb not in KINDS:
        raise InvalidActionError(f"{excerpt(text)}: unknown verb {excerpt(words[0])}; "
                                 f"verbs are {', '.join(VERBS)}")
    try:
        return KINDS[verb](seat, parse_card(words[1]))
    except ValueError as exc:
        raise InvalidActionError(f"{excerpt(text)}: {exc}") from None


def action_from_json(data: object) -> TinyAction:
    """The action of a JSON object; ``InvalidActionError`` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {excerpt(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidActionError(f"unknown action type {excerpt(kind)}; types are "
                                 f"{', '.join(VERBS)}")
    if set(data) != {"type", "seat", "card"}:
        raise InvalidActionError(f"{kind}: expected the fields card, seat, type")
    seat = json_number(data["seat"], f"{kind}: seat")
    card = data["card"]
    if not isinstance(card, str):
        raise InvalidActionError(f"{kind}: card must be a card code, not {excerpt(card)}")
    try:
        return KINDS[kind](seat, parse_card(card))
    except ValueError as exc:
        raise InvalidActionError(f"{kind}: {exc}") from None
