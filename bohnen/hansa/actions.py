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
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import json_number, notation, number
from bohnen.core.protocol import JSONObject
from bohnen.hansa.board import BY_CODE, CODES, CONTRACT, Bean, Card, card_text

_CODE = re.compile(r"^[A-Z][A-Z0-9]{0,5}$")
_CARD = re.compile(r"^([TC])([0-9]{1,3})$")
Beans = tuple[Bean, ...]


def bean_text(bean: object) -> str:
    """A bean's code (``?…`` for anything that is no bean: a malformed action)."""
    return bean.name if type(bean) is Bean else f"?{excerpt(bean)}"


def _beans_text(beans: object) -> str:
    if isinstance(beans, tuple):
        return ",".join(bean_text(b) for b in beans)
    return f"?{excerpt(beans)}"


def _beans_json(beans: object) -> object:
    if isinstance(beans, tuple):
        return [bean_text(b) for b in beans]
    return beans


def _deal_text(give: object, want: object, buy: object) -> str:
    parts = []
    for word, beans in (("give", give), ("want", want), ("buy", buy)):
        if beans != ():
            parts.append(f" {word} {_beans_text(beans)}")
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class Begin:
    """Set-up: fulfil ``contract`` (one of the dearest dealt); ``last`` ends the hand."""

    seat: int
    contract: Card
    last: Card

    def __str__(self) -> str:
        return f"{self.seat}: begin {card_text(self.contract)} last {card_text(self.last)}"

    def to_json(self) -> JSONObject:
        return {"type": "begin", "seat": self.seat, "contract": card_text(self.contract),
                "last": card_text(self.last)}


@dataclass(frozen=True, slots=True)
class Stay:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: stay"

    def to_json(self) -> JSONObject:
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

    def to_json(self) -> JSONObject:
        return {"type": "go", "seat": self.seat, "path": list(self.path)}


@dataclass(frozen=True, slots=True)
class Sell:
    """Customs short of money: give a bean to the bank at its base price."""

    seat: int
    bean: Bean

    def __str__(self) -> str:
        return f"{self.seat}: sell {bean_text(self.bean)}"

    def to_json(self) -> JSONObject:
        return {"type": "sell", "seat": self.seat, "bean": bean_text(self.bean)}


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a bean from ``slot`` (1 = bottom) of the ladder of the seat's city."""

    seat: int
    bean: Bean
    slot: int

    def __str__(self) -> str:
        return f"{self.seat}: buy {bean_text(self.bean)} {self.slot}"

    def to_json(self) -> JSONObject:
        return {"type": "buy", "seat": self.seat, "bean": bean_text(self.bean),
                "slot": self.slot}


@dataclass(frozen=True, slots=True)
class BuyScarce:
    seat: int
    bean: Bean

    def __str__(self) -> str:
        return f"{self.seat}: buy-scarce {bean_text(self.bean)}"

    def to_json(self) -> JSONObject:
        return {"type": "buy-scarce", "seat": self.seat, "bean": bean_text(self.bean)}


@dataclass(frozen=True, slots=True)
class Fulfil:
    seat: int
    contract: Card

    def __str__(self) -> str:
        return f"{self.seat}: fulfil {card_text(self.contract)}"

    def to_json(self) -> JSONObject:
        return {"type": "fulfil", "seat": self.seat, "contract": card_text(self.contract)}


@dataclass(frozen=True, slots=True)
class BuyContract:
    """Pay 5 talers and discard the ordinary travel card ``card`` for good: draw the top
    contract (any time, by any seat, also out of turn)."""

    any_time: ClassVar[bool] = True

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: buy-contract {card_text(self.card)}"

    def to_json(self) -> JSONObject:
        return {"type": "buy-contract", "seat": self.seat, "card": card_text(self.card)}


