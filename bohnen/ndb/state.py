"""The state of Nicht die Bohne!: hands, the trick on the table, rows, the score sheet.

A trick: the token holder plays a card face up; every other player plays one face
down, all at once (the engine takes them in any order, and no view shows a face-down
card to another seat before the reveal); then the chain of taking. The token holder
takes any other player's card; the player whose card was taken takes next, never
their own card nor the token holder's; the last player takes the token holder's card
and the token, and leads the next trick. A take with only one possible card is made
by the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bohnen.core.errors import IllegalActionError, InvalidActionError
from bohnen.core.files import excerpt
from bohnen.core.inputs import shown
from bohnen.core.result import Result
from bohnen.core.rng import step
from bohnen.ndb import events as E
from bohnen.ndb.actions import Play, Take
from bohnen.ndb.cards import CARD_IDS, HAND_SIZE, full_deck
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.scoring import SheetLine, sheet_line

LEAD, PLAY, TAKE, OVER = 0, 1, 2, 3
PHASE_NAMES = ("lead", "play", "take", "over")
NONE = -1
_new = tuple.__new__  # events built without a Python-level call


class NdbState:
    """A position of Nicht die Bohne!. Change it only through :meth:`apply`."""

    __slots__ = ("dealer", "hands", "leader", "n", "options", "phase", "rng", "round",
                 "rows", "sheet", "table", "taken", "taker", "turn")

    options: NdbOptions
    n: int
    rng: int
    round: int  # 0-based round ("manche") being played
    dealer: int
    leader: int  # the token holder
    phase: int
    hands: list[tuple[int, ...]]  # sorted by colour
    table: list[int]  # per seat, the card played in this trick, or NONE
    taken: int  # bit per seat whose card has been taken in this trick
    taker: int  # the seat to take next
    rows: list[tuple[int, ...]]  # per seat, the cards taken this round, in order
    sheet: list[tuple[SheetLine, ...]]  # per finished round, a line per seat
    turn: int  # tricks begun in the whole game

    def clone(self) -> NdbState:
        c = object.__new__(NdbState)
        c.options = self.options
        c.n = self.n
        c.rng = self.rng
        c.round = self.round
        c.dealer = self.dealer
        c.leader = self.leader
        c.phase = self.phase
        c.hands = self.hands[:]
        c.table = self.table[:]
        c.taken = self.taken
        c.taker = self.taker
        c.rows = self.rows[:]
        c.sheet = self.sheet[:]
        c.turn = self.turn
        return c

    # --- the protocol -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == LEAD:
            return (self.leader,)
        if phase == PLAY:
            return tuple([s for s, card in enumerate(self.table) if card == NONE])
        if phase == TAKE:
            return (self.taker,)
        return ()

    def legal_actions(self, seat: int) -> list[Any]:
        phase = self.phase
        if phase == OVER or not 0 <= seat < self.n:
            return []
        if phase == TAKE:
            if seat != self.taker:
                return []
            return list(TAKE_SETS[seat][self._free()])
        if (phase == LEAD and seat != self.leader) or (phase == PLAY and self.table[seat] != NONE):
            return []
        # Each distinct card once (the three "–" of a colour are one action).
        return list(map(PLAYS[seat].__getitem__, dict.fromkeys(self.hands[seat])))

    def any_time_actions(self, seat: int) -> list[Any]:
        return []  # nothing is played out of turn in this game

    def proposals(self, seat: int) -> Sequence[Any]:
        return ()  # no negotiation in this game

    def check(self, action: Any) -> None:
        kind = type(action)
        if kind is not Play and kind is not Take:
            raise InvalidActionError(f"{excerpt(action)} is not a Nicht die Bohne action")
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.n:
            raise InvalidActionError(f"{shown(action)}: "
                                     f"no seat {excerpt(seat)} in a {self.n}-player game")
        if self.phase == OVER:
            raise self._illegal(action, "the game is over")
        if kind is Play:
            self._check_play(action)
        else:
            self._check_take(action)

    def apply(self, action: Any) -> list[Any]:
        events: list[Any] = []
        if type(action) is Play:
            seat, card = action.seat, action.card
            # The checks of a legal play, inlined; anything else goes through check().
            if not (type(seat) is int and 0 <= seat < self.n and type(card) is int
                    and ((self.phase == LEAD and seat == self.leader)
                         or (self.phase == PLAY and self.table[seat] == NONE))
                    and card in self.hands[seat]):
                self.check(action)  # raises with the reason
            self._play(seat, card, events)
        else:
            taker: Any = getattr(action, "seat", None)
            owner: Any = getattr(action, "owner", None)
            # The checks of a legal take, inlined; anything else goes through check().
            if not (type(action) is Take and self.phase == TAKE and type(taker) is int
                    and taker == self.taker
                    and type(owner) is int and 0 <= owner < self.n
                    and self._free() >> owner & 1):
                self.check(action)  # raises with the reason
            self._take(taker, owner, events)
            self._forced_takes(events)
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        from bohnen.ndb.views import view

        return view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> NdbState:
        from bohnen.ndb.determinize import determinize

        return determinize(self, seat, rng)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalActionError("the game is not over: no result yet")
        scores = self.totals()
        best = max(scores)
        winners = tuple(s for s in range(self.n) if scores[s] == best)
        return Result(scores, winners, f"{len(self.sheet)} rounds played")

    def to_json(self) -> dict[str, Any]:
        from bohnen.ndb.serialize import state_to_json

        return state_to_json(self)

    def audit(self) -> None:
        from bohnen.ndb.audit import audit

        audit(self)

    def totals(self) -> tuple[int, ...]:
        """Each seat's total of the "Summe" column over the finished rounds."""
        return tuple(sum(lines[s].total for lines in self.sheet) for s in range(self.n))

    def __repr__(self) -> str:
        return (f"<NdbState round {self.round + 1} trick {self.turn} "
                f"{PHASE_NAMES[self.phase]} token {self.leader}>")

    # --- checks -----------------------------------------------------------------------

    def _illegal(self, action: Any, reason: str) -> IllegalActionError:
        return IllegalActionError(f"seat {action.seat}: {shown(action)} is illegal: {reason}")

    def _check_play(self, action: Play) -> None:
        seat, card = action.seat, action.card
        if type(card) is not int or not 0 <= card < CARD_IDS:
            raise InvalidActionError(f"{shown(action)}: no card {excerpt(card)}")
        if self.phase == TAKE:
            raise self._illegal(action, f"the cards are being taken (seat {self.taker}'s turn)")
        if self.phase == LEAD and seat != self.leader:
            raise self._illegal(action, f"seat {self.leader} holds the token and plays first")
        if self.phase == PLAY and self.table[seat] != NONE:
            raise self._illegal(action, "the seat has played its card in this trick")
        if card not in self.hands[seat]:
            raise self._illegal(action, "the card is not in the seat's hand")

    def _check_take(self, action: Take) -> None:
        seat, owner = action.seat, action.owner
        if type(owner) is not int or not 0 <= owner < self.n:
            raise InvalidActionError(f"{shown(action)}: no seat {excerpt(owner)} to take from")
        if self.phase != TAKE:
            raise self._illegal(action, "cards are taken once all are played and turned up")
        if seat != self.taker:
            raise self._illegal(action, f"it is seat {self.taker}'s turn to take")
        if owner == seat:
            raise self._illegal(action, "nobody takes back their own card")
        if owner == self.leader:
            raise self._illegal(action, "the token holder's card goes to the last player")
        if self.taken >> owner & 1:
            raise self._illegal(action, f"seat {owner}'s card has been taken already")

    # --- the flow ---------------------------------------------------------------------

    def _free(self) -> int:
        """Bit per seat whose card the taker may take now (not its own, not the token's)."""
        return ~(self.taken | 1 << self.taker | 1 << self.leader) & ((1 << self.n) - 1)

    def _play(self, seat: int, card: int, events: list[Any]) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        self.hands[seat] = hand[:i] + hand[i + 1:]
        self.table[seat] = card
        if self.phase == LEAD:
            events.append(_new(E.Led, (seat, card)))
            self.phase = PLAY
            return
        events.append(_new(E.PlayedFaceDown, (seat, card)))
        if NONE not in self.table:
            events.append(_new(E.Revealed, (tuple(self.table),)))
            self.phase = TAKE
            self.taker = self.leader
            self.taken = 0

    def _take(self, seat: int, owner: int, events: list[Any]) -> None:
        card = self.table[owner]
        self.rows[seat] += (card,)
        self.taken |= 1 << owner
        self.taker = owner
        events.append(_new(E.Took, (seat, owner, card, False)))

    def _forced_takes(self, events: list[Any]) -> None:
        """Takes with a single possible card, then the token card and the next trick."""
        while True:
            free = self._free()
            if not free:
                break
            if free & (free - 1):
                return  # a choice of two cards or more: the taker chooses
            self._take(self.taker, free.bit_length() - 1, events)
        seat, leader = self.taker, self.leader
        card = self.table[leader]
        self.rows[seat] += (card,)
        events.append(_new(E.Took, (seat, leader, card, True)))
        self.leader = seat
        self.table = [NONE] * self.n
        self.taken = 0
        if self.hands[seat]:
            self.phase = LEAD
            self.turn += 1
        else:
            self._end_round(events)

    def _end_round(self, events: list[Any]) -> None:
        lines = tuple(sheet_line(self.rows[s]) for s in range(self.n))
        self.sheet.append(lines)
        events.append(_new(E.RoundScored, (self.round + 1, lines)))
        if len(self.sheet) == self.options.rounds:
            self.phase = OVER
            result = self.result()
            events.append(_new(E.GameEnded, (result.scores, result.winners)))
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        shuffler, self.rng = step(self.rng)
        deck = full_deck()
        shuffler.shuffle(deck)
        self.turn += 1
        deal(self, deck, events)


