"""Actions of Bohn Hansa, their notation and JSON form.

Beans and cities are named by their codes on the board (``BL``, ``ROS``), cards by
``T<n>`` (the travel card numbered n of the seat's colour) and ``C<n>`` (contract n
of the board). Examples::

    0: begin C26 last C4      set-up: fulfil C26; of the other two, C4 goes last
    1: go AAL ROS             travel through Aalborg to Rostock (a shortest path)
    1: stay                   stay in the city (one card)
    1: sell BL                customs short of money: sell a bean at its base price
    1: buy BL 3               buy a Blaue Bohne from slot 3 (1 = bottom) of the ladder
    1: buy-scarce RO          the scarce-bean purchase
    1: fulfil C11             fulfil contract 11
    2: buy-contract T4        pay 5 talers and discard T4 for good: draw a contract
    1: return BL              put a bean back to make room (storage full)
    1: propose 2 give BL want FE buy SA     a deal with seat 2 (an invitation if
                                             seat 2 is in another city)
    2: counter 5 want SA,SA   answer proposal 5 with another deal
    2: accept 5               accept: the whole deal is carried out at once
    2: decline 5 / 2: pass / 1: end-trading / 1: end-turn / 3: done
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import json_number, notation, number

_CODE = re.compile(r"^[A-Z][A-Z0-9]{0,5}$")
_CARD = re.compile(r"^([TC])([0-9]{1,3})$")
CONTRACT = 100  # a contract in a hand is 100 + its number (1..60); travel cards 1..7


def card_text(card: Any) -> str:
    if type(card) is int and card > CONTRACT:
        return f"C{card - CONTRACT}"
    if type(card) is int and card >= 0:
        return f"T{card}"
    return f"?{excerpt(card)}"


def _beans_text(beans: Any) -> str:
    if isinstance(beans, tuple):
        return ",".join(str(b) for b in beans)
    return f"?{excerpt(beans)}"


def _deal_text(give: Any, want: Any, buy: Any) -> str:
    parts = []
    for word, beans in (("give", give), ("want", want), ("buy", buy)):
        if beans != ():
            parts.append(f" {word} {_beans_text(beans)}")
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Begin:
    """Set-up: fulfil ``contract`` (one of the dearest dealt); ``last`` ends the hand."""

    seat: int
    contract: int
    last: int

    def __str__(self) -> str:
        return f"{self.seat}: begin {card_text(self.contract)} last {card_text(self.last)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "begin", "seat": self.seat, "contract": card_text(self.contract),
                "last": card_text(self.last)}


@dataclass(frozen=True, slots=True)
class Stay:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: stay"

    def to_json(self) -> dict[str, Any]:
        return {"type": "stay", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Go:
    """Travel along ``path`` (city codes after the start, the destination last)."""

    seat: int
    path: tuple[str, ...]

    def __str__(self) -> str:
        path = self.path
        words = " ".join(str(c) for c in path) if isinstance(path, tuple) else f"?{excerpt(path)}"
        return f"{self.seat}: go {words}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "go", "seat": self.seat, "path": list(self.path)}


@dataclass(frozen=True, slots=True)
class Sell:
    """Customs short of money: give a bean to the bank at its base price."""

    seat: int
    bean: str

    def __str__(self) -> str:
        return f"{self.seat}: sell {self.bean}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "sell", "seat": self.seat, "bean": self.bean}


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a bean from ``slot`` (1 = bottom) of the ladder of the seat's city."""

    seat: int
    bean: str
    slot: int

    def __str__(self) -> str:
        return f"{self.seat}: buy {self.bean} {self.slot}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "buy", "seat": self.seat, "bean": self.bean, "slot": self.slot}


@dataclass(frozen=True, slots=True)
class BuyScarce:
    seat: int
    bean: str

    def __str__(self) -> str:
        return f"{self.seat}: buy-scarce {self.bean}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "buy-scarce", "seat": self.seat, "bean": self.bean}


