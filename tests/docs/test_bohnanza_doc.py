"""Every worked example and code snippet of docs/bohnanza.md runs, so the page cannot drift.

A worked example is a fenced block with the info string ``bohnanza-example``::

    players: 4                      header: player count
    options: trading=open           rule options (key=value, comma separated), optional
    seat 0: GA SO BL FE AU          every seat's five dealt cards, front first
    draw: SO AU                     the draw pile's top cards after the deal, optional
    seed: 3                         shuffles the rest of the deck, optional (0)
    ---
    0: plant 0                      actions in notation, applied in order
    # event: <line>                 a line the previous action's events say (spectator)
    # expect: <what> = <value>      a fact about the state now
    # illegal: <action> (<reason>)  the action is refused, the reason in the message
    # anything else                 a comment

``<what>`` is ``seat N hand|trade_area|fields|talers|hand_size`` or ``face_up``,
``discard``, ``phase``, ``to_act``, ``active``, ``turn``, ``floor``, ``open`` (the open
proposals' numbers), ``proposals_made``, ``proposals_left``. Bean lists are names
separated by commas (``none`` for an empty one); fields read ``2 Garten, empty``.

Every ``python`` block of the page is run as well, each on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bohnen.bohnanza import BohnanzaState, stacked_deck
from bohnen.core import IllegalActionError, get_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "bohnanza.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
GAME = get_game("bohnanza")


@dataclass
class Example:
    """One worked example: how to deal, then the lines to play and check."""

    line: int
    players: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    hands: dict[int, list[str]] = field(default_factory=dict)
    draw: list[str] = field(default_factory=list)
    seed: int = 0
    steps: list[str] = field(default_factory=list)


def blocks(kind: str) -> list[tuple[int, str]]:
    """(line number, body) of every fenced block of ``kind`` in the page."""
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m.group(2))
            for m in FENCE.finditer(text) if m.group(1) == kind]


def option_value(text: str) -> Any:
    """An option value written in an example header: a number, a bool, none or a word."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    return int(text) if text.isdigit() else text


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
                ex.options[name] = option_value(setting)
        elif key.startswith("seat "):
            ex.hands[int(key[5:])] = value.split()
        elif key == "draw":
            ex.draw = value.split()
        elif key == "seed":
            ex.seed = int(value)
        elif key:
            raise ValueError(f"example at line {line}: unknown header {raw!r}")
    ex.steps = [s.strip() for s in tail.splitlines() if s.strip()]
    return ex


def start(ex: Example) -> BohnanzaState:
    """The example's game: its hands dealt one card a round, then its draw pile."""
    if sorted(ex.hands) != list(range(ex.players)):
        raise ValueError(f"example at line {ex.line}: give the hand of every seat")
    top = [ex.hands[seat][r] for r in range(5) for seat in range(ex.players)]
    deck = stacked_deck(top + ex.draw, ex.seed)
    state: BohnanzaState = GAME.new_game(GAME.options(ex.players, **ex.options), ex.seed, deck)
    return state


def beans(value: str) -> list[str]:
    return [] if value == "none" else [b.strip() for b in value.split(",")]


def numbers(value: str) -> list[int]:
    return [] if value == "none" else [int(v) for v in value.split(",")]


def field_text(f: dict[str, Any], names: dict[str, str]) -> str:
    return f"{f['count']} {names[f['bean']]}" if f["count"] else "empty"


def observe(state: BohnanzaState, what: str) -> Any:
    """The state's value of ``what``, in the form the expectation is parsed into (the
    state's JSON writes beans as codes; the examples read better with their names, which
    the view's legend gives)."""
    full = state.to_json()
    view = state.view(None)
    names = {b["code"]: b["name"] for b in view["legend"]}
    trading = view["trading"]
    words = what.split()
    if words[0] == "seat":
        player = full["players"][int(words[1])]
        facts: dict[str, Any] = {
            "hand": [names[b] for b in player["hand"]],
            "trade_area": [names[b] for b in player["trade_area"]],
            "fields": [field_text(f, names) for f in player["fields"]],
            "talers": len(player["taler_cards"]), "hand_size": len(player["hand"]),
        }
        return facts[words[2]]
    table: dict[str, Any] = {
        "face_up": [names[b] for b in full["face_up"]],
        "discard": [names[b] for b in full["discard"]], "phase": full["phase"],
        "to_act": list(state.to_act()), "active": full["active"], "turn": full["turn"],
        "floor": trading["floor"] if trading else None,
        "open": [p["pid"] for p in trading["proposals"]] if trading else [],
        "proposals_made": ([p["proposals_made"] for p in view["players"]] if trading
                           else None),
        "proposals_left": ([p["proposals_left"] for p in view["players"]] if trading
                           else None),
    }
    return table[what]


