"""What the Bohn Hansa heuristic bot reads from its seat's view, in plain ints and lists.

A :class:`Scene` is built from the view alone (the bot never sees the state): the
seats' cities, money and beans, the bot's own hand (it knows its order), the contracts
on the table, each city's prices and the beans on its ladder, the Neue-Ernte pile. The
board's constants (distances, who sells what, the contracts) come from the board named
in the view's options, read once per board (:func:`info`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bohnen.hansa.board import BEAN_TYPES, BEANS, CODES, CONTRACT, STORAGE, Board, load_board
from bohnen.hansa.view_types import OptionsView, ProposalView, SeatView

CARDS_PER_TURN = 2.0  # travel cards a seat plays in a turn, on average (a guess, measured)


@dataclass(frozen=True, slots=True)
class Info:
    """Constants of one board, in the forms the bot uses."""

    board: Board
    beans: int
    cities: int
    bean_index: dict[str, int]
    city_index: dict[str, int]
    base: tuple[int, ...]
    dist: tuple[tuple[int, ...], ...]
    sellers: tuple[tuple[int, ...], ...]  # per bean, the cities that sell it
    sells: tuple[frozenset[int], ...]  # per city, its beans
    # per contract card (CONTRACT + number): its city, beans, payout, surplus over the
    # beans' base prices (what fulfilling it adds to a seat that holds its beans)
    city_of: dict[int, int]
    beans_of: dict[int, tuple[int, ...]]
    payout: dict[int, int]
    surplus: dict[int, int]
    zoll: tuple[int, ...]  # per seat (colour), the number of its Zoll card
    nachschub: tuple[int, ...]
    # per Neue-Ernte card, the (city, bean) piles it lays
    harvest_piles: tuple[frozenset[tuple[int, int]], ...]


_INFOS: dict[tuple[str, str | None], Info] = {}
_CARDS: dict[str, int] = {}


def info(options: OptionsView) -> Info:
    """The constants of the board the view's options name (read once per board)."""
    key = (options["board"], options.get("board_digest"))
    found = _INFOS.get(key)
    if found is None:
        found = _INFOS[key] = board_info(load_board(options["board"]))
    return found


def board_info(board: Board) -> Info:
    """The constants of ``board`` (made once per board)."""
    key = ("", board.digest)
    found = _INFOS.get(key)
    if found is None:
        found = _INFOS[key] = _make_info(board)
    return found


def _make_info(board: Board) -> Info:
    contracts = board.contracts
    cards = range(CONTRACT + 1, CONTRACT + len(contracts) + 1)
    return Info(
        board=board, beans=BEAN_TYPES, cities=board.cities,
        bean_index={CODES[b]: int(b) for b in board.beans},
        city_index={c: i for i, c in enumerate(board.city_codes)},
        base=board.base, dist=board.dist,
        sellers=tuple(board.sellers(b) for b in BEANS),
        sells=tuple(frozenset(beans) for beans in board.city_beans),
        city_of={c: contracts[c - CONTRACT - 1].city for c in cards},
        beans_of={c: contracts[c - CONTRACT - 1].beans for c in cards},
        payout={c: contracts[c - CONTRACT - 1].payout for c in cards},
        surplus={c: contracts[c - CONTRACT - 1].payout
                 - sum(board.base[b] for b in contracts[c - CONTRACT - 1].beans) for c in cards},
        zoll=board.zoll, nachschub=board.nachschub,
        harvest_piles=tuple(frozenset((city, bean) for city, bean, _ in card)
                            for card in board.harvests),
    )


def card(text: str) -> int:
    """``T3`` -> 3, ``C12`` -> 112 (the engine's numbering)."""
    number = _CARDS.get(text)
    if number is None:
        number = int(text[1:]) + (CONTRACT if text[0] == "C" else 0)
        _CARDS[text] = number
    return number