@dataclass(frozen=True, slots=True)
class Return:
    """Put a bean back into the supply to make room (the storage holds 8)."""

    seat: int
    bean: Bean

    def __str__(self) -> str:
        return f"{self.seat}: return {bean_text(self.bean)}"

    def to_json(self) -> JSONObject:
        return {"type": "return", "seat": self.seat, "bean": bean_text(self.bean)}


@dataclass(frozen=True, slots=True)
class Propose:
    """A deal with seat ``to``: the proposer gives ``give`` and gets ``want``; the
    active player buys ``buy`` in the city for the other player. If the other player
    is in another city, the deal is an invitation (the guest moves on acceptance)."""

    negotiates: ClassVar[bool] = True

    seat: int
    to: int
    give: Beans = ()
    want: Beans = ()
    buy: Beans = ()

    def __str__(self) -> str:
        return f"{self.seat}: propose {self.to}{_deal_text(self.give, self.want, self.buy)}"

    def to_json(self) -> JSONObject:
        return {"type": "propose", "seat": self.seat, "to": self.to,
                "give": _beans_json(self.give), "want": _beans_json(self.want),
                "buy": _beans_json(self.buy)}


@dataclass(frozen=True, slots=True)
class Counter:
    """Answer proposal ``pid`` with another deal (the proposer's words, as in Propose)."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int
    give: Beans = ()
    want: Beans = ()
    buy: Beans = ()

    def __str__(self) -> str:
        return f"{self.seat}: counter {self.pid}{_deal_text(self.give, self.want, self.buy)}"

    def to_json(self) -> JSONObject:
        return {"type": "counter", "seat": self.seat, "pid": self.pid,
                "give": _beans_json(self.give), "want": _beans_json(self.want),
                "buy": _beans_json(self.buy)}


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept proposal ``pid``: the whole deal is carried out at once."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int

    def __str__(self) -> str:
        return f"{self.seat}: accept {self.pid}"

    def to_json(self) -> JSONObject:
        return {"type": "accept", "seat": self.seat, "pid": self.pid}


@dataclass(frozen=True, slots=True)
class Decline:
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int
    pid: int

    def __str__(self) -> str:
        return f"{self.seat}: decline {self.pid}"

    def to_json(self) -> JSONObject:
        return {"type": "decline", "seat": self.seat, "pid": self.pid}


@dataclass(frozen=True, slots=True)
class Pass:
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: pass"

    def to_json(self) -> JSONObject:
        return {"type": "pass", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class EndTrading:
    ends_trading: ClassVar[bool] = True
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: end-trading"

    def to_json(self) -> JSONObject:
        return {"type": "end-trading", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class EndTurn:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: end-turn"

    def to_json(self) -> JSONObject:
        return {"type": "end-turn", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Done:
    """The end of the game: this seat fulfils no more contracts."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: done"

    def to_json(self) -> JSONObject:
        return {"type": "done", "seat": self.seat}


HansaAction = (Begin | Stay | Go | Sell | Buy | BuyScarce | Fulfil | BuyContract | Return
               | Propose | Counter | Accept | Decline | Pass | EndTrading | EndTurn | Done)
ACTION_TYPES: tuple[type[HansaAction], ...] = (
    Begin, Stay, Go, Sell, Buy, BuyScarce, Fulfil, BuyContract, Return, Propose, Counter,
    Accept, Decline, Pass, EndTrading, EndTurn, Done)
PROPOSAL_TYPES: tuple[type[HansaAction], ...] = (Propose, Counter)


# --- parsing ----------------------------------------------------------------------------


def _code(text: str, what: str, where: str) -> str:
    key = text.strip().upper()
    if not _CODE.match(key):
        raise InvalidActionError(f"{where}: {excerpt(text)} is not a {what} code")
    return key


def _bean(text: str, where: str) -> Bean:
    bean = BY_CODE.get(text.strip().upper())
    if bean is None:
        raise InvalidActionError(f"{where}: {excerpt(text)} is not a bean code "
                                 f"({', '.join(CODES)})")
    return bean


