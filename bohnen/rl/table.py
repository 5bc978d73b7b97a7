"""One game as the environments drive it: the state, whose turn it is among the seats
the game waits on, each seat's draft, and ids turned into the game's actions.

**Whose turn.** The seat to act is one of ``state.to_act()``. Where the game waits on
several (a simultaneous play, an open trade), they take turns: after a seat's step the
next is the first of ``to_act()`` after it in turn order (seat numbers upwards, round
the table). A seat composing an action over several ids keeps the turn until the action
is whole. A whole action ``""`` (the encoding's *yield*) changes nothing in the game and
hands the turn on in the same way.

**Bad ids** (not a whole number, out of range, not legal now) raise ``ValueError``
naming what was wrong, and leave everything as it was.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Final

import numpy as np

from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState
from bohnen.core.registry import get_game
from bohnen.core.result import Result
from bohnen.rl.arrays import int8_array
from bohnen.rl.encoding import Encoding, Mask, Observation, notation_of


def next_seat(to_act: tuple[int, ...], after: int, players: int) -> int | None:
    """The first seat of ``to_act`` after ``after`` in turn order (``after`` itself if it
    is the only one); None if ``to_act`` is empty."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        if seat in to_act:
            return seat
    return None


def action_index(action: object, count: int) -> int:
    """``action`` as an id from 0 to ``count - 1`` (numpy integers too); ``ValueError``
    naming what is wrong otherwise."""
    if type(action) is int:  # the common case first: no union of types to make
        index = action
    elif isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ValueError(f"an action is a whole number from 0 to {count - 1}, "
                         f"not {action!r}")
    else:
        index = int(action)
    if not 0 <= index < count:
        raise ValueError(f"action {index} is out of range: ids are 0 to {count - 1}")
    return index


class _Acting:
    """What the table keeps of the acting seat until the game moves on: its draft and
    that draft's mask as bytes (:meth:`Encoding.mask_bytes`), and its legal actions
    (empty once it is composing: a draft of its own). Never changed once made."""

    def __init__(self, seat: int, draft: Hashable, allowed: bytes,
                 legal: Sequence[Action]) -> None:
        self.seat: Final = seat
        self.draft: Final = draft
        self.allowed: Final = allowed
        self.legal: Final = legal

    def mask(self) -> Mask:
        """The mask, a fresh array its holder may change."""
        return int8_array(self.allowed)

    def __reduce__(self) -> tuple[type[_Acting], tuple[int, Hashable, bytes, Sequence[Action]]]:
        """Pickled by its fields (compiled, a class whose constructor takes arguments
        cannot be unpickled by the default way)."""
        return _Acting, (self.seat, self.draft, self.allowed, self.legal)


