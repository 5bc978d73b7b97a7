"""What the Bohn Hansa screen draws, from a seat's view (its board: ``hansa_facts.py``).

Pure functions returning markup: the players' table, the hand in its order with the
contracts spelled out, prices and ladders, the negotiation, and the journey to a
city (the cards it would play). The screen (``hansa_screen.py``) puts them on pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from bohnen.core.protocol import JSONObject
from bohnen.tui.hansa_facts import MapFacts
from bohnen.tui.hansa_map import SEAT_COLOURS, cart_digit
from bohnen.tui.text import click, esc
from bohnen.tui.words import words

JSON = JSONObject

BEAN_COLOURS = {"BL": "blue", "FE": "bright_yellow", "SA": "cyan", "BR": "yellow",
                "SO": "magenta", "AU": "bright_white", "RO": "red", "GA": "green"}
ZOLL_JOURNEY = 20  # the rules' figures, for the journey's preview
CONTRACT_PRICE = 5
WIDTH = 78
PAGES = ("board", "map", "prices")


def bean(code: str) -> str:
    """A bean code in its colour."""
    return f"[{BEAN_COLOURS.get(code, 'white')}]{esc(code)}[/]"


def seat_colour(view: JSON, seat: int) -> str:
    return SEAT_COLOURS.get(view["players"][seat]["colour"], "white")


# --- cards --------------------------------------------------------------------------------


def card_kind(board: MapFacts, seat: int, card: str) -> str:
    """``contract``, ``zoll``, ``nachschub`` or ``travel`` for a card of ``seat``'s hand."""
    return cast(str, words("hansa").card_kind(card, board.zoll[seat], board.nachschub[seat]))


def contract_of(contracts: JSON, card: str) -> tuple[str, list[str], int]:
    """(city code, bean codes, payout) of contract ``C<n>``, one the viewer sees
    (``contracts``: the view's)."""
    contract = contracts[card]
    return contract["city"], contract["beans"], contract["payout"]


def contract_text(contracts: JSON, card: str) -> str:
    """A contract in words (plain): ``C58 ROS SA+SO 35t``."""
    return cast(str, words("hansa").contract_text(contracts, card))


def contract_markup(contracts: JSON, card: str, beans_held: JSON) -> str:
    """A contract with its beans coloured; ✓ when the seat holds every bean of it."""
    city, beans, payout = contract_of(contracts, card)
    have = all(beans_held.get(b, 0) for b in beans)
    mark = " [b green]✓[/]" if have else ""
    return (f"[b]{esc(card)}[/] {esc(city)} {'+'.join(bean(b) for b in beans)} "
            f"[b]{payout}t[/]{mark}")


CARD_WORDS: dict[str, str] = words("hansa").CARD_WORDS
CARD_STYLES = {"zoll": "b red", "nachschub": "b green", "contract": "b", "travel": ""}


def hand_text(board: MapFacts, seat: int, hand: Sequence[str]) -> str:
    """The hand's line (plain text): its cards in order, the front card marked."""
    return cast(str, words("hansa").hand_text(hand, board.zoll[seat], board.nachschub[seat]))


def hand_lines(board: MapFacts, contracts: JSON, seat: int, hand: Sequence[str],
               beans_held: JSON, played: int = 0) -> list[str]:
    """The hand in its order (the first ``played`` cards highlighted: a journey's
    cards), then the contracts in it with their city, beans and payout."""
    if not hand:
        return ["Hand: (empty)"]
    items = []
    for i, card in enumerate(hand):
        kind = card_kind(board, seat, card)
        text = ("▶" if i == 0 else "") + card + CARD_WORDS.get(kind, "")  # one item
        style = CARD_STYLES[kind]
        if i < played:
            style = (style + " reverse").strip()
        items.append(f"[{style}]{esc(text)}[/]" if style else esc(text))
    lines = [esc(words("hansa").hand_count(hand)) + " " + " ".join(items)]
    shown = [contract_markup(contracts, c, beans_held) for c in hand if c.startswith("C")]
    if shown:
        lines += wrap("Contracts ", shown, " · ")
    return lines


