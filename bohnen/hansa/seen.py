"""What a seat of Bohn Hansa sees, as a frozen typed value read straight from the state
(:func:`seen`) instead of its JSON view: what the learning environments encode at every
step (``Game.seen``), without building the view.

:class:`HansaSeen` holds the part of the seat's view (:func:`bohnen.hansa.views.view`)
that an encoding reads, under the view's names and in its units (bean, city and card
codes, the 1-based price slot and free slots): the same values, read from the state's
slots as the view reads them, and nothing the view does not hold (another seat's hand,
the contract pile, the Neue-Ernte pile and its reserve). Where the view keys a table by
bean code (a seat's beans, the supply, a city's prices), the value is a tuple in the
board's bean order (``board.beans``); where it keys one by city code (the ladders), in
the board's city order. Of the view's ``contracts`` it holds those of the seat's hand
and of the journey's table, the ones an encoding reads. :func:`of_view` reads the same
value from the view itself, so that a test can compare the two at every decision of
whole games.

What depends on the board alone (its codes, distances, each contract's facts) is built
once per board, each city's market once per board, slot and free slot, the markets and
ladders of all cities once per ladders, trading city and price slot, each ladder and
each card list once per content, and shared: a value is read-only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from bohnen.core.protocol import JSONObject
from bohnen.hansa.board import BEAN_TYPES, CODES, CONTRACT, STORAGE, Board, card_text, harvest_text
from bohnen.hansa.data import PHASE_NAMES, TRADE, HansaData, Ladder, Proposal


class BoardSeen(NamedTuple):
    """The board as the view's ``board`` shows what an encoding reads of it: the bean
    codes (the order of every per-bean tuple), the city codes (the order of every
    per-city tuple), the most square slots of a ladder, the aid's storage and the
    distances between cities (route steps, by city order)."""

    beans: tuple[str, ...]
    cities: tuple[str, ...]
    slots: int
    storage: int
    distances: tuple[tuple[int, ...], ...]


class ContractSeen(NamedTuple):
    """A contract the seat sees (an entry of the view's ``contracts``): its card, city,
    beans (codes) and payout."""

    card: str
    city: str
    beans: tuple[str, ...]
    payout: int


class CitySeen(NamedTuple):
    """A city's market now (the view's ``cities`` entry): its prices per board bean
    (None where it sells no such bean) and its free slot (1-based)."""

    code: str
    prices: tuple[int | None, ...]
    free_slot: int


class PileSeen(NamedTuple):
    """A pile on a ladder slot (the view's ladder entry): its bean's code and its beans
    (the view's ``count``)."""

    bean: str
    beans: int


class PlayerSeen(NamedTuple):
    """What everybody sees of a seat (the view's ``players`` entry, without the hand)."""

    city: str
    money: int
    loans: int
    beans: tuple[int, ...]  # per board bean, on its aid
    hand_size: int
    waste: tuple[str, ...]  # travel cards discarded for good
    harvest_before: tuple[str, ...]  # Neue-Ernte cards lying before it
    proposals_made: int
    proposals_left: int


class PendingSeen(NamedTuple):
    """The proposal awaiting an answer (the view's ``pending``; its ``from`` named
    ``proposer``)."""

    pid: int
    proposer: int
    to: int
    guest: int
    invite: bool
    active_gives: tuple[str, ...]
    guest_gives: tuple[str, ...]
    active_buys: tuple[str, ...]


class HansaSeen(NamedTuple):
    """What ``seat`` sees (the view's fields of the same names; per-seat fields seat 0
    first; see the module for the tables by bean and by city)."""

    seat: int
    board: BoardSeen
    zoll: str  # the seat's colour's Zoll card (the view's board ``colours``)
    nachschub: str  # and its Nachschub card
    phase: str  # setup, travel, customs, trade, final, closing, over
    active: int
    turn: int
    to_act: tuple[int, ...]
    cities: tuple[CitySeen, ...]
    ladders: tuple[tuple[PileSeen | None, ...], ...]  # per city, bottom slot first
    supply: tuple[int, ...]  # per board bean
    players: tuple[PlayerSeen, ...]
    hand: tuple[str, ...]  # the seat's own hand, in order
    table: tuple[str, ...]
    played: tuple[str, ...]
    contracts: tuple[ContractSeen, ...]  # those of the hand, then of the table, in order
    contract_pile_size: int
    contract_discard: tuple[str, ...]
    harvest_pile_size: int
    harvest_reserve_size: int
    harvest_discard: tuple[str, ...]
    trigger: str | None
    last_round: bool
    last_seat: int | None
    customs_due: int
    price_slot: int  # 1-based
    floor: int
    passes: int
    pending: PendingSeen | None
    closing: tuple[int, ...]


Markets = tuple[tuple[CitySeen, ...], tuple[tuple[PileSeen | None, ...], ...]]


class _Facts(NamedTuple):
    """What a board alone decides: its :class:`BoardSeen`, each contract's facts
    (contract n at n - 1), each colour's Zoll and Nachschub cards, its cities' markets
    (by city, prices' slot and free slot), and the markets and ladders of its states
    (:func:`_markets`)."""

    board: BoardSeen
    contracts: tuple[ContractSeen, ...]
    colours: tuple[tuple[str, str], ...]
    markets: dict[tuple[int, int, int], CitySeen]
    kept: dict[tuple[tuple[Ladder, ...], int, int], Markets]
    every: bool  # the board uses every bean (its per-bean tables are the state's)


_FACTS: dict[str, _Facts] = {}
KEPT = 4096  # markets and ladders kept per board (emptied when full)


def _facts(board: Board) -> _Facts:
    found = _FACTS.get(board.digest)
    if found is None:
        codes = board.city_codes
        seen_board = BoardSeen(
            tuple([CODES[b] for b in board.beans]), codes,
            max(board.slots(c) for c in range(board.cities)), STORAGE, board.dist)
        contracts = tuple([ContractSeen(f"C{n}", codes[c.city], _codes(c.beans), c.payout)
                           for n, c in enumerate(board.contracts, 1)])
        colours = tuple([(card_text(z), card_text(n))
                         for z, n in zip(board.zoll, board.nachschub, strict=True)])
        found = _FACTS[board.digest] = _Facts(seen_board, contracts, colours, {}, {},
                                              board.beans == tuple(range(BEAN_TYPES)))
    return found


@lru_cache(maxsize=4096)
def _codes(beans: tuple[int, ...]) -> tuple[str, ...]:
    """The codes of a tuple of beans (kept by the tuple's value: it never changes)."""
    return tuple([CODES[b] for b in beans])


@lru_cache(maxsize=4096)
def _cards(cards: tuple[int, ...]) -> tuple[str, ...]:
    """The texts of a tuple of cards (kept by value)."""
    return tuple([card_text(c) for c in cards])


@lru_cache(maxsize=1024)
def _harvests(cards: tuple[int, ...]) -> tuple[str, ...]:
    """The texts of a tuple of Neue-Ernte cards (kept by value)."""
    return tuple([harvest_text(c) for c in cards])


@lru_cache(maxsize=4096)
def _contract_texts(numbers: tuple[int, ...]) -> tuple[str, ...]:
    """The texts of a tuple of contract numbers (the discard; kept by value)."""
    return tuple([f"C{n}" for n in numbers])


@lru_cache(maxsize=65536)
def _ladder(ladder: Ladder) -> tuple[PileSeen | None, ...]:
    """A ladder as the view shows it (kept by value)."""
    return tuple([PileSeen(CODES[b], n) if n else None for b, n in ladder])


@lru_cache(maxsize=1024)
def _pending(p: Proposal) -> PendingSeen:
    return PendingSeen(p.pid, p.proposer, p.to, p.guest, p.invite, _codes(p.active_gives),
                       _codes(p.guest_gives), _codes(p.active_buys))


def _markets(state: HansaData, facts: _Facts) -> Markets:
    """The cities' markets and ladders now: kept per board, ladders, trading city and
    price slot (the cities' prices follow from them)."""
    trade_city = state.positions[state.active] if state.phase == TRADE else -1
    ladders = tuple(state.ladders)
    key = (ladders, trade_city, state.price_slot if trade_city >= 0 else -1)
    kept = facts.kept
    found = kept.get(key)
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()
        found = kept[key] = (
            tuple([_city(state, facts, c, trade_city) for c in range(len(ladders))]),
            tuple([_ladder(ladder) for ladder in ladders]))
    return found


def _city(state: HansaData, facts: _Facts, city: int, trade_city: int) -> CitySeen:
    """The market of ``city`` now, as the view's ``_city`` reads it."""
    free = state.free_slot(city)
    slot = state.price_slot if city == trade_city else free
    key = (city, slot, free)
    found = facts.markets.get(key)
    if found is None:
        board = state.board
        row = board.prices[city][slot]
        sold = board.city_beans[city]
        found = facts.markets[key] = CitySeen(
            board.city_codes[city], tuple([row[b] if b in sold else None for b in board.beans]),
            free + 1)
    return found


def _player(state: HansaData, s: int, codes: tuple[str, ...], every: bool) -> PlayerSeen:
    """Seat ``s`` as everybody sees it (``every``: the board uses every bean)."""
    base = s * BEAN_TYPES
    storage = state.storage
    return PlayerSeen(
        codes[state.positions[s]], state.money[s], state.loans[s],
        tuple(storage[base:base + BEAN_TYPES]) if every
        else tuple([storage[base + b] for b in state.board.beans]), len(state.hands[s]),
        _cards(state.waste[s]), _harvests(state.harvest_before[s]), state.proposals_made[s],
        state.proposals_left(s))


def _contracts(state: HansaData, hand: tuple[int, ...], facts: _Facts
               ) -> tuple[ContractSeen, ...]:
    known = facts.contracts
    return tuple([known[c - CONTRACT - 1] for c in hand if c > CONTRACT]
                 + [known[c - CONTRACT - 1] for c in state.table])


def seen(state: HansaData, seat: int) -> HansaSeen:
    """What ``seat`` sees of ``state`` (see the module)."""
    n = state.player_count
    if not (type(seat) is int and 0 <= seat < n):
        raise ValueError(f"no seat {seat!r} in a {n}-player game")
    board = state.board
    facts = _facts(board)
    codes = board.city_codes
    hand = state.hands[seat]
    zoll, nachschub = facts.colours[seat]
    pending = state.pending
    cities, ladders = _markets(state, facts)
    return HansaSeen(
        seat, facts.board, zoll, nachschub, PHASE_NAMES[state.phase], state.active, state.turn,
        state.to_act(), cities, ladders,
        tuple(state.supply) if facts.every else tuple([state.supply[b] for b in board.beans]),
        tuple([_player(state, s, codes, facts.every) for s in range(n)]), _cards(hand),
        _cards(state.table), _cards(state.played), _contracts(state, hand, facts),
        len(state.contract_pile), _contract_texts(state.contract_discard),
        len(state.harvest_pile), len(state.harvest_reserve), _harvests(state.harvest_discard),
        harvest_text(state.trigger) if state.trigger >= 0 else None, state.last_round,
        state.last_seat if state.last_seat >= 0 else None, state.customs_due,
        state.price_slot + 1, state.floor, state.passes,
        None if pending is None else _pending(pending), state.closing)


# --- the same value read from the view -----------------------------------------------------


def _board_of_view(board: JSONObject) -> BoardSeen:
    return BoardSeen(tuple([b["code"] for b in board["beans"]]),
                     tuple([c["code"] for c in board["cities"]]),
                     max(len(c["ladder"]) for c in board["cities"]), board["storage"],
                     tuple([tuple(row) for row in board["distances"]]))


def _player_of_view(p: JSONObject, beans: tuple[str, ...]) -> PlayerSeen:
    held: JSONObject = p["beans"]
    return PlayerSeen(p["city"], p["money"], p["loans"], tuple([held[b] for b in beans]),
                      p["hand_size"], tuple(p["waste"]), tuple(p["harvest_before"]),
                      p["proposals_made"], p["proposals_left"])


def _city_of_view(c: JSONObject, beans: tuple[str, ...]) -> CitySeen:
    prices: JSONObject = c["prices"]
    return CitySeen(c["code"], tuple([prices.get(b) for b in beans]), c["free_slot"])


def _ladder_of_view(ladder: list[JSONObject | None]) -> tuple[PileSeen | None, ...]:
    return tuple([None if s is None else PileSeen(s["bean"], s["count"]) for s in ladder])


def _pending_of_view(p: JSONObject | None) -> PendingSeen | None:
    if p is None:
        return None
    return PendingSeen(p["pid"], p["from"], p["to"], p["guest"], p["invite"],
                       tuple(p["active_gives"]), tuple(p["guest_gives"]),
                       tuple(p["active_buys"]))


def of_view(view: JSONObject) -> HansaSeen:
    """The same value read from a seat's view (JSON): what :func:`seen` must equal."""
    seat: int = view["seat"]
    board = _board_of_view(view["board"])
    players: list[JSONObject] = view["players"]
    me = players[seat]
    colour = next(c for c in view["board"]["colours"] if c["name"] == me["colour"])
    hand: tuple[str, ...] = tuple(me["hand"])
    table: tuple[str, ...] = tuple(view["table"])
    known: JSONObject = view["contracts"]
    contracts = tuple([ContractSeen(card, known[card]["city"], tuple(known[card]["beans"]),
                                    known[card]["payout"])
                       for card in (*hand, *table) if card.startswith("C")])
    ladders: JSONObject = view["ladders"]
    supply: JSONObject = view["supply"]
    return HansaSeen(
        seat, board, colour["zoll"], colour["nachschub"], view["phase"], view["active"],
        view["turn"], tuple(view["to_act"]),
        tuple([_city_of_view(c, board.beans) for c in view["cities"]]),
        tuple([_ladder_of_view(ladders[code]) for code in board.cities]),
        tuple([supply[b] for b in board.beans]),
        tuple([_player_of_view(p, board.beans) for p in players]), hand, table,
        tuple(view["played"]), contracts, view["contract_pile_size"],
        tuple(view["contract_discard"]), view["harvest_pile_size"],
        view["harvest_reserve_size"], tuple(view["harvest_discard"]), view["trigger"],
        view["last_round"], view["last_seat"], view["customs_due"], view["price_slot"],
        view["floor"], view["passes"], _pending_of_view(view["pending"]),
        tuple(view["closing"]))
