"""Bohnanza actions, their text notation and their JSON form.

Every action names the seat that takes it. Notation: ``"<seat>: <verb> <args>"``,
for example ``"0: plant 1"``, ``"2: harvest 0"``, ``"0: propose 2 give h1,f0 want RO"``,
``"2: accept 7 give h3"``. Hand cards are named by position (``h0`` is the front
card), face-up cards by index (``f0``, ``f1``), talers by number (``t2``), beans by
code (``BL FE SA BR SO AU RO GA``). ``str(action)`` gives the notation and
:func:`parse_action` reads it back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from bohnen.bohnanza.beans import CODES, Bean, parse_bean
from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import json_number, notation, number
from bohnen.core.protocol import JSONObject

Positions = tuple[int, ...]
Beans = tuple[Bean, ...]


class _Action:
    """What every action shares: its JSON form, whether it ends the trading, whether it
    is a move of the negotiation (a proposal, an answer, a pass, the close), whether
    it is one that makes no deal (a decline, a pass, the close), and whether any seat
    may take it at any moment, also out of turn (a harvest, buying the third field)."""

    __slots__ = ()
    any_time: ClassVar[bool] = False
    ends_trading: ClassVar[bool] = False
    negotiates: ClassVar[bool] = False
    refuses: ClassVar[bool] = False

    def to_json(self) -> JSONObject:
        return action_to_json(self)


@dataclass(frozen=True, slots=True)
class Plant(_Action):
    """Phase 1: plant the front card of the hand into ``field``."""

    seat: int
    field: int

    def __str__(self) -> str:
        return f"{self.seat}: plant {self.field}"


@dataclass(frozen=True, slots=True)
class EndPlanting(_Action):
    """Phase 1: stop after the first card instead of planting the second."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: end-planting"


@dataclass(frozen=True, slots=True)
class PlantTraded(_Action):
    """Phase 3: plant one ``bean`` from the trade area into ``field``."""

    seat: int
    bean: Bean
    field: int

    def __str__(self) -> str:
        return f"{self.seat}: plant {_bean_code(self.bean)} {self.field}"


@dataclass(frozen=True, slots=True)
class Harvest(_Action):
    """Sell every bean of ``field`` (any time, by any player, also out of turn)."""

    any_time: ClassVar[bool] = True

    seat: int
    field: int

    def __str__(self) -> str:
        return f"{self.seat}: harvest {self.field}"


@dataclass(frozen=True, slots=True)
class BuyThirdField(_Action):
    """Buy the third field (any time, by any player, also out of turn; once)."""

    any_time: ClassVar[bool] = True

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: buy-field"


@dataclass(frozen=True, slots=True)
class Propose(_Action):
    """Phase 2: offer cards (and talers) to ``to`` for beans (and talers) wanted.

    ``hand`` are positions in the proposer's hand, ``face_up`` indices of the
    face-up cards (active player only), ``wants`` the bean types wanted, one
    entry per card. Nothing wanted makes a gift; nothing given asks for one.
    """

    negotiates: ClassVar[bool] = True

    seat: int
    to: int
    hand: Positions = ()
    face_up: Positions = ()
    wants: Beans = ()
    talers: int = 0
    wants_talers: int = 0

    def __str__(self) -> str:
        return f"{self.seat}: propose {self.to}{_offer_text(self)}"


@dataclass(frozen=True, slots=True)
class Counter(_Action):
    """Phase 2: decline proposal ``pid`` and propose back to its proposer."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int
    hand: Positions = ()
    face_up: Positions = ()
    wants: Beans = ()
    talers: int = 0
    wants_talers: int = 0

    def __str__(self) -> str:
        return f"{self.seat}: counter {self.pid}{_offer_text(self)}"


@dataclass(frozen=True, slots=True)
class Accept(_Action):
    """Phase 2: accept proposal ``pid``, giving the named cards of the wanted types."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int
    hand: Positions = ()
    face_up: Positions = ()

    def __str__(self) -> str:
        refs = _refs_text(self.hand, self.face_up, 0)
        return f"{self.seat}: accept {self.pid}" + (f" give {refs}" if refs else "")


@dataclass(frozen=True, slots=True)
class Decline(_Action):
    """Phase 2: decline proposal ``pid`` made to this seat."""

    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True

    seat: int
    pid: int

    def __str__(self) -> str:
        return f"{self.seat}: decline {self.pid}"


@dataclass(frozen=True, slots=True)
class Withdraw(_Action):
    """Phase 2: withdraw one's own proposal ``pid`` (open trading)."""

    negotiates: ClassVar[bool] = True

    seat: int
    pid: int

    def __str__(self) -> str:
        return f"{self.seat}: withdraw {self.pid}"


@dataclass(frozen=True, slots=True)
class Pass(_Action):
    """Phase 2, turn-based: hand the floor to the next seat clockwise."""

    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: pass"


