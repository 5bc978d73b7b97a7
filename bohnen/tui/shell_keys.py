"""The keys every game's screen shares, their help, and the layout's one measure: from
``WIDE`` columns on, the log stands beside the board and takes ``LOG_SHARE`` per cent
of the width (``bohnen/tui/app.py``'s CSS says the same)."""

from __future__ import annotations

from textual.binding import Binding, BindingType

WIDE = 120  # columns from which the log stands beside the board
LOG_SHARE = 40  # per cent of a wide screen's width the log takes (the CSS says the same)


def board_room(width: int, height: int) -> tuple[int, int]:
    """The columns the board may fill in a terminal of ``width`` × ``height`` (its
    padding taken off), and the terminal's rows."""
    play = width - width * LOG_SHARE // 100 if width >= WIDE else width
    return play - 2, height


SHARED_HELP = """[b]Keys[/b]
  1-9       play move N of the list (or click it); from 10 moves on, a
            digit that may begin a longer number waits for more, Enter
  :         type a move (notation) or its number, Enter; Esc leaves
  h / g     hint: what the heuristic bot would do / play that move
  u         take back your last move (against bots only; not once another
            seat has moved or cards were drawn or revealed)
  s         save (bohnen play --resume FILE); also saved after every move
  PgUp PgDn scroll the log (or the wheel); Home / End: first / newest line
  ? / q     this help / quit (asks first; Ctrl-Q too)"""

SHELL_BINDINGS: list[BindingType] = [
    *(Binding(str(n), f"choose({n})", show=False) for n in range(10)),
    Binding("colon", "command", "Type"),
    Binding("h", "hint", "Hint"),
    Binding("g", "play_hint", "Do hint"),
    Binding("u", "take_back", "Undo"),
    Binding("s", "save", "Save"),
    Binding("question_mark", "help", "Help"),
    Binding("q", "quit", "Quit", show=False),
    Binding("pageup", "scroll_log('page_up')", show=False),
    Binding("pagedown", "scroll_log('page_down')", show=False),
    Binding("home", "scroll_log('home')", show=False),
    Binding("end", "scroll_log('end')", show=False),
]
