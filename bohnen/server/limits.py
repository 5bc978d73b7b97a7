"""What a client may make the server spend: the bounds an operator sets for one server
(``bohnen serve``'s options, :class:`Limits`), each with a default fit for a table among
friends on the open internet.

Every resource a client can make the server spend has a bound here or a constant beside
the code that spends it (the size of a frame, a chat line, a name: :mod:`bohnen.server.
session`, :mod:`bohnen.server.lobby`). docs/online.md, "Security", lists them all.

- **Connections**: at most ``max_connections`` at once in all and
  ``max_connections_per_client`` from one address (HTTP and WebSocket alike; a
  connection beyond them is closed at once); a request's headers within
  ``header_seconds`` of the connection (or of the last request), an idle HTTP
  connection closed after ``idle_seconds``; a request body at most ``max_body_bytes``
  (refused before it is read); a WebSocket client that answers no ping within
  ``ping_seconds`` is dropped, and so is one that lets ``watcher_frames`` frames wait
  unread.
- **Tables**: at most ``max_tables`` unfinished tables at once; a client sets up at
  most ``tables_per_minute`` on average (``tables_burst`` at once); a table nobody has
  touched (no move, seat change or chat line) for ``expire_hours`` is closed.
- **Bots**: a bot's move online thinks at most ``bot_seconds`` and, for a search bot, at
  most ``bot_iterations`` iterations; ``bot_tables``: whether a client may set up a
  table with no person at it (the bots of tables with a person think first anyway).
- **Tokens**: a seat's token (and an invitation, and the host's) is good for
  ``token_days`` after it was given (each connection of a seat gives a fresh one).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Limits:
    """The bounds of one server (see the module); ``ValueError`` naming a bad one."""

    max_connections: int = 1_000
    max_connections_per_client: int = 64
    header_seconds: float = 10.0
    idle_seconds: float = 30.0
    ping_seconds: float = 20.0
    max_body_bytes: int = 65_536
    watcher_frames: int = 2_000
    max_tables: int = 1_000
    tables_per_minute: float = 6.0
    tables_burst: int = 10
    expire_hours: float = 7 * 24.0
    bot_seconds: float = 5.0
    bot_iterations: int = 2_000
    bot_tables: bool = True
    token_days: float = 30.0

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            low, high = _BOUNDS.get(field.name, (None, None))
            if low is None or high is None:
                continue
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if not number or not math.isfinite(value) or not low <= value <= high:
                raise ValueError(f"--{option_name(field.name)} is from {low:g} to "
                                 f"{high:g}, not {value!r}")


# the range each limit may be set to: past these, a limit no longer bounds anything
_BOUNDS: dict[str, tuple[float, float]] = {
    "max_connections": (1, 100_000),
    "max_connections_per_client": (1, 100_000),
    "header_seconds": (0.1, 600),
    "idle_seconds": (0.1, 3_600),
    "ping_seconds": (0.1, 600),
    "max_body_bytes": (1_024, 16 * 1024 * 1024),
    "watcher_frames": (16, 1_000_000),
    "max_tables": (1, 1_000_000),
    "tables_per_minute": (0.01, 10_000),
    "tables_burst": (1, 10_000),
    "expire_hours": (0.01, 24 * 366),
    "bot_seconds": (0.01, 600),
    "bot_iterations": (1, 1_000_000),
    "token_days": (0.001, 3_660),
}


# the names of ``bohnen serve``'s options for the limits whose name differs
_OPTIONS = {"max_connections_per_client": "max-per-client",
            "header_seconds": "header-timeout", "idle_seconds": "idle-timeout",
            "ping_seconds": "ping-timeout", "max_body_bytes": "max-body",
            "watcher_frames": "max-waiting-frames", "expire_hours": "expire-after"}


def option_name(limit: str) -> str:
    """The ``bohnen serve`` option that sets ``limit`` (without its dashes)."""
    return _OPTIONS.get(limit, limit.replace("_", "-"))