@dataclass(slots=True)
class Scene:
    """The seat's view, read once for one decision."""

    info: Info
    view: SeatView | None  # None in a playout (``playout.py``), which reads the state
    seat: int
    n: int
    phase: str
    active: int
    pos: list[int]  # per seat, its city
    money: list[int]
    loans: list[int]
    beans: list[list[int]]  # per seat, per bean: how many on its aid
    hand: list[int]  # the bot's cards in order (travel 1..7, contracts CONTRACT + n)
    table: list[int]  # contracts on the table (the active player's)
    stock: list[list[int]]  # per city, per bean: tokens on its ladder
    prices: list[list[int]]  # per city, per bean: the price now (0: not sold there)
    harvest_pile: int
    last_round: bool
    last_seat: int
    proposals_left: int  # the seat's own, this trade phase
    proposal_size: int
    turn: int = 0
    customs_due: int = 0  # what the active player still owes (customs phase)
    pending: ProposalView | None = None  # the proposal awaiting an answer

    @property
    def mine(self) -> list[int]:
        return self.beans[self.seat]

    @property
    def here(self) -> int:
        return self.pos[self.seat]

    @property
    def is_active(self) -> bool:
        return self.active == self.seat

    def held(self, seat: int | None = None) -> int:
        return sum(self.beans[self.seat if seat is None else seat])

    def room(self) -> int:
        return STORAGE - self.held()

    def contracts(self) -> list[int]:
        """The bot's contracts: in its hand, and in its own turn those on the table for
        the city where it stands (the others are lost at the end of the turn)."""
        out = [c for c in self.hand if c > CONTRACT]
        if self.is_active:
            here = self.here
            out.extend(c for c in self.table if self.info.city_of[c] == here)
        return out

    def zoll_index(self) -> int:
        """Where the Zoll card lies in the bot's hand (its length: not there)."""
        zoll = self.info.zoll[self.seat]
        return self.hand.index(zoll) if zoll in self.hand else len(self.hand)

    def turns_left(self) -> float:
        """The bot's own turns still to come after the present one (an estimate): about
        one a Neue-Ernte card left in the pile, each round playing roughly one; in the
        last round, one if its turn has not come yet."""
        if self.last_round:
            if self.is_active:
                return 0.0
            ahead = (self.seat - self.active) % self.n
            return 1.0 if ahead <= (self.last_seat - self.active) % self.n else 0.0
        return self.harvest_pile * 0.9 + 0.5

    def future_cards(self, turns: float) -> float:
        return turns * CARDS_PER_TURN


def read(view: SeatView, seat: int) -> Scene:
    """The scene of ``view`` for ``seat``."""
    inf = info(view["options"])
    bean_index = inf.bean_index
    city_index = inf.city_index
    nb = inf.beans
    players = view["players"]
    beans = []
    for p in players:
        counts = [0] * nb
        for code, count in p["beans"].items():
            counts[bean_index[code]] = count
        beans.append(counts)
    stock = []
    for code in inf.board.city_codes:
        counts = [0] * nb
        for slot in view["ladders"][code]:
            if slot is not None:
                counts[bean_index[slot["bean"]]] += slot["count"]
        stock.append(counts)
    prices = []
    for city in view["cities"]:
        row = [0] * nb
        for code, price in city["prices"].items():
            row[bean_index[code]] = price
        prices.append(row)
    me = players[seat]
    options = view["options"]
    return Scene(
        info=inf, view=view, seat=seat, n=len(players), phase=view["phase"],
        active=view["active"], pos=[city_index[p["city"]] for p in players],
        money=[p["money"] for p in players], loans=[p["loans"] for p in players],
        beans=beans, hand=[card(c) for c in me["hand"] or ()],
        table=[card(c) for c in view["table"]], stock=stock, prices=prices,
        harvest_pile=view["harvest_pile_size"], last_round=view["last_round"],
        last_seat=-1 if view["last_seat"] is None else view["last_seat"],
        proposals_left=me["proposals_left"],
        proposal_size=options["proposal_size"], turn=view["turn"],
        customs_due=view["customs_due"], pending=view["pending"],
    )
