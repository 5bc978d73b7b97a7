"""The views of Bohn Hansa as types: what a seat, or a spectator, sees of a position.

A view is JSON (``state.view(seat)``). It carries what a player sees on the table, so
that no interface reads the board file or computes a fact of the rules again: the
board itself (beans, base prices, colours, the map with every city's ladder and
routes, the distances), the contents of every contract the viewer may see, the prices
now. The same name means the same thing in the view and in the state JSON
(``serialize.py``): a list of cards is a list of codes wherever it appears, a count of
them ``<name>_size``.

Codes everywhere: beans ``BL``, cities ``ROS``, travel cards ``T3`` (of the seat's
colour), contracts ``C12``, Neue-Ernte cards ``H4``.

A view is read-only by contract: its ``board`` is built once per board and shared by
every view of every game on that board.
"""

from __future__ import annotations

from typing import Literal, TypedDict

BeanCode = Literal["BL", "FE", "SA", "BR", "SO", "AU", "RO", "GA"]
PhaseName = Literal["setup", "travel", "customs", "trade", "final", "closing", "over"]


class BeanFacts(TypedDict):
    """A bean of the board: its code, name, tokens in the box and base price (the price
    on the first free slot at the start, and what a bean fetches at the end)."""

    code: BeanCode
    name: str
    tokens: int
    base_price: int


class ColourFacts(TypedDict):
    """The travel cards T1..T7 of a colour (seat i plays colour i): which one is the
    Zoll card, which the Nachschub card."""

    name: str
    zoll: str  # a card code: "T3"
    nachschub: str


class CityFacts(TypedDict):
    """A city of the map: where to draw it, the beans it sells and its price ladder."""

    code: str
    name: str
    x: float  # coordinates to draw the map (any scale; y grows downwards)
    y: float
    beans: list[BeanCode]  # in the order they lie on the bottom slots at the start
    ladder: list[dict[str, int]]  # per slot, bottom first: bean code -> price
    top: dict[str, int]  # the prices in the circles: they hold when every slot is full
    routes: list[str]  # the codes of the cities one route away


class BoardFacts(TypedDict):
    """The board as every player sees it on the table, the same in every view of a game
    (built once per board and shared: read-only)."""

    name: str
    title: str
    reconstruction: bool  # not the printed board (the default board is a reconstruction)
    beans: list[BeanFacts]
    colours: list[ColourFacts]
    cities: list[CityFacts]  # city i of every list by city is this one
    storage: int  # the beans an aid holds at most
    # distances[a][b]: the routes from city a to city b; a journey plays one card more
    distances: list[list[int]]


class ContractFacts(TypedDict):
    """What a contract asks: its beans delivered in its city, for its payout."""

    city: str
    beans: list[BeanCode]
    payout: int


class CityNow(TypedDict):
    """A city's market now: the prices of its beans (in the active player's city during
    the trade phase, those fixed when the phase began) and its lowest free slot."""

    code: str
    prices: dict[str, int]  # bean code -> price
    free_slot: int  # 1 = the bottom slot; slots + 1 when the ladder is full


class LadderSlot(TypedDict):
    """A pile of beans on a slot of a ladder."""

    bean: BeanCode
    count: int


# A proposal's number and its two seats: "from" (the proposer) is a Python keyword, so
# this part is written in the functional form (as in Bohnanza's view).
ProposalSeats = TypedDict("ProposalSeats", {"pid": int, "from": int, "to": int})


class ProposalView(ProposalSeats):
    """A deal between the active player and the guest, as proposed by seat ``from`` to
    seat ``to``: what the active player gives, what the guest gives, what the active
    player buys in the city for the guest. An invitation moves the guest (in another
    city) to the active player's city on acceptance."""

    guest: int
    invite: bool
    active_gives: list[BeanCode]
    guest_gives: list[BeanCode]
    active_buys: list[BeanCode]


class OptionsView(TypedDict):
    """The rule options (docs/hansa.md, Options)."""

    players: int
    board: str
    board_digest: str
    start_tie_break: Literal["seat_order", "random"]
    short_harvest: Literal["even", "card_order"]
    reshuffle_contracts: bool
    max_proposals_per_turn: int
    proposal_allowance: Literal["per_seat", "shared"]
    proposal_size: int


class ResultView(TypedDict):
    """The outcome once the game is over: talers per seat, the winners."""

    scores: list[int]
    winners: list[int]
    reason: str


class PlayerView(TypedDict):
    """A seat as the viewer sees it: everything but its hand, which only the seat itself
    sees (``hand`` is null for the others; ``hand_size`` for all)."""

    seat: int
    colour: str
    city: str
    money: int
    earned: int  # talers received from the bank ...
    spent: int  # ... and paid to it: money = earned - spent
    loans: int  # repaid double at the end
    beans: dict[str, int]  # its aid: bean code -> count (8 beans at most)
    hand: list[str] | None  # card codes in order, the front card first
    hand_size: int
    waste: list[str]  # travel cards given up for good for a contract (sorted)
    harvest_before: list[str]  # Neue-Ernte cards lying before it, placed at its next turn
    proposals_made: int  # in this trade phase, counters included
    proposals_left: int  # in this trade phase (see the option proposal_allowance)


class PublicPlayerView(TypedDict):
    """A seat as a spectator sees it: no hand."""

    seat: int
    colour: str
    city: str
    money: int
    earned: int
    spent: int
    loans: int
    beans: dict[str, int]
    hand: None
    hand_size: int
    waste: list[str]
    harvest_before: list[str]
    proposals_made: int
    proposals_left: int


class _Table(TypedDict):
    """What every viewer sees."""

    game: Literal["hansa"]
    version: int  # the game's version
    options: OptionsView
    board: BoardFacts
    contracts: dict[str, ContractFacts]  # every contract the viewer may see, by code
    phase: PhaseName
    active: int  # the seat whose turn it is
    turn: int
    to_act: list[int]  # the seats the game waits on
    cities: list[CityNow]  # in the order of board.cities
    ladders: dict[str, list[LadderSlot | None]]  # city code -> its slots, bottom first
    supply: dict[str, int]  # bean code -> tokens in the supply
    table: list[str]  # the contracts the active player's journey laid on the table
    played: list[str]  # travel cards of the journey waiting for the customs to be paid
    contract_pile_size: int
    contract_discard: list[str]  # sorted
    harvest_pile_size: int
    harvest_reserve_size: int  # the two cards set aside: they serve once the pile is empty
    harvest_discard: list[str]  # in the order placed
    trigger: str | None  # the pile's last card once drawn: its placing starts the last round
    last_round: bool
    last_seat: int | None  # the seat whose turn ends the last round
    customs_due: int  # what the active player still owes (customs phase)
    price_slot: int  # the slot (1 = bottom) whose prices hold in this trade phase
    floor: int  # the seat holding the trade floor
    passes: int  # passes since the last proposal
    pending: ProposalView | None  # the proposal awaiting an answer
    next_pid: int  # the number the next proposal gets
    closing: list[int]  # the seats still to fulfil their last contracts
    result: ResultView | None  # once the game is over


class SeatView(_Table):
    """What a seat sees: the table, and its own hand (the content and order of the other
    hands, the contract pile, the Neue-Ernte pile and its reserve are hidden)."""

    seat: int
    players: list[PlayerView]


class SpectatorView(_Table):
    """What a spectator sees: the table, no hand."""

    seat: None
    players: list[PublicPlayerView]
