"""The Bohnanza screen: hand, fields with their beanometer, trading, and its keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

from textual.binding import Binding, BindingType

from bohnen.core.protocol import Action
from bohnen.tui.live_screen import LiveScreen
from bohnen.tui.text import click, esc, without_seat
from bohnen.tui.trade_panel import TradePanel, bean_names
from bohnen.tui.words import words

meters = words("bohnanza").meters

JSON = dict[str, Any]

COLOURS = {"Blaue": "blue", "Feuer": "red", "Sau": "magenta", "Brech": "green",
           "Soja": "yellow", "Augen": "white", "Rote": "bright_red", "Garten": "bright_green"}
FIELD_WIDTH = 19  # the widest field: "0:Garten×12 – 2 3 –"

GAME_HELP = """  t         trade panel: propose, or counter the proposal made to you
  b         buy the third field (at any moment, also while others play)
  v, N      harvest field N, from 0 as on the board (at any moment)
[b]Notation[/b] (h<i>: your hand position, f<i>: face-up card)
  plant 0 · end-planting · plant RO 1 · harvest 0 · buy-field · pass
  propose 2 give h0,f1 want RO · accept 5 give h3 · decline 5
  counter 5 give h1 want SO · close-trading"""


def bean(code: str | None, names: dict[str, str]) -> str:
    """A bean (by its code) shown by its name, in its colour."""
    if code is None:
        return "—"
    name = names[code]
    return f"[{COLOURS.get(name, 'white')}]{esc(name)}[/]"


def hand_text(hand: list[str], names: dict[str, str]) -> str:
    """A hand in its fixed order, positions shown, the front card marked (plain text)."""
    return cast(str, words("bohnanza").hand_text(hand, names))


def hand_markup(hand: list[str], names: dict[str, str]) -> str:
    if not hand:
        return "Your hand: (empty)"
    cards = [f"[reverse b]▶h0 {bean(hand[0], names)}[/]"]
    cards += [f"h{i} {bean(code, names)}" for i, code in enumerate(hand) if i]
    return "Your hand: " + " ".join(cards)


def meter_markup(meter: Sequence[int | None], count: int) -> str:
    """A bean's whole beanometer, the cards for 1, 2, 3 and 4 talers (``–``: no such
    step), the steps the field has reached in bold green, the others dim."""
    cells = []
    for cards in meter:
        if cards is None:
            cells.append("[dim]–[/]")
        elif cards <= count:
            cells.append(f"[b green]{cards}[/]")
        else:
            cells.append(f"[dim]{cards}[/]")
    return " ".join(cells)


def field_text(field: JSON, index: int, mine: bool, names: dict[str, str],
               meter: Sequence[int | None] = ()) -> str:
    """One field: bean, count and the bean's whole beanometer, the steps reached marked
    (``0:Blaue×4 4 6 8 10``: four Blaue, which pay 1 taler from 4 cards, 2 from 6...)."""
    if field["count"] == 0:
        plain = f"{index}: empty"
        body = esc(plain)
    else:
        name, count = names[field["bean"]], field["count"]
        steps = " ".join("–" if c is None else str(c) for c in meter)
        plain = f"{index}:{name}×{count} {steps}"
        body = f"{index}:{bean(field['bean'], names)}[b]×{count}[/] {meter_markup(meter, count)}"
    pad = " " * max(0, FIELD_WIDTH - len(plain))
    return click(f"harvest({index})", body) + pad if mine and field["count"] else body + pad


def player_line(view: JSON, player: JSON, viewer: int, name: str,
                names: dict[str, str]) -> str:
    seat = player["seat"]
    mark = "▶" if seat == view["active"] else " "
    who = f"{mark}{seat} {name[:6]:<6}"
    who = f"[b]{esc(who)}[/b]" if seat == viewer else esc(who)
    scales = meters(view)
    cells = [field_text(f, i, seat == viewer, names, scales.get(f["bean"] or "", ()))
             for i, f in enumerate(player["fields"])]
    if not player["third_field"]:
        cells.append(f"2: ({view['third_field_cost']}t to buy)")
    return f"{who}{player['talers']:>3}t {player['hand_size']:>3}  " + " ".join(cells)


def trading_lines(view: JSON, viewer: int, names: dict[str, str]) -> list[str]:
    """The game's trading lines (``words``), escaped for the markup."""
    lines = cast(list[str], words("bohnanza").trading_lines(view, viewer, names))
    return [esc(line) for line in lines]


