"""The cards of Tiny Beans: twelve bean cards, ``B1`` to ``B12`` (a leaf module).

A card is its number (an ``int``, typed :data:`Card`); it shows 1, 2 or 3 beans, in
turn: ``B1`` one, ``B2`` two, ``B3`` three, ``B4`` one again, and so on. Notation,
JSON and views write a card as its code.
"""

from __future__ import annotations

from typing import NewType

from bohnen.core.files import excerpt

Card = NewType("Card", int)

DECK: tuple[Card, ...] = tuple(Card(number) for number in range(1, 13))


def beans(card: Card) -> int:
    """The beans the card shows: what it scores when kept."""
    return (card - 1) % 3 + 1


def code(card: Card) -> str:
    """``B7`` for the card 7."""
    return f"B{card}"


def parse_card(text: str) -> Card:
    """The card of a code (``B7``, ``b7``); ``ValueError`` naming a bad one."""
    word = text.strip().upper()
    number = word[1:]
    if not (word.startswith("B") and number.isascii() and number.isdigit()
            and len(number) <= 2 and 1 <= int(number) <= len(DECK)):
        raise ValueError(f"no card {excerpt(text)}; cards are B1 to B{len(DECK)}")
    return Card(int(number))
