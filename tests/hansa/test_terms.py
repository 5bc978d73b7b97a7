"""The terms of a seat's deals (``State.proposal_terms``): whom it may deal with (and
which deal is an invitation), the beans it may give, ask for and have bought, computed
from the rules' own predicates. Every deal the generator offers lies within them; a
deal of any size within them passes ``check``; what lies outside them is refused."""

from __future__ import annotations

import random
from collections import Counter as Tally
from collections.abc import Iterator

import pytest

from bohnen.core import GameError, get_game
from bohnen.core.conformance import choose
from bohnen.core.protocol import AnyState, Terms
from bohnen.hansa.actions import Counter, Propose
from bohnen.hansa.board import BY_CODE, CODES

GAME = get_game("hansa")


def _positions(count: int, size: int = 1) -> Iterator[tuple[AnyState, int, Terms]]:
    """``count`` positions of random games with a seat that has terms."""
    rng = random.Random(7)
    found = 0
    for seed in range(80):
        state: AnyState = GAME.new_game(GAME.options(3, proposal_size=size), seed)
        while not state.is_over:
            for seat in range(3):
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
    if isinstance(action, Propose):
        aimed = any(t["pid"] is None and t["seat"] == action.to for t in terms["targets"])
    else:
        aimed = any(t["pid"] == action.pid for t in terms["targets"])
    gives, buys = Tally(CODES[b] for b in action.give), Tally(CODES[b] for b in action.buy)
    return (aimed and all(n <= terms["give"].get(code, 0) for code, n in gives.items())
            and all(CODES[b] in terms["want"] for b in action.want)
            and all(n <= terms["buy"].get(code, 0) for code, n in buys.items()))


@pytest.mark.parametrize("size", [1, 2])
def test_every_deal_of_the_generator_lies_within_the_terms(size: int) -> None:
    for state, seat, terms in _positions(40, size):
        space = state.proposals(seat)
        for index in range(0, len(space), max(1, len(space) // 200)):
            assert _within(space[index], terms), (space[index], terms)


def test_a_deal_of_any_size_within_the_terms_passes_check() -> None:
    """Every bean the terms let it give, all at once, one of each bean it may want, and
    one of each it may have bought; an invitation that moves nothing, where it may."""
    checked = 0
    for state, seat, terms in _positions(40):
        give = tuple(sorted(BY_CODE[c] for c, n in terms["give"].items() for _ in range(n)))
        want = tuple(sorted(BY_CODE[c] for c in terms["want"]))
        buy = tuple(sorted(BY_CODE[c] for c in terms["buy"]))
        for target in terms["targets"]:
            deals = [(give, want, buy)] + ([((), (), ())] if target["empty"] else [])
            for deal in deals:
                if target["pid"] is None:
                    state.check(Propose(seat, target["seat"], *deal))
                else:
                    state.check(Counter(seat, target["pid"], *deal))
                checked += 1
    assert checked > 0


def test_what_lies_outside_the_terms_is_refused() -> None:
    refused = 0
    for state, seat, terms in _positions(40):
        new = [t for t in terms["targets"] if t["pid"] is None]
        if not new:
            continue
        target = new[0]["seat"]
        missing = [code for code in CODES if code not in terms["give"]]
        if missing:  # a bean it does not hold
            with pytest.raises(GameError):
                state.check(Propose(seat, target, (BY_CODE[missing[0]],), (), ()))
            refused += 1
        if not new[0]["empty"]:  # a deal that moves nothing, not an invitation
            with pytest.raises(GameError):
                state.check(Propose(seat, target, (), (), ()))
            refused += 1
        others = [s for s in range(3) if s != seat and s not in [t["seat"] for t in new]]
        for other in others:
            with pytest.raises(GameError):
                state.check(Propose(seat, other, (), (BY_CODE["BL"],), ()))
            refused += 1
    assert refused > 0
