"""The cards and the preparation ("CONTENU", "LES CARTES", "PRÉPARATION")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bohnen.ndb import NdbState, stacked_deck

from .helpers import COLOURS, DECK, GAME, HAND_SIZES, colour_of, deal, hand, public


def dealt_cards(state: NdbState) -> list[str]:
    """Every card of every hand, each seat's hand read from its own view."""
    n = public(state)["options"]["players"]
    return [card for seat in range(n) for card in hand(state, seat)]


def test_sixty_cards_of_four_colours_with_five_special_kinds_each() -> None:
    """« 60 cartes de quatre couleurs différentes (dont 5 cartes spéciales par couleur) »;
    « Dans chaque couleur, on trouve des cartes de valeur (1 à 10) et 5 cartes
    spéciales. » (decisions.md: three "–", one "x2", one "Nicht die Bohne" per colour)"""
    state = GAME.new_game(GAME.options(3), seed=5)
    cards = Counter(dealt_cards(state))
    assert sum(cards.values()) == 60
    assert cards == Counter(DECK)
    for colour in COLOURS:
        for value in range(1, 11):
            assert cards[f"{colour}{value}"] == 1
        assert (cards[colour + "-"], cards[colour + "x2"], cards[colour + "0"]) == (3, 1, 1)
    assert {colour_of(c) for c in cards} == set(COLOURS)


ENGLISH = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}


def test_cards_are_named_by_colour_in_english() -> None:
    """« Elles sont de quatre couleurs : vertes, rouges, jaunes et bleues. »: the events
    name them in English, as the moves do and every interface (one language a page)."""
    state = deal(["G7 R7 Y7 B7"])
    assert set(ENGLISH) == set(COLOURS)
    for letter, name in ENGLISH.items():
        trial = state.clone()
        (event,) = trial.apply(GAME.parse_action(f"0: play {letter}7"))
        assert event.text(None) == f"Seat 0 plays {name} 7 face up under the token."
        assert event.to_json(None)["card"] == f"{letter}7"


@pytest.mark.parametrize("players", [2, 7])
def test_three_to_six_players(players: int) -> None:
    """decisions.md: « 3 to 6 players »; the text deals for 3, 4, 5 and 6 players."""
    assert (GAME.min_players, GAME.max_players) == (3, 6)
    with pytest.raises(ValueError, match="players"):
        GAME.options(players)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_deck_dealt_20_15_12_10(players: int) -> None:
    """« À 3 joueurs, chaque joueur reçoit 20 cartes, à 4 joueurs chaque joueur reçoit 15
    cartes, à 5 joueurs chaque joueur reçoit 12 cartes et à 6 joueurs chaque joueur
    reçoit 10 cartes. »"""
    state = GAME.new_game(GAME.options(players), seed=players)
    view = public(state)
    assert [p["hand_size"] for p in view["players"]] == [HAND_SIZES[players]] * players
    assert Counter(dealt_cards(state)) == Counter(DECK)
    assert all(p["rows"] == [{"cards": [], "score": 0}] * 4 for p in view["players"])


def test_deal_goes_round_from_the_dealers_left() -> None:
    """« C'est lui qui distribuera les cartes » — one card at a time from the dealer's left
    (seat 0), so deck[0], deck[n], deck[2n] … are seat 0's."""
    cards = DECK[:]
    random.Random(3).shuffle(cards)
    hands = [cards[seat * 15:(seat + 1) * 15] for seat in range(4)]
    deck = stacked_deck(hands)
    assert deck[:4] == [hands[s][0] for s in range(4)]
    state = GAME.new_game(GAME.options(4), 0, deck)
    for seat in range(4):
        assert Counter(hand(state, seat)) == Counter(deck[seat::4])


@pytest.mark.parametrize("players", [3, 6])
def test_hands_sorted_by_colour(players: int) -> None:
    """« Une fois les cartes distribuées, chaque joueur les range par couleur dans sa
    main. »"""
    for seed in range(5):
        state = GAME.new_game(GAME.options(players), seed)
        for seat in range(players):
            colours = [colour_of(c) for c in hand(state, seat)]
            blocks = [c for i, c in enumerate(colours) if i == 0 or colours[i - 1] != c]
            assert len(blocks) == len(set(blocks)), f"seat {seat}: {hand(state, seat)}"


def test_seat_left_of_dealer_takes_the_token_and_starts() -> None:
    """« Le joueur placé à gauche du donneur prend le jeton et le place devant lui. C'est à
    lui de commencer. »"""
    for players in (3, 5):
        state = GAME.new_game(GAME.options(players), seed=1)
        view = public(state)
        assert view["dealer"] == players - 1
        assert view["token"] == 0 == (view["dealer"] + 1) % players
        assert state.to_act() == (0,)
        assert view["phase"] == "lead"
        assert all(not state.legal_actions(seat) for seat in range(1, players))
        assert {str(a) for a in state.legal_actions(0)} == {
            f"0: play {c}" for c in hand(state, 0)}
