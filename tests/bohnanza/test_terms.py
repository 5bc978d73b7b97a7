"""The terms of a seat's proposals (``State.proposal_terms``): what an interface lets a
person compose, computed from the rules' own predicates. Every proposal the generator
offers lies within them; a proposal of any size within them passes ``check``; what
lies outside them is refused."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bohnen.bohnanza.actions import Counter, Propose
from bohnen.bohnanza.beans import CODES, parse_bean
from bohnen.core import GameError, get_game
from bohnen.core.conformance import choose
from bohnen.core.protocol import AnyState, Terms

GAME = get_game("bohnanza")
OPTION_SETS = [{"expert_taler_trading": True, "proposal_size": 2},
               {"trading": "open", "max_proposals_per_turn": None}, {}]


def _positions(options: dict[str, object], count: int) -> Iterator[tuple[AnyState, int,
                                                                          Terms]]:
    """``count`` positions of random games with a seat that has terms, the seat and its
    terms."""
    rng = random.Random(5)
    found = 0
    for seed in range(50):
        state: AnyState = GAME.new_game(GAME.options(4, **options), seed)
        while not state.is_over:
            for seat in range(4):
                terms = state.proposal_terms(seat)
                if terms is not None:
                    found += 1
                    yield state, seat, terms
                    if found >= count:
                        return
            action = choose(state, rng, 0.3)
            assert action is not None
            state.apply(action)


def _within(action: Propose | Counter, terms: Terms) -> bool:
    gives = ([f"h{i}" for i in action.hand] + [f"f{i}" for i in action.face_up])
    if isinstance(action, Propose):
        aimed = any(t["pid"] is None and t["seat"] == action.to for t in terms["targets"])
    else:
        aimed = any(t["pid"] == action.pid for t in terms["targets"])
    return (aimed and all(ref in terms["give"] for ref in gives)
            and action.talers <= terms["give"].get("t", 0)
            and all(CODES[bean] in terms["want"] for bean in action.wants)
            and (not action.wants_talers or "t" in terms["want"]))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_proposal_of_the_generator_lies_within_the_terms(
        options: dict[str, object]) -> None:
    for state, seat, terms in _positions(options, 60):
        space = state.proposals(seat)
        for index in range(0, len(space), max(1, len(space) // 200)):
            assert _within(space[index], terms), (space[index], terms)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_proposal_of_any_size_within_the_terms_passes_check(
        options: dict[str, object]) -> None:
    """Every card the terms let it give, all at once (more than the generator's size),
    and one of each bean they let it want."""
    checked = 0
    for state, seat, terms in _positions(options, 40):
        for target in terms["targets"]:
            hand = tuple(int(r[1:]) for r in terms["give"] if r.startswith("h"))
            face = tuple(int(r[1:]) for r in terms["give"] if r.startswith("f"))
            wants = tuple(sorted(parse_bean(code) for code in terms["want"] if code != "t"))
            talers = terms["give"].get("t", 0)
            if target["pid"] is None:
                state.check(Propose(seat, target["seat"], hand, face, wants, talers))
            else:
                state.check(Counter(seat, target["pid"], hand, face, wants, talers))
            checked += 1
    assert checked > 0


def test_what_lies_outside_the_terms_is_refused() -> None:
    refused = 0
    for state, seat, terms in _positions({}, 40):
        others = [s for s in range(4) if s != seat
                  and not any(t["seat"] == s and t["pid"] is None for t in terms["targets"])]
        for other in others:  # a seat it may not propose to
            with pytest.raises(GameError):
                state.check(Propose(seat, other, (0,)))
            refused += 1
        # a face-up card it may not give
        if "f0" not in terms["give"] and state.view(seat)["face_up"]:
            target = next((t["seat"] for t in terms["targets"] if t["pid"] is None), None)
            if target is not None:
                with pytest.raises(GameError):
                    state.check(Propose(seat, target, (), (0,)))
                refused += 1
    assert refused > 0
