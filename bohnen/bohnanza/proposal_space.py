"""The bounded proposal generator: every proposal of a seat up to a size, lazily indexed.

The space of proposals is combinatorial, so it is never listed: a :class:`ProposalSpace`
is a ``Sequence`` that builds the proposal at an index on demand. It offers only what
the rules of :mod:`~bohnen.bohnanza.trading` allow (it asks their predicates: who may
propose now, to whom, with face-up cards or not), within ``proposal_size`` cards (and
talers) a side. :func:`proposal_terms` says where a seat's proposals may go and what
they may hold, whatever their size: what an interface composes within.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final, overload

from bohnen.bohnanza.actions import Counter, Propose
from bohnen.bohnanza.beans import ALL_BEANS, CODES, DECK_SIZE, Bean
from bohnen.bohnanza.data import TRADE, BohnanzaData
from bohnen.bohnanza.flow import may_propose, proposals_left
from bohnen.bohnanza.makers import counter, propose
from bohnen.bohnanza.trading import (
    answer_refusal,
    awaits_answer,
    gives_face_up,
    partners,
    trading_refusal,
)
from bohnen.core.protocol import Target, Terms

Give = tuple[tuple[int, ...], tuple[int, ...], int]  # hand positions, face-up indices, talers
Want = tuple[tuple[Bean, ...], int]  # beans, talers


class ProposalSpace(Sequence[Propose | Counter]):
    """Every proposal of one seat up to ``proposal_size`` cards a side, lazily indexed.

    Offers are distinct bean multisets (the earliest hand positions are used), face-up
    cards counted apart from hand cards; wants are bean multisets. A proposal that
    neither gives nor wants anything is left out. ``counter`` makes counters to it.
    The space keeps its own copy of the cards it offers from (tuples), so it stays
    the space of the moment it was made. Nothing is worked out before it is asked:
    the offers and wants on first use of the length or an index, each proposal when
    its index is read; ``last`` is the proposal built last (which the state that made
    the space trusts without a check, :func:`~bohnen.bohnanza.memo.listed`).
    """

    __slots__ = ("_face_up", "_gives", "_hand", "_money", "_per_target", "_size", "_talers",
                 "_wants", "counter", "last", "seat", "targets")

    def __init__(self, seat: int, targets: list[int], hand: tuple[Bean, ...],
                 face_up: tuple[Bean, ...], talers: int, size: int, money: int,
                 counter: int | None = None) -> None:
        self.seat = seat
        self.targets = targets
        self.counter = counter
        self._hand = hand
        self._face_up = face_up
        self._talers = talers
        self._size = size
        self._money = money
        self._wants: list[Want] | None = None
        self._gives: list[Give] | None = None
        self._per_target = -1
        self.last: Propose | Counter | None = None

    @property
    def wants(self) -> list[Want]:
        if self._wants is None:
            self._wants = _wants(self._size, self._money)
        return self._wants

    @property
    def gives(self) -> list[Give]:
        if self._gives is None:
            self._gives = _gives(self._hand, self._face_up, self._size,
                                 min(self._money, self._talers))
        return self._gives

    @property
    def per_target(self) -> int:
        """Proposals to each target (all offers times all wants, less nothing-for-nothing)."""
        if self._per_target < 0:
            self._per_target = len(self.gives) * len(self.wants) - 1
        return self._per_target

    def __len__(self) -> int:
        return len(self.targets) * self.per_target if self.targets else 0

    def __bool__(self) -> bool:
        # Some offer or some want besides "nothing for nothing" always exists when a
        # side may hold a card or a taler, so this needs no listing of the offers.
        return bool(self.targets) and (self._size > 0 or self._money > 0)

    @overload
    def __getitem__(self, index: int) -> Propose | Counter: ...

    @overload
    def __getitem__(self, index: slice) -> list[Propose | Counter]: ...

    def __getitem__(self, index: int | slice) -> Propose | Counter | list[Propose | Counter]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        per, wants = self.per_target, self.wants
        t = index // per  # // and % rather than divmod: compiled, native int arithmetic
        rest = index % per + 1
        count = len(wants)
        g, w = rest // count, rest % count
        hand, face, talers = self.gives[g]
        beans, wants_talers = wants[w]
        made: Propose | Counter
        if self.counter is not None:
            made = counter(self.seat, self.counter, hand, face, beans, talers, wants_talers)
        else:
            made = propose(self.seat, self.targets[t], hand, face, beans, talers, wants_talers)
        self.last = made
        return made


_WANTS: Final[dict[tuple[int, int], list[Want]]] = {}


def _wants(size: int, money: int) -> list[Want]:
    key = (size, money)
    wants = _WANTS.get(key)
    if wants is None:
        beans = [c for r in range(size + 1)
                 for c in combinations_with_replacement(ALL_BEANS, r)]
        wants = _WANTS[key] = [(b, t) for b in beans for t in range(money + 1)]
    return wants


def _gives(hand: tuple[Bean, ...], face_up: tuple[Bean, ...], size: int,
           money: int) -> list[Give]:
    """Distinct offers of up to ``size`` cards, each with 0..``money`` talers."""
    if size == 1 and money == 0:
        return _single_gives(hand, face_up)
    cards = [(0, i, b) for i, b in enumerate(hand)] + [(1, i, b) for i, b in enumerate(face_up)]
    seen: set[tuple[tuple[int, int], ...]] = set()
    out: list[Give] = []
    for r in range(size + 1):
        for combo in combinations(cards, r):
            key = tuple(sorted((src, bean) for src, _, bean in combo))
            if key in seen:
                continue
            seen.add(key)
            held = tuple(i for src, i, _ in combo if src == 0)
            face = tuple(i for src, i, _ in combo if src == 1)
            for t in range(money + 1):
                out.append((held, face, t))
    return out


def _single_gives(hand: tuple[Bean, ...], face_up: tuple[Bean, ...]) -> list[Give]:
    """Offers of at most one card (the common case): each bean once per source."""
    out: list[Give] = [_NO_GIVE]
    seen = 0
    for i, card in enumerate(hand):
        bean: int = card  # an int: compiled, the shifts below are native
        if not seen >> bean & 1:
            seen |= 1 << bean
            out.append(_HAND_GIVES[i])
    seen = 0
    for i, card in enumerate(face_up):
        bean = card
        if not seen >> bean & 1:
            seen |= 1 << bean
            out.append(_FACE_GIVES[i])
    return out


# The offers of one card (or none), made once: hand card i, face-up card i.
_NO_GIVE: Final[Give] = ((), (), 0)
_HAND_GIVES: Final[tuple[Give, ...]] = tuple(((i,), (), 0) for i in range(DECK_SIZE))
_FACE_GIVES: Final[tuple[Give, ...]] = tuple(((), (i,), 0) for i in range(DECK_SIZE))


_EMPTY: Final = ProposalSpace(0, [], (), (), 0, 0, 0)


def _reach(state: BohnanzaData, seat: int) -> tuple[list[int], int | None] | None:
    """Where the generator's proposals of ``seat`` go now: the seats, and the proposal
    a counter answers (None: new proposals); None if it may make none."""
    if trading_refusal(state) is not None or not 0 <= seat < state.players:
        return None
    if not may_propose(state, seat):
        return None
    if awaits_answer(state):  # propose_refusal, turn-based, without building its reason
        p = state.open_proposals[0]
        if answer_refusal(seat, p) is not None:
            return None
        return [p.proposer], p.pid
    if state.turn_based and seat != state.mover:  # not its move (the floor's)
        return None
    return partners(state, seat), None


def proposal_space(state: BohnanzaData, seat: int) -> ProposalSpace:
    """The proposals (or, answering in turn-based mode, counters) ``seat`` may make now."""
    if state.phase is not TRADE:  # trading_refusal, asked first without a call: the
        return _EMPTY  # common answer, at three moves in four
    reach = _reach(state, seat)
    if reach is None:
        return _EMPTY
    targets, counter = reach
    opts = state.options
    money = opts.proposal_size if opts.expert_taler_trading else 0
    face_up = state.face_up if gives_face_up(state, seat) else ()
    return ProposalSpace(seat, targets, state.hands[seat], face_up,
                         len(state.taler_cards[seat]), opts.proposal_size, money, counter)


def proposal_terms(state: BohnanzaData, seat: int) -> Terms | None:
    """What ``seat`` may propose now, whatever the size (the generator's targets, and in
    open trading a counter to every open proposal made to it): any card of its hand,
    the face-up cards if it is the active player, its talers in the expert variant;
    any bean wanted (and talers, in the expert variant)."""
    reach = _reach(state, seat)
    if reach is None:
        return None
    seats, counter = reach
    targets = [_target(to, counter) for to in seats]
    if counter is None and not state.turn_based:
        targets += [_target(p.proposer, p.pid) for p in state.open_proposals
                    if answer_refusal(seat, p) is None]
    expert = state.options.expert_taler_trading
    give = dict.fromkeys(_HAND[:len(state.hands[seat])], 1)
    if gives_face_up(state, seat):
        give.update(dict.fromkeys(_FACE_UP[:len(state.face_up)], 1))
    talers = len(state.taler_cards[seat])
    if expert and talers:
        give["t"] = talers
    return {"targets": targets, "left": proposals_left(state, seat), "give": give,
            "want": dict(_WANT_EXPERT if expert else _WANT), "buy": {}}


# How proposals name what they give (hand positions, face-up cards) and want.
_HAND: Final = tuple(f"h{i}" for i in range(DECK_SIZE))
_FACE_UP: Final = tuple(f"f{i}" for i in range(DECK_SIZE))
_WANT: Final[dict[str, int | None]] = dict.fromkeys(CODES)
_WANT_EXPERT: Final[dict[str, int | None]] = {**_WANT, "t": None}


def _target(seat: int, pid: int | None) -> Target:
    return {"seat": seat, "pid": pid, "invite": False, "empty": False}
