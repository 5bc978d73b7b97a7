"""The games' boards in words (``Game.words``), which the screens share their plain
text with: the screens add the markup, the colours and the clicks."""

from __future__ import annotations

from types import ModuleType

from bohnen.core import get_game
from bohnen.core.lazy import load_module


def words(game: str) -> ModuleType:
    """The module of ``game``'s board in words, loaded on first use."""
    path = get_game(game).words
    if path is None:
        raise ValueError(f"{game} has no board in words")
    return load_module(path)