def wrap(head: str, items: Sequence[str], sep: str, width: int = WIDTH) -> list[str]:
    """Markup items packed into lines of ``width`` (measured without the markup)."""
    from rich.text import Text

    lines, line, size = [], head, len(head)
    for item in items:
        plain = len(Text.from_markup(item).plain)
        if size > len(head) and size + len(sep) + plain > width:
            lines.append(line)
            line, size = " " * len(head), len(head)
        elif size > len(head):
            line += sep
            size += len(sep)
        line += item
        size += plain
    lines.append(line)
    return lines


# --- players, prices, ladders -------------------------------------------------------------


def aid_markup(beans: JSON, storage: int) -> str:
    """An aid's eight places: the beans it holds, ``··`` for each free place."""
    tokens = [bean(code) for code, count in beans.items() for _ in range(count)]
    free = max(0, storage - len(tokens))
    return " ".join([*tokens, *(["[dim]··[/]"] * free)])


def player_line(view: JSON, player: JSON, viewer: int, name: str) -> str:
    seat = player["seat"]
    mark = "▶" if seat == view["active"] else " "
    who = f"{mark}{seat} {name[:9]:<9}"
    who = f"[b]{esc(who)}[/b]" if seat == viewer else esc(who)
    loan = f"{player['loans']:>3}t" if player["loans"] else "  — "
    extra = []
    if player["harvest_before"]:
        extra.append(",".join(player["harvest_before"]) + " waits")
    if player["waste"]:
        extra.append(f"gave up {len(player['waste'])}")
    tail = ("  " + esc(" · ".join(extra))) if extra else ""
    colour = seat_colour(view, seat)
    storage = view["board"]["storage"]
    started = view["phase"] != "setup" or seat < view["active"]
    city = player["city"] if started else "·"
    return (f"{who} [{colour}]{esc(city):<3}[/] {player['money']:>4}t {loan} "
            f"{player['hand_size']:>3}  {aid_markup(player['beans'], storage)}{tail}")


def players_lines(view: JSON, viewer: int, names: Sequence[str]) -> list[str]:
    head = f"[dim]   seat        city money loan hand  aid ({view['board']['storage']} places)[/]"
    return [head] + [player_line(view, p, viewer, names[p["seat"]]) for p in view["players"]]


def prices_markup(view: JSON, city: int) -> str:
    """The prices of ``city`` now: ``SO 9 GA 14``."""
    prices = view["cities"][city]["prices"]
    return " ".join(f"{bean(code)} {price}" for code, price in prices.items())


def city_line(board: MapFacts, view: JSON, label: str, city: int) -> str:
    return f"{label} [b]{esc(board.city_codes[city])}[/] {prices_markup(view, city)}"


def ladder_markup(view: JSON, code: str, slots: int = 5) -> str:
    """A ladder bottom to top: each slot's pile (``BL3``: three Blaue) or ``··``,
    padded to ``slots`` slots."""
    cells = []
    for slot in view["ladders"][code]:
        if slot is None:
            cells.append("[dim]·· [/]")
        else:
            count = "" if slot["count"] == 1 else str(slot["count"])
            cells.append(f"{bean(slot['bean'])}{count:<1}")
    cells += ["   "] * (slots - len(cells))
    return " ".join(cells)


def ladder_cell(board: MapFacts, view: JSON, city: int, cursor: int) -> str:
    """A city's code (clickable: the cursor), ladder and prices now, 38 columns."""
    code = board.city_codes[city]
    label = f"[reverse b]{esc(code)}[/]" if city == cursor else f"[b]{esc(code)}[/]"
    prices = view["cities"][city]["prices"]
    cells = " ".join(f"{bean(b)}{p:<2}" for b, p in prices.items())
    pad = " " * max(0, 14 - (5 * len(prices) - 1))
    return click(f"cursor_to('{code}')", label) + f" {ladder_markup(view, code)} {cells}{pad}"


