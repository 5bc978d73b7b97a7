"""The Bohn Hansa playouts of search bots (``Game.playout_move``, ``Game.playout``)."""

from __future__ import annotations

import random
from typing import Any

from bohnen.bots import make_bot
from bohnen.hansa import HansaState
from bohnen.hansa.playout import PLAYOUT_TURNS, WASTE, estimate
from bohnen.sim.runner import play_game

from .helpers import GAME, act, contract_number, edit, load, started, turn_of

SAFE = ["T1", "T4", "T5", "T6", "T7", "T2", "T3"]
C7 = contract_number("BRE", ["FE", "RO"], 35)
C11 = contract_number("ROS", ["FE", "RO"], 35)
C13 = contract_number("AAL", ["FE", "SO", "BL"], 39)
C47 = contract_number("AAL", ["BL"], 17)


def position(seat: int, city: str, money: int, beans: dict[str, int], hand: list[str],
             phase: str = "travel") -> HansaState:
    data = started(4, seed=2)
    data = edit(data, seat, city=city, money=money, beans=beans, hand=hand)
    data = turn_of(data, seat, phase=phase)
    if phase == "trade":
        slots = data["ladders"][city]
        data["price_slot"] = max(i + 1 for i, slot in enumerate(slots) if slot is not None) + 1
    return load(data)


def moves(state: HansaState, seeds: int = 10) -> set[str]:
    return {str(GAME.search.playout_move(state, random.Random(seed))) for seed in range(seeds)}


def test_fulfils_what_it_can() -> None:
    state = position(1, "ROS", 10, {"FE": 1, "RO": 1}, [*SAFE, C11])
    assert moves(state) == {f"1: fulfil {C11}"}


def test_travels_to_the_city_of_a_contract_it_can_complete() -> None:
    state = position(1, "HAM", 40, {"FE": 1, "RO": 1}, [*SAFE, C7])
    assert moves(state) == {"1: go BRE"}


def test_avoids_a_zoll_it_cannot_pay() -> None:
    hand = ["T1", "T3", "T4", "T5", "T6", "T7", "T2", C47]
    assert moves(position(1, "HAM", 40, {"BL": 1}, hand)) == {"1: go AAL"}
    assert moves(position(1, "HAM", 0, {"BL": 1}, hand)) == {"1: stay"}


def test_buys_the_bean_that_completes_a_contract_then_ends_the_trading() -> None:
    state = position(1, "AAL", 30, {"SO": 1, "BL": 1}, [*SAFE, C13], phase="trade")
    assert moves(state) == {"1: buy FE 1"}
    act(state, "1: buy FE 1")
    assert moves(state) == {f"1: fulfil {C13}"}
    act(state, f"1: fulfil {C13}")
    assert moves(state) == {"1: end-trading"}


def test_answers_a_deal_by_the_base_prices() -> None:
    data = started(4, seed=2)
    data = edit(data, 1, city="ROS", money=30, beans={"RO": 1, "GA": 1, "BL": 1},
                hand=[*SAFE, C11])
    data = edit(data, 2, city="ROS", money=10, beans={"FE": 2}, hand=SAFE)
    data = turn_of(data, 1, phase="trade") | {"price_slot": 3}
    state = load(data)
    act(state, "1: propose 2 give GA want FE")
    assert moves(state) == {"2: accept 1"}
    state = load(data)
    act(state, "1: propose 2 give BL want FE")
    assert moves(state) == {"2: decline 1"}


def test_only_legal_moves_in_complete_games() -> None:
    for players in (3, 4, 5):
        for options in GAME.option_sets(players):
            for seed in range(8):
                state: Any = GAME.new_game(options, seed)
                rng = random.Random(seed)
                while (action := GAME.search.playout_move(state, rng)) is not None:
                    state.check(action)
                    state.apply(action)
                assert state.is_over
                state.audit()


def test_same_seed_same_playout() -> None:
    def line(seed: int) -> list[str]:
        state: Any = GAME.new_game(GAME.options(4), 3)
        rng = random.Random(seed)
        out = []
        while (action := GAME.search.playout_move(state, rng)) is not None:
            out.append(str(action))
            state.apply(action)
        return out

    assert line(5) == line(5)


def test_playouts_stop_after_some_turns_with_an_estimate() -> None:
    state: Any = GAME.new_game(GAME.options(4), 5)
    start = state.turn
    result = GAME.search.playout(state, random.Random(5))
    assert not state.is_over and state.turn == start + PLAYOUT_TURNS
    assert result == estimate(state)
    assert result.winners == tuple(s for s in range(4) if result.scores[s] == max(result.scores))


def test_playout_of_a_game_near_its_end_is_its_result() -> None:
    state: Any = GAME.new_game(GAME.options(4), 5)
    rng = random.Random(5)
    while not state.last_round:
        state.apply(GAME.search.playout_move(state, rng))
    result = GAME.search.playout(state, rng)
    assert state.is_over and result == state.result()


def test_estimate_counts_money_beans_contracts_and_wasted_cards() -> None:
    """Tenths of a taler: money taler for taler, beans at base price, a contract whose
    beans are held worth more where it is fulfilled, a travel card discarded for good
    ``WASTE`` talers less."""
    away = estimate(position(1, "HAM", 10, {"FE": 1, "RO": 1}, [*SAFE, C11])).scores[1]
    there = estimate(position(1, "ROS", 10, {"FE": 1, "RO": 1}, [*SAFE, C11])).scores[1]
    richer = estimate(position(1, "HAM", 30, {"FE": 1, "RO": 1}, [*SAFE, C11])).scores[1]
    bare = estimate(position(1, "HAM", 10, {"FE": 1, "RO": 1}, SAFE)).scores[1]
    assert bare == 10 * (10 + 5 + 12)
    assert there > away > bare
    assert abs(richer - away - 200) <= 1
    data = edit(turn_of(started(4, seed=2), 1), 1, city="HAM", money=10,
                beans={"FE": 1, "RO": 1}, hand=[c for c in SAFE if c != "T7"])
    data["waste"][1] = ["T7"]
    assert estimate(load(data)).scores[1] == bare - 10 * WASTE


def test_ismcts_plays_whole_games() -> None:
    game = GAME
    bots = [make_bot("ismcts:iterations=8", game), make_bot("heuristic", game),
            make_bot("ismcts:iterations=8,proposals=0,prior=heuristic", game)]
    played = play_game(game, game.options(3), 11, bots)
    assert len(played.result.scores) == 3
