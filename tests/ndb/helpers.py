"""Positions for the Nicht die Bohne! rule tests, built with the game's position builder
(``bohnen.ndb.builder``) and read only through the public protocol.

Ways to set a rule up exactly:

- :func:`deal` starts a game whose first-round hands hold the cards named (the rest
  of the deck fills the hands, shuffled by a seed): ``stacked_deck``;
- ``build`` (the builder) makes any position from the hands, rows and trick named;
- :func:`last_trick` builds the last trick of a round from each seat's cards for the
  whole round, and :func:`finish_trick` plays it so that seat ``s`` ends up with the
  last card of its list; :func:`score_round` does both for seat 0's cards, the other
  colours made worth nothing by their "Nicht die Bohne" card.

Then :func:`act` plays actions in notation, :func:`refused` and :func:`malformed`
check that an action is turned down and leaves ``to_json()`` unchanged, and
:func:`play_randomly` plays uniformly random legal actions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from bohnen.core import IllegalActionError, InvalidActionError
from bohnen.ndb import GAME as GAME
from bohnen.ndb import NdbState, build, stacked_deck
from bohnen.ndb.actions import NdbAction
from bohnen.ndb.events import NdbEvent
from bohnen.ndb.view_types import AnyView, RowView, SpectatorView

# The facts of decisions.md, written out here so that the tests do not read them
# back from the engine. Colour letter -> French name, in the order of the text.
COLOURS: dict[str, str] = {"G": "vert", "R": "rouge", "Y": "jaune", "B": "bleu"}
# Kind code -> copies in each colour: the values 1..10, three "–", one x2, one
# "Nicht die Bohne" (code 0).
KIND_COPIES: dict[str, int] = {**{str(v): 1 for v in range(1, 11)}, "-": 3, "x2": 1, "0": 1}
SPECIAL_KINDS = ("-", "x2", "0")
HAND_SIZES: dict[int, int] = {3: 20, 4: 15, 5: 12, 6: 10}
DECK: list[str] = [c + k for c in COLOURS for k, copies in KIND_COPIES.items()
                   for _ in range(copies)]

# A round of three players for :func:`last_trick`: seat 0 takes the text's example
# (+9 red, +28 blue, 0 green, -13 yellow: 37 / 13 / 24); seat 1 scores -37 (red 1, 2,
# 4, 5, 7, 8, 10 with one "–"; yellow cancelled), seat 2 -36 (green 8 + 10, three "–"
# and x2; red and blue cancelled).
SHEET_ROUND: list[list[str]] = [
    ["R3", "R6", "B8", "B2", "B4", "B-", "B-", "Bx2", "G0", "G5", "G9", "Y4", "Y9",
     "Y-", "G1", "G2", "G3", "G4", "G6", "G7"],
    ["Y1", "Y2", "Y3", "Y5", "Y6", "Y7", "Y8", "Y10", "Y-", "Y-", "Yx2", "Y0",
     "R-", "R1", "R2", "R4", "R5", "R7", "R8", "R10"],
    ["R9", "R-", "R-", "Rx2", "R0", "B1", "B3", "B5", "B6", "B7", "B9", "B10", "B-",
     "B0", "G8", "G10", "G-", "G-", "G-", "Gx2"],
]

JSON = dict[str, Any]
Cards = str  # card codes separated by spaces, e.g. "R7 B- Gx2 Y0"


def codes(text: Cards) -> list[str]:
    """``"r7 b– gX2"`` -> ``["R7", "B-", "Gx2"]`` (checked against the deck)."""
    out = []
    for word in text.split():
        card = word[0].upper() + word[1:].lower().replace("–", "-")
        if card not in DECK:
            raise ValueError(f"unknown card {word!r}")
        out.append(card)
    return out


def colour_of(card: str) -> str:
    return card[0]


def kind_of(card: str) -> str:
    return card[1:]


def is_special(card: str) -> bool:
    return kind_of(card) in SPECIAL_KINDS


def remainder(named: Iterable[str]) -> list[str]:
    """The cards of the deck not in ``named`` (deck order); ``ValueError`` if too many."""
    left = Counter(DECK)
    left.subtract(named)
    over = sorted(card for card, count in left.items() if count < 0)
    if over:
        raise ValueError(f"more copies named than the deck holds: {' '.join(over)}")
    return list(left.elements())


# --- starting from a deal -----------------------------------------------------------------


def deal(hands: Sequence[Cards] = (), players: int = 3, *, seed: int = 0,
         **options: Any) -> NdbState:
    """A new game whose first-round hands hold the cards named (seat 0 first)."""
    deck = stacked_deck(hands, seed, players=players)
    state: NdbState = GAME.new_game(GAME.options(players, **options), seed, deck)
    return state


# --- any position -----------------------------------------------------------------------


def last_trick(round_cards: Sequence[Sequence[str]], **kwargs: Any) -> NdbState:
    """The last trick of a round, seat 0 holding the token: ``round_cards[s]`` are the
    cards seat ``s`` takes in the whole round, the last of them in this trick, where
    seat ``s + 1`` holds it (see :func:`finish_trick`)."""
    n = len(round_cards)
    rows = [list(cards[:-1]) for cards in round_cards]
    hands = [[round_cards[(s - 1) % n][-1]] for s in range(n)]
    return build(n, hands=hands, rows=rows, token=0, **kwargs)


def finish_trick(state: NdbState) -> list[NdbEvent]:
    """Play the last trick set up by :func:`last_trick`: every seat plays its one card;
    seat ``s`` takes seat ``s + 1``'s card (the engine makes the forced takes), and the
    last seat takes the token card. The events."""
    n = state.options.players
    events: list[NdbEvent] = []
    for seat in range(n):
        events += act(state, f"{seat}: play {hand(state, seat)[0]}")
    for seat in range(n - 1):
        if public(state)["phase"] == "take" and state.to_act() == (seat,):
            events += act(state, f"{seat}: take {seat + 1}")
    return events


def zero_filler(cards: list[str], size: int) -> list[str]:
    """Cards to add to ``cards`` to make ``size`` without changing their score: cards of
    colours whose row holds (or is given) its "Nicht die Bohne" card."""
    left = remainder(cards)
    used = {colour_of(c) for c in cards}
    cancelled = [c for c in COLOURS if c + "0" in cards]
    unused = [c for c in COLOURS if c not in used]
    out: list[str] = []
    for colour in cancelled + unused:
        if colour in unused:
            out.append(colour + "0")
        out += [c for c in left if colour_of(c) == colour and c != colour + "0"]
    if len(cards) + len(out) < size:
        raise ValueError(f"{' '.join(cards)}: not enough cards worth nothing to fill a hand")
    return out[:size - len(cards)]


def round_for(seat0: Cards, players: int = 3) -> list[list[str]]:
    """The cards each seat takes in a round (for :func:`last_trick`): seat 0 the cards
    ``seat0`` (the last one last) after cards of other colours worth nothing; the other
    seats the rest of the deck."""
    size = HAND_SIZES[players]
    named = codes(seat0)
    mine = zero_filler(named, size)[::-1] + named
    rest = remainder(mine)
    return [mine] + [rest[k * size:(k + 1) * size] for k in range(players - 1)]


def score_round(seat0: Cards, players: int = 3) -> NdbState:
    """Play the end of a one-round game in which seat 0 takes exactly the cards
    ``seat0`` (see :func:`round_for`); the final state."""
    state = last_trick(round_for(seat0, players), rounds=1)
    finish_trick(state)
    return state


# --- playing --------------------------------------------------------------------------


def act(state: NdbState, *moves: str) -> list[NdbEvent]:
    """Apply each action written in notation; the events."""
    events: list[NdbEvent] = []
    for text in moves:
        events += state.apply(GAME.parse_action(text))
    return events


def refused(state: NdbState, move: str | NdbAction) -> str:
    """Check that ``move`` (notation or an action) is illegal here and changes nothing;
    the error message."""
    action = GAME.parse_action(move) if isinstance(move, str) else move
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.check(action)
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_json() == before
    return str(info.value)


def malformed(state: NdbState, action: Any) -> str:
    """Check that ``action`` (any object) is refused as malformed and changes nothing;
    the message."""
    before = state.to_json()
    with pytest.raises(InvalidActionError) as info:
        state.check(action)
    with pytest.raises(InvalidActionError):
        state.apply(action)
    assert state.to_json() == before
    return str(info.value)


def legal(state: NdbState, seat: int) -> set[str]:
    """The legal actions of ``seat``, in notation."""
    return {str(a) for a in state.legal_actions(seat)}


Each = Callable[[NdbState, NdbAction, list[NdbEvent]], None]


def play_randomly(state: NdbState, rng: random.Random, *,
                  until: Callable[[NdbState], bool] = lambda s: False,
                  each: Each | None = None) -> list[NdbEvent]:
    """Uniformly random legal actions (random seat among ``to_act``) until the game
    ends or ``until(state)``; ``each(state, action, events)`` after every action. The
    events."""
    events: list[NdbEvent] = []
    while not state.is_over and not until(state):
        seat = rng.choice(state.to_act())
        action = rng.choice(state.legal_actions(seat))
        happened = state.apply(action)
        if each is not None:
            each(state, action, happened)
        events += happened
    return events


def random_game(players: int, seed: int, **options: int) -> tuple[NdbState, list[NdbEvent]]:
    """A whole game of random moves: the final state and every event."""
    state = GAME.new_game(GAME.options(players, **options), seed)
    return state, play_randomly(state, random.Random(seed))


def spectator(events: Iterable[NdbEvent]) -> list[JSON]:
    """The events as a spectator sees them."""
    return [e.to_json(None) for e in events]


# --- reading --------------------------------------------------------------------------


def public(state: NdbState) -> SpectatorView:
    return state.view(None)


def hand(state: NdbState, seat: int) -> list[str]:
    """The seat's hand, as the seat itself sees it."""
    cards = state.view(seat)["players"][seat]["hand"]
    assert cards is not None
    return cards


def rows(state: NdbState, seat: int) -> list[list[str]]:
    """The seat's rows (one per colour, in the view's order), as a spectator sees them."""
    return [r["cards"] for r in public(state)["players"][seat]["rows"]]


def row_of(state: NdbState, seat: int, colour: str) -> RowView:
    """The seat's row of ``colour`` (its cards and score), found by the cards' colour."""
    for row in public(state)["players"][seat]["rows"]:
        if row["cards"] and colour_of(row["cards"][0]) == colour:
            return row
    raise AssertionError(f"seat {seat} has no {COLOURS[colour]} row")


def sheet_line(state: NdbState, seat: int, round: int = 1) -> tuple[int, int, int]:
    """("Spiel +", "Spiel –", "Summe") of ``seat`` for ``round``, from the spectator's
    view."""
    line = public(state)["sheet"][round - 1][seat]
    return line["plus"], line["minus"], line["total"]


def table_cards(view: AnyView) -> list[str | None]:
    """The trick as the view shows it: a code per seat, None if unseen or not played."""
    return list(view["table"])
