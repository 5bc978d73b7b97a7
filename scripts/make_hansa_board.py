"""Write ``bohnen/hansa/boards/default.json``: the reconstructed Bohn Hansa board.

The printed map, prices and cards are not public (decisions.md, Bohn Hansa). This
script builds a board that honours every fact of the rules text and of decisions.md,
and designs the rest by two rules (documented in docs/hansa-board.md):

- ladder prices: on a city selling ``k`` bean types, slot ``i`` (1 = bottom) asks
  ``max(1, base + 2 * (k + 1 - i))`` for a bean, the top circles
  ``max(1, base - 2 * (slots - k))``: the slot ``k + 1`` (free at the start) asks the
  base price, and prices fall as beans pile up;
- contract payouts: ``8 + sum(base + 3 + 2 * d)`` over the contract's beans, ``d``
  being the number of routes from the contract's city to the nearest city selling
  that bean (0 if the city sells it).

Deterministic: run it again and the file is the same. Usage:
``python scripts/make_hansa_board.py [OUT]``.
"""

from __future__ import annotations

import json
import random
import sys
from collections import deque
from pathlib import Path

from bohnen.core.files import write_atomic

BEANS = [  # code, name, tokens, base price
    ("BL", "Blaue Bohne", 18, 4),
    ("FE", "Feuerbohne", 16, 5),
    ("SA", "Saubohne", 16, 6),
    ("BR", "Brechbohne", 15, 7),
    ("SO", "Sojabohne", 14, 9),
    ("AU", "Augenbohne", 13, 11),
    ("RO", "Rote Bohne", 13, 12),
    ("GA", "Gartenbohne", 12, 14),
]
BASE = {code: base for code, _, _, base in BEANS}

CITIES = [  # name, code, longitude, latitude, beans (bottom slots in this order), slots
    ("Edinburgh", "EDI", -3.2, 55.95, ["SA", "BL"], 4),
    ("Bergen", "BER", 5.3, 60.4, ["GA", "BR"], 4),
    ("Brügge", "BRU", 3.2, 51.2, ["AU", "FE"], 4),
    ("Köln", "KOE", 6.96, 50.94, ["RO", "SO"], 4),
    ("Bremen", "BRE", 8.8, 53.08, ["BR", "AU"], 4),
    ("Hamburg", "HAM", 10.0, 53.55, ["FE", "BL", "SO"], 5),
    ("Aalborg", "AAL", 9.92, 57.05, ["FE", "RO"], 4),
    ("Lübeck", "LUE", 10.69, 53.87, ["BR", "SA"], 5),
    ("Rostock", "ROS", 12.1, 54.09, ["SA", "SO"], 5),
    ("Malmö", "MAL", 13.0, 55.6, ["GA", "BL", "AU"], 5),
    ("Danzig", "DAN", 18.65, 54.35, ["FE", "BR"], 5),
    ("Visby", "VIS", 18.3, 57.64, ["RO", "SA"], 4),
    ("Stockholm", "STO", 18.07, 59.33, ["BL", "AU"], 5),
    ("Riga", "RIG", 24.1, 56.95, ["SO", "GA"], 4),
]
ROUTES = [
    ("EDI", "BER"), ("EDI", "AAL"), ("EDI", "BRU"), ("BER", "AAL"), ("BRU", "KOE"),
    ("BRU", "BRE"), ("KOE", "BRE"), ("BRE", "HAM"), ("HAM", "LUE"), ("HAM", "AAL"),
    ("LUE", "ROS"), ("LUE", "MAL"), ("AAL", "ROS"), ("AAL", "MAL"), ("ROS", "DAN"),
    ("MAL", "VIS"), ("MAL", "STO"), ("STO", "VIS"), ("STO", "RIG"), ("VIS", "DAN"),
    ("VIS", "RIG"), ("DAN", "RIG"),
]
# The contracts of the rules text (decisions.md) and Diana's other two start contracts.
FIXED_CONTRACTS = [
    ("EDI", ["SO", "FE", "GA"]),  # 53 (example card 1)
    ("VIS", ["BL", "AU"]),  # 33 (example card 2)
    ("ROS", ["FE", "RO"]),  # 35 (Béatrice's contract)
    ("ROS", ["RO", "BR", "FE"]),  # 47 (Diana's start)
    ("ROS", ["SA", "SO", "BL"]),  # 40 (Béatrice's drawn contract)
    ("EDI", ["GA"]),  # 27 (Diana's start, the smallest; her 44 is drawn among the rest)
]
# The Neue-Ernte card of the rules text comes first; the second sends one bean to two
# cities (where a short supply is shared out).
FIXED_HARVESTS = [
    [("HAM", "BL", 2), ("DAN", "FE", 3), ("MAL", "GA", 3)],
    [("BER", "BR", 2), ("LUE", "BR", 2), ("RIG", "GA", 3)],
]
COLOURS = ["red", "yellow", "green", "blue", "violet"]
ZOLL, NACHSCHUB = 3, 2  # Béatrice's hand: 1, 2 (Nachschub), 3 (Zoll)
CONTRACTS, HARVESTS = 60, 10