def _beans(text: str, where: str) -> Beans:
    return tuple(_bean(p, where) for p in text.split(","))


_CARDS: dict[tuple[str, str | None], Card] = {}


def parse_card(text: str, where: str, kind: str | None = None) -> Card:
    """A card from ``T<n>`` / ``C<n>`` (``kind``: only that letter); ``InvalidActionError``."""
    known = _CARDS.get((text, kind))
    if known is not None:
        return known
    number = _parse_card(text, where, kind)
    if len(_CARDS) < 4096:
        _CARDS[(text, kind)] = number
    return number


def _parse_card(text: str, where: str, kind: str | None) -> Card:
    m = _CARD.match(text.strip().upper())
    if not m or (kind is not None and m.group(1) != kind):
        want = {"T": "a travel card T1..T7", "C": "a contract C1..C60"}.get(kind or "",
                                                                          "a card T<n> or C<n>")
        raise InvalidActionError(f"{where}: {excerpt(text)} is not {want}")
    number = int(m.group(2))
    if number < 1 or (m.group(1) == "T" and number >= CONTRACT):
        raise InvalidActionError(f"{where}: no card {excerpt(text)}")
    return Card(number + CONTRACT if m.group(1) == "C" else number)


def _number(text: str, what: str, where: str) -> int:
    try:
        return number(text, what)
    except InvalidActionError as exc:
        raise InvalidActionError(f"{where}: {exc}") from None


def _deal(words: list[str], where: str) -> tuple[Beans, Beans, Beans]:
    found: dict[str, Beans] = {}
    if len(words) % 2:
        raise InvalidActionError(f"{where}: expected 'give B,B', 'want B' or 'buy B' pairs")
    for i in range(0, len(words), 2):
        key = words[i].lower()
        if key not in ("give", "want", "buy") or key in found:
            raise InvalidActionError(f"{where}: unexpected {excerpt(words[i])}")
        found[key] = _beans(words[i + 1], where)
    order = [k for k in ("give", "want", "buy") if k in found]
    if [w.lower() for w in words[::2]] != order:
        raise InvalidActionError(f"{where}: write give, want, buy in that order")
    return found.get("give", ()), found.get("want", ()), found.get("buy", ())


_SIMPLE: dict[str, Callable[[int], HansaAction]] = {
    "stay": Stay, "pass": Pass, "end-trading": EndTrading, "end-turn": EndTurn, "done": Done}
_ONE_BEAN: dict[str, Callable[[int, Bean], HansaAction]] = {
    "sell": Sell, "buy-scarce": BuyScarce, "return": Return}


def parse_action(text: object) -> HansaAction:
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
        return _ONE_BEAN[verb](seat, _bean(args[0], where))
    return _parse_more(seat, verb, args, where)


def _parse_more(seat: int, verb: str, args: list[str], where: str) -> HansaAction:
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
        return Buy(seat, _bean(args[0], where), _number(args[1], "the slot", where))
    if verb == "fulfil":
        if len(args) != 1:
            raise InvalidActionError(f"{where}: expected 'fulfil C<n>'")
        return Fulfil(seat, parse_card(args[0], where, "C"))
    if verb == "buy-contract":
        if len(args) != 1:
            raise InvalidActionError(f"{where}: expected 'buy-contract T<n>'")
        return BuyContract(seat, parse_card(args[0], where, "T"))
    return _parse_trade(seat, verb, args, where)


def _parse_trade(seat: int, verb: str, args: list[str], where: str) -> HansaAction:
    if verb in ("propose", "counter"):
        if not args:
            raise InvalidActionError(f"{where}: {verb} names a seat or proposal")
        other = _number(args[0], "the seat" if verb == "propose" else "the proposal", where)
        give, want, buy = _deal(args[1:], where)
        if verb == "propose":
            return Propose(seat, other, give, want, buy)
        return Counter(seat, other, give, want, buy)
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


