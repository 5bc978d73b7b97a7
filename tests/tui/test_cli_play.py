"""``bohnen play`` on the command line: bad arguments are one line and exit code 2."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bohnen.cli.play as play_module
from bohnen.cli import main
from bohnen.cli.play import drawn_seat, make_session, seating_for
from bohnen.tui.app import BohnenApp
from bohnen.tui.session import Session

from .helpers import SIZE, app_for, screen_text


def fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("bohnen: error: "), err
    return err


@pytest.mark.parametrize(("argv", "named"), [
    (["play", "skat"], "unknown game 'skat'"),
    (["play", "--players", "9"], "--players must be from 3 to 5"),
    (["play", "--seat", "4"], "--seat 4"),
    (["play", "--bots", "genius"], "unknown bot 'genius'"),
    (["play", "--bots", "random,random"], "--bots gives 2 bots for 3 bot seats"),
    (["play", "--hotseat", "--bots", "random"], "every seat is played by a person"),
    (["play", "--humans", "7"], "--humans must be from 1 to 4"),
    (["play", "--delay", "-1"], "--delay must be a number of seconds from 0 to 60, not -1"),
    (["play", "--delay", "inf"], "--delay must be a number of seconds from 0 to 60, not inf"),
    (["play", "--delay", "nan"], "--delay must be a number of seconds from 0 to 60, not nan"),
    (["play", "--delay", "61"], "--delay must be a number of seconds from 0 to 60, not 61"),
    (["play", "--seed", "-1"], "--seed must be from 0 to 2**64-1, not -1"),
    (["play", "--seed", str(2**64)], "--seed must be from 0 to 2**64-1"),
    (["play", "--hotseat", "--option", "trading=open"], "open trading is played by one"),
    (["play", "--resume", "no-such-file.json"], "no-such-file.json"),
])
def test_bad_arguments(argv: list[str], named: str, capsys: pytest.CaptureFixture[str],
                       launched: list[Any]) -> None:
    assert named in fails(argv, capsys)
    assert not launched


def test_default_is_one_person_against_three_heuristic_bots() -> None:
    sess = make_session("bohnanza", None, None, None, 2, False, None, [], None)
    assert sess.game.name == "bohnanza" and sess.options.players == 4
    assert sess.humans == (drawn_seat(2, 4),) == (3,)  # the seat drawn from the seed
    assert sess.seating.bots == {0: "heuristic", 1: "heuristic", 2: "heuristic"}


def test_seats_bots_and_people() -> None:
    seating = seating_for(5, 2, "random,heuristic,random,ismcts:iterations=10", False, None)
    assert seating.humans == (2,)
    assert seating.bots == {0: "random", 1: "heuristic", 3: "random", 4: "ismcts:iterations=10"}
    assert seating_for(3, 1, None, False, 2).humans == (1, 2)
    assert seating_for(3, None, None, True, None).humans == (0, 1, 2)


def test_resume_keeps_the_saved_seats(tmp_path: Path) -> None:
    sess = make_session("ndb", 3, 1, "random", 7, False, None, ["rounds=1"], None)
    path = tmp_path / "g.json"
    sess.save(path)
    again = make_session("bohnanza", None, None, None, 0, False, None, [], path)
    assert again.game.name == "ndb" and again.seating == sess.seating
    swapped = make_session("bohnanza", None, 0, None, 0, False, None, [], path)
    assert swapped.humans == (0,) and swapped.seating.bots == {1: "heuristic", 2: "heuristic"}


# --- the seed of a new game -------------------------------------------------------------


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The apps ``bohnen play`` would run (their sessions), without running them."""
    apps: list[Any] = []
    monkeypatch.setattr(BohnenApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


@pytest.fixture
def fake_randomness(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The system's randomness replaced by the draws 123456789, then 42; the bounds
    asked for are recorded in the list returned."""
    draws = iter([123456789, 42])
    bounds: list[int] = []

    def randbelow(bound: int) -> int:
        bounds.append(bound)
        return next(draws)

    monkeypatch.setattr(secrets, "randbelow", randbelow)
    return bounds


def test_without_seed_every_game_is_dealt_from_a_fresh_seed(
        launched: list[Any], fake_randomness: list[int]) -> None:
    assert main(["play", "ndb", "--option", "rounds=1"]) == 0
    assert main(["play", "ndb", "--option", "rounds=1"]) == 0
    first, second = (app.session for app in launched)
    assert (first.seed, second.seed) == (123456789, 42)
    assert fake_randomness == [play_module.FRESH_SEEDS] * 2
    assert first.state.to_json() != second.state.to_json()
    assert main(["play", "ndb", "--seed", "7"]) == 0  # --seed still fixes the deal
    assert launched[-1].session.seed == 7 and len(fake_randomness) == 2


def test_the_default_seed_is_not_always_the_same() -> None:
    seeds = {make_session("ndb", None, None, None, None, False, None, [], None).seed
             for _ in range(5)}
    assert len(seeds) > 1  # five draws below 10**9 all equal: a chance of 1e-36
    assert all(0 <= seed < play_module.FRESH_SEEDS for seed in seeds)


def test_the_fresh_seed_is_on_screen_and_in_the_save(
        tmp_path: Path, fake_randomness: list[int]) -> None:
    sess = make_session("bohnanza", None, None, None, None, False, None, [], None)
    path = tmp_path / "game.json"
    asyncio.run(_seed_on_screen(sess, path))
    assert json.loads(path.read_text())["seed"] == 123456789
    assert Session.resume(path).state.to_json() == sess.state.to_json()


async def _seed_on_screen(sess: Session, path: Path) -> None:
    app = app_for(sess, path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Seed 123456789 (--seed 123456789 deals this game again)" in screen_text(app)
        await pilot.press("1", "s")
        assert "saved to" in screen_text(app)


# --- resuming a save: the seats and the result are checked -------------------------------


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The save of a whole 3-player game of Nicht die Bohne (seat 0 a person)."""
    sess = make_session("ndb", 3, 0, "random", 5, False, None, ["rounds=1"], None)
    while not sess.is_over:
        if not sess.run_bots():
            assert sess.play(0, sess.choice(0, 1)).ok
    path = tmp_path_factory.mktemp("saves") / "whole.json"
    assert sess.save(path).ok
    data: dict[str, Any] = json.loads(path.read_text())
    assert data["play"] == {"humans": [0], "bots": {"1": "random", "2": "random"}}
    assert data["result"] is not None
    return data


def resume_edited(tmp_path: Path, data: dict[str, Any], edit: Callable[[dict[str, Any]], Any],
                  capsys: pytest.CaptureFixture[str]) -> str:
    copy = json.loads(json.dumps(data))
    edit(copy)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(copy))
    return fails(["play", "--resume", str(path)], capsys)


def test_an_intact_save_resumes(tmp_path: Path, saved_game: dict[str, Any],
                                launched: list[Any]) -> None:
    path = tmp_path / "intact.json"
    path.write_text(json.dumps(saved_game))
    assert main(["play", "--resume", str(path)]) == 0
    assert launched[0].session.is_over


def _play(**seats: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data["play"].update(seats)


@pytest.mark.parametrize(("edit", "named"), [
    (_play(humans=[7]), "record 'play.humans': seat 7 is not a seat of a 3-player game "
                        "(0 to 2)"),
    (_play(humans=[-1]), "record 'play.humans': seat -1 is not a seat of a 3-player game"),
    (_play(humans=[0, 0]), "record 'play.humans': seat 0 is named twice"),
    (_play(humans=[True]), "record 'play.humans': True is not a seat number"),
    (_play(humans=[0.0]), "record 'play.humans': 0.0 is not a seat number"),
    (_play(humans=[]), "record 'play.humans' names no seat"),
    (_play(humans="0"), "record 'play.humans' must be a list of seats, not '0'"),
    (lambda data: data["play"].pop("humans"), "record 'play.humans' must be a list of seats"),
    (_play(bots={"0": "random", "1": "random", "2": "random"}),
     "record 'play': seat 0 is both a person's (play.humans) and a bot's (play.bots)"),
    (_play(bots={"1": "random"}), "record 'play': seat 2 has neither a person nor a bot"),
    (_play(bots={"1": "random", "two": "random"}), "record 'play.bots': 'two' is not a seat"),
    (_play(bots={"1": "random", "5": "random"}), "record 'play.bots': seat 5 is not a seat"),
    (_play(bots={"1": "random", "2": 3}), "record 'play.bots': the bot of seat 2 must be a "
                                          "bot spec"),
    (_play(bots=["random"]), "record 'play.bots' must map seats to bot specs"),
    (lambda data: data.update(play=[0]), "record 'play' must be an object"),
    (lambda data: data["result"]["scores"].__setitem__(0, 999), "replay gives"),
    (lambda data: data["result"].__setitem__("winners", [2]), "record says"),
    (lambda data: data["actions"].pop(), "the record's actions end before the game does"),
])
def test_a_bad_save_is_refused_in_one_line(tmp_path: Path, saved_game: dict[str, Any],
                                           edit: Callable[[dict[str, Any]], Any], named: str,
                                           capsys: pytest.CaptureFixture[str],
                                           launched: list[Any]) -> None:
    assert named in resume_edited(tmp_path, saved_game, edit, capsys)
    assert not launched
