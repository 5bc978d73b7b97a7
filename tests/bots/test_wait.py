"""The bot protocol's notion of waiting (issue 24: "In open trading, a bot decides when
to act and may wait").

A bot may answer ``Wait`` only where its decision says ``may_wait``: a live table where
the game goes on without the seat's move. Offline runners never offer it, and a bot
that waits there is at fault. ``waits_on`` names the seats that hold the game up (the
clocks' seats), which in open trading is not the same as the seats that may not wait.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bohnanza.builder import stacked_deck
from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.bots import (
    BotFault,
    Decision,
    Wait,
    chosen,
    decision_for,
    may_wait,
)
from bohnen.core.protocol import AnyState
from bohnen.sim.runner import play_game

BOHNANZA = get_game("bohnanza")
# The open-trading example of docs/bohnanza.md: four hands, then the two cards revealed.
HANDS = ["GA SO BL FE AU", "GA BR SA AU BL", "BL AU SA RO BR", "FE FE SA BR AU"]


def open_game(*moves: str, **options: Any) -> AnyState:
    """The docs' open-trading deal, after ``moves`` (notation)."""
    top = [HANDS[seat].split()[r] for r in range(5) for seat in range(4)] + ["SO", "AU"]
    opts = BOHNANZA.options(4, trading="open", **options)
    state: AnyState = BOHNANZA.new_game(opts, 3, deck=stacked_deck(top, 3))
    for text in moves:
        state.apply(BOHNANZA.parse_action(text))
    return state


TRADE = ("0: plant 0", "0: plant 1")  # seat 0 plants both cards: the trading begins
DEAL = ("0: propose 2 give f0 want RO", "2: accept 1 give h3", "0: close-trading")
# Phase 3 of the docs' example: seat 2 plants its Soja, seat 0 must harvest to plant
# its Rote and Augen; then seat 1's turn begins, seats 0 and 2 could harvest.
PHASE3 = (*TRADE, *DEAL)
NEXT_TURN = (*PHASE3, "2: plant SO 0", "0: harvest 0", "0: plant RO 0", "0: harvest 1",
             "0: plant AU 1")


def live(state: AnyState, seat: int, spec: str = "heuristic", waited: float = 0.0
         ) -> Decision[Any]:
    return decision_for(state, seat, make_bot(spec, BOHNANZA), waiting=True, waited=waited)


def answer(state: AnyState, seat: int, spec: str = "heuristic", waited: float = 0.0,
           seed: int = 0) -> Any:
    return make_bot(spec, BOHNANZA).act(live(state, seat, spec, waited), random.Random(seed))


class Waiter:
    """A bot that always waits: a bot at fault wherever waiting is not offered."""

    name = "waiter"
    needs_view = False
    proposes = False

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        return Wait(1.0)


# --- the notion --------------------------------------------------------------------------


@pytest.mark.parametrize("seconds", [-1.0, float("nan"), float("inf"), True, "2"])
def test_a_wait_is_a_finite_number_of_seconds_or_none(seconds: Any) -> None:
    with pytest.raises(ValueError, match="finite number of seconds"):
        Wait(seconds)
    assert Wait().seconds is None and Wait(0).seconds == 0


def test_a_decision_offers_no_wait_unless_the_caller_lets_bots_wait() -> None:
    state = open_game(*TRADE)
    bot = make_bot("heuristic", BOHNANZA)
    offline = decision_for(state, 1, bot)
    assert offline.may_wait is False and offline.waited == 0.0
    assert Decision(1, None, [], ()).may_wait is False  # the old four-field form
    online = decision_for(state, 1, bot, waiting=True, waited=1.5)
    assert online.may_wait is True and online.waited == 1.5
    assert online[:3] == offline[:3]


def test_the_seat_whose_move_the_game_needs_may_not_wait() -> None:
    planting = open_game(*NEXT_TURN)  # phase 1 of seat 1; seats 0 and 2 could harvest
    assert planting.to_act() == (0, 1, 2) and planting.must_act() == (1,)
    assert not may_wait(planting, 1)
    assert may_wait(planting, 0) and may_wait(planting, 2)
    trading = open_game(*TRADE)  # the others may propose: the active player may wait
    assert all(may_wait(trading, seat) for seat in range(4))


def test_a_seat_that_must_harvest_before_it_plants_is_needed_all_the_same() -> None:
    state = open_game(*PHASE3)
    assert state.must_act() == (0, 2)
    assert all(a.any_time for a in state.legal_actions(0))  # harvests only, for now
    assert may_wait(state, 0)  # seat 2 can go on planting meanwhile
    assert not may_wait(state, 2)  # seat 0 has no move but a harvest
    state.apply(BOHNANZA.parse_action("2: plant SO 0"))
    assert state.to_act() == (0, 2) and state.must_act() == (0,)  # seat 2 could harvest
    assert not may_wait(state, 0) and may_wait(state, 2)


def test_nobody_may_wait_where_one_seat_alone_is_to_act() -> None:
    for name in ("bohnanza", "ndb", "hansa"):
        game = get_game(name)
        opts = game.options(game.min_players)
        played = play_game(game, opts, 5, [make_bot("random", game)] * game.min_players,
                           record=True)
        assert played.record is not None
        state: AnyState = game.new_game(opts, 5)
        for text in played.record.actions[:60]:
            seats = state.to_act()
            assert state.must_act() == seats, name
            if len(seats) == 1:
                assert not may_wait(state, seats[0]), name
            state.apply(game.parse_action(text))


