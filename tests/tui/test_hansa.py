"""Bohn Hansa at the terminal: a whole game by keys, the journey chosen on the map, a
purchase, a deal built in the panel and accepted; wrong keys; the bot fallback."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.pilot import Pilot

import bohnen.tui.session as session_module
from bohnen.bots import bot_names
from bohnen.core import GameRecord, get_game, replay
from bohnen.hansa.board import CODES, STORAGE, load_board
from bohnen.tui.app import BohnenApp
from bohnen.tui.hansa_board import journey, journey_line
from bohnen.tui.hansa_facts import MapFacts, board_of
from bohnen.tui.hansa_map import layout, step
from bohnen.tui.hansa_screen import HansaScreen, verb

from .helpers import (
    SIZE,
    app_for,
    hinted,
    play_hints_until_over,
    random_session,
    screen_name,
    screen_text,
    session,
)


def hansa_screen(app: BohnenApp) -> HansaScreen:
    screen = app.game_screen
    assert isinstance(screen, HansaScreen)
    return screen


def test_a_whole_game_of_bohn_hansa_by_keys(tmp_path: Path) -> None:
    asyncio.run(_a_whole_game_of_bohn_hansa_by_keys(tmp_path))


async def _a_whole_game_of_bohn_hansa_by_keys(tmp_path: Path) -> None:
    save = tmp_path / "hansa.json"
    sess = random_session("hansa", seed=7)
    app = app_for(sess, save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = hansa_screen(app)
        assert "Set-up" in screen_text(app)
        await pilot.press("1")  # begin with the first dearest contract
        assert sess.actions[0].startswith("0: begin ")
        await travel_by_destination(pilot, app)
        await buy_by_number(pilot, app)
        await deal_by_panel(pilot, app)
        await wrong_keys(pilot, app)
        await pilot.press("s")
        assert "saved to" in screen_text(app)
        await play_hints_until_over(pilot, app)
        text = screen_text(app)
        assert "Bohn Hansa: game over" in text and "Winner" in text and "earned" in text
        await pilot.press("escape")
        assert screen_name(app) == "HansaScreen"
        assert screen.page == "board"
    assert replay(sess.record()).result() == sess.state.result()
    assert GameRecord.load(save).actions == sess.actions[: len(GameRecord.load(save).actions)]


async def travel_by_destination(pilot: Pilot[Any], app: BohnenApp) -> None:
    """In the travel phase the map comes up; an arrow moves the cursor to the nearest
    city that way (Aalborg, in this game); its cost and cards are shown; Enter goes."""
    sess, screen = app.session, hansa_screen(app)
    view = sess.view(0)
    assert view["phase"] == "travel" and view["active"] == 0
    assert screen.page == "map" and "⏎ go" in screen_text(app)
    here = view["players"][0]["city"]
    await pilot.press("left")
    dest = screen.board.city_codes[screen.cursor]
    assert dest != here
    text = screen_text(app)
    assert f"to {dest}" in text and "cities with start and end" in text
    assert "plays T" in text  # the front cards the journey plays
    await pilot.press("enter")
    assert sess.actions[-1].startswith("0: go ") and sess.actions[-1].endswith(dest)
    assert sess.view(0)["players"][0]["city"] == dest
    assert screen.page == "board"  # the board comes back for the trade phase


async def buy_by_number(pilot: Pilot[Any], app: BohnenApp) -> None:
    sess, screen = app.session, hansa_screen(app)
    assert sess.view(0)["phase"] == "trade"
    menu = screen.menu(0)
    number = next(i for i, a in enumerate(menu, start=1) if verb(a) == "buy")
    label = screen.describe(menu[number - 1])
    # in the game's words, the bean by name and the price (issue 36: no codes)
    assert re.fullmatch(r"Buy an? [A-Z][a-zü ]+ from slot \d of the ladder for \d+ talers?",
                        label), label
    money = sess.view(0)["players"][0]["money"]
    await pilot.press(str(number))
    assert sess.actions[-1] == str(menu[number - 1])
    assert sess.view(0)["players"][0]["money"] < money


async def deal_by_panel(pilot: Pilot[Any], app: BohnenApp) -> None:
    """t opens the panel; seat 1 is chosen, the first bean of the aid ticked: a gift
    and an invitation, which the bot of seat 1 accepts (this seed)."""
    sess = app.session
    first_bean = next(b for b, n in sess.view(0)["players"][0]["beans"].items() if n)
    await pilot.press("t")
    assert screen_name(app) == "DealPanel"
    assert "invite" in screen_text(app)
    await pilot.press("tab", "space", "tab", "enter")
    assert screen_name(app) == "HansaScreen"
    proposal = f"0: propose 1 give {first_bean}"
    assert proposal in sess.actions
    answer = sess.actions[sess.actions.index(proposal) + 1:]
    assert any(a.startswith("1: accept ") for a in answer[:3]), answer
    view = sess.view(0)
    assert view["players"][1]["city"] == view["players"][0]["city"]  # the guest came


async def wrong_keys(pilot: Pilot[Any], app: BohnenApp) -> None:
    """Keys that do not apply now are a message in the status line, never a crash."""
    sess = app.session
    before = list(sess.actions)
    await pilot.press("colon", *"buy ZZ 9", "enter")
    assert "!" in screen_text(app) and sess.actions == before
    await pilot.press("9")
    await pilot.press("r")
    assert "Beans are returned only" in screen_text(app)
    await pilot.press("enter")
    assert "travel phase of your turn" in screen_text(app)
    await pilot.press("v", "l", "right", "escape")
    assert sess.actions == before


def test_keys_and_panels_of_the_trade_phase() -> None:
    asyncio.run(_keys_and_panels_of_the_trade_phase())


async def _keys_and_panels_of_the_trade_phase() -> None:
    sess = random_session("hansa", seed=7)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = hansa_screen(app)
        await pilot.press("1", "enter")  # begin; stay (Enter on your own city)
        assert sess.actions[-1] == "0: stay"
        assert "prices fixed" in screen_text(app)
        # k: the contract to buy, with the travel card given up, from a sub-list.
        await pilot.press("k")
        assert "Buy a contract" in screen_text(app)
        listed = screen.menu(0)
        assert listed and all(verb(a) == "buy-contract" for a in listed)
        await pilot.press("escape")
        assert screen.submenu is None
        await pilot.press("k", "1")
        assert sess.actions[-1] == str(listed[0])
        # The deal panel refuses a bean code it does not know, in the panel.
        await pilot.press("t", "tab", "tab", *"xx", "enter")
        assert screen_name(app) == "DealPanel"
        assert "is not a bean code" in screen_text(app)
        await pilot.press("escape")
        assert screen_name(app) == "HansaScreen"
        # The pages: the prices of every city, the map, the board.
        await pilot.press("l")
        assert "ladders bottom slot first" in screen_text(app)
        await pilot.press("m")
        assert "carts:" in screen_text(app)
        await pilot.press("b")
        assert "aid (8 places)" in screen_text(app)
        await pilot.press("h")
        assert "Hint:" in screen_text(app)


def test_the_random_bot_stands_in_for_a_missing_heuristic_bot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(session_module, "bot_names", lambda game=None: ("ismcts", "random"))
    sess = session("hansa", players=3)
    assert sess.seating.bots == {1: "random", 2: "random"}
    assert sess.hinter.name == "random"
    assert "no heuristic bot for Bohn Hansa yet" in sess.notice
    asyncio.run(_notice_on_screen(sess))


async def _notice_on_screen(sess: session_module.Session) -> None:
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "random bot stands in" in screen_text(app)
        await pilot.press("h")
        assert "Hint:" in screen_text(app)


def test_hansa_by_default_plays_against_heuristic_bots_when_there_are_some() -> None:
    sess = session("hansa")
    expected = "heuristic" if "heuristic" in bot_names(sess.game) else "random"
    assert sess.options.players == 4 and sess.humans == (0,)
    assert set(sess.seating.bots.values()) == {expected}


def test_an_incoming_invitation_is_answered_with_a_counter() -> None:
    asyncio.run(_an_incoming_invitation_is_answered_with_a_counter())


async def _an_incoming_invitation_is_answered_with_a_counter() -> None:
    sess = random_session("hansa", seed=8)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")  # set-up; then seat 2, active, invites seat 0 (this seed)
        pending = sess.view(0)["pending"]
        assert pending is not None and pending["to"] == 0 and pending["invite"]
        pid = pending["pid"]
        assert f"#{pid} seat 2→0 (invitation to" in screen_text(app)
        verbs = [verb(a) for a in hansa_screen(app).menu(0)]
        assert verbs[-1] == "decline"  # accept comes first when the deal can be carried out
        await pilot.press("t")
        assert screen_name(app) == "DealPanel" and "Counter" in screen_text(app)
        first_bean = next(b for b, n in sess.view(0)["players"][0]["beans"].items() if n)
        await pilot.press("space", "tab", "enter")  # give the first bean, want nothing
        assert screen_name(app) == "HansaScreen"
        assert f"0: counter {pid} give {first_bean}" in sess.actions


def human_move(sess: session_module.Session) -> None:
    seat = sess.human_to_act()
    assert seat is not None
    outcome = sess.play(seat, hinted(sess, seat))
    assert outcome.ok, outcome.message
    sess.run_bots()


def test_take_back_and_save_and_resume_a_game_of_bohn_hansa(tmp_path: Path) -> None:
    sess = random_session("hansa", seed=2)
    sess.run_bots()
    while not any(str(a).startswith("0: buy ") for a in sess.choices(0)):
        human_move(sess)
    before, actions = sess.state.to_json(), list(sess.actions)
    assert sess.play(0, next(a for a in sess.choices(0) if str(a).startswith("0: buy "))).ok
    assert sess.take_back().ok  # nothing drawn or revealed, nobody moved since
    assert sess.state.to_json() == before and sess.actions == actions
    for _ in range(6):
        human_move(sess)
    path = tmp_path / "hansa.json"
    assert sess.save(path).ok
    again = session_module.Session.resume(path)
    assert again.state.to_json() == sess.state.to_json()
    assert again.seating == sess.seating
    while not again.is_over:
        human_move(again)
    assert replay(again.record()).to_json() == again.state.to_json()


def test_the_mouse_picks_a_city_travels_and_switches_pages() -> None:
    asyncio.run(_the_mouse_picks_a_city_travels_and_switches_pages())


def find(app: BohnenApp, text: str, rows: range) -> tuple[int, int]:
    """(column, row) of ``text`` on the screen, in ``rows``."""
    lines = screen_text(app).splitlines()
    row = next(y for y in rows if text in lines[y])
    return lines[row].index(text), row


async def _the_mouse_picks_a_city_travels_and_switches_pages() -> None:
    sess = random_session("hansa", seed=7)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")
        screen = hansa_screen(app)
        col, row = find(app, "VIS", range(2, 11))  # on the map
        await pilot.click(offset=(col + 1, row))
        assert screen.board.city_codes[screen.cursor] == "VIS"
        col, row = find(app, "⏎ go", range(11, 16))
        await pilot.click(offset=(col + 1, row))
        assert sess.actions[-1] == "0: go VIS"
        col, row = find(app, "Prices", range(1, 2))
        await pilot.click(offset=(col + 1, row))
        assert screen.page == "prices"


def default_board() -> MapFacts:
    """The default board as the screen reads it: from a view."""
    game = get_game("hansa")
    return board_of(game.new_game(game.options(4), 1).view(None))


def test_the_screen_reads_the_board_the_engine_plays() -> None:
    """The board the screen reads off a view has the engine's cities, routes, distances,
    shortest paths (in the engine's order: the journeys it offers), prices and cards."""
    engine = load_board("default")
    board = default_board()
    assert board.city_codes == engine.city_codes and board.city_names == engine.city_names
    assert board.coords == tuple(tuple(xy) for xy in engine.coords)
    assert board.neighbours == engine.neighbours and board.dist == engine.dist
    for a in range(engine.cities):
        for b in range(engine.cities):
            assert board.paths(a, b) == engine.paths[a][b]
        assert [dict(row) for row in board.prices[a]] == [
            {CODES[bean]: row[bean] for bean in engine.city_beans[a]} for row in engine.prices[a]]
    assert board.zoll == engine.zoll and board.nachschub == engine.nachschub
    assert board.base == {CODES[b]: engine.base[b] for b in engine.beans}
    assert board.storage == STORAGE


def test_a_journey_is_spelled_out_before_it_is_made() -> None:
    board = default_board()
    aal, koe = board.city_codes.index("AAL"), board.city_codes.index("KOE")
    hand = ["T1", "T2", "T3", "T4", "C5", "T5"]
    trip = journey(board, hand, aal, koe, 1)
    assert trip.need == 4 and len(trip.paths) == 2 and trip.possible
    assert trip.notation(board) == "go " + " ".join(board.city_codes[c] for c in trip.paths[1])
    text = " ".join(Text.from_markup(line).plain for line in journey_line(board, 0, 12, trip))
    assert "4 cities with start and end" in text and "path 2/2, v: next" in text
    assert "plays T1 T2(Nachschub) T3(Zoll) T4" in text and "Zoll −20t (you have 12t)" in text
    far = journey(board, hand[:3], aal, koe, 0)
    assert not far.possible
    assert "your hand holds 3" in Text.from_markup(journey_line(board, 0, 50, far)[0]).plain
    stay = journey(board, ["C5", "T1"], aal, aal, 0)
    assert stay.notation(board) == "stay" and stay.cards == ("C5",)
    assert "C5 to the table" in Text.from_markup(journey_line(board, 0, 50, stay)[1]).plain


def test_the_arrows_go_to_the_nearest_city_that_way() -> None:
    board = default_board()
    places = layout(board)
    code = board.city_codes

    def go(start: str, dx: int, dy: int) -> str:
        return code[step(places, code.index(start), dx, dy)]

    assert go("RIG", -1, 0) == "VIS" and go("VIS", -1, 0) == "MAL"
    assert go("MAL", -1, 0) == "AAL" and go("AAL", 1, 0) == "MAL"
    assert go("HAM", 1, 0) == "LUE" and go("LUE", 1, 0) == "ROS"
    assert go("EDI", 0, 1) == "BRU" and go("BER", 0, -1) == "BER"  # nothing above
