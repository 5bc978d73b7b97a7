"""The vector of Nicht die Bohne!'s encoding (:mod:`bohnen.rl.ndb`), written from what a
seat sees (:class:`Seen`: the game's accessor, or the same value read from the view).

**How.** The vector is laid out field after field (``_layout`` of :mod:`bohnen.rl.ndb`);
each field, or each seat's run of a per-seat field, is a short run of float32 values
that is a function of a small value of the seat's view: the phase and the round, a
seat flag (one-hot or a set of seats), a card on the table, a hand, a seat's rows, a
tuple of per-seat numbers. :class:`NdbVector` keeps the bytes of each such run, made
once per value, and a vector is those runs joined and turned into an array in one
step: a few dictionary look-ups and one numpy call per step instead of a numpy call
(and its conversion of a Python list) per field. A hand and a seat's rows are kept by
their identity (the accessor hands out the same tuple while they do not change; the
entry holds the value, so that its ``id`` is not reused while it is kept), and so is
each viewer's block of every seat's rows and row scores, by the identity of the rows
read last; the other
runs by value (the per-seat numbers per viewer and field, by the tuple of values), and
a set of seats is a list index (its bits). Every store is bounded: emptied when full.
A new run is packed by :mod:`struct` (``array("f", ...)`` parses each item as a call's
argument: ten times the instructions). A new run of counts (a hand, a seat's rows) is
written from the run last written for the same seat: the cards counted again, and only
the counts that changed (a card played, a card taken) replaced in the old run's bytes;
packed whole where more than :data:`SPLICES` changed (a new deal, a new round).

The float32 of each value is C's conversion of the double, as numpy's; the vector is
the same, float for float, as one written entry by entry (the recorded digests of
tests/rl and tests/rl/test_seen.py check it over whole games).

**Native.** Where the compiled build carries the native writer
(:mod:`bohnen.rl.ndb_native`, built with Cython), :class:`NdbVector` hands each vector
to it instead: the floats written straight into a new array, with none of the stores
above (the same vector, float for float: tests/rl/test_ndb_vector.py).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Hashable, Sequence
from typing import Final, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from bohnen.rl import ndb_native

Observation = npt.NDArray[np.float32]
FLOAT32: Final = np.dtype(np.float32)

SEATS: Final = 6  # slots per seat field: the most players
HAND_SCALE: Final = 20.0  # the largest hand (60 cards among 3)
ROW_SCALE: Final = 110.0  # a row's highest score: (1 + ... + 10) doubled
SCORE_SCALE: Final = 440.0  # four such rows
# entries of each store by the identity of a position's tuples (a hand, a seat's rows)
# before it is emptied: a step reads again what the last steps made, and every entry kept
# is objects the garbage collector walks again and again (bohnen.ndb.seen says more)
KEEP = 1024  # (not Final: the tests change it)
VALUES_KEEP = 4096  # entries of each store by values (met again across games; the same)
SPLICES: Final = 4  # the most changed counts a run of counts is written from the last one
# the fields in the order the vector lays them (the layout must be this one)
FIELDS: Final = ("phase", "round", "last_round", "hand", "present", "dealer", "token", "taker",
          "to_act", "played", "taken", "own_card", "table", "hand_size", "rows",
          "row_scores", "rows_score", "totals")


class Row(Protocol):
    """A row as the game's accessor gives it."""

    @property
    def cards(self) -> tuple[str, ...]: ...
    @property
    def score(self) -> int: ...


