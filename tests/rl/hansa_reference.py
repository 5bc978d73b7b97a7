"""The Bohn Hansa vector as it was written before the accessor (commit a25f95c), read
field by field from the seat's JSON view: an independent reckoning the encoding's
vectors are compared with (tests/rl/test_hansa_seen.py), so that a mistake in the
vector's kept pieces, which the state's and the view's paths share, cannot hide."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np

from bohnen.core.protocol import JSONObject
from bohnen.rl.encoding import Observation
from bohnen.rl.hansa_vector import (
    JSON,
    MAX_PLAYERS,
    PHASES,
    TRAVEL_CARDS,
    Deal,
    HansaVector,
    index_of,
)


class Reference:
    """The vector of ``vector``'s layout, reckoned from the view."""

    def __init__(self, vector: HansaVector) -> None:
        self.players, self.board = vector.players, vector.board
        self.hand_slots, self.table_slots = vector.hand_slots, vector.table_slots
        self.widths = vector.widths
        self.layout = vector.layout

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


def _counters(view: JSONObject) -> list[float]:
    return [_scale(cast(int, view["turn"]), 40), float(bool(view["last_round"])),
            _scale(cast(int, view["contract_pile_size"]), 60),
            _scale(len(cast(list[object], view["contract_discard"])), 60),
            _scale(cast(int, view["harvest_pile_size"]), 10),
            _scale(cast(int, view["harvest_reserve_size"]), 2),
            _scale(len(cast(list[object], view["harvest_discard"])), 10),
            float(view["trigger"] is not None), _scale(cast(int, view["customs_due"]), 20),
            _scale(cast(int, view["price_slot"]), 6), _scale(cast(int, view["passes"]), 5)]


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    out[index] = 1.0
    return out


def _travel_hot(cards: list[str]) -> list[float]:
    out = [0.0] * TRAVEL_CARDS
    for card in cards:
        out[int(card[1:]) - 1] = 1.0
    return out


def hand_of(view: JSONObject, seat: int) -> list[str]:
    """The cards of ``seat``'s hand in the view."""
    return cast(list[str], cast(list[JSON], view["players"])[seat]["hand"])


def _scale(value: int, top: int) -> float:
    """``value / top`` within 0 and 1."""
    share = value / top
    return 0.0 if share < 0.0 else 1.0 if share > 1.0 else share
