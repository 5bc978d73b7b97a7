"""Recorded searches: the ISMCTS bot's choice and root visits at fixed positions and seeds.

A speed change to the search, the samplers or the playouts must not change what the
bot plays: for a given seed it must draw the same samples, play the same playouts and
so choose the same move with the same visit counts. :func:`searches` runs a fixed set
of searches (every game, the main settings); ``search_record.json`` holds what they
gave when recorded, and ``test_search_record.py`` compares. Regenerate (only for a
change meant to alter the search) with ``python -m tests.bots.search_record``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bohnen.bots import make_bot
from bohnen.bots.ismcts import IsmctsBot
from bohnen.core import get_game
from bohnen.core.game import AnyGame
from bohnen.core.protocol import JSONObject

from .helpers import decision_of, positions

RECORD = Path(__file__).with_name("search_record.json")
ITERATIONS = 40

# (name, game, options overrides, bot parameters, position seed)
CASES: list[tuple[str, str, dict[str, Any], str, int]] = [
    ("ndb", "ndb", {}, "", 11),
    ("ndb-mast", "ndb", {}, "mast=0.5", 12),
    ("ndb-paired", "ndb", {}, "paired=true", 13),
    ("bohnanza", "bohnanza", {}, "", 21),
    ("bohnanza-open", "bohnanza", {"trading": "open"}, "", 22),
    ("bohnanza-mast", "bohnanza", {}, "mast=0.5,proposals=0", 23),
    ("bohnanza-bot-playout", "bohnanza", {}, "playout=heuristic,horizon=1", 24),
    ("hansa", "hansa", {}, "", 31),
    ("hansa-prior", "hansa", {}, "prior=heuristic", 32),
]
POSITIONS = 3


def _json(action: Any) -> JSONObject:
    data: JSONObject = action.to_json()
    return data


def search_case(name: str) -> list[JSONObject]:
    """The searches of case ``name``: at each position, the move and the root visits."""
    _, game_name, overrides, params, seed = next(c for c in CASES if c[0] == name)
    game: AnyGame = get_game(game_name)
    options = game.options(4, **overrides)
    spec = f"ismcts:iterations={ITERATIONS}" + (f",{params}" if params else "")
    out: list[JSONObject] = []
    for index, (state, seat) in enumerate(positions(game, options, seed, POSITIONS)):
        bot = make_bot(spec, game)
        assert isinstance(bot, IsmctsBot)
        action = bot.act(decision_of(state, seat), random.Random(seed * 100 + index))
        assert bot.last is not None
        out.append({"seat": seat, "turn": state.turn, "action": _json(action),
                    "iterations": bot.last.iterations,
                    "visits": [[_json(a), v] for a, v in bot.last.visits]})
    return out


def searches() -> dict[str, list[JSONObject]]:
    """Every case's searches."""
    return {name: search_case(name) for name, *_ in CASES}


def recorded() -> dict[str, list[JSONObject]]:
    data: dict[str, list[JSONObject]] = json.loads(RECORD.read_text())
    return data


def _text(data: dict[str, list[JSONObject]]) -> str:
    """The record as JSON, one search a line (a diff shows which search changed)."""
    cases = [f'{json.dumps(name)}: [\n' + ",\n".join(json.dumps(s) for s in found) + "\n]"
             for name, found in data.items()]
    return "{\n" + ",\n".join(cases) + "\n}\n"


if __name__ == "__main__":
    RECORD.write_text(_text(searches()))
    print(f"wrote {RECORD}")
