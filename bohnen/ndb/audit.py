"""The invariants of a Nicht die Bohne! state: the 60 cards, the trick, the round, the sheet.

A state that breaks one cannot be reached by play, and the engine may not be able to
play it on: :func:`audit` refuses it (``state_from_json`` runs it on every state it
loads). Every seat has played as many tricks as the others in the round; the rows
hold one card per trick played (and, while the cards are taken, one more for each
seat that has taken); the taker has a card to take (the token holder's is the
engine's to give); the round is one of the game's.
"""

from __future__ import annotations

from collections import Counter

from bohnen.ndb.cards import CARD_IDS, DECK_SIZE, HAND_SIZE, full_deck
from bohnen.ndb.scoring import sheet_line
from bohnen.ndb.state import LEAD, NONE, OVER, PLAY, TAKE, NdbState


def audit(state: NdbState) -> None:
    """Raise ``AssertionError`` unless the engine can play the state on."""
    _audit_cards(state)
    tricks = _audit_hands(state)
    _audit_round(state)
    if state.phase == OVER:
        _audit_over(state)
    else:
        _audit_trick(state, tricks)
    _audit_sheet(state)


def _audit_cards(state: NdbState) -> None:
    seen: Counter[int] = Counter()
    for s in range(state.n):
        seen.update(state.hands[s])
        seen.update(state.rows[s])
        if state.table[s] != NONE and not state.taken >> s & 1:
            seen[state.table[s]] += 1
    if seen != Counter(full_deck()):
        total = sum(seen.values())
        odd = next((c for c in seen if not 0 <= c < CARD_IDS), None)
        raise AssertionError(f"no card {odd}" if odd is not None else
                             f"{total} cards accounted for, not the {DECK_SIZE} of the deck"
                             if total != DECK_SIZE else "the cards are not those of the deck")


def _audit_hands(state: NdbState) -> int:
    """The tricks every seat has played in this round (the same for all)."""
    size = HAND_SIZE[state.n]
    done = {size - len(state.hands[s]) - (state.table[s] != NONE) for s in range(state.n)}
    if len(done) != 1:
        raise AssertionError("the seats have played different numbers of tricks")
    tricks = done.pop()
    if not 0 <= tricks <= size or (tricks == size and state.phase != OVER):
        raise AssertionError(f"{tricks} tricks played of the {size} of a round")
    return tricks


def _audit_round(state: NdbState) -> None:
    rounds = state.options.rounds
    if not 0 <= state.round < rounds:
        raise AssertionError(f"round {state.round + 1} of a game of {rounds}")
    if len(state.sheet) != state.round + (state.phase == OVER):
        raise AssertionError(f"{len(state.sheet)} rounds on the sheet in round {state.round + 1}")


def _audit_over(state: NdbState) -> None:
    if len(state.sheet) != state.options.rounds:
        raise AssertionError("the game ended before its last round")
    last = tuple(sheet_line(state.rows[s]) for s in range(state.n))
    if last != state.sheet[-1]:
        raise AssertionError("the last round's sheet does not match the rows")


def _audit_trick(state: NdbState, tricks: int) -> None:
    n, leader = state.n, state.leader
    played = [state.table[s] != NONE for s in range(n)]
    took: set[int] = set()
    if state.phase == LEAD:
        if any(played) or not state.hands[leader]:
            raise AssertionError("a trick starts with no card played and cards in hand")
    elif state.phase == PLAY:
        if not played[leader] or all(played):
            raise AssertionError("in the play the token holder has played and somebody has not")
    elif state.phase == TAKE:
        took = _audit_taking(state, played)
    else:
        raise AssertionError(f"no phase {state.phase}")
    if state.phase != TAKE and state.taken:
        raise AssertionError("cards marked taken outside the taking")
    for s in range(n):
        if len(state.rows[s]) != tricks + (s in took):
            raise AssertionError(f"seat {s} has taken {len(state.rows[s])} cards after "
                                 f"{tricks} tricks")


def _audit_taking(state: NdbState, played: list[bool]) -> set[int]:
    """The checks of the taking; the seats that have taken in this trick."""
    leader, taker, taken = state.leader, state.taker, state.taken
    if not all(played):
        raise AssertionError("cards are taken once everybody has played")
    if taken >> leader & 1:
        raise AssertionError("the token holder's card is taken last")
    if (taken == 0) != (taker == leader) or (taken and not taken >> taker & 1):
        raise AssertionError(f"seat {taker} takes, but its card was not the last taken")
    if not state._free():
        raise AssertionError(f"seat {taker} is to take, but no card is left to it")
    taking = {s for s in range(state.n) if taken >> s & 1}
    return ({leader} | taking) - {taker} if taken else set()


def _audit_sheet(state: NdbState) -> None:
    for lines in state.sheet:
        if len(lines) != state.n:
            raise AssertionError("a sheet line per seat is expected")
        for line in lines:
            if line.plus < 0 or line.minus < 0 or line.total != line.plus - line.minus:
                raise AssertionError(f"a sheet line {list(line)} is not plus, minus, "
                                     f"plus - minus")

