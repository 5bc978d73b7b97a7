"""Which screen plays which game: a game adds its screen here when it gets one."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bohnen.tui.game_screen import GameScreen

_SCREENS: dict[str, str] = {
    "bohnanza": "bohnen.tui.bohnanza_screen:BohnanzaScreen",
    "ndb": "bohnen.tui.ndb_screen:NdbScreen",
    "hansa": "bohnen.tui.hansa_screen:HansaScreen",
}


def playable_games() -> tuple[str, ...]:
    return tuple(sorted(_SCREENS))


def check_playable(game: str) -> None:
    """``ValueError`` if ``game`` has no screen yet (without loading Textual)."""
    if game not in _SCREENS:
        raise ValueError(f"no terminal screen for {game!r} yet; playable: "
                         f"{', '.join(playable_games())}")


def screen_class(game: str) -> type[GameScreen]:
    """The screen class for ``game``; ``ValueError`` if the game has none yet."""
    from bohnen.tui.game_screen import GameScreen

    try:
        module_name, _, name = _SCREENS[game].partition(":")
    except KeyError:
        raise ValueError(f"no terminal screen for {game!r} yet; playable: "
                         f"{', '.join(playable_games())}") from None
    cls = getattr(importlib.import_module(module_name), name)
    if not (isinstance(cls, type) and issubclass(cls, GameScreen)):
        raise TypeError(f"{_SCREENS[game]} is not a GameScreen")
    return cls
