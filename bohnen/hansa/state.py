"""The state of Bohn Hansa: the protocol's methods over the data of a position.

:class:`HansaState` is :class:`~bohnen.hansa.data.HansaData` (every fact, readable
names) with the methods of ``bohnen.core.protocol.State``, each a call into the module
that knows it: the rules (``rules.py``), the listing (``legal.py``), the views
(``views.py``), the JSON (``serialize.py``), the audit (``audit.py``), the re-dealing of
hidden cards (``determinize.py``). Change a state only through :meth:`apply`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bohnen.core.errors import IllegalActionError
from bohnen.core.protocol import JSONObject, Terms
from bohnen.core.result import Result
from bohnen.hansa.actions import Counter, HansaAction, Propose
from bohnen.hansa.audit import audit as _audit
from bohnen.hansa.data import OVER, PHASE_NAMES, HansaData
from bohnen.hansa.determinize import determinize as _determinize
from bohnen.hansa.events import HansaEvent
from bohnen.hansa.flow import result as _result
from bohnen.hansa.legal import any_time_actions as _any_time_actions
from bohnen.hansa.legal import legal_actions as _legal_actions
from bohnen.hansa.legal import proposal_space as _proposal_space
from bohnen.hansa.legal import proposal_terms as _proposal_terms
from bohnen.hansa.rules import apply as _apply
from bohnen.hansa.rules import check as _check
from bohnen.hansa.serialize import state_to_json as _state_to_json
from bohnen.hansa.view_types import SeatView, SpectatorView
from bohnen.hansa.views import view as _view


class HansaState(HansaData):
    """A position of Bohn Hansa. Change it only through :meth:`apply`."""

    __slots__ = ()

    def clone(self) -> HansaState:
        copy = object.__new__(HansaState)
        self.copy_into(copy)
        return copy

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def must_act(self) -> tuple[int, ...]:
        return self.to_act()  # one seat at a time: the game needs its move

    def legal_actions(self, seat: int) -> list[HansaAction]:
        return _legal_actions(self, seat)

    def any_time_actions(self, seat: int) -> list[HansaAction]:
        """Buying a contract, « à tout moment durant la partie, c'est-à-dire aussi en
        dehors de son propre tour de jeu »: open to every seat now (see ``legal``)."""
        return _any_time_actions(self, seat)

    def proposals(self, seat: int) -> Sequence[Propose | Counter]:
        return _proposal_space(self, seat)

    def proposal_terms(self, seat: int) -> Terms | None:
        return _proposal_terms(self, seat)

    def check(self, action: object) -> None:
        _check(self, action)

    def apply(self, action: object) -> list[HansaEvent]:
        return _apply(self, action)

    def advance(self, action: object) -> None:
        """Apply ``action`` as :meth:`apply` does, building no events."""
        _apply(self, action)

    def view(self, seat: int | None) -> SeatView | SpectatorView:
        return _view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> HansaState:
        return _determinize(self, seat, rng)

    def result(self) -> Result:
        if self.phase != OVER:
            raise IllegalActionError("the game is not over: no result yet")
        return _result(self)

    def to_json(self) -> JSONObject:
        return _state_to_json(self)

    def audit(self) -> None:
        _audit(self)

    def __repr__(self) -> str:
        return f"<HansaState turn {self.turn} {PHASE_NAMES[self.phase]} seat {self.active}>"
