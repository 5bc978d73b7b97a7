"""What happened in a game of Tiny Beans, censored per viewer and described lazily.

Private: a card drawn into a hand (:class:`Drew`) and a card played face down before
the reveal (:class:`Played`), each shown only to its owner. The rest is public.
``reveals`` (see ``bohnen.core.protocol.Event``) is true of the draws and of the cards
turned up: chance or hidden cards coming into play. (The deal is part of the new game,
which shows each seat its hand in its view; no event tells of it.)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from bohnen.core.names import NO_NAMES, Names, scores_text, seat_name, seat_title, winners_text
from tinybeans.cards import Card, beans, code

JSON = dict[str, Any]


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [code(card) for card in cards]


class Played(NamedTuple):
    seat: int
    card: Card

    @property
    def kind(self) -> str:
        return "played"

    @property
    def reveals(self) -> bool:
        return False  # from the seat's own hand, on its own move

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.kind, "seat": self.seat}
        if viewer == self.seat:
            data["card"] = code(self.card)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        if viewer == self.seat:
            return f"You play {code(self.card)} face down."
        return f"{seat_title(names, self.seat)} plays a card face down."


class Revealed(NamedTuple):
    cards: tuple[Card, ...]  # per seat, the card it played
    winner: int

    @property
    def kind(self) -> str:
        return "revealed"

    @property
    def reveals(self) -> bool:
        return True  # the face-down cards turned up

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "cards": _codes(self.cards), "winner": self.winner}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        shown = ", ".join(f"{seat_name(names, seat)} {code(card)}"
                          for seat, card in enumerate(self.cards))
        return f"The cards are turned up: {shown}. {seat_title(names, self.winner)} wins the trick."


class Kept(NamedTuple):
    seat: int
    card: Card
    discarded: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "kept"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "card": code(self.card),
                "discarded": _codes(self.discarded)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        count = beans(self.card)
        who = seat_title(names, self.seat)
        return (f"{who} keeps {code(self.card)} ({count} bean{'s' * (count > 1)}) "
                f"and discards {' '.join(_codes(self.discarded))}.")


class Drew(NamedTuple):
    seat: int
    card: Card

    @property
    def kind(self) -> str:
        return "drew"

    @property
    def reveals(self) -> bool:
        return True  # a card off the face-down draw pile

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.kind, "seat": self.seat}
        if viewer == self.seat:
            data["card"] = code(self.card)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        if viewer == self.seat:
            return f"You draw {code(self.card)}."
        return f"{seat_title(names, self.seat)} draws a card."


class GameEnded(NamedTuple):
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "game_ended"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "scores": list(self.scores), "winners": list(self.winners)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"Game over. Beans {scores_text(names, self.scores)}; "
                f"{winners_text(names, self.winners)}.")


TinyEvent = Played | Revealed | Kept | Drew | GameEnded
