"""What a table's creator chose beside the game, as the log keeps it (the ``setup``
JSON of the table's row) and as the clients are told it.

- ``clock``: the table's clock (:mod:`bohnen.server.clock`), or null;
- ``host``: the creator's name (the person seated at set-up), if any;
- ``practice``: a practice table (its seed told to every seat);
- ``private``: the table is left out of the lobby's lists (reachable only through its
  links);
- ``spectator_chat``: spectators may chat (by default they watch and do not);
- ``invited``: the seats kept for an invitation's link (:mod:`bohnen.server.invites`).

A table set up by an older server lacks the later keys: :func:`setup_json` gives each
its default (so nothing in the log needs migrating), and the readers below read the
JSON as it is kept.
"""

from __future__ import annotations

from typing import TypedDict

from bohnen.core.protocol import JSONObject


class SetupJSON(TypedDict):
    """A table's set-up as the hello frame and the table's answer give it (see the
    module)."""

    clock: dict[str, object] | None
    host: str | None
    practice: bool
    private: bool
    spectator_chat: bool
    invited: list[int]


def setup_json(setup: JSONObject) -> SetupJSON:
    """The set-up kept in the log, each key given (its default where it lacks one)."""
    clock = setup.get("clock")
    host = setup.get("host")
    return {"clock": dict(clock) if isinstance(clock, dict) else None,
            "host": host if isinstance(host, str) else None,
            "practice": setup.get("practice") is True,
            "private": is_private(setup), "spectator_chat": spectators_chat(setup),
            "invited": sorted(invited_seats(setup))}


def is_private(setup: JSONObject) -> bool:
    """Whether the table is left out of the lobby's lists."""
    return setup.get("private") is True


def spectators_chat(setup: JSONObject) -> bool:
    """Whether the table's spectators may chat."""
    return setup.get("spectator_chat") is True


def invited_seats(setup: JSONObject) -> frozenset[int]:
    """The seats kept for an invitation's link."""
    seats = setup.get("invited")
    if not isinstance(seats, list):
        return frozenset()
    return frozenset(seat for seat in seats if type(seat) is int)
