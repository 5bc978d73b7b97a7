"""A game's rule options as OpenSpiel game parameters.

Every option of the game's ``options()`` is a parameter of the same name with its
default (``python_bohnen_ndb(players=3,rounds=1)``, ``python_bohnen_bohnanza(
trading=open,max_proposals_per_turn=4)``), besides ``players`` and ``seed``. OpenSpiel
refuses an unknown parameter ("Unknown parameter") and a value of the wrong type
("Wrong type for parameter"); the game's own checks refuse a bad value (a
``ValueError`` naming the option). OpenSpiel's parameters cannot be None: an option
whose default is None takes a stand-in of its type (:data:`NONE_INT`, :data:`NONE_STR`)
that means None wherever the option may be None (Bohnanza's ``third_field_cost=-1``:
the text's choice; ``max_proposals_per_turn=-1``: no bound, in open trading).
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from dataclasses import fields
from types import NoneType, UnionType
from typing import Literal

from bohnen.core.protocol import Options
from bohnen.core.registry import get_game

Param = int | float | bool | str
NONE_INT = -1  # an option of whole numbers whose value is None
NONE_STR = ""  # an option of text whose value is None
RESERVED = ("players", "seed")  # parameters that are not rule options


def specification(game: str, players: int) -> dict[str, Param]:
    """The parameters of ``game`` with their defaults: ``players``, ``seed`` (see
    :mod:`bohnen.rl.openspiel`) and every rule option."""
    cls = type(get_game(game).options(players))
    hints = typing.get_type_hints(cls)
    spec: dict[str, Param] = {"players": players, "seed": 0}
    for f in fields(cls):
        if f.name not in RESERVED:
            spec[f.name] = _default(f.name, f.default, hints[f.name])
    return spec


def _default(name: str, default: object, hint: object) -> Param:
    if default is None:
        return NONE_STR if _base(hint) is str else NONE_INT
    if isinstance(default, int | float | str):  # bool is an int
        return default
    raise TypeError(f"option {name}: a default of {type(default).__name__} cannot be a "
                    f"game parameter")


def _base(hint: object) -> type:
    """The type of an option's values, None and Literal aside."""
    args = [a for a in typing.get_args(hint) if a is not NoneType]
    if typing.get_origin(hint) is Literal:
        return type(args[0])
    if typing.get_origin(hint) in (UnionType, typing.Union) and len(args) == 1:
        return _base(args[0])
    return hint if isinstance(hint, type) else object


def options(game: str, params: Mapping[str, Param]) -> Options:
    """The options the parameters give (``ValueError`` naming a bad one): a stand-in
    value is None for an option that may be None."""
    players = int(params["players"])
    cls = type(get_game(game).options(players))
    hints = typing.get_type_hints(cls)
    overrides: dict[str, object] = {}
    for f in fields(cls):
        if f.name not in RESERVED and f.name in params:
            value = params[f.name]
            nullable = NoneType in typing.get_args(hints[f.name])
            overrides[f.name] = None if nullable and _stand_in(value) else value
    made: Options = get_game(game).options(players, **overrides)
    return made


def _stand_in(value: object) -> bool:
    return (type(value) is int and value == NONE_INT) or (type(value) is str
                                                          and value == NONE_STR)
