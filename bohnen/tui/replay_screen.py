"""The replay viewer: a record stepped forwards and back, the table at step k of n as
an observer saw it, every hand shown at the end of a finished game.

It opens from ``bohnen replay FILE --watch`` (:class:`ReplayApp`), from ``bohnen play
--replay FILE``, and from the result screen of ``bohnen play`` (the ``r`` key: the game
just played). The keys are those of the players of recorded games (Lichess, BGA's
replays): → or n next step, ← or p the step before, Home and End the deal and the end,
a number then Enter a step by its number, q leaves. Under the table: the step's words
(its log line), then the log up to it, scrollable.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from bohnen.tui.replay_board import observer_board
from bohnen.tui.replay_record import Replay
from bohnen.tui.text import esc

MAX_TYPED = 6  # digits of a step number typed (a record has fewer than a million steps)

HELP = ("→/n next · ←/p back · Home/End first/last · N Enter: step N · q quit")


class ReplayScreen(Screen[None]):
    """One record, stepped through (see the module); ``step`` is the step shown."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Back"),
        Binding("home", "go(0)", "First"),
        Binding("end", "last", "Last"),
        Binding("enter", "jump", "Go to N", show=False),
        Binding("backspace", "untype", show=False),
        Binding("escape", "clear", show=False),
        Binding("q", "leave", "Quit"),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-title { height: 1; background: $primary; color: $text;
                                 text-style: bold; }
    ReplayScreen #replay-board { height: auto; padding: 0 1; }
    ReplayScreen #replay-move { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen #replay-log { height: 1fr; min-height: 2; padding: 0 1;
                               color: $text-muted; scrollbar-size-vertical: 1; }
    ReplayScreen #replay-status { height: 1; padding: 0 1; }
    """

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.step = replay.clamp(step)
        self.typed = ""  # the digits of a step number typed so far

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        yield Static(id="replay-board")
        yield Static(id="replay-move")
        with VerticalScroll(id="replay-log"):
            yield Static(id="replay-log-text")
        yield Static(id="replay-status")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    # --- drawing ----------------------------------------------------------------------

    def title_text(self) -> str:
        replay = self.replay
        game = replay.game.title
        where = f"step {self.step} of {replay.steps}"
        end = " · game over, every hand shown" if replay.shows_hands(self.step) else ""
        return f" Replay · {esc(game)} · {where}{end}"

    def move_text(self) -> str:
        mover = self.replay.mover(self.step)
        head = f"Step {self.step}" + (f" (seat {mover})" if mover is not None else "")
        lines = self.replay.step_words(self.step)
        return f"[b]{head}:[/b] " + esc(" ".join(lines))

    def show(self) -> None:
        """Draw the table, the step's words and the log at :attr:`step`."""
        replay = self.replay
        self.query_one("#replay-title", Static).update(self.title_text())
        board = observer_board(replay.game.name, replay.view(self.step), replay.names,
                               replay.seat_views(self.step))
        self.query_one("#replay-board", Static).update(board)
        self.query_one("#replay-move", Static).update(self.move_text())
        lines = replay.log_until(self.step)
        self.query_one("#replay-log-text", Static).update(
            esc("\n".join(lines)) if lines else "[i](nothing yet)[/i]")
        log = self.query_one("#replay-log", VerticalScroll)
        self.call_after_refresh(log.scroll_end, animate=False)
        self.show_status()

    def show_status(self) -> None:
        typed = f"[b reverse] Go to step {self.typed}_ [/] Enter · " if self.typed else ""
        self.query_one("#replay-status", Static).update(typed + esc(HELP))

    # --- keys -------------------------------------------------------------------------

    def go(self, step: int) -> None:
        self.typed = ""
        self.step = self.replay.clamp(step)
        self.show()

    def action_step(self, delta: int) -> None:
        self.go(self.step + delta)

    def action_go(self, step: int) -> None:
        self.go(step)

    def action_last(self) -> None:
        self.go(self.replay.steps)

    def on_key(self, event: events.Key) -> None:
        """A digit adds to the step number typed (Enter goes there)."""
        if event.character is not None and event.character.isdigit():
            if len(self.typed) < MAX_TYPED:
                self.typed += event.character
            self.show_status()
            event.stop()

    def action_jump(self) -> None:
        if self.typed:
            self.go(int(self.typed))

    def action_untype(self) -> None:
        self.typed = self.typed[:-1]
        self.show_status()

    def action_clear(self) -> None:
        self.typed = ""
        self.show_status()

    def action_leave(self) -> None:
        self.dismiss(None)


class ReplayApp(App[None]):
    """``bohnen replay FILE --watch``: the replay viewer alone."""

    TITLE = "bohnen replay"
    AUTO_FOCUS = ""
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.first_step = step

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.replay, self.first_step), lambda _: self.exit())
