"""The hidden-hand rule: at one keyboard, a seat's screen never shows another seat's hand."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

import pytest

from bohnen.bohnanza.beans import BEANS
from bohnen.tui import bohnanza_screen, hansa_board, hansa_facts, ndb_screen
from bohnen.tui.app import BohnenApp
from bohnen.tui.session import Session

from .helpers import SIZE, app_for, random_session, screen_name, screen_text, session

HandText = Callable[[list[str]], str]
BEAN_NAMES = {info.code: info.name for info in BEANS}  # the legend of Bohnanza's views


def bohnanza_hand_text(hand: list[str]) -> str:
    """Bohnanza's views write beans as codes; its screen shows them by name."""
    return bohnanza_screen.hand_text(hand, BEAN_NAMES)


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
    ("bohnanza", [], bohnanza_hand_text),
    ("ndb", ["rounds=1"], ndb_screen.hand_text),
])
def test_a_seat_never_sees_another_seats_hand(game: str, options: list[str],
                                              hand_text: HandText) -> None:
    asyncio.run(play_covered(game, options, hand_text, switches=12))


def test_bohn_hansa_a_seat_never_sees_another_seats_contracts() -> None:
    asyncio.run(_hansa_hidden_hands(switches=7))


def check_hansa_screen(app: BohnenApp, shown: int | None, hand_page: bool = True) -> None:
    """The hand of ``shown`` is on the screen (none on the cover; the prices page shows
    no hand); no contract held by another seat is named anywhere on it (the travel
    cards are the same T1..T7 for all)."""
    text = " ".join(screen_text(app).split())
    sess = app.session
    board = hansa_facts.board_of(sess.view(0))  # the board as the screens read it
    for seat in range(sess.options.players):
        hand = sess.view(seat)["players"][seat]["hand"]
        if seat == shown:
            if hand_page:
                assert hansa_board.hand_text(board, seat, hand) in text, (seat, hand, text)
            continue
        for card in hand:
            if card.startswith("C"):
                assert not re.search(rf"\b{card}\b", text), (seat, card, text)


async def _hansa_hidden_hands(switches: int) -> None:
    sess = random_session("hansa", seed=3, hotseat=True)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen: set[int] = set()
        for _ in range(switches):
            assert screen_name(app) == "CoverScreen"
            check_hansa_screen(app, None)
            await pilot.press("enter")
            seat = app.game_screen.shown
            check_hansa_screen(app, seat)
            if seat not in seen:
                for page in ("m", "l", "b"):  # every page, once per seat
                    await pilot.press(page)
                    check_hansa_screen(app, seat, hand_page=page != "l")
            seen.add(seat)
            while screen_name(app) != "CoverScreen" and not sess.is_over:
                await pilot.press("g")
                if screen_name(app) == "HansaScreen":
                    check_hansa_screen(app, seat)
        assert seen == {0, 1, 2}


def test_the_footer_offers_undo_only_where_take_back_is_allowed() -> None:
    """Hot-seat refuses take-back (issue 36: its footer offered Undo all the same); a
    game against bots offers it."""
    assert asyncio.run(_footer(session("bohnanza", seed=1, players=3, hotseat=True))) \
        is False
    assert asyncio.run(_footer(session("bohnanza", seed=1))) is True


async def _footer(sess: Session) -> bool:
    """Whether the game screen's footer names Undo."""
    app = app_for(sess)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        if screen_name(app) == "CoverScreen":
            await pilot.press("enter")
            await pilot.pause()
        return " Undo " in screen_text(app).splitlines()[-1] + " "
