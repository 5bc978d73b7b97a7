"""Issue 36, the player: one numbering of fields (from 0, as the board, the notation and
the engines' words have it) in the help, the prompt and the keys; and the seat drawn at
random from the seed by default, said on the screen at the start."""

from __future__ import annotations

import asyncio
import re

from bohnen.cli.play import drawn_seat, make_session
from bohnen.tui.app import BohnenApp
from bohnen.tui.game_screen import GameScreen
from bohnen.tui.session import Session

from .helpers import SIZE, app_for, hinted, screen_text, session

SLOW = 60.0  # seconds between bot moves: no bot moves while a test presses keys


def fields_to_harvest(sess: Session, seat: int = 0) -> list[int]:
    return [int(str(a).split()[-1]) for a in sess.any_time_choices(seat)
            if str(a).startswith(f"{seat}: harvest ")]


def planted(seed: int, fields: int) -> Session:
    """Bohnanza of ``seed`` played by hints until seat 0 is to act with ``fields`` of
    its two fields holding beans (and no third field)."""
    sess = session("bohnanza", seed=seed)
    for _ in range(400):
        sess.run_bots()
        view = sess.view(0)["players"][0]
        if (sess.human_to_act() == 0 and not view["third_field"]
                and sum(1 for f in view["fields"] if f["count"]) == fields):
            return sess
        assert sess.play(0, hinted(sess, 0)).ok
    raise AssertionError(f"seat 0 never had {fields} planted fields")


async def _help_text() -> str:
    app = app_for(session("bohnanza", seed=1))
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        return screen_text(app)


def test_the_help_numbers_fields_from_0() -> None:
    text = _help_text_now()
    assert "harvest field N, from 0 as on the board" in text
    assert "N-1" not in text


def _help_text_now() -> str:
    return asyncio.run(_help_text())


async def _prompt(sess: Session) -> str:
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        return screen.pending or ""


def test_the_prompt_lists_only_the_fields_that_may_be_harvested() -> None:
    # Two fields, one of them planted: the prompt names that field alone, from 0; no
    # third field, so never 2 (it said "Press 1, 2 or 3" before).
    sess = planted(1, 1)
    fields = fields_to_harvest(sess)
    assert len(fields) == 1
    prompt = asyncio.run(_prompt(sess))
    assert f"Press {fields[0]} (Esc: none)" in prompt, prompt
    assert set(re.findall(r"\d", prompt)) == {str(fields[0])}


def test_the_prompt_lists_both_fields_as_the_board_numbers_them() -> None:
    sess = planted(1, 2)
    assert fields_to_harvest(sess) == [0, 1]
    assert "Press 0 or 1 (Esc: none)" in asyncio.run(_prompt(sess))


async def _v_then(sess: Session, key: str) -> list[str]:
    done = len(sess.actions)
    app = BohnenApp(sess, delay=SLOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v", key)
        await pilot.pause()
    return sess.actions[done:]


def test_v_then_0_harvests_field_0() -> None:
    sess = planted(1, 2)
    assert asyncio.run(_v_then(sess, "0")) == ["0: harvest 0"]


def test_v_then_1_harvests_field_1() -> None:
    sess = planted(1, 2)
    assert asyncio.run(_v_then(sess, "1")) == ["0: harvest 1"]


# --- the seat ----------------------------------------------------------------------------


def test_the_seat_is_drawn_from_the_seed() -> None:
    seats = {seed: make_session("bohnanza", None, None, None, seed, False, None, [],
                                None).humans for seed in range(40)}
    assert all(humans == (drawn_seat(seed, 4),) for seed, humans in seats.items())
    assert {humans[0] for humans in seats.values()} == {0, 1, 2, 3}  # not always seat 0
    again = make_session("bohnanza", None, None, None, 17, False, None, [], None)
    assert again.humans == seats[17]  # the same seed, the same seat


def test_seat_k_still_chooses() -> None:
    for seed in range(10):
        assert make_session("ndb", 3, 2, None, seed, False, None, ["rounds=1"],
                            None).humans == (2,)


async def _opening(sess: Session) -> str:
    app = BohnenApp(sess, delay=SLOW)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return screen_text(app)


def test_the_screen_says_which_seat_at_the_start() -> None:
    seed = next(s for s in range(40) if drawn_seat(s, 4) == 2)
    sess = session("bohnanza", seed=seed, seat=None)
    assert sess.humans == (2,)
    assert "You play seat 2." in asyncio.run(_opening(sess))
