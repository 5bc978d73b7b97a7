"""The Nicht die Bohne! board in words, from a seat's view: plain text, no markup.

What :meth:`NichtDieBohne.describe` writes (for a text agent, a log, a screen reader)
and the plain pieces the terminal screen shares (a card's kind, the hand by colour,
the chain of taking, the score sheet). Reads only the view, so it shows a seat no more
than its view holds: the cards played face down stay ``??`` until the reveal. A
seat's moves in words (:func:`action_texts`) are what :meth:`NichtDieBohne.action_texts`
gives the online table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bohnen.core.names import NO_NAMES, Names, seat_name
from bohnen.ndb.actions import NdbAction, Play, Take, card_text
from bohnen.ndb.cards import COLOURS, KIND_TABLE

JSON = Mapping[str, Any]
BACK = "??"
PHASES = {"lead": "lead", "play": "play face down", "take": "taking", "over": "over"}


_COLOURS = {c.code: c.english for c in COLOURS}  # the legend's, by code
_KINDS = {k.code: k.name for k in KIND_TABLE}


def kind(card: str) -> str:
    """A card's kind in words: 1-10, –, x2 or Nicht die Bohne (as the log and the moves
    write it)."""
    return _KINDS.get(card[1:], card[1:])


def colour(card: str) -> str:
    """A card's colour in English: ``red``."""
    return _COLOURS.get(card[:1], "?")


def card_name(card: str) -> str:
    """A card (by its code) in words, as the log and the moves write it: ``red 7``,
    ``yellow –``, ``blue Nicht die Bohne``."""
    return f"{colour(card)} {kind(card)}"


def hand_text(hand: Sequence[str]) -> str:
    """A hand by colour, e.g. ``green 2 6 – │ red 5 8`` (green 2, green 6...)."""
    groups: dict[str, list[str]] = {}
    for code in hand:
        groups.setdefault(code[0], []).append(kind(code))
    return " │ ".join(f"{colour(c)} {' '.join(ks)}" for c, ks in groups.items())


def trick_line(view: JSON) -> str:
    """The trick: ``·`` for a seat yet to play, ``??`` for a card face down, ◆ the token."""
    played, taken = set(view["played"]), set(view["taken"])
    items = []
    for seat, code in enumerate(view["table"]):
        shown = "·" if seat not in played else BACK if code is None else card_name(code)
        if seat in taken:
            shown += " (taken)"
        token = "◆" if seat == view["token"] else ""
        items.append(f"{seat}{token}:{shown}")
    return "Trick: " + "  ".join(items)


def chain_steps(view: JSON) -> list[str]:
    """Who took what since the reveal: the token holder took the card of the first seat
    of ``taken``, that seat the next one's..."""
    took: list[str] = []
    taker = view["token"]
    for owner in view["taken"]:
        took.append(f"{taker} took {owner}'s {card_name(view['table'][owner])}")
        taker = owner
    return took


def chain_line(view: JSON) -> str:
    """The chain of taking and whose turn it is to take (empty out of the taking)."""
    if view["phase"] != "take":
        return ""
    return "Taking: " + " → ".join([*chain_steps(view), f"seat {view['taker']} takes"])


def row_text(row: JSON) -> str:
    """A row of cards and what it scores now (empty for no cards)."""
    if not row["cards"]:
        return ""
    cards = " ".join(kind(c) for c in row["cards"])
    return f"{colour(row['cards'][0])} {cards} ={row['score']}"


def player_line(view: JSON, player: JSON, name: str) -> str:
    seat = player["seat"]
    token = "◆" if seat == view["token"] else " "
    rows = "  ".join(filter(None, (row_text(r) for r in player["rows"]))) or "no cards"
    return (f"{token}{seat} {name}: hand {player['hand_size']} · "
            f"rows {player['rows_score']:+}: {rows}")


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


def legend_line(view: JSON) -> str:
    """The colours' codes and names."""
    return "Colours: " + ", ".join(f"{c['code']} {c['english']}"
                                   for c in view["legend"]["colours"])


def codes_lines(view: JSON) -> list[str]:
    """The codes a person may type in notation (``play R7``), with what each names:
    the colours (from the view's legend), then the kinds."""
    colours = " ".join(f"{c['code']}={c['english']}" for c in view["legend"]["colours"])
    special = [k for k in view["legend"]["kinds"] if not k["code"].isdigit() or k["code"] == "0"]
    kinds = " ".join(k["code"] if k["code"] == k["name"] else f"{k['code']}={k['name']}"
                     for k in special)
    return [f"Colours: {colours}", f"Cards: a colour, then 1-10 {kinds} (R7, B-, Gx2, Y0)"]


def describe(view: JSON, viewer: int, names: Sequence[str]) -> str:
    """The whole board as ``viewer`` sees it (``names``: each seat's name)."""
    lines = [f"Nicht die Bohne! · round {view['round']}/{view['options']['rounds']} · "
             f"trick {view['turn']} · token seat {view['token']} · "
             f"{PHASES[view['phase']]} · you are seat {viewer}",
             legend_line(view), trick_line(view)]
    chain = chain_line(view)
    if chain:
        lines.append(chain)
    lines += [player_line(view, p, names[p["seat"]]) for p in view["players"]]
    lines += sheet_lines(view)
    lines.append("Your hand: " + (hand_text(view["players"][viewer]["hand"] or []) or "(empty)"))
    return "\n".join(lines)


# --- a seat's moves in words ---------------------------------------------------------


class _Words:
    """A card's words, from the view's legend (read once for a seat's moves)."""

    def __init__(self, view: JSON) -> None:
        legend = view["legend"]
        self.colours = {c["code"]: c["english"] for c in legend["colours"]}
        self.kinds = {k["code"]: k["name"] for k in legend["kinds"]}

    def card(self, code: str) -> str:
        """``red 7``, ``blue –``, ``yellow Nicht die Bohne``: its colour in English."""
        return f"{self.colours.get(code[:1], '?')} {self.kinds.get(code[1:], code[1:])}"


def _words(view: JSON, words: _Words, seat: int, action: NdbAction, names: Names) -> str:
    match action:
        case Play():
            how = "face up, leading the trick" if view["token"] == seat else "face down"
            return f"Play the {words.card(card_text(action.card))} {how}"
        case Take():
            table = view["table"]
            code = table[action.owner] if 0 <= action.owner < len(table) else None
            card = f"the {words.card(code)}" if code else "the card"
            return f"Take {card} that {seat_name(names, action.owner)} played"


def action_texts(view: JSON, actions: Sequence[NdbAction],
                 names: Names = NO_NAMES) -> list[str]:
    """Each of ``actions`` (of the seat whose view ``view`` is) in words, colours in
    English, other seats by ``names`` ("seat 2" without)."""
    if not actions:
        return []
    words = _Words(view)
    return [_words(view, words, view["seat"], action, names) for action in actions]