@dataclass(frozen=True, slots=True)
class Fulfil:
    seat: int
    contract: int  # 100 + number

    def __str__(self) -> str:
        return f"{self.seat}: fulfil {card_text(self.contract)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "fulfil", "seat": self.seat, "contract": card_text(self.contract)}


@dataclass(frozen=True, slots=True)
class BuyContract:
    """Pay 5 talers and discard the ordinary travel card ``card`` for good: draw the top
    contract (any time, by any seat, also out of turn)."""

    any_time: ClassVar[bool] = True

    seat: int
    card: int

    def __str__(self) -> str:
        return f"{self.seat}: buy-contract {card_text(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "buy-contract", "seat": self.seat, "card": card_text(self.card)}


@dataclass(frozen=True, slots=True)
class Return:
    """Put a bean back into the supply to make room (the storage holds 8)."""

    seat: int
    bean: str

    def __str__(self) -> str:
        return f"{self.seat}: return {self.bean}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "return", "seat": self.seat, "bean": self.bean}


@dataclass(frozen=True, slots=True)
class Propose:
    """A deal with seat ``to``: the proposer gives ``give`` and gets ``want``; the
    active player buys ``buy`` in the city for the other player. If the other player
    is in another city, the deal is an invitation (the guest moves on acceptance)."""

    negotiates: ClassVar[bool] = True

    seat: int
    to: int
    give: tuple[str, ...] = ()
    want: tuple[str, ...] = ()
    buy: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.seat}: propose {self.to}{_deal_text(self.give, self.want, self.buy)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "propose", "seat": self.seat, "to": self.to, "give": _list(self.give),
                "want": _list(self.want), "buy": _list(self.buy)}


@dataclass(frozen=True, slots=True)
class Counter:
    """Answer proposal ``pid`` with another deal (the proposer's words, as in Propose)."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int
    give: tuple[str, ...] = ()
    want: tuple[str, ...] = ()
    buy: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.seat}: counter {self.pid}{_deal_text(self.give, self.want, self.buy)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "counter", "seat": self.seat, "pid": self.pid, "give": _list(self.give),
                "want": _list(self.want), "buy": _list(self.buy)}


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept proposal ``pid``: the whole deal is carried out at once."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int

    def __str__(self) -> str:
        return f"{self.seat}: accept {self.pid}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "accept", "seat": self.seat, "pid": self.pid}


@dataclass(frozen=True, slots=True)
class Decline:
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int
    pid: int

    def __str__(self) -> str:
        return f"{self.seat}: decline {self.pid}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "decline", "seat": self.seat, "pid": self.pid}


@dataclass(frozen=True, slots=True)
class Pass:
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class EndTrading:
    ends_trading: ClassVar[bool] = True
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: end-trading"

    def to_json(self) -> dict[str, Any]:
        return {"type": "end-trading", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class EndTurn:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: end-turn"

    def to_json(self) -> dict[str, Any]:
        return {"type": "end-turn", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Done:
    """The end of the game: this seat fulfils no more contracts."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: done"

    def to_json(self) -> dict[str, Any]:
        return {"type": "done", "seat": self.seat}


ACTION_TYPES: tuple[type, ...] = (Begin, Stay, Go, Sell, Buy, BuyScarce, Fulfil, BuyContract,
                                  Return, Propose, Counter, Accept, Decline, Pass, EndTrading,
                                  EndTurn, Done)
PROPOSAL_TYPES: tuple[type, ...] = (Propose, Counter)


def _list(beans: Any) -> Any:
    return list(beans) if isinstance(beans, tuple) else beans


# --- parsing ----------------------------------------------------------------------------


def _code(text: str, what: str, where: str) -> str:
    key = text.strip().upper()
    if not _CODE.match(key):
        raise InvalidActionError(f"{where}: {excerpt(text)} is not a {what} code")
    return key


def _codes(text: str, what: str, where: str) -> tuple[str, ...]:
    parts = text.split(",")
    return tuple(_code(p, what, where) for p in parts)


_CARDS: dict[tuple[str, str | None], int] = {}


