"""The state of Nicht die Bohne!: the protocol's methods on the position's slots.

:class:`NdbState` adds no data to :class:`~bohnen.ndb.data.NdbData`: each method is a
function of the module that owns it (the rules, the listing, the views, the JSON, the
audit, the determinization), bound in the class body so that the hot paths cost no
extra call.
"""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.core.protocol import Terms
from bohnen.ndb import audit as _audit
from bohnen.ndb import determinize as _determinize
from bohnen.ndb import legal as _legal
from bohnen.ndb import rules as _rules
from bohnen.ndb import serialize as _serialize
from bohnen.ndb import views as _views
from bohnen.ndb.actions import NdbAction
from bohnen.ndb.data import OVER, PHASE_NAMES, NdbData


class NdbState(NdbData):
    """A position of Nicht die Bohne!. Change it only through :meth:`apply`."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    to_act = _rules.to_act  # the seats the game waits on
    must_act = _rules.to_act  # all of them: each plays its card (none may act at will)
    legal_actions = _legal.legal_actions  # every legal action of a seat
    check = _rules.check  # raises with the reason unless an action is legal now
    apply = _rules.apply  # applies a legal action (atomically) and returns its events

    def advance(self, action: object) -> None:
        """Apply ``action`` as :meth:`apply` does, building no events."""
        _rules.apply(self, action)

    view = _views.view  # what a seat (None: a spectator) sees
    determinize = _determinize.determinize  # a state the seat cannot tell from this one
    result = _rules.result  # the result, once the game is over
    to_json = _serialize.state_to_json  # everything, hidden cards included
    audit = _audit.audit  # raises AssertionError unless the invariants hold
    totals = _rules.totals  # each seat's "Summe" over the finished rounds

    def any_time_actions(self, seat: int) -> list[NdbAction]:
        return []  # nothing is played out of turn in this game

    def proposal_terms(self, seat: int) -> Terms | None:
        return None  # no negotiation in this game

    def proposals(self, seat: int) -> Sequence[NdbAction]:
        return ()  # no negotiation in this game

    def __repr__(self) -> str:
        return (f"<NdbState round {self.round + 1} trick {self.turn} "
                f"{PHASE_NAMES[self.phase]} token {self.token}>")
