"""What happened in a game of Bohn Hansa: one frozen record per kind of event.

Each event is a ``NamedTuple`` built on the hot path with the plain facts (seats,
cards, beans, the names of the cities it needs), and described on demand:
``to_json(viewer)`` gives ``{"event": kind, ...}``, ``text(viewer)`` one line in words.

Private: the contract a seat draws (:class:`Drew`) or buys (:class:`BoughtContract`),
seen only by that seat. The rest is public.

``reveals`` (see ``bohnen.core.protocol.Event``) is true of a contract drawn or bought
(off the hidden, maybe reshuffled, contract pile), of a Neue-Ernte card turned up off
its pile (:class:`Harvested` with ``drawn``, :class:`HarvestWaits`), of the first turn
when lots were drawn among tied seats (:class:`TurnStarted` with ``lots``), and of an
invited guest's first card when the active player accepted the invitation (the guest
proposed it: :class:`Invited` with ``seen``); false of a Neue-Ernte card that was lying
face up before its player, and of a card a seat plays from its own hand on its own move
(a journey; the invitation the guest accepted).
"""

from __future__ import annotations

from typing import NamedTuple

from bohnen.core.english import a
from bohnen.core.names import NO_NAMES, Names, scores_text, seat_name, seat_title, winners_text
from bohnen.core.protocol import JSONObject
from bohnen.hansa.board import CODES, Bean, Card, card_text, harvest_text
from bohnen.hansa.data import Proposal


def _codes(beans: tuple[Bean, ...]) -> list[str]:
    return [CODES[b] for b in beans]


def _name(beans: tuple[str, ...], bean: Bean) -> str:
    """A bean in words: its name on the board (its code where the board names none)."""
    return beans[bean] or CODES[bean]


def _names(beans: tuple[str, ...], given: tuple[Bean, ...]) -> str:
    return ", ".join(_name(beans, b) for b in given) or "nothing"


def deal_json(p: Proposal) -> JSONObject:
    """A proposal as JSON (in events, views and the state JSON)."""
    return {"pid": p.pid, "from": p.proposer, "to": p.to, "guest": p.guest,
            "invite": p.invite, "active_gives": _codes(p.active_gives),
            "guest_gives": _codes(p.guest_gives), "active_buys": _codes(p.active_buys)}


class Began(NamedTuple):
    """A seat's set-up: its start contract fulfilled, its start city."""

    seat: int
    contract: Card
    payout: int
    city: str  # code
    city_name: str

    @property
    def kind(self) -> str:
        return "began"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "began", "seat": self.seat, "contract": card_text(self.contract),
                "payout": self.payout, "city": self.city}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return (f"{who} fulfils {card_text(self.contract)} for {self.payout} "
                f"talers and starts in {self.city_name}.")


class TurnStarted(NamedTuple):
    seat: int
    turn: int
    lots: bool  # lots were drawn among the seats tied for the least money

    @property
    def kind(self) -> str:
        return "turn"

    @property
    def reveals(self) -> bool:
        return self.lots

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "turn", "seat": self.seat, "turn": self.turn}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)}'s turn {self.turn}."


class Harvested(NamedTuple):
    """A Neue-Ernte card placed: per pile (city code, bean, count, slot; -1: no room)."""

    card: int  # 0-based (H1 is 0)
    placed: tuple[tuple[str, Bean, int, int], ...]
    drawn: bool  # off its pile now (else it lay face up before the player)
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words
    cities: tuple[str, ...] = ()  # the name of each pile's city, for the words

    @property
    def kind(self) -> str:
        return "harvested"

    @property
    def reveals(self) -> bool:
        return self.drawn

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "harvested", "card": self.card + 1,
                "placed": [{"city": city, "bean": CODES[bean], "count": count,
                            "slot": slot + 1 if slot >= 0 else None}
                           for city, bean, count, slot in self.placed]}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        cities = self.cities or tuple(city for city, _, _, _ in self.placed)
        parts = ", ".join(f"{count} {_name(self.beans, bean)} to {city}"
                          + (f" (slot {slot + 1})" if slot >= 0 else " (no room)")
                          for city, (_, bean, count, slot) in zip(cities, self.placed,
                                                                  strict=True)) or "nothing"
        return f"Neue-Ernte {harvest_text(self.card)}: {parts}."


class LastRound(NamedTuple):
    last_seat: int

    @property
    def kind(self) -> str:
        return "last_round"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "last_round", "last_seat": self.last_seat}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"The last Neue-Ernte card is placed: the last round begins; "
                f"{seat_name(names, self.last_seat)} plays the last turn.")


