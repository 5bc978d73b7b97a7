"""Which screen plays which game: each game names its terminal screen (``Game.screen``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bohnen.core import get_game
from bohnen.core.files import excerpt
from bohnen.core.lazy import load
from bohnen.core.registry import game_names

if TYPE_CHECKING:
    from bohnen.tui.game_screen import GameScreen


def playable_games() -> tuple[str, ...]:
    """The games that have a terminal screen."""
    return tuple(sorted(name for name in game_names() if get_game(name).screen))


def check_playable(game: str) -> None:
    """``ValueError`` if ``game`` has no screen yet (without loading Textual)."""
    if not get_game(game).screen:
        raise ValueError(f"no terminal screen for {excerpt(game)} yet; playable: "
                         f"{', '.join(playable_games())}")


def screen_class(game: str) -> type[GameScreen]:
    """The screen class for ``game``; ``ValueError`` if the game has none yet."""
    from bohnen.tui.game_screen import GameScreen

    check_playable(game)
    path = get_game(game).screen or ""
    cls = load(path)
    if not (isinstance(cls, type) and issubclass(cls, GameScreen)):
        raise TypeError(f"{path} is not a GameScreen")
    return cls
