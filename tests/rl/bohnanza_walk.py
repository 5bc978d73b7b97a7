"""Digests of the Bohnanza encoding's vectors and masks along whole games between bots,
so that a change of how the encoding reads its input (issue 37: the engine's JSON and
proposal terms instead of notation and the view) is checked to keep every vector and
mask as they were.

At each decision of a game played by bots, the acting seat's fresh draft is walked by
random legal ids (seeded per decision) until the action is whole or for at most
:data:`STEPS` ids; the digest of the decision covers the vector without a draft and
the vector and mask of each draft walked. ``begin`` opens the seat's draft (the
encoding's ``start`` with whatever its contract takes), so that the same walk runs on
the code before the change and after it. :data:`FIXTURE` was recorded by running this
module as ``__main__`` with the ``bohnen`` of main ``1a7902b`` (``git archive``) first
on the path.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import numpy as np

from bohnen.bots.registry import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.bohnanza import BohnanzaEncoding

FIXTURE = Path(__file__).with_name("bohnanza_vectors.json")
STEPS = 8
# (players, bot, options, seed, decisions digested)
CONFIGS: tuple[tuple[int, str, dict[str, Any], int, int], ...] = (
    (4, "heuristic", {}, 11, 100_000),
    (3, "random", {"trading": "open"}, 12, 100_000),
    (5, "heuristic", {"trading": "open", "expert_taler_trading": True}, 13, 100_000),
    (4, "random", {"expert_taler_trading": True}, 14, 100_000),
)
Begin = Callable[[BohnanzaEncoding, Any, int, JSONObject], Hashable]


def digests(begin: Begin, players: int, bot: str, options: dict[str, Any], seed: int,
            decisions: int) -> list[str]:
    """One digest per decision of the game (see the module)."""
    game = get_game("bohnanza")
    enc = BohnanzaEncoding(players)
    state = game.new_game(game.options(players, **options), seed)
    bots = [make_bot(bot, game) for _ in range(players)]
    rng = random.Random(seed)
    out: list[str] = []
    seat = players - 1
    while not state.is_over and len(out) < decisions:
        waiting = state.to_act()
        seat = next((s for s in sorted(waiting) if s > seat), min(waiting))
        view: JSONObject = dict(state.view(seat))
        out.append(_walk(enc, begin(enc, state, seat, view), view,
                         random.Random(seed * 100_003 + len(out))))
        state.apply(chosen(bots[seat], decision_for(state, seat, bots[seat]), rng))
    return out


def _walk(enc: BohnanzaEncoding, draft: Hashable, view: JSONObject,
          rng: random.Random) -> str:
    digest = hashlib.sha1(enc.observe(view, None).tobytes())
    for _ in range(STEPS):
        mask = enc.mask(draft)
        digest.update(enc.observe(view, draft).tobytes())
        digest.update(mask.tobytes())
        draft, whole = enc.choose(draft, rng.choice([int(i) for i in np.flatnonzero(mask)]))
        if whole is not None:
            digest.update(whole.encode())
            break
    return digest.hexdigest()[:12]


def _old_begin(enc: BohnanzaEncoding, state: Any, seat: int, view: JSONObject) -> Hashable:
    """The draft as the encoding before issue 37 opened it: from the legal notation."""
    legal = [str(a) for a in state.legal_actions(seat)]
    legal += [text for text in map(str, state.any_time_actions(seat)) if text not in legal]
    start: Any = enc.start
    draft: Hashable = start(view, legal)
    return draft


if __name__ == "__main__":  # record the fixture with the code before the change
    recorded = [digests(_old_begin, *config) for config in CONFIGS]
    FIXTURE.write_text(json.dumps({"configs": [list(c) for c in CONFIGS],
                                   "digests": recorded}) + "\n")
    print(f"{sum(map(len, recorded))} decisions", file=sys.stderr)
