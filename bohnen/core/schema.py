"""JSON Schema (draft 2020-12) of the types that describe JSON: a game's views.

A game types its views with ``typing.TypedDict`` (the engines use the standard library
only, and pydantic reads only ``typing_extensions.TypedDict`` before Python 3.12), so
this module turns such types into a JSON Schema: the contract that the online table
and the research interfaces build on (``scripts/regen_schemas.py`` writes it; the tests
validate real views against it with the ``jsonschema`` library).

Understood: ``TypedDict`` (closed: no other keys; ``NotRequired`` keys optional; its
docstring as the description), ``list[X]``, ``tuple[X, ...]``, ``dict[str, X]`` and
``Mapping[str, X]``, ``Literal[...]``, unions (``X | None``), ``int``, ``float``,
``str``, ``bool``, ``None``, ``NewType`` (as its base), ``IntEnum`` (its values), and
``object`` or ``Any`` (any JSON value: what another schema describes, such as a game's
view inside a frame of the online table). Anything else is refused with a
``TypeError`` naming it. :func:`json_schema` gives the schema of one type,
:func:`union_schema` one document for several named types (:func:`views_schema`: a
game's two views, what ``scripts/regen_schemas.py`` writes to
``bohnen/<game>/view.schema.json``; the online table's frames, to
``bohnen/server/frames.schema.json``).
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

DIALECT = "https://json-schema.org/draft/2020-12/schema"
JSON = dict[str, Any]
_SCALARS: dict[object, JSON] = {
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    type(None): {"type": "null"},
}


class _Defs(dict[str, JSON]):
    """The named parts of a schema being made, and the type each name stands for: two
    different types of the same name would otherwise share one part, silently."""

    def __init__(self) -> None:
        super().__init__()
        self.types: dict[str, object] = {}


def json_schema(root: type, title: str | None = None) -> JSON:
    """The JSON Schema of ``root`` (a ``TypedDict``): nested ``TypedDict``s are named in
    ``$defs`` and referred to, so each appears once."""
    defs = _Defs()
    body = _schema(root, defs)
    schema: JSON = {"$schema": DIALECT, "title": title or root.__name__}
    schema.update(defs.pop(root.__name__, body) if "$ref" in body else body)
    if defs:
        schema["$defs"] = dict(sorted(defs.items()))
    return schema


def views_schema(title: str, seat: type, spectator: type, description: str = "") -> JSON:
    """One JSON Schema for both views of a game: ``seat`` (a seat's view) and
    ``spectator`` (a spectator's), each a ``TypedDict``. Every ``TypedDict`` is named in
    ``$defs`` once, shared by the two; ``#/$defs/seat_view`` and
    ``#/$defs/spectator_view`` are the two views, and the whole document accepts
    either."""
    return union_schema(title, {"seat_view": seat, "spectator_view": spectator},
                        description)


def union_schema(title: str, parts: Mapping[str, type], description: str = "") -> JSON:
    """One JSON Schema for the named ``parts`` (each a ``TypedDict``): every
    ``TypedDict`` is named in ``$defs`` once, shared by all; ``#/$defs/<name>`` is the
    part of that name, and the whole document accepts any of them."""
    defs = _Defs()
    refs = {name: _schema(tp, defs) for name, tp in parts.items()}
    if set(refs) & set(defs):
        raise TypeError(f"a type may not be called {' or '.join(sorted(refs))}")
    schema: JSON = {"$schema": DIALECT, "title": title}
    if description:
        schema["description"] = description
    schema["anyOf"] = list(refs.values())
    schema["$defs"] = dict(sorted({**defs, **refs}.items()))
    return schema


def _schema(tp: object, defs: _Defs) -> JSON:
    if tp is object or tp is Any:
        return {}  # any JSON value
    if tp in _SCALARS:
        return dict(_SCALARS[tp])
    if isinstance(tp, type) and typing.is_typeddict(tp):
        return _typed_dict(tp, defs)
    if isinstance(tp, type) and issubclass(tp, enum.IntEnum):
        return {"type": "integer", "enum": [int(member) for member in tp]}
    supertype = getattr(tp, "__supertype__", None)
    if supertype is not None:  # a NewType
        return _schema(supertype, defs)
    return _generic(tp, defs)


def _generic(tp: object, defs: _Defs) -> JSON:
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        values = list(args)
        return {"const": values[0]} if len(values) == 1 else {"enum": values}
    if origin in (Union, types.UnionType):
        return _union([_schema(arg, defs) for arg in args])
    if origin in (list, typing.Sequence) or (origin is tuple and len(args) == 2
                                             and args[1] is Ellipsis):
        return {"type": "array", "items": _schema(args[0], defs)}
    if origin in (dict, Mapping, typing.Mapping) and args and args[0] is str:
        return {"type": "object", "additionalProperties": _schema(args[1], defs)}
    raise TypeError(f"no JSON Schema for {tp!r}")


def _union(options: list[JSON]) -> JSON:
    """``anyOf`` the options; plain types merged into one ``type`` list where possible."""
    if all(set(option) == {"type"} for option in options):
        kinds: list[str] = []
        for option in options:
            kinds += option["type"] if isinstance(option["type"], list) else [option["type"]]
        return {"type": kinds}
    return {"anyOf": options}


def _typed_dict(tp: type, defs: _Defs) -> JSON:
    name = tp.__name__
    known = defs.types.setdefault(name, tp)
    if id(known) != id(tp):
        raise TypeError(f"two types are called {name}: {_qualified(known)} and "
                        f"{_qualified(tp)}; rename one")
    if name not in defs:
        defs[name] = {}  # a placeholder: a type may refer to itself
        hints = typing.get_type_hints(tp, include_extras=True)
        properties = {key: _schema(_bare(hint), defs) for key, hint in hints.items()}
        body: JSON = {"type": "object", "properties": properties,
                      "required": sorted(key for key, hint in hints.items()
                                         if _required(hint, getattr(tp, "__total__", True))),
                      "additionalProperties": False}
        doc = (tp.__doc__ or "").strip()
        if doc:
            body["description"] = " ".join(doc.split())
        defs[name] = body
    return {"$ref": f"#/$defs/{name}"}


def _qualified(tp: object) -> str:
    return f"{getattr(tp, '__module__', '?')}.{getattr(tp, '__qualname__', tp)}"


def _required(hint: object, total: bool) -> bool:
    """Whether a key is required: marked so, or by the ``TypedDict``'s totality (read from
    the hints, since ``__required_keys__`` misses the marks of postponed annotations)."""
    origin = get_origin(hint)
    if origin is NotRequired:
        return False
    return origin is Required or total


def _bare(hint: object) -> object:
    """The type under ``Required[...]`` / ``NotRequired[...]``."""
    if get_origin(hint) in (Required, NotRequired):
        return get_args(hint)[0]
    return hint
