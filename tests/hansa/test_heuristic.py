"""The Bohn Hansa heuristic bot: one test per decision of its strategy, on built positions.

Each position is built through the public protocol (``helpers.py``), the bot is given
its seat's view and the legal actions only, and the test checks the move the strategy
calls for. The last tests play whole games against random bots and check that every
move is legal.
"""

from __future__ import annotations

import random
from typing import Any

from bohnen.bots import make_bot
from bohnen.core.bots import Decision
from bohnen.core.rng import derive
from bohnen.hansa import HansaState, stacked_deck
from bohnen.hansa.actions import PROPOSAL_TYPES
from bohnen.hansa.heuristic import HansaHeuristicBot

from .helpers import (
    GAME,
    JSON,
    act,
    contract_number,
    edit,
    load,
    started,
    turn_of,
)

SAFE = ["T1", "T4", "T5", "T6", "T7", "T2", "T3"]  # the Zoll (T3) last, the Nachschub before it
C7 = contract_number("BRE", ["FE", "RO"], 35)
C11 = contract_number("ROS", ["FE", "RO"], 35)
C20 = contract_number("MAL", ["BR", "FE", "SA"], 41)
C42 = contract_number("MAL", ["BR", "SO", "RO"], 53)
C13 = contract_number("AAL", ["FE", "SO", "BL"], 39)
C47 = contract_number("AAL", ["BL"], 17)


def decide(state: HansaState, seat: int | None = None,
           bot: HansaHeuristicBot | None = None) -> str:
    """The bot's move for ``seat`` (the first seat to act), checked to be legal."""
    seat = state.to_act()[0] if seat is None else seat
    bot = bot if bot is not None else HansaHeuristicBot()
    decision = Decision(seat, state.view(seat), state.legal_actions(seat),
                        state.proposals(seat))
    action = bot.act(decision, random.Random(0))
    if isinstance(action, PROPOSAL_TYPES):
        state.check(action)
    else:
        assert action in decision.actions
    return str(action)


def trade_phase(data: JSON, seat: int) -> JSON:
    """``data`` in seat ``seat``'s trade phase, at the prices of its city's free slot."""
    data = turn_of(data, seat, phase="trade")
    slots = data["ladders"][data["positions"][seat]]
    free = max((i + 1 for i, slot in enumerate(slots) if slot is not None), default=0)
    return data | {"price_slot": free + 1}


def base_position(seed: int = 2) -> JSON:
    """After the set-up of a 4-player game; every seat parked in Edinburgh with travel
    cards only and a few talers, so that only what a test sets matters."""
    data = started(4, seed=seed)
    for seat in range(4):
        data = edit(data, seat, city="EDI", money=10, beans={}, hand=SAFE)
    return data


# --- the set-up -----------------------------------------------------------------------------


def test_start_contract_the_dearest_and_the_one_needing_more_time_last() -> None:
    """« Chaque joueur pose face visible devant lui, son contrat avec le plus fort revenu
    ... Les deux autres contrat sont mis dans un ordre quelconque à la fin »: the rules
    force the dearest (C42, Malmö, 53); of the others, C1 (Edinburgh, two cities away,
    lacking both its beans, which Edinburgh does not sell) goes last, C56 (Visby, next
    to Malmö, its beans held) first."""
    c1 = contract_number("EDI", ["BR", "RO"], 37)
    c56 = contract_number("VIS", ["BL", "AU"], 33)
    for dealt in ([C42, c1, c56], [c56, C42, c1], [c1, c56, C42]):
        state = GAME.new_game(GAME.options(4), 1, deck=stacked_deck(dealt))
        assert decide(state, 0) == f"0: begin {C42} last {c1}"


# --- contracts ------------------------------------------------------------------------------


def test_fulfils_a_contract_in_the_trade_phase() -> None:
    data = edit(base_position(), 1, city="ROS", money=10, beans={"FE": 1, "RO": 1, "BL": 1},
                hand=[*SAFE, C11])
    state = load(trade_phase(data, 1))
    assert decide(state) == f"1: fulfil {C11}"


