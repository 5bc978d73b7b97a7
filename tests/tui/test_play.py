"""Whole games through key presses only, in a headless 80×24 terminal."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from bohnen.core import GameRecord, replay
from bohnen.tui.session import Session

from .helpers import SIZE, app_for, play_hints_until_over, screen_name, screen_text, session


def test_a_whole_game_of_nicht_die_bohne_by_keys() -> None:
    asyncio.run(_a_whole_game_of_nicht_die_bohne_by_keys())


async def _a_whole_game_of_nicht_die_bohne_by_keys() -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Your hand:" in screen_text(app)
        await pilot.press("1")  # the first card listed: the lead of trick 1
        assert sess.actions[0].startswith("0: play ")
        # The chain of taking is on the board while seat 0 is to take.
        assert "Taking:" in screen_text(app) and "seat 0 takes" in screen_text(app)
        await pilot.press("colon", *"take 9", "enter")  # no seat 9: a message, no crash
        assert "no seat 9" in screen_text(app) or "seat 9" in screen_text(app)
        await play_hints_until_over(pilot, app)
        assert sess.is_over
        text = screen_text(app)
        assert "game over" in text and "Winner" in text and "Round 1" in text
        await pilot.press("escape")
        assert screen_name(app) == "NdbScreen"
    assert replay(sess.record()).result() == sess.state.result()


def test_bohnanza_trade_off_turn_harvest_save_and_resume(tmp_path: Path) -> None:
    asyncio.run(_bohnanza_trade_off_turn_harvest_save_and_resume(tmp_path))


async def _bohnanza_trade_off_turn_harvest_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    sess = session("bohnanza", seed=1)
    app = app_for(sess, save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(3):  # plant, plant, then one proposal declined: seat 0 has the floor
            await pilot.press("g")
        assert sess.view(0)["phase"] == "trade"
        # Trade panel: give face-up card f0 (the 4th item: h0 h1 h2 f0) to seat 1, want nothing.
        await pilot.press("t")
        assert screen_name(app) == "TradePanel"
        await pilot.press("down", "down", "down", "space", "tab", "enter")
        assert screen_name(app) == "BohnanzaScreen"
        assert sess.actions[-2] == "0: propose 1 give f0"
        assert "accepted" in screen_text(app)
        await harvest_off_turn(pilot, sess)
        await pilot.press("s")
        assert "saved to" in screen_text(app)
        saved = list(sess.actions)
    assert GameRecord.load(save).actions == saved

    resumed = session("bohnanza", resume=save)
    assert resumed.actions == saved
    app = app_for(resumed, save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_hints_until_over(pilot, app)
        assert "game over" in screen_text(app)
    assert resumed.actions[: len(saved)] == saved
    assert replay(resumed.record()).result() == resumed.state.result()


async def harvest_off_turn(pilot: Pilot[Any], sess: Session) -> None:
    """Play hints until seat 0 may harvest while another seat is active; harvest with v N."""
    for _ in range(400):
        view = sess.view(0)
        harvests = [a for a in sess.choices(0) if str(a).startswith("0: harvest ")]
        if view["active"] != 0 and harvests:
            field = int(str(harvests[-1]).split()[-1])
            await pilot.press("v", str(field + 1))
            assert sess.actions[-1] == f"0: harvest {field}"
            after = sess.view(0)
            assert after["active"] == view["active"] != 0
            assert after["players"][0]["fields"][field]["count"] == 0
            return
        await pilot.press("g")
    raise AssertionError("no off-turn harvest came up")


def test_take_back_by_key() -> None:
    asyncio.run(_take_back_by_key())


async def _take_back_by_key() -> None:
    sess = session("bohnanza", seed=4)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = sess.state.to_json()
        await pilot.press("1")  # plant 0: nothing drawn or revealed
        assert sess.actions == ["0: plant 0"]
        await pilot.press("u")
        assert sess.state.to_json() == start and "took back" in screen_text(app)
        await pilot.press("u")
        assert "no move to take back" in screen_text(app)


def test_bots_are_paced_by_a_timer() -> None:
    asyncio.run(_bots_are_paced_by_a_timer())


async def _bots_are_paced_by_a_timer() -> None:
    sess = session("ndb", seed=4, options=["rounds=1"])
    app = app_for(sess)
    app.game_screen.delay = 0.25
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        assert len(sess.actions) == 1 and sess.bot_to_act() is not None  # not all at once
        await pilot.press("1")  # a key while the bots move is refused in the status line
        assert "not your move" in screen_text(app) and len(sess.actions) == 1
        for _ in range(100):
            if sess.human_to_act() == 0:
                break
            await pilot.pause(0.05)
        assert sess.human_to_act() == 0 and len(sess.actions) == 4