def deal(state: NdbState, deck: Sequence[int], events: list[Any]) -> None:
    """Deal the whole ``deck`` (top first) one card at a time from the dealer's left."""
    n = state.n
    size = HAND_SIZE[n]
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(size * n):
        hands[(state.dealer + 1 + i) % n].append(deck[i])
    state.hands = [tuple(sorted(h)) for h in hands]
    state.rows = [() for _ in range(n)]
    state.table = [NONE] * n
    state.taken = 0
    state.leader = state.taker = (state.dealer + 1) % n
    state.phase = LEAD
    events.append(_new(E.RoundStarted, (state.round + 1, state.dealer, state.leader)))
    for seat in range(n):
        events.append(_new(E.Dealt, (seat, state.hands[seat])))


def new_state(options: NdbOptions, rng: int, deck: Sequence[int]) -> NdbState:
    """Round 1: seat ``players - 1`` deals, so seat 0 (left of the dealer) leads."""
    s = object.__new__(NdbState)
    s.options = options
    s.n = options.players
    s.rng = rng
    s.round = 0
    s.dealer = s.n - 1
    s.sheet = []
    s.turn = 1
    deal(s, deck, [])
    return s


PLAYS = [[Play(s, c) for c in range(CARD_IDS)] for s in range(6)]
# TAKE_SETS[seat][mask]: the takes of ``seat`` from the seats whose bits are in ``mask``.
TAKE_SETS = [[tuple(Take(s, o) for o in range(6) if mask >> o & 1) for mask in range(64)]
             for s in range(6)]
