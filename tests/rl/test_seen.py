"""The games' accessors of what a seat sees (``Game.seen``): over whole games played by
bots, at every decision and for every seat, the accessor's value is the one read from the
seat's view, it is the same in any determinization for the seat (it holds nothing hidden
from the seat), and the vectors and masks an encoding reads from the state through it
are those it reads from the view."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, cast

import numpy as np
import pytest

from bohnen.bots.registry import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.lazy import load
from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encoding import action_json, engine_legal, json_copy, legal_json, notation_of
from bohnen.rl.encodings import make_encoding

# (game, players, options, bot at every seat, seed)
CASES: tuple[tuple[str, int, dict[str, object], str, int], ...] = (
    ("ndb", 3, {}, "random", 1),
    ("ndb", 4, {"rounds": 1}, "heuristic", 2),
    ("ndb", 5, {"rounds": 2}, "random", 3),
    ("ndb", 6, {"rounds": 1}, "heuristic", 4),
    ("bohnanza", 3, {}, "random", 5),
    ("bohnanza", 4, {"expert_taler_trading": True, "proposal_size": 2}, "random", 6),
    ("bohnanza", 5, {"trading": "open", "max_proposals_per_turn": 4}, "random", 7),
    ("bohnanza", 4, {}, "heuristic", 8),
    ("bohnanza", 4, {"trading": "open", "beginner": True}, "heuristic", 9),
    ("bohnanza", 3, {"proposal_allowance": "shared", "same_bean_in_two_fields": True},
     "random:trades=false", 10),
    ("hansa", 3, {}, "random", 11),
    ("hansa", 4, {"start_tie_break": "random", "short_harvest": "card_order",
                  "reshuffle_contracts": False, "max_proposals_per_turn": 2,
                  "proposal_size": 2}, "heuristic", 12),
    ("hansa", 5, {}, "heuristic", 13),
    ("hansa", 4, {"proposal_allowance": "shared", "proposal_size": 3}, "random", 14),
)


def accessors(game: str) -> tuple[Callable[[AnyState, int], object],
                                  Callable[[JSONObject], object]]:
    path = get_game(game).seen
    assert path is not None
    module = path.partition(":")[0]
    return (cast(Callable[[AnyState, int], object], load(path)),
            cast(Callable[[JSONObject], object], load(f"{module}:of_view")))


def decisions(game: str, players: int, options: dict[str, object], bot: str,
              seed: int) -> list[AnyState]:
    """Every position of a whole game played by ``bot`` at every seat (copies)."""
    g = get_game(game)
    state: AnyState = g.new_game(g.options(players, **options), seed)
    player = make_bot(bot, g)
    rng = random.Random(seed)
    out = [state.clone()]
    while not state.is_over:
        seat = rng.choice(state.to_act())
        state.advance(chosen(player, decision_for(state, seat, player), rng))
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("game", "players", "options", "bot", "seed"), CASES)
def test_the_accessor_is_the_view_and_the_vectors_are_the_views(
        game: str, players: int, options: dict[str, object], bot: str, seed: int) -> None:
    seen, of_view = accessors(game)
    enc = make_encoding(game, players)
    rng = random.Random(seed)
    positions = decisions(game, players, options, bot, seed)
    assert positions[-1].is_over and len(positions) > 20
    hidden = drafted = 0
    for state in positions:
        for seat in range(players):
            view = cast(JSONObject, state.view(seat))
            value = seen(state, seat)
            assert value == of_view(view)
            other = state.determinize(seat, rng)
            assert seen(other, seat) == value  # nothing the seat cannot see
            hidden += any(seen(other, s) != seen(state, s) for s in range(players) if s != seat)
            assert np.array_equal(enc.encode_state(state, seat, None), enc.observe(view, None))
            if seat in state.to_act():
                fresh: Hashable = enc.start(view, engine_legal(state, seat))
                assert enc.start_state(state, seat) == fresh
                assert np.array_equal(enc.mask(enc.start_state(state, seat)), enc.mask(fresh))
                drafted += _drafts_agree(enc, state, seat, view, fresh)
    assert hidden  # the determinizations did change what the other seats hold
    assert drafted or game == "ndb"  # trades were composed (ndb has no draft)


def _drafts_agree(enc: Any, state: AnyState, seat: int, view: JSONObject,
                  fresh: Hashable) -> int:
    """After each first id of the fresh draft that opens a composition (a proposal, a
    counter, an acceptance), the vector of the state and of the view agree with that
    draft in it; the number of such drafts."""
    opened = 0
    for action_id in np.flatnonzero(enc.mask(fresh)):
        draft, notation = enc.choose(fresh, int(action_id))
        if notation is None:
            opened += 1
            assert np.array_equal(enc.encode_state(state, seat, draft),
                                  enc.observe(view, draft))
    return opened


@pytest.mark.parametrize("game", ["ndb", "bohnanza", "hansa"])
def test_the_accessor_follows_the_state_through_moves_copies_and_json(game: str) -> None:
    seen, _ = accessors(game)
    g = get_game(game)
    state: AnyState = g.new_game(g.options(4), 7)
    rng = random.Random(7)
    before: Any = seen(state, 0)
    copy = state.clone()
    while not state.is_over and seen(state, 0) == before:
        seat = rng.choice(state.to_act())
        state.advance(rng.choice(state.legal_actions(seat)))
    assert seen(state, 0) != before and seen(copy, 0) == before  # no stale value
    loaded = g.state_from_json(state.to_json())
    for seat in range(4):
        assert seen(loaded, seat) == seen(state, seat)
        value = seen(state, seat)
        assert isinstance(value, tuple) and hash(value) == hash(seen(state, seat))  # frozen


def test_kept_notations_and_json_are_the_actions_and_copies_stay_apart() -> None:
    g = get_game("ndb")
    state: AnyState = g.new_game(g.options(4), 3)
    seat = state.to_act()[0]
    actions = state.legal_actions(seat)
    for action in actions:
        assert notation_of(action) == str(action)
        assert action_json(action) == action.to_json()
        again = g.parse_action(str(action))  # an equal action, another object
        assert notation_of(again) == str(action) and action_json(again) == action.to_json()
    copies = legal_json(state, seat)
    assert copies == [a.to_json() for a in actions]
    copies[0]["card"] = "changed"  # a holder's copy: the kept JSON is untouched
    assert legal_json(state, seat)[0] == actions[0].to_json()
    assert engine_legal(state, seat).actions == tuple(a.to_json() for a in actions)


def test_an_unhashable_action_is_written_each_time() -> None:
    class Loose:
        __hash__ = None  # type: ignore[assignment]

        def __str__(self) -> str:
            return "0: loose"

        def to_json(self) -> dict[str, object]:
            return {"type": "loose", "seat": 0, "cards": [1]}

    loose = cast(Any, Loose())
    assert notation_of(loose) == "0: loose"
    assert action_json(loose) == {"type": "loose", "seat": 0, "cards": [1]}
    kept = json_copy(action_json(loose))
    kept["cards"].append(2)
    assert action_json(loose)["cards"] == [1]