class Travelled(NamedTuple):
    """A journey (``path`` empty: the seat stays) and the cards it played."""

    seat: int
    path: tuple[str, ...]  # city codes after the start
    cards: tuple[Card, ...]
    kinds: tuple[str, ...]  # per card: zoll, nachschub, travel or contract
    cities: tuple[str, ...] = ()  # the names of the path's cities, for the words

    @property
    def kind(self) -> str:
        return "travelled"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "travelled", "seat": self.seat, "path": list(self.path),
                "cards": [card_text(c) for c in self.cards], "kinds": list(self.kinds)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        path = self.cities or self.path
        via = f" via {', '.join(path[:-1])}" if len(path) > 1 else ""
        where = f"travels to {path[-1]}{via}" if path else "stays"
        return (f"{seat_title(names, self.seat)} {where} and plays "
                f"{' '.join(card_text(c) for c in self.cards)}.")


class CustomsPaid(NamedTuple):
    seat: int
    paid: int

    @property
    def kind(self) -> str:
        return "customs"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "customs", "seat": self.seat, "paid": self.paid}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} pays {self.paid} talers of customs."


class CustomsBean(NamedTuple):
    """A bean given to the bank at its base price for the customs."""

    seat: int
    bean: Bean
    value: int
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words

    @property
    def kind(self) -> str:
        return "customs_bean"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "customs_bean", "seat": self.seat, "bean": CODES[self.bean],
                "value": self.value}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return (f"{who} gives {a(_name(self.beans, self.bean))} ({self.value} talers) for the "
                f"customs.")


class Loan(NamedTuple):
    seat: int
    amount: int

    @property
    def kind(self) -> str:
        return "loan"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "loan", "seat": self.seat, "amount": self.amount}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return (f"{who} takes a loan of {self.amount} talers (repaid double at "
                f"the end).")


class NoHarvest(NamedTuple):
    seat: int

    @property
    def kind(self) -> str:
        return "no_harvest"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "no_harvest", "seat": self.seat}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return "No Neue-Ernte card is left."


class TradeStarted(NamedTuple):
    """The trade phase begins, its prices fixed (per bean of the city)."""

    seat: int
    city_name: str
    prices: tuple[tuple[Bean, int], ...]
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words

    @property
    def kind(self) -> str:
        return "trade"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "trade", "seat": self.seat,
                "prices": {CODES[bean]: price for bean, price in self.prices}}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        prices = ", ".join(f"{_name(self.beans, bean)} {price}" for bean, price in self.prices)
        return f"Trade phase in {self.city_name}: prices {prices}."


class Discarded(NamedTuple):
    """The contracts left on the table, discarded in the final phase."""

    seat: int
    contracts: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "discarded"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "discarded", "seat": self.seat,
                "contracts": [card_text(c) for c in self.contracts]}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"{seat_title(names, self.seat)} discards the contracts on the table: "
                f"{', '.join(card_text(c) for c in self.contracts)}.")


class NoContract(NamedTuple):
    seat: int

    @property
    def kind(self) -> str:
        return "no_contract"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "no_contract", "seat": self.seat}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return "No contract is left to draw."


class Drew(NamedTuple):
    """A contract drawn in the final phase: only the seat sees which."""

    seat: int
    contract: Card

    @property
    def kind(self) -> str:
        return "drew"

    @property
    def reveals(self) -> bool:
        return True  # off the hidden contract pile

    def to_json(self, viewer: int | None) -> JSONObject:
        data: JSONObject = {"event": "drew", "seat": self.seat}
        if viewer is not None and viewer == self.seat:
            data["contract"] = card_text(self.contract)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        if viewer is not None and viewer == self.seat:
            return f"You draw {card_text(self.contract)}."
        return f"{seat_title(names, self.seat)} draws a contract."


class Fulfilled(NamedTuple):
    seat: int
    contract: Card
    payout: int
    city_name: str

    @property
    def kind(self) -> str:
        return "fulfilled"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "fulfilled", "seat": self.seat, "contract": card_text(self.contract),
                "payout": self.payout}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return (f"{who} fulfils {card_text(self.contract)} in {self.city_name} "
                f"for {self.payout} talers.")


class Bought(NamedTuple):
    seat: int
    bean: Bean
    slot: int  # 1 = bottom
    price: int
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words

    @property
    def kind(self) -> str:
        return "bought"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "bought", "seat": self.seat, "bean": CODES[self.bean],
                "slot": self.slot, "price": self.price}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"{seat_title(names, self.seat)} buys {a(_name(self.beans, self.bean))} from "
                f"slot {self.slot} for {self.price} talers.")


class BoughtScarce(NamedTuple):
    seat: int
    bean: Bean
    price: int
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words

    @property
    def kind(self) -> str:
        return "bought_scarce"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "bought_scarce", "seat": self.seat, "bean": CODES[self.bean],
                "price": self.price}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return f"{who} buys the scarce {_name(self.beans, self.bean)} for {self.price} talers."


class BoughtContract(NamedTuple):
    """A contract bought with a travel card: only the seat sees which."""

    seat: int
    card: Card  # the travel card discarded for good
    contract: Card

    @property
    def kind(self) -> str:
        return "bought_contract"

    @property
    def reveals(self) -> bool:
        return True  # off the hidden contract pile

    def to_json(self, viewer: int | None) -> JSONObject:
        data: JSONObject = {"event": "bought_contract", "seat": self.seat,
                            "card": card_text(self.card)}
        if viewer is not None and viewer == self.seat:
            data["contract"] = card_text(self.contract)
        return data

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        if viewer is not None and viewer == self.seat:
            return f"You discard {card_text(self.card)} and buy {card_text(self.contract)}."
        return f"{who} discards {card_text(self.card)} and buys a contract."


