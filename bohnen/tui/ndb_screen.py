"""The Nicht die Bohne! screen: the hand by colour, the trick, the chain of taking,
everyone's rows with their scores, and the score sheet."""

from __future__ import annotations

from typing import Any

from bohnen.tui.game_screen import GameScreen
from bohnen.tui.text import click, esc

JSON = dict[str, Any]

COLOURS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}
BACK = "▒▒"

GAME_HELP = """  click a card of your hand to play it, a card of the trick to take it
[b]Notation[/b]
  play R7   a card of your hand: colour G R Y B, then 1-10, -, x2, 0
  take 2    take the card seat 2 played
[b]Rows[/b] 0 (Nicht die Bohne) makes a row worth 0; one or three –
  make it negative; x2 doubles it."""


def kind(card: str) -> str:
    """A card's kind as shown: 1-10, –, x2, or 0 for Nicht die Bohne."""
    rest = card[1:]
    return "–" if rest == "-" else rest


def card(code: str) -> str:
    """A card in its colour (``R7``)."""
    return f"[{COLOURS.get(code[0], 'white')}]{esc(code[0] + kind(code))}[/]"


def hand_text(hand: list[str]) -> str:
    """A hand by colour (plain text), e.g. ``G 2 6 – │ R 5 8``."""
    groups: dict[str, list[str]] = {}
    for code in hand:
        groups.setdefault(code[0], []).append(kind(code))
    return " │ ".join(f"{c} {' '.join(ks)}" for c, ks in groups.items())


def hand_markup(hand: list[str], playable: bool) -> str:
    groups: dict[str, list[str]] = {}
    for code in hand:
        shown = f"[{COLOURS[code[0]]}]{esc(kind(code))}[/]"
        if playable:
            shown = click(f"play_card('{code}')", shown)
        groups.setdefault(code[0], []).append(shown)
    body = " │ ".join(f"[b {COLOURS[c]}]{c}[/] {' '.join(ks)}" for c, ks in groups.items())
    return "Your hand: " + (body or "(empty)")


def table_line(view: JSON, viewer: int) -> str:
    """The trick: the token card face up, the others as backs until the reveal."""
    items = []
    for spot in view["table"]:
        seat = spot["seat"]
        if not spot["played"]:
            shown = "·"
        elif spot["card"] is None:
            shown = BACK
        else:
            shown = card(spot["card"])
            if view["phase"] == "take" and not spot["taken"]:
                shown = click(f"take({seat})", shown)
        if spot["taken"]:
            shown = f"[strike dim]{shown}[/]"
        token = "◆" if seat == view["token"] else ""
        items.append(f"{seat}{token}:{shown}")
    return "Trick: " + "  ".join(items)


def chain_line(view: JSON, events: list[JSON]) -> str:
    """Who took what since the reveal, and whose turn it is to take."""
    if view["phase"] != "take":
        return ""
    took: list[str] = []
    for event in events:
        if event.get("event") == "revealed":
            took = []
        elif event.get("event") == "took":
            took.append(f"{event['seat']} took {event['owner']}'s {event['card']}")
    return "Taking: " + " → ".join([*took, f"[b]seat {view['taker']} takes[/b]"])


def row_text(row: JSON) -> str:
    if not row["cards"]:
        return ""
    cards = " ".join(esc(kind(c)) for c in row["cards"])
    colour = row["cards"][0][0]
    return f"[{COLOURS[colour]}]{colour}[/] {cards} ={row['score']}"


def player_line(view: JSON, player: JSON, viewer: int, name: str) -> str:
    seat = player["seat"]
    token = "◆" if seat == view["token"] else " "
    who = f"{token}{seat} {name[:7]:<7}"
    who = f"[b]{esc(who)}[/b]" if seat == viewer else esc(who)
    total = sum(row["score"] for row in player["rows"])
    rows = "  ".join(filter(None, (row_text(r) for r in player["rows"]))) or "[dim]no cards[/dim]"
    return f"{who} hand {player['hand_size']:>2} · rows {total:>+4}: {rows}"


def sheet_lines(view: JSON) -> list[str]:
    """The score sheet: a line per finished round (Spiel + − Spiel – = Summe per seat)."""
    lines = []
    for number, round_lines in enumerate(view["sheet"], start=1):
        cells = [f"{s}: {ln['plus']}−{ln['minus']}={ln['total']}"
                 for s, ln in enumerate(round_lines)]
        lines.append(f"Round {number} · " + " │ ".join(cells))
    if view["sheet"]:
        lines.append("Totals · " + " │ ".join(f"{s}: {t}" for s, t in enumerate(view["totals"])))
    return lines


def board_text(view: JSON, viewer: int, names: list[str], events: list[JSON],
               playable: bool) -> str:
    lines = [table_line(view, viewer)]
    chain = chain_line(view, events)
    if chain:
        lines.append(chain)
    lines += [player_line(view, p, viewer, names[p["seat"]]) for p in view["players"]]
    lines += [f"[dim]{esc(line)}[/dim]" for line in sheet_lines(view)]
    lines.append(hand_markup(view["players"][viewer]["hand"] or [], playable))
    return "\n".join(lines)


class NdbScreen(GameScreen):
    """Nicht die Bohne! at the terminal."""

    GAME_HELP = GAME_HELP

    def title_text(self, view: JSON) -> str:
        phase = {"lead": "lead", "play": "play face down", "take": "taking",
                 "over": "over"}[view["phase"]]
        return (f" Nicht die Bohne! · round {view['round']}/{view['options']['rounds']} · "
                f"trick {view['trick']} · token seat {view['token']} · {phase} · "
                f"you are seat {self.shown}")

    def board_text(self, view: JSON) -> str:
        names = [self.seat_label(s) for s in range(len(view["players"]))]
        events = [e.to_json(self.shown) for e in self.session.log[-12:]]
        playable = self.session.human_to_act() == self.shown and view["phase"] != "take"
        return board_text(view, self.shown, names, events, playable)

    def result_extra(self, view: JSON) -> str:
        return "\n".join(esc(line) for line in sheet_lines(view))

    def action_play_card(self, code: str) -> None:
        self.play_text(f"play {code}")

    def action_take(self, seat: int) -> None:
        self.play_text(f"take {seat}")
