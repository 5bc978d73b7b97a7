"""``bench/seat_effect.py``: its arithmetic on three games computed by hand, and its games
are ``bohnen simulate``'s, with turns and trades read from their records."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from bohnen.bohnanza.game import GAME
from bohnen.bots import make_bot
from bohnen.core.records import replay
from bohnen.sim.ratings import Z95
from bohnen.sim.runner import Played, simulate

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
try:
    from seat_effect import (
        SeatGame,
        by_ending,
        by_most_cards,
        complete_rounds,
        ending_seat,
        main,
        mean,
        pair_gaps,
        play,
        seat_game,
        seat_rows,
        seat_turns,
        ties,
        turn_rows,
    )
finally:
    sys.path.remove(str(BENCH))

# Two seats. G1: seat 0 wins with a turn more; G2: a tie at 8, seat 0 holds more cards;
# G3: seat 1 wins, turns equal.
G1 = SeatGame(scores=(10, 6), winners=(0,), turns=(5, 4), trades=(3, 1), hands=(2, 5))
G2 = SeatGame(scores=(8, 8), winners=(0, 1), turns=(5, 5), trades=(2, 2), hands=(4, 1))
G3 = SeatGame(scores=(6, 12), winners=(1,), turns=(4, 4), trades=(1, 3), hands=(0, 0))
GAMES = [G1, G2, G3]


@pytest.mark.parametrize(("turns", "players", "each"), [
    (32, 4, (8, 8, 8, 8)),  # whole rounds
    (33, 4, (9, 8, 8, 8)),  # the game ended in seat 0's turn
    (30, 4, (8, 8, 7, 7)),  # ... in seat 1's turn
    (31, 4, (8, 8, 8, 7)),
    (1, 3, (1, 0, 0)),
    (14, 5, (3, 3, 3, 3, 2)),
])
def test_each_seat_has_the_turns_of_its_place_in_the_round(
        turns: int, players: int, each: tuple[int, ...]) -> None:
    assert seat_turns(turns, players) == each
    assert sum(each) == turns


def test_a_mean_has_the_normal_interval_of_the_sample() -> None:
    m = mean([10, 8, 6])  # mean 8, sample variance (4 + 0 + 4) / 2 = 4
    half = Z95 * 2 / math.sqrt(3)
    assert m.value == 8
    assert m.low == pytest.approx(8 - half) and m.high == pytest.approx(8 + half)
    assert math.isnan(mean([3]).low) and mean([3]).value == 3
    assert math.isnan(mean([]).value)


def test_the_seat_rows_by_hand() -> None:
    zero, one = seat_rows(GAMES, 2)
    assert (zero.label, zero.count, zero.wins) == ("seat 0", 3, 1.5)  # 1 + 1/2 + 0
    assert zero.win_share == 0.5
    assert zero.talers.value == 8  # (10 + 8 + 6) / 3
    assert zero.turns == pytest.approx(14 / 3)
    assert zero.per_turn.value == pytest.approx((10 / 5 + 8 / 5 + 6 / 4) / 3)  # 1.7
    assert zero.trades == 2
    assert zero.most_turns == 1
    assert one.wins == 1.5  # 0 + 1/2 + 1
    assert one.talers.value == pytest.approx(26 / 3)
    assert one.per_turn.value == pytest.approx((6 / 4 + 8 / 5 + 12 / 4) / 3)
    assert one.most_turns == pytest.approx(2 / 3)  # not in G1


def test_the_rows_by_turns_had_by_hand() -> None:
    most, fewer = turn_rows(GAMES)
    # most turns: seat 0 of G1, both seats of G2 and G3
    assert (most.count, most.wins) == (5, 1 + 0.5 + 0.5 + 0 + 1)
    assert most.talers.value == pytest.approx((10 + 8 + 8 + 6 + 12) / 5)
    # one fewer: seat 1 of G1
    assert (fewer.count, fewer.wins, fewer.talers.value, fewer.turns) == (1, 0, 6, 4)


def test_complete_rounds_are_the_games_of_equal_turns() -> None:
    assert complete_rounds(GAMES) == [G2, G3]


def test_games_are_grouped_by_the_seat_whose_turn_ended_them() -> None:
    assert [ending_seat(g) for g in GAMES] == [0, 1, 1]  # G1: 5/4 turns; G2, G3 even
    assert by_ending(GAMES, 2) == [[G1], [G2, G3]]
    assert ending_seat(SeatGame((0,) * 4, (0,), seat_turns(31, 4), (0,) * 4, (0,) * 4)) == 2


def test_the_earlier_seats_lead_by_hand() -> None:
    talers, wins = pair_gaps(GAMES, equal=True)  # G2: 8 - 8, a tie; G3: 6 - 12, lost
    assert (talers.value, wins.value) == (-3, -0.5)  # (0 - 6) / 2, (0 - 1) / 2
    talers, wins = pair_gaps(GAMES, equal=False)  # G1 only: 10 - 6, won
    assert (talers.value, wins.value) == (4, 1)
    # three seats with turns 3/3/2: pairs (0,1) equal; (0,2) and (1,2) a turn apart
    three = SeatGame((9, 6, 3), (0,), (3, 3, 2), (0,) * 3, (0,) * 3)
    assert pair_gaps([three], equal=True)[0].value == 3
    assert pair_gaps([three], equal=False)[0].value == 4.5  # (6 + 3) / 2
    assert pair_gaps([three], equal=False)[1].value == 0.5  # (1 + 0) / 2


def test_ties_and_the_other_rule_of_ties_by_hand() -> None:
    tied = ties(GAMES, 2)
    assert tied.games == 1
    assert tied.shared == (0.5, 0.5)
    assert tied.most_cards == (1.0, 0.0)  # seat 0 holds 4 cards, seat 1 one
    even = SeatGame((5, 5, 3), (0, 1), (2, 2, 2), (0, 0, 0), (3, 3, 9))
    assert by_most_cards(even) == (0, 1)  # still tied; seat 2 was not among the tied


def test_its_games_are_simulates() -> None:
    options = GAME.options(4)
    games = play(options, 7, 3, "random", 1)
    played: list[Played] = []
    simulate(GAME, options, 7, 3, [make_bot("random", GAME) for _ in range(4)],
             on_game=played.append)
    assert [(g.scores, g.winners) for g in games] == [
        (p.result.scores, p.result.winners) for p in played]
    assert [g.turns for g in games] == [seat_turns(p.turns, 4) for p in played]


def test_trades_and_hands_are_read_from_the_record() -> None:
    options = GAME.options(4)
    played: list[Played] = []
    simulate(GAME, options, 3, 2, [make_bot("random", GAME) for _ in range(4)],
             on_game=played.append, record=True)
    for one in played:
        assert one.record is not None
        game = seat_game(options, one)
        accepts = [int(text.split(":")[0]) for text in one.record.actions
                   if text.split()[1] == "accept"]
        assert accepts  # random bots trade
        # each accepted proposal is one trade with two seats in it, the acceptor one
        assert sum(game.trades) == 2 * len(accepts)
        assert all(game.trades[s] >= accepts.count(s) for s in range(4))
        end = replay(one.record).view(None)
        assert isinstance(end, dict)
        assert game.hands == tuple(p["hand_size"] for p in end["players"])


def test_it_refuses_a_bad_bot_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--bots", "nope", "--games", "1"])
    assert "unknown bot 'nope'" in capsys.readouterr().err