def distances() -> dict[str, dict[str, int]]:
    graph: dict[str, list[str]] = {code: [] for _, code, *_ in CITIES}
    for a, b in ROUTES:
        graph[a].append(b)
        graph[b].append(a)
    out = {}
    for start in graph:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in graph[here]:
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        out[start] = dist
    return out


def bean_distance(city: str, bean: str, dist: dict[str, dict[str, int]]) -> int:
    return min(dist[city][code] for _, code, _, _, beans, _ in CITIES if bean in beans)


def payout(city: str, beans: list[str], dist: dict[str, dict[str, int]]) -> int:
    return 8 + sum(BASE[b] + 3 + 2 * bean_distance(city, b, dist) for b in beans)


def ladder(beans: list[str], slots: int) -> tuple[list[dict[str, int]], dict[str, int]]:
    k = len(beans)
    rows = [{b: max(1, BASE[b] + 2 * (k + 1 - i)) for b in beans} for i in range(1, slots + 1)]
    top = {b: max(1, BASE[b] - 2 * (slots - k)) for b in beans}
    return rows, top


def make_contracts(rng: random.Random, dist: dict[str, dict[str, int]]) -> list[dict[str, object]]:
    codes = [code for _, code, *_ in CITIES]
    chosen = [(city, list(beans)) for city, beans in FIXED_CONTRACTS]
    seen = {(city, tuple(sorted(beans))) for city, beans in chosen}
    bean_codes = [code for code, *_ in BEANS]
    while len(chosen) < CONTRACTS:
        counts = {c: sum(1 for city, _ in chosen if city == c) for c in codes}
        city = min(codes, key=lambda c: (counts[c], rng.random()))
        size = rng.choices([1, 2, 3], weights=[1, 4, 4])[0]
        sold = {b for _, code, _, _, beans, _ in CITIES if code == city for b in beans}
        pool = [b for b in bean_codes if b not in sold or rng.random() < 0.15]
        beans = rng.sample(pool, size)
        key = (city, tuple(sorted(beans)))
        if key in seen:
            continue
        seen.add(key)
        chosen.append((city, beans))
    order = chosen[:]
    rng.shuffle(order)
    return [{"city": city, "beans": beans, "payout": payout(city, beans, dist)}
            for city, beans in order]


def make_harvests(rng: random.Random) -> list[list[dict[str, object]]]:
    cards = [[{"city": c, "bean": b, "count": n} for c, b, n in card] for card in FIXED_HARVESTS]
    uses = {code: 0 for _, code, *_ in CITIES}
    for fixed in FIXED_HARVESTS:
        for c, _, _ in fixed:
            uses[c] += 1
    while len(cards) < HARVESTS:
        cities = sorted(uses, key=lambda c: (uses[c], rng.random()))[:3]
        card: list[dict[str, object]] = []
        for city in cities:
            uses[city] += 1
            beans = next(beans for _, code, _, _, beans, _ in CITIES if code == city)
            card.append({"city": city, "bean": rng.choice(beans), "count": rng.choice([2, 3])})
        cards.append(card)
    return cards


def board() -> dict[str, object]:
    rng = random.Random(6)
    dist = distances()
    cities = []
    for name, code, lon, lat, beans, slots in CITIES:
        rows, top = ladder(beans, slots)
        cities.append({"name": name, "code": code, "x": round((lon + 5) * 30, 1),
                       "y": round((62 - lat) * 55, 1), "beans": beans, "ladder": rows,
                       "top": top})
    return {
        "format": "bohnen-hansa-board",
        "version": 1,
        "name": "default",
        "title": "Bohn Hansa, reconstructed board (not the printed one)",
        "reconstruction": True,
        "note": ("A reconstruction: the printed map, prices and cards of Bohn Hansa are not "
                 "public. It honours every fact of the rules text and of decisions.md; the "
                 "rest follows the rules of docs/hansa-board.md (written by "
                 "scripts/make_hansa_board.py)."),
        "beans": [{"code": c, "name": n, "tokens": t, "base_price": p} for c, n, t, p in BEANS],
        "colours": [{"name": c, "zoll": ZOLL, "nachschub": NACHSCHUB} for c in COLOURS],
        "cities": cities,
        "routes": [list(r) for r in ROUTES],
        "contracts": make_contracts(rng, dist),
        "harvests": make_harvests(rng),
    }


def main() -> None:
    default = Path(__file__).resolve().parent.parent / "bohnen/hansa/boards/default.json"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    write_atomic(out, json.dumps(board(), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