@dataclass(frozen=True, slots=True)
class CloseTrading(_Action):
    """Phase 2: the active player ends trading; kept face-up cards go to be planted."""

    ends_trading: ClassVar[bool] = True
    negotiates: ClassVar[bool] = True
    refuses: ClassVar[bool] = True
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: close-trading"


BohnanzaAction = (
    Plant | EndPlanting | PlantTraded | Harvest | BuyThirdField | Propose | Counter | Accept
    | Decline | Withdraw | Pass | CloseTrading
)

KINDS: dict[str, type[BohnanzaAction]] = {
    "plant": Plant,
    "end-planting": EndPlanting,
    "plant-traded": PlantTraded,
    "harvest": Harvest,
    "buy-field": BuyThirdField,
    "propose": Propose,
    "counter": Counter,
    "accept": Accept,
    "decline": Decline,
    "withdraw": Withdraw,
    "pass": Pass,
    "close-trading": CloseTrading,
}
_KIND_OF: dict[type, str] = {cls: kind for kind, cls in KINDS.items()}
# The fields of each action type, in order, and those it cannot do without.
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls)) for cls in KINDS.values()}
_REQUIRED: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls) if f.default is MISSING) for cls in KINDS.values()}
Parser = Callable[[int, list[str]], BohnanzaAction]


def _bean_code(bean: object) -> str:
    return CODES[bean] if type(bean) is Bean else f"?{bean}"


def _seq(value: object) -> tuple[object, ...]:
    """``value`` as a tuple for printing; a malformed field prints as itself."""
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def _refs_text(hand: Positions, face_up: Positions, talers: int) -> str:
    parts = [f"h{i}" for i in _seq(hand)] + [f"f{i}" for i in _seq(face_up)]
    if talers:
        parts.append(f"t{talers}")
    return ",".join(parts)


def _offer_text(a: Propose | Counter) -> str:
    text = ""
    give = _refs_text(a.hand, a.face_up, a.talers)
    if give:
        text += f" give {give}"
    want = [_bean_code(b) for b in _seq(a.wants)]
    if a.wants_talers:
        want.append(f"t{a.wants_talers}")
    if want:
        text += f" want {','.join(want)}"
    return text


# --- notation -------------------------------------------------------------------------


def parse_action(text: str) -> BohnanzaAction:
    """The action written ``text`` in notation; ``InvalidActionError`` naming the fault."""
    text = notation(text)
    head, sep, rest = text.partition(":")
    words = rest.split()
    try:
        if not sep:
            raise ValueError("expected '<seat>: <verb> ...'")
        seat = number(head.strip(), "seat")
        if not words:
            raise ValueError("no verb after the seat")
        verb, args = words[0].lower(), words[1:]
        parser = _PARSERS.get(verb)
        if parser is None:
            raise ValueError(f"unknown verb {excerpt(verb)}; verbs are {', '.join(KINDS)}")
        action: BohnanzaAction = parser(seat, args)
        return action
    except ValueError as exc:
        raise InvalidActionError(f"{excerpt(text)}: {exc}") from None


def _expect(args: list[str], count: int, usage: str) -> None:
    if len(args) != count:
        raise ValueError(f"expected {usage}")


def _parse_plant(seat: int, args: list[str]) -> BohnanzaAction:
    if len(args) == 1:
        return Plant(seat, number(args[0], "field"))
    _expect(args, 2, "'plant FIELD' or 'plant BEAN FIELD'")
    return PlantTraded(seat, parse_bean(args[0]), number(args[1], "field"))


def _parse_offer(args: list[str], usage: str) -> tuple[Positions, Positions, int, Beans, int]:
    hand: list[int] = []
    face: list[int] = []
    talers = wants_talers = 0
    wants: list[Bean] = []
    i = 0
    seen: set[str] = set()
    while i < len(args):
        key = args[i].lower()
        if key not in ("give", "want") or i + 1 >= len(args) or key in seen:
            raise ValueError(f"expected {usage}")
        seen.add(key)
        for item in args[i + 1].split(","):
            item = item.strip()
            if not item:
                continue
            low = item.lower()
            if low.startswith("t") and low[1:].isdigit():
                if key == "give":
                    talers += number(low[1:], "talers")
                else:
                    wants_talers += number(low[1:], "talers")
            elif key == "give" and low[:1] in ("h", "f"):
                (hand if low[0] == "h" else face).append(number(low[1:], "card position"))
            elif key == "want":
                wants.append(parse_bean(item))
            else:
                raise ValueError(f"{excerpt(item)} is not a card (h<pos>, f<index>) or "
                                 f"talers (t<n>)")
        i += 2
    return tuple(sorted(hand)), tuple(sorted(face)), talers, tuple(sorted(wants)), wants_talers


def _parse_propose(seat: int, args: list[str]) -> BohnanzaAction:
    usage = "'propose TO [give h0,f1,t2] [want RO,SO,t1]'"
    if not args:
        raise ValueError(f"expected {usage}")
    hand, face, talers, wants, wt = _parse_offer(args[1:], usage)
    return Propose(seat, number(args[0], "receiving seat"), hand, face, wants, talers, wt)