def parse_card(text: str, where: str, kind: str | None = None) -> int:
    """A card from ``T<n>`` / ``C<n>`` (``kind``: only that letter); ``InvalidActionError``."""
    known = _CARDS.get((text, kind))
    if known is not None:
        return known
    number = _parse_card(text, where, kind)
    if len(_CARDS) < 4096:
        _CARDS[(text, kind)] = number
    return number


def _parse_card(text: str, where: str, kind: str | None) -> int:
    m = _CARD.match(text.strip().upper())
    if not m or (kind is not None and m.group(1) != kind):
        want = {"T": "a travel card T1..T7", "C": "a contract C1..C60"}.get(kind or "",
                                                                          "a card T<n> or C<n>")
        raise InvalidActionError(f"{where}: {excerpt(text)} is not {want}")
    number = int(m.group(2))
    if number < 1 or (m.group(1) == "T" and number >= CONTRACT):
        raise InvalidActionError(f"{where}: no card {excerpt(text)}")
    return number + CONTRACT if m.group(1) == "C" else number


def _number(text: str, what: str, where: str) -> int:
    try:
        return number(text, what)
    except InvalidActionError as exc:
        raise InvalidActionError(f"{where}: {exc}") from None


def _deal(words: list[str], where: str) -> tuple[tuple[str, ...], ...]:
    found: dict[str, tuple[str, ...]] = {}
    if len(words) % 2:
        raise InvalidActionError(f"{where}: expected 'give B,B', 'want B' or 'buy B' pairs")
    for i in range(0, len(words), 2):
        key = words[i].lower()
        if key not in ("give", "want", "buy") or key in found:
            raise InvalidActionError(f"{where}: unexpected {excerpt(words[i])}")
        found[key] = _codes(words[i + 1], "bean", where)
    order = [k for k in ("give", "want", "buy") if k in found]
    if [w.lower() for w in words[::2]] != order:
        raise InvalidActionError(f"{where}: write give, want, buy in that order")
    return found.get("give", ()), found.get("want", ()), found.get("buy", ())


_SIMPLE = {"stay": Stay, "pass": Pass, "end-trading": EndTrading, "end-turn": EndTurn,
           "done": Done}
_ONE_BEAN = {"sell": Sell, "buy-scarce": BuyScarce, "return": Return}


def parse_action(text: str) -> Any:
    """The action written ``text``; ``InvalidActionError`` naming the fault."""
    text = notation(text)
    head, sep, rest = text.partition(":")
    words = rest.split()
    where = excerpt(text)
    if not sep or not words:
        raise InvalidActionError(f"{where}: expected '<seat>: <verb> ...'")
    seat, verb, args = _number(head.strip(), "the seat", where), words[0].lower(), words[1:]
    if verb in _SIMPLE:
        if args:
            raise InvalidActionError(f"{where}: {verb} takes nothing more")
        return _SIMPLE[verb](seat)
    if verb in _ONE_BEAN:
        if len(args) != 1:
            raise InvalidActionError(f"{where}: {verb} takes one bean code")
        return _ONE_BEAN[verb](seat, _code(args[0], "bean", where))
    return _parse_more(seat, verb, args, where)


def _parse_more(seat: int, verb: str, args: list[str], where: str) -> Any:
    if verb == "begin":
        if len(args) != 3 or args[1].lower() != "last":
            raise InvalidActionError(f"{where}: expected 'begin C<n> last C<m>'")
        return Begin(seat, parse_card(args[0], where, "C"), parse_card(args[2], where, "C"))
    if verb == "go":
        if not args:
            raise InvalidActionError(f"{where}: go names the cities of the path")
        return Go(seat, tuple(_code(a, "city", where) for a in args))
    if verb == "buy":
        if len(args) != 2:
            raise InvalidActionError(f"{where}: expected 'buy BEAN SLOT'")
        return Buy(seat, _code(args[0], "bean", where), _number(args[1], "the slot", where))
    if verb == "fulfil":
        if len(args) != 1:
            raise InvalidActionError(f"{where}: expected 'fulfil C<n>'")
        return Fulfil(seat, parse_card(args[0], where, "C"))
    if verb == "buy-contract":
        if len(args) != 1:
            raise InvalidActionError(f"{where}: expected 'buy-contract T<n>'")
        return BuyContract(seat, parse_card(args[0], where, "T"))
    return _parse_trade(seat, verb, args, where)


