"""Where the suite is, how it fails, and the small assertions every check shares."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from bohnen.core.conformance.settings import JSON
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState, Options


class ConformanceError(AssertionError):
    """A broken promise of the protocol, with the game, options, seed and step."""


@dataclass(slots=True)
class Context:
    """Where the suite is, for failure messages; the action kinds known as proposals."""

    game: AnyGame
    options: Options
    seed: int
    index: int = 0
    last: str = "(start)"
    proposal_kinds: set[type] = field(default_factory=set)

    def fail(self, message: str) -> ConformanceError:
        try:
            opts = json.dumps(self.options.to_json(), sort_keys=True)
        except (AttributeError, TypeError, ValueError):
            opts = repr(self.options)
        return ConformanceError(
            f"{self.game.name} options {opts} seed {self.seed} action #{self.index} "
            f"(after {self.last!r}): {message}"
        )


def json_ready(ctx: Context, data: object, what: str) -> None:
    """``data`` goes through JSON text and comes back equal."""
    try:
        same = json.loads(json.dumps(data)) == data
    except (TypeError, ValueError) as exc:
        raise ctx.fail(f"{what} is not JSON: {exc}") from None
    if not same:
        raise ctx.fail(f"{what} does not survive JSON (tuples or non-string keys?)")


def unchanged(ctx: Context, state: AnyState, before: JSON, what: str) -> None:
    """``state`` is still the position ``before`` (its ``to_json()``)."""
    if state.to_json() != before:
        raise ctx.fail(f"{what} changed the state")


def viewers(state: AnyState) -> list[int | None]:
    """The spectator (``None``) and every seat."""
    return [None, *range(state.options.players)]


def texts(actions: Iterable[object]) -> list[str]:
    """The notation of each action."""
    return [str(a) for a in actions]
