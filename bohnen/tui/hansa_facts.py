"""The Bohn Hansa board as the screen reads it: from a view's ``board`` (the map, the
beans, the ladders, the colours' Zoll and Nachschub cards), not from the board file.

:func:`board_of` builds a :class:`MapFacts` once per board (views share their board
facts) with cities by number, as the screen draws them: city ``i`` is
``view["board"]["cities"][i]``, the order of every list by city in the view. Only the
shortest paths are worked out here, from the routes and the distances, as the engine
lists them (in order of the city numbers), so that the screen offers the journeys the
engine takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bohnen.core.protocol import View

# The eight beans of the game in their rulebook order (the order of the notation).
BEAN_ORDER = ("BL", "FE", "SA", "BR", "SO", "AU", "RO", "GA")
_RANK = {code: i for i, code in enumerate(BEAN_ORDER)}
Path = tuple[int, ...]


def bean_rank(code: str) -> int:
    """A bean code's place in the rulebook order (unknown codes last)."""
    return _RANK.get(code, len(BEAN_ORDER))


@dataclass(frozen=True, slots=True)
class MapFacts:
    """A board's facts by city number: codes, names, places, routes, distances, price
    ladders (per slot, bottom first, the top circles last: bean code -> price), the beans
    each city sells; per colour its Zoll and Nachschub card numbers; per bean code its
    name and base price; what an aid holds."""

    city_codes: tuple[str, ...]
    city_names: tuple[str, ...]
    coords: tuple[tuple[float, float], ...]
    neighbours: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    prices: tuple[tuple[Mapping[str, int], ...], ...]
    city_beans: tuple[tuple[str, ...], ...]
    zoll: tuple[int, ...]
    nachschub: tuple[int, ...]
    bean_names: Mapping[str, str]
    base: Mapping[str, int]
    storage: int
    _paths: dict[tuple[int, int], tuple[Path, ...]] = field(default_factory=dict,
                                                          compare=False, repr=False)

    @property
    def cities(self) -> int:
        return len(self.city_codes)

    def city(self, code: str) -> int:
        """The number of the city of ``code`` (ValueError if none)."""
        return self.city_codes.index(code)

    def paths(self, a: int, b: int) -> tuple[Path, ...]:
        """Every shortest path from city ``a`` to city ``b`` (the cities after ``a``, ``b``
        last), in order of the city numbers; ``((),)`` from a city to itself."""
        found = self._paths.get((a, b))
        if found is None:
            found = self._paths[a, b] = tuple(self._walk(a, b))
        return found

    def _walk(self, a: int, b: int) -> list[Path]:
        if a == b:
            return [()]
        out: list[Path] = []
        for nxt in self.neighbours[a]:
            if self.dist[nxt][b] == self.dist[a][b] - 1:
                out.extend((nxt, *rest) for rest in self.paths(nxt, b))
        return out


_BOARDS: dict[str, MapFacts] = {}


def board_of(view: View) -> MapFacts:
    """The board of ``view`` (a seat's or a spectator's), built once per board."""
    key = view["options"]["board_digest"]
    found = _BOARDS.get(key)
    if found is None:
        found = _BOARDS[key] = _facts(view["board"])
    return found


def _facts(board: View) -> MapFacts:
    cities = board["cities"]
    codes = tuple(c["code"] for c in cities)
    index = {code: i for i, code in enumerate(codes)}
    colours = board["colours"]
    return MapFacts(
        city_codes=codes,
        city_names=tuple(c["name"] for c in cities),
        coords=tuple((c["x"], c["y"]) for c in cities),
        neighbours=tuple(tuple(sorted(index[r] for r in c["routes"])) for c in cities),
        dist=tuple(tuple(row) for row in board["distances"]),
        prices=tuple((*c["ladder"], c["top"]) for c in cities),
        city_beans=tuple(tuple(c["beans"]) for c in cities),
        zoll=tuple(int(c["zoll"][1:]) for c in colours),
        nachschub=tuple(int(c["nachschub"][1:]) for c in colours),
        bean_names={b["code"]: b["name"] for b in board["beans"]},
        base={b["code"]: b["base_price"] for b in board["beans"]},
        storage=board["storage"],
    )
