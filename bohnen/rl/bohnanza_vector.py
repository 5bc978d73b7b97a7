"""The vector of the Bohnanza encoding (:mod:`bohnen.rl.bohnanza`): what a seat sees
(:class:`~bohnen.rl.bohnanza_seen.Seen`, the game's accessor or the same value read from
the view) and its own draft as floats, block by block of :data:`BLOCKS`, every value in
[0, 1] (the hand and the draft private).

**Blocks kept by value.** Each block, and each player's row, is a function of a few
values of what the seat sees: the phase, options and table of the game; the discard
pile; the face-up cards; the seats (the observer's, the active one's, those to act, the
floor); a player's public values; the hand; the open proposals as the seat hears them.
:class:`Vectors` keeps the block it made under those very values, as the key of a
dictionary, never under a state, a seat's view or an object's identity, so a block kept
cannot go stale: a key equal to another means the same values, hence the same floats.
Within a turn most of a position stays the same from one step to the next (another seat
to observe, a draft's next id, one field changed), so most blocks are found, and the
vector is the blocks put end to end by one call (:mod:`bohnen.rl.arrays`, as the blocks
are made). Each dictionary holds at most :data:`KEPT` blocks and starts afresh when
full. A block keyed by a seat's own hand or by proposals as the seat hears them is only
ever read for that same hand or those same proposals: what is kept never carries one
seat's secret into another's vector.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from bohnen.rl.arrays import float32_block, float32_joined
from bohnen.rl.bohnanza_seen import PlayerSeen, ProposalSeen, Seen
from bohnen.rl.encoding import Observation
from bohnen.rl.layout import Layout

BEANS: Final = ("BL", "FE", "SA", "BR", "SO", "AU", "RO", "GA")
PHASES: Final = ("plant", "trade", "plant_traded", "over")
KINDS: Final = ("root", "propose", "counter", "accept")
FACE_UP: Final = 2  # face-up cards in phase 2 (combined slots 0 and 1; hand position i is 2 + i)

# The blocks of the vector, in order: (name, size with P players, H hand slots, K offer
# slots; what it holds); each value in [0, 1]. docs/research.md, "Bohnanza encoding",
# has the layout's table (``layout.table()``) at 4 players with the default caps.
BLOCKS = (
    ("phase", "4", "one-hot: plant, trade, plant_traded, over"),
    ("options", "6", "open trading, expert talers, bean protection, two fields of a bean, "
                     "beginner, third field cost / 20"),
    ("table", "8", "turn / 100, planted / 2, draw pile / 104, run-outs one-hot 0 to 3, "
                   "last run-out reached"),
    ("discard", "8", "discard pile: cards of each bean / 20"),
    ("face_up", "16", "the two face-up cards, one-hot bean each"),
    ("seats", "3P", "the active player (one-hot), the seats to act (flags), the floor "
                    "(one-hot; zeros in open trading)"),
    ("players", "47P", "per seat, me first: hand size / 40; 3 fields × (owned, bean "
                       "one-hot, count / 20, talers now / 4); third field; may buy it; "
                       "talers / 40; trade area, cards of each bean / 5; proposals left / 8 "
                       "(1 when unbounded); proposals made / 8"),
    ("hand", "8H + 8", "own hand (private), one-hot bean for positions 0 … H-1 (front "
                       "first), then the whole hand's cards of each bean / 20"),
    ("trading", "3K(2P + 27) + 2", "passes since the last proposal / P; then K rows each of "
                                   "the open proposals to me, mine, and the others' (oldest "
                                   "first): present, from and to (relative one-hot), offered "
                                   "hand beans, offered face-up beans, wanted beans (counts "
                                   "/ 5), talers / T, talers wanted / T; then proposals "
                                   "closed this turn / 20"),
    ("draft", "P + K + H + 17", "own draft only (private): kind (none, propose, counter, "
                                "accept), target (relative one-hot), the slot answered "
                                "(one-hot), the cards given (flags `f0`, `f1`, `h0` …), "
                                "talers given / T, beans wanted / max_wants, talers wanted "
                                "/ T, cancels / (C + 1)"),
)

PRIVATE = ("hand", "draft")  # the blocks only the seat itself knows
PLAYER_ROW: Final = 1 + 3 * 11 + 1 + 1 + 1 + 8 + 1 + 1
KEPT = 4096  # blocks kept per dictionary of :class:`Vectors` before it starts afresh


def layout(players: int, hand_slots: int, offer_slots: int) -> Layout:
    """The vector's blocks (:data:`BLOCKS`) at this player count and these caps, each in
    [0, 1]; the own hand and the own draft are the seat's private ones."""
    p, h, k = players, hand_slots, offer_slots
    sizes = {"phase": len(PHASES), "options": 6, "table": 8, "discard": 8,
             "face_up": FACE_UP * 8, "seats": 3 * p, "players": PLAYER_ROW * p,
             "hand": 8 * h + 8, "trading": 1 + 3 * k * (2 * p + 27) + 1,
             "draft": len(KINDS) + p + k + FACE_UP + h + 1 + 8 + 1 + 1}
    return Layout([(name, sizes[name], 0.0, 1.0,
                    meaning if size.isdigit() else f"{meaning} (size {size})",
                    name in PRIVATE) for name, size, meaning in BLOCKS])


