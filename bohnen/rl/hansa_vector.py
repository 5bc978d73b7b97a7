"""The vector of the Bohn Hansa encoding (:mod:`bohnen.rl.hansa`): a seat's view, and
its own deal under way, as floats, field by field of a :class:`~bohnen.rl.layout.Layout`
(every value in [0, 1]; the hand and the deal private). The fields and what each
float means are the layout's table (``HansaVector(...).layout.table()``), which
docs/research.md shows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import cast

import numpy as np

from bohnen.rl.encoding import Observation
from bohnen.rl.hansa_seen import CitySeen, ContractSeen, PendingSeen, PileSeen, Seen
from bohnen.rl.layout import Layout

MAX_PLAYERS = 5
TRAVEL_CARDS = 7
PHASES = ("setup", "travel", "customs", "trade", "final", "closing", "over")
JSON = dict[str, object]
MEMO_SIZE = 1 << 16  # markets and ladders kept (emptied when full)


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
        self._city_index = index_of(board.cities)
        self._bean_index = index_of(board.beans)
        # The places and values of a contract's facts, and of a city's market and ladder,
        # kept per value (they never change): the same for every state of the board.
        self._contracts: dict[ContractSeen, tuple[list[int], list[float]]] = {}
        self._markets: dict[tuple[CitySeen, tuple[PileSeen | None, ...]],
                            tuple[list[int], list[float]]] = {}

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
        of each field, by place, written into a vector of zeros."""
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
        self._players(at, values, seen)
        self._hand(at, values, seen)
        self._table(at, values, seen)
        _travel_hot(at, values, o["played"], seen.played)
        self._distances(at, values, seen)
        self._cities(at, values, seen)
        _dense(at, values, o["supply"], [_scale(c, 18) for c in seen.supply])
        self._pending(at, values, seen.pending, me)
        if deal is not None:
            self._draft_block(at, values, deal, me)
        out = np.zeros(self.layout.size, dtype=np.float32)
        out[at] = values
        return out

    def _seat_hot(self, at: list[int], values: list[float], base: int,
                  seats: tuple[int, ...], me: int) -> None:
        """Relative flags: the seats, each counted from ``me``."""
        for s in seats:
            at.append(base + (s - me) % self.players)
            values.append(1.0)

    def _players(self, at: list[int], values: list[float], seen: Seen) -> None:
        """A row per seat, the viewer first, then in turn order; zeros past the last."""
        width, cities = self.widths["player"], self._city_index
        beans_at = 1 + len(cities) + 2
        storage = self.board.storage
        me, n = seen.seat, self.players
        players, closing = seen.players, seen.closing
        for r in range(n):
            s = (me + r) % n
            p = players[s]
            base = self._offsets["players"] + r * width
            row = [1.0, _scale(p.money, 200), _scale(p.loans, 10)]
            places = [base, base + 1 + len(cities), base + 2 + len(cities)]
            places.append(base + 1 + cities[p.city])
            row.append(1.0)
            for b, count in enumerate(p.beans):
                places.append(base + beans_at + b)
                row.append(_scale(count, storage))
            after = base + beans_at + len(p.beans)
            places.append(after)
            row.append(_scale(p.hand_size, self.hand_slots))
            _travel_hot(places, row, after + 1, p.waste)
            after += 1 + TRAVEL_CARDS
            places += [after, after + 1, after + 2, after + 3]
            row += [_scale(len(p.harvest_before), 2), _scale(p.proposals_made, 8),
                    _scale(p.proposals_left, 8), 1.0 if s in closing else 0.0]
            at += places
            values += row

    def _hand(self, at: list[int], values: list[float], seen: Seen) -> None:
        width = self.widths["card"]
        base = self._offsets["hand"]
        facts = {c.card: c for c in seen.contracts}
        zoll, nachschub = seen.zoll, seen.nachschub
        for i, card in enumerate(seen.hand[:self.hand_slots]):
            start = base + i * width
            if card.startswith("T"):
                at += [start, start + 1, start + 3 + int(card[1:]) - 1]
                values += [1.0, 1.0, 1.0]
                if card in (zoll, nachschub):
                    at.append(start + 3 + TRAVEL_CARDS + (card != zoll))
                    values.append(1.0)
            else:
                at += [start, start + 2]
                values += [1.0, 1.0]
                self._contract(at, values, start + 3 + TRAVEL_CARDS + 2, facts[card])

    def _contract(self, at: list[int], values: list[float], base: int,
                  contract: ContractSeen) -> None:
        """A contract's city, beans and payout (:meth:`_contract_values`, kept)."""
        kept = self._contracts.get(contract)
        if kept is None:
            kept = self._contracts[contract] = self._contract_values(contract)
        places, row = kept
        at += [base + k for k in places]
        values += row

    def _contract_values(self, contract: ContractSeen) -> tuple[list[int], list[float]]:
        cities, index = len(self.board.cities), self._bean_index
        places, row = [self._city_index[contract.city]], [1.0]
        counted: dict[int, int] = {}
        for code in contract.beans:
            counted[index[code]] = counted.get(index[code], 0) + 1
        for b in sorted(counted):
            places.append(cities + b)
            row.append(_scale(counted[b], 3))
        return [*places, cities + len(self.board.beans)], [*row, _scale(contract.payout, 80)]

    def _table(self, at: list[int], values: list[float], seen: Seen) -> None:
        width = self.widths["contract"]
        base = self._offsets["table"]
        facts = {c.card: c for c in seen.contracts}
        for j, card in enumerate(seen.table[:self.table_slots]):
            at.append(base + j * width)
            values.append(1.0)
            self._contract(at, values, base + j * width + 1, facts[card])

    def _distances(self, at: list[int], values: list[float], seen: Seen) -> None:
        here = seen.players[seen.seat].city
        row = seen.board.distances[seen.board.cities.index(here)]
        _dense(at, values, self._offsets["distances"], [_scale(d, 8) for d in row])

    def _cities(self, at: list[int], values: list[float], seen: Seen) -> None:
        """Each city's prices, beans sold, free slot and ladder (:meth:`_city_values`,
        kept per market and ladder)."""
        base, width = self._offsets["cities"], self.widths["city"]
        kept = self._markets
        for i, (city, ladder) in enumerate(zip(seen.cities, seen.ladders, strict=True)):
            key = (city, ladder)
            found = kept.get(key)
            if found is None:
                if len(kept) >= MEMO_SIZE:
                    kept.clear()
                found = kept[key] = self._city_values(city, ladder)
            places, row = found
            start = base + i * width
            at += [start + k for k in places]
            values += row

    def _city_values(self, city: CitySeen, ladder: tuple[PileSeen | None, ...]
                     ) -> tuple[list[int], list[float]]:
        beans = len(self.board.beans)
        places: list[int] = []
        row: list[float] = []
        for b, price in enumerate(city.prices):
            if price is not None:
                places += [b, beans + b]
                row += [_scale(price, 20), 1.0]
        places.append(2 * beans)
        row.append(_scale(city.free_slot, self.board.slots + 1))
        width, index = beans + 1, self._bean_index
        for slot, pile in enumerate(ladder[:self.board.slots]):
            if pile is not None:
                start = 2 * beans + 1 + slot * width
                places += [start + index[pile.bean], start + beans]
                row += [1.0, _scale(pile.beans, 4)]
        return places, row

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


COUNTERS = ("turn", "last_round", "contract_pile_size", "contract_discard",
            "harvest_pile_size", "harvest_reserve_size", "harvest_discard", "trigger",
            "customs_due", "price_slot", "passes")


def _counters(seen: Seen) -> list[float]:
    return [_scale(seen.turn, 40), float(seen.last_round),
            _scale(seen.contract_pile_size, 60), _scale(len(seen.contract_discard), 60),
            _scale(seen.harvest_pile_size, 10), _scale(seen.harvest_reserve_size, 2),
            _scale(len(seen.harvest_discard), 10), float(seen.trigger is not None),
            _scale(seen.customs_due, 20), _scale(seen.price_slot, 6), _scale(seen.passes, 5)]


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