def price_table(board: MapFacts, view: JSON, city: int) -> list[str]:
    """Every price of ``city``'s ladder per bean, bottom slot first, the price now in
    brackets, then the top circles (a full ladder's prices)."""
    slot_now = view["cities"][city]["free_slot"] - 1
    rows = board.prices[city]
    parts = []
    for b in board.city_beans[city]:
        cells = [f"[{p[b]}]" if i == slot_now else str(p[b]) for i, p in enumerate(rows[:-1])]
        top = f"({rows[-1][b]})" if slot_now == len(rows) - 1 else str(rows[-1][b])
        parts.append(f"{bean(b)} {esc(' '.join(cells))} top {esc(top)}")
    return wrap(f"{esc(board.city_names[city])}: ", parts, " · ")


def prices_page(board: MapFacts, view: JSON, cursor: int) -> list[str]:
    cities = list(range(board.cities))
    half = (len(cities) + 1) // 2
    lines = ["[dim]ladders bottom slot first (BL3: three Blaue on one slot) · prices now[/]"]
    rights: list[int | None] = [*cities[half:], None]
    for left, right in zip(cities[:half], rights[:half], strict=True):
        cell = ladder_cell(board, view, left, cursor)
        if right is not None:
            cell += "│" + ladder_cell(board, view, right, cursor)
        lines.append(cell)
    return lines + price_table(board, view, cursor)


# --- the negotiation ----------------------------------------------------------------------


def deal_text(p: JSON, active: int, city: str) -> str:
    """A proposal in words (plain)."""
    return cast(str, words("hansa").deal_text(p, active, city))


def phase_lines(board: MapFacts, view: JSON, viewer: int) -> list[str]:
    """The state of the phase: the trading, the customs owed, the closing."""
    phase = view["phase"]
    active = view["active"]
    if phase == "trade":
        city = view["players"][active]["city"]
        line = (f"Trade in {esc(city)} (prices fixed) · floor: seat {view['floor']} · "
                f"your proposals left {view['players'][viewer]['proposals_left']}")
        pending = view["pending"]
        if pending is None:
            return [line]
        text = esc(deal_text(pending, active, city))
        return [line, f"[b]{text}[/]" if pending["to"] == viewer else text]
    if phase == "customs":
        return [f"[b red]Customs: seat {active} still owes {view['customs_due']}t[/] — sell "
                "beans at their base price, one by one"]
    if phase == "closing":
        return ["[b]The game is ending:[/] each player fulfils the contracts it can where "
                "it stands"]
    if phase == "setup":
        return ["Set-up: fulfil one of your dearest contracts; the one named last ends "
                "the hand"]
    return []


def table_line(view: JSON) -> str | None:
    """The contracts the active player laid on the table this turn."""
    if not view["table"]:
        return None
    beans = view["players"][view["active"]]["beans"]
    cards = " · ".join(contract_markup(view["contracts"], c, beans) for c in view["table"])
    return f"Table (seat {view['active']}): {cards}"


def header(view: JSON) -> str:
    return (f"Neue Ernte {view['harvest_pile_size']} left + {view['harvest_reserve_size']} "
            f"reserve · contracts {view['contract_pile_size']}")


