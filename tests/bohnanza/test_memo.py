"""What a state remembers of its position (bohnen/bohnanza/memo.py): the answers it
handed out, forgotten at every change, and the checks it spares for its own listed
objects only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bohnanza import events as E
from bohnen.bohnanza import flow, legal, memo, rules, trading
from bohnen.bohnanza import state as state_module
from bohnen.bohnanza.actions import BohnanzaAction, Harvest, parse_action
from bohnen.bohnanza.proposal_space import proposal_space
from bohnen.bohnanza.state import BohnanzaState
from bohnen.core import GameError, get_game

GAME = get_game("bohnanza")
# A test that counts calls or builds by patching a module's names sees nothing of a
# compiled module (its calls do not go through the module's dictionary).
COMPILED = not rules.__file__.endswith(".py")
patching = pytest.mark.skipif(COMPILED, reason="patches names of a module that is compiled")
OPTIONS = [GAME.options(4), GAME.options(4, trading="open", max_proposals_per_turn=3),
           GAME.options(3, expert_taler_trading=True, proposal_size=2)]


def fresh(state: BohnanzaState) -> dict[str, Any]:
    """Every answer worked out anew by the modules, remembering nothing."""
    seats = range(state.players)
    return {"to_act": legal.to_act(state), "must_act": legal.must_act(state),
            "legal": [legal.legal_actions(state, s) for s in seats],
            "any_time": [legal.any_time_actions(state, s) for s in seats],
            "proposals": [list(proposal_space(state, s)[:40]) for s in seats]}


def asked(state: BohnanzaState) -> dict[str, Any]:
    """The same answers, asked of the state (and so remembered by it)."""
    seats = range(state.players)
    return {"to_act": state.to_act(), "must_act": state.must_act(),
            "legal": [state.legal_actions(s) for s in seats],
            "any_time": [state.any_time_actions(s) for s in seats],
            "proposals": [list(state.proposals(s)[:40]) for s in seats]}


def pick(state: BohnanzaState, rng: random.Random) -> BohnanzaAction:
    seat = rng.choice(state.to_act())
    actions: list[BohnanzaAction] = state.legal_actions(seat)
    space = state.proposals(seat)
    if space and (not actions or rng.random() < 0.2):
        return space[rng.randrange(len(space))]
    return rng.choice(actions)


def out_of_turn(state: BohnanzaState) -> BohnanzaAction | None:
    """An any-time action of a seat the game does not wait on, if there is one."""
    for seat in range(state.players):
        if seat not in state.to_act():
            found = state.any_time_actions(seat)
            if found:
                return found[0]
    return None


@pytest.mark.parametrize("options", OPTIONS, ids=["turn-based", "open", "expert"])
def test_what_a_state_remembers_is_forgotten_at_every_change(options: Any) -> None:
    """At every step of random games, asked twice, the answers are those worked out
    anew: after apply, advance, an any-time action out of turn, a clone, a load."""
    rng = random.Random(7)
    for seed in range(4):
        state = GAME.new_game(options, seed)
        step = 0
        while not state.is_over:
            assert asked(state) == fresh(state)
            assert asked(state) == fresh(state)  # now from what it remembers
            other = out_of_turn(state)
            if other is not None and rng.random() < 0.3:
                state.apply(other)
                assert asked(state) == fresh(state)
            if step % 7 == 0:
                clone = state.clone()
                assert asked(clone) == fresh(clone) == fresh(state)
                loaded = GAME.state_from_json(state.to_json())
                assert asked(loaded) == fresh(loaded) == fresh(state)
            action = pick(state, rng)
            if step % 2:
                state.advance(action)
            else:
                state.apply(action)
            step += 1


def test_a_clone_and_a_loaded_state_trust_nothing_the_original_listed() -> None:
    state = GAME.new_game(GAME.options(4), 3)
    listed = state.legal_actions(state.to_act()[0])
    assert all(memo.listed(state, a) for a in listed)
    for other in (state.clone(), GAME.state_from_json(state.to_json())):
        assert not any(memo.listed(other, a) for a in listed)
    state.apply(listed[0])
    assert not any(memo.listed(state, a) for a in listed)


def test_a_list_handed_out_is_a_copy_its_caller_may_change() -> None:
    state = GAME.new_game(GAME.options(4), 5)
    seat = state.to_act()[0]
    first = state.legal_actions(seat)
    expected = list(first)
    illegal = Harvest(seat, 2)  # no third field
    first.append(illegal)
    first.reverse()
    assert state.legal_actions(seat) == expected
    assert not memo.listed(state, illegal)
    before = state.to_json()
    with pytest.raises(GameError):
        state.apply(illegal)
    assert state.to_json() == before
    assert state.legal_actions(seat) == expected


def test_an_equal_action_from_notation_is_checked_and_refused_where_illegal() -> None:
    """An action not of the listing (an equal one parsed from notation) is not trusted,
    and refused where illegal, the state and its answers unchanged."""
    state = GAME.new_game(GAME.options(4), 11)
    seat = state.to_act()[0]
    listed = state.legal_actions(seat)[0]
    parsed = parse_action(str(listed))
    assert parsed == listed and parsed is not listed
    assert memo.listed(state, listed) and not memo.listed(state, parsed)
    state.clone().apply(parsed)
    illegal = parse_action(f"{seat}: harvest 2")
    before, lists = state.to_json(), asked(state)
    with pytest.raises(GameError):
        state.advance(illegal)
    assert state.to_json() == before and asked(state) == lists == fresh(state)


@patching
def test_only_an_object_of_the_listing_skips_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """An action not of the listing (an equal one parsed from notation) goes through
    the check; one of the listing does not."""
    state = GAME.new_game(GAME.options(4), 11)
    seat = state.to_act()[0]
    listed = state.legal_actions(seat)[0]
    parsed = parse_action(str(listed))
    assert parsed == listed and parsed is not listed
    assert not memo.listed(state, parsed)
    calls: list[object] = []
    check = rules.check

    def counted(state: BohnanzaState, action: object) -> None:
        calls.append(action)
        check(state, action)

    monkeypatch.setattr(state_module, "_check", counted)  # the name apply calls
    state.clone().apply(parsed)
    assert calls == [parsed]
    state.clone().apply(listed)  # a clone remembers nothing: checked
    assert calls == [parsed, listed]
    state.legal_actions(seat)
    state.apply(listed)
    assert calls == [parsed, listed]  # from the listing: not checked again


def test_a_proposal_is_trusted_only_from_the_space_of_this_position() -> None:
    state = GAME.new_game(GAME.options(4), 2)
    rng = random.Random(1)
    while not state.proposals(state.to_act()[0]):
        state.apply(pick(state, rng))
    seat = state.to_act()[0]
    space = state.proposals(seat)
    assert state.proposals(seat) is space  # remembered for this position
    proposal = space[len(space) - 1]
    assert memo.listed(state, proposal)
    assert not memo.listed(state, parse_action(str(proposal)))
    state.clone().apply(proposal)  # checked there, and legal
    state.apply(proposal)
    assert not memo.listed(state, proposal)
    assert state.proposals(seat) is not space


class _NoEvents:
    """Stands for the events module: building any event fails."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"event {name} built")


@patching
def test_advance_builds_no_event(monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (flow, rules, trading):
        monkeypatch.setattr(module, "E", _NoEvents())
    monkeypatch.setattr(flow, "_new", _NoEvents().__getattr__)
    monkeypatch.setattr(rules, "_new", _NoEvents().__getattr__)
    monkeypatch.setattr(trading, "_new", _NoEvents().__getattr__)
    rng = random.Random(3)
    state = GAME.new_game(GAME.options(4), 9)
    while not state.is_over:
        state.advance(pick(state, rng))
    state = GAME.new_game(GAME.options(4), 9)
    with pytest.raises(AssertionError, match="built"):
        state.apply(state.legal_actions(state.to_act()[0])[0])
    assert isinstance(E.Planted, type)  # the real module is untouched
