"""Issue 36, the player: no lost games. ``q`` and Ctrl-Q ask before quitting (y quits,
any other key goes back); the game is saved after every move to the user's data folder
(``$BOHNEN_DATA`` here), and ``bohnen play --resume`` with no file goes on with the
last game so saved that has not ended."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

from bohnen.cli import main
from bohnen.cli.play import resume_last
from bohnen.core import GameRecord
from bohnen.tui.app import BohnenApp
from bohnen.tui.autosave import DATA_VARIABLE, autosave_path, last_autosave
from bohnen.tui.session import Session

from .helpers import SIZE, hinted, screen_name, session


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_VARIABLE, str(folder))
    return folder


@pytest.fixture
def launched(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The apps ``bohnen play`` would run, without running them."""
    apps: list[Any] = []
    monkeypatch.setattr(BohnenApp, "run", lambda self, *args, **kwargs: apps.append(self))
    return apps


async def _quit_keys(keys: list[str]) -> tuple[str, bool]:
    app = BohnenApp(session("bohnanza", seed=1), delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        return screen_name(app), app.return_code is not None


def test_q_asks_before_quitting() -> None:
    assert asyncio.run(_quit_keys(["q"])) == ("QuitScreen", False)


def test_ctrl_q_asks_before_quitting() -> None:
    assert asyncio.run(_quit_keys(["ctrl+q"])) == ("QuitScreen", False)


def test_any_other_key_goes_back_to_the_game() -> None:
    for key in ("n", "escape", "1", "q"):
        name, quit_ = asyncio.run(_quit_keys(["q", key]))
        assert name == "BohnanzaScreen" and not quit_, key


def test_y_quits() -> None:
    assert asyncio.run(_quit_keys(["q", "y"]))[1]
    assert asyncio.run(_quit_keys(["ctrl+q", "y"]))[1]


async def _one_move(sess: Session, path: Path) -> list[str]:
    app = BohnenApp(sess, delay=0, autosave=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
    return list(sess.actions)


def test_the_game_is_saved_after_a_move(data: Path) -> None:
    sess = session("bohnanza", seed=1)
    path = autosave_path(sess)
    assert path.parent.parent == data and not path.exists()
    actions = asyncio.run(_one_move(sess, path))
    assert actions and GameRecord.load(path).actions == actions


def test_resume_without_a_file_goes_on_with_the_last_game(data: Path,
                                                          launched: list[Any]) -> None:
    older = session("ndb", seed=3, options=["rounds=1"])
    asyncio.run(_one_move(older, autosave_path(older)))
    sess = session("bohnanza", seed=1)
    path = autosave_path(sess)
    actions = asyncio.run(_one_move(sess, path))
    os.utime(path, ns=(2 * 10**18, 2 * 10**18))  # written last, whatever the clock says
    assert resume_last(["play", "--resume"]) == ["play", "--resume="]
    assert main(["play", "--resume", "--delay", "0"]) == 0
    app = launched[0]
    assert app.session.game.name == "bohnanza" and app.session.actions == actions
    assert str(path) in app.game_screen.note  # says which file
    assert main(["play", "--resume"]) == 0  # at the end of the line too
    assert launched[1].session.actions == actions


def test_a_game_that_ended_is_not_offered(data: Path, capsys: pytest.CaptureFixture[str],
                                          launched: list[Any]) -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    while not sess.is_over:
        sess.run_bots()
        if not sess.is_over:
            assert sess.play(0, hinted(sess, 0)).ok
    path = autosave_path(sess)
    path.parent.mkdir(parents=True)
    assert sess.save(path).ok and json.loads(path.read_text())["result"] is not None
    assert last_autosave() is None
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert "no game in progress" in err and "Traceback" not in err
    assert not launched


def test_resume_file_keeps_working(tmp_path: Path, data: Path, launched: list[Any]) -> None:
    sess = session("bohnanza", seed=1)
    sess.run_bots()
    assert sess.play(0, hinted(sess, 0)).ok
    path = tmp_path / "mine.json"
    assert sess.save(path).ok
    assert main(["play", "--resume", str(path)]) == 0
    assert launched[0].session.actions == sess.actions and launched[0].save_path == path