def test_a_trading_seat_may_no_longer_wait_once_nobody_else_can_move() -> None:
    # One proposal a seat, per turn: once the others have used theirs and been answered,
    # only the active player can go on (close the trading).
    state = open_game(*TRADE, "1: propose 0 want SO", "2: propose 0 want SO",
                      "3: propose 0 want SO", "0: decline 1", "0: decline 2", "0: decline 3",
                      max_proposals_per_turn=1)
    assert state.must_act() == (0,)
    assert not may_wait(state, 0)


def test_must_act_names_the_seats_that_hold_the_game_up_in_open_trading() -> None:
    assert open_game().must_act() == (0,)  # phase 1: the planting of the active player
    assert open_game(*TRADE).must_act() == (0,)  # phase 2: only its close ends it
    assert open_game(*TRADE).to_act() == (0, 1, 2, 3)
    assert open_game(*PHASE3).must_act() == (0, 2)  # phase 3: every seat with cards


def test_every_seat_to_play_is_needed_where_several_play_at_once() -> None:
    game = get_game("ndb")
    state: AnyState = game.new_game(game.options(4), 2)
    lead = state.to_act()
    assert len(lead) == 1 and state.must_act() == lead
    state.apply(state.legal_actions(lead[0])[0])
    assert len(state.to_act()) == 3  # the others play face down, all at once
    assert state.must_act() == state.to_act()
    assert all(may_wait(state, seat) for seat in state.to_act())  # the others go on


# --- offline: never a wait ---------------------------------------------------------------


def test_chosen_refuses_a_wait_where_the_decision_does_not_offer_one() -> None:
    state = open_game()
    decision = decision_for(state, 0, Waiter())
    with pytest.raises(BotFault, match="bot waiter at seat 0 waited, but the game needs"):
        chosen(Waiter(), decision, random.Random(0))


def test_an_offline_game_refuses_a_bot_that_waits_instead_of_waiting_forever() -> None:
    opts = BOHNANZA.options(3, trading="open")
    with pytest.raises(BotFault, match="waited, but the game needs its move"):
        play_game(BOHNANZA, opts, 1, [Waiter(), Waiter(), Waiter()])


def test_offline_bots_play_as_before_in_open_trading() -> None:
    # The runner offers no wait, so the heuristic plays its offline moves (a seat called
    # on with nothing to do still moves): whole games end, none waits.
    opts = BOHNANZA.options(4, trading="open")
    bots = [make_bot("heuristic", BOHNANZA) for _ in range(4)]
    for seed in range(3):
        assert play_game(BOHNANZA, opts, seed, bots).actions > 0


# --- the heuristic bot waits a little in open trading ------------------------------------


def test_the_heuristic_waits_for_the_table_while_another_seat_plants() -> None:
    state = open_game(*NEXT_TURN)
    assert answer(state, 2) == Wait()
    decision = decision_for(state, 2, make_bot("heuristic", BOHNANZA))  # offline
    assert chosen(make_bot("heuristic", BOHNANZA), decision, random.Random(0)) in \
        decision.actions  # it had to take a move open at any moment


def test_the_heuristic_leaves_people_time_before_its_own_trading_moves() -> None:
    state = open_game(*TRADE)
    assert answer(state, 1) == Wait(2.0)
    assert answer(state, 1, waited=0.5) == Wait(1.5)
    assert answer(state, 0, waited=1.0) == Wait(1.0)  # the active player too
    late = answer(state, 0, waited=2.0)
    assert not isinstance(late, Wait)
    state.check(late)
    assert str(late).startswith("0: propose")
    quick = answer(state, 1, "heuristic:patience=0")
    assert not isinstance(quick, Wait)
    state.check(quick)


def test_the_heuristic_answers_an_offer_made_to_it_at_once() -> None:
    state = open_game(*TRADE, "0: propose 2 give f0 want RO")
    reply = answer(state, 2)
    assert not isinstance(reply, Wait)
    state.check(reply)
    assert str(reply).split()[1] in ("accept", "decline", "counter")


def test_the_heuristic_waits_for_the_table_once_it_has_nothing_to_offer() -> None:
    state = open_game(*TRADE, "1: propose 0 want SO", "2: propose 0 want SO",
                      "3: propose 0 want SO", max_proposals_per_turn=1)
    assert answer(state, 1, waited=10.0) == Wait()  # its one offer made, still open


def test_the_heuristic_moves_as_offline_where_it_may_not_wait() -> None:
    state = open_game(*NEXT_TURN)
    bot = make_bot("heuristic", BOHNANZA)
    decision = live(state, 1)
    assert not decision.may_wait
    offline = chosen(bot, decision_for(state, 1, bot), random.Random(4))
    assert bot.act(decision, random.Random(4)) == offline


def test_patience_is_a_parameter_of_the_heuristic() -> None:
    assert make_bot("heuristic:patience=0.5", BOHNANZA).name == "heuristic:patience=0.5"
    assert make_bot("heuristic:trades=false,patience=2", BOHNANZA).name == \
        "heuristic:trades=false"
    with pytest.raises(ValueError, match="patience must be a number of seconds"):
        make_bot("heuristic:patience=-1", BOHNANZA)


# --- the other bots ---------------------------------------------------------------------


def test_random_and_search_bots_wait_while_they_have_nothing_of_their_own_to_do() -> None:
    state = open_game(*NEXT_TURN)
    for spec in ("random", "ismcts:iterations=5"):
        assert answer(state, 2, spec) == Wait(), spec
        move = answer(state, 1, spec)
        assert not isinstance(move, Wait), spec
        state.check(move)


def test_a_search_bot_waits_as_its_prior_does() -> None:
    state = open_game(*TRADE)
    spec = "ismcts:iterations=5,prior=heuristic"
    assert answer(state, 1, spec) == Wait(2.0)
    move = answer(state, 1, spec, waited=5.0)
    assert not isinstance(move, Wait)
    state.check(move)
