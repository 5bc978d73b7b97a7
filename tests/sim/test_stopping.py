"""Sequential stopping: looks over whole blocks in the order of the schedule, the rules'
figures against hand computations, and a decided run that is the same on any backend."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from bohnen.core import get_game
from bohnen.sim.local import LocalBackend
from bohnen.sim.sprt import Sprt
from bohnen.sim.stopping import Look, Sequential, SignificanceRule, SprtRule
from bohnen.sim.tournament import GameOutcome, TournamentSpec, run_tournament


def game(index: int, seats: tuple[int, ...], scores: tuple[int, ...],
         winners: tuple[int, ...]) -> GameOutcome:
    return GameOutcome(index, 0, seats, scores, winners, "end", 1, 1)


def won_by(index: int, seats: tuple[int, ...], bot: int) -> GameOutcome:
    """A game of three seats won alone by ``bot``: 10 points to it, 0 to the others."""
    seat = seats.index(bot)
    return game(index, seats, tuple(10 if s == seat else 0 for s in range(3)), (seat,))


ROTATIONS = ((0, 1, 2), (1, 2, 0), (2, 0, 1))


def block(number: int, winner: int) -> list[GameOutcome]:
    return [won_by(3 * number + k, seats, winner) for k, seats in enumerate(ROTATIONS)]


@dataclass
class Counting:
    """A rule that decides once it has seen ``after`` games; it keeps what it saw."""

    after: int
    seen: list[list[int]] = field(default_factory=list)

    def look(self, block: Sequence[GameOutcome], games: int) -> Look:
        self.seen.append([outcome.index for outcome in block])
        return Look(games, games >= self.after, f"{games} games", {"games": games})

    def describe(self) -> str:
        return "counting"


def test_looks_come_block_by_block_in_the_order_of_the_schedule() -> None:
    rule = Counting(after=6)
    stop = Sequential(rule, 3)
    assert stop.line == "counting"
    assert not stop.add(block(1, 0))  # block 0 not played yet: no look
    assert rule.seen == []
    assert not stop.add(block(0, 0)[:2])
    assert stop.add(block(0, 0)[2:])  # blocks 0 and 1 both whole now: two looks
    assert rule.seen == [[0, 1, 2], [3, 4, 5]]
    assert stop.decided_after == 6
    assert stop.add(block(2, 0)) and rule.seen == [[0, 1, 2], [3, 4, 5]]  # no more looks


def test_significance_of_win_shares_by_hand() -> None:
    rule = SignificanceRule.of(("a", "b", "b"), paired=False)
    # a wins all 3 games: Wilson(3 of 3) = 0.4385 to 1; b none of 6 seats: 0 to 0.3903
    look = rule.look(block(0, 0), 3)
    assert look.decided
    shares = look.figures["win_shares"]
    assert isinstance(shares, dict)
    assert shares["a"] == pytest.approx([1.0, 0.4385, 1.0], abs=1e-4)
    assert shares["b"] == pytest.approx([0.0, 0.0, 0.3903], abs=1e-4)
    assert look.figures["leader"] == "a"


def test_significance_waits_while_the_intervals_overlap() -> None:
    rule = SignificanceRule.of(("a", "b", "c"), paired=False)
    # each wins one game of three: equal shares, overlapping intervals
    assert not rule.look([won_by(0, ROTATIONS[0], 0), won_by(1, ROTATIONS[1], 1),
                          won_by(2, ROTATIONS[2], 2)], 3).decided


def test_paired_significance_by_hand() -> None:
    rule = SignificanceRule.of(("a", "b", "b"), paired=True)
    # deal 0: a wins 1 of 3 seats, b 2 of 6: difference 0; one deal gives no interval
    deal = [won_by(0, ROTATIONS[0], 0), won_by(1, ROTATIONS[1], 1),
            won_by(2, ROTATIONS[2], 2)]
    first = rule.look(deal, 3)
    assert not first.decided and first.figures["difference_95"] is None
    # deal 1: a wins all, b none: difference 1. Mean 0.5, standard error 0.5,
    # t(1) = 12.7062: 0.5 -+ 6.3531, which holds 0
    second = rule.look(block(1, 0), 6)
    assert second.figures["difference_95"] == pytest.approx([-5.8531, 6.8531], abs=1e-4)
    assert not second.decided
    # deal 2: difference 1 again. Mean 2/3, sample deviation sqrt(1/3) = 0.57735,
    # standard error 0.333333, t(2) = 4.3027: 0.666667 -+ 1.434233, holds 0
    third = rule.look(block(2, 0), 9)
    assert third.figures["difference_95"] == pytest.approx([-0.7676, 2.1009], abs=1e-4)


def test_sprt_rule_over_games_and_over_deals_by_hand() -> None:
    sprt = Sprt(0, 10, 0.05, 0.05)
    by_games = SprtRule.of(sprt, ("a", "b", "b"), paired=False)
    # a first in each game: each game scores 1 against both b seats. After 9 games the
    # LLR does not count yet; after 12, twelve units of 1, variance taken as 0.001:
    # 12 * 0.014387 * 0.985613 / 0.002 = 85.0812, above b: H1
    for number in range(3):
        look = by_games.look(block(number, 0), 3 * number + 3)
    assert look.figures["llr"] == 0 and not look.decided
    assert look.line == "LLR 0.00 [-2.94, 2.94] · 9 games (the LLR counts from 10 games)"
    look = by_games.look(block(3, 0), 12)
    assert look.figures["count"] == 12 and look.figures["llr"] == pytest.approx(85.0812)
    assert look.decided and look.figures["result"] == "H1"
    assert look.line == "LLR 85.08 [-2.94, 2.94] · 12 games · H1 accepted: a +10 Elo over b"
    by_deals = SprtRule.of(sprt, ("a", "b", "b"), paired=True)
    # each deal is one unit: four deals are four units, and no LLR yet
    for number in range(4):
        look = by_deals.look(block(number, 0), 3 * number + 3)
    assert look.figures["count"] == 4 and look.figures["llr"] == 0 and not look.decided
    assert look.figures["units"] == "deals"


def test_the_rules_compare_two_entrants() -> None:
    with pytest.raises(ValueError, match="--sprt compares two entrants, and --bots gives 3"):
        SprtRule.of(Sprt(0, 5, 0.05, 0.05), ("a", "b", "c"), paired=False)
    with pytest.raises(ValueError, match="--until-significant needs two entrants"):
        SignificanceRule.of(("a", "a", "a"), paired=False)


def stopped_run(workers: int) -> tuple[list[GameOutcome], int | None]:
    options = get_game("ndb").options(3).to_json()
    spec = TournamentSpec("ndb", options, ("heuristic", "random", "random"), 5, 60,
                          paired=True)
    stop = Sequential(SprtRule.of(Sprt(0, 100, 0.05, 0.05), spec.bots, True), 3)
    run = run_tournament(spec, LocalBackend(workers), stop=stop)
    return run.outcomes, run.decided_after


def test_a_decided_run_keeps_the_games_of_the_deciding_look_on_any_backend() -> None:
    outcomes, after = stopped_run(1)
    assert after is not None and 30 <= after < 60  # 10 deals or more
    assert [o.index for o in outcomes] == list(range(after))
    assert stopped_run(2) == (outcomes, after)
