"""What changed between two JSON values, one line per changed leaf, for review in a diff.

A playthrough (:mod:`bohnen.core.playthrough`) writes a view once in full and then only
what changed in it from one step to the next. :func:`changes` gives those changes as
lines of text, in the order of the new value's keys:

- ``path = value``: the value at ``path`` is now ``value`` (compact JSON);
- ``path += [items]``: a list of plain values grew at its end by ``items``;
- ``del path``: the key or list item at ``path`` is no more.

A path is written as in Python or JavaScript: ``players[1].hand``, ``supply.BL``
(``["odd key"]`` for a key that is not a plain name). Objects are followed key by key
and lists of objects item by item, so that one changed field is one line; a list of
plain values (a hand, a pile) is a leaf, written whole unless it only grew.

Values are compared as Python compares them, so a value that only changes its JSON
type between equal numbers (``1`` to ``true`` or ``1.0``) is not written as a change:
the types of a view are its schema's to check (``tests/core/test_view_schemas.py``).
"""

from __future__ import annotations

import json
import re

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_ABSENT = object()  # a key or item missing from one side


def compact(value: object) -> str:
    """``value`` as one line of JSON: no spaces after separators, text as it is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def changes(old: object, new: object, path: str = "") -> list[str]:
    """The lines that take ``old`` to ``new`` (none if they are equal); ``path`` names
    where both sit in a larger value. Where ``old`` lacks an object or a list of objects,
    or has an empty one, the new one's leaves are listed one by one: ``changes({},
    view)`` writes a whole view so (the first step of a playthrough)."""
    out: list[str] = []
    _diff(old, new, path, out)
    return out


def _branches(value: object) -> bool:
    """Whether ``value`` is followed into (an object, or a list holding objects or lists);
    an empty one is a leaf."""
    if isinstance(value, dict):
        return bool(value)
    return isinstance(value, list) and any(isinstance(x, dict | list) for x in value)


def _follows(old: object, new: object) -> bool:
    """Whether the change from ``old`` to ``new`` is written inside them, not whole: both
    are followed into, or ``new`` is and ``old`` is absent or empty of its kind."""
    if not _branches(new):
        return False
    return old is _ABSENT or (type(old) is type(new) and (not old or _branches(old)))


def _diff(old: object, new: object, path: str, out: list[str]) -> None:
    if old is not _ABSENT and old == new:
        return
    if _follows(old, new):
        if isinstance(new, dict):  # and old is one too, or absent
            _diff_object(old if isinstance(old, dict) else {}, new, path, out)
        elif isinstance(new, list):
            _diff_list(old if isinstance(old, list) else [], new, path, out)
        return
    if (isinstance(old, list) and isinstance(new, list) and old
            and len(new) > len(old) and new[:len(old)] == old):
        out.append(f"{path} += {compact(new[len(old):])}")
        return
    out.append(f"{path} = {compact(new)}")


def _diff_object(old: dict[str, object], new: dict[str, object], path: str,
                 out: list[str]) -> None:
    for key, value in new.items():
        _diff(old.get(key, _ABSENT), value, _key(path, key), out)
    for key in old:
        if key not in new:
            out.append(f"del {_key(path, key)}")


def _diff_list(old: list[object], new: list[object], path: str, out: list[str]) -> None:
    for index, value in enumerate(new):
        _diff(old[index] if index < len(old) else _ABSENT, value, f"{path}[{index}]", out)
    for index in range(len(old) - 1, len(new) - 1, -1):
        out.append(f"del {path}[{index}]")


def _key(path: str, key: str) -> str:
    if _NAME.match(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{compact(key)}]"
