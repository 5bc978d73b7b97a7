"""Determinization: a full state that agrees with a viewer's view, hidden cards re-dealt.

Hidden from a seat are the other hands, the cards played face down by the others and
the order of the draw pile; a spectator sees no hand and no face-down card. A state is
built from the view alone, so two positions a viewer cannot tell apart give the same
samples for the same ``rng``.

Functions that make a state take its class (``kind``, the thin state): this module
sits below ``state.py`` and does not import it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from tinybeans.cards import DECK, Card, code, parse_card
from tinybeans.data import TinyData
from tinybeans.serialize import state_from_json
from tinybeans.views import view

D = TypeVar("D", bound=TinyData)


def determinize(state: D, seat: int | None, rng: random.Random) -> D:
    """A state ``seat`` cannot tell from ``state``: :func:`state_from_view` of its view."""
    return state_from_view(type(state), view(state, seat), rng)


def state_from_view(kind: type[D], seen: Mapping[str, Any], rng: random.Random) -> D:
    """A full state (of class ``kind``) showing ``seen`` to its viewer, the cards it
    does not show dealt at random to the hidden hands, the face-down cards and the
    draw pile."""
    return sampler(kind, seen)(rng)


def sampler(kind: type[D], seen: Mapping[str, Any]) -> Callable[[random.Random], D]:
    """Draws of :func:`state_from_view` for one view, read once: a template loaded from
    the view with the hidden cards left out, cloned at each draw, and the unseen cards
    (sorted: an order that depends on the view alone) shuffled into the gaps."""
    players = seen["players"]
    known: list[Card] = [parse_card(code) for code in seen["discard"]]
    for player in players:
        known += [parse_card(code) for code in (player["hand"] or []) + player["kept"]]
        if player["card"] is not None:
            known.append(parse_card(player["card"]))
    unseen = sorted(set(DECK) - set(known))
    hidden_hands = [(p["seat"], p["hand_size"]) for p in players if p["hand"] is None]
    face_down = [p["seat"] for p in players if p["played"] and p["card"] is None]
    template = _template(kind, seen, unseen)

    def draw(rng: random.Random) -> D:
        cards = unseen[:]
        rng.shuffle(cards)
        state: D = object.__new__(kind)
        template.copy_into(state)
        start = 0
        for seat, size in hidden_hands:
            state.hands[seat] = tuple(sorted(cards[start:start + size]))
            start += size
        for seat in face_down:
            state.played[seat] = cards[start]
            start += 1
        state.draw_pile = tuple(cards[start:])
        return state

    return draw


def _template(kind: type[D], seen: Mapping[str, Any], unseen: list[Card]) -> D:
    """The state of the view with the unseen cards dealt in order (checked by the audit
    as ``state_from_json`` loads it): what each draw then re-deals."""
    cards = [code(card) for card in unseen]
    hands, played = [], []
    for player in seen["players"]:
        hand = player["hand"]
        if hand is None:
            hand, cards = cards[:player["hand_size"]], cards[player["hand_size"]:]
        hands.append(hand)
    for player in seen["players"]:
        card = player["card"]
        if player["played"] and card is None:
            card, cards = cards[0], cards[1:]
        played.append(card)
    return state_from_json(kind, {
        "game": seen["game"], "version": seen["version"], "options": seen["options"],
        "phase": seen["phase"], "turn": seen["turn"], "hands": hands, "played": played,
        "draw_pile": cards, "discard": seen["discard"],
        "kept": [player["kept"] for player in seen["players"]], "winner": seen["winner"]})
