"""What happened in a game of Nicht die Bohne!, censored per viewer.

Private: the cards dealt to a hand (:class:`Dealt`) and a face-down card before the
reveal (:class:`PlayedFaceDown`), each seen only by its owner. The rest is public.

``reveals`` (see ``bohnen.core.protocol.Event``) is true of a new round (the deck is
shuffled: :class:`RoundStarted`, :class:`Dealt`) and of the face-down cards turned
up (:class:`Revealed`); a card led or played face down comes from its owner's hand
on its owner's move, and a card taken lies face up.

Each event is a ``NamedTuple`` built on the hot path without formatting anything;
``kind`` is its JSON name (the ``event`` field of :meth:`to_json`), and ``to_json`` /
``text`` describe it for one viewer when asked.
"""

from __future__ import annotations

from typing import NamedTuple

from bohnen.core.names import NO_NAMES, Names, scores_text, seat_name, seat_title, winners_text
from bohnen.core.protocol import JSONObject as JSON
from bohnen.ndb.cards import Card, code, name
from bohnen.ndb.data import SheetLine


class RoundStarted(NamedTuple):
    round: int  # 1-based
    dealer: int
    leader: int  # the seat left of the dealer: it takes the token and leads

    @property
    def kind(self) -> str:
        return "round_started"

    @property
    def reveals(self) -> bool:
        return True  # a new round: the deck was shuffled

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "round": self.round, "dealer": self.dealer,
                "leader": self.leader}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"Round {self.round}: {seat_name(names, self.dealer)} deals, "
                f"{seat_name(names, self.leader)} takes the token.")


class Dealt(NamedTuple):
    seat: int
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "dealt"

    @property
    def reveals(self) -> bool:
        return True  # a hand dealt from the shuffled deck

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.kind, "seat": self.seat, "count": len(self.cards)}
        if viewer == self.seat:
            data["cards"] = [code(c) for c in self.cards]
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        if viewer == self.seat:
            return f"You are dealt {', '.join(name(c) for c in self.cards)}."
        return f"{seat_title(names, self.seat)} is dealt {len(self.cards)} cards."


class Led(NamedTuple):
    seat: int
    card: Card

    @property
    def kind(self) -> str:
        return "led"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "card": code(self.card)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} plays {name(self.card)} face up under the token."


class PlayedFaceDown(NamedTuple):
    seat: int
    card: Card

    @property
    def kind(self) -> str:
        return "played_face_down"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.kind, "seat": self.seat}
        if viewer == self.seat:
            data["card"] = code(self.card)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        if viewer == self.seat:
            return f"You play {name(self.card)} face down."
        return f"{seat_title(names, self.seat)} plays a card face down."


class Revealed(NamedTuple):
    cards: tuple[Card, ...]  # per seat, the card it played

    @property
    def kind(self) -> str:
        return "revealed"

    @property
    def reveals(self) -> bool:
        return True  # the face-down cards turned up

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "cards": [code(c) for c in self.cards]}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        shown = ", ".join(f"{seat_name(names, s)} {name(c)}" for s, c in enumerate(self.cards))
        return f"The cards are turned up: {shown}."


class Took(NamedTuple):
    seat: int
    owner: int
    card: Card
    token: bool  # the token holder's card, and with it the token

    @property
    def kind(self) -> str:
        return "took"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "owner": self.owner,
                "card": code(self.card), "token": self.token}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        extra = " and the token" if self.token else ""
        return f"{who} takes {name(self.card)} from {seat_name(names, self.owner)}{extra}."


class RoundScored(NamedTuple):
    round: int
    lines: tuple[SheetLine, ...]

    @property
    def kind(self) -> str:
        return "round_scored"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "round": self.round,
                "lines": [{"plus": ln.plus, "minus": ln.minus, "total": ln.total}
                          for ln in self.lines]}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        parts = ", ".join(f"{seat_name(names, s)} {ln.total:+d}"
                          for s, ln in enumerate(self.lines))
        return f"Round {self.round} scored: {parts}."


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
        return {"event": self.kind, "scores": list(self.scores),
                "winners": list(self.winners)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"Game over. Totals: {scores_text(names, self.scores)}; "
                f"{winners_text(names, self.winners)}.")


NdbEvent = (RoundStarted | Dealt | Led | PlayedFaceDown | Revealed | Took | RoundScored
            | GameEnded)
