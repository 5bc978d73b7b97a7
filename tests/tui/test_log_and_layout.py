"""Issue 36, the player: the whole game log, scrollable; the layout of a large terminal
(the log beside the board, the Hansa map larger); nothing cut at 80×24; moves past 9
reachable by keys."""

from __future__ import annotations

import asyncio

from textual import events

from bohnen.tui.game_log import GameLog
from bohnen.tui.game_screen import GameScreen
from bohnen.tui.hansa_map import HEIGHT, MAX_HEIGHT, MAX_WIDTH, WIDTH, map_size
from bohnen.tui.hansa_screen import HansaScreen

from .helpers import (
    SIZE,
    app_for,
    hinted,
    play_hints_until_over,
    random_session,
    screen_text,
    session,
)

WIDE = (160, 48)


async def _scrolled_to_the_first_line() -> tuple[list[str], list[str], str, str, float]:
    sess = session("ndb", seed=4, options=["rounds=1"])
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await play_hints_until_over(pilot, app)
        await pilot.press("escape")  # from the result back to the board
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        shown = list(log.shown)
        newest = screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        top = screen_text(app)
        return shown, sess.log_lines(0), newest, top, log.scroll_y


def test_the_log_holds_every_line_and_scrolls_to_the_first() -> None:
    shown, lines, newest, top, scroll_y = asyncio.run(_scrolled_to_the_first_line())
    assert len(lines) > 50  # a whole game: far more lines than the screen shows
    assert shown == lines  # every line of the game, the first one included
    first = lines[0]
    assert first[:40] not in newest  # the log followed the newest line
    assert scroll_y == 0 and first[:40] in top  # Home scrolled back to the first line


async def _page_up_then_new_lines() -> tuple[float, float, int, int]:
    sess = session("ndb", seed=4, options=["rounds=1"])
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await pilot.press("g")
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        bottom = log.scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        up = log.scroll_y
        lines = len(log.shown)
        await pilot.press("g")  # new lines come while the log is scrolled back
        await pilot.pause()
        assert len(log.shown) > lines and log.scroll_y == up  # it stays where it was
        await pilot.press("end")
        await pilot.pause()
        return bottom, up, int(log.scroll_y), int(log.max_scroll_y)


def test_page_up_scrolls_the_log_and_end_comes_back() -> None:
    bottom, up, end, max_end = asyncio.run(_page_up_then_new_lines())
    assert bottom > 0 and up < bottom
    assert end == max_end


async def _log_region(game: str, size: tuple[int, int]) -> tuple[int, int, int]:
    sess = random_session(game, seed=7) if game == "hansa" else session(game, seed=1)
    app = app_for(sess)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        board = app.screen.query_one("#board")
        return log.region.x, board.region.width, log.region.width


def test_a_large_terminal_puts_the_log_beside_the_board() -> None:
    for game in ("bohnanza", "ndb", "hansa"):
        x, board, log = asyncio.run(_log_region(game, WIDE))
        assert x >= 80 and board > 80 and log >= 40, (game, x, board, log)
        x, board, log = asyncio.run(_log_region(game, SIZE))
        assert x == 0 and board == 80, (game, x, board)


def test_the_hansa_map_grows_with_the_terminal() -> None:
    assert map_size(78, 24) == (WIDTH, HEIGHT)  # 80×24: as before
    assert map_size(94, 48) == (94, HEIGHT + 16)
    assert map_size(400, 100) == (MAX_WIDTH, MAX_HEIGHT)


async def _hansa_places(size: tuple[int, int]) -> tuple[int, int]:
    app = app_for(random_session("hansa", seed=7))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HansaScreen)
        return screen.places.width, screen.places.height


def test_the_hansa_map_is_larger_at_160x48() -> None:
    assert asyncio.run(_hansa_places(SIZE)) == (WIDTH, HEIGHT)
    width, height = asyncio.run(_hansa_places(WIDE))
    assert width > WIDTH + 10 and height > HEIGHT + 10


async def _ndb_face_down_title() -> str:
    sess = session("ndb", seed=4, options=["rounds=1"])
    for _ in range(200):  # on to a trick another seat leads: seat 0 plays face down
        sess.run_bots()
        if sess.view(0)["phase"] == "play" and sess.human_to_act() == 0:
            break
        assert sess.play(0, hinted(sess, 0)).ok
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert sess.view(0)["phase"] == "play"
        return screen_text(app)


def test_the_ndb_title_is_whole_at_80x24_in_the_face_down_phase() -> None:
    text = " ".join(asyncio.run(_ndb_face_down_title()).split())
    assert "play face down · you are seat 0" in text


async def _long_error() -> str:
    app = app_for(session("bohnanza", seed=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.say("word " * 60 + "THE-END", error=True)
        await pilot.pause()
        return screen_text(app)


def test_a_long_error_is_not_cut() -> None:
    assert "THE-END" in asyncio.run(_long_error())


async def _choose(keys: list[str]) -> tuple[list[str], list[str], bool]:
    sess = session("ndb", seed=4, options=["rounds=1"])
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        listed = [str(a) for a in screen.menu(0)]
        await pilot.press(*keys)
        await pilot.pause()
        return listed, list(sess.actions), screen.focused is not None


def test_move_12_is_reached_by_1_2_enter() -> None:
    listed, made, _ = asyncio.run(_choose(["1", "2", "enter"]))
    assert len(listed) >= 12
    assert made[0] == listed[11]


def test_1_then_enter_plays_move_1_of_a_long_list() -> None:
    listed, made, focused = asyncio.run(_choose(["1"]))
    assert not made and focused  # waits for more digits on the command line
    listed, made, _ = asyncio.run(_choose(["1", "enter"]))
    assert made[0] == listed[0]


def test_a_digit_that_begins_no_longer_number_plays_at_once() -> None:
    listed, made, focused = asyncio.run(_choose(["5"]))
    assert len(listed) < 50 and made[0] == listed[4] and not focused


async def _wheel_up() -> tuple[float, float]:
    sess = session("ndb", seed=4, options=["rounds=1"])
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(6):
            await pilot.press("g")
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        bottom = log.scroll_y
        for _ in range(3):  # the mouse wheel turned up over the log
            log.post_message(events.MouseScrollUp(log, 1, 1, 0, -1, 0, False, False, False))
        await pilot.pause()
        return bottom, log.scroll_y


def test_the_mouse_wheel_scrolls_the_log() -> None:
    bottom, after = asyncio.run(_wheel_up())
    assert bottom > 0 and after < bottom


async def _resized() -> tuple[int, int, list[str], list[str], tuple[int, int]]:
    sess = random_session("hansa", seed=7)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("g", "g")
        await pilot.pause()
        narrow = app.screen.query_one("#log", GameLog).region.x
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        screen = app.screen
        assert isinstance(screen, HansaScreen)
        return (narrow, log.region.x, log.shown, sess.log_lines(0),
                (screen.places.width, screen.places.height))


def test_a_terminal_made_larger_while_playing_moves_the_log_beside_the_board() -> None:
    narrow, wide, shown, lines, places = asyncio.run(_resized())
    assert narrow == 0 and wide >= 80
    assert shown == lines  # written again at its new width, every line kept
    assert places[0] > WIDTH and places[1] > HEIGHT  # the map grew too
