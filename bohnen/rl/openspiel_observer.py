"""OpenSpiel's observers of a seat, honouring the observation type asked for.

An observation type (``pyspiel.IIGObservationType``) asks for the public information
(``public_info``), the private information of no seat, of the observing seat or of
every seat (``private_info``), and a perfect-recall record or the present only
(``perfect_recall``). Each observer carries exactly that share:

- **Tensor.** The encoding's vector of the seat's view, its fields chosen by the
  layout's ``private`` flag (:mod:`bohnen.rl.layout`): the public fields where public
  information is asked for, the private ones (the seat's hand, its own draft) where
  its private information is; with every seat's private information, the other seats'
  private fields follow, relative seat 1 first (each from its own view). The default
  type (public and the seat's private) gives the whole vector. The tensor keeps no
  history, so it is the same with perfect recall. An encoding that declares no layout
  yet counts every float private.
- **String.** Public: the spectator's view (``view(None)``), or with perfect recall the
  spectator's text of every event. Private: what the seat's view adds to the
  spectator's (:func:`bohnen.core.jsondiff.changes`) and its draft, or with perfect
  recall the seat's text of every event where it differs from the spectator's.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Protocol

import numpy as np
import numpy.typing as npt
import pyspiel

from bohnen.core.jsondiff import changes, compact
from bohnen.core.protocol import AnyState
from bohnen.rl.encoding import Encoding
from bohnen.rl.layout import Layout

PrivateInfo = pyspiel.PrivateInfoType


Entry = tuple[str, tuple[str, ...]]  # the spectator's text, then each seat's


class Log:
    """What the seats saw, entry by entry (:data:`Entry`): immutable, so that copies
    of a state share it (OpenSpiel copies a state at every step of its tests)."""

    __slots__ = ("entries",)

    def __init__(self, entries: tuple[Entry, ...] = ()) -> None:
        self.entries = entries

    def __deepcopy__(self, memo: dict[int, object]) -> Log:
        return self

    def __getstate__(self) -> tuple[Entry, ...]:
        return self.entries

    def __setstate__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = entries

    def __add__(self, more: list[Entry]) -> Log:
        return Log(self.entries + tuple(more))


class BohnenState(Protocol):
    """What an observer reads of a state (:class:`bohnen.rl.openspiel.BohnenState`)."""

    log: Log

    @property
    def state(self) -> AnyState | None: ...

    def draft_of(self, seat: int) -> Hashable | None: ...


def _layout(encoding: Encoding) -> Layout | None:
    """The encoding's layout, where it declares one (every encoding will: issue 37)."""
    layout = getattr(encoding, "layout", None)
    return layout if isinstance(layout, Layout) else None


def _indices(encoding: Encoding, private: bool) -> npt.NDArray[np.intp]:
    """The floats of the vector that are private (or public), in the vector's order."""
    layout = _layout(encoding)
    if layout is None:
        return np.arange(encoding.observation_size if private else 0, dtype=np.intp)
    picked = [np.arange(f.offset, f.stop) for f in layout.fields if f.private == private]
    return np.concatenate(picked).astype(np.intp) if picked else np.zeros(0, np.intp)


class Observer:
    """An observer of the type ``kind`` (see the module)."""

    def __init__(self, encoding: Encoding, players: int,
                 kind: pyspiel.IIGObservationType | None = None) -> None:
        kind = kind or pyspiel.IIGObservationType(perfect_recall=False)
        self.encoding = encoding
        self.players = players
        self.public = bool(kind.public_info)
        self.private = kind.private_info
        self.perfect_recall = bool(kind.perfect_recall)
        own = self.private != PrivateInfo.NONE
        public_at, private_at = _indices(encoding, False), _indices(encoding, True)
        keep = np.sort(np.concatenate([public_at if self.public else public_at[:0],
                                       private_at if own else private_at[:0]]))
        self.keep = keep
        self.private_at = private_at
        others = (players - 1) * len(private_at) if self.private == PrivateInfo.ALL_PLAYERS else 0
        self.tensor = np.zeros(len(keep) + others, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor}

    def _vector(self, state: BohnenState, seat: int) -> npt.NDArray[np.float32]:
        engine = state.state
        assert engine is not None
        return self.encoding.encode_state(engine, seat, state.draft_of(seat))

    def set_from(self, state: BohnenState, player: int) -> None:
        if state.state is None:  # before the deal: nothing is known
            self.tensor.fill(0.0)
            return
        size = len(self.keep)
        self.tensor[:size] = self._vector(state, player)[self.keep]
        if self.private == PrivateInfo.ALL_PLAYERS:
            width = len(self.private_at)
            for r in range(1, self.players):
                other = self._vector(state, (player + r) % self.players)
                at = size + (r - 1) * width
                self.tensor[at:at + width] = other[self.private_at]

    def string_from(self, state: BohnenState, player: int) -> str:
        if state.state is None:
            return "before the deal"
        seats = {PrivateInfo.NONE: [], PrivateInfo.SINGLE_PLAYER: [player],
                 PrivateInfo.ALL_PLAYERS: list(range(self.players))}[self.private]
        parts = []
        if self.public:
            parts.append(self._public(state))
        parts += [self._private(state, seat) for seat in seats]
        return "\n".join(parts)

    def _public(self, state: BohnenState) -> str:
        engine = state.state
        assert engine is not None
        if self.perfect_recall:
            return "\n".join(text for text, _ in state.log.entries)
        return compact(engine.view(None))

    def _private(self, state: BohnenState, seat: int) -> str:
        engine = state.state
        assert engine is not None
        draft: Hashable | None = state.draft_of(seat)
        if self.perfect_recall:
            lines = [f"{n}: {own[seat]}" for n, (text, own) in enumerate(state.log.entries)
                     if own[seat] != text]
        else:
            lines = changes(engine.view(None), engine.view(seat))
        return "\n".join([f"seat {seat}:", *lines, f"draft: {draft!r}"])
