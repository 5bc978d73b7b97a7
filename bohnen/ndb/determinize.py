"""Determinization: a full state that agrees with a seat's view, hidden cards re-dealt.

Hidden from a seat are the other hands and the face-down cards not yet turned up;
the state is built from the view alone, so two states that look the same to a seat
give the same samples for the same rng.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from bohnen.ndb import serialize
from bohnen.ndb.cards import code, full_deck, parse_card
from bohnen.ndb.state import NdbState

JSON = dict[str, Any]
DECK: Counter[str] = Counter(code(c) for c in full_deck())


def determinize(state: NdbState, seat: int | None, rng: random.Random) -> NdbState:
    """A state ``seat`` cannot tell from ``state``: :func:`state_from_view` of its view."""
    return state_from_view(state.view(seat), rng)


def state_from_view(view: JSON, rng: random.Random) -> NdbState:
    """A full state showing ``view`` to its seat: the cards it does not show dealt at
    random to the other hands and to the face-down cards not yet turned up (hand sizes
    and who has played kept); future deals get a fresh seed."""
    left = Counter(DECK)
    for p in view["players"]:
        left.subtract(p["hand"] or [])
        for row in p["rows"]:
            left.subtract(row["cards"])
    for spot in view["table"]:
        if spot["card"] is not None and not spot["taken"]:
            left.subtract([spot["card"]])
    pool = sorted(left.elements(), key=parse_card)  # an order that depends on the view only
    rng.shuffle(pool)
    table = []
    for spot in view["table"]:
        if not spot["played"] or spot["taken"]:
            table.append(spot["card"] if spot["played"] else None)
        else:
            table.append(spot["card"] if spot["card"] is not None else pool.pop())
    hands = []
    for p in view["players"]:
        if p["hand"] is not None:
            hands.append(list(p["hand"]))
        else:
            hands.append([pool.pop() for _ in range(p["hand_size"])])
    return serialize.state_from_json(_state_json(view, hands, table, rng.getrandbits(64)))


def sampler(view: JSON) -> Callable[[random.Random], NdbState]:
    """Draws of :func:`state_from_view` for ``view``, the view read once: a template
    built with a fixed rng is cloned at each draw and the unseen cards (a sorted
    multiset: the view's alone) dealt at random to the other hands and the face-down
    cards not yet turned up, as :func:`state_from_view` deals them."""
    template = state_from_view(view, random.Random(0))
    hidden = [p["seat"] for p in view["players"] if p["hand"] is None]
    sizes = [len(template.hands[s]) for s in hidden]
    down = [spot["seat"] for spot in view["table"]
            if spot["played"] and not spot["taken"] and spot["card"] is None]
    pool = sorted([c for s in hidden for c in template.hands[s]]
                  + [template.table[s] for s in down])

    def draw(rng: random.Random) -> NdbState:
        cards = pool[:]
        rng.shuffle(cards)
        state = template.clone()
        for s in down:
            state.table[s] = cards.pop()
        start = 0
        for s, size in zip(hidden, sizes, strict=True):
            state.hands[s] = tuple(sorted(cards[start:start + size]))
            start += size
        state.rng = rng.getrandbits(64)
        return state

    return draw


def _state_json(view: JSON, hands: list[list[str]], table: list[str | None], rng: int) -> JSON:
    return {
        "game": "ndb",
        "options": view["options"],
        "rng": rng,
        "round": view["round"],
        "trick": view["trick"],
        "dealer": view["dealer"],
        "token": view["token"],
        "phase": view["phase"],
        "taker": view["taker"] if view["taker"] is not None else view["token"],
        "taken": [spot["seat"] for spot in view["table"] if spot["taken"]],
        "table": table,
        "hands": hands,
        "rows": [[c for row in p["rows"] for c in row["cards"]] for p in view["players"]],
        "sheet": [[[ln["plus"], ln["minus"], ln["total"]] for ln in lines]
                  for lines in view["sheet"]],
    }
