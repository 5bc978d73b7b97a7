"""Game options from ``--option key=value`` and ``--players``, validated by the game."""

from __future__ import annotations

from collections.abc import Iterable

from bohnen.core import AnyGame
from bohnen.core.files import excerpt
from bohnen.core.protocol import Options

OptionValue = bool | int | str | None  # a value given as --option key=value
_TRUE = ("true", "yes", "on")
_FALSE = ("false", "no", "off")
_NONE = ("none", "null")


def parse_value(text: str) -> OptionValue:
    """``true``/``false`` as bools, ``none`` as None, whole numbers as ints, else the text."""
    low = text.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    if low in _NONE:
        return None
    try:
        return int(low)
    except ValueError:
        return text.strip()


def parse_assignment(text: str) -> tuple[str, OptionValue]:
    """``key=value`` as a key (dashes read as underscores) and a parsed value."""
    key, eq, value = text.partition("=")
    key = key.strip().replace("-", "_")
    if not eq or not key:
        raise ValueError(f"--option {excerpt(text)}: expected key=value, "
                         "e.g. bean_protection=false")
    if key == "players":
        raise ValueError("--option players: give the number of players with --players")
    return key, parse_value(value)


def check_players(game: AnyGame, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"--players must be from {game.min_players} to {game.max_players} "
                         f"for {game.name}, not {players}")


def build_options(game: AnyGame, players: int, assignments: Iterable[str] = ()) -> Options:
    """The game's options for ``players`` with each ``key=value`` applied (the last wins).

    The game validates them: an unknown option or a bad value raises ``ValueError``
    naming the option. The options not given take the game's defaults for the player
    count (and what the game derives from the given ones, like the digest of a board
    file, is derived afresh).
    """
    check_players(game, players)
    overrides = dict(parse_assignment(text) for text in assignments)
    options: Options = (game.options_from_json({"players": players, **overrides})
                        if overrides else game.options(players))
    return options
