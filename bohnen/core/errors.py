"""The errors every game raises. Both are ``ValueError`` so callers can catch either."""


class GameError(ValueError):
    """Base of every error a game raises on bad input."""


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid in this state.

    The message names the seat, the action and the reason; the state is unchanged.
    ``reason`` is the reason alone, in words ("field 1 is empty"), for an interface
    that names the action in its own words (the whole message where a game gives none).
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason if reason is not None else message


class InvalidActionError(GameError):
    """A malformed action: unknown kind, bad notation, a value out of range."""


class RecordError(GameError):
    """A game record or saved state that cannot be read or does not replay."""
