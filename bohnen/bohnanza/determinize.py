"""Determinization: a full state that agrees with a seat's view, hidden cards re-dealt.

Search bots sample these instead of reading the hidden cards (decisions.md 13: the
other hands and the draw pile are hidden). The state is built from the view alone,
so two states that look the same to a seat give the same samples for the same rng.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from bohnen.bohnanza import serialize
from bohnen.bohnanza.beans import CODES, standard_deck
from bohnen.bohnanza.data import VERSION, BohnanzaData
from bohnen.bohnanza.view_types import ProposalView
from bohnen.bohnanza.views import BohnanzaView
from bohnen.bohnanza.views import view as view_of
from bohnen.core.playout import shuffle

JSON = dict[str, object]
S = TypeVar("S", bound=BohnanzaData)
DECK: Counter[str] = Counter(CODES[b] for b in standard_deck())


def determinize(state: BohnanzaData, seat: int | None, rng: random.Random,
                make: type[S]) -> S:
    """A state ``seat`` cannot tell from ``state``: :func:`state_from_view` of its view."""
    return state_from_view(view_of(state, seat), rng, make)


def state_from_view(view: BohnanzaView, rng: random.Random, make: type[S]) -> S:
    """A full state showing ``view`` to its seat, everything hidden dealt at random.

    Hidden are the other hands and the draw pile: they get the cards the view does not
    show, at random, hand sizes kept. Beans that others offered in open proposals stay
    in their hands (they were announced), at random positions, and the proposals point
    at them. Future reshuffles get a fresh seed.
    """
    seat = view["seat"]
    pool = _unseen(view)
    pool.sort()  # the pool's order must not depend on anything but the view
    rng.shuffle(pool)
    offers = _offers(view)
    for p in view["players"]:  # announced beans are set aside for their holders first
        if p["hand"] is None:
            for bean in offers.get(p["seat"], Counter()).elements():
                pool.remove(bean)
    hands: list[list[str]] = []
    for p in view["players"]:
        if p["hand"] is not None:
            hands.append(list(p["hand"]))
            continue
        hand = list(offers.get(p["seat"], Counter()).elements())
        while len(hand) < p["hand_size"]:
            hand.append(pool.pop())
        rng.shuffle(hand)
        hands.append(hand)
    proposals = [_proposal(p, hands[p["from"]], p["from"] == seat, rng)
                 for p in _open_proposals(view)]
    return serialize.state_from_json(_state_json(view, hands, pool, proposals, rng.getrandbits(64)),
                                     make)


def sampler(view: BohnanzaView, make: type[S]) -> Callable[[random.Random], S]:
    """Draws of :func:`state_from_view` for ``view``, the view read once.

    A template is built from the view with a fixed rng; each draw clones it and deals
    the unseen cards (the hidden hands and the draw pile, as a sorted multiset: the
    view's alone) at random, hand sizes kept, the same distribution as
    :func:`state_from_view`. While another seat has an open proposal (its offered
    beans are known to be in its hand) every draw goes through :func:`state_from_view`.
    """
    seat = view["seat"]
    if any(p["from"] != seat for p in _open_proposals(view)):
        return lambda rng: state_from_view(view, rng, make)
    template = state_from_view(view, random.Random(0), make)
    hidden = [p["seat"] for p in view["players"] if p["hand"] is None]
    sizes = [len(template.hands[s]) for s in hidden]
    pool = sorted([c for s in hidden for c in template.hands[s]] + list(template.draw_pile))

    def draw(rng: random.Random) -> S:
        cards = pool[:]
        shuffle(rng, cards)
        state = template.clone()
        start = 0
        for s, size in zip(hidden, sizes, strict=True):
            state.hands[s] = tuple(cards[start:start + size])
            start += size
        state.draw_pile = tuple(cards[start:])
        state.rng = rng.getrandbits(64)
        return state

    return draw


def _unseen(view: BohnanzaView) -> list[str]:
    """The cards the view does not show: other hands and the draw pile, together."""
    left = Counter(DECK)
    shown: list[str] = list(view["discard"]) + list(view["face_up"])
    for p in view["players"]:
        shown += p["taler_cards"] + p["trade_area"] + (p["hand"] or [])
        for f in p["fields"]:
            if f["bean"] is not None:
                shown += [f["bean"]] * f["count"]
    left.subtract(shown)
    return list(left.elements())


def _open_proposals(view: BohnanzaView) -> list[ProposalView]:
    trading = view["trading"]
    return list(trading["proposals"]) if trading else []


def _offers(view: BohnanzaView) -> dict[int, Counter[str]]:
    """Beans each seat is known to hold: the most of each offered in one open proposal."""
    need: dict[int, Counter[str]] = {}
    for p in _open_proposals(view):
        mine = need.setdefault(p["from"], Counter())
        offered: Counter[str] = Counter(p["hand_beans"])
        for bean, k in offered.items():
            mine[bean] = max(mine[bean], k)
    return need


def _proposal(p: ProposalView, hand: list[str], own: bool, rng: random.Random) -> JSON:
    """The proposal as the state stores it, its hand positions chosen if unknown."""
    if own and p["hand"] is not None:
        positions = list(p["hand"])
    else:
        order = list(range(len(hand)))
        rng.shuffle(order)
        positions = []
        for bean in p["hand_beans"]:
            positions.append(next(i for i in order if hand[i] == bean and i not in positions))
        positions.sort()
    return {"pid": p["pid"], "from": p["from"], "to": p["to"], "hand": positions,
            "face_up": p["face_up"], "wants": p["wants"], "talers": p["talers"],
            "wants_talers": p["wants_talers"]}


def _state_json(view: BohnanzaView, hands: list[list[str]], draw: list[str],
                proposals: list[JSON], rng: int) -> JSON:
    trading = view["trading"]
    players = view["players"]
    floor = trading["floor"] if trading else None
    if view["phase"] == "plant_traded":  # the seat to plant: first from the active one
        n = len(players)
        floor = next((s for k in range(n)
                      if players[s := (view["active"] + k) % n]["trade_area"]), view["active"])
    return {
        "game": "bohnanza",
        "version": VERSION,
        "options": view["options"],
        "rng": rng,
        "turn": view["turn"],
        "active": view["active"],
        "phase": view["phase"],
        "planted": view["planted"],
        "runouts": view["runouts"],
        "last_runout_reached": view["last_runout_reached"],
        "reason": view["result"]["reason"] if view["result"] else "",
        "draw_pile": draw,
        "discard": view["discard"],
        "face_up": view["face_up"],
        "players": [{
            "hand": hands[i],
            "fields": [{"bean": f["bean"], "count": f["count"]} for f in p["fields"]],
            "taler_cards": p["taler_cards"],
            "trade_area": p["trade_area"],
        } for i, p in enumerate(players)],
        "trading": {
            "floor": view["active"] if floor is None else floor,
            "passes_since_proposal": trading["passes_since_proposal"] if trading else 0,
            "proposals_made": [p["proposals_made"] for p in players],
            "next_pid": view["next_pid"],
            "proposals": proposals,
            "closed": trading["closed"] if trading else [],
        },
    }
