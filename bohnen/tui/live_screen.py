"""The flow of a game screen where several seats may act at once (open trading): the
bots are asked when the table changes and whenever a resting bot's wait is over
(:mod:`bohnen.tui.live`), and the person may move at any moment meanwhile.

The bots' moves are paced as in every game (``delay`` between two of them); with no
delay they play at once until every bot waits. While a panel or the help covers the
board, the bots hold their moves (the person builds an offer on the table as it was
when the panel opened), and are asked once it closes.
"""

from __future__ import annotations

from bohnen.tui.game_screen import GameScreen

COVERED_RECHECK = 0.5  # seconds between looks at whether a panel still covers the board
LEAST_WAKE = 0.05  # seconds: a timer never set for less
MOST_AT_ONCE = 1000  # bot moves played at once, with no delay, before the screen redraws


class LiveScreen(GameScreen):
    """A game screen whose bots may wait (open trading); otherwise the shell's flow."""

    def flow(self) -> None:
        session = self.session
        if not session.live or session.is_over:
            super().flow()
            return
        self.redraw()
        if self.delay > 0:
            self.schedule(self.delay)
        else:
            self.tick()

    def tick(self) -> None:
        """Ask the bots (see the module), then wait for the next moment to ask them."""
        self.stop_timer()
        session = self.session
        if session.is_over:
            super().flow()
            return
        if self.app.screen is not self:
            self.schedule(COVERED_RECHECK)
            return
        moved = 0
        while not session.is_over and moved < MOST_AT_ONCE and session.step_bot():
            moved += 1
            if self.delay > 0:
                break
        if session.is_over:
            super().flow()
            return
        self.redraw()
        if moved and self.delay > 0:
            self.schedule(self.delay)
            return
        wake = session.rests.wake()
        if wake is not None:
            self.schedule(wake - session.clock())

    def schedule(self, seconds: float) -> None:
        """The bots are asked again in ``seconds`` (the timer set before is dropped)."""
        self.stop_timer()
        self._timer = self.set_timer(max(LEAST_WAKE, seconds), self.tick)

    def stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
