"""Bots by name, with parameters in a short form: ``random``, ``random:trades=false``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bohnen.bots.base import Bot
from bohnen.bots.random_bot import RandomBot

Factory = Callable[..., Bot]

_BOTS: dict[str, tuple[Factory, dict[str, type]]] = {
    "random": (RandomBot, {"trades": bool}),
}


def bot_names() -> tuple[str, ...]:
    return tuple(_BOTS)


def register_bot(name: str, factory: Factory, params: dict[str, type]) -> None:
    _BOTS[name] = (factory, params)


def _value(name: str, key: str, text: str, kind: type) -> Any:
    if kind is bool:
        low = text.lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"bot {name}: {key} must be true or false, not {text!r}")
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"bot {name}: {key} must be a {kind.__name__}, not {text!r}") from None


def make_bot(spec: str) -> Bot:
    """A bot from ``name[:key=value,...]``; ``ValueError`` naming what is wrong."""
    name, _, params = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in _BOTS:
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(sorted(_BOTS))}")
    factory, kinds = _BOTS[name]
    kwargs: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in params.split(","))):
        key, eq, text = item.partition("=")
        key = key.strip()
        if not eq or key not in kinds:
            known = ", ".join(sorted(kinds)) or "none"
            raise ValueError(f"bot {name}: bad parameter {item!r}; parameters: {known}")
        kwargs[key] = _value(name, key, text.strip(), kinds[key])
    return factory(**kwargs)
