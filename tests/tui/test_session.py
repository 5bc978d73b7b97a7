"""The session under the screens: moves, bots, take-back, save and resume, wrong input."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

import bohnen.tui.session as session_module
from bohnen.core import GameRecord, RecordError, replay
from bohnen.tui.session import Seating, Session, bot_or_fallback

from .helpers import hinted, session


def human_move(sess: Session) -> None:
    """Seat the person plays the hint's move, then the bots play until the person's turn."""
    seat = sess.human_to_act()
    assert seat is not None
    outcome = sess.play(seat, hinted(sess, seat))
    assert outcome.ok, outcome.message
    sess.run_bots()


@pytest.mark.parametrize(("game", "options"), [("bohnanza", []), ("ndb", ["rounds=1"])])
def test_bots_play_only_legal_moves_and_the_record_replays(game: str,
                                                           options: list[str]) -> None:
    sess = session(game, seed=5, options=options)
    while not sess.is_over:
        if sess.bot_to_act() is not None:
            before = sess.state.clone()
            assert sess.step_bot()
            before.check(sess.game.parse_action(sess.actions[-1]))  # raises if illegal
        else:
            human_move(sess)
    final = replay(sess.record())
    assert final.to_json() == sess.state.to_json()


def test_take_back_needs_a_move_and_is_refused_between_people() -> None:
    sess = session("ndb", options=["rounds=1"])
    outcome = sess.take_back()
    assert not outcome.ok and "no move" in outcome.message
    people = session("ndb", options=["rounds=1"], hotseat=True)
    people.play(0, people.choice(0, 1))
    outcome = people.take_back()
    assert not outcome.ok and "only for games against bots" in outcome.message


@pytest.mark.parametrize(("game", "options"), [("bohnanza", []), ("ndb", ["rounds=1"])])
def test_save_and_resume_round_trip(tmp_path: Path, game: str, options: list[str]) -> None:
    sess = session(game, seed=3, options=options)
    sess.run_bots()
    for _ in range(4):
        human_move(sess)
    path = tmp_path / "game.json"
    assert sess.save(path).ok
    again = Session.resume(path)
    assert again.state.to_json() == sess.state.to_json()
    assert again.actions == sess.actions
    assert again.seating == sess.seating
    # The save is a game record that `bohnen replay` reads.
    assert replay(GameRecord.load(path)).to_json() == sess.state.to_json()


def test_resume_refuses_a_broken_record(tmp_path: Path) -> None:
    sess = session("ndb", options=["rounds=1"])
    sess.run_bots()
    human_move(sess)
    path = tmp_path / "game.json"
    sess.save(path)
    data = json.loads(path.read_text())
    data["actions"][0] = "0: play Z9"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError):
        Session.resume(path)
    with pytest.raises(RecordError):
        Session.resume(tmp_path / "missing.json")


@pytest.mark.parametrize("fails", ["fsync", "replace"])
def test_a_failed_save_keeps_the_previous_save_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str) -> None:
    """A full disk while saving: the save before stays whole, the session says so."""
    sess = session("ndb", options=["rounds=1"])
    sess.run_bots()
    human_move(sess)
    path = tmp_path / "game.json"
    assert sess.save(path).ok
    kept = path.read_bytes()
    human_move(sess)

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, fails, full)
    outcome = sess.save(path)
    monkeypatch.undo()
    assert not outcome.ok
    assert outcome.message == f"cannot save to {path}: {os.strerror(errno.ENOSPC)}"
    assert path.read_bytes() == kept
    assert Session.resume(path).actions == GameRecord.load(path).actions
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no stray temporary file


def test_save_to_a_bad_place_is_a_message(tmp_path: Path) -> None:
    sess = session("ndb", options=["rounds=1"])
    outcome = sess.save(tmp_path / "no" / "such" / "dir.json")
    assert not outcome.ok and "cannot save" in outcome.message


@pytest.mark.parametrize(("typed", "message"), [
    ("", "type an action"),
    ("fly away", "unknown verb 'fly'"),
    ("99", "no action 99: choose 1 to"),
    ("1: plant 0", "you are seat 0, not seat 1"),
    ("harvest 0", "illegal"),
    ("plant 7", "field must be 0, 1 or 2"),
])
def test_wrong_input_gives_a_message(typed: str, message: str) -> None:
    sess = session("bohnanza", seed=1)
    before = sess.state.to_json()
    outcome = sess.play_text(0, typed)
    assert not outcome.ok
    assert message in outcome.message
    assert sess.state.to_json() == before


def test_a_move_out_of_turn_is_refused() -> None:
    sess = session("bohnanza", seed=1)
    outcome = sess.play_text(1, "plant 0")
    assert not outcome.ok and "not seat 1's move" in outcome.message


def test_seating_must_cover_every_seat() -> None:
    sess = session("ndb", options=["rounds=1"])
    with pytest.raises(ValueError, match="every seat"):
        Session(sess.game, sess.options, 0, Seating((0,), {1: "random"}))
    with pytest.raises(ValueError, match="at least one seat"):
        Session(sess.game, sess.options, 0, Seating((), {s: "random" for s in range(4)}))


def test_open_trading_is_refused_at_one_keyboard() -> None:
    with pytest.raises(ValueError, match="open trading"):
        session("bohnanza", options=["trading=open", "max_proposals_per_turn=none"],
                hotseat=True)


def test_the_random_bot_stands_in_for_a_game_without_a_heuristic_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sess = session("ndb", options=["rounds=1"])
    assert sess.notice == "" and sess.hinter.name != "random"
    path = tmp_path / "game.json"
    data = sess.record().to_json()  # a record without the seats of `bohnen play`
    path.write_text(json.dumps(data))
    monkeypatch.setattr(session_module, "bot_names", lambda game=None: ("ismcts", "random"))
    assert bot_or_fallback(sess.game) == (
        "random", "no heuristic bot for Nicht die Bohne! yet: the random bot stands in")
    fresh = session("ndb", options=["rounds=1"])
    assert fresh.hinter.name == "random" and "random bot stands in" in fresh.notice
    assert set(fresh.seating.bots.values()) == {"random"}
    resumed = Session.resume(path)
    assert set(resumed.seating.bots.values()) == {"random"}
