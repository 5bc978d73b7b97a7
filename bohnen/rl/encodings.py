"""Each game's encoding, by the game's name in the registry: the class (by import path,
loaded when first asked for), the player counts it takes and the default."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from bohnen.core.lazy import load
from bohnen.rl.encoding import Encoding

# game -> (its Encoding's class as "module:Class", taking the player count; the fewest
# players, the most, the default)
ENCODINGS: dict[str, tuple[str, int, int, int]] = {
    "bohnanza": ("bohnen.rl.bohnanza:BohnanzaEncoding", 3, 5, 4),
    "ndb": ("bohnen.rl.ndb:NdbEncoding", 3, 6, 4),
    "hansa": ("bohnen.rl.hansa:HansaEncoding", 3, 5, 4),
}
GAMES = tuple(ENCODINGS)


def _known(game: str) -> None:
    if game not in ENCODINGS:
        raise ValueError(f"no encoding for the game {game!r}; games with one: "
                         f"{', '.join(sorted(ENCODINGS))}")


def encoding_class(game: str) -> Callable[[int], Encoding]:
    """The encoding's class of ``game``; ``ValueError`` naming the games that have one."""
    _known(game)
    factory = load(ENCODINGS[game][0])
    if not callable(factory):
        raise TypeError(f"{ENCODINGS[game][0]} is not an Encoding's class")
    return cast(Callable[[int], Encoding], factory)


def make_encoding(game: str, players: int | None = None) -> Encoding:
    """The encoding of ``game`` at ``players`` (its default count if None)."""
    made = encoding_class(game)(default_players(game) if players is None else players)
    if not isinstance(made, Encoding):
        raise TypeError(f"{ENCODINGS[game][0]} is not an Encoding")
    return made


def player_range(game: str) -> tuple[int, int]:
    """The fewest and the most players of ``game``'s encoding."""
    _known(game)
    _, low, high, _ = ENCODINGS[game]
    return low, high


def default_players(game: str) -> int:
    _known(game)
    return ENCODINGS[game][3]
