"""The policies shipped with the package (bohnen/rl/policies, ``policy:model=NAME``):
each loads as a bot, plays whole games with legal moves only, and is small. Their
strength is measured in docs/research.md, not here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the policy bot needs the train extra")

from bohnen.bots import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.registry import get_game
from bohnen.rl.policy_bot import shipped

# name: the game and player count it was trained for
SHIPPED = {"ndb-4": ("ndb", 4), "bohnanza-4": ("bohnanza", 4)}
MAX_BYTES = 5_000_000


def test_the_policies_are_shipped_and_small() -> None:
    files = shipped()
    assert set(SHIPPED) <= set(files)
    for path in files.values():
        assert 0 < Path(path).stat().st_size < MAX_BYTES


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_shipped_policy_plays_a_whole_game_with_legal_moves(name: str) -> None:
    game_name, players = SHIPPED[name]
    game = get_game(game_name)
    bots = [make_bot(f"policy:model={name}", game),
            *(make_bot("heuristic", game) for _ in range(players - 1))]
    state = game.new_game(game.options(players), 11)
    rng = random.Random(11)
    moves = 0
    while not state.is_over:
        seat = state.to_act()[0]
        action = chosen(bots[seat], decision_for(state, seat, bots[seat]), rng)
        if seat == 0:
            state.check(action)  # legal now: proposals are not among legal_actions
            moves += 1
        state.apply(action)
    assert moves > 0 and state.result().scores


def test_a_name_neither_a_file_nor_shipped_is_refused_with_the_shipped_names() -> None:
    with pytest.raises(ValueError, match=r"no shipped policy of that name \(shipped: .*ndb-4"):
        make_bot("policy:model=no-such-policy", get_game("ndb"))