def expected(what: str, value: str) -> Any:
    """The expectation ``value`` parsed like :func:`observe` reports ``what``."""
    last = what.split()[-1]
    if last in ("hand", "trade_area", "face_up", "discard"):
        return beans(value)
    if last == "fields":
        return [v.strip() for v in value.split(",")]
    if last in ("to_act", "open", "proposals_made", "proposals_left"):
        return numbers(value)
    if last == "phase":
        return value
    return None if value == "none" else int(value)


def check_refused(state: BohnanzaState, text: str, where: str) -> None:
    match = re.fullmatch(r"(.*?)\s*\((.+)\)", text)
    notation, reason = (match.group(1), match.group(2)) if match else (text, "")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as caught:
        state.apply(GAME.parse_action(notation))
    assert reason in str(caught.value), f"{where}: {caught.value}"
    assert state.to_json() == before, f"{where}: a refused action changed the state"


def play(ex: Example) -> BohnanzaState:
    state = start(ex)
    said: list[str] = []
    for step in ex.steps:
        where = f"example at line {ex.line}, {step!r}"
        if step.startswith("# event:"):
            assert step[8:].strip() in said, f"{where}: the events said {said}"
        elif step.startswith("# expect:"):
            what, _, value = (part.strip() for part in step[9:].partition("="))
            got, want = observe(state, what), expected(what, value)
            assert got == want, f"{where}: the state says {got!r}"
        elif step.startswith("# illegal:"):
            check_refused(state, step[10:].strip(), where)
        elif not step.startswith("#"):
            action = GAME.parse_action(step)
            assert str(action) == step, f"{where}: notation is written {action}"
            said = [e.text(None) for e in state.apply(action)]
        state.audit()
    return state


EXAMPLES = blocks("bohnanza-example")
SNIPPETS = blocks("python")


def test_the_page_has_its_worked_examples() -> None:
    assert len(EXAMPLES) >= 5
    assert len(SNIPPETS) >= 3


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


def test_an_expectation_that_does_not_hold_fails() -> None:
    body = ("players: 3\nseat 0: RO RO RO RO RO\nseat 1: BL BL BL BL BL\n"
            "seat 2: FE FE FE FE FE\n---\n0: plant 0\n# expect: seat 0 hand = Blaue\n")
    with pytest.raises(AssertionError):
        play(parse_example(0, body))


def test_audit_accepts_a_trade_in_phase_2() -> None:
    body = ("players: 3\nseat 0: RO SO BL BL BL\nseat 1: AU FE FE FE FE\n"
            "seat 2: SA SA SA SA SA\ndraw: GA GA\n---\n0: plant 0\n0: plant 1\n"
            "0: propose 1 give h0 want AU\n1: accept 1 give h0\n")
    state = play(parse_example(0, body))
    assert state.view(None)["players"][1]["trade_area"] == ["BL"]
    state.audit()
    GAME.state_from_json(state.to_json())


def out_of_turn_any_time_moves(ex: Example) -> list[str]:
    """The any-time moves (harvest, buy-field) of the example that a seat not to act
    makes in turn-based trading, each checked to leave ``to_act()`` as it was. Playing
    them through the engine fails if the engine refuses one."""
    state = start(ex)
    taken: list[str] = []
    for step in ex.steps:
        if step.startswith("#"):
            continue
        action = GAME.parse_action(step)
        before = state.to_act()
        out_of_turn = (state.to_json()["options"]["trading"] == "turn_based"
                       and action.seat not in before and action.any_time)
        state.apply(action)
        if out_of_turn:
            assert state.to_act() == before, f"{step!r} changed whose move it is"
            taken.append(step)
    return taken


def test_the_page_plays_any_time_moves_out_of_turn_in_turn_based_trading() -> None:
    """The page says any seat may harvest or buy its third field at any moment, also
    in turn-based trading while another seat is to act; one of its examples plays such
    moves, and the engine accepts them."""
    taken = [step for line, body in EXAMPLES
             for step in out_of_turn_any_time_moves(parse_example(line, body))]
    assert "0: harvest 0" in taken
    assert "0: harvest 1" in taken
