"""The Bohnanza state: the protocol's methods on the slots of :mod:`~bohnen.bohnanza.data`.

Each method is a call into the module that knows the matter: the listing of legal
actions (``legal``), the proposal generator (``proposal_space``), the rules (``rules``),
the views (``views``), determinization, the state JSON and the audit. The answers a
caller asks for at every move (``to_act``, ``must_act``, the legal and any-time lists,
the proposal spaces) are worked out once per position and remembered
(:mod:`~bohnen.bohnanza.memo`): the lists are handed out as copies, and an action that
is one of the listed objects is applied without a second check.
"""

from __future__ import annotations

import random
from typing import cast

from bohnen.bohnanza.actions import BohnanzaAction
from bohnen.bohnanza.audit import audit as _audit
from bohnen.bohnanza.data import OVER, PHASE_NAMES, TRADE, BohnanzaData
from bohnen.bohnanza.determinize import determinize as _determinize
from bohnen.bohnanza.events import BohnanzaEvent
from bohnen.bohnanza.flow import result as _result
from bohnen.bohnanza.legal import ONE_SEAT
from bohnen.bohnanza.legal import any_time_actions as _any_time_actions
from bohnen.bohnanza.legal import legal_actions as _legal_actions
from bohnen.bohnanza.legal import must_act as _must_act
from bohnen.bohnanza.legal import to_act as _to_act
from bohnen.bohnanza.memo import listed, no_lists, no_spaces, remember_list, seen_list
from bohnen.bohnanza.proposal_space import ProposalSpace
from bohnen.bohnanza.proposal_space import proposal_space as _proposal_space
from bohnen.bohnanza.proposal_space import proposal_terms as _proposal_terms
from bohnen.bohnanza.rules import check as _check
from bohnen.bohnanza.rules import effect
from bohnen.bohnanza.serialize import state_from_json as _state_from_json
from bohnen.bohnanza.serialize import state_to_json as _state_to_json
from bohnen.bohnanza.views import BohnanzaView
from bohnen.bohnanza.views import view as _view
from bohnen.core.protocol import JSONObject, Terms
from bohnen.core.result import Result


class BohnanzaState(BohnanzaData):
    """A position of Bohnanza. Change it only through :meth:`apply` (or :meth:`advance`)."""

    __slots__ = ()

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    def to_act(self) -> tuple[int, ...]:
        seats = self.seen_to_act
        if seats is None:
            # legal.to_act's turn-based answer, without the call
            seats = self.seen_to_act = (ONE_SEAT[self.mover] if self.turn_based
                                        and self.phase is not OVER else _to_act(self))
        return seats

    def must_act(self) -> tuple[int, ...]:
        """The seats the game cannot go on without (in open trading, not every seat of
        ``to_act()``: see ``legal.must_act``)."""
        seats = self.seen_must
        if seats is None:
            seats = self.seen_must = _must_act(self)
        return seats

    def legal_actions(self, seat: int) -> list[BohnanzaAction]:
        if not 0 <= seat < self.players:
            return []
        lists = self.seen_lists  # memo.seen_list and memo.remember_list, inlined
        if lists is None:
            lists = self.seen_lists = no_lists()
        actions = lists[seat]
        if actions is None:
            actions = lists[seat] = _legal_actions(self, seat)
        return actions[:]  # a copy: the caller may change its list

    def any_time_actions(self, seat: int) -> list[BohnanzaAction]:
        """The actions ``seat`` may take at any moment, also out of turn (harvests, buying
        the third field); taking one never changes whose move it is."""
        if not 0 <= seat < self.players:
            return []
        index = self.players + seat
        actions = seen_list(self, index)
        if actions is None:
            actions = _any_time_actions(self, seat)
            remember_list(self, index, actions)
        return actions[:]

    def proposals(self, seat: int) -> ProposalSpace:
        if self.phase is not TRADE or not 0 <= seat < self.players:
            return _proposal_space(self, seat)  # the empty space: nothing to remember
        spaces = self.seen_spaces
        if spaces is None:
            spaces = self.seen_spaces = no_spaces()
        space = spaces[seat]
        if space is None:
            made = _proposal_space(self, seat)
            spaces[seat] = made
            return made
        return cast(ProposalSpace, space)  # what it remembered is what it made

    def apply(self, action: BohnanzaAction) -> list[BohnanzaEvent]:
        """Check ``action`` in full, unless it is one of the objects this state listed for
        its position (``memo.listed``); then apply it; its events (``rules.apply``,
        inlined)."""
        if not listed(self, action):
            _check(self, action)
        events: list[BohnanzaEvent] = []
        effect(self, action, events)
        return events

    def advance(self, action: BohnanzaAction) -> None:
        """Apply ``action`` as :meth:`apply` does, building no events."""
        if not listed(self, action):
            _check(self, action)
        effect(self, action, None)

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

    def __reduce__(self) -> tuple[object, tuple[JSONObject]]:
        """Pickled and deep-copied as its saved JSON, alike in both builds: compiled, the
        class has no default pickling (its constructor takes arguments)."""
        return (_loaded, (self.to_json(),))

    def audit(self) -> None:
        _audit(self)

    def __repr__(self) -> str:
        return (f"<BohnanzaState turn {self.turn} seat {self.active} "
                f"{PHASE_NAMES[self.phase]} runouts {self.runouts}>")


def _loaded(data: JSONObject) -> BohnanzaState:
    """A state from the JSON its ``__reduce__`` gave (pickle's reader calls it)."""
    return _state_from_json(data, BohnanzaState)