class Seen(Protocol):
    """What the encoding reads of the game's accessor (``Game.seen``: the seat's view's
    fields of the same names, read from the state)."""

    @property
    def seat(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def rounds(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def token(self) -> int: ...
    @property
    def taker(self) -> int | None: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def played(self) -> tuple[int, ...]: ...
    @property
    def taken(self) -> tuple[int, ...]: ...
    @property
    def table(self) -> tuple[str | None, ...]: ...
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def rows(self) -> tuple[tuple[Row, ...], ...]: ...
    @property
    def rows_scores(self) -> tuple[int, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...


# the packer of ``n`` native float32s, by ``n`` (C's conversion of each double, as
# ``array("f")`` and numpy make it; far fewer instructions than ``array``, which parses
# each item as a call's argument)
_PACKS: Final[dict[int, Callable[..., bytes]]] = {}


def floats(values: Sequence[float]) -> bytes:
    """``values`` (floats, or whole numbers) as the bytes of float32s."""
    pack = _PACKS.get(len(values))
    if pack is None:
        pack = _PACKS[len(values)] = struct.Struct(f"{len(values)}f").pack
    return pack(*values)


# the float32 bytes of each count of cards of a kind up to the deck's size (no hand nor
# seat's rows holds more)
_COUNTS: Final = [struct.pack("f", n) for n in range(61)]


class Counted:
    """A run of counts: the kind of each card counted, the count of each kind, and
    their float32 bytes. Never changed once made."""

    def __init__(self, kinds: list[int], counts: list[int], run: bytes) -> None:
        self.kinds: Final = kinds
        self.counts: Final = counts
        self.run: Final = run


def counted(kinds: list[int], width: int, last: Counted | None) -> Counted:
    """The run of the cards of ``kinds`` (each card's kind, from 0 to ``width - 1``),
    written from ``last`` (a run as wide) where at most :data:`SPLICES` counts changed,
    else packed whole (see the module). Only the kinds of the cards counted now or last
    can have changed: they alone are compared."""
    counts = [0] * width
    for k in kinds:
        n: int = counts[k]
        counts[k] = n + 1
    if last is None:
        return Counted(kinds, counts, floats(counts))
    old = last.counts
    run = last.run
    changed = 0
    done = 0  # the bits of the kinds written again
    for k in kinds + last.kinds:
        n = counts[k]
        if n != old[k] and not done >> k & 1:
            done |= 1 << k
            changed += 1
            if changed > SPLICES:
                return Counted(kinds, counts, floats(counts))
            value = _COUNTS[n] if n < len(_COUNTS) else struct.pack("f", n)
            run = b"".join((run[:4 * k], value, run[4 * k + 4:]))
    return Counted(kinds, counts, run)


class NdbVector:
    """The vectors of a ``players``-player game whose cards are ``codes`` (card kind
    ``i`` is ``codes[i]``), with ``colours`` colours (the most rows a seat has), laid out
    as ``fields`` (``(name, size)`` in order: :data:`FIELDS`) (see the module).
    ``native``: write with the native writer where the compiled build carries one
    (:mod:`bohnen.rl.ndb_native`: the same vector, float for float); False, or no native
    writer, writes with this class's own runs."""

    def __init__(self, players: int, codes: Sequence[str], colours: int,
                 fields: Sequence[tuple[str, int]], native: bool = True) -> None:
        if tuple(name for name, _ in fields) != FIELDS:
            raise ValueError("the layout's fields are not the ones the vector writes")
        self.players, self.colours = players, colours
        self.size = sum(size for _, size in fields)
        self._card = {code: i for i, code in enumerate(codes)}
        offsets: dict[str, int] = {}
        at = 0
        for name, size in fields:
            offsets[name] = at
            at += size
        self._native = ndb_native.writer(players, self._card, colours, offsets, self.size,
                                         HAND_SCALE, ROW_SCALE, SCORE_SCALE) if native else None
        width = len(codes)
        self._width = width
        # per viewer: the seat at each relative seat (None past the players), and the
        # relative seat of each seat
        self._seat_at = [[(me + r) % players if r < players else None for r in range(SEATS)]
                         for me in range(players)]
        self._rel = [[(s - me) % players for s in range(players)] for me in range(players)]
        self._one_hot = [floats([float(i == r) for i in range(SEATS)]) for r in range(SEATS)]
        self._no_seat = floats([0.0] * SEATS)
        # the flags of each set of relative seats, by its bits (bit r: relative seat r)
        self._flags = [floats([float(bits >> r & 1) for r in range(SEATS)])
                       for bits in range(1 << SEATS)]
        self._present = floats([float(r < players) for r in range(SEATS)])
        self._no_card = floats([0.0] * width)
        self._card_run = {code: floats([float(i == k) for k in range(width)])
                          for i, code in enumerate(codes)}
        self._no_scores = floats([0.0] * colours)
        self._heads: dict[tuple[str, int, int], bytes] = {}  # by (phase, round, rounds)
        # per viewer, the runs of the hand sizes, the rows' scores and the totals, by values
        self._sizes: list[dict[tuple[int, ...], bytes]] = [{} for _ in range(players)]
        self._scores: list[dict[tuple[int, ...], bytes]] = [{} for _ in range(players)]
        self._totals: list[dict[tuple[int, ...], bytes]] = [{} for _ in range(players)]
        self._hands: dict[int, tuple[tuple[str, ...], bytes]] = {}  # by id of a hand
        self._rows: dict[int, tuple[tuple[Row, ...], bytes, bytes]] = {}  # by id of rows
        # the run of counts written last of each viewer's hand and of each seat's rows
        self._last_hand: list[Counted | None] = [None] * players
        self._last_rows: list[Counted | None] = [None] * players
        # per viewer, its fields ``rows`` and ``row_scores`` of the rows read last (the
        # accessor hands out the same rows while no seat's rows change)
        self._blocks: list[tuple[tuple[tuple[Row, ...], ...], bytes] | None] = [
            None] * players

    def vector(self, seen: Seen) -> Observation:
        """The vector of what ``seen.seat`` sees (see the module)."""
        if self._native is not None:
            written: Observation = self._native.vector(seen)
            return written
        me = seen.seat
        if seen.players != self.players:
            raise ValueError(f"not a view of a {self.players}-player ndb game")
        rel = self._rel[me]
        one_hot = self._one_hot
        taker = seen.taker
        parts = [self._head(seen.phase, seen.round, seen.rounds), self._hand(me, seen.hand),
                 self._present, one_hot[rel[seen.dealer]], one_hot[rel[seen.token]],
                 self._no_seat if taker is None else one_hot[rel[taker]],
                 self._seats(rel, seen.to_act), self._seats(rel, seen.played),
                 self._seats(rel, seen.taken)]
        table, runs, none = seen.table, self._card_run, self._no_card
        seat_at = self._seat_at[me]
        for s in seat_at:  # the own card, then the others' (the table)
            card = None if s is None else table[s]
            parts.append(none if card is None else runs[card])
        parts.append(self._per_seat(self._sizes[me], rel, HAND_SCALE, seen.hand_sizes))
        rows = seen.rows
        block = self._blocks[me]
        if block is None or block[0] is not rows:
            block = self._blocks[me] = (rows, self._rows_block(seat_at, rows))
        parts.append(block[1])
        parts.append(self._per_seat(self._scores[me], rel, SCORE_SCALE, seen.rows_scores))
        parts.append(self._per_seat(self._totals[me], rel, SCORE_SCALE, seen.totals))
        data = b"".join(parts)
        if len(data) != 4 * self.size:
            raise ValueError("what the seat sees does not fit the encoding's layout")
        return np.frombuffer(bytearray(data), FLOAT32)

    def _rows_block(self, seat_at: list[int | None], rows: tuple[tuple[Row, ...], ...]
                    ) -> bytes:
        """The fields ``rows`` and ``row_scores`` of every seat's ``rows``, seen from the
        viewer (``seat_at``: the viewer's)."""
        counts: list[bytes] = []
        scores: list[bytes] = []
        for s in seat_at:  # the cards of each kind in each seat's rows
            if s is None:
                counts.append(self._no_card)
                scores.append(self._no_scores)
            else:
                _, run, row_scores = self._seat_rows(s, rows[s])
                counts.append(run)
                scores.append(row_scores)
        return b"".join(counts + scores)

    def _head(self, phase: str, now: int, rounds: int) -> bytes:
        """``phase`` (one-hot), ``round`` and ``last_round``."""
        key = (phase, now, rounds)
        head = self._heads.get(key)
        if head is None:
            values = [float(phase == name) for name in ("lead", "play", "take", "over")]
            if phase not in ("lead", "play", "take", "over"):
                raise ValueError(f"no phase {phase!r} in ndb")
            head = _kept(self._heads, key, floats([*values, now / rounds,
                                                   float(now == rounds)]))
        return head

    def _seats(self, rel: list[int], seats: tuple[int, ...]) -> bytes:
        """The flags of ``seats`` at their relative seats (``rel``: the viewer's)."""
        bits = 0
        for s in seats:
            bits |= 1 << rel[s]
        return self._flags[bits]

    def _per_seat(self, store: dict[tuple[int, ...], bytes], rel: list[int], scale: float,
                  values: tuple[int, ...]) -> bytes:
        """One value per seat over ``scale``, at its relative seat (``rel`` and ``store``:
        the viewer's, the field's)."""
        run = store.get(values)
        if run is None:
            out = [0.0] * SEATS
            for s, value in enumerate(values):
                out[rel[s]] = value / scale
            run = _kept(store, values, floats(out))
        return run

    def _hand(self, me: int, hand: tuple[str, ...]) -> bytes:
        """The cards of each kind in ``hand``, ``me``'s."""
        kept = self._hands.get(id(hand))
        if kept is None or kept[0] is not hand:
            card = self._card
            run = self._last_hand[me] = counted([card[code] for code in hand], self._width,
                                                self._last_hand[me])
            if len(self._hands) >= KEEP:
                self._hands.clear()
            kept = self._hands[id(hand)] = (hand, run.run)
        return kept[1]

    def _seat_rows(self, seat: int, rows: tuple[Row, ...]) -> tuple[
            tuple[Row, ...], bytes, bytes]:
        """The rows of ``seat``: the cards of each kind in them, and each row's score
        over :data:`ROW_SCALE` (``colours`` values, zeros past its rows)."""
        kept = self._rows.get(id(rows))
        if kept is None or kept[0] is not rows:
            card = self._card
            run = self._last_rows[seat] = counted(
                [card[code] for row in rows for code in row.cards], self._width,
                self._last_rows[seat])
            counts = run.run
            scores = [row.score / ROW_SCALE for row in rows]
            scores += [0.0] * (self.colours - len(scores))
            if len(self._rows) >= KEEP:
                self._rows.clear()
            kept = self._rows[id(rows)] = (rows, counts, floats(scores))
        return kept


K = TypeVar("K", bound=Hashable)


def _kept(store: dict[K, bytes], key: K, run: bytes) -> bytes:
    """``run`` kept in ``store`` under ``key`` (the store emptied first when full)."""
    if len(store) >= VALUES_KEEP:
        store.clear()
    store[key] = run
    return run