def block(size: int, places: Sequence[int], values: Sequence[float]) -> Observation:
    """A block of ``size`` floats, zero but for ``values`` at ``places`` (each place
    once), within [0, 1] (:func:`bohnen.rl.arrays.float32_block`)."""
    return float32_block(size, places, values)


def keep(kept: dict[object, Observation], key: object, piece: Observation) -> Observation:
    """``piece`` kept in ``kept`` under ``key`` (``kept`` emptied first when full)."""
    if len(kept) >= KEPT:
        kept.clear()
    kept[key] = piece
    return piece


class Vectors:
    """The vectors of one encoding's size (``players`` seats, ``hand_slots`` hand
    positions shown, ``offer_slots`` proposals per group, talers over ``max_talers``),
    each block kept by the values it is made of (see the module), and the encoding's draft
    blocks likewise (``drafts``); pickled without them."""

    def __init__(self, players: int, hand_slots: int, offer_slots: int,
                 max_talers: int) -> None:
        self.players, self.hand_slots = players, hand_slots
        self.offer_slots, self.max_talers = offer_slots, max_talers
        self.trading_size = 1 + 3 * offer_slots * (2 * players + 27) + 1
        self.drafts: dict[object, Observation] = {}  # the encoding's draft blocks
        self._heads: dict[object, Observation] = {}
        self._discards: dict[object, Observation] = {}
        self._face_ups: dict[object, Observation] = {}
        self._seats: dict[object, Observation] = {}
        self._rows: dict[object, Observation] = {}
        self._hands: dict[object, Observation] = {}
        self._tradings: dict[object, Observation] = {}
        # the last value seen and its vector up to the draft (a value handed out again,
        # as the accessor does within a position, is the same object: immutable)
        self._last: Seen | None = None
        self._before_draft = np.zeros(0, np.float32)

    def __reduce__(self) -> tuple[type[Vectors], tuple[int, int, int, int]]:
        """Pickled without what it keeps (kept by value: nothing a vector depends on),
        made again by its constructor (compiled, the default unpickling cannot be)."""
        return Vectors, (self.players, self.hand_slots, self.offer_slots, self.max_talers)

    def vector(self, seen: Seen, draft: Observation) -> Observation:
        """The vector of what a seat sees, ``draft`` its draft block (a new array)."""
        if seen is not self._last:
            self._before_draft = float32_joined(self._parts(seen))
            self._last = seen
        return float32_joined((self._before_draft, draft))

    def _parts(self, seen: Seen) -> list[Observation]:
        """The blocks before the draft, in order."""
        seat, n = seen.seat, self.players
        key: object = (seen.phase, seen.trading_mode, seen.expert_taler_trading,
                       seen.bean_protection, seen.same_bean_in_two_fields, seen.beginner,
                       seen.third_field_cost, seen.turn, seen.planted, seen.draw_pile_size,
                       seen.runouts, seen.last_runout_reached)
        head = self._heads.get(key)
        if head is None:
            head = keep(self._heads, key, _head(seen))
        discard = self._discards.get(seen.discard)
        if discard is None:
            discard = keep(self._discards, seen.discard, block(8, *_counts(0, seen.discard, 20)))
        face_up = self._face_ups.get(seen.face_up)
        if face_up is None:
            face_up = keep(self._face_ups, seen.face_up,
                            block(8 * FACE_UP, *_slots(0, seen.face_up, FACE_UP)))
        key = (seat, seen.active, seen.to_act, seen.floor)
        seats = self._seats.get(key)
        if seats is None:
            seats = keep(self._seats, key, _seats(seen, seat, n))
        parts = [head, discard, face_up, seats]
        players, rows = seen.players, self._rows
        for r in range(n):
            p = players[(seat + r) % n]
            row = rows.get(p)
            parts.append(keep(rows, p, _player(p)) if row is None else row)
        hand = self._hands.get(seen.hand)
        if hand is None:
            hand = keep(self._hands, seen.hand, self._hand(seen.hand))
        key = (seat, seen.proposals, seen.passes_since_proposal, seen.closed)
        trading = self._tradings.get(key)
        if trading is None:
            trading = keep(self._tradings, key, self._trading(seen, seat))
        parts += (hand, trading)
        return parts

    def _hand(self, hand: Sequence[str]) -> Observation:
        h = self.hand_slots
        places, values = _slots(0, hand, h)
        more = _counts(8 * h, hand, 20)
        return block(8 * h + 8, places + more[0], values + more[1])

    def _trading(self, seen: Seen, seat: int) -> Observation:
        """The open proposals to the seat, its own and the others' (oldest first, up to
        ``offer_slots`` of each), between the passes and the closed proposals."""
        n, k = self.players, self.offer_slots
        props = sorted(seen.proposals, key=lambda p: p.pid)
        groups = ([p for p in props if p.to == seat], [p for p in props if p.proposer == seat],
                  [p for p in props if seat not in (p.to, p.proposer)])
        places, values = [0], [seen.passes_since_proposal / n]
        row = 2 * n + 27
        for g, group in enumerate(groups):
            for i, proposal in enumerate(group[:k]):
                self._offer_row(1 + (g * k + i) * row, proposal, seat, places, values)
        places.append(1 + 3 * k * row)
        values.append(seen.closed / 20)
        return block(self.trading_size, places, values)

    def _offer_row(self, at: int, p: ProposalSeen, seat: int, places: list[int],
                   values: list[float]) -> None:
        n, t = self.players, self.max_talers
        beans = at + 1 + 2 * n
        places += (at, at + 1 + (p.proposer - seat) % n, at + 1 + n + (p.to - seat) % n,
                   beans + 24, beans + 25)
        values += (1.0, 1.0, 1.0, p.talers / t, p.wants_talers / t)
        for start, codes in ((beans, p.hand_beans), (beans + 8, p.face_up_beans),
                             (beans + 16, p.wants)):
            more = _counts(start, codes, 5)
            places += more[0]
            values += more[1]


