"""The vector of the Bohn Hansa encoding (:mod:`bohnen.rl.hansa`): a seat's view, and
its own deal under way, as floats, field by field of a :class:`~bohnen.rl.layout.Layout`
(every value in [0, 1]; the hand and the deal private). The fields and what each
float means are the layout's table (``HansaVector(...).layout.table()``), which
docs/research.md shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

import numpy as np

from bohnen.core.protocol import JSONObject
from bohnen.rl.encoding import Observation
from bohnen.rl.layout import Layout

MAX_PLAYERS = 5
TRAVEL_CARDS = 7
PHASES = ("setup", "travel", "customs", "trade", "final", "closing", "over")
JSON = dict[str, object]


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

    def observe(self, view: JSONObject, deal: Deal | None) -> Observation:
        """The seat's view as the vector, its own deal under way (None: none) included
        (the view's board and player count checked by the encoding)."""
        seat = cast(int, view["seat"])
        blocks: dict[str, Callable[[], list[float]]] = {
            "phase": lambda: _one_hot(PHASES.index(cast(str, view["phase"])), len(PHASES)),
            "active": lambda: self._seat_hot([cast(int, view["active"])], seat),
            "to_act": lambda: self._seat_hot(cast(list[int], view["to_act"]), seat),
            "floor": lambda: self._seat_hot(
                [cast(int, view["floor"])] if view["phase"] == "trade" else [], seat),
            "last_seat": lambda: self._seat_hot(
                [] if view["last_seat"] is None else [cast(int, view["last_seat"])], seat),
            "counters": lambda: _counters(view),
            "players": lambda: self._players(view, seat),
            "hand": lambda: self._hand(view, seat),
            "table": lambda: self._table(view),
            "played": lambda: _travel_hot(cast(list[str], view["played"])),
            "distances": lambda: self._distances(view, seat),
            "cities": lambda: self._cities(view),
            "supply": lambda: self._bean_counts(cast(JSON, view["supply"]), 18),
            "pending": lambda: self._pending(view, seat),
            "draft": lambda: self._draft_block(deal, seat),
        }
        out: list[float] = []
        for field in self.layout.fields:
            block = blocks[field.name]()
            assert len(block) == field.size, (field.name, len(block), field.size)
            out += block
        return np.asarray(out, dtype=np.float32)

    def _seat_hot(self, seats: list[int], me: int) -> list[float]:
        out = [0.0] * MAX_PLAYERS
        for s in seats:
            out[(s - me) % self.players] = 1.0
        return out

    def _bean_counts(self, counts: JSON, top: int) -> list[float]:
        get = cast(dict[str, int], counts).get
        return [_scale(get(b, 0), top) for b in self.board.beans]

    def _bean_list(self, beans: list[str], top: int) -> list[float]:
        return [_scale(beans.count(b), top) for b in self.board.beans]

    def _players(self, view: JSONObject, me: int) -> list[float]:
        """A row per seat, the viewer first, then in turn order; zeros past the last."""
        players = cast(list[JSON], view["players"])
        closing = cast(list[int], view["closing"])
        out: list[float] = []
        for r in range(self.players):
            out += self._player(players[(me + r) % self.players], closing)
        return out + [0.0] * (self.widths["player"] * (MAX_PLAYERS - self.players))

    def _player(self, p: JSON, closing: list[int]) -> list[float]:
        return [1.0, *_one_hot(self.board.cities.index(cast(str, p["city"])),
                               len(self.board.cities)),
                _scale(cast(int, p["money"]), 200), _scale(cast(int, p["loans"]), 10),
                *self._bean_counts(cast(JSON, p["beans"]), self.board.storage),
                _scale(cast(int, p["hand_size"]), self.hand_slots),
                *_travel_hot(cast(list[str], p["waste"])),
                _scale(len(cast(list[object], p["harvest_before"])), 2),
                _scale(cast(int, p["proposals_made"]), 8),
                _scale(cast(int, p["proposals_left"]), 8),
                1.0 if p["seat"] in closing else 0.0]

    def _hand(self, view: JSONObject, me: int) -> list[float]:
        player = cast(list[JSON], view["players"])[me]
        colours = cast(list[JSON], cast(JSON, view["board"])["colours"])
        colour = next(c for c in colours if c["name"] == player["colour"])
        hand = hand_of(view, me)[:self.hand_slots]
        out: list[float] = []
        for card in hand:
            if card.startswith("T"):
                out += [1.0, 1.0, 0.0, *_one_hot(int(card[1:]) - 1, TRAVEL_CARDS),
                        float(card == colour["zoll"]), float(card == colour["nachschub"]),
                        *[0.0] * (self.widths["contract"] - 1)]
            else:
                out += [1.0, 0.0, 1.0, *[0.0] * (TRAVEL_CARDS + 2), *self._contract(view, card)]
        return out + [0.0] * (self.widths["card"] * (self.hand_slots - len(hand)))

    def _contract(self, view: JSONObject, card: str) -> list[float]:
        """A contract's city, beans and payout (from the view's ``contracts``)."""
        c = cast(JSON, cast(JSON, view["contracts"])[card])
        return [*_one_hot(self.board.cities.index(cast(str, c["city"])), len(self.board.cities)),
                *self._bean_list(cast(list[str], c["beans"]), 3),
                _scale(cast(int, c["payout"]), 80)]

    def _table(self, view: JSONObject) -> list[float]:
        table = cast(list[str], view["table"])[:self.table_slots]
        out: list[float] = []
        for card in table:
            out += [1.0, *self._contract(view, card)]
        return out + [0.0] * (self.widths["contract"] * (self.table_slots - len(table)))

    def _distances(self, view: JSONObject, me: int) -> list[float]:
        board = cast(JSON, view["board"])
        here = cast(str, cast(list[JSON], view["players"])[me]["city"])
        rows = cast(list[list[int]], board["distances"])
        codes = [cast(str, c["code"]) for c in cast(list[JSON], board["cities"])]
        row = rows[codes.index(here)]
        return [_scale(row[codes.index(c)], 8) for c in self.board.cities]

    def _cities(self, view: JSONObject) -> list[float]:
        now = {cast(str, c["code"]): c for c in cast(list[JSON], view["cities"])}
        ladders = cast(JSON, view["ladders"])
        out: list[float] = []
        for code in self.board.cities:
            prices = cast(JSON, now[code]["prices"])
            out += self._bean_counts(prices, 20)
            out += [float(b in prices) for b in self.board.beans]
            out += [_scale(cast(int, now[code]["free_slot"]), self.board.slots + 1)]
            out += self._ladder(cast(list[JSON | None], ladders[code]))
        return out

    def _ladder(self, ladder: list[JSON | None]) -> list[float]:
        """Each slot from the bottom: its pile's bean (one-hot) and count; zeros if empty."""
        beans = len(self.board.beans)
        width = beans + 1
        index = index_of(self.board.beans)
        out = [0.0] * (self.board.slots * width)
        for slot, pile in enumerate(ladder[:self.board.slots]):
            if pile is not None:
                out[slot * width + index[cast(str, pile["bean"])]] = 1.0
                out[slot * width + beans] = _scale(cast(int, pile["count"]), 4)
        return out

    def _pending(self, view: JSONObject, me: int) -> list[float]:
        p = cast(JSON | None, view["pending"])
        if p is None:
            return [0.0] * (1 + 3 * MAX_PLAYERS + 1 + 3 * len(self.board.beans))
        out = [1.0]
        for key in ("from", "to", "guest"):
            out += self._seat_hot([cast(int, p[key])], me)
        out.append(float(bool(p["invite"])))
        for key in ("active_gives", "guest_gives", "active_buys"):
            out += self._bean_list(cast(list[str], p[key]), 4)
        return out

    def _draft_block(self, deal: Deal | None, me: int) -> list[float]:
        if deal is None:
            return [0.0] * (2 + MAX_PLAYERS + 3 * len(self.board.beans))
        out = [float(deal.pid is None), float(deal.pid is not None)]
        out += self._seat_hot([deal.to], me)
        for side in (deal.give, deal.want, deal.buy):
            out += [_scale(side.count(b), 4) for b in range(len(self.board.beans))]
        return out


COUNTERS = ("turn", "last_round", "contract_pile_size", "contract_discard",
            "harvest_pile_size", "harvest_reserve_size", "harvest_discard", "trigger",
            "customs_due", "price_slot", "passes")


def _counters(view: JSONObject) -> list[float]:
    return [_scale(cast(int, view["turn"]), 40), float(bool(view["last_round"])),
            _scale(cast(int, view["contract_pile_size"]), 60),
            _scale(len(cast(list[object], view["contract_discard"])), 60),
            _scale(cast(int, view["harvest_pile_size"]), 10),
            _scale(cast(int, view["harvest_reserve_size"]), 2),
            _scale(len(cast(list[object], view["harvest_discard"])), 10),
            float(view["trigger"] is not None), _scale(cast(int, view["customs_due"]), 20),
            _scale(cast(int, view["price_slot"]), 6), _scale(cast(int, view["passes"]), 5)]


def hand_of(view: JSONObject, seat: int) -> list[str]:
    """The cards of ``seat``'s hand in the view (its own: others are hidden)."""
    return cast(list[str], cast(list[JSON], view["players"])[seat]["hand"])


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    out[index] = 1.0
    return out


def _travel_hot(cards: list[str]) -> list[float]:
    out = [0.0] * TRAVEL_CARDS
    for card in cards:
        out[int(card[1:]) - 1] = 1.0
    return out


@lru_cache(maxsize=8)
def index_of(codes: tuple[str, ...]) -> dict[str, int]:
    """Each code's place in ``codes``."""
    return {code: i for i, code in enumerate(codes)}



def _scale(value: int, top: int) -> float:
    """``value / top`` within 0 and 1."""
    share = value / top
    return 0.0 if share < 0.0 else 1.0 if share > 1.0 else share
