"""Determinization: a full state that agrees with a seat's view, hidden cards re-dealt.

Hidden from a seat: the other hands (their travel cards are known, being 1..7 less
those discarded for good, but not their order; their contracts are not known), the
contract pile and the Neue-Ernte pile with its reserve. The state is built from the
view alone, so two states that look the same to a seat give the same samples for
the same rng.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from bohnen.core.playout import shuffle
from bohnen.hansa import serialize
from bohnen.hansa.actions import parse_card
from bohnen.hansa.board import CONTRACT, Card, card_text
from bohnen.hansa.data import TRAVEL_CARDS, HansaData
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.view_types import SeatView, SpectatorView
from bohnen.hansa.views import view as view_of

JSON = dict[str, object]
Seen = SeatView | SpectatorView
D = TypeVar("D", bound=HansaData)


def determinize(state: D, seat: int | None, rng: random.Random) -> D:
    """A state ``seat`` cannot tell from ``state``: :func:`state_from_view` of its view."""
    return state_from_view(view_of(state, seat), rng, type(state))


@dataclass(slots=True)
class Hidden:
    """What a view leaves open: per hidden seat its known travel cards and how many
    contracts it holds; the unseen contracts; the unseen Neue-Ernte cards."""

    seats: list[int]
    travel: list[list[Card]]
    contracts_held: list[int]
    contract_pool: list[int]  # contract numbers, sorted
    deck_size: int
    harvest_pool: list[int]  # indices, sorted
    pile_size: int


def hidden(view: Seen) -> Hidden:
    options = HansaOptions.from_json(view["options"])
    board = options.board_data
    seen: set[int] = set()
    seats, travel, held = [], [], []
    for p in view["players"]:
        if p["hand"] is not None:
            seen.update(c - CONTRACT for c in (parse_card(x, "hand") for x in p["hand"])
                        if c > CONTRACT)
            continue
        s = p["seat"]
        gone = {parse_card(x, "waste") for x in p["waste"]}
        if s == view["active"]:
            gone.update(parse_card(x, "played") for x in view["played"])
        cards = [Card(c) for c in range(1, TRAVEL_CARDS + 1) if c not in gone]
        seats.append(s)
        travel.append(cards)
        held.append(p["hand_size"] - len(cards))
    seen.update(parse_card(x, "table") - CONTRACT for x in view["table"])
    seen.update(int(x[1:]) for x in view["contract_discard"])
    pool = [c for c in range(1, len(board.contracts) + 1) if c not in seen]
    shown = {int(x[1:]) - 1 for x in view["harvest_discard"]}
    for p in view["players"]:
        shown.update(int(x[1:]) - 1 for x in p["harvest_before"])
    harvests = [h for h in range(len(board.harvests)) if h not in shown]
    return Hidden(seats, travel, held, pool, view["contract_pile_size"], harvests,
                  view["harvest_pile_size"])


Dealt = tuple[list[tuple[Card, ...]], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _deal(h: Hidden, rng: random.Random, setup: bool) -> Dealt:
    pool = h.contract_pool[:]
    shuffle(rng, pool)
    hands: list[tuple[Card, ...]] = []
    at = 0
    for cards, count in zip(h.travel, h.contracts_held, strict=True):
        held = [Card(CONTRACT + c) for c in pool[at:at + count]]
        at += count
        if setup:  # the travel cards in order 1..7, the contracts after them
            hands.append((*cards, *held))
            continue
        hand = [*cards, *held]
        shuffle(rng, hand)
        hands.append(tuple(hand))
    deck = tuple(pool[at:at + h.deck_size])
    harvests = h.harvest_pool[:]
    shuffle(rng, harvests)
    return hands, deck, tuple(harvests[:h.pile_size]), tuple(harvests[h.pile_size:])


def state_from_view(view: Seen, rng: random.Random, cls: type[D]) -> D:
    """A full state of class ``cls`` showing ``view`` to its seat, the hidden cards
    dealt at random."""
    return _from_view(view, hidden(view), rng, cls)


def _from_view(view: Seen, h: Hidden, rng: random.Random, cls: type[D]) -> D:
    hands, deck, pile, reserve = _deal(h, rng, view["phase"] == "setup")
    return serialize.state_from_json(_state_json(view, h, hands, deck, pile, reserve,
                                                 rng.getrandbits(64)), cls)


def sampler(view: Seen, cls: type[D], copy: Callable[[D], D]) -> Callable[[random.Random], D]:
    """Draws of :func:`state_from_view` for ``view``, the view read once: a template is
    copied at each draw (by ``copy``: the state class's own clone) and the hidden cards
    re-dealt as :func:`state_from_view` deals."""
    h = hidden(view)
    template = _from_view(view, h, random.Random(0), cls)
    setup = view["phase"] == "setup"

    def draw(rng: random.Random) -> D:
        hands, deck, pile, reserve = _deal(h, rng, setup)
        state = copy(template)
        for seat, hand in zip(h.seats, hands, strict=True):
            state.hands[seat] = hand
        state.contract_pile, state.harvest_pile, state.harvest_reserve = deck, pile, reserve
        state.rng = rng.getrandbits(64)
        return state

    return draw


def _state_json(view: Seen, h: Hidden, hands: list[tuple[Card, ...]], deck: tuple[int, ...],
                pile: tuple[int, ...], reserve: tuple[int, ...], rng: int) -> JSON:
    dealt = dict(zip(h.seats, hands, strict=True))
    players = view["players"]
    return {
        "game": "hansa",
        "version": view["version"],
        "options": view["options"],
        "rng": rng,
        "phase": view["phase"],
        "active": view["active"],
        "turn": view["turn"],
        "money": [p["money"] for p in players],
        "earned": [p["earned"] for p in players],
        "spent": [p["spent"] for p in players],
        "loans": [p["loans"] for p in players],
        "positions": [p["city"] for p in players],
        "storage": [p["beans"] for p in players],
        "supply": view["supply"],
        "ladders": view["ladders"],
        "hands": [p["hand"] if p["hand"] is not None
                  else [card_text(c) for c in dealt[p["seat"]]] for p in players],
        "table": view["table"],
        "played": view["played"],
        "waste": [p["waste"] for p in players],
        "contract_pile": [f"C{c}" for c in reversed(deck)],
        "contract_discard": view["contract_discard"],
        "harvest_pile": [f"H{c + 1}" for c in reversed(pile)],
        "harvest_reserve": [f"H{c + 1}" for c in reversed(reserve)],
        "harvest_discard": view["harvest_discard"],
        "harvest_before": [p["harvest_before"] for p in players],
        "trigger": view["trigger"],
        "last_round": view["last_round"],
        "last_seat": view["last_seat"],
        "customs_due": view["customs_due"],
        "price_slot": view["price_slot"],
        "floor": view["floor"],
        "passes": view["passes"],
        "proposals_made": [p["proposals_made"] for p in players],
        "pending": view["pending"],
        "next_pid": view["next_pid"],
        "closing": view["closing"],
    }
