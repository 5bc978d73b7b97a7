"""The Bohn Hansa map as text: every city at a place of a small grid, its routes drawn
as dotted lines, the carts standing in it as seat digits after its code.

The default board has places chosen by hand (its cities crowd around Hamburg), spread
out in proportion on a larger map; any other board is laid out from its coordinates,
labels nudged apart. The map is ``WIDTH`` × ``HEIGHT`` at 80×24 and grows with the
terminal (:func:`map_size`). The cursor moves
from city to city with the arrow keys: :func:`step` picks the nearest city in that
direction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bohnen.tui.hansa_facts import MapFacts
from bohnen.tui.text import click, esc

WIDTH = 78
HEIGHT = 9
MAX_WIDTH = 2 * WIDTH
MAX_HEIGHT = 3 * HEIGHT
ROOM = 8  # columns kept for a code and its carts
CODE = 3  # a city code's width on the map (longer codes are cut)

# (column, row) of each city's code on the default (reconstructed) board.
DEFAULT_PLACES: dict[str, tuple[int, int]] = {
    "BER": (21, 0), "STO": (56, 0),
    "AAL": (36, 2), "VIS": (61, 2),
    "MAL": (47, 3), "RIG": (71, 3),
    "EDI": (1, 4),
    "HAM": (31, 6), "LUE": (43, 6), "ROS": (53, 6), "DAN": (66, 6),
    "BRE": (25, 7),
    "BRU": (7, 8), "KOE": (20, 8),
}
SEAT_COLOURS = {"red": "red", "yellow": "yellow", "green": "green", "blue": "blue",
                "violet": "magenta"}
DOT = "·"
SUBSCRIPTS = "₀₁₂₃₄₅₆₇₈₉"


def cart_digit(seat: int) -> str:
    """A seat's cart on the map: its number as a subscript (``ROS₀₂``)."""
    return "".join(SUBSCRIPTS[int(d)] for d in str(seat))


@dataclass(frozen=True, slots=True)
class MapLayout:
    """Where each city's code stands: ``places[city] = (column, row)``."""

    places: tuple[tuple[int, int], ...]
    width: int
    height: int


