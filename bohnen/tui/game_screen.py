"""The shell every game's screen shares: the action list, the log, the typed command
line, the status line, hints, take-back, save and autosave, bot pacing, the hot-seat
cover and the question before quitting.

The layout follows the terminal: below ``WIDE`` columns everything is stacked (the
board, the moves, the log); from ``WIDE`` on, the log stands beside the board.

A game's screen subclasses :class:`GameScreen` and draws its board from the view of
the seat shown (:meth:`GameScreen.board_text`); everything else is here.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Static

from bohnen.core.protocol import Action, JSONObject
from bohnen.tui.autosave import autosave
from bohnen.tui.game_log import GameLog
from bohnen.tui.moves import move_text
from bohnen.tui.screens import CoverScreen, HelpScreen, ResultScreen, result_text
from bohnen.tui.session import Outcome, Session
from bohnen.tui.shell_keys import SHARED_HELP, SHELL_BINDINGS, WIDE, board_room
from bohnen.tui.text import esc, numbered, seat_name, without_seat
from bohnen.tui.words import words


class GameScreen(Screen[None]):
    """The screen of one game; subclasses add the board and their own keys."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = SHELL_BINDINGS
    GAME_HELP = ""

    def __init__(self, session: Session, delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.delay = delay
        self.shown = session.viewer()
        self.covered = False
        self.result_shown = False
        self._timer: Timer | None = None
        self._status = ""
        self.pending: str | None = None  # the prompt of a choice waiting for its number
        self.autosave_path: Path | None = None  # saved there after every move (the app's)
        self.note = ""  # said at the start, after the seed (the app's)
        self._saved_at = -1  # the number of actions last autosaved

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Vertical(id="main"):
            with Vertical(id="play"):
                yield Static(id="board")
                yield Static(id="choices")
            yield GameLog(id="log")
        yield Input(id="command", placeholder="type an action or its number, Enter",
                    select_on_focus=False)
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.fit(self.app.size.width, self.app.size.height)
        self.say(" ".join(filter(None, [self.session.opening(), self.seat_words(),
                                        self.note])))
        self.redraw()
        self.flow()

    def seat_words(self) -> str:
        """Which seat the person plays (said at the start: it is drawn at random)."""
        if len(self.session.humans) != 1:
            return ""
        return f"You play seat {self.session.humans[0]}."

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Lay the screen out for a terminal of ``width`` × ``height``: the log beside
        the board from ``WIDE`` columns on. A game may size its board to the room."""
        self.set_class(width >= WIDE, "wide")

    def list_width(self) -> int:
        """The width the numbered list is packed into: 68 columns (after "Your move: ")
        at 80×24, the board's width on a wide screen."""
        return max(68, self.board_room()[0] - 12)

    def board_room(self) -> tuple[int, int]:
        """The columns the board may fill, and the terminal's rows."""
        return board_room(*self.app.size)

    # --- what a game's screen draws ---------------------------------------------------

    def title_text(self, view: JSONObject) -> str:
        raise NotImplementedError

    def board_text(self, view: JSONObject) -> str:
        raise NotImplementedError

    def result_extra(self, view: JSONObject) -> str:
        return ""

    def menu(self, seat: int) -> list[Action]:
        """The numbered actions offered to ``seat`` (a game may leave some to its keys)."""
        return self.session.choices(seat)

    def describe(self, action: object) -> str:
        """An action's label in the numbered list (plain text): the game's words for it,
        which name things as the board does."""
        return move_text(self.session, self.shown, cast(Action, action))

    def menu_extra(self, seat: int) -> str:
        """Markup after the numbered list (e.g. the game's keys for the other actions)."""
        return ""

    def menu_title(self) -> str:
        """Markup before the numbered list."""
        return "[b]Your move:[/b] "

    def any_time_keys(self) -> str:
        """Markup naming the keys of the game's any-time moves (shown while others play)."""
        return ""

    def hinted(self, action: object) -> None:
        """Called with the hint's action once it is shown (a game may point at it)."""

    # --- drawing ----------------------------------------------------------------------

    def seat_label(self, seat: int) -> str:
        return seat_name(seat, self.shown, self.session.seating.bots)

    def redraw(self) -> None:
        view = self.session.view(self.shown)
        self.query_one("#title", Static).update(self.title_text(view))
        self.query_one("#board", Static).update(self.board_text(view))
        self.query_one("#choices", Static).update(self.choices_text())
        self.fill_log()
        self.show_status()

    def fill_log(self) -> None:
        """The whole log of the game, as the seat shown sees it."""
        self.query_one("#log", GameLog).follow(self.session.log, self.shown)

    def action_scroll_log(self, where: str) -> None:
        self.query_one("#log", GameLog).scroll_to_key(where)

    def choices_text(self) -> str:
        session = self.session
        if session.is_over:
            return "[b]The game is over.[/b]"
        seat = session.human_to_act()
        if seat is None or seat != self.shown:
            listed = self.menu(self.shown)  # an any-time menu opened out of turn
            if listed:
                return (self.menu_title()
                        + numbered(listed, width=self.list_width(), describe=self.describe))
        if seat is None:
            bot = session.bot_to_act()
            return (f"[i]Seat {bot} ({esc(self.seat_label(bot or 0))}) is playing…[/i]"
                    + self.any_time_line())
        if seat != self.shown:
            return f"[i]Seat {seat} is to play.[/i]" + self.any_time_line()
        return (self.menu_title()
                + numbered(self.menu(seat), width=self.list_width(), describe=self.describe)
                + self.menu_extra(seat))

    def any_time_line(self) -> str:
        """Out of turn: the keys of the any-time moves the person shown may make now."""
        keys = self.any_time_keys()
        if not keys or not self.session.any_time_choices(self.shown):
            return ""
        return f"\n[b]Any time:[/b] {keys}"

    def say(self, message: str, error: bool = False) -> None:
        text = esc(message)
        self._status = f"[b red]! {text}[/]" if error else text
        self.show_status()

    def show_status(self) -> None:
        """The status line: the pending choice's prompt first, while one waits (so it is
        always on screen, whatever else is said), then the last message."""
        prompt = f"[b reverse] {esc(self.pending)} [/] " if self.pending else ""
        self.query_one("#status", Static).update(prompt + self._status)

    # --- a choice waiting for its number ---------------------------------------------

    def ask(self, prompt: str) -> None:
        """A choice now waits for its number (a key from 1): ``prompt`` stays on the
        status line until a number answers it, Esc or any other command ends it."""
        self.pending = prompt
        self._status = ""
        self.show_status()

    def end_pending(self) -> bool:
        """End the choice waiting, if any (True if one was)."""
        if self.pending is None:
            return False
        self.pending = None
        self.show_status()
        return True

    def report(self, outcome: Outcome) -> None:
        self.say(without_seat(outcome.message) if outcome.ok else outcome.message,
                    error=not outcome.ok)

    # --- the flow of play -------------------------------------------------------------

    def flow(self) -> None:
        """After every change: bots move (paced), the cover goes up, or the result shows."""
        session = self.session
        self.save_automatically()
        if session.is_over:
            self.redraw()
            if not self.result_shown:
                self.result_shown = True
                self.show_result()
            return
        if session.bot_to_act() is not None:
            if self.delay <= 0:
                session.run_bots()
                self.flow()
                return
            if self._timer is None:
                self._timer = self.set_timer(self.delay, self._bot_tick)
            self.redraw()
            return
        seat = session.viewer()
        if len(session.humans) > 1 and (seat != self.shown or not self.covered):
            self.covered = True
            self.app.push_screen(CoverScreen(seat), lambda _: self._reveal(seat))
            return
        self.redraw()

    def save_automatically(self) -> None:
        """Save the game to the autosave file if a move was made since the last time."""
        done = len(self.session.actions)
        if self.autosave_path is None or done == self._saved_at:
            return
        self._saved_at = done
        failure = autosave(self.session, self.autosave_path)
        if failure is not None:
            self.say(failure, error=True)

    def _reveal(self, seat: int) -> None:
        self.shown = seat
        self.say(f"Seat {seat}, your move.")
        self.redraw()

    def _bot_tick(self) -> None:
        self._timer = None
        self.session.step_bot()
        self.flow()

    def after_move(self, outcome: Outcome) -> None:
        self.report(outcome)
        if outcome.ok:
            self.flow()

    def play_text(self, text: str) -> None:
        if text.strip().isdigit():
            self.choose_listed(int(text.strip()))
            return
        seat = self.person_seat()
        if seat is None:
            return
        if seat != self.session.human_to_act():  # out of turn: only an any-time move
            try:
                action = self.session.parse(seat, text)
            except ValueError as exc:
                self.say(str(exc), error=True)
                return
            self.play_action(action)
            return
        self.after_move(self.session.play_text(seat, text))

    def play_action(self, action: Action) -> None:
        any_time = getattr(action, "any_time", False)
        seat = self.person_seat() if any_time else self.my_seat()
        if seat is None:
            return
        words = move_text(self.session, seat, action)  # before the move changes the view
        outcome = self.session.play(seat, action)
        self.after_move(Outcome(True, words) if outcome.ok else outcome)

    def person_seat(self) -> int | None:
        """The seat shown if a person plays it, to act or not (any-time moves are open to
        it at any moment); else a message and None."""
        session = self.session
        if session.is_over:
            self.say("The game is over.", error=True)
            return None
        if self.shown not in session.humans:
            self.say("Wait: it is not your move.", error=True)
            return None
        return self.shown

    def my_seat(self) -> int | None:
        """The seat shown if it is to move now; else a message and None."""
        session = self.session
        if session.is_over:
            self.say("The game is over.", error=True)
            return None
        seat = session.human_to_act()
        if seat is None or seat != self.shown:
            self.say("Wait: it is not your move.", error=True)
            return None
        return seat

    def show_result(self) -> None:
        view = self.session.view(self.shown)
        names = [self.seat_label(s) for s in range(len(view["players"]))]
        text = result_text(self.session.game.title, view["result"],
                           self.session.game.score_name, names, self.result_extra(view))
        self.app.push_screen(ResultScreen(text))

    # --- keys -------------------------------------------------------------------------

    def action_choose(self, number: int) -> None:
        """A digit key: move ``number``, or, if a longer number may begin with it (10
        moves or more), the command line opened with it, to type the rest and Enter."""
        seat = self.shown if self.menu(self.shown) else self.session.human_to_act()
        listed = self.menu(seat) if seat == self.shown else []
        if number and number * 10 <= len(listed):
            command = self.query_one("#command", Input)
            command.value = str(number)
            command.focus()
            command.cursor_position = len(command.value)
            self.say(f"Move {number}…: type more digits (moves 1 to {len(listed)}), Enter.")
            return
        self.choose_listed(number)

    def choose_listed(self, number: int) -> None:
        """Play action ``number`` (from 1) of the numbered list shown (out of turn: of an
        any-time menu, if one is open)."""
        seat = self.shown if self.menu(self.shown) else self.my_seat()
        if seat is None:
            return
        listed = self.menu(seat)
        if not listed:
            self.say("you have nothing to do now", error=True)
            return
        if not 1 <= number <= len(listed):
            self.say(f"no action {number}: choose 1 to {len(listed)}", error=True)
            return
        self.play_action(listed[number - 1])

    def codes_lines(self) -> list[str]:
        """The codes that may be typed in notation, each with what it names (the game's
        words: ``codes_lines``), for the help and the command line."""
        lines = getattr(words(self.session.game.name), "codes_lines", None)
        if not callable(lines):
            return []
        return list(lines(self.session.view(self.shown)))

    def action_command(self) -> None:
        """The command line takes the keys; the status line shows the codes to type."""
        self.query_one("#command", Input).focus()
        lines = self.codes_lines()
        if lines:
            self.say("\n".join(lines[:1] + lines[-1:]))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "command":
            return
        text = event.value
        event.input.value = ""
        self.set_focus(None)
        self.play_text(text)

    def on_key(self, event: events.Key) -> None:
        """Esc leaves the command line, or ends a choice waiting for its number; any
        other key but a number's ends that choice too (seen here before the key's own
        command runs), so a key meant for something else never answers it later."""
        if event.key == "escape" and self.focused is not None:
            self.set_focus(None)
            event.stop()
        elif self.pending is not None and not event.key.isdigit():
            self.end_pending()
            if event.key == "escape":
                self.say("Nothing chosen.")
                event.stop()

    def action_hint(self) -> None:
        seat = self.session.human_to_act()
        if seat is None or seat != self.shown:
            self.say("No hint: it is not your move.", error=True)
            return
        advice = self.session.advice(seat)
        if advice is None:
            return
        action, why = advice
        because = f" — {why}" if why else ""
        self.say(f"Hint: {move_text(self.session, seat, action)}{because} (g plays it)")
        self.hinted(action)

    def action_play_hint(self) -> None:
        seat = self.my_seat()
        if seat is None:
            return
        action = self.session.hint(seat)
        if action is not None:
            self.play_action(action)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers Undo only where take-back is allowed (a game against bots,
        not hot-seat, where it is refused)."""
        if action == "take_back":
            return self.session.can_take_back()
        return True

    def action_take_back(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        outcome = self.session.take_back()
        self.report(outcome)
        if outcome.ok:
            self.result_shown = False
        self.flow()

    async def action_save(self) -> None:
        await self.app.run_action("save_game")

    def action_help(self) -> None:
        seed = self.session.seed
        codes = "".join(f"\n{esc(line)}" for line in self.codes_lines())
        codes = f"\n[b]Codes[/b] (to type){codes}" if codes else ""
        self.app.push_screen(HelpScreen(SHARED_HELP + "\n" + self.GAME_HELP + codes +
                                        f"\n\nThis deal: seed {seed} (--seed {seed} deals "
                                        "it again). Esc closes this help (↑↓ scroll it)."))

    async def action_quit(self) -> None:
        await self.app.run_action("quit")
