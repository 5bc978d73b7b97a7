"""The position builder of Tiny Beans: a legal state from a compact description.

For tests, bug reports, puzzles and teaching. Cards are written as codes separated by
spaces (``"B3 B7"``); a mapping gives the cards of each seat named. Everything not
named is dealt and accounted for, then the audit runs::

    build(TinyOptions(players=2, hand_size=2), hands={0: "B12 B5"}, played={1: "B9"},
          kept={1: "B3"})

is the second trick of a two-player game in which seat 1 kept B3 of the first (the
other card of that trick, unnamed, went to the discard pile) and has played B9 face
down; seat 0 holds B12 and B5 and is to play; seat 1 holds one card besides the B9,
dealt from the cards left (every seat holds two cards in the second trick, after the
draw); the rest is the draw pile, shuffled by ``seed``.

- ``kept``: the cards each seat kept; their number is the number of tricks finished.
- ``discard``: the discard pile (bottom first); unnamed, the cards left fill it with
  ``players - 1`` cards per finished trick.
- ``played``: the cards played face down in this trick; when every seat has played,
  the trick is turned up and its winner is to keep a card.
- ``hands``: the named hands; the others are dealt as many cards as the rules leave
  a seat after the tricks finished (counting a card played in this trick).
- ``draw_pile``: the draw pile, top first; unnamed, the cards left, shuffled.

A description that no game can reach (a card named twice, a hand of the wrong size,
too few cards left to deal) raises ``ValueError`` naming the fault.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tinybeans.audit import audit
from tinybeans.cards import DECK, Card, code, parse_card
from tinybeans.data import Phase
from tinybeans.options import TinyOptions
from tinybeans.rules import cards_held, trick_winner
from tinybeans.state import TinyState, new_state

NOTHING: Mapping[int, str] = {}


def cards(text: str) -> tuple[Card, ...]:
    """The cards written ``text``: codes separated by spaces."""
    return tuple(parse_card(word) for word in text.split())


def build(options: TinyOptions | None = None, *, hands: Mapping[int, str] = NOTHING,
          played: Mapping[int, str] = NOTHING, kept: Mapping[int, str] = NOTHING,
          discard: str | None = None, draw_pile: str | None = None,
          seed: int = 0) -> TinyState:
    """The position described (see the module's docstring); ``ValueError`` if none is."""
    options = options if options is not None else TinyOptions()
    state = new_state(options)
    seats = range(options.players)
    for what, named in (("hands", hands), ("played", played), ("kept", kept)):
        odd = [seat for seat in named if seat not in seats]
        if odd:
            raise ValueError(f"{what} names seat {odd[0]} of a {options.players}-player game")
    state.kept = [cards(kept.get(seat, "")) for seat in seats]
    state.played = [_one(played[seat]) if seat in played else None for seat in seats]
    named_hands = {seat: tuple(sorted(cards(text))) for seat, text in hands.items()}
    left = _left(state, named_hands, discard, draw_pile)
    tricks = sum(len(k) for k in state.kept)
    if discard is None:
        count = tricks * (options.players - 1)
        state.discard, left = tuple(left[:count]), left[count:]
    else:
        state.discard = cards(discard)
    size = cards_held(options, tricks)
    state.hands = []
    for seat in seats:
        hand = named_hands.get(seat)
        if hand is None:
            count = size - (state.played[seat] is not None)
            if count > len(left):
                raise ValueError(f"too few cards left to deal seat {seat} a hand of {count}")
            hand, left = tuple(sorted(left[:count])), left[count:]
        state.hands.append(hand)
    if draw_pile is None:
        random.Random(seed).shuffle(left)
        state.draw_pile = tuple(left)
    else:
        state.draw_pile = cards(draw_pile)
    _flow(state, tricks)
    try:
        audit(state)
    except AssertionError as exc:
        raise ValueError(f"no Tiny Beans game reaches this position: {exc}") from None
    return state


def _one(text: str) -> Card:
    found = cards(text)
    if len(found) != 1:
        raise ValueError(f"a seat plays one card in a trick, not {text!r}")
    return found[0]


def _left(state: TinyState, hands: Mapping[int, tuple[Card, ...]], discard: str | None,
          draw_pile: str | None) -> list[Card]:
    """The cards not named, in the deck's order; ``ValueError`` for a card named twice."""
    named = [c for k in state.kept for c in k] + [c for c in state.played if c is not None]
    named += [c for hand in hands.values() for c in hand]
    named += [*cards(discard or ""), *cards(draw_pile or "")]
    twice = sorted({c for c in named if named.count(c) > 1})
    if twice:
        raise ValueError(f"{code(twice[0])} is named twice")
    return [card for card in DECK if card not in named]


def _flow(state: TinyState, tricks: int) -> None:
    """The phase, the trick's number and winner that the cards placed imply."""
    played = tuple(c for c in state.played if c is not None)
    state.winner = None
    if not any(state.hands) and not played:
        state.phase, state.turn = Phase.OVER, tricks
    elif len(played) == state.players:
        state.phase, state.turn = Phase.KEEP, tricks + 1
        state.winner = trick_winner(state, played)
    else:
        state.phase, state.turn = Phase.PLAY, tricks + 1