def map_size(columns: int, rows: int) -> tuple[int, int]:
    """The map's size for a board of ``columns`` and a terminal of ``rows``: never less
    than ``WIDTH`` × ``HEIGHT`` (80×24 shows that), two thirds of the rows past 24
    added to its height, up to ``MAX_WIDTH`` × ``MAX_HEIGHT``."""
    width = max(WIDTH, min(columns, MAX_WIDTH))
    height = max(HEIGHT, min(HEIGHT + (rows - 24) * 2 // 3, MAX_HEIGHT))
    return width, height


def layout(board: MapFacts, width: int = WIDTH, height: int = HEIGHT,
           room: int = ROOM) -> MapLayout:
    """The places of ``board``'s cities; ``room`` columns kept for a code and its carts."""
    if set(board.city_codes) == set(DEFAULT_PLACES) and width >= WIDTH and height >= HEIGHT:
        return MapLayout(tuple(_spread(DEFAULT_PLACES[c], width, height, room)
                               for c in board.city_codes), width, height)
    return MapLayout(_auto(board, width, height, room), width, height)


def _spread(place: tuple[int, int], width: int, height: int, room: int) -> tuple[int, int]:
    """A place of the default board on a map of ``width`` × ``height`` (the same place
    on a map of ``WIDTH`` × ``HEIGHT``)."""
    col, row = place
    return (round(col * (width - room + 1) / (WIDTH - room + 1)),
            round(row * (height - 1) / (HEIGHT - 1)))


def _auto(board: MapFacts, width: int, height: int, room: int) -> tuple[tuple[int, int], ...]:
    xs = [x for x, _ in board.coords]
    ys = [y for _, y in board.coords]
    span_x = max(max(xs) - min(xs), 1.0)
    span_y = max(max(ys) - min(ys), 1.0)
    taken: list[tuple[int, int]] = []
    places: list[tuple[int, int]] = []
    for x, y in board.coords:
        col = round((x - min(xs)) / span_x * (width - room))
        row = round((y - min(ys)) / span_y * (height - 1))
        place = _free(col, row, taken, width - room, height - 1, room)
        taken.append(place)
        places.append(place)
    return tuple(places)


def _free(col: int, row: int, taken: list[tuple[int, int]], max_col: int, max_row: int,
          room: int) -> tuple[int, int]:
    """The place nearest to (col, row) whose label does not touch another one."""
    def clear(c: int, r: int) -> bool:
        return all(r != tr or abs(c - tc) > room for tc, tr in taken)

    best = (col, row)
    for reach in range(0, max_col + max_row + 1):
        options = [(col + dc, row + dr) for dr in (0, -1, 1, -2, 2)
                   for dc in range(-reach, reach + 1) if abs(dc) + 3 * abs(dr) <= reach]
        for c, r in options:
            if 0 <= c <= max_col and 0 <= r <= max_row and clear(c, r):
                return c, r
    return best


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a straight line from ``a`` to ``b`` (Bresenham), ends included."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx = 1 if x0 < x1 else -1
    sy = 1 if y0 < y1 else -1
    err = dx + dy
    cells = []
    while True:
        cells.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return cells
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


@dataclass(frozen=True, slots=True)
class Marks:
    """What the map shows besides the cities: carts, where you are, the cursor, and the
    cities out of reach (dimmed while you choose a journey)."""

    carts: dict[int, list[int]]  # city -> seats standing there
    seat_colours: Sequence[str]
    here: int | None = None
    cursor: int | None = None
    out_of_reach: frozenset[int] = frozenset()
    path: tuple[int, ...] = ()  # the cities of the journey shown (start first)


Cell = tuple[str, str, str]  # (character, style, city code to click or "")


def render(board: MapFacts, places: MapLayout, marks: Marks,
           on_click: Callable[[str], str] | None = None) -> list[str]:
    """The map as lines of markup; ``on_click(code)`` is the screen action of a city."""
    grid: list[list[Cell]] = [[(" ", "", "")] * places.width for _ in range(places.height)]
    centre = [(c + 1, r) for c, r in places.places]
    on_path = set(zip(marks.path, marks.path[1:], strict=False))
    for a in range(board.cities):
        for b in board.neighbours[a]:
            if a < b:
                style = "b yellow" if (a, b) in on_path or (b, a) in on_path else "dim"
                for col, row in _line(centre[a], centre[b]):
                    if 0 <= row < places.height and 0 <= col < places.width:
                        grid[row][col] = (DOT, style, "")
    for city, (col, row) in enumerate(places.places):
        code = board.city_codes[city][:CODE]
        style = _city_style(city, marks)
        cells: list[Cell] = [(ch, style, board.city_codes[city]) for ch in code]
        for seat in sorted(marks.carts.get(city, [])):
            colour = SEAT_COLOURS.get(marks.seat_colours[seat], "white")
            cells += [(ch, f"b {colour}", "") for ch in cart_digit(seat)]
        for i, cell in enumerate(cells):
            if 0 <= col + i < places.width and 0 <= row < places.height:
                grid[row][col + i] = cell
    return [_markup(line, on_click) for line in grid]


def _city_style(city: int, marks: Marks) -> str:
    parts = ["b"]
    if city == marks.cursor:
        parts.append("reverse")
    if city == marks.here:
        parts.append("underline")
    if city in marks.out_of_reach and city != marks.cursor:
        parts = ["dim"]
    return " ".join(parts)


def _markup(line: Sequence[Cell], on_click: Callable[[str], str] | None) -> str:
    """Runs of cells with the same style and city as markup."""
    out: list[str] = []
    i = 0
    while i < len(line):
        _, style, city = line[i]
        j = i
        while j < len(line) and line[j][1:] == (style, city):
            j += 1
        text = esc("".join(ch for ch, _, _ in line[i:j]))
        if style:
            text = f"[{style}]{text}[/]"
        if city and on_click is not None:
            text = click(on_click(city), text)
        out.append(text)
        i = j
    return "".join(out).rstrip()


def step(places: MapLayout, here: int, dx: int, dy: int) -> int:
    """The city nearest to ``here`` in the direction (dx, dy); ``here`` if none. Cities
    within 20° of the direction come first, then any in that half of the map."""
    col, row = places.places[here]
    narrow: list[tuple[float, int]] = []
    wide: list[tuple[float, int]] = []
    for city, (c, r) in enumerate(places.places):
        ox, oy = c - col, (r - row) * 2  # a row is about two columns high
        along = ox * dx + oy * dy
        if city == here or along <= 0:
            continue
        across = abs(ox * dy - oy * dx)
        if across <= 0.36 * along:
            narrow.append((along + across, city))
        wide.append((along + 2 * across, city))
    best = min(narrow or wide, default=(0.0, here))
    return best[1]
