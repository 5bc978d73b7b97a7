"""Set-up (« Préparation de la partie »): hands, aids, ladders, contracts, the first player."""

from __future__ import annotations

from bohnen.hansa import HansaState, stacked_deck
from bohnen.hansa.board import CODES

from .helpers import (
    BASE,
    BOARD,
    GAME,
    TOKENS,
    act,
    beans_of,
    contract_number,
    hand_of,
    legal,
    refused,
)

DIANA_47 = contract_number("ROS", ["RO", "BR", "FE"], 47)
DIANA_27 = contract_number("EDI", ["GA"], 27)
DIANA_44 = next(f"C{i + 1}" for i, c in enumerate(BOARD.contracts) if c.payout == 44)
OTHERS = [f"C{i}" for i in range(1, 61) if f"C{i}" not in (DIANA_47, DIANA_27, DIANA_44)]


def diana_game(first_nine: list[str] | None = None) -> HansaState:
    """Four players; Diana (seat 3) is dealt 27, 44 and 47."""
    deal = (first_nine or OTHERS[:9]) + [DIANA_27, DIANA_44, DIANA_47]
    state: HansaState = GAME.new_game(GAME.options(4), 5, stacked_deck(deal, seed=5))
    return state


def test_travel_cards_in_order_then_two_contracts() -> None:
    """« La carte avec le "1" sera la première carte, et la carte avec le "7" sera la
    dernière » ; « Les contrats sont donc les huitième et neuvième cartes de la main »."""
    state = GAME.new_game(GAME.options(3), 4)
    for seat in range(3):
        act(state, str(state.legal_actions(seat)[0]))
    for seat in range(3):
        hand = state.view(seat)["players"][seat]["hand"]
        assert hand[:7] == [f"T{i}" for i in range(1, 8)]
        assert len(hand) == 9 and all(c.startswith("C") for c in hand[7:])


def test_one_bean_of_each_kind_on_every_aid() -> None:
    """« Chaque joueur aura donc un haricot de chaque sorte au début de la partie »."""
    state = GAME.new_game(GAME.options(5), 2)
    for seat in range(5):
        assert beans_of(state, seat) == {b: 1 for b in BASE}


def test_one_bean_per_kind_on_the_bottom_slots_of_each_ladder() -> None:
    """« sur les 2 ou 3 cases inférieures de chaque haricomètre, on pose un haricot de
    chaque sorte se trouvant dans la ville ... les deux cases supérieures ... vides »."""
    state = GAME.new_game(GAME.options(4), 2)
    view = state.view(None)
    for c, code in enumerate(BOARD.city_codes):
        slots = view["ladders"][code]
        k = len(BOARD.city_beans[c])
        assert sorted(s["bean"] for s in slots[:k]) == sorted(CODES[b]
                                                         for b in BOARD.city_beans[c])
        assert all(s["count"] == 1 for s in slots[:k]) and slots[k:] == [None] * (len(slots) - k)
    bremen = {c["code"]: c for c in view["cities"]}["BRE"]
    assert bremen["prices"] == {"AU": 11, "BR": 7}  # « identiques au prix de base »
    assert sum(view["supply"].values()) == 117 - 4 * 8 - 30


def test_two_harvest_cards_set_aside() -> None:
    """« il prend les deux cartes supérieures de la pile et ... il les cache ... Ces deux
    cartes seront utilisées lors du dernier tour de jeu »."""
    view = GAME.new_game(GAME.options(4), 9).view(None)
    assert view["harvest_pile_size"] == 8 and view["harvest_reserve_size"] == 2


