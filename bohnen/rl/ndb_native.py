"""The native writer of Nicht die Bohne!'s vector: none in this module.

The compiled build (``BOHNEN_MYPYC=1``) builds ``ndb_native.pyx`` beside this file with
Cython into an extension of the same name, which Python imports first: its
:func:`writer` returns a writer that fills the vector of what a seat sees straight
into a new array, as :class:`~bohnen.rl.ndb_vector.NdbVector` packs it (the same
vector, float for float; tests/rl/test_ndb_vector.py). The pure build, and
``BOHNEN_PURE=1``, import this module, whose :func:`writer` returns None: the vector
is then the pure writer's own (:mod:`bohnen.rl.ndb_vector`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

NATIVE: Final = False  # this module is the pure one: no native writer


class Writer(Protocol):
    """What the native writer does: the vector of what ``seen.seat`` sees (``seen``:
    an ``ndb_vector.Seen``)."""

    def vector(self, seen: Any) -> Any: ...


def writer(players: int, kinds: Mapping[str, int], colours: int, offsets: Mapping[str, int],
           size: int, hand_scale: float, row_scale: float, score_scale: float
           ) -> Writer | None:
    """The native writer of a ``players``-player game (``kinds``: each card code's kind;
    ``offsets``: each field's offset; ``size``: the vector's length; the scales of
    ``ndb_vector``); None here, in the pure module."""
    return None
