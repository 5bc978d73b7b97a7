"""The listing the state remembers, and the events-off path (issue 38).

A state remembers the legal actions it last listed for a seat (``listed``), hands out
a new list at each call, and does not check again an action of that listing (by
identity). Every change of the position forgets the listing, and so do a copy, a
loaded state and a determinized one. Any other action object, even one equal to a
listed action, is checked as before. ``advance`` applies as ``apply`` does and builds
no event.
"""

from __future__ import annotations

import random

import pytest

from bohnen.core import IllegalActionError
from bohnen.ndb import rules
from bohnen.ndb.actions import Play, Take
from bohnen.ndb.cards import parse_card as card_of
from bohnen.ndb.state import NdbState

from .helpers import GAME, act, deal, hand, refused


def fresh(state: NdbState) -> NdbState:
    """The same position, loaded from its JSON: a state that has listed nothing."""
    return GAME.state_from_json(state.to_json())


def listed_in(state: NdbState, seat: int) -> NdbState:
    """``state`` after it has listed the actions of ``seat`` (it remembers them)."""
    state.legal_actions(seat)
    assert state.listed_seat == seat
    return state


def test_listing_is_remembered_and_handed_out_anew() -> None:
    state = deal(["R7 G2", "B3 G5", "Y2"])
    first = state.legal_actions(0)
    first.clear()  # a caller may change its list
    again = state.legal_actions(0)
    assert again is not first
    assert again == fresh(state).legal_actions(0) == [Play(0, card_of(h))
                                                      for h in dict.fromkeys(hand(state, 0))]
    assert again[0] is state.listed[0]  # the same (shared) action objects


@pytest.mark.parametrize("step", ["apply", "advance"])
def test_every_change_forgets_the_listing(step: str) -> None:
    state = deal(["R7", "B3 G5", "Y2"])
    legal = listed_in(state, 0).legal_actions(0)
    getattr(state, step)(legal[0])
    assert state.listed_seat == -1
    assert state.legal_actions(0) == [] == fresh(state).legal_actions(0)
    assert state.legal_actions(1) == fresh(state).legal_actions(1)


def test_a_copy_and_a_loaded_state_start_without_the_listing() -> None:
    state = listed_in(deal(["R7", "B3 G5", "Y2"]), 0)
    copy = state.clone()
    assert copy.listed_seat == -1 and copy.listed == ()
    assert fresh(state).listed_seat == -1
    assert state.determinize(1, random.Random(3)).listed_seat == -1
    copy.apply(Play(0, card_of("R7")))
    assert state.listed_seat == 0  # the original keeps its own
    assert state.legal_actions(0) == fresh(state).legal_actions(0)
    assert copy.legal_actions(0) == []


def test_a_listed_action_is_applied_as_a_checked_one() -> None:
    rng = random.Random(5)
    listed = GAME.new_game(GAME.options(4), 11)
    checked = GAME.new_game(GAME.options(4), 11)
    while not listed.is_over:
        seat = rng.choice(listed.to_act())
        action = rng.choice(listed.legal_actions(seat))
        twin = GAME.parse_action(str(action))  # equal, not the same object
        assert twin == action and twin is not action
        assert listed.apply(action) == checked.apply(twin)
        assert listed.to_json() == checked.to_json()


def test_an_action_of_a_forgotten_listing_is_checked_again() -> None:
    state = deal(["R7 G2", "B3 G5", "Y2"])
    old = state.legal_actions(0)
    red_seven = next(a for a in old if str(a) == "0: play R7")
    state.apply(red_seven)
    assert "holds the token and plays first" not in refused(state, red_seven)
    assert "the seat has played its card" in refused(state, red_seven)


def test_an_equal_action_not_from_the_listing_is_checked() -> None:
    state = listed_in(deal(["R7", "B3 G5", "Y2"], players=3), 1)
    assert state.legal_actions(1) == []  # seat 1 is not to play in the lead
    refused(state, "1: play B3")
    assert state.listed_seat == 1  # a refused action changes nothing
    listed_in(state, 0)
    refused(state, Play(0, card_of("Y2")))  # not in its hand
    with pytest.raises(IllegalActionError):
        state.advance(GAME.parse_action("0: play B3"))
    assert state.listed_seat == 0


