"""Bots by name, with parameters in a short form: ``random``, ``random:trades=false``,
``heuristic``, ``ismcts:iterations=400``.

Game-agnostic bots are registered here; a game adds its own (its heuristic bot) in
its ``Game.bot_factories``. A factory is called as ``factory(game, **params)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from bohnen.bots.base import Bot
from bohnen.bots.ismcts import ismcts
from bohnen.bots.ismcts_settings import PARAMS as ISMCTS_PARAMS
from bohnen.bots.random_bot import RandomBot
from bohnen.core.files import excerpt
from bohnen.core.protocol import Game

Factory = Callable[..., Bot]
Entry = tuple[Factory, Mapping[str, type]]


def _random(game: Game | None, trades: bool = True) -> Bot:
    return RandomBot(trades=trades)


_BOTS: dict[str, Entry] = {
    "random": (_random, {"trades": bool}),
    "ismcts": (ismcts, ISMCTS_PARAMS),
}


def _entries(game: Game | None) -> dict[str, Entry]:
    entries = dict(_BOTS)
    if game is not None:
        entries.update(game.bot_factories)
    return entries


def bot_names(game: Game | None = None) -> tuple[str, ...]:
    """The bots known for ``game`` (the game-agnostic ones without a game)."""
    return tuple(sorted(_entries(game)))


def bot_params(name: str, game: Game | None = None) -> Mapping[str, type]:
    """The parameters of bot ``name`` for ``game`` and their types."""
    entries = _entries(game)
    if name not in entries:
        raise ValueError(f"unknown bot {excerpt(name)}")
    return entries[name][1]


def register_bot(name: str, factory: Factory, params: Mapping[str, type]) -> None:
    """Make a game-agnostic bot known as ``name``."""
    _BOTS[name] = (factory, params)


def _value(name: str, key: str, text: str, kind: type) -> Any:
    if kind is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"bot {name}: {key} must be true or false, not {excerpt(text)}")
    words = {int: "a whole number", float: "a finite number"}.get(kind, kind.__name__)
    try:
        if kind in (int, float) and not text.isascii():
            raise ValueError(text)  # '٣' is a digit to Python, not to a command line
        value = kind(text)
    except ValueError:
        raise ValueError(f"bot {name}: {key} must be {words}, not {excerpt(text)}") from None
    if kind is float and not math.isfinite(value):
        raise ValueError(f"bot {name}: {key} must be {words}, not {excerpt(text)}")
    return value


def make_bot(spec: str, game: Game | None = None) -> Bot:
    """A bot from ``name[:key=value,...]`` for ``game``; ``ValueError`` naming what is wrong."""
    name, _, params = spec.strip().partition(":")
    name = name.strip().lower()
    entries = _entries(game)
    if name not in entries:
        where = f" for {game.name}" if game is not None else ""
        raise ValueError(f"unknown bot {excerpt(name)}{where}; bots are "
                         f"{', '.join(sorted(entries))}")
    factory, kinds = entries[name]
    kwargs: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in params.split(","))):
        key, eq, text = item.partition("=")
        key = key.strip()
        if not eq or key not in kinds:
            known = ", ".join(sorted(kinds)) or "none"
            raise ValueError(f"bot {name}: bad parameter {excerpt(item)}; parameters: {known}")
        kwargs[key] = _value(name, key, text.strip(), kinds[key])
    return factory(game, **kwargs)
