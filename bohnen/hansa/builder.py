"""The position builder of Bohn Hansa: a legal state from a compact description.

For tests, bug reports, puzzles and teaching. A position starts from a real game — by
default the game of ``seed`` just after its set-up (:func:`start`: each seat takes
the first set-up offered) — and changes what is named: the seats' cities, money,
loans, beans and hands, the ladders, the seat whose phase begins. Everything not
named stays as that game has it, and what the changes displace is accounted for: a
contract named in a hand is taken from wherever it lay (the pile, the discard, the
table, another hand), the contracts a hand gives up go to the bottom of the pile,
and the supply is what the aids and the ladders do not hold. Then the audit runs
(``ValueError``, a ``RecordError``, naming the fault of a position no game reaches)::

    state = position(options=HansaOptions(players=3), seed=2, active=1, phase="trade",
                     cities={1: "ROS"}, money={1: 30}, beans={1: {"FE": 2, "SO": 1}},
                     ladders={"ROS": ["SA", "SO", "SA3", None, None]})

is seat 1's trade phase in Rostock with 30 talers, two Feuerbohnen and a Sojabohne,
Rostock's ladder holding a Saubohne, a Sojabohne and three Saubohnen from the bottom
up, and the prices of its lowest free slot (the fourth).

- ``cities``, ``money``, ``loans``, ``beans`` (bean code -> count; the others none),
  ``hands`` (card codes, the front card first: ``["T2", "T3", ..., "C35"]``): by seat.
- ``ladders``: by city code, each slot from the bottom: ``"BL3"`` (three Blaue),
  ``"BL"`` (one), ``None`` (empty).
- ``active`` and ``phase``: the seat whose ``phase`` (``travel``, ``trade``,
  ``final``…) begins: the table, the journey, the customs and the negotiation are
  reset; in the trade phase the prices are those of the lowest free slot of its city
  (``price_slot``, 1 = the bottom slot, to choose another).
- ``fields``: state JSON fields set as they are (``serialize.py``), for the rest.

:func:`describe` makes the same changes to a state's JSON (``to_json()``), for a
position built in steps.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from bohnen.core.protocol import JSONObject
from bohnen.hansa.board import CODES
from bohnen.hansa.data import Phase
from bohnen.hansa.flow import new_state
from bohnen.hansa.legal import legal_actions
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.rules import apply
from bohnen.hansa.serialize import state_from_json
from bohnen.hansa.state import HansaState

Slot = str | None  # "BL3": three Blaue on the slot; "BL": one; None: empty


def start(options: HansaOptions | None = None, seed: int = 1) -> HansaState:
    """The game of seed ``seed`` just after its set-up, each seat taking the first
    set-up offered (``legal_actions`` lists its dearest contracts first)."""
    state = new_state(HansaState, options if options is not None else HansaOptions(), seed)
    while state.phase == Phase.SETUP:
        apply(state, legal_actions(state, state.active)[0])
    return state


def position(base: HansaState | None = None, *, options: HansaOptions | None = None,
             seed: int = 1, active: int | None = None, phase: str = "travel",
             cities: Mapping[int, str] | None = None, money: Mapping[int, int] | None = None,
             loans: Mapping[int, int] | None = None,
             beans: Mapping[int, Mapping[str, int]] | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             ladders: Mapping[str, Sequence[Slot]] | None = None,
             price_slot: int | None = None,
             fields: Mapping[str, object] | None = None) -> HansaState:
    """The position described (see the module's docstring), changed from ``base`` (by
    default :func:`start` of ``options`` and ``seed``); checked by the audit."""
    if base is None:
        base = start(options, seed)
    data = describe(base.to_json(), active=active, phase=phase, cities=cities, money=money,
                    loans=loans, beans=beans, hands=hands, ladders=ladders,
                    price_slot=price_slot, fields=fields)
    return state_from_json(data, HansaState)


def describe(data: JSONObject, *, active: int | None = None, phase: str = "travel",
             cities: Mapping[int, str] | None = None, money: Mapping[int, int] | None = None,
             loans: Mapping[int, int] | None = None,
             beans: Mapping[int, Mapping[str, int]] | None = None,
             hands: Mapping[int, Sequence[str]] | None = None,
             ladders: Mapping[str, Sequence[Slot]] | None = None,
             price_slot: int | None = None,
             fields: Mapping[str, object] | None = None) -> JSONObject:
    """A copy of the state JSON ``data`` with the changes of :func:`position` (not
    checked: load it with ``state_from_json``)."""
    data = copy.deepcopy(data)
    players = len(data["money"])
    for what, named in (("cities", cities), ("money", money), ("loans", loans),
                        ("beans", beans), ("hands", hands)):
        odd = [seat for seat in named or () if not (type(seat) is int and 0 <= seat < players)]
        if odd:
            raise ValueError(f"{what} names seat {odd[0]!r} of a {players}-player game")
    for seat, city in (cities or {}).items():
        data["positions"][seat] = city
    for seat, amount in (money or {}).items():
        data["money"][seat] = data["earned"][seat] = amount
        data["spent"][seat] = 0
    for seat, amount in (loans or {}).items():
        data["loans"][seat] = amount
    codes = list(data["supply"])
    for seat, held in (beans or {}).items():
        unknown = sorted(set(held) - set(codes))
        if unknown:
            raise ValueError(f"no bean {unknown[0]!r} on this board (beans: {', '.join(codes)})")
        data["storage"][seat] = {code: held.get(code, 0) for code in codes}
    for seat, hand in (hands or {}).items():
        _hand(data, seat, list(hand))
    for code, slots in (ladders or {}).items():
        if code not in data["ladders"]:
            raise ValueError(f"no city {code!r} on this board")
        data["ladders"][code] = [_slot(slot, code) for slot in slots]
    if active is not None:
        _begin(data, active, phase)
    if price_slot is not None:
        data["price_slot"] = price_slot
    data.update(fields or {})
    _account(data)
    return data


def _hand(data: JSONObject, seat: int, hand: list[str]) -> None:
    """Seat ``seat`` holds ``hand``: its contracts taken from wherever they lay, those it
    gives up to the bottom of the pile."""
    old = [c for c in data["hands"][seat] if c.startswith("C")]
    data["hands"][seat] = []
    for card in hand:
        if card.startswith("C") and card not in old:
            _take_contract(data, card)
    data["contract_pile"].extend(c for c in old if c not in hand)
    data["hands"][seat] = hand


def _take_contract(data: JSONObject, card: str) -> None:
    for key in ("contract_pile", "contract_discard", "table"):
        if card in data[key]:
            data[key].remove(card)
            return
    for hand in data["hands"]:
        if card in hand:
            hand.remove(card)
            return
    raise ValueError(f"no contract {card!r} on this board")


def _slot(slot: Slot, city: str) -> dict[str, object] | None:
    if slot is None:
        return None
    code, count = slot[:2], slot[2:] or "1"
    if not (isinstance(slot, str) and code in CODES and count.isdigit() and int(count) > 0):
        raise ValueError(f"a slot of {city} is written like 'BL3' (three Blaue) or 'BL', "
                         f"not {slot!r}")
    return {"bean": code, "count": int(count)}


def _begin(data: JSONObject, seat: int, phase: str) -> None:
    """Seat ``seat``'s ``phase`` begins: no journey, table, customs or negotiation."""
    data.update(active=seat, phase=phase, floor=seat, passes=0, pending=None, table=[],
                played=[], customs_due=0, proposals_made=[0] * len(data["money"]))
    if phase == "trade":  # the prices of the lowest free slot of its city
        slots = data["ladders"][data["positions"][seat]]
        data["price_slot"] = max((i + 1 for i, s in enumerate(slots) if s is not None),
                                 default=0) + 1


def _account(data: JSONObject) -> None:
    """The supply: the tokens of each bean that the aids and the ladders do not hold."""
    board = HansaOptions.from_json(data["options"]).board_data
    tokens = {CODES[b]: board.tokens[b] for b in board.beans}
    for code in data["supply"]:
        held = sum(storage[code] for storage in data["storage"])
        laid = sum(slot["count"] for slots in data["ladders"].values() for slot in slots
                   if slot is not None and slot["bean"] == code)
        data["supply"][code] = tokens[code] - held - laid
