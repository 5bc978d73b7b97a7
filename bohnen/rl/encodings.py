"""Each game's encoding, by the game's name in the registry."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from bohnen.rl.encoding import Encoding

# game -> (module, class) of its encoding: imported when first asked for
_WHERE = {"ndb": ("bohnen.rl.ndb", "NdbEncoding")}
# game -> (fewest players, most players, the default)
PLAYERS = {"bohnanza": (3, 5, 4), "ndb": (3, 6, 4), "hansa": (3, 5, 4)}


def encoding_class(game: str) -> Callable[[int], Encoding]:
    """The encoding of ``game`` (a class taking the number of players); ``ValueError``
    naming the games that have one."""
    try:
        module, name = _WHERE[game]
    except KeyError:
        raise ValueError(f"no encoding for the game {game!r}; there are encodings for "
                         f"{', '.join(sorted(_WHERE))}") from None
    made: Callable[[int], Encoding] = getattr(import_module(module), name)
    return made


def encoding(game: str, players: int) -> Encoding:
    """``game``'s encoding for ``players`` players."""
    return encoding_class(game)(players)


GAMES = tuple(_WHERE)
