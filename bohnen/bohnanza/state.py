"""The Bohnanza state: the protocol's methods on the slots of :mod:`~bohnen.bohnanza.data`.

Each method is a call into the module that knows the matter: the listing of legal
actions (``legal``), the proposal generator (``proposal_space``), the rules (``rules``),
the views (``views``), determinization, the state JSON and the audit. The four that run
at every move of a game (``to_act``, ``legal_actions``, ``proposals``, ``apply``) are
those modules' functions themselves, bound in the class body, which spares a Python
call on the hot path (the others are methods that call them).
"""

from __future__ import annotations

import random

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.audit import audit as _audit
from bohnen.bohnanza.data import OVER, PHASE_NAMES, BohnanzaData
from bohnen.bohnanza.determinize import determinize as _determinize
from bohnen.bohnanza.flow import result as _result
from bohnen.bohnanza.legal import any_time_actions as _any_time_actions
from bohnen.bohnanza.legal import legal_actions as _legal_actions
from bohnen.bohnanza.legal import must_act as _must_act
from bohnen.bohnanza.legal import to_act as _to_act
from bohnen.bohnanza.proposal_space import proposal_space as _proposal_space
from bohnen.bohnanza.proposal_space import proposal_terms as _proposal_terms
from bohnen.bohnanza.rules import apply as _apply
from bohnen.bohnanza.rules import check as _check
from bohnen.bohnanza.serialize import state_to_json as _state_to_json
from bohnen.bohnanza.views import BohnanzaView
from bohnen.bohnanza.views import view as _view
from bohnen.core.protocol import JSONObject, Terms
from bohnen.core.result import Result


class BohnanzaState(BohnanzaData):
    """A position of Bohnanza. Change it only through :meth:`apply`."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    # The hot four: legal.to_act, legal.legal_actions, proposal_space.proposal_space
    # and rules.apply, bound as methods.
    to_act = _to_act
    legal_actions = _legal_actions
    proposals = _proposal_space
    apply = _apply

    def advance(self, action: BohnanzaAction) -> None:
        """Apply ``action`` as :meth:`apply` does, building no events."""
        _apply(self, action)

    def must_act(self) -> tuple[int, ...]:
        """The seats the game cannot go on without (in open trading, not every seat of
        ``to_act()``: see ``legal.must_act``)."""
        return _must_act(self)

    def any_time_actions(self, seat: int) -> list[BohnanzaAction]:
        """The actions ``seat`` may take at any moment, also out of turn (harvests, buying
        the third field); taking one never changes whose move it is."""
        return _any_time_actions(self, seat)

    def proposal_terms(self, seat: int) -> Terms | None:
        """What ``seat`` may propose now (``proposal_space.proposal_terms``)."""
        return _proposal_terms(self, seat)

    def check(self, action: object) -> None:
        _check(self, action)

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