def legend(view: JSON, names: Sequence[str]) -> str:
    """Whose cart is which on the map."""
    room = max(3, 48 // len(view["players"]) - 4)  # the legend fits beside the tabs
    items = [f"[b {seat_colour(view, p['seat'])}]{cart_digit(p['seat'])} "
             f"{esc(names[p['seat']][:room])}[/]" for p in view["players"]]
    return "carts: " + "  ".join(items)


# --- journeys -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Journey:
    """The journey of ``seat`` to ``dest`` along path ``index`` of its shortest paths."""

    here: int
    dest: int
    paths: tuple[tuple[int, ...], ...]  # each: the cities after the start, dest last
    index: int
    cards: tuple[str, ...]  # the cards it plays (the front of the hand)
    need: int  # cities counted with start and end: the cards it takes

    @property
    def path(self) -> tuple[int, ...]:
        return self.paths[self.index % len(self.paths)] if self.paths else ()

    @property
    def possible(self) -> bool:
        return len(self.cards) >= self.need

    def notation(self, board: MapFacts) -> str:
        if self.dest == self.here:
            return "stay"
        return "go " + " ".join(board.city_codes[c] for c in self.path)


def journey(board: MapFacts, hand: Sequence[str], here: int, dest: int,
            index: int) -> Journey:
    paths = board.paths(here, dest) if dest != here else ((),)
    need = board.dist[here][dest] + 1
    return Journey(here, dest, tuple(paths), index, tuple(hand[:need]), need)


def journey_line(board: MapFacts, seat: int, money: int, trip: Journey) -> list[str]:
    """What the journey costs and does, before it is confirmed (two lines)."""
    codes = board.city_codes
    if not trip.possible:
        return [f"[b red]{esc(codes[trip.dest])} is {trip.need} cities away, start and end "
                f"counted: {trip.need} cards; your hand holds {len(trip.cards)}[/]"]
    go = click("travel", "[b reverse] ⏎ go [/]")
    if trip.dest == trip.here:
        what = f"{go} stay in {esc(codes[trip.here])}: 1 card"
    else:
        via = " ".join(codes[c] for c in trip.path[:-1])
        what = f"{go} to {esc(codes[trip.dest])}" + (f" via {esc(via)}" if via else "")
        what += f" · {trip.need} cities with start and end"
        if len(trip.paths) > 1:
            what += f" · path {trip.index % len(trip.paths) + 1}/{len(trip.paths)}, v: next"
    kinds = [card_kind(board, seat, c) for c in trip.cards]
    cards = " ".join(f"[{CARD_STYLES[k]}]{esc(c + CARD_WORDS.get(k, ''))}[/]" if CARD_STYLES[k]
                     else esc(c) for c, k in zip(trip.cards, kinds, strict=True))
    effects = [f"plays {cards}"]
    if "zoll" in kinds:
        short = f" (you have {money}t)" if money < ZOLL_JOURNEY else ""
        effects.append(f"[b red]Zoll −{ZOLL_JOURNEY}t{esc(short)}[/]")
    if "nachschub" in kinds:
        effects.append("[b green]Nachschub: Neue Ernte[/]")
    contracts = [c for c, k in zip(trip.cards, kinds, strict=True) if k == "contract"]
    if contracts:
        effects.append(f"[b]{esc(','.join(contracts))} to the table[/]")
    return [what, "  " + " · ".join(effects)]


def city_detail(board: MapFacts, view: JSON, city: int) -> str:
    """The city under the cursor: its name, prices now, routes and the carts there."""
    code = board.city_codes[city]
    routes = " ".join(board.city_codes[n] for n in board.neighbours[city])
    carts = [p["seat"] for p in view["players"] if p["city"] == code]
    who = (" · carts: " + " ".join(f"[b {seat_colour(view, s)}]{s}[/]" for s in carts)) \
        if carts else ""
    slot = view["cities"][city]["free_slot"]
    return (f"[reverse b]{esc(code)}[/] {esc(board.city_names[city])}: {prices_markup(view, city)}"
            f" [dim](slot {slot})[/] · routes {esc(routes)}{who}")


def tabs(page: str) -> str:
    """The page tabs, clickable: Board, Map, Prices."""
    items = []
    for name in PAGES:
        label = f" {name.capitalize()} "
        text = f"[reverse b]{label}[/]" if name == page else f"[dim]{label}[/]"
        items.append(click(f"page('{name}')", text))
    return "".join(items)
