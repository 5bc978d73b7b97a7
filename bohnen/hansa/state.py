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
from typing import cast

from bohnen.core.errors import IllegalActionError
from bohnen.core.protocol import JSONObject, Terms
from bohnen.core.result import Result
from bohnen.hansa.actions import Counter, HansaAction, Propose
from bohnen.hansa.audit import audit as _audit
from bohnen.hansa.data import OVER, PHASE_NAMES, HansaData, Listed
from bohnen.hansa.determinize import determinize as _determinize
from bohnen.hansa.events import HansaEvent
from bohnen.hansa.flow import result as _result
from bohnen.hansa.legal import any_time_actions as _any_time_actions
from bohnen.hansa.legal import legal_actions as _legal_actions
from bohnen.hansa.legal import proposal_space as _proposal_space
from bohnen.hansa.legal import proposal_terms as _proposal_terms
from bohnen.hansa.rules import check as _check
from bohnen.hansa.rules import effect as _effect
from bohnen.hansa.serialize import state_from_json as _state_from_json
from bohnen.hansa.serialize import state_to_json as _state_to_json
from bohnen.hansa.view_types import SeatView, SpectatorView
from bohnen.hansa.views import view as _view


class HansaState(HansaData):
    """A position of Bohn Hansa. Change it only through :meth:`apply`.

    Whom the game waits on and each seat's legal and any-time lists are worked out
    once per position and kept (:class:`~bohnen.hansa.data.Listed`) until the state
    changes; each caller gets its own copy of a list. An action object the state
    handed out for the position (from those lists or its proposal spaces) is applied
    without a second check; any other object, even an equal one, is checked.
    """

    __slots__ = ()

    def clone(self) -> HansaState:
        copy = HansaState()
        self.copy_into(copy)  # the copy has listed nothing
        return copy

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _listed(self) -> Listed:
        listed = self.listed
        if listed is None:
            listed = self.listed = Listed(self.player_count)
        return listed

    def to_act(self) -> tuple[int, ...]:
        listed = self._listed()
        seats = listed.to_act
        if seats is None:
            seats = listed.to_act = HansaData.to_act(self)
        return seats

    def must_act(self) -> tuple[int, ...]:
        return self.to_act()  # one seat at a time: the game needs its move

    def legal_actions(self, seat: int) -> list[HansaAction]:
        if not 0 <= seat < self.player_count:
            return []
        listed = self._listed()
        actions = listed.legal[seat]
        if actions is None:
            actions = listed.legal[seat] = tuple(_legal_actions(self, seat))
            listed.keep(actions)
        return list(actions)

    def any_time_actions(self, seat: int) -> list[HansaAction]:
        """Buying a contract, « à tout moment durant la partie, c'est-à-dire aussi en
        dehors de son propre tour de jeu »: open to every seat now (see ``legal``)."""
        if not 0 <= seat < self.player_count:
            return []
        listed = self._listed()
        actions = listed.any_time[seat]
        if actions is None:
            actions = listed.any_time[seat] = tuple(_any_time_actions(self, seat))
            listed.keep(actions)
        return list(actions)

    def proposals(self, seat: int) -> Sequence[Propose | Counter]:
        return _proposal_space(self, seat, self._listed().kept)

    def proposal_terms(self, seat: int) -> Terms | None:
        return _proposal_terms(self, seat)

    def check(self, action: object) -> None:
        _check(self, action)

    def apply(self, action: object) -> list[HansaEvent]:
        events: list[HansaEvent] = []
        self._carry_out(action, events)
        return events

    def advance(self, action: object) -> None:
        """Apply ``action`` as :meth:`apply` does, building no events."""
        self._carry_out(action, None)

    def _carry_out(self, action: object, events: list[HansaEvent] | None) -> None:
        """Check ``action`` unless it is an object this state handed out for this
        position, forget the lists, carry it out."""
        listed = self.listed
        if listed is None or not listed.listed(action):
            _check(self, action)
        self.listed = None
        _effect(self, cast(HansaAction, action), events)

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

    def __reduce__(self) -> tuple[object, tuple[JSONObject]]:
        """Pickled and deep-copied as its saved JSON, alike in both builds: compiled, the
        class has no default pickling (its constructor takes arguments)."""
        return (_loaded, (self.to_json(),))

    def audit(self) -> None:
        _audit(self)

    def __repr__(self) -> str:
        return f"<HansaState turn {self.turn} {PHASE_NAMES[self.phase]} seat {self.active}>"


def _loaded(data: JSONObject) -> HansaState:
    """A state from the JSON its ``__reduce__`` gave (pickle's reader calls it)."""
    return _state_from_json(data, HansaState)
