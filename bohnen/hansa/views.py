"""What each seat of Bohn Hansa sees (the types: ``view_types.py``).

Public: positions, money (and the ledger), loans, every aid's beans, the ladders and
the supply, the cards on the table, the travel cards discarded for good, hand sizes,
the contract discard pile, the Neue-Ernte cards revealed and those lying before a
player, the sizes of the piles, the trade floor and the proposal awaiting an answer;
the board itself, and the contents of the contracts the viewer sees (its hand's, the
table's, the discard's). Hidden: the content and order of the other hands, the
contract pile, the Neue-Ernte pile and its two reserve cards (nobody sees them).

The board's facts are built once per board (:func:`board_facts`), each city's market
once per board, slot and free slot, each ladder once per content, and shared by every
view (the heuristic bot builds a view per decision): a view is read-only.
"""

from __future__ import annotations

from typing import cast, overload

from bohnen.core.files import excerpt
from bohnen.hansa.board import BEAN_TYPES, CODES, CONTRACT, STORAGE, Board, card_text, harvest_text
from bohnen.hansa.data import OVER, PHASE_NAMES, TRADE, VERSION, HansaData, Ladder
from bohnen.hansa.events import deal_json
from bohnen.hansa.flow import result
from bohnen.hansa.serialize import ladder_json
from bohnen.hansa.view_types import (
    BeanCode,
    BoardFacts,
    CityNow,
    ContractFacts,
    LadderSlot,
    OptionsView,
    PhaseName,
    PlayerView,
    ProposalView,
    SeatView,
    SpectatorView,
)

_FACTS: dict[str, tuple[BoardFacts, tuple[ContractFacts, ...]]] = {}


def board_facts(board: Board) -> tuple[BoardFacts, tuple[ContractFacts, ...]]:
    """The board as the views show it, and each contract's facts (contract n at n - 1):
    built once per board."""
    found = _FACTS.get(board.digest)
    if found is None:
        found = _FACTS[board.digest] = (_board_facts(board), _contract_facts(board))
    return found


def _codes(beans: tuple[int, ...]) -> list[BeanCode]:
    return [cast(BeanCode, CODES[b]) for b in beans]


def _board_facts(board: Board) -> BoardFacts:
    codes = board.city_codes
    return {
        "name": board.name,
        "title": board.title,
        "reconstruction": board.reconstruction,
        "beans": [{"code": cast(BeanCode, CODES[b]), "name": board.bean_names[b],
                   "tokens": board.tokens[b], "base_price": board.base[b]}
                  for b in board.beans],
        "colours": [{"name": name, "zoll": card_text(zoll), "nachschub": card_text(nach)}
                    for name, zoll, nach in zip(board.colours, board.zoll, board.nachschub,
                                                strict=True)],
        "cities": [{"code": code, "name": board.city_names[c], "x": board.coords[c][0],
                    "y": board.coords[c][1], "beans": _codes(board.city_beans[c]),
                    "ladder": [{CODES[b]: row[b] for b in board.city_beans[c]}
                               for row in board.prices[c][:-1]],
                    "top": {CODES[b]: board.prices[c][-1][b] for b in board.city_beans[c]},
                    "routes": [codes[n] for n in board.neighbours[c]]}
                   for c, code in enumerate(codes)],
        "distances": [list(row) for row in board.dist],
        "storage": STORAGE,
    }


def _contract_facts(board: Board) -> tuple[ContractFacts, ...]:
    return tuple({"city": board.city_codes[c.city], "beans": _codes(c.beans),
                  "payout": c.payout} for c in board.contracts)


_MARKETS: dict[str, dict[tuple[int, int, int], CityNow]] = {}
_LADDERS: dict[Ladder, list[LadderSlot | None]] = {}
MAX_LADDERS = 100_000  # ladders kept written (the cache is emptied past it)


def _city(state: HansaData, city: int, code: str) -> CityNow:
    """The market of ``city`` now; one object per (city, prices' slot, free slot) of a
    board, shared by the views."""
    free = state.free_slot(city)
    slot = (state.price_slot if state.phase == TRADE and city == state.positions[state.active]
            else free)
    board = state.board
    markets = _MARKETS.get(board.digest)
    if markets is None:
        markets = _MARKETS[board.digest] = {}
    key = (city, slot, free)
    found = markets.get(key)
    if found is None:
        row = board.prices[city][slot]
        found = markets[key] = {"code": code,
                                "prices": {CODES[b]: row[b] for b in board.city_beans[city]},
                                "free_slot": free + 1}
    return found


