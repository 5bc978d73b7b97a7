"""Bots by name, with parameters in a short form: ``random``, ``random:trades=false``,
``heuristic``, ``ismcts:iterations=400``.

Game-agnostic bots are registered here; a game names its own (its heuristic bot) in
``Game.bots``, by the module that offers it, loaded only when the bot is asked for. A
factory is called as ``factory(game, **params)``; a game's module offers ``make`` and
``PARAMS``.

A spec is read into a :class:`BotSpec` (:func:`parse_spec`): the bot's name and its
parameters as text, each checked to be one of the bot's. Some parameters are more than
values, and a bot's module says which: ``BOT_PARAMS`` name another bot by its spec
(the search bot's ``prior`` and ``playout``: ``ismcts:prior=heuristic:trades=false``),
``FILE_PARAMS`` name a file (the policy bot's ``model``). Whoever takes specs from
people it does not trust (the online table) walks a spec and every spec nested in it
through :func:`bot_refs` and :func:`file_params` before anything is made.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from bohnen.bots.random_bot import RandomBot
from bohnen.core.bots import AnyBot
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.lazy import load_module

Factory = Callable[..., AnyBot]
Entry = tuple[Factory, Mapping[str, type]]


def _random(game: AnyGame | None, trades: bool = True) -> AnyBot:
    return RandomBot(trades=trades)


_BOTS: dict[str, Entry] = {"random": (_random, {"trades": bool})}
# Bots offered by a module (``make`` and ``PARAMS``), loaded when first asked for: the
# search bot imports this registry for the bots it names (its prior, its playouts).
# The policy bot (a trained model) is offered by the research interfaces, with the
# train extra: named here, loaded only when asked for. The absent bot plays a seat whose
# person is away (an online table's clock): it names its base bot too.
_LAZY: dict[str, str] = {"absent": "bohnen.bots.absent", "ismcts": "bohnen.bots.ismcts",
                         "policy": "bohnen.rl.policy_bot"}


def _names(game: AnyGame | None) -> set[str]:
    return set(_BOTS) | set(_LAZY) | (set(game.bots) if game is not None else set())


def _entry(name: str, game: AnyGame | None) -> Entry:
    """The factory and parameters of bot ``name`` (a lazily named bot loaded now)."""
    if name in _BOTS:
        return _BOTS[name]
    path = _LAZY.get(name) or (game.bots.get(name) if game is not None else None)
    if path is None:
        raise ValueError(f"unknown bot {excerpt(name)}")
    module = load_module(path)
    factory = getattr(module, "make", None)
    params = getattr(module, "PARAMS", None)
    if not callable(factory) or not isinstance(params, Mapping):
        raise TypeError(f"{path} offers no bot (make and PARAMS)")
    return cast(Factory, factory), cast(Mapping[str, type], params)


def _module_set(name: str, game: AnyGame | None, attribute: str) -> frozenset[str]:
    """The names a bot's module lists under ``attribute`` (none for a bot registered in
    code here)."""
    if name in _BOTS:
        return frozenset()
    path = _LAZY.get(name) or (game.bots.get(name) if game is not None else None)
    if path is None:
        raise ValueError(f"unknown bot {excerpt(name)}")
    return frozenset(getattr(load_module(path), attribute, ()))


def bot_refs(name: str, game: AnyGame | None = None) -> frozenset[str]:
    """The parameters of bot ``name`` whose value is another bot's spec."""
    return _module_set(name, game, "BOT_PARAMS")


def file_params(name: str, game: AnyGame | None = None) -> frozenset[str]:
    """The parameters of bot ``name`` whose value names a file (the bot reads it)."""
    return _module_set(name, game, "FILE_PARAMS")


def bot_names(game: AnyGame | None = None) -> tuple[str, ...]:
    """The bots known for ``game`` (the game-agnostic ones without a game)."""
    return tuple(sorted(_names(game)))


def bot_params(name: str, game: AnyGame | None = None) -> Mapping[str, type]:
    """The parameters of bot ``name`` for ``game`` and their types."""
    if name not in _names(game):
        raise ValueError(f"unknown bot {excerpt(name)}")
    return _entry(name, game)[1]


def register_bot(name: str, factory: Factory, params: Mapping[str, type]) -> None:
    """Make a game-agnostic bot known as ``name``."""
    _BOTS[name] = (factory, params)


def _value(name: str, key: str, text: str, kind: type) -> object:
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


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A spec read: the bot's name (lower case) and its parameters in the order given,
    each ``(key, value as text)``; ``str()`` gives the spec back."""

    name: str
    params: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}:" + ",".join(f"{key}={value}" for key, value in self.params)

    def get(self, key: str) -> str | None:
        """The value given to parameter ``key``, the last if it is given twice (None:
        not given)."""
        return next((value for k, value in reversed(self.params) if k == key), None)


def spec_name(spec: str) -> str:
    """The bot a spec names (its name, lower case), read without loading anything."""
    return spec.strip().partition(":")[0].strip().lower()


def parse_spec(spec: str, game: AnyGame | None = None) -> BotSpec:
    """``name[:key=value,...]`` read: a bot known for ``game`` and parameters it has
    (the values are checked when the bot is made; a parameter given twice takes its
    last value); ``ValueError`` naming what is wrong. Loads the module of the bot it
    names."""
    name, _, params = spec.strip().partition(":")
    name = name.strip().lower()
    known = _names(game)
    if name not in known:
        where = f" for {game.name}" if game is not None else ""
        raise ValueError(f"unknown bot {excerpt(name)}{where}; bots are "
                         f"{', '.join(sorted(known))}")
    kinds = _entry(name, game)[1]
    items: list[tuple[str, str]] = []
    for item in filter(None, (p.strip() for p in params.split(","))):
        key, eq, text = item.partition("=")
        key = key.strip()
        if not eq or key not in kinds:
            names = ", ".join(sorted(kinds)) or "none"
            raise ValueError(f"bot {name}: bad parameter {excerpt(item)}; parameters: {names}")
        items.append((key, text.strip()))
    return BotSpec(name, tuple(items))


def make_bot(spec: str | BotSpec, game: AnyGame | None = None) -> AnyBot:
    """A bot from ``name[:key=value,...]`` for ``game``; ``ValueError`` naming what is wrong."""
    parsed = spec if isinstance(spec, BotSpec) else parse_spec(spec, game)
    factory, kinds = _entry(parsed.name, game)
    kwargs = {key: _value(parsed.name, key, text, kinds[key]) for key, text in parsed.params}
    return factory(game, **kwargs)
