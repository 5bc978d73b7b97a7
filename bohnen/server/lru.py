"""A mapping that keeps at most ``size`` entries: the least recently used goes first
(the finished tables the lobby keeps, the replays it has played through).

An entry may be held (``held(value)`` true: a finished table somebody watches): it is
not forgotten while held, so that its watchers and the lobby share one object; the
mapping may then hold more than ``size`` for a while, bounded by what holds them.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(Generic[K, V]):
    """At most ``size`` entries, the least recently used forgotten first (see the
    module)."""

    def __init__(self, size: int, held: Callable[[V], bool] = lambda value: False) -> None:
        if size < 1:
            raise ValueError(f"an LRU keeps at least one entry, not {size}")
        self.size = size
        self.held = held
        self._entries: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def get(self, key: K) -> V | None:
        """The entry of ``key`` (now the most recently used), or None."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``; the least recently used entries not held are
        forgotten beyond ``size``."""
        self._entries[key] = value
        self._entries.move_to_end(key)
        excess = len(self._entries) - self.size
        if excess <= 0:
            return
        for old in list(self._entries)[:-1]:
            if not self.held(self._entries[old]):
                del self._entries[old]
                excess -= 1
                if excess == 0:
                    return

    def pop(self, key: K) -> V | None:
        """Forget ``key``; its entry, or None."""
        return self._entries.pop(key, None)

    def values(self) -> list[V]:
        return list(self._entries.values())
