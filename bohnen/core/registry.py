"""The registry of games: a layer finds a game by its name here."""

from __future__ import annotations

import importlib

from bohnen.core.files import excerpt
from bohnen.core.protocol import Game

# name -> module that defines ``GAME``; imported on first use.
_KNOWN: dict[str, str] = {
    "bohnanza": "bohnen.bohnanza",
    "ndb": "bohnen.ndb",
    "hansa": "bohnen.hansa",
}
_LOADED: dict[str, Game] = {}


def game_names() -> tuple[str, ...]:
    """Every registered game's name."""
    return tuple(_KNOWN)


def get_game(name: str) -> Game:
    """The game called ``name``; ``ValueError`` naming the known games otherwise."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in _KNOWN:
        known = ", ".join(sorted(_KNOWN))
        raise ValueError(f"unknown game {excerpt(name)}; known games: {known}")
    if key not in _LOADED:
        module = importlib.import_module(_KNOWN[key])
        game = module.GAME
        if not isinstance(game, Game):
            raise TypeError(f"{_KNOWN[key]}.GAME is not a Game")
        _LOADED[key] = game
    return _LOADED[key]


def register(name: str, module: str) -> None:
    """Make the game defined by ``module.GAME`` known as ``name``."""
    _KNOWN[name] = module
    _LOADED.pop(name, None)