def test_diana_starts_in_rostock_with_47() -> None:
    """« Diana reçoit 3 contrats (de valeur 27, 44 et 47). ... Diana reçoit cette somme de
    la banque. Pour ce contrat, elle doit donner un Rote Bohne, un Brechbohne et un
    Feuerbohne et elle place son pion à Rostock. Elle place les deux autres contrats à
    la fin de sa main. »"""
    s = diana_game()
    for seat in range(3):
        act(s, str(s.legal_actions(seat)[0]))
    assert legal(s, 3) == [f"3: begin {DIANA_47} last {DIANA_27}",
                           f"3: begin {DIANA_47} last {DIANA_44}"]
    assert "paying most (47)" in refused(s, f"3: begin {DIANA_44} last {DIANA_27}")
    supply_before = s.view(None)["supply"]
    act(s, f"3: begin {DIANA_47} last {DIANA_27}")
    view = s.view(3)
    diana = view["players"][3]
    assert diana["money"] == 47 and diana["city"] == "ROS"
    assert hand_of(s, 3)[7:] == [DIANA_44, DIANA_27]
    assert {b for b, n in diana["beans"].items() if n == 0} == {"RO", "BR", "FE"}
    for bean in ("RO", "BR", "FE"):  # « Les haricots retirés sont remis dans la réserve »
        assert view["supply"][bean] == supply_before[bean] + 1
    assert DIANA_47 in view["contract_discard"]


def test_a_tie_for_the_dearest_contract_is_the_players_choice() -> None:
    """« Si un joueur peut jouer plusieurs contrats parce qu'ils correspondent tous au
    revenu le plus élevé, le joueur choisit lequel de ces contrats il honore. »"""
    by_payout: dict[int, list[str]] = {}
    for i, c in enumerate(BOARD.contracts):
        by_payout.setdefault(c.payout, []).append(f"C{i + 1}")
    pay, tied = next((p, cs) for p, cs in sorted(by_payout.items(), reverse=True)
                     if len(cs) >= 2)
    low = next(f"C{i + 1}" for i, c in enumerate(BOARD.contracts) if c.payout < pay)
    state = GAME.new_game(GAME.options(3), 1, stacked_deck([tied[0], tied[1], low]))
    starts = {a.split()[2] for a in legal(state, 0)}
    assert starts == {tied[0], tied[1]}


def test_least_money_starts() -> None:
    """« Le joueur qui possède le moins d'argent commence la partie. »"""
    for seed in range(6):
        state = GAME.new_game(GAME.options(4), seed)
        for seat in range(4):
            act(state, str(state.legal_actions(seat)[0]))
        money = [p["money"] for p in state.view(None)["players"]]
        assert state.view(None)["active"] == money.index(min(money))
        assert state.view(None)["phase"] == "travel"


def test_start_tie_break_option() -> None:
    """The text does not say who starts on a tie: ``seat_order`` (default) takes the
    first seat of them, ``random`` draws one."""
    pay = {f"C{i + 1}": c.payout for i, c in enumerate(BOARD.contracts)}
    level = next(p for p in sorted(set(pay.values()), reverse=True)
                 if sum(v == p for v in pay.values()) >= 3)
    pool = [c for c, p in pay.items() if p == level][:3]
    cheap = sorted((c for c in pay if pay[c] < level), key=pay.__getitem__)
    # every seat's dearest contract pays the same
    deal: list[str] = []
    for seat in range(3):
        deal += [cheap[2 * seat], cheap[2 * seat + 1], pool[seat]]
    firsts = set()
    for seed in range(12):
        for rule in ("seat_order", "random"):
            state = GAME.new_game(GAME.options(3, start_tie_break=rule), seed,
                                  stacked_deck(deal, seed=seed))
            for seat in range(3):
                act(state, str(state.legal_actions(seat)[0]))
            if rule == "seat_order":
                assert state.view(None)["active"] == 0
            else:
                firsts.add(state.view(None)["active"])
    assert firsts == {0, 1, 2}


def test_tokens_are_all_accounted_for_after_setup() -> None:
    state = GAME.new_game(GAME.options(5), 7)
    for seat in range(5):
        act(state, str(state.legal_actions(seat)[0]))
    view = state.view(None)
    for bean, total in TOKENS.items():
        held = sum(p["beans"][bean] for p in view["players"])
        laid = sum(s["count"] for slots in view["ladders"].values() for s in slots
                   if s and s["bean"] == bean)
        assert held + laid + view["supply"][bean] == total
