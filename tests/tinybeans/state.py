"""The thin state of Tiny Beans: the protocol's methods, each a call into the modules
that know the rules (bound at import; nothing is assigned onto the class later)."""

from __future__ import annotations

import random

from bohnen.core.protocol import Terms
from bohnen.core.result import Result
from tinybeans.actions import TinyAction
from tinybeans.audit import audit as _audit
from tinybeans.data import Phase, TinyData
from tinybeans.determinize import determinize as _determinize
from tinybeans.events import TinyEvent
from tinybeans.legal import legal_actions as _legal_actions
from tinybeans.options import TinyOptions
from tinybeans.rules import apply as _apply
from tinybeans.rules import check as _check
from tinybeans.rules import result as _result
from tinybeans.rules import to_act as _to_act
from tinybeans.serialize import JSON
from tinybeans.serialize import state_to_json as _state_to_json
from tinybeans.view_types import SeatView, SpectatorView
from tinybeans.views import view as _view


class TinyState(TinyData):
    """A position of Tiny Beans. Change it only through :meth:`apply`."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def to_act(self) -> tuple[int, ...]:
        return _to_act(self)

    def must_act(self) -> tuple[int, ...]:
        return _to_act(self)  # one seat at a time: the game needs its move

    def legal_actions(self, seat: int) -> list[TinyAction]:
        return _legal_actions(self, seat)

    def any_time_actions(self, seat: int) -> list[TinyAction]:
        return []  # nothing is played out of turn

    def proposals(self, seat: int) -> tuple[TinyAction, ...]:
        return ()  # no negotiation

    def proposal_terms(self, seat: int) -> Terms | None:
        return None  # no negotiation

    def check(self, action: object) -> None:
        _check(self, action)

    def apply(self, action: TinyAction) -> list[TinyEvent]:
        return _apply(self, action)

    def advance(self, action: TinyAction) -> None:
        _apply(self, action)

    def view(self, seat: int | None) -> SeatView | SpectatorView:
        return _view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> TinyState:
        return _determinize(self, seat, rng)

    def clone(self) -> TinyState:
        copy = object.__new__(TinyState)
        self.copy_into(copy)
        return copy

    def result(self) -> Result:
        return _result(self)

    def to_json(self) -> JSON:
        return _state_to_json(self)

    def audit(self) -> None:
        _audit(self)

    def __repr__(self) -> str:
        return f"<TinyState trick {self.turn} {self.phase.name.lower()}>"


def new_state(options: TinyOptions) -> TinyState:
    """A state with no cards dealt yet (``rules.deal`` deals them)."""
    state = object.__new__(TinyState)
    state.options, state.players = options, options.players
    return state

