"""The 60 cards of Nicht die Bohne! in one data table (decisions.md, Nicht die Bohne).

Four colours; in each: the value cards 1 to 10 once each, three "–" cards, one "x2"
card and one "Nicht die Bohne" card (shown as 0). A card is an ``int``: its colour
times ``KINDS`` plus its kind (0..9 are the values 1..10, then "–", "x2", "Nicht die
Bohne"); the three "–" cards of a colour are the same int.
"""

from __future__ import annotations

from typing import NamedTuple

from bohnen.core.files import excerpt


class Colour(NamedTuple):
    name: str  # French name of the rules text
    code: str  # one letter used in the notation


COLOURS: tuple[Colour, ...] = (
    Colour("vert", "G"),
    Colour("rouge", "R"),
    Colour("jaune", "Y"),
    Colour("bleu", "B"),
)

KINDS = 13
MINUS, DOUBLE, NDB = 10, 11, 12  # kinds of the special cards
# kind -> copies in each colour
COPIES: tuple[int, ...] = (1,) * 10 + (3, 1, 1)
VALUES: tuple[str, ...] = tuple(str(v) for v in range(1, 11))
KIND_CODES: tuple[str, ...] = (*VALUES, "-", "x2", "0")
KIND_NAMES: tuple[str, ...] = (*VALUES, "–", "x2", "Nicht die Bohne")
DECK_SIZE = len(COLOURS) * sum(COPIES)  # 60
CARD_IDS = len(COLOURS) * KINDS  # card ints are 0 .. CARD_IDS - 1
HAND_SIZE = {3: 20, 4: 15, 5: 12, 6: 10}


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
    """A card in words, e.g. ``rouge 7``, ``bleu –``, ``jaune Nicht die Bohne``."""
    return f"{COLOURS[card // KINDS].name} {KIND_NAMES[card % KINDS]}"


def full_deck() -> list[int]:
    """The 60 cards, colour by colour (unshuffled)."""
    return list(_DECK)


_DECK: tuple[int, ...] = tuple(c * KINDS + k for c in range(len(COLOURS)) for k in range(KINDS)
                               for _ in range(COPIES[k]))


_BY_CODE = {code(c): c for c in range(len(COLOURS) * KINDS)}


def parse_card(text: str) -> int:
    """A card from its code (``R7``, ``B-``, ``Gx2``, ``Y0``; case and '–' accepted)."""
    key = text.strip().upper().replace("–", "-").replace("X2", "x2")
    if key in _BY_CODE:
        return _BY_CODE[key]
    raise ValueError(f"unknown card {excerpt(text)}; cards are a colour (G R Y B) then 1..10, "
                     f"'-', 'x2' or '0' (Nicht die Bohne), e.g. R7, B-, Gx2, Y0")