def test_fulfils_before_leaving_the_city() -> None:
    """« Cela ne peut avoir lieu que dans la ville où le joueur commence son voyage ou dans
    la ville où il le termine »: the contract of the start city first."""
    data = edit(base_position(), 1, city="ROS", money=10, beans={"FE": 1, "RO": 1},
                hand=[*SAFE, C11])
    state = load(turn_of(data, 1))
    assert decide(state) == f"1: fulfil {C11}"


def test_fulfils_the_contract_drawn_and_then_ends_the_turn() -> None:
    data = edit(base_position(), 1, city="ROS", money=10, beans={"FE": 1, "RO": 1},
                hand=SAFE)
    data["contract_pile"] = [C11] + [c for c in data["contract_pile"] if c != C11]
    state = load(trade_phase(data, 1))
    act(state, "1: end-trading")
    assert decide(state) == f"1: fulfil {C11}"
    act(state, f"1: fulfil {C11}")
    assert decide(state) == "1: end-turn"


def test_fulfils_its_last_contract_at_the_closing() -> None:
    data = edit(base_position(), 2, city="ROS", money=10, beans={"FE": 1, "RO": 1},
                hand=[*SAFE, C11])
    data = turn_of(data, 2, phase="closing") | {"closing": [2, 3, 0, 1]}
    state = load(data)
    assert decide(state) == f"2: fulfil {C11}"
    act(state, f"2: fulfil {C11}")
    assert state.is_over  # nobody else has a contract to fulfil where they stand


# --- journeys -------------------------------------------------------------------------------


def test_travels_toward_the_city_of_its_contract() -> None:
    """Hamburg to Bremen (a neighbour) with the beans of C7 for Bremen."""
    data = edit(base_position(), 1, city="HAM", money=40, beans={"FE": 1, "RO": 1},
                hand=[*SAFE, C7])
    state = load(turn_of(data, 1))
    assert decide(state) == "1: go BRE"


def test_travels_where_the_missing_bean_is_sold() -> None:
    """C20 for Malmö lacks a Saubohne; Lübeck, on the way, sells it: the bot goes there
    (buys it, and reaches Malmö next) rather than to Malmö without it."""
    data = edit(base_position(), 1, city="HAM", money=40, beans={"BR": 1, "FE": 1},
                hand=[*SAFE, C20])
    state = load(turn_of(data, 1))
    assert decide(state) == "1: go LUE"


def test_does_not_play_into_a_zoll_it_cannot_pay() -> None:
    """In Hamburg with C47 for Aalborg (a neighbour) and its Blaue, the Zoll second in
    hand: with money for the Zoll the bot goes (two cards, the Zoll among them) and
    fulfils; with no money (the Blaue would go to the customs, then a loan repaid
    double) it stays, playing one card and no Zoll."""
    hand = ["T1", "T3", "T4", "T5", "T6", "T7", "T2", C47]
    data = edit(base_position(), 1, city="HAM", money=60, beans={"BL": 1}, hand=hand)
    assert decide(load(turn_of(data, 1))) == "1: go AAL"
    assert decide(load(turn_of(edit(data, 1, money=0), 1))) == "1: stay"


def test_sells_the_bean_least_useful_to_its_contracts_for_the_customs() -> None:
    """Short of money for the Zoll: the Gartenbohne (14, no contract wants it) pays the
    11 owed; the Feuer and Rote of C7 are kept."""
    data = edit(base_position(), 1, city="HAM", money=9, beans={"FE": 1, "RO": 1, "GA": 1},
                hand=["T3", "T1", "T2", "T4", "T5", "T6", "T7", C7])
    state = load(turn_of(data, 1))
    act(state, "1: stay")
    assert state.view(1)["phase"] == "customs"
    assert decide(state) == "1: sell GA"


