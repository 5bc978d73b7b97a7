"""Whose turn it is in an environment where the game lets several seats act at once
(Nicht die Bohne!'s face-down plays, open trading in Bohnanza, deals in Bohn Hansa):
the environments take one seat at a time, the next of ``state.to_act()`` after the
last seat that acted or yielded (in seat order, round the table). A seat composing an
action over several ids keeps the turn until the action is whole."""

from __future__ import annotations

from dataclasses import dataclass

from bohnen.core.protocol import AnyState


@dataclass(slots=True)
class Turns:
    """The last seat that acted or yielded (-1: nobody yet)."""

    last: int = -1

    def seat(self, state: AnyState) -> int:
        """The seat to act now (the game is not over)."""
        seats = sorted(state.to_act())
        return next((seat for seat in seats if seat > self.last), seats[0])

    def done(self, seat: int) -> None:
        """``seat`` acted, or yielded its turn."""
        self.last = seat
