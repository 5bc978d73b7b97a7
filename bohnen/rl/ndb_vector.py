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
entry holds the value, so that its ``id`` is not reused while it is kept); the other
runs by value (the per-seat numbers per viewer and field, by the tuple of values), and
a set of seats is a list index (its bits). Every store is bounded: emptied when full.
A new run is packed by :mod:`struct` (``array("f", ...)`` parses each item as a call's
argument: ten times the instructions).

The float32 of each value is C's conversion of the double, as numpy's; the vector is
the same, float for float, as one written entry by entry (the recorded digests of
tests/rl and tests/rl/test_seen.py check it over whole games).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Final, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

Observation = npt.NDArray[np.float32]
FLOAT32: Final = np.dtype(np.float32)

SEATS: Final = 6  # slots per seat field: the most players
HAND_SCALE: Final = 20.0  # the largest hand (60 cards among 3)
ROW_SCALE: Final = 110.0  # a row's highest score: (1 + ... + 10) doubled
SCORE_SCALE: Final = 440.0  # four such rows
KEEP = 4096  # entries of each store before it is emptied (not Final: the tests change it)
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


class NdbVector:
    """The vectors of a ``players``-player game whose cards are ``codes`` (card kind
    ``i`` is ``codes[i]``), with ``colours`` colours (the most rows a seat has), laid out
    as ``fields`` (``(name, size)`` in order: :data:`FIELDS`) (see the module)."""

    def __init__(self, players: int, codes: Sequence[str], colours: int,
                 fields: Sequence[tuple[str, int]]) -> None:
        if tuple(name for name, _ in fields) != FIELDS:
            raise ValueError("the layout's fields are not the ones the vector writes")
        self.players, self.colours = players, colours
        self.size = sum(size for _, size in fields)
        self._card = {code: i for i, code in enumerate(codes)}
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

    def vector(self, seen: Seen) -> Observation:
        """The vector of what ``seen.seat`` sees (see the module)."""
        me = seen.seat
        if seen.players != self.players:
            raise ValueError(f"not a view of a {self.players}-player ndb game")
        rel = self._rel[me]
        one_hot = self._one_hot
        taker = seen.taker
        parts = [self._head(seen.phase, seen.round, seen.rounds), self._hand(seen.hand),
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
        scores = []
        for s in seat_at:  # the cards of each kind in each seat's rows
            if s is None:
                parts.append(none)
                scores.append(self._no_scores)
            else:
                _, counts, row_scores = self._seat_rows(rows[s])
                parts.append(counts)
                scores.append(row_scores)
        parts += scores
        parts.append(self._per_seat(self._scores[me], rel, SCORE_SCALE, seen.rows_scores))
        parts.append(self._per_seat(self._totals[me], rel, SCORE_SCALE, seen.totals))
        data = b"".join(parts)
        if len(data) != 4 * self.size:
            raise ValueError("what the seat sees does not fit the encoding's layout")
        return np.frombuffer(bytearray(data), FLOAT32)

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

    def _hand(self, hand: tuple[str, ...]) -> bytes:
        """The cards of each kind in ``hand``."""
        kept = self._hands.get(id(hand))
        if kept is None or kept[0] is not hand:
            if len(self._hands) >= KEEP:
                self._hands.clear()
            kept = self._hands[id(hand)] = (hand, self._count_run(hand))
        return kept[1]

    def _seat_rows(self, rows: tuple[Row, ...]) -> tuple[tuple[Row, ...], bytes, bytes]:
        """A seat's rows: the cards of each kind in them, and each row's score over
        :data:`ROW_SCALE` (``colours`` values, zeros past its rows)."""
        kept = self._rows.get(id(rows))
        if kept is None or kept[0] is not rows:
            counts = self._count_run([c for row in rows for c in row.cards])
            scores = [row.score / ROW_SCALE for row in rows]
            scores += [0.0] * (self.colours - len(scores))
            if len(self._rows) >= KEEP:
                self._rows.clear()
            kept = self._rows[id(rows)] = (rows, counts, floats(scores))
        return kept

    def _count_run(self, cards: Iterable[str]) -> bytes:
        """The cards of each kind in ``cards``, as float32s."""
        counts = [0] * self._width
        card = self._card
        for code in cards:
            counts[card[code]] += 1
        return floats(counts)


K = TypeVar("K", bound=Hashable)


def _kept(store: dict[K, bytes], key: K, run: bytes) -> bytes:
    """``run`` kept in ``store`` under ``key`` (the store emptied first when full)."""
    if len(store) >= KEEP:
        store.clear()
    store[key] = run
    return run