def test_buys_a_contract_with_spare_money_and_cards() -> None:
    """No contract in hand, a bean of each kind, plenty of money and turns: a contract
    drawn blind is worth its price; buy one with an ordinary travel card, the one
    farthest back. Not when poor."""
    beans = {bean: 1 for bean in ("BL", "FE", "SA", "BR", "SO", "AU", "RO", "GA")}
    data = edit(base_position(), 1, city="HAM", money=80, beans=beans, hand=SAFE)
    state = load(turn_of(data, 1))
    assert decide(state) == "1: buy-contract T7"
    state = load(turn_of(edit(data, 1, money=12), 1))
    assert not decide(state).startswith("1: buy-contract")


# --- buying ---------------------------------------------------------------------------------


def test_buys_the_missing_bean_where_it_is_sold_and_fulfils() -> None:
    """In Aalborg with C13 for Aalborg (Feuer, Soja, Blaue) lacking the Feuer, which
    Aalborg sells: the bot buys it and fulfils."""
    data = edit(base_position(), 1, city="AAL", money=30, beans={"SO": 1, "BL": 1},
                hand=[*SAFE, C13])
    state = load(trade_phase(data, 1))
    assert decide(state) == "1: buy FE 1"
    act(state, "1: buy FE 1")
    assert decide(state) == f"1: fulfil {C13}"


def test_does_not_buy_beans_nobody_needs_above_their_base_price() -> None:
    data = edit(base_position(), 1, city="BRE", money=30, beans={}, hand=SAFE)
    bremen = [["BR", 1], ["AU", 1], None, None]
    state = load(trade_phase(edit(data, ladders={"BRE": bremen}), 1) | {"price_slot": 2})
    assert decide(state) == "1: pass"  # prices of slot 2: dearer than the base prices


def test_returns_a_bean_to_make_room_for_one_that_completes_a_contract() -> None:
    """The aid is full, mostly of Blaue; C13 here lacks the Feuer: return a Blaue, then
    buy the Feuer."""
    data = edit(base_position(), 1, city="AAL", money=30, beans={"BL": 7, "SO": 1},
                hand=[*SAFE, C13])
    state = load(trade_phase(data, 1))
    assert decide(state) == "1: return BL"
    act(state, "1: return BL")
    assert decide(state) == "1: buy FE 1"


# --- invitations and trades -----------------------------------------------------------------


def rostock() -> JSON:
    """Page 10: seat 1 in Rostock, its trade phase, C11 (Feuer + Rote) in hand lacking the
    Feuer (Rostock does not sell it); seat 2 in Visby with two Feuer."""
    data = edit(base_position(), 1, city="ROS", money=30, beans={"RO": 1, "BL": 3, "SA": 1},
                hand=[*SAFE, C11])
    data = edit(data, 2, city="VIS", money=10, beans={"FE": 2}, hand=SAFE)
    return trade_phase(data, 1)


def test_invites_a_seat_holding_the_bean_it_lacks() -> None:
    state = load(rostock())
    move = decide(state)
    assert move.startswith("1: propose 2 ") and "want FE" in move


def test_accepts_an_invitation_that_pays_and_completes_the_contract() -> None:
    """Seat 2 receives a Sojabohne (9) for a Feuer (5), its first card an ordinary one;
    then seat 1 fulfils its contract."""
    state = load(rostock())
    act(state, "1: propose 2 want FE buy SO")
    assert decide(state) == "2: accept 1"
    act(state, "2: accept 1")
    assert decide(state) == f"1: fulfil {C11}"


def test_declines_a_gift_of_nothing_that_costs_it() -> None:
    """An invitation with nothing in it, the guest's first card its Zoll (15 talers)."""
    data = edit(rostock(), 2, hand=["T3", "T1", "T2", "T4", "T5", "T6", "T7"], money=20)
    state = load(data)
    act(state, "1: propose 2")
    assert decide(state) == "2: decline 1"


def test_declines_a_trade_worth_less_than_it_costs() -> None:
    """A Blaue (4) for its Feuer (5): no contract of seat 2 wants the Blaue."""
    state = load(rostock())
    act(state, "1: propose 2 give BL want FE")
    assert decide(state) == "2: decline 1"