def _ladder(ladder: Ladder) -> list[LadderSlot | None]:
    """A ladder as the view writes it, shared by the views that show it."""
    found = _LADDERS.get(ladder)
    if found is None:
        if len(_LADDERS) >= MAX_LADDERS:
            _LADDERS.clear()
        found = _LADDERS[ladder] = ladder_json(ladder)
    return found


def _contracts(state: HansaData, seat: int | None, facts: tuple[ContractFacts, ...]
               ) -> dict[str, ContractFacts]:
    """The facts of every contract ``seat`` sees: its hand's, the table's, the discard's."""
    shown = {card_text(c): facts[c - CONTRACT - 1] for c in state.table}
    if seat is not None:
        shown.update((card_text(c), facts[c - CONTRACT - 1]) for c in state.hands[seat]
                     if c > CONTRACT)
    shown.update((f"C{c}", facts[c - 1]) for c in state.contract_discard)
    return shown


@overload
def view(state: HansaData, seat: int) -> SeatView: ...


@overload
def view(state: HansaData, seat: None) -> SpectatorView: ...


def view(state: HansaData, seat: int | None) -> SeatView | SpectatorView:
    """What ``seat`` may see (``None``: a spectator, who sees only what is public)."""
    n = state.player_count
    if seat is not None and not (type(seat) is int and 0 <= seat < n):
        raise ValueError(f"no seat {excerpt(seat)} in a {n}-player game")
    board = state.board
    beans = board.beans
    codes = board.city_codes
    facts, contracts = board_facts(board)
    storage = state.storage
    players: list[PlayerView] = [{
        "seat": s,
        "colour": board.colours[s],
        "city": codes[state.positions[s]],
        "money": state.money[s],
        "earned": state.earned[s],
        "spent": state.spent[s],
        "loans": state.loans[s],
        "beans": {CODES[b]: storage[s * BEAN_TYPES + b] for b in beans},
        "hand": [card_text(c) for c in state.hands[s]] if s == seat else None,
        "hand_size": len(state.hands[s]),
        "waste": [card_text(c) for c in state.waste[s]],
        "harvest_before": [harvest_text(c) for c in state.harvest_before[s]],
        "proposals_made": state.proposals_made[s],
        "proposals_left": state.proposals_left(s),
    } for s in range(n)]
    table: SeatView = {
        "game": "hansa",
        "version": VERSION,
        "seat": cast(int, seat),
        "options": cast(OptionsView, state.options.to_json()),
        "board": facts,
        "contracts": _contracts(state, seat, contracts),
        "phase": cast(PhaseName, PHASE_NAMES[state.phase]),
        "active": state.active,
        "turn": state.turn,
        "to_act": list(state.to_act()),
        "cities": [_city(state, c, code) for c, code in enumerate(codes)],
        "ladders": {code: _ladder(state.ladders[c]) for c, code in enumerate(codes)},
        "supply": {CODES[b]: state.supply[b] for b in beans},
        "players": players,
        "table": [card_text(c) for c in state.table],
        "played": [card_text(c) for c in state.played],
        "contract_pile_size": len(state.contract_pile),
        "contract_discard": [f"C{c}" for c in state.contract_discard],
        "harvest_pile_size": len(state.harvest_pile),
        "harvest_reserve_size": len(state.harvest_reserve),
        "harvest_discard": [harvest_text(c) for c in state.harvest_discard],
        "trigger": harvest_text(state.trigger) if state.trigger >= 0 else None,
        "last_round": state.last_round,
        "last_seat": state.last_seat if state.last_seat >= 0 else None,
        "customs_due": state.customs_due,
        "price_slot": state.price_slot + 1,
        "floor": state.floor,
        "passes": state.passes,
        "pending": proposal_view(state),
        "next_pid": state.next_pid,
        "closing": list(state.closing),
        "result": result(state).to_json() if state.phase == OVER else None,
    }
    return table


def proposal_view(state: HansaData) -> ProposalView | None:
    p = state.pending
    return None if p is None else cast(ProposalView, deal_json(p))