class Returned(NamedTuple):
    seat: int
    bean: Bean
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words

    @property
    def kind(self) -> str:
        return "returned"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "returned", "seat": self.seat, "bean": CODES[self.bean]}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"{seat_title(names, self.seat)} puts {a(_name(self.beans, self.bean))} back "
                f"into the supply.")


class Proposed(NamedTuple):
    """A proposal (or a counter to ``counter_to``) made to a seat."""

    proposal: Proposal
    active: int
    counter_to: int | None
    beans: tuple[str, ...] = CODES  # the board's name of each bean, for the words

    @property
    def kind(self) -> str:
        return "proposed"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "proposed", **deal_json(self.proposal), "counter_to": self.counter_to}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        p = self.proposal
        active, guest = seat_name(names, self.active), seat_name(names, p.guest)
        return (f"{seat_title(names, p.proposer)} proposes to {seat_name(names, p.to)} "
                f"(proposal {p.pid}): {'an invitation; ' if p.invite else ''}"
                f"{active} gives {_names(self.beans, p.active_gives)}, "
                f"buys {_names(self.beans, p.active_buys)}; "
                f"{guest} gives {_names(self.beans, p.guest_gives)}.")


class Accepted(NamedTuple):
    pid: int
    seat: int

    @property
    def kind(self) -> str:
        return "accepted"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "accepted", "pid": self.pid, "seat": self.seat}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} accepts proposal {self.pid}."


class Declined(NamedTuple):
    pid: int
    seat: int

    @property
    def kind(self) -> str:
        return "declined"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "declined", "pid": self.pid, "seat": self.seat}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} declines proposal {self.pid}."


class Invited(NamedTuple):
    """The invited guest comes to the active player's city and plays its first card,
    hidden until now from every seat but the guest."""

    seat: int
    card: Card
    card_kind: str  # zoll, nachschub, travel or contract
    city_name: str
    seen: bool  # the guest accepted (it proposed nothing hidden to the others: no reveal)

    @property
    def kind(self) -> str:
        return "invited"

    @property
    def reveals(self) -> bool:
        return not self.seen

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "invited", "seat": self.seat, "card": card_text(self.card),
                "kind": self.card_kind}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"{seat_title(names, self.seat)} comes to {self.city_name} and plays "
                f"{card_text(self.card)} ({self.card_kind}).")


class HarvestWaits(NamedTuple):
    """The Neue-Ernte card an invited guest's Nachschub lays before it."""

    seat: int
    card: int  # 0-based

    @property
    def kind(self) -> str:
        return "harvest_waits"

    @property
    def reveals(self) -> bool:
        return True  # off the Neue-Ernte pile

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "harvest_waits", "seat": self.seat, "card": self.card + 1}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        who = seat_title(names, self.seat)
        return (f"{who} lays Neue-Ernte {harvest_text(self.card)} before it, "
                f"for its next turn.")


class Dealt(NamedTuple):
    """A deal carried out as one package."""

    proposal: Proposal

    @property
    def kind(self) -> str:
        return "dealt"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "dealt", **deal_json(self.proposal)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"Deal {self.proposal.pid} carried out."


class Passed(NamedTuple):
    seat: int
    floor: int  # the seat that holds the floor now

    @property
    def kind(self) -> str:
        return "passed"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "passed", "seat": self.seat, "floor": self.floor}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return f"{seat_title(names, self.seat)} passes the floor to {seat_name(names, self.floor)}."


class GameEnding(NamedTuple):
    """The last round is over: the closing begins."""

    @property
    def kind(self) -> str:
        return "game_end"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "game_end"}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return ("The last round is over: each player may still fulfil contracts where "
                "they stand.")


class GameOver(NamedTuple):
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "game_over"

    @property
    def reveals(self) -> bool:
        return False

    def to_json(self, viewer: int | None) -> JSONObject:
        return {"event": "game_over", "scores": list(self.scores),
                "winners": list(self.winners)}

    def text(self, viewer: int | None, names: Names = NO_NAMES) -> str:
        return (f"Game over. Talers: {scores_text(names, self.scores)}; "
                f"{winners_text(names, self.winners)}.")


HansaEvent = (Began | TurnStarted | Harvested | LastRound | Travelled | CustomsPaid
              | CustomsBean | Loan | NoHarvest | TradeStarted | Discarded | NoContract | Drew
              | Fulfilled | Bought | BoughtScarce | BoughtContract | Returned | Proposed
              | Accepted | Declined | Invited | HarvestWaits | Dealt | Passed | GameEnding
              | GameOver)
Events = list[HansaEvent]
