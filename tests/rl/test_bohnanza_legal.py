"""The Bohnanza encoding reads the engine's JSON and proposal terms (issue 37, item 6):
the vectors and masks are those it gave when it read notation and the view, its
layout bounds every value, and its bounds are [0, 1] (issue 37, item 4)."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the rl encodings need numpy")

from bohnen.bots.registry import make_bot  # noqa: E402
from bohnen.core.bots import chosen, decision_for  # noqa: E402
from bohnen.core.protocol import JSONObject  # noqa: E402
from bohnen.core.registry import get_game  # noqa: E402
from bohnen.rl.bohnanza import BohnanzaEncoding  # noqa: E402
from bohnen.rl.encoding import engine_legal  # noqa: E402

from .bohnanza_walk import CONFIGS, FIXTURE, digests  # noqa: E402

RECORDED = json.loads(FIXTURE.read_text())


def _begin(enc: BohnanzaEncoding, state: Any, seat: int, view: JSONObject) -> Hashable:
    return enc.start(view, engine_legal(state, seat))


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_vectors_and_masks_are_those_of_the_notation_reading_encoding(index: int) -> None:
    """Recorded from main 1a7902b (``tests/rl/bohnanza_walk.py``): every decision of
    whole games, the vector and the mask of each draft walked."""
    config = CONFIGS[index]
    assert RECORDED["configs"][index] == json.loads(json.dumps(list(config)))
    now = digests(_begin, *config)
    old = RECORDED["digests"][index]
    assert len(now) == len(old) > 300
    differ = [i for i, (a, b) in enumerate(zip(now, old, strict=True)) if a != b]
    assert not differ, f"{len(differ)} decisions differ, the first {differ[:5]}"


def test_the_bounds_are_the_layouts_and_hold_every_value() -> None:
    game = get_game("bohnanza")
    for players, options in ((3, {"trading": "open", "expert_taler_trading": True}),
                             (5, {})):
        enc = BohnanzaEncoding(players)
        low, high = enc.bounds()
        assert (low == 0).all() and (high == 1).all() and len(low) == enc.observation_size
        assert [f.name for f in enc.layout.fields if f.private] == ["hand", "draft"]
        state = game.new_game(game.options(players, **options), players)
        bots = [make_bot("heuristic", game) for _ in range(players)]
        rng = random.Random(players)
        seen = 0
        while not state.is_over:
            seat = rng.choice(state.to_act())
            view: JSONObject = dict(state.view(seat))
            draft = enc.start(view, engine_legal(state, seat))
            for vector in (enc.observe(view, None), enc.observe(view, draft)):
                assert ((low <= vector) & (vector <= high)).all()
                seen += 1
            state.apply(chosen(bots[seat], decision_for(state, seat, bots[seat]),
                               rng))
        assert seen > 200
