"""The Bohn Hansa screen: three pages (board, map, prices) over the shared shell, the
journey chosen by destination on the map, the deal panel, and the game's keys.

The board page shows everyone's money, city, loan, hand size and aid, your hand in its
order with the contracts spelled out, the contracts on the table and the state of the
phase (the negotiation, the customs, the closing). The map page shows every city with
its routes and the carts standing in it; the cursor (arrow keys, or a click) picks a
city, and in your travel phase Enter travels there, after the cost and the cards it
plays are shown. The prices page shows every ladder and the prices now.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType

from bohnen.core.protocol import Action, JSONObject
from bohnen.tui.game_screen import GameScreen
from bohnen.tui.hansa_board import (
    CONTRACT_PRICE,
    PAGES,
    Journey,
    city_detail,
    city_line,
    contract_of,
    hand_lines,
    header,
    journey,
    journey_line,
    legend,
    phase_lines,
    players_lines,
    prices_page,
    table_line,
    tabs,
)
from bohnen.tui.hansa_deal import DealPanel
from bohnen.tui.hansa_facts import MapFacts, board_of
from bohnen.tui.hansa_map import Marks, layout, map_size, render, step
from bohnen.tui.session import Outcome, Session
from bohnen.tui.text import esc, without_seat

JSON = JSONObject

GAME_HELP = """  m / l / b map / prices of every city / board (or click the tabs)
  ←↑↓→      move the city cursor (or click a city); Esc: the board
  Enter     in your travel phase: go to the cursor's city (stay on yours);
            the cost and the cards played are shown first; v: other path
  t         deal: propose (invite a seat elsewhere) or counter
  k / r     buy a contract (5t + a travel card; at any moment, also while
            others play) / return a bean (aid full)
