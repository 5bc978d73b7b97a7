"""Positions for the Bohnanza rule tests, built only through the public protocol.

Two ways to set a rule up exactly:

- :func:`deal` starts a game from a fixed deck: the hands to deal (one string of bean
  codes per seat, in the order the seat receives them) and the top of the draw pile;
- :func:`position` builds any state from the cards named in each place: the package's
  position builder (``bohnen.bohnanza.builder.position``).

Then :func:`act` plays actions in notation and :func:`refused` checks that an action
is illegal and leaves ``to_json()`` unchanged. The readers (:func:`hand`,
:func:`fields`, ...) go through ``view`` and ``to_json``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bohnen.bohnanza import stacked_deck
from bohnen.bohnanza.builder import position as build_position
from bohnen.core import IllegalActionError, get_game

GAME = get_game("bohnanza")

# The facts of decisions.md, written out here so that the tests do not read them
# back from the engine: code -> (name, cards, beans needed for 1/2/3/4 talers).
BEAN_TABLE: dict[str, tuple[str, int, tuple[int | None, ...]]] = {
    "BL": ("Blaue", 20, (4, 6, 8, 10)),
    "FE": ("Feuer", 18, (3, 6, 8, 9)),
    "SA": ("Sau", 16, (3, 5, 7, 8)),
    "BR": ("Brech", 14, (3, 5, 6, 7)),
    "SO": ("Soja", 12, (2, 4, 6, 7)),
    "AU": ("Augen", 10, (2, 4, 5, 6)),
    "RO": ("Rote", 8, (2, 3, 4, 5)),
    "GA": ("Garten", 6, (None, 2, 3, None)),
}
NAME = {code: row[0] for code, row in BEAN_TABLE.items()}
CODE = {row[0]: code for code, row in BEAN_TABLE.items()}

JSON = dict[str, Any]
Cards = str  # bean codes separated by spaces, e.g. "RO BL AU"


def codes(text: Cards) -> list[str]:
    """``"ro bl"`` -> ``["RO", "BL"]`` (checked)."""
    out = [c.upper() for c in text.split()]
    for c in out:
        if c not in NAME:
            raise ValueError(f"unknown bean code {c!r}")
    return out


def names(text: Cards) -> list[str]:
    """Beans as views and JSON show them, their codes: ``"ro bl"`` -> ``["RO", "BL"]``."""
    return codes(text)


# --- starting from a fixed deck -----------------------------------------------------


def deck_for(hands: Sequence[Cards], draw: Cards = "", seed: int = 0) -> list[str]:
    """A full deck that deals ``hands`` (one card per seat per round) then draws ``draw``."""
    per_seat = [codes(h) for h in hands]
    if any(len(h) != 5 for h in per_seat):
        raise ValueError("each hand of a deal holds 5 cards")
    top = [per_seat[seat][r] for r in range(5) for seat in range(len(per_seat))]
    return stacked_deck(top + codes(draw), seed)


def deal(hands: Sequence[Cards], draw: Cards = "", *, seed: int = 0, **options: Any) -> Any:
    """A new game (``len(hands)`` players) whose deal and first draws are fixed."""
    opts = GAME.options(len(hands), **options)
    return GAME.new_game(opts, seed, deck=deck_for(hands, draw, seed))


# --- any position ---------------------------------------------------------------------


def position(players: int = 3, **spec: Any) -> Any:
    """A state with exactly these cards in these places: the package's position builder
    (:func:`bohnen.bohnanza.builder.position`)."""
    return build_position(players, **spec)


# --- playing ----------------------------------------------------------------------------


def act(state: Any, *moves: str) -> list[JSON]:
    """Apply each action written in notation; the events, as a spectator sees them."""
    events: list[JSON] = []
    for text in moves:
        events.extend(e.to_json(None) for e in state.apply(GAME.parse_action(text)))
    return events


def refused(state: Any, move: str) -> str:
    """Check that ``move`` is illegal here and changes nothing; the error message."""
    before = state.to_json()
    action = GAME.parse_action(move)
    with pytest.raises(IllegalActionError) as info:
        state.check(action)
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_json() == before
    return str(info.value)


def allowed(state: Any, move: str) -> bool:
    """Whether ``move`` is legal now (checked without applying it)."""
    try:
        state.check(GAME.parse_action(move))
    except IllegalActionError:
        return False
    return True


def legal(state: Any, seat: int) -> set[str]:
    """The legal actions of ``seat`` (proposals aside), in notation."""
    return {str(a) for a in state.legal_actions(seat)}


def event_kinds(events: list[JSON]) -> list[str]:
    return [e["event"] for e in events]


# --- reading --------------------------------------------------------------------------


def public(state: Any) -> JSON:
    """The spectator's view."""
    view: JSON = state.view(None)
    return view


def player(state: Any, seat: int) -> JSON:
    data: JSON = state.view(None)["players"][seat]
    return data


def hand(state: Any, seat: int) -> list[str]:
    """The seat's hand in order, as the seat itself sees it (codes)."""
    cards: list[str] = state.view(seat)["players"][seat]["hand"]
    return cards


def fields(state: Any, seat: int) -> list[tuple[str | None, int]]:
    """(bean code or None, count) of each field of the seat."""
    return [(f["bean"], f["count"]) for f in player(state, seat)["fields"]]


def talers(state: Any, seat: int) -> int:
    count: int = player(state, seat)["talers"]
    return count


def trade_area(state: Any, seat: int) -> list[str]:
    cards: list[str] = player(state, seat)["trade_area"]
    return cards


def discard(state: Any) -> list[str]:
    cards: list[str] = public(state)["discard"]
    return cards


def face_up(state: Any) -> list[str]:
    cards: list[str] = public(state)["face_up"]
    return cards


def phase(state: Any) -> str:
    name: str = public(state)["phase"]
    return name


def active(state: Any) -> int:
    seat: int = public(state)["active"]
    return seat


def runouts(state: Any) -> int:
    count: int = public(state)["runouts"]
    return count


def draw_pile(state: Any) -> list[str]:
    """The draw pile, top card first (from the full state: hidden from every view)."""
    cards: list[str] = state.to_json()["draw_pile"]
    return cards


def open_pids(state: Any) -> list[int]:
    """Numbers of the open proposals (phase 2)."""
    trading = public(state)["trading"]
    return [] if trading is None else [p["pid"] for p in trading["proposals"]]


def last_pid(state: Any) -> int:
    return open_pids(state)[-1]


def propose(state: Any, move: str, *answers: str) -> list[JSON]:
    """Make the proposal ``move``, then play ``answers`` with ``{pid}`` set to its number."""
    events = act(state, move)
    pid = last_pid(state)
    return events + act(state, *[a.format(pid=pid) for a in answers])