def test_accepts_a_bean_that_completes_its_contract() -> None:
    """Seat 2 holds C7 for Bremen lacking the Rote; a Rote for a Feuer completes it."""
    data = edit(rostock(), 2, beans={"FE": 2}, hand=[*SAFE, C7])
    state = load(data)
    act(state, "1: propose 2 give RO want FE")
    assert decide(state) == "2: accept 1"


def test_asks_for_an_invitation_in_the_last_round() -> None:
    """The last round, seat 1's turn the last of the game: seat 2 has played and holds C11
    with its beans; invited into Rostock it fulfils C11 at the end. It offers a bean for
    the invitation."""
    data = rostock()
    data = edit(data, 2, city="VIS", beans={"FE": 1, "RO": 1, "BL": 1}, hand=[*SAFE, C11])
    data = edit(data, 1, hand=SAFE)
    data |= {"last_round": True, "last_seat": 1, "floor": 2, "passes": 1}
    state = load(data)
    move = decide(state, 2)
    assert move.startswith("2: propose 1 give ")
    act(state, move)
    assert decide(state, 1) == "1: accept 1"
    act(state, "1: accept 1")
    assert state.view(None)["players"][2]["city"] == "ROS"


def test_passes_the_floor_with_nothing_to_ask() -> None:
    data = rostock() | {"floor": 3, "passes": 1}
    state = load(data)
    assert decide(state, 3) == "3: pass"


def test_lets_the_others_propose_once_then_ends_the_trading() -> None:
    data = edit(base_position(), 1, city="HAM", money=0, beans={}, hand=SAFE)
    state = load(trade_phase(data, 1))
    bot = HansaHeuristicBot()
    assert decide(state, 1, bot) == "1: pass"
    act(state, "1: pass", "2: pass", "3: pass", "0: pass")
    assert decide(state, 1, bot) == "1: end-trading"


def test_without_trades_it_never_proposes_and_ends_the_trading_at_once() -> None:
    state = load(rostock())
    assert decide(state, bot=HansaHeuristicBot(trades=False)) == "1: end-trading"


# --- whole games ----------------------------------------------------------------------------


def _play(options: Any, seed: int, heuristic_seats: tuple[int, ...]) -> tuple[HansaState, int]:
    """A game with the heuristic bot in ``heuristic_seats`` and random bots elsewhere;
    every move of the heuristic bot is checked against the rules."""
    bots: list[Any] = [make_bot("random", GAME) for _ in range(options.players)]
    for seat in heuristic_seats:
        bots[seat] = make_bot("heuristic", GAME)
    state: HansaState = GAME.new_game(options, seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_over:
        seats = state.to_act()
        seat = seats[int(rng.random() * len(seats))]
        legal = state.legal_actions(seat)
        decision = Decision(seat, state.view(seat), legal, state.proposals(seat))
        action = bots[seat].act(decision, rng)
        if seat in heuristic_seats:
            if isinstance(action, PROPOSAL_TYPES):
                state.check(action)
                assert action in decision.proposals
            else:
                assert action in legal, f"{action} is not legal"
            moves += 1
        state.apply(action)
    state.audit()
    return state, moves


def test_only_legal_moves_against_random_bots() -> None:
    moves = 0
    for index in range(200):
        players = 3 + index % 3
        options = GAME.options(players)
        _, made = _play(options, derive(17, index), (index % players,))
        moves += made
    assert moves > 200 * 30


def test_only_legal_moves_with_every_option_set() -> None:
    for players in (3, 4, 5):
        for options in GAME.option_sets(players):
            for seed in range(4):
                _play(options, derive(23, seed), tuple(range(players)))


def test_beats_random_bots() -> None:
    """The heuristic bot in seat ``i`` of game ``i`` wins nearly every game."""
    wins = 0
    for index in range(24):
        state, _ = _play(GAME.options(4), derive(31, index), (index % 4,))
        wins += index % 4 in state.result().winners
    assert wins >= 20
