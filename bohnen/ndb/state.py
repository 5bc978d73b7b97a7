"""The state of Nicht die Bohne!: the protocol's methods on the position's slots.

:class:`NdbState` adds no data to :class:`~bohnen.ndb.data.NdbData`: each method calls
the function of the module that owns it (the rules, the listing, the views, the JSON,
the audit, the determinization). They are methods, not functions bound in the class
body, so that mypyc compiles the class as a native class with native methods. In
pure Python the hot ones are the functions themselves (:func:`_bind_in_python`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from types import FunctionType
from typing import Self, overload

from bohnen.core.protocol import JSONObject, Terms
from bohnen.core.result import Result
from bohnen.ndb import audit as _audit
from bohnen.ndb import determinize as _determinize
from bohnen.ndb import legal as _legal
from bohnen.ndb import rules as _rules
from bohnen.ndb import serialize as _serialize
from bohnen.ndb import views as _views
from bohnen.ndb.actions import NdbAction
from bohnen.ndb.data import OVER, PHASE_NAMES, NdbData
from bohnen.ndb.events import NdbEvent
from bohnen.ndb.view_types import SeatView, SpectatorView


class NdbState(NdbData):
    """A position of Nicht die Bohne!. Change it only through :meth:`apply`."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits on."""
        return _rules.to_act(self)

    def must_act(self) -> tuple[int, ...]:
        """All the seats of :meth:`to_act`: each plays its card (none may act at will)."""
        return _rules.to_act(self)

    def legal_actions(self, seat: int) -> list[NdbAction]:
        """Every legal action of ``seat``."""
        return _legal.legal_actions(self, seat)

    def check(self, action: object) -> None:
        """Raise with the reason unless ``action`` is legal now."""
        _rules.check(self, action)

    def apply(self, action: object) -> list[NdbEvent]:
        """Apply a legal ``action`` (atomically) and return its events."""
        return _rules.apply(self, action)

    def advance(self, action: object) -> None:
        """Apply ``action`` as :meth:`apply` does, building no events."""
        _rules.advance(self, action)

    @overload
    def view(self, seat: int) -> SeatView: ...

    @overload
    def view(self, seat: None) -> SpectatorView: ...

    @overload
    def view(self, seat: int | None) -> SeatView | SpectatorView: ...

    def view(self, seat: int | None) -> SeatView | SpectatorView:
        """What ``seat`` (None: a spectator) sees."""
        return _views.view(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one."""
        return _determinize.determinize(self, seat, rng)

    def result(self) -> Result:
        """The result, once the game is over."""
        return _rules.result(self)

    def to_json(self) -> JSONObject:
        """Everything, hidden cards included."""
        return _serialize.state_to_json(self)

    def audit(self) -> None:
        """Raise ``AssertionError`` unless the invariants hold."""
        _audit.audit(self)

    def totals(self) -> tuple[int, ...]:
        """Each seat's "Summe" over the finished rounds."""
        return _rules.totals(self)

    def any_time_actions(self, seat: int) -> list[NdbAction]:
        return []  # nothing is played out of turn in this game

    def proposal_terms(self, seat: int) -> Terms | None:
        return None  # no negotiation in this game

    def proposals(self, seat: int) -> Sequence[NdbAction]:
        return ()  # no negotiation in this game

    def __repr__(self) -> str:
        return (f"<NdbState round {self.round + 1} trick {self.turn} "
                f"{PHASE_NAMES[self.phase]} token {self.token}>")


# The methods called at every action, and the functions that do their work.
HOT = (("to_act", _rules.to_act), ("must_act", _rules.to_act),
       ("legal_actions", _legal.legal_actions), ("apply", _rules.apply),
       ("advance", _rules.advance))


def _bind_in_python() -> None:
    """In pure Python, make each hot method the function itself, bound as a method: a
    Python-level call fewer per call (a tenth of a game's instructions in the bare
    loop). Where mypyc compiled the class or the functions, they stay as written: a
    native class cannot be changed, and a compiled function does not bind as a method
    (nor does it need to: a native call costs little)."""
    for name, function in HOT:
        if isinstance(getattr(NdbState, name), FunctionType) and isinstance(function,
                                                                             FunctionType):
            setattr(NdbState, name, function)


_bind_in_python()