class Table:
    """A game of ``encoding.game`` at ``encoding.players`` seats, with the game's
    ``options`` (the player count comes from the encoding)."""

    def __init__(self, encoding: Encoding, options: Mapping[str, object] | None = None) -> None:
        self.encoding = encoding
        self.game: AnyGame = get_game(encoding.game)
        self.options = self.game.options(encoding.players, **dict(options or {}))
        self.players = encoding.players
        self._state: AnyState | None = None
        self.acting: int | None = None  # the seat to act; None once the game is over
        self.last_acted = 0  # the seat that chose the last id (seat 0 before any)
        self._drafts: dict[int, Hashable] = {}  # drafts being composed, by seat
        self._cache: _Acting | None = None  # the acting seat's, until the game moves on

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled by its fields (compiled, a class whose constructor takes arguments
        cannot be unpickled by the default way: the environments pickle their table)."""
        return _unpickled, (self.encoding, self.options, self._state, self.acting,
                            self.last_acted, self._drafts, self._cache)

    @property
    def state(self) -> AnyState:
        if self._state is None:
            raise RuntimeError("no game yet: reset the environment first")
        return self._state

    def reset(self, seed: int) -> None:
        """A new game from the engine's ``seed`` (same seed, same game)."""
        self._state = self.game.new_game(self.options, seed)
        self._drafts = {}
        self._cache = None
        self.last_acted = 0
        to_act = self._state.to_act()
        self.acting = next_seat(to_act, self.players - 1, self.players)

    @property
    def over(self) -> bool:
        return self.acting is None

    def result(self) -> Result:
        return self.state.result()

    def _acting(self) -> _Acting:
        """The acting seat's draft (its own, or one started from its legal actions),
        mask and legal actions, kept until the game moves on."""
        seat = self.acting
        assert seat is not None
        cache = self._cache
        if cache is None or cache.seat != seat:
            state = self.state
            draft = self._drafts.get(seat)
            legal: Sequence[Action] = ()
            if draft is None:
                legal = state.legal_actions(seat)
                draft = self.encoding.start_state(state, seat, legal)
            cache = self._keep(seat, draft, legal)
        return cache

    def _keep(self, seat: int, draft: Hashable, legal: Sequence[Action]) -> _Acting:
        cache = self._cache = _Acting(seat, draft, self.encoding.mask_bytes(draft), legal)
        return cache

    def observe(self, seat: int) -> tuple[Observation, Mask]:
        """The seat's vector and mask (all zeros unless it is the seat to act), read from
        the state (:meth:`Encoding.encode_state`: no view where the game has an
        accessor). The seat to act, starting a fresh draft, has its vector and its draft
        read together (:meth:`Encoding.encode_start`: the state read once)."""
        draft = self._drafts.get(seat)
        if seat != self.acting:
            return (self.encoding.encode_state(self.state, seat, draft),
                    np.zeros(self.encoding.action_count, np.int8))
        cache = self._cache
        if draft is None and (cache is None or cache.seat != seat):
            state = self.state
            legal = state.legal_actions(seat)
            vector, start = self.encoding.encode_start(state, seat, legal)
            return vector, self._keep(seat, start, legal).mask()
        vector = self.encoding.encode_state(self.state, seat, draft)
        return vector, self._acting().mask()

    def step(self, action: object) -> bool:
        """The acting seat chooses the id ``action``; True if that made a move in the game
        (a whole action other than a yield)."""
        seat = self.acting
        if seat is None:
            raise ValueError("the game is over: no seat is to act")
        index = action_index(action, self.encoding.action_count)
        acting = self._acting()
        if not acting.allowed[index]:
            raise ValueError(f"action {index} ({self.encoding.action_name(index)}) is not "
                             f"legal for seat {seat} now")
        after, notation = self.encoding.choose(acting.draft, index)
        if notation is None:
            self._drafts[seat] = after
            self._cache = None
            self.last_acted = seat
            return False
        if notation:
            self.state.advance(self._action(acting.legal, notation))
            if self._drafts:
                self._drafts = {}
        else:
            self._drafts.pop(seat, None)
        self._cache = None
        self.last_acted = seat
        self.acting = next_seat(self.state.to_act(), seat, self.players)
        return bool(notation)

    def _action(self, legal: Sequence[Action], notation: str) -> Action:
        """The legal action of that notation; a composed one is read from its notation."""
        for action in legal:
            if notation_of(action) == notation:
                return action
        parsed: Action = self.game.parse_action(notation)
        return parsed

    def play(self, seat: int, action: Action) -> None:
        """Apply a whole action of the game's own (a bot's) for ``seat``, the seat to act."""
        if seat != self.acting:
            raise ValueError(f"seat {seat} is not the seat to act")
        self.state.advance(action)
        self._drafts = {}
        self._cache = None
        self.last_acted = seat
        self.acting = next_seat(self.state.to_act(), seat, self.players)


def _unpickled(encoding: Encoding, options: object, state: AnyState | None,
               acting: int | None, last_acted: int, drafts: dict[int, Hashable],
               cache: _Acting | None) -> Table:
    """A pickled :class:`Table` made again from its fields (:meth:`Table.__reduce__`)."""
    table = Table(encoding)
    table.options = options
    table._state, table.acting, table.last_acted = state, acting, last_acted
    table._drafts, table._cache = drafts, cache
    return table
