"""The runner moves by ``advance`` (no events built: nothing of a simulation reads them),
and plays the very games it played through ``apply``: the same results, the same
records, the same summary.

``DIGESTS`` holds, per game, the SHA-256 of a seeded series' records and summary as the
runner gave them through ``apply`` (recorded before the change); the series is played
again here and compared, and each record replays through ``apply`` to its result.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.records import replay
from bohnen.sim.runner import Played, play_game, simulate

# game -> SHA-256 of the series of ``_series`` (records and summary), through ``apply``
DIGESTS = {
    "ndb": "5d999b2114ff1511534bf23192d8afe8c0fae9482039ce678eafff060f31cba9",
    "bohnanza": "1d1c4f77ba18a8a5a1f621e9f784a7052fdb08eb5ec74fa6e1854c4ed94a8ae4",
    "hansa": "af178a7450fdb738b5cded38d785dd12482e1bc12978efb1cff9493fcda0c8bc",
}
BOTS = ("random", "heuristic", "random", "heuristic")


def _series(name: str) -> tuple[str, list[Played]]:
    """Three seeded games of ``name``, four players (random and heuristic bots),
    recorded: the digest of their records and summary, and the games."""
    game = get_game(name)
    bots = [make_bot(spec, game) for spec in BOTS]
    played: list[Played] = []
    summary = simulate(game, game.options(4), 2038, 3, bots, on_game=played.append,
                       record=True)
    figures: dict[str, Any] = summary.to_json()
    figures.pop("games_per_second")  # a timing, not a figure of the games
    records = [p.record.to_json() for p in played if p.record is not None]
    text = json.dumps({"records": records, "summary": figures}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest(), played


@pytest.mark.parametrize("name", sorted(DIGESTS))
def test_seeded_series_plays_as_through_apply(name: str) -> None:
    digest, played = _series(name)
    assert digest == DIGESTS[name]
    for game in played:
        assert game.record is not None
        assert replay(game.record).result() == game.result  # replayed through apply


def test_the_runner_builds_no_events(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("ndb")
    state_class = type(game.new_game(game.options(4), 1))

    def refused(self: Any, action: Any) -> Any:
        raise AssertionError("the runner applied a move with events")

    monkeypatch.setattr(state_class, "apply", refused)
    bots = [make_bot("random", game) for _ in range(4)]
    played = play_game(game, game.options(4), 7, bots)
    assert played.actions > 0
