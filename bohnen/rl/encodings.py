"""Each game's encoding, found through the game's entry in the registry
(:attr:`bohnen.core.game.Game.encoding`, the class by import path, loaded when first
asked for): the class, the player counts it takes (the game's) and the default."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.lazy import load
from bohnen.core.registry import game_names, get_game
from bohnen.rl.encoding import Encoding

DEFAULT_PLAYERS = 4  # the player count of an encoding when none is given (within range)


def games() -> tuple[str, ...]:
    """The registered games that have an encoding."""
    return tuple(name for name in game_names() if get_game(name).encoding is not None)


GAMES = games()


def _game(name: str) -> tuple[AnyGame, str]:
    """The game and its encoding's path; ``ValueError`` naming the games with one."""
    try:
        game: AnyGame | None = get_game(name)
    except ValueError:  # not a game at all
        game = None
    if game is None or game.encoding is None:
        raise ValueError(f"no encoding for the game {excerpt(name)}; games with one: "
                         f"{', '.join(sorted(games()))}")
    return game, game.encoding


def encoding_class(game: str) -> Callable[[int], Encoding]:
    """The encoding's class of ``game``; ``ValueError`` naming the games that have one."""
    _, path = _game(game)
    factory = load(path)
    if not callable(factory):
        raise TypeError(f"{path} is not an Encoding's class")
    return cast(Callable[[int], Encoding], factory)


def make_encoding(game: str, players: int | None = None) -> Encoding:
    """The encoding of ``game`` at ``players`` (its default count if None)."""
    made = encoding_class(game)(default_players(game) if players is None else players)
    if not isinstance(made, Encoding):
        raise TypeError(f"{_game(game)[1]} is not an Encoding")
    return made


def player_range(game: str) -> tuple[int, int]:
    """The fewest and the most players of ``game``'s encoding (the game's)."""
    found, _ = _game(game)
    return found.min_players, found.max_players


def default_players(game: str) -> int:
    """The player count of ``game``'s encoding when none is given."""
    low, high = player_range(game)
    return min(max(DEFAULT_PLAYERS, low), high)