def _head(seen: Seen) -> Observation:
    """The phase (one-hot), the options and the table: the vector's first 18 floats."""
    phase = [0.0] * len(PHASES)
    phase[PHASES.index(seen.phase)] = 1.0
    runouts = [0.0] * 4
    if 0 <= seen.runouts < 4:
        runouts[seen.runouts] = 1.0
    return block(18, range(18), [
        *phase, float(seen.trading_mode == "open"), float(seen.expert_taler_trading),
        float(seen.bean_protection), float(seen.same_bean_in_two_fields),
        float(seen.beginner), seen.third_field_cost / 20,
        seen.turn / 100, seen.planted / 2, seen.draw_pile_size / 104, *runouts,
        float(bool(seen.last_runout_reached))])


def _seats(seen: Seen, seat: int, n: int) -> Observation:
    """The active seat (one-hot), the seats to act (flags) and the floor (one-hot),
    relative to ``seat``."""
    places = [(seen.active - seat) % n]
    places += sorted({n + (s - seat) % n for s in seen.to_act})
    floor = seen.floor
    if floor is not None:
        places.append(2 * n + (floor - seat) % n)
    return block(3 * n, places, [1.0] * len(places))


def _player(p: PlayerSeen) -> Observation:
    """A player's row (:data:`PLAYER_ROW` long): hand size, three fields (there? bean,
    count, talers), third field, may buy it, talers, trade area, proposals."""
    places: list[int] = []
    values: list[float] = []
    for i, f in enumerate(p.fields[:3]):
        start = 1 + 11 * i
        places.append(start)
        values.append(1.0)
        if f.bean is not None:  # an empty field has no bean, count or talers
            places += (start + 1 + bean(f.bean), start + 9, start + 10)
            values += (1.0, f.beans / 20, f.talers / 4)
    left = p.proposals_left
    places += (0, 34, 35, 36, 45, 46)
    values += (p.hand_size / 40, float(p.third_field), float(p.may_buy_third_field),
               p.talers / 40, 1.0 if left is None else left / 8, p.proposals_made / 8)
    more = _counts(37, p.trade_area, 5)
    return block(PLAYER_ROW, places + more[0], values + more[1])


def _counts(at: int, codes: Sequence[str], scale: int) -> tuple[list[int], list[float]]:
    """The beans of ``codes`` counted (over :data:`BEANS`, divided by ``scale``): the
    places (from ``at``) and values of the beans present."""
    counted: dict[str, int] = {}
    for code in codes:
        counted[code] = counted.get(code, 0) + 1
    return ([at + bean(code) for code in counted],
            [count / scale for count in counted.values()])


def _slots(at: int, codes: Sequence[str], slots: int) -> tuple[list[int], list[float]]:
    """The first ``slots`` beans of ``codes``, each one-hot over the beans."""
    width = len(BEANS)
    places = [at + width * i + bean(code) for i, code in enumerate(codes[:slots])]
    return places, [1.0] * len(places)


_BEAN_INDEX: Final = {code: i for i, code in enumerate(BEANS)}


def bean(code: str) -> int:
    """The bean's place in :data:`BEANS` (``ValueError`` for an unknown code)."""
    index = _BEAN_INDEX.get(code)
    if index is None:
        raise ValueError(f"{code!r} is not a bean")
    return index

