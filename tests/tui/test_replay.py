"""The replay viewer (issue 36): a record stepped forwards and back shows the table as
replaying the record to that step gives it, hides every hidden card until the end of
the game, shows every hand at its last step, and opens both a save of the terminal and
the record of an online table, for each of the three games."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, ParamSpec

import pytest
from textual.widgets import Static

from bohnen.bots import make_bot
from bohnen.core import GameRecord, get_game, replay
from bohnen.sim.runner import play_game
from bohnen.tui.replay_board import observer_board
from bohnen.tui.replay_record import CHECKPOINT_STEPS, Replay, open_replay, replay_of
from bohnen.tui.replay_screen import ReplayApp, ReplayScreen

from .helpers import SIZE, app_for, play_hints_until_over, random_session, screen_name, screen_text
from .replay_files import online_file, terminal_save

GAMES = ("bohnanza", "ndb", "hansa")
BIG = (160, 48)
P = ParamSpec("P")


def sync(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """The Pilot test ``test`` run to its end in an event loop of its own."""
    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        asyncio.run(test(*args, **kwargs))
    return run


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """A terminal save and an online record of each game."""
    folder = tmp_path_factory.mktemp("records")
    return {**{("save", g): terminal_save(folder, g) for g in GAMES},
            **{("online", g): online_file(folder, g) for g in GAMES}}


def board_after(opened: Replay, step: int) -> str:
    """The observer's board of the record replayed by the core to ``step`` (its first
    ``step`` actions), every hand shown only at the end of a finished game."""
    record = opened.record
    cut = GameRecord(record.game, record.version, record.options, record.seed,
                     record.actions[:step], record.deck)
    state = replay(cut, check_result=False)
    seats = None
    if step == len(record.actions) and state.is_over:
        seats = [dict(state.view(s)) for s in range(len(opened.names))]
    return observer_board(record.game, dict(state.view(None)), opened.names, seats)


def shown_board(app: ReplayApp) -> str:
    return str(app.screen.query_one("#replay-board", Static).content)


def step_of(app: ReplayApp) -> int:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen.step


@pytest.mark.parametrize("game", GAMES)
@sync
async def test_stepping_forwards_and_back_shows_the_board_of_the_replay_to_that_step(
        files: dict[tuple[str, str], Path], game: str) -> None:
    opened = open_replay(files["save", game])
    app = ReplayApp(opened)
    async with app.run_test(size=SIZE) as pilot:
        assert step_of(app) == 0 and shown_board(app) == board_after(opened, 0)
        for key, step in [("right", 1), ("n", 2), ("right", 3), ("left", 2), ("p", 1),
                          ("n", 2)]:
            await pilot.press(key)
            assert step_of(app) == step
            assert shown_board(app) == board_after(opened, step), (key, step)
        far = CHECKPOINT_STEPS + 5  # past a kept state: a copy of it and 5 actions
        await pilot.press(*str(far), "enter")
        assert step_of(app) == far and shown_board(app) == board_after(opened, far)
        await pilot.press("left")
        assert shown_board(app) == board_after(opened, far - 1)
        await pilot.press("end")
        assert step_of(app) == opened.steps
        assert shown_board(app) == board_after(opened, opened.steps)
        await pilot.press("right")  # nothing after the last step
        assert step_of(app) == opened.steps
        await pilot.press("left")
        assert shown_board(app) == board_after(opened, opened.steps - 1)
        await pilot.press("home")
        assert step_of(app) == 0 and shown_board(app) == board_after(opened, 0)


@sync
async def test_a_number_past_the_end_goes_to_the_end_and_escape_forgets_one(
        files: dict[tuple[str, str], Path]) -> None:
    opened = open_replay(files["save", "ndb"])
    app = ReplayApp(opened)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "2")
        assert "Go to step 12_" in screen_text(app)
        await pilot.press("escape", "enter")
        assert step_of(app) == 0 and "Go to step" not in screen_text(app)
        await pilot.press("1", "2", "backspace", "enter")
        assert step_of(app) == 1
        await pilot.press(*"999999", "enter")
        assert step_of(app) == opened.steps


def hands(opened: Replay) -> list[list[str]]:
    """Each seat's hand at the end of the game (the cards of its own view)."""
    state = opened.state_at(opened.steps)
    return [list(state.view(s)["players"][s]["hand"] or []) for s in range(len(opened.names))]


@pytest.mark.parametrize("kind", ["save", "online"])
@pytest.mark.parametrize("game", ["bohnanza", "hansa"])
@sync
async def test_every_hand_is_shown_at_the_end_and_none_before(
        files: dict[tuple[str, str], Path], game: str, kind: str) -> None:
    """At the last step every seat's hand is spelled out; one step before, only the
    hands' sizes, and no line of a seat's hand."""
    opened = open_replay(files[kind, game])
    held = hands(opened)
    assert any(held), "a game whose hands are empty at the end shows nothing here"
    app = ReplayApp(opened)
    async with app.run_test(size=BIG) as pilot:
        await pilot.press("end")
        text = " ".join(screen_text(app).split())
        assert "every hand shown" in text and "Hands (face down)" not in text
        for seat, hand in enumerate(held):
            head = "hand (" if game == "bohnanza" else "Hand"
            shown = text.split(f"Seat {seat} {head}")[1].split(" Seat ")[0].split(" Step ")[0]
            assert in_order(hand_words(opened, game, hand), shown), (shown, hand)
        await pilot.press("left")
        text = screen_text(app)
        assert "Hands (face down)" in text and "every hand shown" not in text
        assert not any(line.strip().startswith(("Seat 0 hand", "Seat 0 Hand"))
                       for line in text.splitlines())


