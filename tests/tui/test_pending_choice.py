"""A choice waiting for its number at the terminal (issue 36's first bug): after ``v``
("Harvest which field?") the next number names a field only if nothing else came in
between. Esc, and any other command, end the choice; while it waits, its prompt is on
the status line whatever else is said. Before, the hint line replaced the prompt and
the choice survived other commands: ``1 1 v h Esc 1`` in the game of seed 11 sold a
field when move 1 was meant."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bohnen.tui.game_screen import GameScreen

from .helpers import app_for, screen_text, session


def _status(text: str) -> str:
    return text.splitlines()[-2]  # the status line, above the footer


async def _after(keys_before: Sequence[str], keys: Sequence[str]) -> tuple[list[str], str,
                                                                           list[str]]:
    """The game of seed 11: ``keys_before`` pressed, then ``keys`` and ``1``; the
    actions the last ``1`` and the keys made, what move 1 was just before it, and the
    status line after ``v``."""
    sess = session("bohnanza", seed=11)
    app = app_for(sess)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys_before)
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        prompt = _status(screen_text(app))
        await pilot.press(*keys)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        done = len(sess.actions)
        first = str(screen.menu(0)[0])
        await pilot.press("1")
        await pilot.pause()
        return sess.actions[done:], first, [prompt]


def _played_move_one(keys: Sequence[str]) -> None:
    made, first, (prompt,) = asyncio.run(_after(["1", "1"], keys))
    assert "Harvest which field?" in prompt
    assert made and made[0] == first, (made, first)
    assert not any(" harvest " in action for action in made), made


def test_escape_ends_the_harvest_choice() -> None:
    _played_move_one(["escape"])


def test_a_hint_then_escape_ends_the_harvest_choice() -> None:
    _played_move_one(["h", "escape"])


def test_the_trade_panel_then_escape_ends_the_harvest_choice() -> None:
    _played_move_one(["t", "escape"])


def test_a_typed_command_ends_the_harvest_choice() -> None:
    _played_move_one(["colon", "escape"])


async def _prompt_stays() -> tuple[str, str, list[str]]:
    sess = session("bohnanza", seed=11)
    app = app_for(sess)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1", "1", "v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.say("Something else is said.")  # a message while the choice waits
        await pilot.pause()
        shown = _status(screen_text(app))
        fields = sess.view(0)["players"][0]["fields"]
        field = next(i for i, f in enumerate(fields) if f["count"])
        done = len(sess.actions)
        await pilot.press(str(field))
        await pilot.pause()
        return shown, f"0: harvest {field}", sess.actions[done:done + 1]


def test_the_prompt_stays_on_screen_and_a_number_answers_it() -> None:
    shown, meant, made = asyncio.run(_prompt_stays())
    assert "Harvest which field?" in shown and "Something else is said." in shown
    assert made == [meant]
