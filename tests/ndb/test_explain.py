"""The Nicht die Bohne! heuristic bot's advice: its move and a one-line reason naming
the term of its scoring that decided it (the hint's reason at the terminal, issue 36).
The positions are those of ``test_heuristic.py``."""

from __future__ import annotations

import random

from bohnen.core.bots import Decision
from bohnen.ndb.actions import NdbAction
from bohnen.ndb.builder import build
from bohnen.ndb.heuristic import NdbHeuristicBot
from bohnen.ndb.state import NdbState


def position(rows: list[str], table: list[str | None], token: int, seat: int, hand: str,
             taken: tuple[int, ...] = ()) -> NdbState:
    return build(len(rows), rows=rows, table=table, token=token, hands={seat: hand},
                 taken=taken, seed=1)


def advise(state: NdbState, seat: int) -> tuple[NdbAction, str]:
    decision = Decision(seat, state.view(seat), state.legal_actions(seat), ())
    bot = NdbHeuristicBot()
    action, why = bot.advise(decision, random.Random(0))
    assert action == bot.act(decision, random.Random(0))
    return action, why


def test_taking_for_a_doubled_row_names_the_row_before_and_after() -> None:
    # Seat 0's blue row is x2 with a 2 (4 points): the B8 makes it 20.
    state = position(["R5 R6 Bx2 B2", "G3 G4 G5 G6", "Y1 Y2 Y3 Y4", "G7 G8 G9 G10"],
                     ["Y5", "R8", "B8", "Y6"], token=0, seat=0,
                     hand="R1 R2 R3 R4 Y7 Y8 Y9 Y10 B1 B3")
    action, why = advise(state, 0)
    assert str(action) == "0: take 2"
    assert why == "it takes your blue row from 4 to 20"


def test_nicht_die_bohne_on_a_negative_row_says_it_saves_the_row() -> None:
    state = position(["Y- Y9 Y8 R1", "G3 G4 G5 G6", "B1 B2 B3 B4", "G7 G8 G9 G10"],
                     ["B5", "Y0", "R3", "G2"], token=0, seat=0,
                     hand="R2 R4 R5 R6 B6 B7 B8 B9 B10 Y1")
    action, why = advise(state, 0)
    assert str(action) == "0: take 1"
    assert why == "it takes your yellow row from -17 to 0"


def test_the_least_harm_is_said_when_every_card_costs() -> None:
    state = position(["B9 B10 B8 Y- Y1", "G3 G4 G5 G6 G7", "R1 R2 R3 R4 R5",
                      "G8 G9 G10 Gx2 G-"],
                     ["G1", "B-", "Y7", "Y9"], token=0, seat=0,
                     hand="R6 R7 R8 R9 Y2 Y3 Y4 Y5 Y6")
    action, why = advise(state, 0)
    assert str(action) == "0: take 2"
    assert why == "the least harm of the cards left: it takes your yellow row from -1 to -8"


def test_a_lead_says_it_helps_the_others_least() -> None:
    state = position(["R1 R2", "B9 B10", "B7 B8", "B5 B6"], [None] * 4, token=0, seat=0,
                     hand="B- R10 Y10 G10 Bx2 R9 Y9 G9 R8 Y8 G8 R7 Y7")
    action, why = advise(state, 0)
    assert str(action) == "0: play B-"
    assert why.startswith("of your cards it helps the others least (-")


def test_a_card_played_face_down_names_the_token_holder_who_wants_it() -> None:
    state = position(["R8 R9 Y- Y1", "G1 G2 G3 G4", "G5 G6 G7 G8", "B1 B2 B3 B4"],
                     ["R3", None, None, None], token=0, seat=1,
                     hand="R10 Y10 B- B5 Y9 Y8 Y7 B6 B7 B8 B9")
    action, why = advise(state, 1)
    assert str(action) == "1: play R10"
    assert why.startswith("seat 0 (the token) wants it most (+")
    assert why.endswith("so it takes it and you take next")
