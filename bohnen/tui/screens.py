"""Screens every game shares: the cover between seats, the result, the help, and the
question before quitting."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from bohnen.core.protocol import JSONObject
from bohnen.tui.text import esc


class CoverScreen(Screen[None]):
    """Hides the board while the keyboard passes to the next person (hot-seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "reveal", "Show my hand")]

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        with Vertical(id="cover"):
            yield Static(f"[b]Seat {self.seat}'s move[/b]\n\n"
                         f"Pass the keyboard to the player of seat {self.seat}.\n"
                         "Everybody else, look away.\n\n"
                         "Press Enter to show the hand.", id="cover-text")

    def action_reveal(self) -> None:
        self.dismiss(None)


def result_text(title: str, result: JSONObject, score_name: str,
                names: list[str], extra: str = "") -> str:
    """The final result as markup: the winners, then every seat's score."""
    winners = result["winners"]
    scores = result["scores"]
    who = " and ".join(f"seat {s} ({names[s]})" for s in winners)
    lines = [f"[b]{esc(title)}: game over[/b]", esc(result.get("reason", "")), "",
             f"[b]Winner{'s' if len(winners) > 1 else ''}: {esc(who)}[/b]", ""]
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    for seat in order:
        mark = "★" if seat in winners else " "
        lines.append(f" {mark} seat {seat} {esc(names[seat]):<12} {scores[seat]:>4} {score_name}")
    if extra:
        lines += ["", extra]
    lines += ["", "Esc: back to the board · r: replay · s: save · q: quit"]
    return "\n".join(lines)


class ResultScreen(ModalScreen[None]):
    """The final screen with the result."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Board"), Binding("s", "save", "Save"),
        Binding("r", "replay", "Replay"), Binding("q", "quit", "Quit")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="result"):
            yield Static(self.text, id="result-text")
            yield Static(id="result-status")

    def note(self, message: str) -> None:
        """A line under the result (e.g. where the game was saved)."""
        self.query_one("#result-status", Static).update(esc(message))

    def action_back(self) -> None:
        self.dismiss(None)

    async def action_save(self) -> None:
        await self.app.run_action("save_game")

    async def action_replay(self) -> None:
        await self.app.run_action("replay_game")

    async def action_quit(self) -> None:
        self.app.exit()


class HelpScreen(ModalScreen[None]):
    """Every key of the current screen, the notation and the codes to type; it scrolls
    (↑↓, PgUp/PgDn, the wheel) where it is taller than the terminal."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "close", "Close")]
    AUTO_FOCUS = "#help"

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(self.text, id="help-text")

    def on_mount(self) -> None:
        self.query_one("#help", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[None]):
    """Asks before quitting a game that has not ended: y quits, any other key goes back
    to the game (which is saved automatically after every move all along)."""

    def __init__(self, where: str = "") -> None:
        super().__init__()
        self.where = where

    def compose(self) -> ComposeResult:
        saved = (f"The game is saved in {esc(self.where)};\n`bohnen play --resume` goes on "
                 "with it." if self.where else "The game is not saved automatically.")
        with Vertical(id="quit"):
            yield Static("[b]Quit this game?[/b]\n\n" + saved +
                         "\n\n[b]y[/b]: quit · any other key: back to the game",
                         id="quit-text")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if event.key == "y":
            self.app.exit()
        else:
            self.dismiss(None)
