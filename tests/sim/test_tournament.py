"""Tournaments on the local backend: the same games whatever the number of workers,
and a clean stop with the games played so far on Ctrl-C."""

from __future__ import annotations

import pytest

from bohnen.core import get_game
from bohnen.sim.local import LocalBackend, chunk_size
from bohnen.sim.tournament import GameOutcome, TournamentSpec, play_chunk, run_tournament

BOTS = ("random", "random:trades=false", "random")


def spec(games: int = 12, seed: int = 5, game: str = "bohnanza",
         bots: tuple[str, ...] = BOTS, record: bool = False) -> TournamentSpec:
    options = get_game(game).options(len(bots)).to_json()
    return TournamentSpec(game, options, bots, seed, games, record)


def test_one_and_two_workers_play_the_same_games() -> None:
    tournament = spec(games=30, game="ndb", bots=("random",) * 4)
    one = run_tournament(tournament, LocalBackend(1))
    two = run_tournament(tournament, LocalBackend(2))
    assert one.played == two.played == 32
    assert not one.interrupted and not two.interrupted
    assert one.outcomes == two.outcomes
    assert [o.index for o in one.outcomes] == list(range(32))


def test_each_game_follows_its_pairing() -> None:
    tournament = spec(games=6)
    run = run_tournament(tournament, LocalBackend(1))
    for outcome, pairing in zip(run.outcomes, tournament.pairings(), strict=True):
        assert (outcome.index, outcome.seed, outcome.seats) == (
            pairing.index, pairing.seed, pairing.seats)
        assert len(outcome.scores) == 3 and outcome.winners


def test_a_game_does_not_depend_on_its_chunk() -> None:
    tournament = spec(games=9, record=True)
    pairings = tournament.pairings()
    whole = play_chunk(tournament, pairings)
    alone = [play_chunk(tournament, [p])[0] for p in reversed(pairings)]
    assert whole == alone[::-1]
    assert all(o.record is not None and o.record.result is not None for o in whole)


def test_seats_matter_so_rotation_changes_the_games() -> None:
    tournament = spec(games=3)
    outcomes = run_tournament(tournament, LocalBackend(1)).outcomes
    assert len({o.seats for o in outcomes}) == 3


class StopAfter:
    """A progress callback that presses Ctrl-C once ``limit`` games are reported."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen = 0

    def __call__(self, outcomes: list[GameOutcome]) -> None:
        self.seen += len(outcomes)
        if self.seen >= self.limit:
            raise KeyboardInterrupt


def test_ctrl_c_in_process_keeps_the_games_played() -> None:
    run = run_tournament(spec(games=30), LocalBackend(1), StopAfter(5))
    assert run.interrupted
    assert run.scheduled == 30
    assert [o.index for o in run.outcomes] == [0, 1, 2, 3, 4]
    full = run_tournament(spec(games=30), LocalBackend(1))
    assert run.outcomes == full.outcomes[:5]


def test_ctrl_c_with_workers_cancels_the_rest() -> None:
    tournament = spec(games=600, game="ndb", bots=("random",) * 4)
    run = run_tournament(tournament, LocalBackend(2), StopAfter(1))
    assert run.interrupted
    assert 0 < run.played < run.scheduled
    indices = [o.index for o in run.outcomes]
    assert indices == sorted(indices)


def test_chunks_are_small_and_never_empty() -> None:
    assert chunk_size(1, 2) == 1
    assert chunk_size(160, 2) == 10
    assert chunk_size(100_000, 2) == 25


def test_bad_worker_count_is_refused() -> None:
    with pytest.raises(ValueError, match="--workers must be 1 or more"):
        LocalBackend(0)
