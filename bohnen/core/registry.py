"""The registry of games: a layer finds a game by its name here.

Adding a game is one folder and one line below: its package defines ``GAME``, and the
:class:`~bohnen.core.game.Game` names everything else the layers need (its bots, its
terminal screen, its golden games). Tests may :func:`register` a game of their own,
and take it away again (:func:`unregister`; :func:`registered` does both around a
block), so that it is known only to the tests that asked for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

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


_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")  # as typed on a command line (get_game lowers it)


def game_module(name: str) -> str:
    """The module that defines the ``GAME`` of the game called ``name`` (its package:
    where its files, such as ``view.schema.json``, live)."""
    get_game(name)  # the same error for an unknown name
    return _KNOWN[name.strip().lower()]


def register(name: str, module: str) -> None:
    """Make the game defined by ``module.GAME`` known as ``name`` (loaded on first use);
    ``ValueError`` if the name is not a lowercase word or is taken."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"a game's name is a lowercase word, not {excerpt(name)}")
    if name in _KNOWN:
        raise ValueError(f"a game called {name} is registered already ({_KNOWN[name]})")
    _KNOWN[name] = module


def unregister(name: str) -> None:
    """Forget the game called ``name`` (``ValueError`` if there is none)."""
    if name not in _KNOWN:
        raise ValueError(f"no game called {excerpt(name)} is registered")
    del _KNOWN[name]
    _LOADED.pop(name, None)


@contextmanager
def registered(name: str, module: str) -> Iterator[AnyGame]:
    """The game of ``module`` registered as ``name`` for the time of a ``with`` block
    (a test's own game), and forgotten after it, whatever happens inside."""
    register(name, module)
    try:
        yield get_game(name)
    finally:
        unregister(name)