[b]Notation[/b] (beans and cities by code, cards T<n> and C<n>)
  begin C26 last C4 · stay · go AAL ROS · buy BL 3 · buy-scarce RO
  sell BL · fulfil C11 · buy-contract T4 · return BL · end-trading
  propose 2 give BL want FE,FE buy SA · counter 5 want SA · accept 5
  decline 5 · pass · end-turn · done"""

KEYED_VERBS = ("go", "buy-contract", "return")  # left to the map and the k, r keys


def verb(action: object) -> str:
    words = without_seat(str(action)).split()
    return words[0] if words else ""


class HansaScreen(GameScreen):
    """Bohn Hansa at the terminal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "page('map')", "Map"),
        Binding("l", "page('prices')", "Prices"),
        Binding("b", "page('board')", "Board", show=False),
        Binding("t", "deal", "Deal"),
        Binding("k", "contract", "Contract", show=False),
        Binding("r", "return_bean", "Return", show=False),
        Binding("enter", "travel", "Go", show=False),
        Binding("v", "other_path", "Via", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("escape", "back", show=False),
    ]
    GAME_HELP = GAME_HELP
    DEFAULT_CSS = """
    HansaScreen #board { link-style: none; }
    """

    def __init__(self, session: Session, delay: float = 0.6) -> None:
        super().__init__(session, delay)
        self.board: MapFacts = board_of(self.session.view(self.shown))
        self.places = layout(self.board)
        self.page = "board"
        self.cursor = 0
        self.path_index = 0
        self.submenu: tuple[str, list[Action]] | None = None
        self._cursor_seat: int | None = None
        self._phase_key: tuple[int, str, int, int] | None = None
        self._travelling = False  # the map came up for the seat shown to travel
        self._view: JSON | None = None

    def fit(self, width: int, height: int) -> None:
        """The map as large as the terminal allows (75×9 at 80×24)."""
        super().fit(width, height)
        places = layout(self.board, *map_size(*self.board_room()))
        if places != self.places:
            self.places = places
            if self.is_mounted:
                self.redraw()

    # --- what is shown ----------------------------------------------------------------

    def view_now(self) -> JSON:
        if self._view is None:
            self._view = self.session.view(self.shown)
        return self._view

    def redraw(self) -> None:
        self._view = self.session.view(self.shown)
        self.follow(self._view)
        super().redraw()

    def here(self, view: JSON) -> int:
        return self.board.city(view["players"][self.shown]["city"])

    def my_travel(self, view: JSON) -> bool:
        return (view["phase"] == "travel" and view["active"] == self.shown
                and self.shown in view["to_act"] and self.session.human_to_act() == self.shown)

    def follow(self, view: JSON) -> None:
        """The map comes up when your journey is to be chosen, the board after it; the
        cursor starts in your city whenever the seat shown changes."""
        if self._cursor_seat != self.shown:
            self._cursor_seat = self.shown
            self.cursor = self.here(view)
            self.page = "board"
        key = (view["turn"], view["phase"], view["active"], self.shown)
        if key == self._phase_key:
            return
        if self._phase_key is None or self._phase_key[1] == "setup":
            self.cursor = self.here(view)  # the city set-up gave
        self._phase_key = key
        self.submenu = None
        was_travelling, self._travelling = self._travelling, self.my_travel(view)
        if self._travelling:
            self.page = "map"
            self.cursor = self.here(view)
            self.path_index = 0
        elif was_travelling:
            self.cursor = self.here(view)  # where the journey ended
            if self.page == "map":
                self.page = "board"

    def title_text(self, view: JSON) -> str:
        phase = view["phase"]
        if view["phase"] == "over":
            return f" Bohn Hansa · game over · you are seat {self.shown}"
        last = " · [b]last round[/b]" if view["last_round"] else ""
        return (f" Bohn Hansa · turn {view['turn']} · seat {view['active']} plays · {phase}"
                f" · you are seat {self.shown}{last}")

    def names(self, view: JSON) -> list[str]:
        return [self.seat_label(s) for s in range(len(view["players"]))]

    def board_text(self, view: JSON) -> str:
        if self.page == "map":
            lines = self.map_lines(view)
        elif self.page == "prices":
            lines = [tabs(self.page) + "  " + header(view),
                     *prices_page(self.board, view, self.cursor)]
        else:
            lines = self.board_lines(view)
        return "\n".join(lines)

    def board_lines(self, view: JSON) -> list[str]:
        me = view["players"][self.shown]
        here = self.here(view)
        lines = [tabs(self.page) + "  " + header(view),
                 *players_lines(view, self.shown, self.names(view))]
        if view["phase"] != "setup":
            where = city_line(self.board, view, "Here", here)
            if self.cursor != here:
                where += " · " + city_line(self.board, view, "cursor", self.cursor)
            lines.append(where + "  [dim](m: map, l: prices)[/]")
        lines += hand_lines(self.board, view["contracts"], self.shown, me["hand"] or [],
                            me["beans"])
        table = table_line(view)
        if table:
            lines.append(table)
        return lines + phase_lines(self.board, view, self.shown)

    def trip(self, view: JSON) -> Journey | None:
        """Your journey to the cursor's city, while you choose one."""
        if not self.my_travel(view):
            return None
        hand = view["players"][self.shown]["hand"] or []
        return journey(self.board, hand, self.here(view), self.cursor, self.path_index)

    def map_lines(self, view: JSON) -> list[str]:
        board = self.board
        me = view["players"][self.shown]
        hand = me["hand"] or []
        here = self.here(view)
        carts: dict[int, list[int]] = {}
        for p in view["players"]:
            carts.setdefault(board.city(p["city"]), []).append(p["seat"])
        trip = self.trip(view)
        far = frozenset(c for c in range(board.cities)
                        if board.dist[here][c] + 1 > len(hand)) if trip else frozenset()
        path = (here, *trip.path) if trip is not None and trip.possible else ()
        marks = Marks(carts, [p["colour"] for p in view["players"]], here, self.cursor, far, path)
        lines = [tabs(self.page) + "  " + legend(view, self.names(view))]
        lines += render(board, self.places, marks, on_click=lambda code: f"cursor_to('{code}')")
        lines.append(city_detail(board, view, self.cursor) + self.contracts_for(view))
        if trip is not None:
            lines += journey_line(board, self.shown, me["money"], trip)
        else:
            lines.append("[dim]←↑↓→ or a click: the cursor · in your travel phase Enter "
                         "travels to it · Esc: the board[/]")
        played = trip.need if trip is not None and trip.possible else 0
        return lines + hand_lines(board, view["contracts"], self.shown, hand, me["beans"],
                                  played)[:1]

    def contracts_for(self, view: JSON) -> str:
        """Your contracts (hand and table) to be fulfilled in the cursor's city."""
        me = view["players"][self.shown]
        cards = [*(me["hand"] or [])]
        if view["active"] == self.shown:
            cards += view["table"]
        code = self.board.city_codes[self.cursor]
        mine = []
        for card in cards:
            if card in view["contracts"]:
                city, beans, payout = contract_of(view["contracts"], card)
                if city == code:
                    have = all(me["beans"].get(b, 0) for b in beans)
                    mine.append(f"{card} {payout}t{' ✓' if have else ''}")
        return f" · [b]yours: {esc(', '.join(mine))}[/]" if mine else ""

    def result_extra(self, view: JSON) -> str:
        lines = [f"seat {p['seat']}: earned {p['earned']}t, spent {p['spent']}t"
                 + (f", loans {p['loans']}t repaid double" if p["loans"] else "")
                 for p in view["players"]]
        return "\n".join(esc(line) for line in lines)

    # --- the numbered list ------------------------------------------------------------

    def menu(self, seat: int) -> list[Action]:
        if self.submenu is not None:
            return self.submenu[1]
        return [a for a in self.session.choices(seat) if verb(a) not in KEYED_VERBS]

    def menu_title(self) -> str:
        if self.submenu is not None:
            return f"[b]{esc(self.submenu[0])}[/b] "
        return super().menu_title()

    def describe(self, action: object) -> str:
        """The game's words for a move, with the price where they leave it out (the
        scarce bean's)."""
        text = super().describe(action)
        words = without_seat(str(action)).split()
        if words[0] == "buy-scarce" and words[1] in self.board.base:
            here = self.here(self.view_now())
            text += f" ({max(row.get(words[1], 0) for row in self.board.prices[here])}t)"
        return text

    def any_time_keys(self) -> str:
        return "k buy a contract"

    def menu_extra(self, seat: int) -> str:
        if self.submenu is not None:
            return "  [dim](Esc: back)[/]"
        view = self.view_now()
        verbs = {verb(a) for a in self.session.choices(seat)}
        keys = []
        if "go" in verbs:
            keys.append("⏎ on the map: travel")
        if self.may_deal(view, seat) is None:
            keys.append("t: deal")
        if "buy-contract" in verbs:
            keys.append("k: buy a contract")
        if "return" in verbs:
            keys.append("r: return a bean (aid full)")
        return ("\n[dim]" + esc(" · ".join(keys)) + "[/]") if keys else ""

    def may_deal(self, view: JSON, seat: int) -> str | None:
        """Why ``seat`` cannot open the deal panel now (None: it can)."""
        if view["phase"] != "trade":
            return "Deals are made in the trade phase."
        pending = view["pending"]
        if pending is not None:
            return None if pending["to"] == seat else f"proposal {pending['pid']} awaits an answer"
        if view["floor"] != seat:
            return f"Seat {view['floor']} holds the floor."
        if view["players"][seat]["proposals_left"] <= 0:
            return "Your proposals of this turn are used up."
        return None

    def after_move(self, outcome: Outcome) -> None:
        if outcome.ok:
            self.submenu = None
        super().after_move(outcome)

    def hinted(self, action: object) -> None:
        """A hinted journey puts the cursor on its destination (and its path)."""
        words = without_seat(str(action)).split()
        if words and words[0] == "go" and words[-1] in self.board.city_codes:
            view = self.view_now()
            self.cursor = self.board.city(words[-1])
            paths = self.board.paths(self.here(view), self.cursor)
            wanted = tuple(self.board.city(c) for c in words[1:]
                           if c in self.board.city_codes)
            self.path_index = paths.index(wanted) if wanted in paths else 0
            self.page = "map"
            self.redraw()

    # --- keys -------------------------------------------------------------------------

    def action_page(self, name: str) -> None:
        if name not in PAGES:
            return
        self.page = "board" if self.page == name and name != "board" else name
        self.redraw()

    def action_move(self, dx: int, dy: int) -> None:
        self.cursor = step(self.places, self.cursor, dx, dy)
        self.path_index = 0
        self.redraw()

    def action_cursor_to(self, code: str) -> None:
        if code in self.board.city_codes:
            self.cursor = self.board.city(code)
            self.path_index = 0
            self.redraw()

    def action_other_path(self) -> None:
        trip = self.trip(self.view_now())
        if trip is None or len(trip.paths) < 2:
            self.say("Only one shortest path leads there.", error=trip is None)
            return
        self.path_index = (self.path_index + 1) % len(trip.paths)
        self.redraw()

    def action_travel(self) -> None:
        if self.my_seat() is None:
            return
        view = self.view_now()
        trip = self.trip(view)
        if trip is None:
            self.say("You travel in the travel phase of your turn.", error=True)
            return
        if self.page != "map":
            self.page = "map"
            self.say("Choose the city with the arrows (or a click), then Enter.")
            self.redraw()
            return
        if not trip.possible:
            self.say(f"Too far: {trip.need} cards needed, your hand holds {len(trip.cards)}.",
                     error=True)
            return
        self.play_text(trip.notation(self.board))

    def action_back(self) -> None:
        if self.focused is not None:
            self.set_focus(None)
        elif self.submenu is not None:
            self.submenu = None
        else:
            self.page = "board"
        self.redraw()

    def open_submenu(self, verb_name: str, title: str, none: str) -> None:
        """A numbered list of the moves of one kind; out of turn, of the any-time moves
        (buying a contract is open at any moment)."""
        seat = self.person_seat()
        if seat is None:
            return
        session = self.session
        pool = (session.choices(seat) if seat == session.human_to_act()
                else session.any_time_choices(seat))
        listed = [a for a in pool if verb(a) == verb_name]
        if not listed:
            self.say(none, error=True)
            return
        self.submenu = (title, listed)
        self.say(f"{title} Press its number (Esc: back).")
        self.redraw()

    def action_contract(self) -> None:
        self.open_submenu("buy-contract", f"Buy a contract ({CONTRACT_PRICE}t), giving up:",
                          f"No contract to buy now (it takes {CONTRACT_PRICE}t and an "
                          "ordinary travel card; not while you pay customs).")

    def action_return_bean(self) -> None:
        self.open_submenu("return", "Return which bean to the supply?",
                          "Beans are returned only to make room, when your aid holds 8.")

    def action_deal(self) -> None:
        seat = self.my_seat()
        if seat is None:
            return
        view = self.session.view(seat)
        why = self.may_deal(view, seat)
        if why is not None:
            self.say(why, error=True)
            return
        self.app.push_screen(DealPanel(self, seat, view, self.names(view)))