def in_order(words: list[str], text: str) -> bool:
    """Whether ``words`` appear in ``text`` one after another (other text between)."""
    at = 0
    for word in words:
        at = text.find(word, at)
        if at < 0:
            return False
        at += len(word)
    return True


def hand_words(opened: Replay, game: str, hand: list[str]) -> list[str]:
    """How the cards of a hand read on the board: Bohnanza's beans by name, Bohn Hansa's
    cards by code."""
    if game == "bohnanza":
        view = opened.view(opened.steps)
        names = {b["code"]: b["name"] for b in view["legend"]}
        return [names[code] for code in hand]
    return hand


@sync
async def test_no_hidden_card_is_shown_before_the_end(
        files: dict[tuple[str, str], Path]) -> None:
    """At every step of a game of Nicht die Bohne! before its end, what the screen shows
    is the spectator's: a card played face down is a back on the table and "a card face
    down" in the log, never the card its seat saw; no hand is spelled out."""
    opened = open_replay(files["online", "ndb"])
    app = ReplayApp(opened)
    face_down = 0
    async with app.run_test(size=BIG) as pilot:
        for step in range(1, opened.steps):
            await pilot.press("right")
            text = " ".join(screen_text(app).split())
            assert "Hands (face down)" in text and " hand (" not in text
            seat = opened.mover(step)
            assert seat is not None
            state = opened.state_at(step - 1)
            own = [e.text(seat) for e in state.clone().apply(opened.actions[step - 1])]
            public = list(opened.step_words(step))
            for mine, theirs in zip(own, public, strict=True):
                if mine != theirs:  # the seat saw its card: nobody else does
                    face_down += 1
                    assert mine not in text and theirs in text
            view = opened.view(step)
            if seat in view["played"] and view["table"][seat] is None:
                assert "▒▒" in text  # its card lies face down: a back
    assert face_down > 10, "no card was played face down: the test saw nothing hidden"


@pytest.mark.parametrize("game", GAMES)
@sync
async def test_an_online_record_opens_with_the_names_its_seats_had(
        files: dict[tuple[str, str], Path], game: str) -> None:
    opened = open_replay(files["online", game])
    assert opened.names == ("p0", "p1", "p2")
    assert opened.is_over
    app = ReplayApp(opened)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        text = screen_text(app)
        assert f"step 1 of {opened.steps}" in text
        assert all(name in text for name in opened.names)
        assert " ".join(opened.step_words(1)) in " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
@sync
async def test_a_terminal_save_opens_with_its_seating(
        files: dict[tuple[str, str], Path], game: str) -> None:
    opened = open_replay(files["save", game])
    assert opened.names == ("person", "random", "random")
    app = ReplayApp(opened)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        text = screen_text(app)
        assert f"step {opened.steps} of {opened.steps}" in text
        assert "person" in text and "random" in text


@sync
async def test_q_leaves_the_viewer(files: dict[tuple[str, str], Path]) -> None:
    app = ReplayApp(open_replay(files["save", "bohnanza"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


@sync
async def test_r_on_the_result_screen_replays_the_game_just_played() -> None:
    """From the end of a game of ``bohnen play``: r opens the viewer at the last step
    (every hand shown), Home goes to the deal, q comes back to the result."""
    sess = random_session("hansa", seed=7)
    app = app_for(sess)
    async with app.run_test(size=SIZE) as pilot:
        await play_hints_until_over(pilot, app)
        await pilot.press("r")
        assert screen_name(app) == "ReplayScreen"
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.step == len(sess.actions) and "every hand shown" in screen_text(app)
        await pilot.press("home")
        assert screen.step == 0
        board = str(screen.query_one("#replay-board", Static).content)
        assert board == board_after(replay_of(sess.record(), screen.replay.names), 0)
        await pilot.press("q")
        assert screen_name(app) == "ResultScreen"


def test_a_record_of_bohnen_simulate_opens_with_seats_by_number(tmp_path: Path) -> None:
    """A record without seats (``bohnen simulate --record``) names the seats by number,
    and any step is the core's replay to it, across kept states."""
    game = get_game("ndb")
    played = play_game(game, game.options(3, rounds=1), 11, [make_bot("random")] * 3,
                       record=True)
    assert played.record is not None
    path = tmp_path / "simulated.json"
    played.record.save(path)
    opened = open_replay(path)
    assert opened.names == ("seat 0", "seat 1", "seat 2") and opened.is_over
    for step in (0, 1, CHECKPOINT_STEPS - 1, CHECKPOINT_STEPS, CHECKPOINT_STEPS + 1,
                 opened.steps):
        cut = GameRecord("ndb", played.record.version, played.record.options,
                         played.record.seed, played.record.actions[:step])
        assert opened.view(step) == dict(replay(cut, check_result=False).view(None)), step
