"""Bohn Hansa's deal panel: to whom (an invitation if the seat stands in another city),
the beans you give (ticked from your aid), the beans you want, and the beans the
active player buys in the city for the other seat; or the counter to a proposal."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, RadioButton, RadioSet, SelectionList, Static

from bohnen.core.protocol import JSONObject
from bohnen.tui.game_screen import GameScreen
from bohnen.tui.hansa_board import deal_text
from bohnen.tui.hansa_facts import bean_rank, board_of
from bohnen.tui.proposal_panel import ProposalPanel
from bohnen.tui.text import esc

JSON = JSONObject


def deal_targets(view: JSON, seat: int) -> list[int]:
    """Whom ``seat`` deals with: the proposer it answers, any seat if it is active,
    else the active player."""
    pending = view["pending"]
    if pending is not None and pending["to"] == seat:
        return [pending["from"]]
    if seat == view["active"]:
        return [p["seat"] for p in view["players"] if p["seat"] != seat]
    return [view["active"]]


def bean_items(names: dict[str, str], beans: JSON) -> list[tuple[str, str]]:
    """(label, value) for every bean on the seat's aid, one item per bean (``names``:
    bean code -> name)."""
    return [(f"{code} {names.get(code, '')}", f"{code}#{i}")
            for code, count in beans.items() for i in range(count)]


def codes(text: str) -> list[str]:
    """Bean codes typed as ``fe, FE sa`` → ``FE,FE,SA``."""
    return [w.strip().upper() for w in text.replace(" ", ",").split(",") if w.strip()]


def deal_notation(head: str, give: Sequence[str], want: Sequence[str],
                  buy: Sequence[str]) -> str:
    """``head`` (``propose 2`` / ``counter 5``) with its give, want and buy parts."""
    text = head
    for word, beans in (("give", give), ("want", want), ("buy", buy)):
        if beans:
            text += f" {word} {','.join(beans)}"
    return text


class DealPanel(ProposalPanel):
    """Builds one proposal or counter; Enter in a text line (or Send) sends it."""

    DEFAULT_CSS = """
    DealPanel { align: center middle; }
    #deal-row { height: auto; max-height: 11; }
    #deal-to { width: 34; height: auto; }
    #deal-give { width: 1fr; height: auto; max-height: 10; }
    .deal-line { height: 1; margin-top: 1; }
    .deal-label { width: 6; }
    #deal-want, #deal-buy { height: 1; border: none; padding: 0 1; width: 1fr; }
    #deal-buttons { height: 3; }
    """

    def __init__(self, owner: GameScreen, seat: int, view: JSON,
                 names: Sequence[str]) -> None:
        super().__init__(owner, seat)
        self.deal_view = view
        self.board = board_of(view)
        self.names = list(names)
        pending = view["pending"]
        self.answering: JSON | None = pending if pending and pending["to"] == seat else None
        self.targets = deal_targets(view, seat)

    def compose(self) -> ComposeResult:
        me = self.deal_view["players"][self.seat]
        with Vertical(id="panel"):
            yield Static(self.heading(), id="panel-title")
            with Horizontal(id="deal-row"):
                with RadioSet(id="deal-to"):
                    for i, seat in enumerate(self.targets):
                        yield RadioButton(self.target_label(seat), value=i == 0)
                items = bean_items(dict(self.board.bean_names), me["beans"])
                yield SelectionList[str](*items, id="deal-give")
            with Horizontal(classes="deal-line"):
                yield Static("want", classes="deal-label")
                yield Input(placeholder="beans you want, e.g. FE,FE (empty: none)",
                            id="deal-want", classes="deal-input")
            with Horizontal(classes="deal-line"):
                yield Static("buy", classes="deal-label")
                yield Input(placeholder=self.buy_hint(), id="deal-buy", classes="deal-input")
            with Horizontal(id="deal-buttons"):
                yield Button("Send", id="send", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static(id="panel-status")

    def active_city(self) -> str:
        view = self.deal_view
        return str(view["players"][view["active"]]["city"])

    def target_label(self, seat: int) -> str:
        """The seat, its city, and whether the deal is a trade or an invitation (the
        other seat than the active player — the guest — stands elsewhere)."""
        players = self.deal_view["players"]
        guest = seat if self.seat == self.deal_view["active"] else self.seat
        kind = "trade" if players[guest]["city"] == self.active_city() else "invite"
        return f"{seat} {self.names[seat][:9]} {players[seat]['city']} {kind}"

    def buy_hint(self) -> str:
        view = self.deal_view
        city = self.board.city(self.active_city())
        prices = " ".join(f"{b} {p}t" for b, p in view["cities"][city]["prices"].items())
        return f"seat {view['active']} buys here for the other: {prices}"

    def heading(self) -> str:
        if self.answering:
            text = deal_text(self.answering, self.deal_view["active"], self.active_city())
            return (f"[b]Counter[/b] {esc(text)}\n"
                    "Tick the beans you give (Space), type the beans you want and buy, Enter")
        if self.seat == self.deal_view["active"]:
            return (f"[b]Deal[/b] · a seat elsewhere is invited: comes to "
                    f"{esc(self.active_city())}, plays its front card\n"
                    "Whom (↑↓), Tab: the beans you give (Space), want, buy; Enter sends")
        return (f"[b]Deal with the active player[/b] (seat {self.deal_view['active']}, "
                f"{esc(self.active_city())}): ask to be invited, or trade\n"
                "Tick the beans you give (Space), type the beans you want and buy, Enter")

    def on_mount(self) -> None:
        first = "#deal-to" if len(self.targets) > 1 else "#deal-give"
        self.query_one(first).focus()

    def notation(self) -> str:
        ticked = self.query_one("#deal-give", SelectionList).selected
        give = [value.split("#")[0] for value in ticked]
        want = codes(self.query_one("#deal-want", Input).value)
        buy = codes(self.query_one("#deal-buy", Input).value)
        if self.answering:
            head = f"counter {self.answering['pid']}"
        else:
            index = self.query_one("#deal-to", RadioSet).pressed_index
            head = f"propose {self.targets[max(index, 0)]}"
        return deal_notation(head, sorted(give, key=bean_rank), want, buy)