def _json_card(value: object, where: str, kind: str) -> Card:
    if not isinstance(value, str):
        raise InvalidActionError(f"{where} must be a card code, not {excerpt(value)}")
    return parse_card(value, where, kind)


def _json_bean(value: object, where: str) -> Bean:
    if not isinstance(value, str):
        raise InvalidActionError(f"{where} must be a bean code, not {excerpt(value)}")
    return _bean(value, where)


def _json_list(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidActionError(f"{where} must be a list of codes, not {excerpt(value)}")
    return value


def _json_beans(value: object, where: str) -> Beans:
    return tuple(_bean(v, where) for v in _json_list(value, where))


def _json_path(value: object, where: str) -> tuple[str, ...]:
    codes = _json_list(value, where)
    if not codes:
        raise InvalidActionError(f"{where} must name at least one city")
    return tuple(_code(v, "city", where) for v in codes)


Fields = dict[str, object]
_FIELDS: dict[str, tuple[tuple[str, ...], Callable[[int, Fields, str], HansaAction]]] = {
    "begin": (("contract", "last"), lambda s, d, k: Begin(
        s, _json_card(d["contract"], f"{k}.contract", "C"),
        _json_card(d["last"], f"{k}.last", "C"))),
    "stay": ((), lambda s, d, k: Stay(s)),
    "go": (("path",), lambda s, d, k: Go(s, _json_path(d["path"], f"{k}.path"))),
    "sell": (("bean",), lambda s, d, k: Sell(s, _json_bean(d["bean"], f"{k}.bean"))),
    "buy": (("bean", "slot"), lambda s, d, k: Buy(
        s, _json_bean(d["bean"], f"{k}.bean"), json_number(d["slot"], f"{k}.slot"))),
    "buy-scarce": (("bean",), lambda s, d, k: BuyScarce(
        s, _json_bean(d["bean"], f"{k}.bean"))),
    "fulfil": (("contract",), lambda s, d, k: Fulfil(
        s, _json_card(d["contract"], f"{k}.contract", "C"))),
    "buy-contract": (("card",), lambda s, d, k: BuyContract(
        s, _json_card(d["card"], f"{k}.card", "T"))),
    "return": (("bean",), lambda s, d, k: Return(s, _json_bean(d["bean"], f"{k}.bean"))),
    "propose": (("to", "give", "want", "buy"), lambda s, d, k: Propose(
        s, json_number(d["to"], f"{k}.to"), *_json_deal(d, k))),
    "counter": (("pid", "give", "want", "buy"), lambda s, d, k: Counter(
        s, json_number(d["pid"], f"{k}.pid"), *_json_deal(d, k))),
    "accept": (("pid",), lambda s, d, k: Accept(s, json_number(d["pid"], f"{k}.pid"))),
    "decline": (("pid",), lambda s, d, k: Decline(s, json_number(d["pid"], f"{k}.pid"))),
    "pass": ((), lambda s, d, k: Pass(s)),
    "end-trading": ((), lambda s, d, k: EndTrading(s)),
    "end-turn": ((), lambda s, d, k: EndTurn(s)),
    "done": ((), lambda s, d, k: Done(s)),
}


def _json_deal(data: Fields, kind: str) -> tuple[Beans, Beans, Beans]:
    return (_json_beans(data["give"], f"{kind}.give"), _json_beans(data["want"], f"{kind}.want"),
            _json_beans(data["buy"], f"{kind}.buy"))


def action_from_json(data: object) -> HansaAction:
    """The action of a JSON object; ``InvalidActionError`` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {excerpt(data)}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidActionError(f"unknown action type {excerpt(kind)}; types are "
                                 f"{', '.join(sorted(_FIELDS))}")
    keys, make = _FIELDS[kind]
    expected = {"type", "seat", *keys}
    if set(data) != expected:
        raise InvalidActionError(f"{kind}: expected the fields {', '.join(sorted(expected))}")
    seat = json_number(data["seat"], f"{kind}: seat")
    return make(seat, data, kind)