def test_a_take_of_the_listing_and_an_illegal_take() -> None:
    state = deal(["R7", "B3 G5", "Y2", "G9"], players=4, seed=2)
    act(state, "0: play R7", "1: play B3", "2: play Y2", "3: play G9")
    takes = state.legal_actions(0)
    assert takes == [Take(0, 1), Take(0, 2), Take(0, 3)]
    refused(state, Take(0, 0))
    refused(state, Take(1, 2))
    before = fresh(state)
    state.apply(takes[1])
    before.apply(Take(0, 2))
    assert state.to_json() == before.to_json()


def test_a_stale_listing_fails_the_audit() -> None:
    state = listed_in(deal(["R7", "B3 G5", "Y2"]), 0)
    state.audit()
    state.listed = state.listed[1:]
    with pytest.raises(AssertionError, match="listing"):
        state.audit()


def test_advance_builds_no_event(monkeypatch: pytest.MonkeyPatch) -> None:
    if not rules.__file__ or not rules.__file__.endswith(".py"):
        pytest.skip("a compiled module reads its globals itself")
    built: list[object] = []
    real = rules._new

    def counted(cls: type[tuple[object, ...]], values: tuple[object, ...]) -> object:
        built.append(cls)
        return real(cls, values)

    monkeypatch.setattr(rules, "_new", counted)
    rng = random.Random(2)
    state = GAME.new_game(GAME.options(3), 7)
    while not state.is_over:
        state.advance(rng.choice(state.legal_actions(rng.choice(state.to_act()))))
    assert built == []
    twin = GAME.new_game(GAME.options(3), 7)
    twin.apply(twin.legal_actions(0)[0])
    assert built


def _each_listed_action_by_place() -> int:
    """At every position of seeded games (3, 4 and 6 players; hands with the three "–"
    of a colour), each listed action of each seat to act, applied by ``advance`` from
    its place in the listing, gives the position that its equal twin, checked, gives.
    Returns the actions tried."""
    tried = 0
    for players, seed in ((3, 4), (4, 9), (6, 1)):
        rng = random.Random(seed)
        state = GAME.new_game(GAME.options(players, rounds=1), seed)
        while not state.is_over:
            for seat in state.to_act():
                for place, action in enumerate(state.legal_actions(seat)):
                    by_place = state.clone()
                    assert by_place.legal_actions(seat)[place] is action  # shared objects
                    by_place.advance(action)
                    checked = state.clone()
                    checked.advance(GAME.parse_action(str(action)))  # not the same object
                    assert by_place.to_json() == checked.to_json(), (str(action), place)
                    tried += 1
            state.advance(rng.choice(state.legal_actions(rng.choice(state.to_act()))))
    return tried


def test_a_listed_action_is_applied_by_its_place_in_the_listing() -> None:
    assert _each_listed_action_by_place() > 1000


def test_the_compiled_way_to_a_listed_card_in_pure_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each build finds a listed play's card its own way (``rules.COMPILED``); the
    compiled way is run here in pure Python too, so that each build's test run tries
    both."""
    if not rules.__file__ or not rules.__file__.endswith(".py"):
        pytest.skip("a compiled module reads its globals itself")
    monkeypatch.setattr(rules, "COMPILED", not rules.COMPILED)
    assert _each_listed_action_by_place() > 1000


def test_compiled_says_which_build_runs_the_rules() -> None:
    compiled = not (rules.__file__ or "").endswith(".py")
    assert rules.COMPILED is compiled


def test_the_place_of_a_card_and_of_a_distinct_card_in_a_hand() -> None:
    hand = tuple(card_of(c) for c in ["G2", "G-", "G-", "G-", "R7", "B-", "B-"])
    assert [rules.position(hand, card) for card in hand] == [0, 1, 1, 1, 4, 5, 5]
    assert rules.position(hand, card_of("Y2")) == -1
    assert [rules.distinct_at(hand, n) for n in range(4)] == [0, 1, 4, 5]
    with pytest.raises(IndexError):
        rules.distinct_at(hand, 4)
