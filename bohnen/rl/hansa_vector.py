"""The vector of the Bohn Hansa encoding (:mod:`bohnen.rl.hansa`): a seat's view, and
its own deal under way, as floats, field by field of a :class:`~bohnen.rl.layout.Layout`
(every value in [0, 1]; the hand and the deal private). The fields and what each
float means are the layout's table (``HansaVector(...).layout.table()``), which
docs/research.md shows."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeVar, cast

import numpy as np

from bohnen.rl.encoding import Observation
from bohnen.rl.hansa_seen import CitySeen, ContractSeen, PendingSeen, PileSeen, PlayerSeen, Seen
from bohnen.rl.layout import Layout

MAX_PLAYERS: Final = 5
TRAVEL_CARDS: Final = 7
PHASES: Final = ("setup", "travel", "customs", "trade", "final", "closing", "over")
JSON = dict[str, object]
KEPT: Final = 2048  # pieces of vectors kept per kind (see _Kept)
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Board:
    """The facts of a board the sizes come from (read from a view's ``board``)."""

    beans: tuple[str, ...]
    cities: tuple[str, ...]
    slots: int
    storage: int

    @staticmethod
    def of(board: object) -> Board:
        data = cast(JSON, board)
        beans = tuple(str(cast(JSON, b)["code"]) for b in cast(list[object], data["beans"]))
        cities = [cast(JSON, c) for c in cast(list[object], data["cities"])]
        slots = max(len(cast(list[object], c["ladder"])) for c in cities)
        return Board(beans, tuple(str(c["code"]) for c in cities), slots,
                     cast(int, data["storage"]))

    def __reduce__(self) -> tuple[type[Board], tuple[object, ...]]:
        """Pickled by its fields (compiled, a frozen dataclass's own unpickling refuses
        to set them)."""
        return Board, (self.beans, self.cities, self.slots, self.storage)


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal being composed: to whom (``pid`` for a counter), whether it may be
    submitted empty (an invitation), the three sides so far (bean indices, each
    non-decreasing)."""

    to: int
    pid: int | None
    empty: bool = False
    give: tuple[int, ...] = ()
    want: tuple[int, ...] = ()
    buy: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[type[Deal], tuple[object, ...]]:
        """Pickled by its fields (as :class:`Board`)."""
        return Deal, (self.to, self.pid, self.empty, self.give, self.want, self.buy)


class HansaVector:
    """The vector of a board at ``players`` seats, with ``hand_slots`` hand cards and
    ``table_slots`` contracts of the journey's table shown."""

    def __init__(self, players: int, board: Board, hand_slots: int, table_slots: int) -> None:
        self.players, self.board = players, board
        self.hand_slots, self.table_slots = hand_slots, table_slots
        beans, cities = len(board.beans), len(board.cities)
        self.widths = {"player": 1 + cities + 2 + beans + 1 + TRAVEL_CARDS + 4,
                       "card": 3 + TRAVEL_CARDS + 2 + cities + beans + 1,
                       "contract": 1 + cities + beans + 1,
                       "city": 2 * beans + 1 + board.slots * (beans + 1)}
        self.layout = self._layout()
        self._offsets = {f.name: f.offset for f in self.layout.fields}
        self._slices = {f.name: f.slice for f in self.layout.fields}
        self._city_index = index_of(board.cities)
        self._bean_index = index_of(board.beans)
        self._kept = _Kept()

    def _layout(self) -> Layout:
        beans, cities, slots = len(self.board.beans), len(self.board.cities), self.board.slots
        w, seats = self.widths, MAX_PLAYERS
        return Layout([
            ("phase", len(PHASES), 0, 1, f"one-hot: {', '.join(PHASES)}"),
            ("active", seats, 0, 1, "relative one-hot: the active player"),
            ("to_act", seats, 0, 1, "relative: the seats the game waits on"),
            ("floor", seats, 0, 1, "relative one-hot: the floor (in the trade phase only)"),
            ("last_seat", seats, 0, 1, "relative one-hot: the seat whose turn ends the last round"),
            ("counters", len(COUNTERS), 0, 1,
             "turn / 40, last round, contract pile / 60, contract discard / 60, Neue-Ernte "
             "pile / 10, reserve / 2, cards placed / 10, the trigger drawn, customs due / "
             "20, price slot / 6, passes / 5"),
            ("players", seats * w["player"], 0, 1,
             f"per seat, {w['player']}: present, city one-hot ({cities}), money / 200, "
             f"loans / 10, beans ({beans}, / {self.board.storage}), hand size / "
             f"{self.hand_slots}, travel cards discarded for good (flags T1 … "
             f"T{TRAVEL_CARDS}), Neue-Ernte cards waiting / 2, proposals made / 8, left / "
             "8, still to close"),
            ("hand", self.hand_slots * w["card"], 0, 1,
             f"own hand in order, {w['card']} a card: present, travel, contract; travel "
             f"number one-hot ({TRAVEL_CARDS}), Zoll, Nachschub; contract city one-hot "
             f"({cities}), beans ({beans}, / 3), payout / 80", True),
            ("table", self.table_slots * w["contract"], 0, 1,
             f"the journey's contracts, {w['contract']} each: present, city, beans, payout"),
            ("played", TRAVEL_CARDS, 0, 1, "travel cards awaiting the customs (flags)"),
            ("distances", cities, 0, 1, "route steps from my city to each city / 8"),
            ("cities", cities * w["city"], 0, 1,
             f"per city, {w['city']}: prices now ({beans}, / 20; 0 where not sold), beans "
             f"sold (flags), free slot / {slots + 1}, {slots} slots × (bean one-hot, "
             "count / 4)"),
            ("supply", beans, 0, 1, "tokens of each bean / 18"),
            ("pending", 1 + 3 * seats + 1 + 3 * beans, 0, 1,
             "the pending proposal: present, from, to, guest (relative one-hots), "
             "invitation, what the active player gives, the guest gives, the active "
             "player buys (counts / 4)"),
            ("draft", 2 + seats + 3 * beans, 0, 1,
             "own draft: propose, counter, target (relative one-hot), beans given, wanted, "
             "bought (counts / 4)", True),
        ])

    def observe(self, seen: Seen, deal: Deal | None) -> Observation:
        """What the seat sees as the vector, its own deal under way (None: none) included
        (the board and the player count checked by the encoding): the non-zero floats
        of the small fields by place, and the large ones (a seat's row, the hand, the
        table, the distances, the cities) as pieces kept per value (:class:`_Kept`)."""
        me, n = seen.seat, self.players
        o = self._offsets
        at: list[int] = [o["phase"] + PHASES.index(seen.phase),
                         o["active"] + (seen.active - me) % n]
        values: list[float] = [1.0, 1.0]
        one = self._seat_hot
        one(at, values, o["to_act"], seen.to_act, me)
        if seen.phase == "trade":
            one(at, values, o["floor"], (seen.floor,), me)
        if seen.last_seat is not None:
            one(at, values, o["last_seat"], (seen.last_seat,), me)
        _dense(at, values, o["counters"], _counters(seen))
        _travel_hot(at, values, o["played"], seen.played)
        _dense(at, values, o["supply"], [_scale(c, 18) for c in seen.supply])
        self._pending(at, values, seen.pending, me)
        if deal is not None:
            self._draft_block(at, values, deal, me)
        out = np.zeros(self.layout.size, dtype=np.float32)
        out[at] = values
        kept = self._kept
        width, base = self.widths["player"], o["players"]
        players, closing = seen.players, seen.closing
        for r in range(n):
            s = (me + r) % n
            out[base + r * width:base + (r + 1) * width] = kept.get(
                "player", (players[s], s in closing), self._player)
        contracts = seen.contracts
        hand = (seen.hand[:self.hand_slots], seen.zoll, seen.nachschub, contracts)
        out[self._slices["hand"]] = kept.get("hand", hand, self._hand)
        out[self._slices["table"]] = kept.get(
            "table", (seen.table[:self.table_slots], contracts), self._table)
        here = seen.board.cities.index(seen.players[me].city)
        out[self._slices["distances"]] = kept.get(
            "distances", seen.board.distances[here], _distances)
        out[self._slices["cities"]] = kept.get("cities", (seen.cities, seen.ladders),
                                               self._cities)
        return out

    def _seat_hot(self, at: list[int], values: list[float], base: int,
                  seats: tuple[int, ...], me: int) -> None:
        """Relative flags: the seats, each counted from ``me``."""
        for s in seats:
            at.append(base + (s - me) % self.players)
            values.append(1.0)

    def _player(self, key: tuple[PlayerSeen, bool]) -> list[float]:
        """A seat's row (of what everybody sees of it, and whether it still closes)."""
        p, closes = key
        return [1.0, *_one_hot(self._city_index[p.city], len(self.board.cities)),
                _scale(p.money, 200), _scale(p.loans, 10),
                *[_scale(count, self.board.storage) for count in p.beans],
                _scale(p.hand_size, self.hand_slots), *_travel_flags(p.waste),
                _scale(len(p.harvest_before), 2), _scale(p.proposals_made, 8),
                _scale(p.proposals_left, 8), 1.0 if closes else 0.0]

    def _hand(self, key: tuple[tuple[str, ...], str, str, tuple[ContractSeen, ...]]
              ) -> list[float]:
        """The hand's cards in order (its first ``hand_slots``), then zeros."""
        hand, zoll, nachschub, contracts = key
        facts = {c.card: c for c in contracts}
        out: list[float] = []
        for card in hand:
            if card.startswith("T"):
                out += [1.0, 1.0, 0.0, *_one_hot(int(card[1:]) - 1, TRAVEL_CARDS),
                        float(card == zoll), float(card == nachschub),
                        *[0.0] * (self.widths["contract"] - 1)]
            else:
                out += [1.0, 0.0, 1.0, *[0.0] * (TRAVEL_CARDS + 2),
                        *self._contract(facts[card])]
        return out + [0.0] * (self.widths["card"] * (self.hand_slots - len(hand)))

    def _contract(self, contract: ContractSeen) -> list[float]:
        """A contract's city, beans and payout."""
        index = self._bean_index
        counts = [0] * len(self.board.beans)
        for code in contract.beans:
            counts[index[code]] += 1
        return [*_one_hot(self._city_index[contract.city], len(self.board.cities)),
                *[_scale(c, 3) for c in counts], _scale(contract.payout, 80)]

    def _table(self, key: tuple[tuple[str, ...], tuple[ContractSeen, ...]]) -> list[float]:
        """The journey's contracts in order (its first ``table_slots``), then zeros."""
        table, contracts = key
        facts = {c.card: c for c in contracts}
        out: list[float] = []
        for card in table:
            out += [1.0, *self._contract(facts[card])]
        return out + [0.0] * (self.widths["contract"] * (self.table_slots - len(table)))

    def _cities(self, key: tuple[tuple[CitySeen, ...], tuple[tuple[PileSeen | None, ...], ...]]
                ) -> list[float]:
        """Each city's prices, beans sold, free slot and ladder."""
        cities, ladders = key
        out: list[float] = []
        for city, ladder in zip(cities, ladders, strict=True):
            out += [0.0 if price is None else _scale(price, 20) for price in city.prices]
            out += [0.0 if price is None else 1.0 for price in city.prices]
            out.append(_scale(city.free_slot, self.board.slots + 1))
            out += self._ladder(ladder)
        return out

    def _ladder(self, ladder: tuple[PileSeen | None, ...]) -> list[float]:
        """Each slot from the bottom: its pile's bean (one-hot) and count; zeros if empty."""
        beans = len(self.board.beans)
        width = beans + 1
        index = self._bean_index
        out = [0.0] * (self.board.slots * width)
        for slot, pile in enumerate(ladder[:self.board.slots]):
            if pile is not None:
                out[slot * width + index[pile.bean]] = 1.0
                out[slot * width + beans] = _scale(pile.beans, 4)
        return out

    def _bean_list(self, at: list[int], values: list[float], base: int,
                   beans: tuple[str, ...], top: int) -> None:
        """How many of each bean ``beans`` holds (by place in the board's order) / top."""
        index = self._bean_index
        counted: dict[int, int] = {}
        for code in beans:
            counted[index[code]] = counted.get(index[code], 0) + 1
        for b, count in counted.items():
            at.append(base + b)
            values.append(_scale(count, top))

    def _pending(self, at: list[int], values: list[float], p: PendingSeen | None,
                 me: int) -> None:
        if p is None:
            return
        base = self._offsets["pending"]
        at.append(base)
        values.append(1.0)
        for k, s in enumerate((p.proposer, p.to, p.guest)):
            self._seat_hot(at, values, base + 1 + k * MAX_PLAYERS, (s,), me)
        start = base + 1 + 3 * MAX_PLAYERS
        if p.invite:
            at.append(start)
            values.append(1.0)
        beans = len(self.board.beans)
        for k, side in enumerate((p.active_gives, p.guest_gives, p.active_buys)):
            self._bean_list(at, values, start + 1 + k * beans, side, 4)

    def _draft_block(self, at: list[int], values: list[float], deal: Deal, me: int) -> None:
        base = self._offsets["draft"]
        at.append(base if deal.pid is None else base + 1)
        values.append(1.0)
        self._seat_hot(at, values, base + 2, (deal.to,), me)
        beans = len(self.board.beans)
        for k, side in enumerate((deal.give, deal.want, deal.buy)):
            start = base + 2 + MAX_PLAYERS + k * beans
            for b in sorted(set(side)):
                at.append(start + b)
                values.append(_scale(side.count(b), 4))


COUNTERS: Final = ("turn", "last_round", "contract_pile_size", "contract_discard",
            "harvest_pile_size", "harvest_reserve_size", "harvest_discard", "trigger",
            "customs_due", "price_slot", "passes")


def _counters(seen: Seen) -> list[float]:
    return [_scale(seen.turn, 40), float(seen.last_round),
            _scale(seen.contract_pile_size, 60), _scale(len(seen.contract_discard), 60),
            _scale(seen.harvest_pile_size, 10), _scale(seen.harvest_reserve_size, 2),
            _scale(len(seen.harvest_discard), 10), float(seen.trigger is not None),
            _scale(seen.customs_due, 20), _scale(seen.price_slot, 6), _scale(seen.passes, 5)]


class _Kept:
    """The large fields' pieces, kept per value of what they are read from (a seat's row,
    the hand, the table, a distances' row, the cities): one value, one piece, whatever
    the state it came from, so that nothing kept can go stale. Each kind holds at most
    :data:`KEPT` pieces (emptied when full)."""

    def __init__(self) -> None:
        self.pieces: dict[str, dict[Hashable, Observation]] = {}

    def get(self, kind: str, key: K, make: Callable[[K], list[float]]) -> Observation:
        pieces = self.pieces.get(kind)
        if pieces is None:
            pieces = self.pieces[kind] = {}
        found = pieces.get(key)
        if found is None:
            if len(pieces) >= KEPT:
                pieces.clear()
            found = pieces[key] = np.asarray(make(key), dtype=np.float32)
            found.flags.writeable = False
        return found


def _distances(row: tuple[int, ...]) -> list[float]:
    """The route steps from the seat's city to each city (the board's order)."""
    return [_scale(d, 8) for d in row]


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    out[index] = 1.0
    return out


def _travel_flags(cards: tuple[str, ...]) -> list[float]:
    out = [0.0] * TRAVEL_CARDS
    for card in cards:
        out[int(card[1:]) - 1] = 1.0
    return out


def _dense(at: list[int], values: list[float], base: int, row: list[float]) -> None:
    """A run of floats from ``base`` (those that are not zero)."""
    for k, value in enumerate(row):
        if value:
            at.append(base + k)
            values.append(value)


def _travel_hot(at: list[int], values: list[float], base: int, cards: tuple[str, ...]) -> None:
    """Flags over the travel cards' numbers."""
    for card in cards:
        at.append(base + int(card[1:]) - 1)
        values.append(1.0)


@lru_cache(maxsize=8)
def index_of(codes: tuple[str, ...]) -> dict[str, int]:
    """Each code's place in ``codes``."""
    return {code: i for i, code in enumerate(codes)}


def _scale(value: int, top: int) -> float:
    """``value / top`` within 0 and 1."""
    share = value / top
    return 0.0 if share < 0.0 else 1.0 if share > 1.0 else share
