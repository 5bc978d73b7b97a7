"""The figures per seat from hand-made games (one entrant in two seats), the plot's win
shares, and each game's time per move kept in the journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bohnen.sim.figures import seat_json, seat_standings
from bohnen.sim.journal import outcome_from, outcome_line
from bohnen.sim.movetimes import MoveTimes
from bohnen.sim.plots import plot_standings, win_share_bars
from bohnen.sim.ratings import Rating, Standing, standings, wilson_interval
from bohnen.sim.tournament import GameOutcome

GAMES = [
    GameOutcome(0, 0, (0, 1, 2), (10, 6, 4), (0,), "end", 1, 1),  # seats: h h r
    GameOutcome(1, 1, (1, 2, 0), (8, 8, 2), (0, 1), "end", 1, 1),  # h r h, seats 0, 1 share
    GameOutcome(2, 2, (2, 0, 1), (3, 12, 5), (1,), "end", 1, 1),  # r h h
]


def test_per_seat_games_wins_and_mean_scores_by_hand() -> None:
    # By hand, h: seat 0 in games 0 and 1 (10 and 8; wins 1 + 0.5), seat 1 in games 0
    # and 2 (6 and 12; 1 win), seat 2 in games 1 and 2 (2 and 5; none). r: seat 0 in
    # game 2 (3), seat 1 in game 1 (8; 0.5), seat 2 in game 0 (4).
    table = seat_standings(GAMES, ["h", "h", "r"], 3)
    got = [(s.name, s.seat, s.games, s.wins, s.mean_score) for s in table]
    assert got == [("h", 0, 2, 1.5, 9.0), ("h", 1, 2, 1.0, 9.0), ("h", 2, 2, 0.0, 3.5),
                   ("r", 0, 1, 0.0, 3.0), ("r", 1, 1, 0.5, 8.0), ("r", 2, 1, 0.0, 4.0)]
    assert table[0].win_share == pytest.approx(0.75)
    assert (table[0].win_low, table[0].win_high) == wilson_interval(1.5, 2)


def test_a_seat_without_games_has_no_share() -> None:
    (first, second) = seat_standings(GAMES[:1], ["a", "b", "c"], 3)[:2]
    assert (first.games, first.win_share) == (1, 1.0)
    assert (second.games, second.win_share, second.mean_score) == (0, None, None)
    assert seat_json(second)["win_share"] is None
    assert seat_json(second)["win_share_95"] == [0.0, 1.0]


def test_win_share_error_bars_by_hand() -> None:
    # a: 2 wins in 4 seat-games, interval 0.15 to 0.85 by Wilson; b: no games.
    a = Standing(0, "a", 4, 2.0, 0.15, 0.85, None, (), Rating(25.0, 1.0))
    b = Standing(1, "b", 0, 0.0, 0.0, 1.0, None, (), Rating(25.0, 1.0))
    shares, (below, above) = win_share_bars([a, b])
    assert shares == [0.5, 0.0]
    assert below == pytest.approx([0.35, 0.0]) and above == pytest.approx([0.35, 1.0])


def test_the_plot_has_its_win_share_panel(tmp_path: Path) -> None:
    table = standings(GAMES, ["h", "h", "r"])
    plot_standings(tmp_path / "p.png", table, "talers", "three games", players=3)
    assert (tmp_path / "p.png").read_bytes().startswith(b"\x89PNG")


def test_a_journal_line_keeps_each_seats_time_per_move() -> None:
    times = (MoveTimes.of([0.01, 0.2], 0.1), MoveTimes.of([0.03]), MoveTimes())
    game = GameOutcome(0, 0, (0, 1, 2), (10, 6, 4), (0,), "end", 1, 3, times=times)
    back = outcome_from(json.loads(json.dumps(outcome_line(game))))
    assert [(t.moves, t.longest, t.over, t.budget) for t in back.times] == [
        (2, 0.2, 1, 0.1), (1, 0.03, 0, None), (0, 0.0, 0, None)]
    old = outcome_line(game)
    del old["times"]  # a journal written before moves were timed
    assert outcome_from(old).times == ()
