"""The replay viewer: a record stepped forwards and back, the table at step k of n as
an observer saw it, every hand shown at the end of a finished game.

It opens from ``bohnen replay FILE --watch`` (:class:`ReplayApp`), from ``bohnen play
--replay FILE``, and from the result screen of ``bohnen play`` (the ``r`` key: the game
just played). The keys are those of the players of recorded games (Lichess, BGA's
replays): → or n next step, ← or p the step before, Home and End the deal and the end,
a number then Enter a step by its number, q leaves. Under the table, the log up to the
step, scrollable, ends with the step's own words in bold.
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


class ReplayScreen(Screen[None]):
    """One record, stepped through (see the module); ``step`` is the step shown."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Back"),
        Binding("home", "go(0)", "First"),
        Binding("end", "last", "Last"),
        Binding("enter", "jump", "Go to N"),
        Binding("backspace", "untype", show=False),
        Binding("escape", "clear", show=False),
        Binding("q", "leave", "Quit"),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-title { height: 1; background: $primary; color: $text;
                                 text-style: bold; }
    ReplayScreen #replay-board { height: auto; padding: 0 1; }
    ReplayScreen #replay-log { height: 1fr; min-height: 2; padding: 0 1;
                               background: $boost; scrollbar-size-vertical: 1; }
    ReplayScreen #replay-typed { height: 1; padding: 0 1; display: none; }
    """

    def __init__(self, replay: Replay, step: int = 0) -> None:
        super().__init__()
        self.replay = replay
        self.step = replay.clamp(step)
        self.typed = ""  # the digits of a step number typed so far

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title")
        yield Static(id="replay-board")
        with VerticalScroll(id="replay-log"):
            yield Static(id="replay-log-text")
        yield Static(id="replay-typed")
        yield Footer()

    def on_mount(self) -> None:
        self.show()

    # --- drawing ----------------------------------------------------------------------

    def title_text(self) -> str:
        replay = self.replay
        end = " · game over: every hand shown" if replay.shows_hands(self.step) else ""
        return f" Replay · {esc(replay.game.title)} · step {self.step} of {replay.steps}{end}"

    def log_text(self) -> str:
        """The log up to the step shown, muted, then the step's own words in bold (the
        last lines, where the log is scrolled to)."""
        replay = self.replay
        before = replay.log_until(self.step - 1) if self.step else []
        now = [part for line in replay.step_words(self.step) for part in line.splitlines()]
        muted = [f"[dim]{esc(line)}[/dim]" for line in before]
        marked = [f"[b]{'▶ ' if i == 0 else '  '}{esc(line)}[/b]" for i, line in enumerate(now)]
        return "\n".join(muted + marked)

    def show(self) -> None:
        """Draw the table and the log at :attr:`step`."""
        replay = self.replay
        self.query_one("#replay-title", Static).update(self.title_text())
        board = observer_board(replay.game.name, replay.view(self.step), replay.names,
                               replay.seat_views(self.step))
        self.query_one("#replay-board", Static).update(board)
        self.query_one("#replay-log-text", Static).update(self.log_text())
        log = self.query_one("#replay-log", VerticalScroll)
        self.call_after_refresh(log.scroll_end, animate=False)
        self.show_typed()

    def show_typed(self) -> None:
        """The step number typed so far, while there is one."""
        typed = self.query_one("#replay-typed", Static)
        typed.display = bool(self.typed)
        typed.update(f"[b reverse] Go to step {self.typed}_ [/] Enter: go · Esc: forget it")

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
            self.show_typed()
            event.stop()

    def action_jump(self) -> None:
        if self.typed:
            self.go(int(self.typed))

    def action_untype(self) -> None:
        self.typed = self.typed[:-1]
        self.show_typed()

    def action_clear(self) -> None:
        self.typed = ""
        self.show_typed()

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
