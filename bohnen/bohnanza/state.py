"""The Bohnanza state: the protocol's methods on the slots of :mod:`~bohnen.bohnanza.data`.

Each method is a call into the module that knows the matter: the listing of legal
actions (``legal``), the proposal generator (``proposal_space``), the rules (``rules``),
the views (``views``), determinization, the state JSON and the audit. The functions are
bound once at import, so a call costs one Python call.
"""

from __future__ import annotations

import random

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.audit import audit as _audit
from bohnen.bohnanza.data import OVER, PHASE_NAMES, BohnanzaData
from bohnen.bohnanza.determinize import determinize as _determinize
from bohnen.bohnanza.events import BohnanzaEvent
from bohnen.bohnanza.flow import result as _result
from bohnen.bohnanza.legal import any_time_actions as _any_time_actions
from bohnen.bohnanza.legal import legal_actions as _legal_actions
from bohnen.bohnanza.legal import to_act as _to_act
from bohnen.bohnanza.proposal_space import ProposalSpace
from bohnen.bohnanza.proposal_space import proposal_space as _proposal_space
from bohnen.bohnanza.rules import apply as _apply
from bohnen.bohnanza.rules import check as _check
from bohnen.bohnanza.serialize import state_to_json as _state_to_json
from bohnen.bohnanza.views import BohnanzaView
from bohnen.bohnanza.views import view as _view
from bohnen.core.protocol import JSONObject
from bohnen.core.result import Result


class BohnanzaState(BohnanzaData):
    """A position of Bohnanza. Change it only through :meth:`apply`."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def to_act(self) -> tuple[int, ...]:
        return _to_act(self)

    def legal_actions(self, seat: int) -> list[BohnanzaAction]:
        """Every legal action of ``seat`` now, except proposals."""
        return _legal_actions(self, seat)

    def any_time_actions(self, seat: int) -> list[BohnanzaAction]:
        """The actions ``seat`` may take at any moment, also out of turn (harvests, buying
        the third field); taking one never changes whose move it is."""
        return _any_time_actions(self, seat)

    def proposals(self, seat: int) -> ProposalSpace:
        """Proposals of ``seat`` from the bounded generator."""
        return _proposal_space(self, seat)

    def check(self, action: object) -> None:
        _check(self, action)

    def apply(self, action: BohnanzaAction) -> list[BohnanzaEvent]:
        return _apply(self, action)

    def view(self, seat: int | None) -> BohnanzaView:
        return _view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> BohnanzaState:
        return _determinize(self, seat, rng, BohnanzaState)

    def result(self) -> Result:
        return _result(self)

    def to_json(self) -> JSONObject:
        return _state_to_json(self)

    def audit(self) -> None:
        _audit(self)

    def __repr__(self) -> str:
        return (f"<BohnanzaState turn {self.turn} seat {self.active} "
                f"{PHASE_NAMES[self.phase]} runouts {self.runouts}>")
