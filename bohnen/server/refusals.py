"""A request the lobby refuses, with the HTTP status that says why: raised by the
lobby (:mod:`bohnen.server.lobby`) and by the modules that carry out its requests
(:mod:`bohnen.server.invites`, :mod:`bohnen.server.votes`)."""

from __future__ import annotations


class LobbyError(ValueError):
    """A request the lobby refuses; ``status`` is the HTTP status that says why."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status
