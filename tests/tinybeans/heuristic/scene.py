"""The heuristic bot's picture of the table, read from its seat's view alone."""

from __future__ import annotations

from typing import NamedTuple, cast

from bohnen.core.protocol import View
from tinybeans.cards import DECK, Card, parse_card
from tinybeans.view_types import SeatView


class Scene(NamedTuple):
    """What the bot knows: its hand, the cards it has not seen yet, the trick."""

    seat: int
    phase: str
    hand: tuple[Card, ...]
    unseen: tuple[Card, ...]  # cards in other hands, face down or in the draw pile
    trick: tuple[Card, ...]  # the cards turned up in this trick (keep phase)
    lowest_wins: bool


def read(view: View) -> Scene:
    """The scene of a seat's view (a ``SeatView``)."""
    seen = cast(SeatView, view)
    mine = seen["players"][seen["seat"]]
    hand = tuple(parse_card(code) for code in mine["hand"] or [])
    shown = [parse_card(code) for code in seen["discard"]]
    trick: list[Card] = []
    for player in seen["players"]:
        shown += [parse_card(code) for code in player["kept"]]
        if player["card"] is not None:
            card = parse_card(player["card"])
            shown.append(card)
            if seen["phase"] == "keep":
                trick.append(card)
    unseen = tuple(card for card in DECK if card not in shown and card not in hand)
    return Scene(seen["seat"], seen["phase"], hand, unseen, tuple(trick),
                 seen["options"]["lowest_wins"])
