"""The Nicht die Bohne! screen: the hand by colour, the trick, the chain of taking,
everyone's rows with their scores, and the score sheet.

It reads only the seat's view (``bohnen/ndb/view_types.py`` types it; this layer
reaches the game only through the registry): the colours' names come from the view's
legend, the chain of taking from ``taken``, each seat's points from ``rows_score``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from bohnen.core.protocol import View
from bohnen.tui.game_screen import GameScreen
from bohnen.tui.moves import core, frame, move_texts
from bohnen.tui.text import click, esc, without_seat
from bohnen.tui.words import words

BACK = "▒▒"

GAME_HELP = """  click a card of your hand to play it, a card of the trick to take it
[b]Notation[/b]
  play R7   a card of your hand: colour G R Y B, then 1-10, -, x2, 0
  take 2    take the card seat 2 played
[b]Rows[/b] 0 (Nicht die Bohne) makes a row worth 0; one or three –
  make it negative; x2 doubles it."""

Colours = Mapping[str, str]  # colour code -> its English name (rich's colour)


def colours(view: View) -> dict[str, str]:
    """Each colour's code and English name, from the view's legend."""
    return {c["code"]: c["english"] for c in view["legend"]["colours"]}


def kind(card: str) -> str:
    """A card's kind in words: 1-10, –, x2 or Nicht die Bohne."""
    return cast(str, words("ndb").kind(card))


def card(code: str, names: Colours) -> str:
    """A card in words, in its colour (``red 7``), as the log and the moves name it."""
    return f"[{names.get(code[0], 'white')}]{esc(words('ndb').card_name(code))}[/]"


def hand_text(hand: list[str]) -> str:
    """A hand by colour (plain text), e.g. ``green 2 6 – │ red 5 8``."""
    return cast(str, words("ndb").hand_text(hand))


def hand_markup(hand: list[str], playable: bool, names: Colours) -> str:
    groups: dict[str, list[str]] = {}
    for code in hand:
        shown = f"[{names[code[0]]}]{esc(kind(code))}[/]"
        if playable:
            shown = click(f"play_card('{code}')", shown)
        groups.setdefault(code[0], []).append(shown)
    body = " │ ".join(f"[b {names[c]}]{names[c]}[/] {' '.join(ks)}" for c, ks in groups.items())
    return "Your hand: " + (body or "(empty)")


def table_line(view: View) -> str:
    """The trick: the token card face up, the others as backs until the reveal."""
    names = colours(view)
    played, taken = set(view["played"]), set(view["taken"])
    items = []
    for seat, code in enumerate(view["table"]):
        if seat not in played:
            shown = "·"
        elif code is None:
            shown = BACK
        else:
            shown = card(code, names)
            if view["phase"] == "take" and seat not in taken:
                shown = click(f"take({seat})", shown)
        if seat in taken:
            shown = f"[strike dim]{shown}[/]"
        token = "◆" if seat == view["token"] else ""
        items.append(f"{seat}{token}:{shown}")
    return "Trick: " + "  ".join(items)


def chain_line(view: View) -> str:
    """Who took what since the reveal, and whose turn it is to take: the token holder
    took the card of the first seat of ``taken``, that seat the next one's..."""
    if view["phase"] != "take":
        return ""
    took = cast(list[str], words("ndb").chain_steps(view))
    return "Taking: " + " → ".join([*took, f"[b]seat {view['taker']} takes[/b]"])


def row_text(row: View, names: Colours) -> str:
    if not row["cards"]:
        return ""
    cards = " ".join(esc(kind(c)) for c in row["cards"])
    colour = row["cards"][0][0]
    return f"[{names[colour]}]{names[colour]}[/] {cards} ={row['score']}"


def player_line(view: View, player: View, viewer: int, name: str) -> str:
    seat = player["seat"]
    token = "◆" if seat == view["token"] else " "
    who = f"{token}{seat} {name[:7]:<7}"
    who = f"[b]{esc(who)}[/b]" if seat == viewer else esc(who)
    names = colours(view)
    rows = ("  ".join(filter(None, (row_text(r, names) for r in player["rows"])))
            or "[dim]no cards[/dim]")
    return f"{who} hand {player['hand_size']:>2} · rows {player['rows_score']:>+4}: {rows}"


def sheet_lines(view: View) -> list[str]:
    """The score sheet: a line per finished round (Spiel + − Spiel – = Summe per seat)."""
    return cast(list[str], words("ndb").sheet_lines(view))


def board_text(view: View, viewer: int, names: list[str], playable: bool) -> str:
    lines = [table_line(view)]
    chain = chain_line(view)
    if chain:
        lines.append(chain)
    lines += [player_line(view, p, viewer, names[p["seat"]]) for p in view["players"]]
    lines += [f"[dim]{esc(line)}[/dim]" for line in sheet_lines(view)]
    lines.append(hand_markup(view["players"][viewer]["hand"] or [], playable, colours(view)))
    return "\n".join(lines)


class NdbScreen(GameScreen):
    """Nicht die Bohne! at the terminal."""

    GAME_HELP = GAME_HELP

    def title_text(self, view: View) -> str:
        phase = {"lead": "lead", "play": "play face down", "take": "taking",
                 "over": "over"}[view["phase"]]
        return (f" Nicht die Bohne! · round {view['round']}/{view['options']['rounds']} · "
                f"trick {view['turn']} · token seat {view['token']} · {phase} · "
                f"you are seat {self.shown}")

    def board_text(self, view: View) -> str:
        names = [self.seat_label(s) for s in range(len(view["players"]))]
        playable = self.session.human_to_act() == self.shown and view["phase"] != "take"
        return board_text(view, self.shown, names, playable)

    def plays_frame(self) -> tuple[str, str]:
        """The words every listed card play shares ("Play the", "face down"), said
        once in the list's title so that each item names only its card; none while
        the list holds other moves (the taking)."""
        listed = self.menu(self.shown)
        if not listed or any(without_seat(str(a)).split()[0] != "play" for a in listed):
            return "", ""
        return frame(move_texts(self.session, self.shown, listed))

    def menu_title(self) -> str:
        head, tail = self.plays_frame()
        if not head and not tail:
            return super().menu_title()
        return f"[b]Your move:[/b] {esc(' '.join(filter(None, [head, '…', tail])))}\n"

    def describe(self, action: object) -> str:
        text = super().describe(action)
        head, tail = self.plays_frame()
        return core(text, head, tail) if head or tail else text

    def result_extra(self, view: View) -> str:
        return "\n".join(esc(line) for line in sheet_lines(view))

    def action_play_card(self, code: str) -> None:
        self.play_text(f"play {code}")

    def action_take(self, seat: int) -> None:
        self.play_text(f"take {seat}")
