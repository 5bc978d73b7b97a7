"""Snapshots of each screen at 80×24 (regenerate: pytest tests/tui --snapshot-update)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from .helpers import SIZE, app_for, play_hints_until_over, random_session, session

Compare = Callable[..., bool]


def test_bohnanza_board(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1)), press=["g", "g"],
                        terminal_size=SIZE)


def test_bohnanza_trade_panel(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1)),
                        press=["g", "g", "g", "t", "down", "space"], terminal_size=SIZE)


def test_ndb_taking(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("ndb", seed=4, options=["rounds=1"])),
                        press=["1", "enter"],
                        terminal_size=SIZE)


def test_ndb_result(snap_compare: Compare) -> None:
    app = app_for(session("ndb", seed=4, options=["rounds=1"]))

    async def finish(pilot: Pilot[Any]) -> None:
        await play_hints_until_over(pilot, app)

    assert snap_compare(app, run_before=finish, terminal_size=SIZE)


def test_hotseat_cover(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1, players=3, hotseat=True)),
                        terminal_size=SIZE)


def test_help(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1)), press=["question_mark"],
                        terminal_size=SIZE)


def test_hansa_journey_on_the_map(snap_compare: Compare) -> None:
    # Random bots and hints: the snapshots do not move when the heuristic bot changes.
    assert snap_compare(app_for(random_session("hansa", seed=7)), press=["1", "left"],
                        terminal_size=SIZE)


def test_hansa_board_in_the_trade_phase(snap_compare: Compare) -> None:
    assert snap_compare(app_for(random_session("hansa", seed=7)),
                        press=["1", "left", "enter"], terminal_size=SIZE)


def test_hansa_deal_panel(snap_compare: Compare) -> None:
    assert snap_compare(app_for(random_session("hansa", seed=7)),
                        press=["1", "left", "enter", "t", "tab", "space"], terminal_size=SIZE)


def test_hansa_prices(snap_compare: Compare) -> None:
    assert snap_compare(app_for(random_session("hansa", seed=7)), press=["1", "l", "left"],
                        terminal_size=SIZE)


# Issue 36: each game's main screen at 160×48 (the log beside the board, the Hansa map
# larger, the boards as on paper), the question before quitting and the codes in the help.

WIDE = (160, 48)


def test_bohnanza_board_wide(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1)), press=["g", "g", "h"],
                        terminal_size=WIDE)


def test_ndb_taking_wide(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("ndb", seed=4, options=["rounds=1"])),
                        press=["1", "enter"], terminal_size=WIDE)


def test_hansa_journey_on_the_map_wide(snap_compare: Compare) -> None:
    assert snap_compare(app_for(random_session("hansa", seed=7)), press=["1", "left"],
                        terminal_size=WIDE)


def test_quit_question(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1)), press=["q"],
                        terminal_size=SIZE)


def test_quit_question_wide(snap_compare: Compare) -> None:
    assert snap_compare(app_for(session("bohnanza", seed=1)), press=["q"],
                        terminal_size=WIDE)


def test_hansa_board_wide(snap_compare: Compare) -> None:
    assert snap_compare(app_for(random_session("hansa", seed=7)),
                        press=["1", "left", "enter"], terminal_size=WIDE)


def test_codes_in_the_help_wide(snap_compare: Compare) -> None:
    assert snap_compare(app_for(random_session("hansa", seed=7)), press=["question_mark"],
                        terminal_size=WIDE)
