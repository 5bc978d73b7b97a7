"""Making illegal and malformed inputs: odd values, mutated JSON and notation, garbage."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Sequence

from bohnen.core.conformance.settings import JSON
from bohnen.core.protocol import Action

# Values that break an action's fields in every way a careless caller might.
WEIRD: tuple[object, ...] = (
    None, True, False, -1, 0, 1, 2, 3, 7, 99, 10**12, 1.5, "", "x", "0", [], [0], [-1],
    [0, 0], {}, (), (0,), (-1,), (0, 0), (99,), (0, 1), "h0", [None],
)
NOTATION_NOISE: tuple[str, ...] = (
    "-1", "99", "0", "1", "x", ":", ",", "h99", "t-1", "t1", "f9", "0:", "give", "want",
    "", "  ", "1,1", "\t", "é", "999999999999999999999",
)
GARBAGE_JSON: tuple[object, ...] = (
    None, 0, "x", [], {}, {"seat": 0}, {"type": None}, {"type": "x", "seat": 0},
    [{"seat": 0}], {"seat": -1, "type": 0}, 1.5, True,
)
NOT_ACTIONS: tuple[object, ...] = (None, "0: pass", 42, object(), {"seat": 0}, (0,))


def mutate_json(data: JSON, rng: random.Random, pool: Sequence[Action]) -> object:
    """``data`` with one value changed, a key dropped or added, or replaced whole."""
    out = json.loads(json.dumps(data))
    keys = sorted(out)
    op = rng.randrange(6)
    if op == 0 or not keys:
        return GARBAGE_JSON[rng.randrange(len(GARBAGE_JSON))]
    key = keys[rng.randrange(len(keys))]
    if op == 1:
        del out[key]
    elif op == 2:
        out["extra"] = 0
    elif op == 3 and pool:
        other = pool[rng.randrange(len(pool))].to_json()
        out[key] = other.get(key, 0)  # a sane value from another action
    elif op == 4 and isinstance(out[key], list):
        out[key] = _mutate_list(out[key], rng)
    else:
        out[key] = _weird(rng, out[key])
    return out


def _mutate_list(items: list[object], rng: random.Random) -> list[object]:
    items = list(items)
    if items and rng.random() < 0.5:
        del items[rng.randrange(len(items))]
    else:
        items.insert(rng.randrange(len(items) + 1), _weird(rng, items[0] if items else 0))
    return items


def _weird(rng: random.Random, value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice((-1, 1, 2, -value - 1))
    thing = WEIRD[rng.randrange(len(WEIRD))]
    return list(thing) if isinstance(thing, tuple) else thing


def mutate_notation(text: str, rng: random.Random, pool: Sequence[Action]) -> str:
    """``text`` with a word replaced, dropped, doubled or swapped, or cut short."""
    words = text.split(" ")
    op = rng.randrange(6)
    i = rng.randrange(len(words))
    if op == 0 and pool:
        other = str(pool[rng.randrange(len(pool))]).split(" ")
        words[i] = other[rng.randrange(len(other))]
    elif op == 1:
        words[i] = NOTATION_NOISE[rng.randrange(len(NOTATION_NOISE))]
    elif op == 2 and len(words) > 1:
        del words[i]
    elif op == 3:
        words.insert(i, words[i])
    elif op == 4:
        j = rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    else:
        return text[: rng.randrange(len(text) + 1)]
    return " ".join(words)


def same_kind(value: object, rng: random.Random) -> object:
    """A value of the type of ``value`` but likely out of range."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice((-1, 99, 10**12, value + 1, value - 1))
    if isinstance(value, tuple):
        return rng.choice(((), (99,), (-1,), (0, 0), value + value, value[1:]))
    return value


def garbage_text(rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits + " :,-_" + "\u00e9\u2009"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(24)))
