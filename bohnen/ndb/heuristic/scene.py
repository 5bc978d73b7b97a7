"""The heuristic's picture of the table, read from its seat's view: cards as ints."""

from __future__ import annotations

from dataclasses import dataclass

from bohnen.ndb.cards import CARDS, CODES, Card
from bohnen.ndb.view_types import SeatView

# rows[seat][colour]: the cards of a row, colours in the order of the legend
Rows = list[list[list[Card]]]
CARD: dict[str, Card] = {CODES[c]: c for c in CARDS}  # the card of each code


@dataclass(frozen=True, slots=True)
class Scene:
    """What the bot sees: its seat, the token holder, every row, its hand, and in the
    taking the trick's cards (``table``) and those still to take (``waiting``)."""

    seat: int
    token: int
    rows: Rows
    hand: list[Card]
    table: list[Card]  # in the taking: per seat, the card it played (else empty)
    waiting: list[Card]  # in the taking: the cards not taken yet (else empty)


def read(view: SeatView) -> Scene:
    """The bot's picture of ``view``, its own seat's view."""
    seat = view["seat"]
    players = view["players"]
    rows = [[[CARD[c] for c in row["cards"]] for row in p["rows"]] for p in players]
    hand = [CARD[c] for c in players[seat]["hand"] or ()]
    table: list[Card] = []
    waiting: list[Card] = []
    if view["phase"] == "take":
        table = [CARD[c] for c in view["table"] if c is not None]  # all turned up
        taken = set(view["taken"])
        waiting = [c for s, c in enumerate(table) if s not in taken]  # a card taken is in a row
    return Scene(seat, view["token"], rows, hand, table, waiting)
