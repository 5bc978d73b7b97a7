"""The table of a replay as an observer sees it, for each game: the boards of the game
screens drawn from a spectator's view, with the hands face down (their sizes only),
and every hand spelled out once the game is over.

Each game's board is built from the lines its own screen draws (the players' rows,
the trick, the trading, the phase), so a replay looks like the game; only the lines
that speak to one seat ("Your hand", "your proposals left") are left out, since an
observer sits at no seat. Markup, as the screens write it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bohnen.core.english import counted
from bohnen.tui import bohnanza_screen, hansa_board, ndb_screen
from bohnen.tui.hansa_facts import board_of
from bohnen.tui.text import esc
from bohnen.tui.trade_panel import bean_names
from bohnen.tui.words import words

JSON = dict[str, Any]
NOBODY = -1  # the viewer of an observer's board: no seat is "you"
Board = Callable[[JSON, Sequence[str], "Sequence[JSON] | None"], list[str]]


def hands_face_down(view: JSON) -> str:
    """Every seat's hand as an observer sees it: its number of cards."""
    sizes = " · ".join(f"seat {p['seat']} {counted(p['hand_size'], 'card')}"
                       for p in view["players"])
    return f"Hands (face down): {sizes}"


def bohnanza_lines(view: JSON, names: Sequence[str], seats: Sequence[JSON] | None) -> list[str]:
    beans = bean_names(view)
    discard = view["discard"]
    top = f", top {bohnanza_screen.bean(discard[-1], beans)}" if discard else ""
    face = " ".join(f"f{i} {bohnanza_screen.bean(b, beans)}"
                    for i, b in enumerate(view["face_up"])) or "—"
    lines = [f"Draw {view['draw_pile_size']} · run-outs {view['runouts']}/3 · "
             f"discard {len(discard)}{top} · face up: {face}",
             "[dim]seat         talers hand  fields: bean count=talers→next step[/dim]"]
    lines += [bohnanza_screen.player_line(view, p, NOBODY, names[p["seat"]], beans)
              for p in view["players"]]
    areas = [f"{p['seat']}: " + " ".join(bohnanza_screen.bean(b, beans) for b in p["trade_area"])
             for p in view["players"] if p["trade_area"]]
    if areas:
        lines.append("Trade areas: " + " · ".join(areas))
    trading = view["trading"]
    if trading is not None:
        floor = trading["floor"]
        lines.append(f"Trading · floor: seat {floor}" if floor is not None else "Trading")
        lines += [esc(words("bohnanza").proposal_text(p, beans)) for p in trading["proposals"]]
    if seats is None:
        return [*lines, hands_face_down(view)]
    return lines + [bohnanza_hand(s, own["players"][s]["hand"] or [], beans)
                    for s, own in enumerate(seats)]


def bohnanza_hand(seat: int, hand: Sequence[str], beans: dict[str, str]) -> str:
    """A Bohnanza hand spelled out, its front card first (its names only: the hand
    positions matter to the seat that plays, not to the reader of a finished game)."""
    cards = " ".join(bohnanza_screen.bean(code, beans) for code in hand) or "(empty)"
    return f"Seat {seat} hand ({counted(len(hand), 'card')}, front first): {cards}"


def ndb_lines(view: JSON, names: Sequence[str], seats: Sequence[JSON] | None) -> list[str]:
    lines = [ndb_screen.table_line(view)]
    chain = ndb_screen.chain_line(view)
    if chain:
        lines.append(chain)
    lines += [ndb_screen.player_line(view, p, NOBODY, names[p["seat"]])
              for p in view["players"]]
    lines += [f"[dim]{esc(line)}[/dim]" for line in ndb_screen.sheet_lines(view)]
    if seats is None:
        return [*lines, hands_face_down(view)]
    hands = [own["players"][s]["hand"] or [] for s, own in enumerate(seats)]
    return lines + [f"Seat {s} hand ({counted(len(hand), 'card')}): "
                    + (esc(ndb_screen.hand_text(hand)) or "(empty)")
                    for s, hand in enumerate(hands)]


def hansa_lines(view: JSON, names: Sequence[str], seats: Sequence[JSON] | None) -> list[str]:
    board = board_of(view)
    lines = [hansa_board.header(view), *hansa_board.players_lines(view, NOBODY, names)]
    table = hansa_board.table_line(view)
    if table:
        lines.append(table)
    lines += hansa_phase(board, view)
    if seats is None:
        return [*lines, hands_face_down(view)]
    for s, own in enumerate(seats):
        me = own["players"][s]
        hand = hansa_board.hand_lines(board, own["contracts"], s, me["hand"] or [], me["beans"])
        lines += [f"Seat {s} {hand[0]}", *hand[1:]]
    return lines


def hansa_phase(board: Any, view: JSON) -> list[str]:
    """The phase's lines as the screen writes them, the trade's without the proposals
    left of a seat (the observer has none)."""
    if view["phase"] != "trade":
        return hansa_board.phase_lines(board, view, NOBODY)
    active = view["active"]
    city = view["players"][active]["city"]
    line = f"Trade in {esc(city)} (prices fixed) · floor: seat {view['floor']}"
    pending = view["pending"]
    if pending is None:
        return [line]
    return [line, esc(hansa_board.deal_text(pending, active, city))]


BOARDS: dict[str, Board] = {"bohnanza": bohnanza_lines, "ndb": ndb_lines,
                            "hansa": hansa_lines}


def check_viewable(game: str) -> None:
    """``ValueError`` if the replay viewer cannot draw ``game``."""
    if game not in BOARDS:
        raise ValueError(f"the replay viewer draws {', '.join(sorted(BOARDS))}, not {game}")


def observer_board(game: str, view: JSON, names: Sequence[str],
                   seats: Sequence[JSON] | None = None) -> str:
    """The table of ``game`` in ``view`` (a spectator's) as markup; with ``seats`` (each
    seat's own view, once the game is over) every hand shown."""
    check_viewable(game)
    return "\n".join(BOARDS[game](view, names, seats))
