"""The position builder: Bohnanza states set up exactly, for tests, bug reports, puzzles
and teaching.

:func:`position` builds any state from the cards named in each place (every other card
goes to the draw pile, the discard pile or a seat's talers, so that the 104 cards are
all there), then the audit checks it; :func:`stacked_deck` orders a deck so that a new
game deals exactly the hands and draws a situation needs; :func:`deck_order` checks a
deck given to ``new_game``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

from bohnen.bohnanza.beans import (
    ALL_BEANS,
    BEAN_COUNT,
    BEANS,
    CODES,
    DECK_SIZE,
    Bean,
    parse_bean,
    standard_deck,
)
from bohnen.bohnanza.data import VERSION, PhaseName
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.serialize import state_from_json
from bohnen.bohnanza.state import BohnanzaState
from bohnen.core.files import excerpt

T = TypeVar("T")


def _bean(card: object) -> Bean:
    """A card given by its code, name or index."""
    if isinstance(card, int) and not isinstance(card, bool):
        if not 0 <= card < BEAN_COUNT:
            raise ValueError(f"no bean {card}; beans are 0 to {BEAN_COUNT - 1}")
        return ALL_BEANS[card]
    return parse_bean(str(card))


def deck_order(deck: Sequence[object]) -> list[Bean]:
    """A full deck order (top first) of bean names, codes or indices, checked."""
    cards = [_bean(d) for d in deck]
    if sorted(cards) != standard_deck():
        raise ValueError(f"a deck must hold the {DECK_SIZE} Bohnanza cards exactly "
                         f"(got {len(cards)} cards)")
    return cards


def stacked_deck(top: Sequence[object], seed: int = 0) -> list[str]:
    """A full deck (codes, top first) whose first cards are ``top`` (codes, names or
    indices), the rest shuffled by ``seed``: it deals exactly the hands and draws a
    situation needs."""
    wanted = [_bean(b) for b in top]
    rest = standard_deck()
    for b in wanted:
        rest.remove(b)
    random.Random(seed).shuffle(rest)
    return [CODES[b] for b in wanted + rest]


Cards = str | Sequence[object]  # beans by code, name or index: "RO BL AU" or ["RO", "BL"]


def _cards(spec: Cards) -> list[Bean]:
    """``"ro bl"`` or ``["RO", 0]`` -> the beans (checked)."""
    items: Sequence[object] = spec.split() if isinstance(spec, str) else spec
    return [_bean(c) for c in items]


def _field(text: str) -> tuple[Bean | None, int]:
    """``"AU3"`` -> three Augen; ``"-"`` -> an empty field."""
    if text == "-":
        return None, 0
    count = text[2:]
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"a field is written like AU3 (a bean code and a count) or -, "
                         f"not {excerpt(text)}")
    return _bean(text[:2]), int(count)


def _per_seat(value: Sequence[T] | None, players: int, default: T, what: str) -> list[T]:
    items = list(value) if value is not None else []
    if len(items) > players:
        raise ValueError(f"{len(items)} {what} for {players} seats")
    return items + [default] * (players - len(items))


def _remainder(named: Counter[Bean]) -> list[Bean]:
    """The cards of the deck not in ``named``, Gartenbohnen last (taken first as talers)."""
    pool: list[Bean] = []
    for bean in ALL_BEANS:
        left = BEANS[bean].cards - named[bean]
        if left < 0:
            raise ValueError(f"{named[bean]} {BEANS[bean].name} named; the deck has "
                             f"{BEANS[bean].cards}")
        pool.extend([bean] * left)
    return pool


def _first_to_plant(trade: list[list[Bean]], active: int) -> int:
    """Phase 3 (turn-based): the first seat from the active one with cards to plant."""
    n = len(trade)
    return next((seat for k in range(n) if trade[seat := (active + k) % n]), active)


def position(
    players: int = 3,
    *,
    hands: Sequence[Cards] | None = None,
    fields: Sequence[str] | None = None,
    talers: Sequence[int | Cards] | None = None,
    trade: Sequence[Cards] | None = None,
    face_up: Cards = "",
    discard: Cards = "",
    draw: Cards = "",
    rest: str | int = "draw",
    phase: PhaseName = "plant",
    active: int = 0,
    planted: int = 0,
    runouts: int = 0,
    last_runout_reached: bool = False,
    floor: int | None = None,
    turn: int = 1,
    seed: int = 0,
    **options: Any,
) -> BohnanzaState:
    """A state with exactly these cards in these places, checked by the audit.

    ``hands``, ``trade`` (trade areas), ``talers`` and ``fields`` go per seat (seats not
    given get nothing, and two empty fields); cards are bean codes (``"RO BL"``), a
    hand first card first; a seat's fields are written ``"AU3 -"`` (three Augen, an
    empty field; three entries: a third field). ``talers`` per seat is a number (any
    beans) or the cards. Every card not named goes to ``rest``: ``"draw"`` (below
    ``draw``, shuffled by ``seed``), ``"discard"`` (under ``discard``) or a seat
    number (that seat's talers), so that the 104 cards are all there. ``options`` are
    those of :class:`BohnanzaOptions`. ``ValueError`` (or ``RecordError`` from the
    audit) names what does not add up.
    """
    opts = BohnanzaOptions(players=players, **options)
    seat_hands = [_cards(h) for h in _per_seat(hands, players, "", "hands")]
    seat_trade = [_cards(t) for t in _per_seat(trade, players, "", "trade areas")]
    seat_fields = [[_field(f) for f in spec.split()]
                   for spec in _per_seat(fields, players, "- -", "fields")]
    named: Counter[Bean] = Counter()
    for cards in [*seat_hands, *seat_trade, _cards(face_up), _cards(discard), _cards(draw)]:
        named.update(cards)
    for fs in seat_fields:
        for bean, count in fs:
            if bean is not None:
                named[bean] += count
    taler_specs = _per_seat(talers, players, 0, "talers")
    seat_talers: list[list[Bean]] = []
    for spec in taler_specs:
        coins = [] if isinstance(spec, int) else _cards(spec)
        named.update(coins)
        seat_talers.append(coins)
    pool = _remainder(named)
    for spec, coins in zip(taler_specs, seat_talers, strict=True):
        if isinstance(spec, int):
            coins.extend(pool.pop() for _ in range(spec))
    random.Random(seed).shuffle(pool)
    draw_pile, discard_pile = _cards(draw), _cards(discard)
    if rest == "draw":
        draw_pile += pool
    elif rest == "discard":
        discard_pile = pool + discard_pile
    elif isinstance(rest, int) and 0 <= rest < players:
        seat_talers[rest].extend(pool)
    else:
        raise ValueError(f"rest must be 'draw', 'discard' or a seat, not {excerpt(rest)}")
    if floor is None:
        floor = _first_to_plant(seat_trade, active) if phase == "plant_traded" else active
    data: dict[str, object] = {
        "game": "bohnanza", "version": VERSION, "options": opts.to_json(), "rng": seed,
        "turn": turn, "active": active, "phase": phase, "planted": planted,
        "runouts": runouts, "last_runout_reached": last_runout_reached, "reason": "",
        "draw_pile": _codes(draw_pile),
        "discard": _codes(discard_pile),
        "face_up": _codes(_cards(face_up)),
        "players": [{
            "hand": _codes(seat_hands[s]),
            "fields": [{"bean": None if bean is None else CODES[bean], "count": count}
                       for bean, count in seat_fields[s]],
            "taler_cards": _codes(seat_talers[s]),
            "trade_area": _codes(seat_trade[s]),
        } for s in range(players)],
        "trading": {"floor": floor, "passes_since_proposal": 0,
                    "proposals_made": [0] * players, "next_pid": 1, "proposals": []},
    }
    return state_from_json(data, BohnanzaState)


def _codes(beans: list[Bean]) -> list[str]:
    return [CODES[b] for b in beans]
