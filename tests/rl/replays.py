"""Games driven by an encoding's masks alone, for the tests of the Bohn Hansa and Nicht
die Bohne! encodings: each decision's vectors and masks as short digests, so that a
recorded game (``tests/rl/fixtures/encoding_digests.json``) shows whether an encoding
still gives the vectors, masks and notations it gave when it was recorded."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Hashable
from typing import Any, cast

import numpy as np

from bohnen.bots.registry import make_bot
from bohnen.core.bots import chosen, decision_for
from bohnen.core.protocol import JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Encoding

Start = Callable[[Encoding, Any, int], Hashable]  # (encoding, state, seat) -> fresh draft


def digest(obs: Any, mask: Any, notation: str | None) -> str:
    """A short digest of one step: the vector, the mask and the notation it completed."""
    h = hashlib.sha256(np.asarray(obs, np.float32).tobytes())
    h.update(np.asarray(mask, np.int8).tobytes())
    h.update(b"\0" if notation is None else notation.encode())
    return h.hexdigest()[:12]


def digests(enc: Encoding, start: Start, seed: int, poll_all: bool = False,
            bot: str | None = None, most: int = 1500,
            seen: Callable[[Any], None] | None = None) -> list[str]:
    """The digests of the first ``most`` decisions of a game of ``enc``'s game played by
    uniform choices among each mask's ids (seeded by ``seed``), every step of a composed
    action digested; or, with ``bot``, by that bot at every seat, only the fresh draft
    digested. After a seat's whole action, the next seat in turn among ``to_act()``
    (``poll_all``: among all seats, the others yielding or taking an any-time action).
    ``seen`` is given every vector digested."""
    game = get_game(enc.game)
    state = game.new_game(game.options(enc.players), seed)
    rng = random.Random(seed)
    player = None if bot is None else make_bot(bot, game)
    out: list[str] = []
    seat = state.to_act()[0]
    while not state.is_over and len(out) < most:
        view = cast(JSONObject, state.view(seat))
        draft = start(enc, state, seat)
        text: str | None = None
        if player is not None and seat in state.to_act():
            obs = enc.observe(view, draft)
            out.append(digest(obs, enc.mask(draft), None))
            text = str(chosen(player, decision_for(state, seat, player), rng))
        while text is None:
            mask = enc.mask(draft)
            obs = enc.observe(view, draft)
            draft, text = enc.choose(draft, rng.choice(np.flatnonzero(mask).tolist()))
            out.append(digest(obs, mask, text))
            if seen is not None:
                seen(obs)
        if text:
            state.apply(game.parse_action(text))
        order = [(seat + k) % enc.players for k in range(1, enc.players + 1)]
        if not state.is_over:
            seat = next(s for s in order if poll_all or s in state.to_act())
    return out


def record(path: str, start: Start, made_by: str) -> None:
    """Write the digests of :data:`GAMES` to ``path`` (how the fixture was made: on
    commit 1a7902b, with ``start`` calling ``enc.start(view, notations)``, the seat's
    legal actions' notations, or its any-time actions' for a seat not to act)."""
    from bohnen.rl.hansa import HansaEncoding
    from bohnen.rl.ndb import NdbEncoding

    games = []
    for name, players, seed, poll_all, bot in GAMES:
        enc: Encoding = HansaEncoding(players) if name == "hansa" else NdbEncoding(players)
        games.append({"game": name, "players": players, "seed": seed, "poll_all": poll_all,
                      "bot": bot, "digests": digests(enc, start, seed, poll_all, bot)})
    with open(path, "w") as out:
        json.dump({"made_by": made_by, "games": games}, out, indent=0)


# the recorded games: (game, players, seed, poll_all, bot)
GAMES: tuple[tuple[str, int, int, bool, str | None], ...] = (
    ("hansa", 3, 0, False, None), ("hansa", 4, 1, False, None), ("hansa", 5, 2, True, None),
    ("hansa", 3, 3, True, None), ("hansa", 4, 4, False, "heuristic"),
    ("hansa", 5, 5, False, "heuristic"), ("ndb", 3, 0, False, None), ("ndb", 4, 1, False, None),
    ("ndb", 6, 2, False, None), ("ndb", 4, 3, False, "heuristic"))
