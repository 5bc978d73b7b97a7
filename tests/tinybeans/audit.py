"""The invariants of a Tiny Beans position: the twelve cards, the trick, the phase.

A state that breaks one cannot be reached by play: :func:`audit` refuses it (with
``AssertionError``), and ``state_from_json`` and the builder run it on every state
they make.
"""

from __future__ import annotations

from collections import Counter

from tinybeans.cards import DECK
from tinybeans.data import Phase, TinyData
from tinybeans.rules import cards_held, draws_after, trick_winner


def audit(state: TinyData) -> None:
    """Raise ``AssertionError`` unless the engine can play the state on."""
    _audit_cards(state)
    _audit_hands(state)
    _audit_trick(state)
    _audit_tricks_done(state)


def _audit_cards(state: TinyData) -> None:
    seen: Counter[int] = Counter(state.draw_pile)
    seen.update(state.discard)
    seen.update(card for card in state.played if card is not None)
    for seat in range(state.players):
        seen.update(state.hands[seat])
        seen.update(state.kept[seat])
    if seen != Counter(DECK):
        twice = sorted(card for card, count in seen.items() if count > 1)
        lost = sorted(set(DECK) - set(seen))
        raise AssertionError(f"the cards are not the deck's twelve (twice: {twice}, "
                             f"missing: {lost})")


def _audit_hands(state: TinyData) -> None:
    """Every seat holds the cards the deal and the draws left it (counting the one it
    played in this trick), and the draw pile the rest."""
    done = _tricks_done(state)
    size = cards_held(state.options, done)
    for seat, (hand, card) in enumerate(zip(state.hands, state.played, strict=True)):
        if len(hand) + (card is not None) != size:
            raise AssertionError(f"seat {seat} holds {len(hand) + (card is not None)} cards "
                                 f"after {done} tricks, not {size}")
    pile = len(DECK) - state.players * (state.options.hand_size
                                        + draws_after(state.options, done))
    if len(state.draw_pile) != pile:
        raise AssertionError(f"{len(state.draw_pile)} cards in the draw pile after {done} "
                             f"tricks, not {pile}")
    if (size == 0) != (state.phase == Phase.OVER):
        raise AssertionError(f"{size} cards a seat in the phase {state.phase.name.lower()}")


def _tricks_done(state: TinyData) -> int:
    return state.turn - (state.phase != Phase.OVER)


def _audit_trick(state: TinyData) -> None:
    played = [card for card in state.played if card is not None]
    if state.phase == Phase.KEEP:
        if len(played) != state.players:
            raise AssertionError("a card is kept once every seat has played")
        if state.winner != trick_winner(state, tuple(played)):
            raise AssertionError(f"seat {state.winner} keeps, but did not win the trick")
    elif state.winner is not None:
        raise AssertionError("a winner outside the keep phase")
    if state.phase == Phase.PLAY and len(played) == state.players:
        raise AssertionError("every seat has played, yet the cards are not turned up")
    if state.phase == Phase.OVER and played:
        raise AssertionError("cards on the table after the end")


def _audit_tricks_done(state: TinyData) -> None:
    """One kept card per trick finished, the others of it discarded."""
    done = _tricks_done(state)
    kept = sum(len(cards) for cards in state.kept)
    if kept != done or len(state.discard) != done * (state.players - 1):
        raise AssertionError(f"{kept} cards kept and {len(state.discard)} discarded after "
                             f"{done} tricks of {state.players} seats")
