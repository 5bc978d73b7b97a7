"""The registry of games: a layer finds a game by its name here.

Adding a game is one folder and one line below: its package defines ``GAME``, and the
:class:`~bohnen.core.game.Game` names everything else the layers need (its bots, its
terminal screen, its golden games). Tests may :func:`register` a game of their own.
"""

from __future__ import annotations

from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame, Game
from bohnen.core.lazy import load_module

# name -> module that defines ``GAME``; imported on first use.
_KNOWN: dict[str, str] = {
    "bohnanza": "bohnen.bohnanza",
    "ndb": "bohnen.ndb",
    "hansa": "bohnen.hansa",
}
_LOADED: dict[str, AnyGame] = {}


def game_names() -> tuple[str, ...]:
    """Every registered game's name."""
    return tuple(_KNOWN)


def get_game(name: str) -> AnyGame:
    """The game called ``name``; ``ValueError`` naming the known games otherwise."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _KNOWN:
        known = ", ".join(sorted(_KNOWN))
        raise ValueError(f"unknown game {excerpt(name)}; known games: {known}")
    if key not in _LOADED:
        game = getattr(load_module(_KNOWN[key]), "GAME", None)
        if not isinstance(game, Game):
            raise TypeError(f"{_KNOWN[key]}.GAME is not a Game")
        _LOADED[key] = game
    return _LOADED[key]


def register(name: str, module: str) -> None:
    """Make the game defined by ``module.GAME`` known as ``name``."""
    _KNOWN[name] = module
    _LOADED.pop(name, None)