def board_text(view: JSON, viewer: int, names: list[str]) -> str:
    """The whole Bohnanza board as ``viewer`` sees it."""
    beans = bean_names(view)
    discard = view["discard"]
    top = f", top {bean(discard[-1], beans)}" if discard else ""
    face = " ".join(f"f{i} {bean(b, beans)}" for i, b in enumerate(view["face_up"])) or "—"
    lines = [f"Draw {view['draw_pile_size']} · run-outs {view['runouts']}/3 · "
             f"discard {len(discard)}{top} · face up: {face}",
             "[dim]seat    talers hand  fields: bean×count, cards for 1 2 3 4 talers[/dim]"]
    for player in view["players"]:
        lines.append(player_line(view, player, viewer, names[player["seat"]], beans))
    areas = [f"{p['seat']}: " + " ".join(bean(b, beans) for b in p["trade_area"])
             for p in view["players"] if p["trade_area"]]
    if areas:
        lines.append("Trade areas: " + " · ".join(areas))
    lines += trading_lines(view, viewer, beans)
    lines.append(hand_markup(view["players"][viewer]["hand"] or [], beans))
    return "\n".join(lines)


def harvestable(actions: list[Action]) -> list[str]:
    """The numbers (from 0, as on the board) of the fields the legal ``actions`` harvest:
    the keys the "Harvest which field?" prompt lists."""
    words = [without_seat(str(action)).split() for action in actions]
    return [w[1] for w in words if len(w) == 2 and w[0] == "harvest"]


def with_counters(view: JSON, counters: dict[int, int]) -> JSON:
    """The view with each open counter marked by the proposal it counters (a copy: the
    view itself stays as the game gave it)."""
    trading = view["trading"]
    if not trading or not any(p["pid"] in counters for p in trading["proposals"]):
        return view
    proposals = [{**p, "counters": counters[p["pid"]]} if p["pid"] in counters else p
                 for p in trading["proposals"]]
    return {**view, "trading": {**trading, "proposals": proposals}}


class BohnanzaScreen(LiveScreen):
    """Bohnanza at the terminal (in open trading the bots may wait: ``LiveScreen``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "trade", "Trade"),
        Binding("b", "buy", "Buy"),
        Binding("v", "harvest_key", "Harvest"),
    ]
    GAME_HELP = GAME_HELP

    def title_text(self, view: JSON) -> str:
        phase = {"plant": "planting", "trade": "trading", "plant_traded": "planting traded",
                 "over": "over"}[view["phase"]]
        return (f" Bohnanza · turn {view['turn']} · seat {view['active']} plays · {phase}"
                f" · you are seat {self.shown}")

    def board_text(self, view: JSON) -> str:
        names = [self.seat_label(s) for s in range(len(view["players"]))]
        return board_text(with_counters(view, self.session.counters()), self.shown, names)

    def action_choose(self, number: int) -> None:
        if self.pending is not None:  # "Harvest which field?" waits for this number
            self.end_pending()
            self.action_harvest(number)  # fields are numbered from 0, as on the board
            return
        super().action_choose(number)

    def menu_extra(self, seat: int) -> str:
        if self.session.live and self.session.view(seat)["phase"] == "trade":
            return "\n[b]t[/b] propose or counter · the open offers are above"
        return ""

    def any_time_keys(self) -> str:
        return "v then N harvest field N · b buy the third field"

    def action_harvest_key(self) -> None:
        seat = self.person_seat()
        if seat is None:
            return
        keys = harvestable(self.session.any_time_choices(seat))
        if not keys:
            self.say("You have no field you may harvest now.", error=True)
            return
        press = keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " or " + keys[-1]
        self.ask(f"Harvest which field? Press {press} (Esc: none).")

    def action_harvest(self, field: int) -> None:
        self.end_pending()
        self.play_text(f"harvest {field}")

    def action_buy(self) -> None:
        self.play_text("buy-field")

    def action_trade(self) -> None:
        seat = self.my_seat()
        if seat is None:
            return
        view = self.session.view(seat)
        if view["phase"] != "trade":
            self.say("Trading is only in phase 2.", error=True)
            return
        self.app.push_screen(TradePanel(self, seat, view))
