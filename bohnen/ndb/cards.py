"""The 60 cards of Nicht die Bohne! in one data table (decisions.md, Nicht die Bohne).

Four colours; in each: the value cards 1 to 10 once each, three "–" cards, one "x2"
card and one "Nicht die Bohne" card (shown as 0). A :data:`Card` is an ``int``: its
colour times ``KINDS`` plus its kind (0..9 are the values 1..10, then "–", "x2",
"Nicht die Bohne"); the three "–" cards of a colour are the same int. Everything
outside the engine writes a card as its code (:func:`code`: ``R7``, ``B-``, ``Gx2``,
``Y0``). This module imports nothing else of the game.
"""

from __future__ import annotations

from typing import Final, NamedTuple, NewType

from bohnen.core.files import excerpt

Card = NewType("Card", int)


class Colour(NamedTuple):
    name: str  # French name of the rules text
    code: str  # one letter used in the notation
    english: str  # the colour's name in English, for interfaces


class Kind(NamedTuple):
    code: str  # what follows the colour letter in a card's code
    name: str  # the kind in words, as the texts of events write it
    copies: int  # cards of this kind in each colour
    points: int  # value points of the card (the special cards have none)
    effect: str  # what the card does to its row ("" for a value card)


COLOURS: tuple[Colour, ...] = (
    Colour("vert", "G", "green"),
    Colour("rouge", "R", "red"),
    Colour("jaune", "Y", "yellow"),
    Colour("bleu", "B", "blue"),
)

# kinds of the special cards
MINUS: Final = 10
DOUBLE: Final = 11
NDB: Final = 12
KIND_TABLE: tuple[Kind, ...] = (
    *(Kind(str(v), str(v), 1, v, "") for v in range(1, 11)),
    Kind("-", "–", 3, 0, "one or three in a row make it negative"),
    Kind("x2", "x2", 1, 0, "doubles the row"),
    Kind("0", "Nicht die Bohne", 1, 0, "the row is worth 0"),
)
KINDS: Final = len(KIND_TABLE)  # 13
# kind -> copies in each colour
COPIES: tuple[int, ...] = tuple(k.copies for k in KIND_TABLE)
KIND_CODES: tuple[str, ...] = tuple(k.code for k in KIND_TABLE)
KIND_NAMES: tuple[str, ...] = tuple(k.name for k in KIND_TABLE)
DECK_SIZE = len(COLOURS) * sum(COPIES)  # 60
CARD_IDS: Final = len(COLOURS) * KINDS  # card ints are 0 .. CARD_IDS - 1
HAND_SIZE = {3: 20, 4: 15, 5: 12, 6: 10}
# Every card int, each once (the three "–" of a colour are one int).
CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(CARD_IDS))


def colour(card: int) -> int:
    return card // KINDS


def kind(card: int) -> int:
    return card % KINDS


def value(card: int) -> int:
    """Points on the card: 1..10 for value cards, 0 for the special cards."""
    k = card % KINDS
    return k + 1 if k < MINUS else 0


def is_special(card: int) -> bool:
    return card % KINDS >= MINUS


def code(card: int) -> str:
    """Notation of a card: colour letter then kind, e.g. ``R7``, ``B-``, ``Gx2``, ``Y0``."""
    return COLOURS[card // KINDS].code + KIND_CODES[card % KINDS]


def name(card: int) -> str:
    """A card in words, as the events and the moves write it, its colour in English (the
    language of every interface): ``red 7``, ``blue –``, ``yellow Nicht die Bohne``."""
    return f"{COLOURS[card // KINDS].english} {KIND_NAMES[card % KINDS]}"


def full_deck() -> list[Card]:
    """The 60 cards, colour by colour (unshuffled)."""
    return list(_DECK)


# CODES[card]: the code of every card int.
CODES: tuple[str, ...] = tuple(code(c) for c in CARDS)

_DECK: tuple[Card, ...] = tuple(CARDS[c * KINDS + k] for c in range(len(COLOURS))
                                for k in range(KINDS) for _ in range(COPIES[k]))


_BY_CODE: dict[str, Card] = {code(c): c for c in CARDS}


def parse_card(text: str) -> Card:
    """A card from its code (``R7``, ``B-``, ``Gx2``, ``Y0``; case and '–' accepted)."""
    key = text.strip().upper().replace("–", "-").replace("X2", "x2")
    if key in _BY_CODE:
        return _BY_CODE[key]
    raise ValueError(f"unknown card {excerpt(text)}; cards are a colour (G R Y B) then 1..10, "
                     f"'-', 'x2' or '0' (Nicht die Bohne), e.g. R7, B-, Gx2, Y0")
