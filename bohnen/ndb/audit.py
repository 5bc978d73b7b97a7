"""The invariants of a Nicht die Bohne! state: the 60 cards, the trick, the round, the sheet.

A state that breaks one cannot be reached by play, and the engine may not be able to
play it on: :func:`audit` refuses it (``state_from_json`` and the position builder run
it on every state they make). Every seat has played as many tricks as the others in
the round; the rows hold one card per trick played (and, while the cards are taken,
one more for each seat that has taken); the taker has a choice of two cards or more
(a single one, and the token holder's, are the engine's to give); the round is one of
the game's; the legal actions the state remembers (``listed``) are those of now.
"""

from __future__ import annotations

from collections import Counter

from bohnen.ndb.cards import CARD_IDS, DECK_SIZE, HAND_SIZE, full_deck
from bohnen.ndb.data import LEAD, NONE, OVER, PLAY, TAKE, NdbData, Phase
from bohnen.ndb.legal import legal_actions
from bohnen.ndb.rules import seats_to_play, takeable
from bohnen.ndb.scoring import sheet_line


def audit(state: NdbData) -> None:
    """Raise ``AssertionError`` unless the engine can play the state on."""
    if type(state.phase) is not Phase:  # the rules compare phases by identity
        raise AssertionError(f"no phase {state.phase!r}")
    _audit_cards(state)
    tricks = _audit_hands(state)
    _audit_round(state)
    if state.phase == OVER:
        _audit_over(state)
    else:
        _audit_trick(state, tricks)
    _audit_sheet(state)
    if state.playing != seats_to_play(state):
        raise AssertionError(f"the seats marked to play ({state.playing:b}) are not those "
                             f"the phase and the table give ({seats_to_play(state):b})")
    seat = state.listed_seat
    if seat >= 0 and list(state.listed) != legal_actions(state.clone(), seat):
        raise AssertionError(f"the listing remembered for seat {seat} is not its legal "
                             f"actions now")


def _audit_cards(state: NdbData) -> None:
    seen: Counter[int] = Counter()
    for s in range(state.players):
        seen.update(state.hands[s])
        seen.update(state.row_cards[s])
        if state.table[s] != NONE and not state.taken_mask >> s & 1:
            seen[state.table[s]] += 1
    if seen != Counter(full_deck()):
        total = sum(seen.values())
        odd = next((c for c in seen if not 0 <= c < CARD_IDS), None)
        raise AssertionError(f"no card {odd}" if odd is not None else
                             f"{total} cards accounted for, not the {DECK_SIZE} of the deck"
                             if total != DECK_SIZE else "the cards are not those of the deck")


def _audit_hands(state: NdbData) -> int:
    """The tricks every seat has played in this round (the same for all)."""
    size = HAND_SIZE[state.players]
    done = {size - len(state.hands[s]) - (state.table[s] != NONE)
            for s in range(state.players)}
    if len(done) != 1:
        raise AssertionError("the seats have played different numbers of tricks")
    tricks = done.pop()
    if not 0 <= tricks <= size or (tricks == size and state.phase != OVER):
        raise AssertionError(f"{tricks} tricks played of the {size} of a round")
    return tricks


def _audit_round(state: NdbData) -> None:
    rounds = state.options.rounds
    if not 0 <= state.round < rounds:
        raise AssertionError(f"round {state.round + 1} of a game of {rounds}")
    if len(state.sheet) != state.round + (state.phase == OVER):
        raise AssertionError(f"{len(state.sheet)} rounds on the sheet in round {state.round + 1}")


def _audit_over(state: NdbData) -> None:
    if len(state.sheet) != state.options.rounds:
        raise AssertionError("the game ended before its last round")
    last = tuple(sheet_line(state.row_cards[s]) for s in range(state.players))
    if last != state.sheet[-1]:
        raise AssertionError("the last round's sheet does not match the rows")


def _audit_trick(state: NdbData, tricks: int) -> None:
    n, token = state.players, state.token
    played = [state.table[s] != NONE for s in range(n)]
    took: set[int] = set()
    if state.phase == LEAD:
        if any(played) or not state.hands[token]:
            raise AssertionError("a trick starts with no card played and cards in hand")
    elif state.phase == PLAY:
        if not played[token] or all(played):
            raise AssertionError("in the play the token holder has played and somebody has not")
    elif state.phase == TAKE:
        took = _audit_taking(state, played)
    else:
        raise AssertionError(f"no phase {state.phase}")
    if state.phase != TAKE and (state.taken or state.taken_mask):
        raise AssertionError("cards marked taken outside the taking")
    if state.phase != TAKE and state.taker != token:
        raise AssertionError("outside the taking the seat to take is the token holder")
    for s in range(n):
        if len(state.row_cards[s]) != tricks + (s in took):
            raise AssertionError(f"seat {s} has taken {len(state.row_cards[s])} cards after "
                                 f"{tricks} tricks")


def _audit_taking(state: NdbData, played: list[bool]) -> set[int]:
    """The checks of the taking; the seats that have taken in this trick."""
    token, taker, taken = state.token, state.taker, state.taken
    if not all(played):
        raise AssertionError("cards are taken once everybody has played")
    if len(set(taken)) != len(taken) or state.taken_mask != sum(1 << s for s in taken):
        raise AssertionError(f"the seats taken from, {list(taken)}, are not those marked")
    if token in taken:
        raise AssertionError("the token holder's card is taken last")
    if taker != (taken[-1] if taken else token):
        raise AssertionError(f"seat {taker} takes, but its card was not the last taken")
    free = takeable(state, taker)
    if not free:
        raise AssertionError(f"seat {taker} is to take, but no card is left to it")
    if not free & (free - 1):
        raise AssertionError(f"seat {taker} is to take, but only seat "
                             f"{free.bit_length() - 1}'s card is left to it: the engine "
                             f"makes that take")
    return {token, *taken} - {taker} if taken else set()


def _audit_sheet(state: NdbData) -> None:
    for lines in state.sheet:
        if len(lines) != state.players:
            raise AssertionError("a sheet line per seat is expected")
        for line in lines:
            if line.plus < 0 or line.minus < 0 or line.total != line.plus - line.minus:
                raise AssertionError(f"a sheet line {list(line)} is not plus, minus, "
                                     f"plus - minus")
