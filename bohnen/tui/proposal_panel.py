"""The shell of a panel that builds one proposal (or counter) and sends it as notation;
each game's panel supplies the widgets and ``notation``."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from bohnen.tui.text import esc

if TYPE_CHECKING:
    from bohnen.tui.game_screen import GameScreen


class ProposalPanel(ModalScreen[None]):
    """Enter in a text line (or Send, or ctrl+s) sends the proposal; Escape cancels. A
    refused proposal leaves the panel open with the reason in ``#panel-status``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "send", "Send"),
    ]

    def __init__(self, owner: GameScreen, seat: int) -> None:
        super().__init__()
        self.owner_screen = owner
        self.seat = seat

    def notation(self) -> str:
        """The proposal built so far, in the game's notation."""
        raise NotImplementedError

    def action_send(self) -> None:
        outcome = self.owner_screen.session.play_text(self.seat, self.notation())
        if not outcome.ok:
            self.query_one("#panel-status", Static).update(f"[b red]! {esc(outcome.message)}[/]")
            return
        self.dismiss(None)
        self.owner_screen.after_move(outcome)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_send()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "send":
            self.action_send()
        else:
            self.action_cancel()
