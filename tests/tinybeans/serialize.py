"""The full state of Tiny Beans as JSON and back (versioned; its invariants: ``audit``).

The state's JSON uses the same names as the views where they show the same thing
(``draw_pile`` here is the list of cards, the views give ``draw_pile_size``).
"""

from __future__ import annotations

from typing import Any, TypeVar

from bohnen.core import saved
from bohnen.core.errors import RecordError
from bohnen.core.files import excerpt
from tinybeans.audit import audit
from tinybeans.cards import Card, code, parse_card
from tinybeans.data import VERSION, Phase, TinyData
from tinybeans.options import TinyOptions
from tinybeans.views import PHASES

D = TypeVar("D", bound=TinyData)
JSON = dict[str, Any]
PHASE_NAMES = tuple(PHASES[phase] for phase in Phase)


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [code(card) for card in cards]


def state_to_json(state: TinyData) -> JSON:
    """Everything, hidden cards included: a position to study or to resume."""
    return {
        "game": "tinybeans",
        "version": VERSION,
        "options": state.options.to_json(),
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "hands": [_codes(hand) for hand in state.hands],
        "played": [None if card is None else code(card) for card in state.played],
        "draw_pile": _codes(state.draw_pile),
        "discard": _codes(state.discard),
        "kept": [_codes(cards) for cards in state.kept],
        "winner": state.winner,
    }


def state_from_json(kind: type[D], data: object) -> D:
    """The state of :func:`state_to_json`, as an instance of ``kind`` (the thin state
    class, which this module does not import); ``RecordError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("game") != "tinybeans":
        raise RecordError("not a Tiny Beans state (expected an object with game 'tinybeans')")
    if data.get("version") != VERSION:
        raise RecordError(f"a saved state of Tiny Beans version {excerpt(data.get('version'))}; "
                          f"this engine reads version {VERSION}")
    state = object.__new__(kind)
    try:
        _load(state, data)
        audit(state)
    except KeyError as exc:
        raise RecordError(f"bad Tiny Beans state: missing {exc}") from None
    except (ValueError, AssertionError) as exc:
        raise RecordError(f"bad Tiny Beans state: {exc}") from None
    return state


def _cards(value: object, what: str) -> tuple[Card, ...]:
    return tuple(parse_card(saved.text(x, what)) for x in saved.items(value, what))


def _load(state: TinyData, data: JSON) -> None:
    options = TinyOptions.from_json(data["options"])
    players = options.players
    state.options, state.players = options, players
    state.phase = Phase(saved.choice(data["phase"], PHASE_NAMES, "phase"))
    state.turn = saved.whole(data["turn"], "turn", 1, 12)
    state.hands = [tuple(sorted(_cards(hand, "a hand")))
                   for hand in saved.items(data["hands"], "hands", players)]
    state.played = [None if card is None else parse_card(saved.text(card, "played"))
                    for card in saved.items(data["played"], "played", players)]
    state.draw_pile = _cards(data["draw_pile"], "draw_pile")
    state.discard = _cards(data["discard"], "discard")
    state.kept = [_cards(cards, "kept") for cards in saved.items(data["kept"], "kept", players)]
    winner = data["winner"]
    state.winner = None if winner is None else saved.seat(winner, players, "winner")
