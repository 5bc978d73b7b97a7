"""The game's log on the screen: every line of the game so far, as the seat shown may
see it, in a scrollable widget (Textual's ``RichLog``) that follows the newest line.

The session keeps the events; the widget is given the new ones as they come. It is
written again from the start only when the lines shown can no longer grow by
appending: another seat is shown (hot-seat: each seat sees its own words), a move was
taken back (the session rebuilt its log), or the widget changed width (its lines are
wrapped when written).
"""

from __future__ import annotations

from textual import events
from textual.widgets import RichLog

from bohnen.core.protocol import Event


class GameLog(RichLog):
    """Every line of the game, scrollable with the keyboard (the screen's PgUp, PgDn,
    Home and End) and the mouse wheel; it follows the newest line unless scrolled up."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, min_width=10, markup=False, highlight=False)
        self.shown: list[str] = []  # the lines written, in order
        self._viewer: int | None = None
        self._last: Event | None = None  # the last event written (a rebuild makes new ones)
        self._width = 0

    def follow(self, events: list[Event], viewer: int) -> None:
        """Show ``events`` as ``viewer`` sees them: append the new ones, or write them
        all again if the ones shown are no longer their start."""
        count = len(self.shown)
        same = (viewer == self._viewer and len(events) >= count
                and (count == 0 or events[count - 1] is self._last)
                and self._width == self.content_size.width)
        if not same:
            self.rewrite(events, viewer)
            return
        at_end = self.scroll_y >= self.max_scroll_y
        for event in events[count:]:
            self._add(event, viewer, at_end)

    def rewrite(self, events: list[Event], viewer: int) -> None:
        """Clear the log and write every event again, the newest line in view."""
        self.clear()
        self.shown = []
        self._viewer = viewer
        self._last = None
        self._width = self.content_size.width
        for event in events:
            self._add(event, viewer, True)

    def _add(self, event: Event, viewer: int, follow: bool) -> None:
        line = event.text(viewer)
        self.shown.append(line)
        self._last = event
        self.write(line, scroll_end=follow)

    def on_resize(self, event: events.Resize) -> None:
        """Lines are wrapped to the width they were written at: write them again."""
        if self._viewer is not None and self._width != self.content_size.width:
            screen = self.screen
            refill = getattr(screen, "fill_log", None)
            if callable(refill):
                refill()

    def scroll_to_key(self, where: str) -> None:
        """The screen's log keys: ``home`` (the first line), ``end`` (the newest),
        ``page_up``, ``page_down``."""
        if where == "home":
            self.scroll_home(animate=False)
        elif where == "end":
            self.scroll_end(animate=False)
        elif where == "page_up":
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)
