"""Composition of the game and its preparation ("COMPOSITION DU JEU", "Préparation du jeu")."""

from __future__ import annotations

from collections import Counter

import pytest

from bohnen.bohnanza import stacked_deck

from .helpers import (
    BEAN_TABLE,
    GAME,
    act,
    active,
    deal,
    draw_pile,
    fields,
    hand,
    phase,
    player,
    public,
)


def _all_cards(state: object) -> Counter[str]:
    data = state.to_json()  # type: ignore[attr-defined]
    seen: Counter[str] = Counter(data["draw_pile"])
    for p in data["players"]:
        seen.update(p["hand"])
    return seen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deck_has_104_cards_of_eight_beans_in_the_counts_of_the_table(players: int) -> None:
    """« 104 cartes haricots/pièces d'or: Il existe huit sortes différentes de haricots,
    chacun présente en nombre variable dans le jeu. »"""
    s = GAME.new_game(GAME.options(players), seed=7)
    seen = _all_cards(s)
    assert sum(seen.values()) == 104
    assert seen == Counter({code: cards for code, (_, cards, _) in BEAN_TABLE.items()})


def test_beans_are_shuffled_by_the_seed() -> None:
    """« Les cartes de haricots sont bien mélangées et distribuées une à une. »
    (the shuffle comes from the seed: the same seed deals the same game)."""
    deals = {seed: GAME.new_game(GAME.options(4), seed).to_json()["players"]
             for seed in range(4)}
    assert GAME.new_game(GAME.options(4), 2).to_json()["players"] == deals[2]
    assert len({str(d) for d in deals.values()}) == 4


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_gives_five_cards_each_one_at_a_time(players: int) -> None:
    """« Les cartes de haricots sont bien mélangées et distribuées une à une.
    Chaque joue reçoit cinq cartes. »"""
    top = [code for code in BEAN_TABLE for _ in range(4)][: 5 * players]
    s = GAME.new_game(GAME.options(players), 0, deck=stacked_deck(top, 1))
    for seat in range(players):
        assert hand(s, seat) == top[seat::players]
        assert player(s, seat)["hand_size"] == 5


def test_cards_are_held_in_the_order_they_are_dealt() -> None:
    """« Cela signifie que, au niveau de la distribution des cartes, celles-ci doivent être
    prises en main dans l'ordre dans lequel on les reçoit du distributeur. »"""
    s = deal(["RO BL AU FE SA", "GA SO BR BL FE", "SA AU RO GA BR"])
    assert hand(s, 0) == ["RO", "BL", "AU", "FE", "SA"]
    assert hand(s, 1) == ["GA", "SO", "BR", "BL", "FE"]
    assert hand(s, 2) == ["SA", "AU", "RO", "GA", "BR"]


def test_each_new_card_goes_behind_the_cards_in_hand() -> None:
    """« Toute nouvelle carte est ajoutée derrière les cartes déjà en main. »
    The first card dealt is the front card, the last dealt is at the back, and the
    cards drawn in phase 4 go behind them."""
    s = deal(["RO BL AU FE SA", "GA SO BR BL FE", "SA AU RO GA BR"], "SO SO FE GA BR")
    assert hand(s, 0)[0] == "RO"
    assert hand(s, 0)[-1] == "SA"
    act(s, "0: plant 0", "0: end-planting", "0: close-trading", "0: plant SO 1", "0: plant SO 1")
    assert hand(s, 0) == ["BL", "AU", "FE", "SA", "FE", "GA", "BR"]


def test_hand_order_is_never_sorted_by_bean() -> None:
    """« Règle de base: l'ordre des cartes en main de chaque joueur ne peut jamais être
    modifié en cours de jeu. Trier les cartes par genres, comme dans les autres jeux de
    cartes, n'est pas autorisé. »"""
    s = deal(["RO BL RO BL GA", "BL RO BL RO BL", "SO AU SO AU SO"], "FE FE SA RO BL")
    act(s, "0: plant 0", "0: end-planting", "0: close-trading",
        "0: plant FE 1", "0: plant FE 1")
    assert hand(s, 0) == ["BL", "RO", "BL", "GA", "SA", "RO", "BL"]
    assert hand(s, 1) == ["BL", "RO", "BL", "RO", "BL"]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_remaining_cards_form_the_hidden_draw_pile(players: int) -> None:
    """« Les autres cartes sont cachées, le côté taler vers le haut, au milieu de la table,
    et constituent la pioche. »"""
    hands = ["RO BL AU FE SA"] * players
    s = deal(hands, "GA SO")
    assert draw_pile(s)[:2] == ["GA", "SO"]
    assert len(draw_pile(s)) == 104 - 5 * players
    assert public(s)["draw_pile_size"] == 104 - 5 * players
    for viewer in [None, *range(players)]:
        assert isinstance(s.view(viewer)["draw_pile_size"], int)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_player_left_of_the_dealer_seat_0_starts(players: int) -> None:
    """« Le joueur à gauche du distributeur commence à jouer. » (decision 1: seat 0)."""
    s = GAME.new_game(GAME.options(players), 3)
    assert active(s) == 0
    assert phase(s) == "plant"
    assert s.to_act() == (0,)
    assert public(s)["turn"] == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_starts_with_two_empty_fields_third_fields_set_aside(players: int) -> None:
    """« Au début du jeu, chaque joueur peut créer deux rangées de haricots d'un même genre
    devant lui. » « Les cartes "Troisième champ" sont mises de côté. »"""
    s = GAME.new_game(GAME.options(players), 5)
    for seat in range(players):
        assert fields(s, seat) == [(None, 0), (None, 0)]
        assert player(s, seat)["third_field"] is False
        assert player(s, seat)["talers"] == 0
