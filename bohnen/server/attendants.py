"""What runs beside a table besides its writer: its bots (:mod:`bohnen.server.seating`)
and its clock (:mod:`bohnen.server.clock`), attached and closed together.

The server makes one process pool for every table (:func:`~bohnen.server.seating.
bot_pool`), shared in turns (:class:`~bohnen.server.thinkers.Thinkers`), attaches each
table's attendants once its writer runs (a table rebuilt on start, a table just set
up), closes them before it stops the table, and shuts the pool down last."""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass

from bohnen.server.clock import Clock
from bohnen.server.offer import Offer
from bohnen.server.seating import Seating
from bohnen.server.table import Table
from bohnen.server.thinkers import Thinkers


@dataclass(slots=True)
class Attendants:
    """A table's bots and its clock (None: the table has none)."""

    seating: Seating
    clock: Clock | None

    @classmethod
    def attach(cls, table: Table, pool: Executor | Thinkers, offer: Offer | None = None
               ) -> Attendants:
        """Seat the table's bots and start its clock (derived from its log), both
        listening to the table from now on, thinking in ``pool`` (the thinkers every
        table shares), seating what ``offer`` allows; ``ValueError`` for a set-up's
        clock that is no clock."""
        clock = Clock.for_table(table, pool, offer=offer)
        seating = Seating(table, pool, offer)
        seating.attach()
        if clock is not None:
            clock.attach()
        return cls(seating, clock)

    async def close(self) -> None:
        """Stop listening; end the bots' questions and the clock's timer."""
        if self.clock is not None:
            await self.clock.close()
        await self.seating.close()
