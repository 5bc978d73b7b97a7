"""Bohnanza's trade panel: build a proposal (or a counter) from your cards and the beans
you want, choose to whom, and send it."""

from __future__ import annotations

from typing import Any, cast

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, RadioButton, RadioSet, SelectionList, Static

from bohnen.tui.game_screen import GameScreen
from bohnen.tui.proposal_panel import ProposalPanel
from bohnen.tui.text import esc
from bohnen.tui.words import words

JSON = dict[str, Any]


def bean_names(view: JSON) -> dict[str, str]:
    """Each bean's name by its code, from the view's legend."""
    return cast(dict[str, str], words("bohnanza").bean_names(view))


def proposal_text(p: JSON, names: dict[str, str]) -> str:
    """An open proposal in a line, beans by name."""
    return cast(str, words("bohnanza").proposal_text(p, names))


def incoming(view: JSON, seat: int) -> JSON | None:
    """The open proposal made to ``seat``, if any (the one a counter answers)."""
    proposals = view["trading"]["proposals"] if view["trading"] else []
    return next((p for p in proposals if p["to"] == seat), None)


def is_open(view: JSON) -> bool:
    """Whether the game trades openly (anyone may offer at any moment)."""
    return bool(view["options"]["trading"] == "open")


def answers(view: JSON, seat: int) -> list[tuple[str, str]]:
    """(label, notation head) of every way ``seat`` may send an offer now: in open
    trading a counter to each proposal made to it and a proposal to each seat it may
    trade with; in turn-based trading the counter to the proposal made to it (to its
    proposer), if any, else a proposal."""
    made_to = [p for p in view["trading"]["proposals"] if p["to"] == seat]
    proposals = [(f"to seat {t}", f"propose {t}") for t in targets(view, seat)]
    if is_open(view):
        return [(f"counter #{p['pid']}", f"counter {p['pid']}") for p in made_to] + proposals
    if made_to:
        return [(f"to seat {made_to[0]['from']}", f"counter {made_to[0]['pid']}")]
    return proposals


def targets(view: JSON, seat: int) -> list[int]:
    """Whom ``seat`` may propose to: anyone if active, else the active player."""
    if seat == view["active"]:
        return [p["seat"] for p in view["players"] if p["seat"] != seat]
    return [view["active"]]


def offer_items(view: JSON, seat: int) -> list[tuple[str, str]]:
    """(label, reference) for every card the seat may give: hand, and face-up if active."""
    names = bean_names(view)
    hand = view["players"][seat]["hand"] or []
    items = [(f"h{i} {names[code]}" + (" (front)" if i == 0 else ""), f"h{i}")
             for i, code in enumerate(hand)]
    if seat == view["active"]:
        items += [(f"f{i} {names[code]} (face up)", f"f{i}")
                  for i, code in enumerate(view["face_up"])]
    return items


def offer_notation(head: str, give: list[str], want: str) -> str:
    """``head`` (``propose 2`` / ``counter 5``) with its give and want parts."""
    text = head
    if give:
        text += " give " + ",".join(give)
    wanted = ",".join(w.strip() for w in want.replace(" ", ",").split(",") if w.strip())
    if wanted:
        text += " want " + wanted
    return text


class TradePanel(ProposalPanel):
    """Builds one proposal or counter; Enter in the 'want' line (or Send) sends it."""


    def __init__(self, owner: GameScreen, seat: int, view: JSON) -> None:
        super().__init__(owner, seat)
        self.trade_view = view
        self.answering = None if is_open(view) else incoming(view, seat)
        self.heads = answers(view, seat)

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static(self.heading(), id="panel-title")
            with Horizontal(id="panel-row"):
                with RadioSet(id="to"):
                    for i, (label, _head) in enumerate(self.heads):
                        yield RadioButton(label, value=i == 0)
                yield SelectionList[str](*offer_items(self.trade_view, self.seat), id="give")
            yield Input(placeholder="beans wanted, e.g. RO,SO (empty: a gift)", id="want")
            with Horizontal(id="panel-buttons"):
                yield Button("Send", id="send", variant="primary")
                yield Button("Cancel", id="cancel")
            yield Static(id="panel-status")

    DEFAULT_CSS = """
    #panel-row { height: auto; max-height: 12; }
    #to { width: 20; }
    #give { width: 1fr; height: auto; max-height: 12; }
    #want { margin-top: 1; }
    #panel-buttons { height: 3; }
    """

    def heading(self) -> str:
        if self.answering:
            offer = proposal_text(self.answering, bean_names(self.trade_view))
            return (f"[b]Counter[/b] {esc(offer)}\n"
                    "Space: pick your cards to give · type the beans you want · Enter sends")
        what = "Propose or counter" if len(self.heads) > 1 and self.heads[0][1].startswith(
            "counter") else "Propose a trade"
        return (f"[b]{what}[/b] · pick whom, the cards you give (Space), "
                "type the beans you want, Enter sends")

    def on_mount(self) -> None:
        self.query_one("#give", SelectionList).focus()

    def notation(self) -> str:
        give = list(self.query_one("#give", SelectionList).selected)
        want = self.query_one("#want", Input).value
        index = self.query_one("#to", RadioSet).pressed_index
        return offer_notation(self.heads[max(index, 0)][1], give, want)

