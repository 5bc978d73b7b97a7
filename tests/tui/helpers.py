"""Helpers for the terminal tests: build apps, read the screen as text, press keys."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from bohnen.bots import make_bot
from bohnen.cli.play import make_session
from bohnen.core.protocol import Action
from bohnen.tui.app import BohnenApp
from bohnen.tui.session import Session

SIZE = (80, 24)
MAX_PRESSES = 3000


def session(game: str = "bohnanza", seed: int = 1, options: list[str] | None = None,
            players: int | None = None, hotseat: bool = False,
            resume: Path | None = None, bots: str | None = None,
            seat: int | None = 0) -> Session:
    """A game at the terminal; the person in seat 0 unless ``seat`` says otherwise
    (None: drawn from the seed, as ``bohnen play`` does)."""
    return make_session(game, players, seat, bots, seed, hotseat, None, options or [], resume)


def random_session(game: str, seed: int, players: int = 3, hotseat: bool = False) -> Session:
    """A game against random bots whose hints come from the random bot too: the same
    game whatever becomes of the heuristic bots (and fast)."""
    sess = session(game, seed=seed, players=players, hotseat=hotseat,
                   bots=None if hotseat else "random")
    sess.hinter = make_bot("random", sess.game)
    return sess


def app_for(sess: Session, save: Path | None = None) -> BohnenApp:
    return BohnenApp(sess, delay=0, save_path=save)


def screen_text(app: App[Any]) -> str:
    """What the terminal shows now, as plain text (the same render as a screenshot)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system="truecolor", legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()


def screen_name(app: BohnenApp) -> str:
    return type(app.screen).__name__


async def play_hints_until_over(pilot: Pilot[Any], app: BohnenApp) -> int:
    """Press g (play the hint's move) until the result screen shows; the presses made."""
    presses = 0
    while screen_name(app) != "ResultScreen":
        assert presses < MAX_PRESSES, "the game did not end"
        await pilot.press("g")
        presses += 1
    return presses


def hinted(sess: Session, seat: int) -> Action:
    """The hint bot's move for ``seat``, which must be to act."""
    action = sess.hint(seat)
    assert action is not None, f"seat {seat} is not to act"
    return action
