"""Bohn Hansa board data: the JSON format of docs/hansa-board.md, its validator, ``Board``.

A board file holds the map (cities, routes), each city's beans and price ladder,
the beans (tokens, base prices), the 60 contracts, the 10 Neue-Ernte cards and the
travel cards of the five colours (which number is Zoll, which Nachschub). The
printed board is not public; ``boards/default.json`` is a reconstruction.

:func:`load_board` reads and checks a file; every fault found is reported at once,
each with its place (``cities[3] (Visby).ladder[1]: ...``), in one
:class:`BoardError`. A :class:`Board` is frozen and carries the all-pairs shortest
paths (every shortest path, since the player chooses among equals).

A board file is untrusted input (a record names its board by path, and records are
shared): it is read through :mod:`bohnen.core.files` (a regular file of at most
``MAX_BOARD_BYTES``, JSON nested a few levels at most); a message quotes a value as a
short excerpt and lists at most a few faults ("… and N more"); and what the work of
checking and playing grows with is bounded (cities, shortest paths, numbers), so that
no file can make either hang.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections import deque
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import NewType

from bohnen.core.files import FileFault, capped, excerpt, load_json, read_text


class Bean(IntEnum):
    """The eight beans of the game (Bohnanza's eight), by their codes. A board names the
    ones it uses (all eight on the default board), with their names, tokens and base
    prices; every table indexed by bean is indexed by this number."""

    BL = 0  # Blaue Bohne
    FE = 1  # Feuerbohne
    SA = 2  # Saubohne
    BR = 3  # Brechbohne
    SO = 4  # Sojabohne
    AU = 5  # Augenbohne
    RO = 6  # Rote Bohne
    GA = 7  # Gartenbohne


BEANS: tuple[Bean, ...] = tuple(Bean)  # BEANS[i]: the bean numbered i (no call to Bean)
BEAN_TYPES = len(Bean)  # 8: the width of every table indexed by bean
CODES: tuple[str, ...] = tuple(bean.name for bean in Bean)  # CODES[bean]: its code
BY_CODE: dict[str, Bean] = {bean.name: bean for bean in Bean}

# A card in a hand: a travel card 1..7 of the seat's colour, or ``CONTRACT + n`` for
# contract n of the board (1..60). Neue-Ernte cards are numbered 0..9 (``H1``..``H10``).
Card = NewType("Card", int)
CONTRACT = 100


def card_text(card: object) -> str:
    """``T3`` for travel card 3, ``C12`` for contract 12 (``?…`` for anything else)."""
    if type(card) is int and card > CONTRACT:
        return f"C{card - CONTRACT}"
    if type(card) is int and card >= 0:
        return f"T{card}"
    return f"?{excerpt(card)}"


def harvest_text(card: int) -> str:
    """``H1`` for Neue-Ernte card 0."""
    return f"H{card + 1}"

FORMAT = "bohnen-hansa-board"
CONTRACTS = 60
HARVESTS = 10
COLOURS = 5
TRAVEL_NUMBERS = 7
STORAGE = 8  # the slots of a player's aid: never more than 8 beans
MAX_PLAYERS = 5
SLOTS = (4, 5)  # slots of a ladder
MAX_BOARD_BYTES = 1024 * 1024  # the default board is 14 KB
MAX_CITIES = 64
MAX_PATHS = 100_000  # shortest paths between all pairs of cities (the default board: 320)
MAX_NUMBER = 999  # tokens, prices, payouts, counts: the printed game's are below 100
CODE_CHARS = 8  # a code of a bean or a city, written in the notation of actions
NAME_CHARS = 60  # a name of a board, bean, city or colour
TEXT_CHARS = 2000  # the title and the note


class BoardError(ValueError):
    """A board file that cannot be used; ``errors`` lists every fault with its place."""

    def __init__(self, source: str, errors: list[str], message: str | None = None) -> None:
        self.source = source
        self.errors = list(errors)
        if message is None:
            count = f"{len(errors):,} error{'s' if len(errors) != 1 else ''}"
            message = f"{source}: {count}: {capped(errors)}"
        super().__init__(message)

    @classmethod
    def unreadable(cls, source: str, fault: FileFault) -> BoardError:
        """The file could not be read as a board at all (the fault names the file)."""
        return cls(source, [str(fault)], str(fault))


@dataclass(frozen=True, slots=True)
class Contract:
    city: int
    beans: tuple[Bean, ...]  # each at most once
    payout: int


@dataclass(frozen=True, slots=True)
class Board:
    """A checked board. Cities, contracts (ids 1..60) and harvest cards (1..10) are
    numbered by their place in the file; beans are :class:`Bean` s, and every table by
    bean has the eight of them (zero for a bean the board does not use)."""

    name: str
    title: str
    reconstruction: bool
    note: str
    digest: str  # sha256 of the file's canonical JSON
    beans: tuple[Bean, ...]  # the beans the board uses, in the order of Bean
    bean_names: tuple[str, ...]  # per bean ("" if unused)
    tokens: tuple[int, ...]  # per bean (0 if unused)
    base: tuple[int, ...]  # per bean: the base price (0 if unused)
    colours: tuple[str, ...]
    zoll: tuple[int, ...]  # per colour, the number of its Zoll card
    nachschub: tuple[int, ...]
    city_names: tuple[str, ...]
    city_codes: tuple[str, ...]
    coords: tuple[tuple[float, float], ...]
    city_beans: tuple[tuple[Bean, ...], ...]  # per city, its bean types (bottom-slot order)
    # prices[city][slot][bean]: slot 0 is the bottom, slot len-1 the top circles; 0 = not sold
    prices: tuple[tuple[tuple[int, ...], ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    # paths[a][b]: every shortest path from a to b, as the cities after a (b last)
    paths: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]
    code_paths: tuple[tuple[tuple[tuple[str, ...], ...], ...], ...]  # the same, by city code
    contracts: tuple[Contract, ...]
    harvests: tuple[tuple[tuple[int, Bean, int], ...], ...]  # (city, bean, count) entries

    @property
    def cities(self) -> int:
        return len(self.city_codes)

    def slots(self, city: int) -> int:
        """Square slots of the city's ladder (the top circles not counted)."""
        return len(self.prices[city]) - 1

    def sellers(self, bean: Bean) -> tuple[int, ...]:
        return tuple(c for c in range(self.cities) if bean in self.city_beans[c])

    def city(self, text: str) -> int:
        """A city by code or name (case ignored); ``ValueError`` otherwise."""
        key = text.strip().lower()
        for i, (code, name) in enumerate(zip(self.city_codes, self.city_names, strict=True)):
            if key in (code.lower(), name.lower()):
                return i
        raise ValueError(f"unknown city {text!r}; cities are {', '.join(self.city_codes)}")

    def bean(self, text: str) -> Bean:
        """A bean of this board by its code (case ignored); ``ValueError`` otherwise."""
        found = BY_CODE.get(text.strip().upper())
        if found is not None and found in self.beans:
            return found
        raise ValueError(f"unknown bean {excerpt(text)}; beans are "
                         f"{', '.join(CODES[b] for b in self.beans)}")


def _shown(key: str) -> str:
    """A key of the file as it is written, or a short excerpt of a long or odd one."""
    return key if len(key) <= NAME_CHARS and key.isprintable() else excerpt(key)


class _Check:
    """Collects faults with their places."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.errors.append(f"{where}: {message}" if where else message)

    def int_field(self, obj: dict[str, object], key: str, where: str, low: int,
                  high: int = MAX_NUMBER) -> int | None:
        value = obj.get(key)
        if type(value) is not int:
            self.add(where, f"{key} must be a whole number, not {excerpt(value)}"
                     if key in obj else f"missing {key}")
            return None
        if not low <= value <= high:
            self.add(where, f"{key} must be from {low} to {high}, not {excerpt(value)}")
            return None
        return value

    def str_field(self, obj: dict[str, object], key: str, where: str,
                  limit: int = NAME_CHARS) -> str | None:
        value = obj.get(key)
        if not isinstance(value, str) or not value.strip():
            self.add(where, f"{key} must be a non-empty text, not {excerpt(value)}"
                     if key in obj else f"missing {key}")
            return None
        if len(value) > limit:
            self.add(where, f"{key} must be at most {limit} characters, not "
                            f"{excerpt(value)}")
            return None
        return value

    def list_field(self, obj: dict[str, object], key: str, where: str) -> list[object]:
        value = obj.get(key)
        if not isinstance(value, list):
            self.add(where, f"{key} must be a list" if key in obj else f"missing {key}")
            return []
        return value


@dataclass(slots=True)
class _Beans:
    codes: list[str]  # the codes the board uses, as written (upper case)
    names: list[str]  # per Bean ("" if unused)
    tokens: list[int]
    base: list[int]


def _beans(chk: _Check, data: dict[str, object]) -> _Beans:
    out = _Beans([], [""] * BEAN_TYPES, [0] * BEAN_TYPES, [0] * BEAN_TYPES)
    items = chk.list_field(data, "beans", "")
    if not items and "beans" in data:
        chk.add("beans", "no bean types")
    if len(items) > STORAGE:
        chk.add("beans", f"{len(items)} bean types: a player starts with one of each, and "
                         f"holds at most {STORAGE}")
    for i, item in enumerate(items):
        where = f"beans[{i}]"
        if not isinstance(item, dict):
            chk.add(where, "must be an object")
            continue
        code = chk.str_field(item, "code", where, CODE_CHARS)
        name = chk.str_field(item, "name", where)
        count = chk.int_field(item, "tokens", where, 1)
        price = chk.int_field(item, "base_price", where, 1)
        key = (code or "").upper()
        if code is not None and key in out.codes:
            chk.add(where, f"bean code {code!r} used twice")
            continue
        if code is not None and key not in BY_CODE:
            chk.add(where, f"unknown bean code {excerpt(code)}: the beans of the game are "
                           f"{', '.join(CODES)}")
            continue
        if code is None:
            continue
        out.codes.append(key)
        bean = BY_CODE[key]
        out.names[bean] = name or "?"
        out.tokens[bean] = count or 0
        out.base[bean] = price or 0
    return out


def _colours(chk: _Check, data: dict[str, object]) -> tuple[list[str], list[int], list[int]]:
    names: list[str] = []
    zoll: list[int] = []
    nach: list[int] = []
    items = chk.list_field(data, "colours", "")
    if "colours" in data and len(items) != COLOURS:
        chk.add("colours", f"{len(items)} colours of travel cards, expected {COLOURS} "
                           f"({COLOURS * TRAVEL_NUMBERS} travel cards)")
    for i, item in enumerate(items):
        where = f"colours[{i}]"
        if not isinstance(item, dict):
            chk.add(where, "must be an object")
            continue
        name = chk.str_field(item, "name", where)
        z = chk.int_field(item, "zoll", where, 1, TRAVEL_NUMBERS)
        n = chk.int_field(item, "nachschub", where, 1, TRAVEL_NUMBERS)
        if name is not None and name in names:
            chk.add(where, f"colour {name!r} named twice")
        if z is not None and z == n:
            chk.add(where, f"card {z} cannot be both Zoll and Nachschub")
        names.append(name or "?")
        zoll.append(z or 0)
        nach.append(n or 0)
    return names, zoll, nach


@dataclass(slots=True)
class _Cities:
    names: list[str]
    codes: list[str]
    coords: list[tuple[float, float]]
    beans: list[tuple[Bean, ...]]
    prices: list[tuple[tuple[int, ...], ...]]


def _price_row(chk: _Check, row: object, where: str, city_beans: list[str],
               bean_codes: list[str]) -> tuple[int, ...]:
    out = [0] * BEAN_TYPES
    if not isinstance(row, dict):
        chk.add(where, "must be an object of bean code -> price")
        return tuple(out)
    for code in city_beans:
        if code not in row:
            chk.add(where, f"the price of {code} is missing")
    for code, price in row.items():
        if code not in city_beans:
            chk.add(where, f"a price for {_shown(code)}, which the city does not sell")
        elif type(price) is not int or not 1 <= price <= MAX_NUMBER:
            chk.add(where, f"the price of {code} must be a whole number from 1 to "
                           f"{MAX_NUMBER}, not {excerpt(price)}")
        elif code in bean_codes:
            out[BY_CODE[code]] = price
    return tuple(out)


def _city(chk: _Check, item: dict[str, object], where: str, bean_codes: list[str],
          base: list[int]) -> tuple[list[str], tuple[tuple[int, ...], ...]]:
    beans = chk.list_field(item, "beans", where)
    known = []
    for b in beans:
        if not isinstance(b, str) or b.upper() not in bean_codes:
            chk.add(where, f"unknown bean {excerpt(b)}")
        elif b.upper() in known:
            chk.add(where, f"bean {b} listed twice")
        else:
            known.append(b.upper())
    ladder = chk.list_field(item, "ladder", where)
    if "ladder" in item and len(ladder) not in SLOTS:
        chk.add(where, f"the ladder has {len(ladder)} slots, expected 4 or 5")
    if known and len(known) >= len(ladder) and ladder:
        chk.add(where, f"{len(known)} bean types need more than {len(ladder)} slots "
                       f"(one bean each on the bottom slots, a free slot above)")
    if not known and "beans" in item:
        chk.add(where, "the city sells no bean")
    rows = [_price_row(chk, row, f"{where}.ladder[{s}]", known, bean_codes)
            for s, row in enumerate(ladder)]
    rows.append(_price_row(chk, item.get("top"), f"{where}.top", known, bean_codes)
                if "top" in item else tuple([0] * BEAN_TYPES))
    if "top" not in item:
        chk.add(where, "missing top (the prices in the circles, for a full ladder)")
    k = len(known)
    for code in known:
        b = BY_CODE[code]
        column = [r[b] for r in rows]
        if 0 < k < len(ladder) and column[k] and column[k] != base[b]:
            chk.add(f"{where}.ladder[{k}]", f"{code} costs {column[k]}, but the first free "
                    f"slot at the start must ask the base price {base[b]}")
        if all(column) and any(a < c for a, c in pairwise(column)):
            chk.add(where, f"the prices of {code} rise up the ladder ({column}); they must "
                           f"fall (or stay) as beans pile up")
    return known, tuple(rows)


def _cities(chk: _Check, data: dict[str, object], bean_codes: list[str],
            base: list[int]) -> _Cities:
    out = _Cities([], [], [], [], [])
    items = chk.list_field(data, "cities", "")
    if "cities" in data and len(items) < 2:
        chk.add("cities", "a map needs at least two cities")
    if len(items) > MAX_CITIES:
        chk.add("cities", f"{len(items):,} cities; a map has at most {MAX_CITIES}")
    for i, item in enumerate(items):
        where = f"cities[{i}]"
        if not isinstance(item, dict):
            chk.add(where, "must be an object")
            continue
        name = chk.str_field(item, "name", where)
        where = f"cities[{i}] ({name})" if name else where
        code = chk.str_field(item, "code", where, CODE_CHARS)
        for key in ("x", "y"):
            if not _finite(item.get(key)):
                chk.add(where, f"{key} (a coordinate for drawing the map) must be a "
                               f"finite number")
        if code is not None and code.upper() in out.codes:
            chk.add(where, f"city code {code!r} used twice")
        if name is not None and name in out.names:
            chk.add(where, f"city name {name!r} used twice")
        known, rows = _city(chk, item, where, bean_codes, base)
        out.names.append(name or f"?{i}")
        out.codes.append((code or f"?{i}").upper())
        out.coords.append((float(item["x"]), float(item["y"]))
                          if _finite(item.get("x")) and _finite(item.get("y")) else (0.0, 0.0))
        out.beans.append(tuple(BY_CODE[b] for b in known))
        out.prices.append(rows)
    return out


def _finite(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and math.isfinite(value)


def _city_ref(chk: _Check, value: object, where: str, codes: list[str]) -> int | None:
    if not isinstance(value, str) or value.upper() not in codes:
        chk.add(where, f"unknown city {excerpt(value)}")
        return None
    return codes.index(value.upper())


def _routes(chk: _Check, data: dict[str, object], codes: list[str]) -> list[set[int]]:
    graph: list[set[int]] = [set() for _ in codes]
    for i, item in enumerate(chk.list_field(data, "routes", "")):
        where = f"routes[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            chk.add(where, "a route is a pair of city codes")
            continue
        a = _city_ref(chk, item[0], where, codes)
        b = _city_ref(chk, item[1], where, codes)
        if a is None or b is None:
            continue
        if a == b:
            chk.add(where, f"a route from {codes[a]} to itself")
        elif b in graph[a]:
            chk.add(where, f"the route {codes[a]}-{codes[b]} is listed twice")
        graph[a].add(b)
        graph[b].add(a)
    if codes:
        reached = _bfs(graph, 0)
        cut = [codes[c] for c in range(len(codes)) if reached[c] < 0]
        if cut:
            chk.add("routes", f"the map is not connected: {capped(cut, separator=', ')} "
                              f"cannot be "
                              f"reached from {codes[0]}")
    return graph


def _bfs(graph: list[set[int]], start: int) -> list[int]:
    dist = [-1] * len(graph)
    dist[start] = 0
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in sorted(graph[here]):
            if dist[nxt] < 0:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


def _bean_refs(chk: _Check, beans: object, where: str, bean_codes: list[str]) -> list[Bean]:
    out: list[Bean] = []
    if not isinstance(beans, list) or not beans:
        chk.add(where, "beans must be a non-empty list of bean codes")
        return out
    for b in beans:
        if not isinstance(b, str) or b.upper() not in bean_codes:
            chk.add(where, f"unknown bean {excerpt(b)}")
        elif BY_CODE[b.upper()] in out:
            chk.add(where, f"bean {b} named twice (a player starts with one of each, so a "
                           f"contract names each bean at most once)")
        else:
            out.append(BY_CODE[b.upper()])
    return out


def _contracts(chk: _Check, data: dict[str, object], codes: list[str], bean_codes: list[str],
               city_beans: list[tuple[Bean, ...]]) -> list[Contract]:
    items = chk.list_field(data, "contracts", "")
    if "contracts" in data and len(items) != CONTRACTS:
        chk.add("contracts", f"{len(items)} contracts, expected {CONTRACTS}")
    sold = {b for beans in city_beans for b in beans}
    out = []
    for i, item in enumerate(items):
        where = f"contracts[{i}] (C{i + 1})"
        if not isinstance(item, dict):
            chk.add(where, "must be an object")
            continue
        city = _city_ref(chk, item.get("city"), where, codes)
        beans = _bean_refs(chk, item.get("beans"), where, bean_codes)
        for b in beans:
            if b not in sold:
                chk.add(where, f"no city sells {CODES[b]}")
        payout = chk.int_field(item, "payout", where, 1)
        out.append(Contract(city if city is not None else 0, tuple(beans), payout or 0))
    return out


def _harvests(chk: _Check, data: dict[str, object], codes: list[str], bean_codes: list[str],
              city_beans: list[tuple[Bean, ...]]) -> list[tuple[tuple[int, Bean, int], ...]]:
    items = chk.list_field(data, "harvests", "")
    if "harvests" in data and len(items) != HARVESTS:
        chk.add("harvests", f"{len(items)} Neue-Ernte cards, expected {HARVESTS}")
    out = []
    for i, card in enumerate(items):
        where = f"harvests[{i}] (H{i + 1})"
        if not isinstance(card, list) or not card:
            chk.add(where, "a Neue-Ernte card is a non-empty list of {city, bean, count}")
            continue
        entries = []
        for j, entry in enumerate(card):
            at = f"{where}[{j}]"
            if not isinstance(entry, dict):
                chk.add(at, "must be an object {city, bean, count}")
                continue
            city = _city_ref(chk, entry.get("city"), at, codes)
            bean = entry.get("bean")
            if not isinstance(bean, str) or bean.upper() not in bean_codes:
                chk.add(at, f"unknown bean {excerpt(bean)}")
                continue
            b = BY_CODE[bean.upper()]
            count = chk.int_field(entry, "count", at, 1)
            if city is not None and city < len(city_beans) and b not in city_beans[city]:
                chk.add(at, f"{codes[city]} does not sell {CODES[b]}")
            elif city is not None and count is not None:
                entries.append((city, b, count))
        out.append(tuple(entries))
    return out


def _token_counts(chk: _Check, beans: _Beans, city_beans: list[tuple[Bean, ...]]) -> None:
    tokens = beans.tokens
    for place, code in enumerate(beans.codes):
        b = BY_CODE[code]
        on_ladders = sum(1 for beans in city_beans if b in beans)
        need = on_ladders + MAX_PLAYERS
        if tokens[b] and tokens[b] < need:
            chk.add(f"beans[{place}]", f"{tokens[b]} tokens of {code} are too few to set up: "
                                   f"{on_ladders} on the ladders and one per player "
                                   f"({MAX_PLAYERS}) need {need}")


Paths = tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]


def _all_paths(graph: list[set[int]], dist: list[list[int]]) -> Paths:
    n = len(graph)
    out = []
    for a in range(n):
        row = []
        for b in range(n):
            row.append(tuple(_paths(graph, dist, a, b)))
        out.append(tuple(row))
    return tuple(out)


def _path_count(graph: list[set[int]], dist: list[list[int]]) -> int:
    """How many shortest paths :func:`_all_paths` lists (one from each city to itself),
    counted without listing them: per destination, city by city outwards from it."""
    total = 0
    for b in range(len(graph)):
        ways = [0] * len(graph)
        ways[b] = 1
        for a in sorted(range(len(graph)), key=lambda c: dist[c][b]):
            if a != b:
                ways[a] = sum(ways[n] for n in graph[a] if dist[n][b] == dist[a][b] - 1)
        total += sum(ways)
    return total


def _paths(graph: list[set[int]], dist: list[list[int]], a: int, b: int) -> list[tuple[int, ...]]:
    """Every shortest path from a to b (cities after a), in order of the city numbers."""
    if a == b:
        return [()]
    out: list[tuple[int, ...]] = []
    for nxt in sorted(graph[a]):
        if dist[nxt][b] == dist[a][b] - 1:
            out.extend((nxt, *rest) for rest in _paths(graph, dist, nxt, b))
    return out


def check_board_data(data: object, source: str = "board") -> Board:
    """A :class:`Board` from the parsed JSON ``data``; :class:`BoardError` listing every fault."""
    chk = _Check()
    if not isinstance(data, dict):
        raise BoardError(source, ["the board must be a JSON object"])
    if data.get("format") != FORMAT:
        chk.add("format", f"must be {FORMAT!r}, not {excerpt(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version != 1:  # true == 1 and 1.0 == 1 in Python
        chk.add("version", f"must be 1, not {excerpt(version)}")
    name = chk.str_field(data, "name", "")
    title = chk.str_field(data, "title", "", TEXT_CHARS) if "title" in data else name
    note = data.get("note", "")
    if not isinstance(note, str) or len(note) > TEXT_CHARS:
        chk.add("note", f"must be a text of at most {TEXT_CHARS} characters, not "
                        f"{excerpt(note)}")
    if not isinstance(data.get("reconstruction", False), bool):
        chk.add("reconstruction", f"must be true or false, not "
                                  f"{excerpt(data.get('reconstruction'))}")
    beans = _beans(chk, data)
    bean_codes = beans.codes
    colours, zoll, nach = _colours(chk, data)
    cities = _cities(chk, data, bean_codes, beans.base)
    graph = _routes(chk, data, cities.codes)
    contracts = _contracts(chk, data, cities.codes, bean_codes, cities.beans)
    harvests = _harvests(chk, data, cities.codes, bean_codes, cities.beans)
    _token_counts(chk, beans, cities.beans)
    for key in sorted(set(data) - _KEYS):
        chk.add(_shown(key), "unknown field")
    if chk.errors:
        raise BoardError(source, chk.errors)
    dist = [_bfs(graph, c) for c in range(len(graph))]
    count = _path_count(graph, dist)
    if count > MAX_PATHS:
        raise BoardError(source, [f"routes: the map has {count:,} shortest paths between its "
                                  f"cities; a board may have at most {MAX_PATHS:,}"])
    paths = _all_paths(graph, dist)
    return Board(
        name=str(name), title=str(title), reconstruction=bool(data.get("reconstruction", False)),
        note=str(note), digest=digest(data),
        beans=tuple(sorted(BY_CODE[code] for code in bean_codes)),
        bean_names=tuple(beans.names), tokens=tuple(beans.tokens), base=tuple(beans.base),
        colours=tuple(colours), zoll=tuple(zoll), nachschub=tuple(nach),
        city_names=tuple(cities.names), city_codes=tuple(cities.codes),
        coords=tuple(cities.coords), city_beans=tuple(cities.beans),
        prices=tuple(cities.prices), neighbours=tuple(tuple(sorted(g)) for g in graph),
        dist=tuple(tuple(d) for d in dist), paths=paths,
        code_paths=tuple(tuple(tuple(tuple(cities.codes[c] for c in path) for path in to)
                               for to in row) for row in paths),
        contracts=tuple(contracts), harvests=tuple(harvests),
    )


_KEYS = {"format", "version", "name", "title", "reconstruction", "note", "beans", "colours",
         "cities", "routes", "contracts", "harvests"}


def digest(data: object) -> str:
    """The sha256 of ``data``'s canonical JSON (sorted keys, no spaces): names a board."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def parse_board_text(text: str, source: str) -> Board:
    """The board in the JSON ``text`` (nested a few levels at most); ``source`` names it."""
    try:
        data = load_json(text, f"board {source}")
    except FileFault as fault:
        raise BoardError.unreadable(source, fault) from None
    return check_board_data(data, source)


def load_board(path: str | Path) -> Board:
    """The board in the file ``path`` (``"default"``: the reconstructed default board).

    The file is read once per content: boards are cached by path, modification time
    and size. It must be a regular file of at most ``MAX_BOARD_BYTES``."""
    if str(path) == "default":
        return default_board()
    return _load_file(os.path.realpath(path))


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime: int, size: int) -> Board:
    try:
        text = read_text(path, "board", MAX_BOARD_BYTES)
    except FileFault as fault:
        raise BoardError.unreadable(path, fault) from None
    return parse_board_text(text, path)


def _load_file(path: str) -> Board:
    """The board at the absolute ``path``, from the cache while the file is unchanged."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise BoardError.unreadable(path, FileFault(
            f"cannot read board {path}: {exc.strerror or exc}")) from None
    return _load_cached(path, info.st_mtime_ns, info.st_size)


@lru_cache(maxsize=1)
def default_board() -> Board:
    """The reconstructed default board (package data ``boards/default.json``)."""
    text = resources.files("bohnen.hansa").joinpath("boards/default.json").read_text("utf-8")
    return parse_board_text(text, "default board")
