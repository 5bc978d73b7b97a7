"""Playing at the terminal: ``bohnen play`` (Textual screens over a pure-Python session)."""

from bohnen.tui.session import Outcome, Seating, Session

__all__ = ["Outcome", "Seating", "Session"]
