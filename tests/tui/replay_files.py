"""Records for the replay viewer's tests, made as people get them: a game played at the
terminal and saved (``Session.save``, the ``s`` key), and the record of an online table
from the server's own replay (``Replays.record``, what ``GET /api/tables/{id}/replay``
answers), never written by hand. Random bots and hints: the games do not move when the
heuristic bots change."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.server.database import open_log
from bohnen.server.logbase import SeatRow
from bohnen.server.replay import Replays
from bohnen.server.table import Table
from bohnen.tui.session import Session

from .helpers import session

OPTIONS: dict[str, list[str]] = {"bohnanza": [], "ndb": ["rounds=1"], "hansa": []}
MOVES = 20_000  # more than any of these games takes


def finished(game: str, seed: int = 3) -> Session:
    """A game of ``game`` at the terminal against random bots, played to its end by the
    hints (seat 0 the person)."""
    sess = session(game, seed=seed, players=3, bots="random", options=OPTIONS[game])
    sess.hinter = make_bot("random", sess.game)
    sess.run_bots()
    for _ in range(MOVES):
        if sess.is_over:
            return sess
        seat = sess.human_to_act()
        assert seat is not None
        action = sess.hint(seat)
        assert action is not None
        assert sess.play(seat, action).ok
        sess.run_bots()
    raise AssertionError(f"the game of {game} did not end")


def terminal_save(tmp_path: Path, game: str, seed: int = 3) -> Path:
    """A finished game saved by the terminal (its record and seating)."""
    path = tmp_path / f"save-{game}.json"
    assert finished(game, seed).save(path).ok
    return path


def online_record(tmp_path: Path, game: str, seed: int = 5) -> dict[str, Any]:
    """The record of a finished online table of ``game`` (three people, p0 to p2,
    moving at random) as the server's replay answers it."""
    log = open_log(tmp_path / f"log-{game}.sqlite")
    try:
        engine = get_game(game)
        options = dict(o.split("=") for o in OPTIONS[game])
        opts = engine.options(3, **{k: int(v) for k, v in options.items()}).to_json()
        rows = [SeatRow(seat, "person", name=f"p{seat}") for seat in range(3)]
        table = Table.create(log, "t1", game, opts, seed, rows, {})
        rng = random.Random(seed)
        for _ in range(MOVES):
            if table.state.is_over:
                break
            seat = table.state.to_act()[0]
            legal = table.state.legal_actions(seat)
            assert table.accept(seat, str(legal[rng.randrange(len(legal))])).ok
        assert table.state.is_over
        return Replays(log).record("t1")
    finally:
        log.close()


def online_file(tmp_path: Path, game: str, seed: int = 5) -> Path:
    """:func:`online_record` saved to a file, as a browser downloads it."""
    path = tmp_path / f"online-{game}.json"
    path.write_text(json.dumps(online_record(tmp_path, game, seed)), encoding="utf-8")
    return path