def _parse_counter(seat: int, args: list[str]) -> BohnanzaAction:
    usage = "'counter PID [give h0,f1,t2] [want RO,SO,t1]'"
    if not args:
        raise ValueError(f"expected {usage}")
    hand, face, talers, wants, wt = _parse_offer(args[1:], usage)
    return Counter(seat, number(args[0], "proposal number"), hand, face, wants, talers, wt)


def _parse_accept(seat: int, args: list[str]) -> BohnanzaAction:
    usage = "'accept PID [give h0,f1]'"
    if not args:
        raise ValueError(f"expected {usage}")
    hand, face, talers, wants, wt = _parse_offer(args[1:], usage)
    if talers or wants or wt:
        raise ValueError("an acceptance names only the cards given (the talers are the proposal's)")
    return Accept(seat, number(args[0], "proposal number"), hand, face)


def _one_pid(cls: type[Decline] | type[Withdraw], verb: str) -> Parser:
    def parse(seat: int, args: list[str]) -> BohnanzaAction:
        _expect(args, 1, f"'{verb} PID'")
        return cls(seat, number(args[0], "proposal number"))
    return parse


def _no_args(cls: type[EndPlanting] | type[BuyThirdField] | type[Pass] | type[CloseTrading],
             verb: str) -> Parser:
    def parse(seat: int, args: list[str]) -> BohnanzaAction:
        _expect(args, 0, f"'{verb}' alone")
        return cls(seat)
    return parse


def _parse_harvest(seat: int, args: list[str]) -> BohnanzaAction:
    _expect(args, 1, "'harvest FIELD'")
    return Harvest(seat, number(args[0], "field"))


def _parse_plant_traded(seat: int, args: list[str]) -> BohnanzaAction:
    _expect(args, 2, "'plant-traded BEAN FIELD'")
    return PlantTraded(seat, parse_bean(args[0]), number(args[1], "field"))


_PARSERS: dict[str, Parser] = {
    "plant": _parse_plant,
    "plant-traded": _parse_plant_traded,
    "end-planting": _no_args(EndPlanting, "end-planting"),
    "harvest": _parse_harvest,
    "buy-field": _no_args(BuyThirdField, "buy-field"),
    "propose": _parse_propose,
    "counter": _parse_counter,
    "accept": _parse_accept,
    "decline": _one_pid(Decline, "decline"),
    "withdraw": _one_pid(Withdraw, "withdraw"),
    "pass": _no_args(Pass, "pass"),
    "close-trading": _no_args(CloseTrading, "close-trading"),
}


# --- JSON -----------------------------------------------------------------------------


def action_to_json(action: _Action) -> JSONObject:
    """``{"type": kind, "seat": ..., ...}``; beans by code."""
    kind = type(action)
    data: JSONObject = {"type": _KIND_OF[kind]}
    for name in _FIELDS[kind]:
        value = getattr(action, name)
        if name == "bean":
            value = _bean_code(value)
        elif name == "wants":
            value = [_bean_code(b) for b in value]
        elif isinstance(value, tuple):
            value = list(value)
        data[name] = value
    return data


def action_from_json(data: object) -> BohnanzaAction:
    """The action of a JSON object; ``InvalidActionError`` naming the fault."""
    if not isinstance(data, dict):
        raise InvalidActionError(f"an action must be a JSON object, not {excerpt(data)}")
    kind = data.get("type")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidActionError(f"unknown action type {excerpt(kind)}; "
                                 f"types are {', '.join(KINDS)}")
    names = _FIELDS[cls]
    unknown = sorted(set(data) - set(names) - {"type"}, key=str)
    if unknown:
        raise InvalidActionError(f"{kind}: unknown field(s) "
                                 f"{excerpt(', '.join(map(str, unknown)))}")
    missing = [name for name in _REQUIRED[cls] if name not in data]
    if missing:
        raise InvalidActionError(f"{kind}: missing field(s) {', '.join(missing)}")
    try:
        # each value read by the type its field has (JSON is open until then)
        values: dict[str, Any] = {name: _json_field(name, data[name])
                                  for name in names if name in data}
    except ValueError as exc:
        raise InvalidActionError(f"{kind}: {exc}") from None
    return cls(**values)


def _json_field(name: str, raw: object) -> int | Bean | tuple[int, ...] | tuple[Bean, ...]:
    """The value of field ``name`` of an action from its JSON form; ``ValueError``."""
    if name == "bean":
        return _json_bean(raw, name)
    if name in ("wants", "hand", "face_up"):
        if not isinstance(raw, list):
            raise ValueError(f"{name} must be a list, not {excerpt(raw)}")
        if name == "wants":
            return tuple(sorted(_json_bean(b, name) for b in raw))
        return tuple(sorted(json_number(x, name) for x in raw))
    return json_number(raw, name)


def _json_bean(value: object, name: str) -> Bean:
    if not isinstance(value, str):
        raise ValueError(f"{name}: beans are named by their codes, not {excerpt(value)}")
    return parse_bean(value)
