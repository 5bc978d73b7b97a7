"""The Textual application of ``bohnen play``: one game screen over a session."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from bohnen.tui.game_screen import GameScreen
from bohnen.tui.registry import screen_class
from bohnen.tui.replay_record import replay_of_session
from bohnen.tui.replay_screen import ReplayScreen
from bohnen.tui.screens import QuitScreen, ResultScreen
from bohnen.tui.session import Session

# Below WIDE columns the log is under the board (GameScreen.WIDE); from there on, beside.
CSS = """
#title { height: auto; background: $primary; color: $text; text-style: bold; }
#main { height: 1fr; layout: vertical; }
#play { height: auto; }
#board { height: auto; padding: 0 1; }
#choices { height: auto; max-height: 8; padding: 0 1; background: $boost; }
#log { height: 1fr; min-height: 1; padding: 0 1; color: $text-muted;
       background: $background; scrollbar-size-vertical: 1; }
.wide #main { layout: horizontal; }
.wide #play { width: 1fr; height: 100%; }
.wide #choices { max-height: 16; }
.wide #log { width: 40%; height: 100%; border-left: vkey $primary; }
#command { height: 1; border: none; padding: 0 1; }
#status { height: auto; min-height: 1; max-height: 8; padding: 0 1; }
#cover, #result, #help, #panel, #quit {
    width: 78; height: auto; max-height: 24; padding: 0 1;
    border: round $accent; background: $panel;
}
#help { width: 82; max-width: 100%; scrollbar-size-vertical: 1; }
CoverScreen, ResultScreen, HelpScreen, TradePanel, QuitScreen { align: center middle; }
"""


def default_save_path(session: Session) -> Path:
    return Path(f"bohnen-{session.game.name}-{session.seed}.json")


class BohnenApp(App[None]):
    """``bohnen play``: a game against bots, or between people at one keyboard.

    ``autosave``: the file the game is saved to after every move (None: not saved
    automatically); ``note``: a line for the status line at the start (e.g. which
    save was resumed)."""

    CSS = CSS
    TITLE = "bohnen"
    AUTO_FOCUS = ""
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session, delay: float = 0.6,
                 save_path: str | Path | None = None, autosave: Path | None = None,
                 note: str = "") -> None:
        super().__init__()
        self.session = session
        self.save_path = Path(save_path) if save_path is not None else default_save_path(session)
        self.game_screen: GameScreen = screen_class(session.game.name)(session, delay)
        self.game_screen.autosave_path = autosave
        self.game_screen.note = note

    def on_mount(self) -> None:
        self.push_screen(self.game_screen)

    def action_save_game(self) -> None:
        outcome = self.session.save(self.save_path)
        self.game_screen.report(outcome)
        if isinstance(self.screen, ResultScreen):
            self.screen.note(outcome.message)

    def action_replay_game(self) -> None:
        """The game played so far in the replay viewer, at its last step (q comes back)."""
        replay = replay_of_session(self.session)
        self.push_screen(ReplayScreen(replay, replay.steps))

    async def action_quit(self) -> None:
        """``q`` and Ctrl-Q: ask first while the game goes on (Ctrl-Q again goes back)."""
        if isinstance(self.screen, QuitScreen):
            self.screen.dismiss(None)
            return
        if self.session.is_over:
            self.exit()
            return
        where = self.game_screen.autosave_path
        self.push_screen(QuitScreen(str(where) if where is not None else ""))
