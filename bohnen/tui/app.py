"""The Textual application of ``bohnen play``: one game screen over a session."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from bohnen.tui.game_screen import GameScreen
from bohnen.tui.registry import screen_class
from bohnen.tui.screens import ResultScreen
from bohnen.tui.session import Session

CSS = """
#title { height: 1; background: $primary; color: $text; text-style: bold; }
#board { height: auto; padding: 0 1; }
#choices { height: auto; max-height: 8; padding: 0 1; background: $boost; }
#log { height: 1fr; min-height: 1; padding: 0 1; color: $text-muted; }
#command { height: 1; border: none; padding: 0 1; }
#status { height: auto; min-height: 1; max-height: 2; padding: 0 1; }
#cover, #result, #help, #panel {
    width: 78; height: auto; max-height: 24; padding: 0 1;
    border: round $accent; background: $panel;
}
CoverScreen, ResultScreen, HelpScreen, TradePanel { align: center middle; }
"""


def default_save_path(session: Session) -> Path:
    return Path(f"bohnen-{session.game.name}-{session.seed}.json")


class BohnenApp(App[None]):
    """``bohnen play``: a game against bots, or between people at one keyboard."""

    CSS = CSS
    TITLE = "bohnen"
    AUTO_FOCUS = ""
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session, delay: float = 0.6,
                 save_path: str | Path | None = None) -> None:
        super().__init__()
        self.session = session
        self.save_path = Path(save_path) if save_path is not None else default_save_path(session)
        self.game_screen: GameScreen = screen_class(session.game.name)(session, delay)

    def on_mount(self) -> None:
        self.push_screen(self.game_screen)

    def action_save_game(self) -> None:
        outcome = self.session.save(self.save_path)
        self.game_screen.report(outcome)
        if isinstance(self.screen, ResultScreen):
            self.screen.note(outcome.message)
