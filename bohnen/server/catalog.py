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

from bohnen.core.registry import game_names, get_game
from bohnen.server.answers import GameJSON, OptionJSON
from bohnen.server.offer import Offer

SERVER_ONLY: dict[str, frozenset[str]] = {"hansa": frozenset({"board", "board_digest"})}
_HELP = re.compile(r"- ``(\w+)``: (.+?)(?=\n\s*- ``|\n\s*\n|\Z)", re.S)


def games(offer: Offer | None = None) -> list[GameJSON]:
    """Every registered game as the lobby shows it, with the bots ``offer`` seats."""
    return [describe(name, offer) for name in game_names()]


def describe(name: str, offer: Offer | None = None) -> GameJSON:
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


def _options(name: str, options_class: type, defaults: object) -> list[OptionJSON]:
    hidden = SERVER_ONLY.get(name, frozenset()) | {"players"}
    hints = typing.get_type_hints(options_class)
    helps = {key: " ".join(text.replace("``", "").split()) for key, text in
             _HELP.findall(options_class.__doc__ or "")}
    out: list[OptionJSON] = []
    for field in dataclasses.fields(options_class):
        if field.name in hidden:
            continue
        entry: OptionJSON = {"name": field.name, "type": "str",
                             "default": getattr(defaults, field.name),
                             "help": helps.get(field.name, "")}
        _kind(entry, hints[field.name])
        out.append(entry)
    return out


def _kind(entry: OptionJSON, hint: object) -> None:
    """The JSON kind of an option's type, set in ``entry``: bool, int, choice (with its
    choices) or str; ``nullable`` when None is allowed."""
    args = typing.get_args(hint)
    if isinstance(hint, UnionType) or typing.get_origin(hint) is typing.Union:
        inner = [a for a in args if a is not NoneType]
        if len(inner) == 1:
            _kind(entry, inner[0])
            entry["nullable"] = True
        return
    if typing.get_origin(hint) is Literal:
        entry["type"] = "choice"
        entry["choices"] = list(args)
    elif hint is bool:
        entry["type"] = "bool"
    elif hint is int:
        entry["type"] = "int"
