"""What the lobby offers: the games, their player counts, their rule options (name,
type, default, choices, the line of help from the options' docstring) and the bots
that can sit at a table (:mod:`bohnen.server.offer`).

Options that name a file on the server (Bohn Hansa's ``board`` file and its digest)
are not offered, and a table asking for them is refused: a client chooses rules,
never the server's files.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from types import NoneType, UnionType
from typing import Literal

from bohnen.core.protocol import JSONObject
from bohnen.core.registry import game_names, get_game
from bohnen.server.offer import Offer

SERVER_ONLY: dict[str, frozenset[str]] = {"hansa": frozenset({"board", "board_digest"})}
_HELP = re.compile(r"- ``(\w+)``: (.+?)(?=\n\s*- ``|\n\s*\n|\Z)", re.S)


def games(offer: Offer | None = None) -> list[JSONObject]:
    """Every registered game as the lobby shows it, with the bots ``offer`` seats."""
    return [describe(name, offer) for name in game_names()]


def describe(name: str, offer: Offer | None = None) -> JSONObject:
    game = get_game(name)
    options_class = type(game.options(game.min_players))
    defaults = game.options(game.min_players)
    return {"game": game.name, "title": game.title,
            "players": [game.min_players, game.max_players],
            "options": _options(name, options_class, defaults),
            "bots": (offer or Offer()).names(game)}


def refused_options(name: str, options: typing.Mapping[str, object]) -> list[str]:
    """The options of ``options`` a client may not set for game ``name``."""
    return sorted(set(options) & SERVER_ONLY.get(name, frozenset()))


def _options(name: str, options_class: type, defaults: object) -> list[JSONObject]:
    hidden = SERVER_ONLY.get(name, frozenset()) | {"players"}
    hints = typing.get_type_hints(options_class)
    helps = {key: " ".join(text.replace("``", "").split()) for key, text in
             _HELP.findall(options_class.__doc__ or "")}
    out: list[JSONObject] = []
    for field in dataclasses.fields(options_class):
        if field.name in hidden:
            continue
        entry: JSONObject = {"name": field.name, **_kind(hints[field.name]),
                             "default": getattr(defaults, field.name),
                             "help": helps.get(field.name, "")}
        out.append(entry)
    return out


def _kind(hint: object) -> JSONObject:
    """The JSON kind of an option's type: bool, int, choice (with its choices) or str;
    ``nullable`` when None is allowed."""
    args = typing.get_args(hint)
    if isinstance(hint, UnionType) or typing.get_origin(hint) is typing.Union:
        inner = [a for a in args if a is not NoneType]
        return {**_kind(inner[0]), "nullable": True} if len(inner) == 1 else {"type": "str"}
    if typing.get_origin(hint) is Literal:
        return {"type": "choice", "choices": list(args)}
    if hint is bool:
        return {"type": "bool"}
    if hint is int:
        return {"type": "int"}
    return {"type": "str"}
