"""The heuristic bot of Nicht die Bohne!: one test per decision, from exact positions.

Positions are built with the position builder: each seat's rows, the table and the
bot's hand are named; the rest of the deck fills the other hands (hidden from the
bot). Then the bot is asked, as the runner asks it, with the seat's view and the
legal actions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bots import make_bot
from bohnen.core.bots import Decision, chosen
from bohnen.core.rng import derive
from bohnen.ndb import GAME
from bohnen.ndb.actions import NdbAction, Play, Take
from bohnen.ndb.builder import build
from bohnen.ndb.cards import code
from bohnen.ndb.heuristic import NdbHeuristicBot
from bohnen.ndb.state import NdbState
from bohnen.sim.runner import play_game


def position(rows: list[str], table: list[str | None], token: int, seat: int, hand: str,
             taken: tuple[int, ...] = ()) -> NdbState:
    """A 4-player position (the builder's): each seat's row cards from the earlier
    tricks, the card each seat has on the table (``None``: not played yet), the token
    holder, ``seat``'s whole hand, and in the taking the seats whose card was taken
    (in order: the token holder took the first). The builder deals the rest of the
    deck to the other hands (hidden from the bot)."""
    state = build(len(rows), rows=rows, table=table, token=token, hands={seat: hand},
                  taken=taken, seed=1)
    assert len(hand.split()) == len(state.hands[seat]), "name the bot's whole hand"
    return state


def decide(state: NdbState, seat: int) -> NdbAction:
    decision = Decision(seat, state.view(seat), state.legal_actions(seat), ())
    action: NdbAction = chosen(make_bot("heuristic", GAME), decision, random.Random(0))
    return action


def took(state: NdbState, seat: int) -> str:
    """The card the bot in ``seat`` takes."""
    action = decide(state, seat)
    assert type(action) is Take and action.seat == seat
    return str(state.to_json()["table"][action.owner])


def played(state: NdbState, seat: int) -> str:
    """The card the bot in ``seat`` plays."""
    action = decide(state, seat)
    assert type(action) is Play and action.seat == seat
    return code(action.card)


# --- taking ---------------------------------------------------------------------------

def test_takes_the_card_for_its_doubled_row() -> None:
    # Seat 0 (token) has red +11 and blue with x2 (2 → 4): B8 adds 16, R8 8, Y6 6.
    state = position(["R5 R6 Bx2 B2", "G3 G4 G5 G6", "Y1 Y2 Y3 Y4", "G7 G8 G9 G10"],
                     ["Y5", "R8", "B8", "Y6"], token=0, seat=0,
                     hand="R1 R2 R3 R4 Y7 Y8 Y9 Y10 B1 B3")
    assert took(state, 0) == "B8"


def test_takes_nicht_die_bohne_for_its_negative_row() -> None:
    # Yellow −(9 + 8) = −17: the yellow "Nicht die Bohne" card is worth +17 to seat 0.
    state = position(["Y- Y9 Y8 R1", "G3 G4 G5 G6", "B1 B2 B3 B4", "G7 G8 G9 G10"],
                     ["B5", "Y0", "R3", "G2"], token=0, seat=0,
                     hand="R2 R4 R5 R6 B6 B7 B8 B9 B10 Y1")
    assert took(state, 0) == "Y0"


def test_leaves_nicht_die_bohne_that_would_cancel_its_positive_row() -> None:
    # The same table, but seat 0's yellow counts up (+27): the red 3 is better.
    state = position(["Y10 Y9 Y8 R1", "G3 G4 G5 G6", "B1 B2 B3 B4", "G7 G8 G9 G10"],
                     ["B5", "Y0", "R3", "G2"], token=0, seat=0,
                     hand="R2 R4 R5 R6 B6 B7 B8 B9 B10 Y1")
    assert took(state, 0) == "R3"


def test_avoids_a_lone_minus_on_its_big_positive_row() -> None:
    # Everything on the table costs seat 0: the blue "–" turns +27 into −27, the
    # yellow 9 and 7 add to a row that counts down. It takes the smallest loss.
    state = position(["B9 B10 B8 Y- Y1", "G3 G4 G5 G6 G7", "R1 R2 R3 R4 R5",
                      "G8 G9 G10 Gx2 G-"],
                     ["G1", "B-", "Y7", "Y9"], token=0, seat=0,
                     hand="R6 R7 R8 R9 Y2 Y3 Y4 Y5 Y6")
    assert took(state, 0) == "Y7"


def test_takes_a_second_minus_to_turn_its_negative_row_positive() -> None:
    # Red −(9 + 10) = −19 with one "–"; a second "–" makes it +19.
    state = position(["R- R9 R10 B1", "G3 G4 G5 G6", "Y1 Y2 Y3 Y4", "G7 G8 G9 G10"],
                     ["B5", "G1", "R-", "B6"], token=0, seat=0,
                     hand="R2 R3 R4 R5 R6 Y5 Y6 Y7 Y8 Y9")
    assert took(state, 0) == "R-"


def test_of_two_cards_worth_the_same_to_it_takes_the_one_the_others_want() -> None:
    # Seat 0 has neither red nor green: R5 and G5 both add 5. The others' red rows
    # count down (a red 5 costs them), their green rows up: it denies them the G5.
    state = position(["Y1 Y2", "R- R1", "R- R2", "R- R3"],
                     ["Y3", "R5", "G5", "Y-"], token=0, seat=0,
                     hand="Y4 Y5 Y6 Y7 Y8 Y9 Y10 B1 B2 B3 B4 B5")
    assert took(state, 0) == "G5"


def test_the_next_taker_chooses_among_the_cards_left() -> None:
    # Seat 0 took seat 2's G9; seat 2 takes next, from seat 1 or seat 3 (not the
    # token holder's Y9): R10 extends its red row, the "–" would open a bad one.
    state = position(["Y1 Y2 Y3", "G3 G4 G5", "R5 R6 R7", "B1 B2 B3"],
                     ["Y9", "Y-", "G9", "R10"], token=0, seat=2, taken=(2,),
                     hand="R1 R2 R3 R4 Y4 Y5 Y6 Y7 Y8 Y10 B4")
    assert [str(a) for a in state.legal_actions(2)] == ["2: take 1", "2: take 3"]
    assert took(state, 2) == "R10"


# --- playing --------------------------------------------------------------------------

LEAD_HAND = "R10 Y10 G10 Bx2 R9 Y9 G9 R8 Y8 G8 R7 Y7 G7"


def test_leads_a_minus_onto_the_others_positive_rows() -> None:
    # The led card goes to another player: the blue "–" turns every other blue row
    # (+19, +15, +11) negative.
    state = position(["R1 R2", "B9 B10", "B7 B8", "B5 B6"], [None] * 4, token=0, seat=0,
                     hand="B- " + LEAD_HAND[:-3])
    assert played(state, 0) == "B-"


def test_leads_x2_onto_the_others_negative_rows() -> None:
    # The others' blue rows count down: the x2 doubles their losses.
    state = position(["R1 R2", "B- B9", "B- B8", "B- B6"], [None] * 4, token=0, seat=0,
                     hand=LEAD_HAND)
    assert played(state, 0) == "Bx2"


FOLLOW_HAND = "R10 Y10 B- B5 Y9 Y8 Y7 B6 B7 B8 B9"


def test_follows_with_the_card_the_token_holder_wants() -> None:
    # Face down, seat 1's card goes to somebody else; if the token holder takes it,
    # seat 1 takes next, from the most cards. Seat 0's red counts up: R10.
    state = position(["R8 R9 Y- Y1", "G1 G2 G3 G4", "G5 G6 G7 G8", "B1 B2 B3 B4"],
                     ["R3", None, None, None], token=0, seat=1, hand=FOLLOW_HAND)
    assert played(state, 1) == "R10"


def test_follows_by_the_token_holders_rows() -> None:
    # The same hand, but seat 0's red counts down and its yellow up: Y10.
    state = position(["R- R8 Y1 Y2", "G1 G2 G3 G4", "G5 G6 G7 G8", "B1 B2 B3 B4"],
                     ["R3", None, None, None], token=0, seat=1, hand=FOLLOW_HAND)
    assert played(state, 1) == "Y10"


# --- the bot as a whole ---------------------------------------------------------------

def test_registered_for_the_game_with_its_parameters() -> None:
    bot = make_bot("heuristic:deny=0,gain=2.5", GAME)
    assert isinstance(bot, NdbHeuristicBot)
    assert (bot.deny, bot.gain, bot.loss) == (0.0, 2.5, 3.0)
    assert bot.needs_view and not bot.proposes
    with pytest.raises(ValueError, match="deny"):
        make_bot("heuristic:deny=much", GAME)
    with pytest.raises(ValueError, match="parameter"):
        make_bot("heuristic:depth=2", GAME)


def test_decides_from_the_view_alone() -> None:
    # States that look the same to the bot's seat (other hands re-dealt) give the
    # same decision, at every decision of a game.
    rng = random.Random(5)
    state = GAME.new_game(GAME.options(4), 11)
    decisions = 0
    while not state.is_over:
        seat = state.to_act()[0]
        action = decide(state, seat)
        for _ in range(2):
            assert decide(state.determinize(seat, rng), seat) == action
        decisions += 1
        state.apply(action)
    assert decisions > 100


class Checked:
    """A bot that asserts the legality of every action of the bot it wraps."""

    def __init__(self, spec: str) -> None:
        self.bot = make_bot(spec, GAME)
        self.name, self.needs_view, self.proposes = self.bot.name, True, False
        self.moves = 0

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        action = self.bot.act(decision, rng)
        assert action in decision.actions, f"{action} is not legal"
        self.moves += 1
        return action


def test_only_legal_actions_over_many_games() -> None:
    games = 300
    moves = 0
    for index in range(games):
        players = 3 + index % 4
        heuristic = Checked("heuristic")
        mix = derive(7, index) % (1 << players) | 1 << (index % players)  # ≥ 1 heuristic
        bots = [heuristic if mix >> s & 1 else make_bot("random") for s in range(players)]
        options = GAME.options(players, rounds=1 + 2 * (index % 2))
        played_game = play_game(GAME, options, derive(3, index), bots)
        assert played_game.result.winners
        moves += heuristic.moves
    assert moves > games * 10