def _parse_trade(seat: int, verb: str, args: list[str], where: str) -> Any:
    if verb in ("propose", "counter"):
        if not args:
            raise InvalidActionError(f"{where}: {verb} names a seat or proposal")
        other = _number(args[0], "the seat" if verb == "propose" else "the proposal", where)
        give, want, buy = _deal(args[1:], where)
        kind = Propose if verb == "propose" else Counter
        return kind(seat, other, give, want, buy)
    if verb == "accept":
        if len(args) != 1:
            raise InvalidActionError(f"{where}: expected 'accept PID'")
        return Accept(seat, _number(args[0], "the proposal", where))
    if verb == "decline":
        if len(args) != 1:
            raise InvalidActionError(f"{where}: expected 'decline PID'")
        return Decline(seat, _number(args[0], "the proposal", where))
    verbs = sorted([*_SIMPLE, *_ONE_BEAN, "begin", "go", "buy", "fulfil", "buy-contract",
                    "propose", "counter", "accept", "decline"])
    raise InvalidActionError(f"{where}: unknown verb {excerpt(verb)}; "
                             f"verbs are {', '.join(verbs)}")


# --- JSON -------------------------------------------------------------------------------

_FIELDS: dict[str, tuple[type, tuple[str, ...]]] = {
    "begin": (Begin, ("contract", "last")),
    "stay": (Stay, ()),
    "go": (Go, ("path",)),
    "sell": (Sell, ("bean",)),
    "buy": (Buy, ("bean", "slot")),
    "buy-scarce": (BuyScarce, ("bean",)),
    "fulfil": (Fulfil, ("contract",)),
    "buy-contract": (BuyContract, ("card",)),
    "return": (Return, ("bean",)),
    "propose": (Propose, ("to", "give", "want", "buy")),
    "counter": (Counter, ("pid", "give", "want", "buy")),
    "accept": (Accept, ("pid",)),
    "decline": (Decline, ("pid",)),
    "pass": (Pass, ()),
    "end-trading": (EndTrading, ()),
    "end-turn": (EndTurn, ()),
    "done": (Done, ()),
}


def _json_value(kind: str, key: str, value: Any) -> Any:
    where = f"{kind}.{key}"
    if key in ("contract", "last", "card"):
        if not isinstance(value, str):
            raise InvalidActionError(f"{where} must be a card code, not {excerpt(value)}")
        return parse_card(value, where, "T" if key == "card" else "C")
    if key in ("bean",):
        if not isinstance(value, str):
            raise InvalidActionError(f"{where} must be a bean code, not {excerpt(value)}")
        return _code(value, "bean", where)
    if key in ("path", "give", "want", "buy"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise InvalidActionError(f"{where} must be a list of codes, not {excerpt(value)}")
        if key == "path" and not value:
            raise InvalidActionError(f"{where} must name at least one city")
        return tuple(_code(v, "city" if key == "path" else "bean", where) for v in value)
    return json_number(value, where)


def action_from_json(data: Any) -> Any:
    """The action of a JSON object; ``InvalidActionError`` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {excerpt(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidActionError(f"unknown action type {excerpt(kind)}; types are "
                                 f"{', '.join(sorted(_FIELDS))}")
    cls, keys = _FIELDS[kind]
    expected = {"type", "seat", *keys}
    if set(data) != expected:
        raise InvalidActionError(f"{kind}: expected the fields {', '.join(sorted(expected))}")
    seat = json_number(data["seat"], f"{kind}: seat")
    return cls(seat, *(_json_value(kind, k, data[k]) for k in keys))
