"""Every worked example and code snippet of docs/ndb.md runs, so the page cannot drift.

A worked example is a fenced block with the info string ``ndb-example``::

    players: 5                      header: player count
    options: rounds=1               rule options (key=value, comma separated), optional
    seat 0: G2 G6 G- R5 …           every seat's whole first-round hand
    ---
    0: play R8                      actions in notation, applied in order
    # event: <line>                 a line the previous action's events say (spectator)
    # expect: <what> = <value>      a fact about the state now
    # illegal: <action> (<reason>)  the action is refused, the reason in the message
    # anything else                 a comment

``<what>`` is ``seat N hand|hand_size|rows|table`` (``table`` as seat N sees it) or
``table`` (as a spectator sees it), ``phase``, ``to_act``, ``token``, ``taker``,
``dealer``, ``round``, ``turn``, ``totals`` (the view's keys). Cards are codes separated by spaces
(``none`` for no card); rows are separated by `` | `` (empty rows left out); on the
table ``?`` is a card played face down and ``.`` no card.

Every ``python`` block of the page is run as well, each on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bohnen.core import IllegalActionError, get_game
from bohnen.ndb import NdbState, stacked_deck
from bohnen.ndb.view_types import AnyView, PlayerView, SpectatorPlayerView

DOC = Path(__file__).resolve().parents[2] / "docs" / "ndb.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
GAME = get_game("ndb")


@dataclass
class Example:
    """One worked example: the deal, then the lines to play and check."""

    line: int
    players: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    hands: dict[int, list[str]] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)


def blocks(kind: str) -> list[tuple[int, str]]:
    """(line number, body) of every fenced block of ``kind`` in the page."""
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(2))
            for m in FENCE.finditer(text) if m.group(1) == kind]


def parse_example(line: int, body: str) -> Example:
    head, sep, tail = body.partition("\n---\n")
    if not sep:
        raise ValueError(f"example at line {line}: no '---' between header and actions")
    ex = Example(line)
    for raw in head.splitlines():
        key, _, value = (part.strip() for part in raw.partition(":"))
        if key == "players":
            ex.players = int(value)
        elif key == "options":
            for item in value.split(","):
                name, _, setting = (part.strip() for part in item.partition("="))
                ex.options[name] = int(setting)
        elif key.startswith("seat "):
            ex.hands[int(key[5:])] = value.split()
        elif key:
            raise ValueError(f"example at line {line}: unknown header {raw!r}")
    ex.steps = [s.strip() for s in tail.splitlines() if s.strip()]
    return ex


def start(ex: Example) -> NdbState:
    if sorted(ex.hands) != list(range(ex.players)):
        raise ValueError(f"example at line {ex.line}: give the hand of every seat")
    deck = stacked_deck([ex.hands[seat] for seat in range(ex.players)])
    state: NdbState = GAME.new_game(GAME.options(ex.players, **ex.options), 0, deck)
    return state


def table_text(view: AnyView) -> str:
    played = set(view["played"])
    return " ".join(card or ("?" if seat in played else ".")
                    for seat, card in enumerate(view["table"]))


def rows_text(player: PlayerView | SpectatorPlayerView) -> str:
    rows = [" ".join(r["cards"]) for r in player["rows"] if r["cards"]]
    return " | ".join(rows) or "none"


def observe(state: NdbState, what: str) -> str:
    """The state's value of ``what``, written as the page writes it."""
    view = state.view(None)
    words = what.split()
    if words[0] == "seat":
        seat = int(words[1])
        own = state.view(seat)
        facts = {
            "hand": " ".join(own["players"][seat]["hand"] or ()) or "none",
            "hand_size": str(view["players"][seat]["hand_size"]),
            "rows": rows_text(view["players"][seat]),
            "table": table_text(own),
        }
        return facts[words[2]]
    if what == "table":
        return table_text(view)
    if what in ("to_act", "totals"):
        return ", ".join(str(x) for x in view[what]) or "none"  # type: ignore[literal-required]
    return str(view[what])  # type: ignore[literal-required]


def check_refused(state: NdbState, text: str, where: str) -> None:
    match = re.fullmatch(r"(.*?)\s*\((.+)\)", text)
    notation, reason = (match.group(1), match.group(2)) if match else (text, "")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(GAME.parse_action(notation))
    assert reason in str(caught.value), f"{where}: {caught.value}"
    assert state.to_json() == before, f"{where}: a refused action changed the state"


def play(ex: Example) -> NdbState:
    state = start(ex)
    said: list[str] = []
    for step in ex.steps:
        where = f"example at line {ex.line}, {step!r}"
        if step.startswith("# event:"):
            assert step[8:].strip() in said, f"{where}: the events said {said}"
        elif step.startswith("# expect:"):
            what, _, value = (part.strip() for part in step[9:].partition("="))
            got = observe(state, what)
            assert got == value, f"{where}: the state says {got!r}"
        elif step.startswith("# illegal:"):
            check_refused(state, step[10:].strip(), where)
        elif not step.startswith("#"):
            action = GAME.parse_action(step)
            assert str(action) == step, f"{where}: notation is written {action}"
            said = [e.text(None) for e in state.apply(action)]
        state.audit()
    return state


EXAMPLES = blocks("ndb-example")
SNIPPETS = blocks("python")


def test_the_page_has_its_worked_examples() -> None:
    assert len(EXAMPLES) >= 2
    assert len(SNIPPETS) >= 4


@pytest.mark.parametrize(("line", "body"), EXAMPLES, ids=[f"line{n}" for n, _ in EXAMPLES])
def test_worked_example(line: int, body: str) -> None:
    ex = parse_example(line, body)
    checks = [s for s in ex.steps if s.startswith(("# expect:", "# event:", "# illegal:"))]
    assert checks, f"example at line {line} checks nothing"
    play(ex)


@pytest.mark.parametrize(("line", "body"), SNIPPETS, ids=[f"line{n}" for n, _ in SNIPPETS])
def test_code_snippet(line: int, body: str) -> None:
    code = compile(body, f"{DOC.name}:{line}", "exec")
    exec(code, {"__name__": f"doc_snippet_{line}"})


HANDS_3 = ("seat 0: G1 G2 G3 G4 G5 G6 G7 G8 G9 G10 G- G- G- Gx2 G0 R1 R2 R3 R4 R5\n"
           "seat 1: R6 R7 R8 R9 R10 R- R- R- Rx2 R0 Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10\n"
           "seat 2: Y- Y- Y- Yx2 Y0 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B- B- B- Bx2 B0\n")


def test_an_expectation_that_does_not_hold_fails() -> None:
    body = "players: 3\n" + HANDS_3 + "---\n0: play G1\n# expect: table = G2 ? .\n"
    with pytest.raises(AssertionError):
        play(parse_example(0, body))


def test_a_legal_action_marked_illegal_fails() -> None:
    body = "players: 3\n" + HANDS_3 + "---\n# illegal: 0: play G1\n"
    with pytest.raises(pytest.fail.Exception):
        play(parse_example(0, body))


def test_the_readings_of_a_trick() -> None:
    body = ("players: 3\n" + HANDS_3 + "---\n0: play G1\n2: play B0\n"
            "# expect: table = G1 . ?\n# expect: seat 2 table = G1 . B0\n"
            "# expect: seat 1 hand_size = 20\n# expect: to_act = 1\n")
    state = play(parse_example(0, body))
    state.apply(GAME.parse_action("1: play R0"))
    state.apply(GAME.parse_action("0: take 2"))
    assert observe(state, "seat 0 rows") == "B0"
    assert observe(state, "seat 1 rows") == "G1"
    assert observe(state, "token") == "1"
