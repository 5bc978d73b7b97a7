"""Rows in front of the players, and counting the points ("Comment compter les points ?").

Each scoring test plays the last trick of a one-round game in which seat 0 ends up with
the cards named (the last one taken in that trick) plus cards of colours cancelled by
their "Nicht die Bohne" card, then reads the score sheet from the spectator's view.
"""

from __future__ import annotations

import random
from typing import Any

from bohnen.ndb import scoring
from bohnen.ndb.cards import COLOURS as COLOUR_TABLE
from bohnen.ndb.cards import KINDS, full_deck

from .helpers import (
    COLOURS,
    GAME,
    SHEET_ROUND,
    colour_of,
    finish_trick,
    is_special,
    kind_of,
    last_trick,
    play_randomly,
    public,
    round_for,
    row_of,
    rows,
    score_round,
    sheet_line,
    spectator,
)


def row_score(cards: str, colour: str) -> int:
    """The score shown for seat 0's row of ``colour`` after taking ``cards``."""
    score: int = row_of(score_round(cards), 0, colour)["score"]
    return score


# --- rows ---------------------------------------------------------------------------


def test_cards_taken_lie_in_one_row_per_colour() -> None:
    """« Chaque carte doit être posée dans une rangée correspondant à sa couleur »"""
    state = GAME.new_game(GAME.options(5), seed=3)
    play_randomly(state, random.Random(3), until=lambda s: public(s)["turn"] > 8)
    for seat in range(5):
        seat_rows = rows(state, seat)
        assert len(seat_rows) == len(COLOURS)
        assert sum(len(r) for r in seat_rows) == 8
        for row in seat_rows:
            assert len({colour_of(c) for c in row}) <= 1
        colours = [colour_of(r[0]) for r in seat_rows if r]
        assert len(colours) == len(set(colours))


def test_rows_are_visible_to_everybody_at_all_times() -> None:
    """« chaque joueur la pose devant lui de façon à ce qu'à tout moment, elle soit
    visible pour l'ensemble des joueurs »"""

    def same_for_all(state: Any, action: Any, events: list[Any]) -> None:
        seen = [[p["rows"] for p in state.view(v)["players"]] for v in (None, 0, 1, 2)]
        assert all(s == seen[0] for s in seen)

    state = GAME.new_game(GAME.options(3), seed=8)
    play_randomly(state, random.Random(8), until=lambda s: public(s)["turn"] > 6,
                  each=same_for_all)
    assert any(rows(state, 0))


def test_specials_at_the_head_of_the_row_whenever_taken() -> None:
    """« Pour chaque rangée, les cartes spéciales doivent être posées au début de la
    rangée indépendamment du moment de la partie où le joueur l'a choisie »"""
    state = last_trick(round_for("R3 R6 Rx2 R9 R-"), rounds=1)
    assert row_of(state, 0, "R")["cards"] == ["Rx2", "R3", "R6", "R9"]
    finish_trick(state)
    assert row_of(state, 0, "R")["cards"] == ["R-", "Rx2", "R3", "R6", "R9"]
    for seat in range(3):
        for row in rows(state, seat):
            flags = [is_special(c) for c in row]
            assert flags == sorted(flags, reverse=True)


# --- scoring ------------------------------------------------------------------------


def test_the_texts_example() -> None:
    """« Pour les rouges : 3+6 = +9 »; « Pour les bleus : les deux – s'annule et on
    multiplie par 2 à cause du X2 : (8+2+4) x 2 = + 28 »; « Pour les verts : la carte 0
    annule la rangée »; « Pour les jaunes : compte négatif : -(4+9) = – 13 »"""
    state = score_round("R3 R6 B8 B2 B4 B- B- Bx2 G0 G5 G9 Y4 Y9 Y-")
    scores = {c: row_of(state, 0, c)["score"] for c in COLOURS}
    assert scores == {"R": 9, "B": 28, "G": 0, "Y": -13}
    assert sheet_line(state, 0) == (9 + 28, 13, 9 + 28 - 13)


def test_card_values_are_added() -> None:
    """« Il commence par additionner les points sur les cartes. »"""
    assert row_score("R1 R4 R10", "R") == 15


def test_nicht_die_bohne_makes_the_row_worth_nothing() -> None:
    """« Si dans une rangée, il y a une carte « nicht die Bohne », elle ne compte pas et
    vaut 0 point. »; « Elles rendent nuls tous les points de la couleur
    correspondante »"""
    assert row_score("Y10 Y8 Y7 Y0", "Y") == 0


def test_nicht_die_bohne_cancels_the_other_specials() -> None:
    """« et elles annulent la portée des autres cartes spéciales »"""
    for cards in ("B9 B- Bx2 B0", "B9 B- B- B- B0", "B2 Bx2 B0 B-"):
        state = score_round(cards)
        assert row_of(state, 0, "B")["score"] == 0
        assert sheet_line(state, 0) == (0, 0, 0)


def test_no_minus_card_is_positive() -> None:
    """« S'il n'y a pas de carte - … les points seront positifs. »"""
    assert row_score("G3 G4", "G") == 7


def test_one_minus_card_is_negative() -> None:
    """« Si dans une rangée de couleur, la carte n'apparaît qu'une fois, les points de la
    rangée seront négatifs. »"""
    assert row_score("G3 G4 G-", "G") == -7


