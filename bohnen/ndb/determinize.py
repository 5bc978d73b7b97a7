"""Determinization: a full state that agrees with a seat's view, hidden cards re-dealt.

Hidden from a seat are the other hands and the face-down cards not yet turned up;
the state is built from the view alone, so two states that look the same to a seat
give the same samples for the same rng.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from bohnen.core.playout import shuffle
from bohnen.core.protocol import JSONObject
from bohnen.ndb.cards import CODES, full_deck, parse_card
from bohnen.ndb.data import VERSION, D
from bohnen.ndb.serialize import state_from_json
from bohnen.ndb.view_types import AnyView
from bohnen.ndb.views import view as view_of

DECK: Counter[str] = Counter(CODES[c] for c in full_deck())


def determinize(state: D, seat: int | None, rng: random.Random) -> D:
    """A state ``seat`` cannot tell from ``state``: :func:`state_from_view` of its view."""
    return state_from_view(view_of(state, seat), rng, type(state))


def _face_down(view: AnyView) -> list[int]:
    """The seats whose card lies face down on the table, unseen by the view's seat."""
    played, table = view["played"], view["table"]
    return [s for s in played if table[s] is None]


def state_from_view(view: AnyView, rng: random.Random, cls: type[D]) -> D:
    """A full state (a ``cls``) showing ``view`` to its seat: the cards it does not show
    dealt at random to the other hands and to the face-down cards not yet turned up
    (hand sizes and who has played kept); future deals get a fresh seed."""
    left = Counter(DECK)
    for p in view["players"]:
        left.subtract(p["hand"] or [])
        for row in p["rows"]:
            left.subtract(row["cards"])
    taken = set(view["taken"])
    for s, card in enumerate(view["table"]):
        if card is not None and s not in taken:
            left.subtract([card])
    pool = sorted(left.elements(), key=parse_card)  # an order that depends on the view only
    rng.shuffle(pool)
    down = set(_face_down(view))
    table = [pool.pop() if s in down else card for s, card in enumerate(view["table"])]
    hands: list[list[str]] = []
    for p in view["players"]:
        hand = p["hand"]
        hands.append(list(hand) if hand is not None else
                     [pool.pop() for _ in range(p["hand_size"])])
    return state_from_json(_state_json(view, hands, table, rng.getrandbits(64)), cls)


def sampler(view: AnyView, cls: type[D]) -> Callable[[random.Random], D]:
    """Draws of :func:`state_from_view` for ``view``, the view read once: a template
    built with a fixed rng is cloned at each draw and the unseen cards (a sorted
    multiset: the view's alone) dealt at random to the other hands and the face-down
    cards not yet turned up, as :func:`state_from_view` deals them."""
    template = state_from_view(view, random.Random(0), cls)
    hidden = [p["seat"] for p in view["players"] if p["hand"] is None]
    sizes = [len(template.hands[s]) for s in hidden]
    down = _face_down(view)
    pool = sorted([c for s in hidden for c in template.hands[s]]
                  + [template.table[s] for s in down])

    def draw(rng: random.Random) -> D:
        cards = pool[:]
        shuffle(rng, cards)
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


def _state_json(view: AnyView, hands: list[list[str]], table: list[str | None],
                rng: int) -> JSONObject:
    return {
        "game": "ndb",
        "version": VERSION,
        "options": dict(view["options"]),
        "rng": rng,
        "round": view["round"],
        "turn": view["turn"],
        "dealer": view["dealer"],
        "token": view["token"],
        "phase": view["phase"],
        "taker": view["taker"],
        "taken": list(view["taken"]),
        "table": table,
        "hands": hands,
        "row_cards": [[c for row in p["rows"] for c in row["cards"]] for p in view["players"]],
        "sheet": [[dict(line) for line in lines] for lines in view["sheet"]],
    }
