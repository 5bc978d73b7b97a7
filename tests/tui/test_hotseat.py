"""The hidden-hand rule: at one keyboard, a seat's screen never shows another seat's hand."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bohnen.tui import bohnanza_screen, ndb_screen
from bohnen.tui.app import BohnenApp

from .helpers import SIZE, app_for, screen_name, screen_text, session

HandText = Callable[[list[str]], str]


def hands(app: BohnenApp) -> list[list[str]]:
    state = app.session
    return [state.view(s)["players"][s]["hand"] for s in range(state.options.players)]


def check_screen(app: BohnenApp, hand_text: HandText, shown: int | None) -> None:
    """Only ``shown``'s hand is on the screen (none on the cover); it is there."""
    text = " ".join(screen_text(app).split())
    everyone = hands(app)
    mine = everyone[shown] if shown is not None else None
    for seat, hand in enumerate(everyone):
        listing = " ".join(hand_text(hand).split())
        if seat == shown:
            assert listing in text, (seat, listing, text)
        elif hand and hand != mine:
            assert listing not in text, (seat, listing, text)


async def play_covered(game: str, options: list[str], hand_text: HandText,
                       switches: int) -> None:
    sess = session(game, seed=1, options=options, players=3, hotseat=True)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen: set[int] = set()
        for _ in range(switches):
            assert screen_name(app) == "CoverScreen"
            check_screen(app, hand_text, None)
            await pilot.press("enter")
            seat = app.game_screen.shown
            seen.add(seat)
            check_screen(app, hand_text, seat)
            while screen_name(app) != "CoverScreen" and not sess.is_over:
                await pilot.press("g")
                if screen_name(app) != "CoverScreen":
                    check_screen(app, hand_text, seat)
        assert seen == {0, 1, 2}


@pytest.mark.parametrize(("game", "options", "hand_text"), [
    ("bohnanza", [], bohnanza_screen.hand_text),
    ("ndb", ["rounds=1"], ndb_screen.hand_text),
])
def test_a_seat_never_sees_another_seats_hand(game: str, options: list[str],
                                              hand_text: HandText) -> None:
    asyncio.run(play_covered(game, options, hand_text, switches=12))