def test_two_minus_cards_are_positive() -> None:
    """« Si cette carte apparaît deux fois, ils seront positifs. »"""
    assert row_score("G3 G- G4 G-", "G") == 7


def test_three_minus_cards_are_negative() -> None:
    """« Si elle apparaît trois fois, les points seront des points négatifs. »"""
    assert row_score("G- G3 G- G4 G-", "G") == -7


def test_x2_doubles_a_positive_row() -> None:
    """« Cartes X 2 : Elles doublent tous les points, positifs et négatifs d'une
    Couleur. »"""
    assert row_score("R5 Rx2 R6", "R") == 22


def test_x2_doubles_a_negative_row() -> None:
    """« S'il y a une carte x 2, les points positifs ou négatifs compteront doubles. »"""
    assert row_score("R5 R- Rx2 R6", "R") == -22
    assert row_score("R5 R- R- R- Rx2", "R") == -10


def test_specials_count_only_for_their_colour() -> None:
    """« Elles ne sont à prendre en compte que pour la couleur qu'elles représentent. »"""
    state = score_round("R5 R- Bx2 B7 Y0 Y9")
    scores = {c: row_of(state, 0, c)["score"] for c in "RBY"}
    assert scores == {"R": -5, "B": 14, "Y": 0}
    assert sheet_line(state, 0) == (14, 5, 9)


def test_specials_alone_are_worth_nothing() -> None:
    """Special cards carry no points: « Il commence par additionner les points sur les
    cartes » — a row of specials only adds nothing."""
    assert row_score("B- Bx2", "B") == 0
    assert sheet_line(score_round("B- Bx2"), 0) == (0, 0, 0)


def test_sign_then_x2_then_the_total() -> None:
    """« Il est important de bien respecter cet ordre : prendre en compte les cartes +/-
    puis les cartes x 2. On fait le total seulement ensuite. » — each row gets its sign
    and its doubling, then the rows are totalled."""
    state = score_round("R5 R3 R- Rx2 B6 Bx2 Y4 Y- Y-")
    assert [row_of(state, 0, c)["score"] for c in "RBY"] == [-16, 12, 4]
    assert sheet_line(state, 0) == (12 + 4, 16, 12 + 4 - 16)


def test_the_score_sheet_spiel_plus_spiel_minus_summe() -> None:
    """« Dans la première colonne Spiel +, le total des points positifs. »; « Dans la
    seconde colonne Spiel -, le total des points négatifs. »; « Dans la colonne Somme,
    la différence des deux. »"""
    state = last_trick(SHEET_ROUND, rounds=1)
    events = spectator(finish_trick(state))
    expected = [(37, 13, 24), (0, 37, -37), (0, 36, -36)]
    assert [sheet_line(state, seat) for seat in range(3)] == expected
    scored = next(e for e in events if e["event"] == "round_scored")
    assert scored == {"event": "round_scored", "round": 1, "lines": [
        {"plus": p, "minus": m, "total": t} for p, m, t in expected]}
    assert public(state)["totals"] == [24, -37, -36]


def test_every_rows_points_match_the_sheet_in_random_games() -> None:
    """The sheet line of each seat equals the sum of its rows' scores, split into the
    positive and the negative rows, computed here from the cards taken."""
    for players in (3, 4, 5, 6):
        state = GAME.new_game(GAME.options(players, rounds=1), seed=players)
        play_randomly(state, random.Random(players))
        for seat in range(players):
            scores = [independent_row_score(r) for r in rows(state, seat)]
            plus = sum(s for s in scores if s > 0)
            minus = -sum(s for s in scores if s < 0)
            assert sheet_line(state, seat) == (plus, minus, plus - minus)


def independent_row_score(row: list[str]) -> int:
    """The text's counting, written out here: 0 with a Nicht die Bohne card; else the sum
    of the values, negative for an odd number of "–", doubled with the x2."""
    kinds = [kind_of(c) for c in row]
    if "0" in kinds:
        return 0
    total = sum(int(k) for k in kinds if k.isdigit())
    sign = -1 if kinds.count("-") % 2 else 1
    return sign * total * (2 if "x2" in kinds else 1)


def test_the_result_of_a_one_round_game_says_1_round_played() -> None:
    """The reason of the result is counted words: one round, not "1 rounds"."""
    state = score_round("R3 R6")
    assert state.result().reason == "1 round played"


def test_a_sheet_line_sums_each_rows_score() -> None:
    """``scoring.sheet_line`` scores every colour in one pass; each row as
    ``row_score`` scores it, the positive rows in "Spiel +", the negative ones in
    "Spiel –": random takings of every size, and every special card in every count."""
    rng = random.Random(38)
    deck = full_deck()
    for size in [*range(len(deck) + 1), *[rng.randrange(1, 25) for _ in range(400)]]:
        cards = rng.sample(deck, size)
        points = [scoring.row_score([c for c in cards if c // KINDS == colour])
                  for colour in range(len(COLOUR_TABLE))]
        plus = sum(p for p in points if p > 0)
        minus = -sum(p for p in points if p < 0)
        line = scoring.sheet_line(cards)
        assert line == (plus, minus, plus - minus)
        assert type(line) is scoring.SheetLine and line.total == plus - minus
