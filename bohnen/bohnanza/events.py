"""What happened: every ``apply`` returns these frozen records, censored per viewer.

Only :class:`Drew` (the cards drawn into a hand) and the hand positions named in
:class:`Proposed` and :class:`Traded` are private; everything else is public.

``reveals`` (see ``bohnen.core.protocol.Event``) is true of the events that take
cards off the draw pile (:class:`Revealed`, :class:`Drew`), of a run-out that
shuffles the discard pile into a new draw pile (:class:`RanOut` with ``reshuffled``),
and of a trade that shows the order of the proposer's hand (:class:`Traded`: the
cards it gives from its hand land in the trade area in their hand order, which the
accepting seat did not know); every other card moves between places everybody sees,
or from a hand by its owner's own move (a plant, an offer).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from bohnen.bohnanza.beans import CODES, NAMES, Bean
from bohnen.core.english import a, counted
from bohnen.core.names import NO_NAMES, Names, scores_text, seat_name, seat_title, winners_text

JSON = dict[str, Any]


def _names(beans: tuple[Bean, ...]) -> list[str]:
    return [NAMES[b] for b in beans]


def _codes(beans: tuple[Bean, ...]) -> list[str]:
    """Beans as JSON writes them: their codes."""
    return [CODES[b] for b in beans]


def _words(beans: tuple[Bean, ...]) -> str:
    return ", ".join(_names(beans)) if beans else "nothing"


class TurnStarted(NamedTuple):
    seat: int
    turn: int

    @property
    def kind(self) -> str:
        return "turn_started"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "turn": self.turn}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"Turn {self.turn}: {seat_name(names, self.seat)} plays."


class Planted(NamedTuple):
    seat: int
    bean: Bean
    field: int
    size: int  # beans in the field afterwards
    source: str  # "hand" or "trade area"

    @property
    def kind(self) -> str:
        return "planted"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "bean": CODES[self.bean],
                "field": self.field, "count": self.size, "source": self.source}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return (f"{who} plants {a(NAMES[self.bean])} from the {self.source} "
                f"in field {self.field} ({self.size}).")


class Harvested(NamedTuple):
    seat: int
    field: int
    bean: Bean
    size: int  # beans sold
    talers: int
    final: bool  # part of the final sale

    @property
    def kind(self) -> str:
        return "harvested"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "field": self.field,
                "bean": CODES[self.bean], "count": self.size, "talers": self.talers,
                "final": self.final}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        when = " in the final sale" if self.final else ""
        return (f"{seat_title(names, self.seat)} sells {self.size} {NAMES[self.bean]} from field "
                f"{self.field}{when} for {counted(self.talers, 'taler')}.")


class ThirdFieldBought(NamedTuple):
    seat: int
    cost: int

    @property
    def kind(self) -> str:
        return "third_field_bought"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "cost": self.cost}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} buys a third field for {self.cost} talers."


class Revealed(NamedTuple):
    seat: int
    beans: tuple[Bean, ...]

    @property
    def kind(self) -> str:
        return "revealed"

    @property
    def reveals(self) -> bool:
        return True  # two cards off the draw pile, face up

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "beans": _codes(self.beans)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} turns up {_words(self.beans)}."


class Drew(NamedTuple):
    seat: int
    beans: tuple[Bean, ...]

    @property
    def kind(self) -> str:
        return "drew"

    @property
    def reveals(self) -> bool:
        return True  # cards off the draw pile, seen by the seat that draws them

    def to_json(self, viewer: int | None) -> JSON:
        data: JSON = {"event": self.kind, "seat": self.seat, "count": len(self.beans)}
        if viewer == self.seat:
            data["beans"] = _codes(self.beans)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        if viewer == self.seat:
            return f"You draw {_words(self.beans)}."
        return f"{seat_title(names, self.seat)} draws {counted(len(self.beans), 'card')}."


class RanOut(NamedTuple):
    runouts: int
    reshuffled: int  # cards of the new draw pile (0 when none is made)

    @property
    def kind(self) -> str:
        return "ran_out"

    @property
    def reveals(self) -> bool:
        return self.reshuffled > 0  # the discard pile shuffled into a new draw pile

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "runouts": self.runouts, "reshuffled": self.reshuffled}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        then = (f"the discard pile is shuffled into a new draw pile of {self.reshuffled}"
                if self.reshuffled else "no new draw pile")
        return f"The draw pile runs out (time {self.runouts}): {then}."


class Proposed(NamedTuple):
    pid: int
    seat: int
    to: int
    hand: tuple[int, ...]  # positions in the proposer's hand
    hand_beans: tuple[Bean, ...]
    face_beans: tuple[Bean, ...]
    wants: tuple[Bean, ...]
    talers: int
    wants_talers: int
    counter_to: int | None

    @property
    def kind(self) -> str:
        return "proposed"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        # Others hear which beans are offered, not where they sit: sorted by bean.
        beans = self.hand_beans if viewer == self.seat else tuple(sorted(self.hand_beans))
        data: JSON = {"event": self.kind, "pid": self.pid, "seat": self.seat, "to": self.to,
                      "hand_beans": _codes(beans),
                      "face_up_beans": _codes(self.face_beans), "wants": _codes(self.wants),
                      "talers": self.talers, "wants_talers": self.wants_talers,
                      "counter_to": self.counter_to}
        if viewer == self.seat:
            data["hand"] = list(self.hand)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        gives = tuple(sorted(self.hand_beans)) + self.face_beans
        money = f" and {counted(self.talers, 'taler')}" if self.talers else ""
        wants = f" and {counted(self.wants_talers, 'taler')}" if self.wants_talers else ""
        return (f"{who} offers {seat_name(names, self.to)} {_words(gives)}{money} "
                f"for {_words(self.wants)}{wants} (proposal {self.pid}).")


class Traded(NamedTuple):
    pid: int
    seat: int  # the proposer
    to: int
    # beans from the proposer to ``to``: its hand cards first, sorted (not in the order
    # of its hand, which is its secret), then face-up cards
    given: tuple[Bean, ...]
    received: tuple[Bean, ...]  # beans from ``to`` to the proposer, sorted likewise
    talers_given: int
    talers_received: int

    @property
    def kind(self) -> str:
        return "traded"

    @property
    def reveals(self) -> bool:
        return False  # the beans of a proposal are public, and no order of a hand shows

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "pid": self.pid, "seat": self.seat, "to": self.to,
                "given": _codes(self.given), "received": _codes(self.received),
                "talers_given": self.talers_given, "talers_received": self.talers_received}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        kind = "gift" if not (self.received and self.given) else "trade"
        return (f"Proposal {self.pid} accepted ({kind}): {seat_name(names, self.seat)} gives "
                f"{_words(self.given)}, {seat_name(names, self.to)} gives {_words(self.received)}.")


class ProposalClosed(NamedTuple):
    pid: int
    seat: int | None  # who closed it (None: voided by the engine)
    how: str  # "declined", "withdrawn", "countered", "voided"

    @property
    def kind(self) -> str:
        return "proposal_closed"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "pid": self.pid, "seat": self.seat, "how": self.how}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_name(names, self.seat) if self.seat is not None else "the game (cards moved)"
        return f"Proposal {self.pid} {self.how} by {who}."


class FloorPassed(NamedTuple):
    seat: int
    to: int

    @property
    def kind(self) -> str:
        return "floor_passed"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "to": self.to}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} passes; {seat_name(names, self.to)} has the floor."


class TradingClosed(NamedTuple):
    seat: int
    kept: tuple[Bean, ...]

    @property
    def kind(self) -> str:
        return "trading_closed"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "seat": self.seat, "kept": _codes(self.kept)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} closes trading and keeps {_words(self.kept)}."


class GameEnded(NamedTuple):
    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "game_ended"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSON:
        return {"event": self.kind, "reason": self.reason, "scores": list(self.scores),
                "winners": list(self.winners)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"Game over ({self.reason}). Talers: {scores_text(names, self.scores)}; "
                f"{winners_text(names, self.winners)}.")


BohnanzaEvent = (
    TurnStarted | Planted | Harvested | ThirdFieldBought | Revealed | Drew | RanOut | Proposed
    | Traded | ProposalClosed | FloorPassed | TradingClosed | GameEnded
)
