"""The Bohnanza encoding reads the engine's JSON and proposal terms (issue 37, item 6):
the vectors and masks are those it gave when it read notation and the view, its
layout bounds every value, and its bounds are [0, 1] (issue 37, item 4); ``ids_of``
reads an action's ids from its JSON, None only beyond the caps (item 1)."""

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
from bohnen.rl.bohnanza import BEANS, CLOSE, BohnanzaEncoding  # noqa: E402
from bohnen.rl.encoding import engine_legal  # noqa: E402

from .bohnanza_walk import CONFIGS, FIXTURE, digests  # noqa: E402
from .test_bohnanza_encoding import deal_example  # noqa: E402

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


def test_ids_of_reads_the_action_and_gives_none_only_beyond_the_caps() -> None:
    game = get_game("bohnanza")
    state = deal_example()  # seat 0 trades; seat 2 holds a Rote
    view: JSONObject = dict(state.view(0))
    legal = engine_legal(state, 0)

    def ids(enc: BohnanzaEncoding, text: str) -> list[int] | None:
        return enc.ids_of(view, legal, game.parse_action(text).to_json())

    enc = BohnanzaEncoding(4, max_gives=2, max_wants=1)
    ro = enc.WANT + BEANS.index("RO")
    assert ids(enc, "0: propose 2 give f0,h0 want RO") == [enc.TARGET + 1, enc.GIVE + 0,
                                                           enc.GIVE + 2, ro, enc.SUBMIT]
    assert ids(enc, "0: close-trading") == [CLOSE]
    assert ids(enc, "0: propose 2 give h0,h1,h2 want RO") is None  # max_gives
    assert ids(enc, "0: propose 2 give h0 want RO,RO") is None  # max_wants
    assert ids(BohnanzaEncoding(4, hand_slots=1), "0: propose 2 give h1 want RO") is None
    assert ids(BohnanzaEncoding(4, max_cancels=0), "0: propose 2 give h0 want RO") is None
    state.apply(game.parse_action("0: propose 2 give h0 want RO"))
    view, legal = dict(state.view(2)), engine_legal(state, 2)
    assert ids(enc, "2: accept 1 give h3") == [enc.ACCEPT, enc.GIVE + 2 + 3, enc.SUBMIT]
    assert ids(enc, "2: decline 1") == [enc.DECLINE]
    assert ids(BohnanzaEncoding(4, hand_slots=3), "2: accept 1 give h3") is None
