"""The records of the online tables (issue 35, item 6): each table keeps the version of
its game's engine, a table of another version is set aside as ``bohnen replay``
refuses a record of another version, and the replay endpoint answers a standard game
record that ``bohnen replay`` opens.

Each runs the real server on the loopback (:func:`tests.server.web.serving`) on SQLite
and PostgreSQL (``db_url``), and ``bohnen replay`` in a process of its own on the
record saved from the server. Every wait is bounded and fails with a message.
"""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

from websockets.sync.client import ClientConnection

from bohnen.core import get_game
from bohnen.server.database import is_postgres, open_log

from .seated import play_at_random, table_of
from .test_hostile_storage import tamper
from .web import call, serving

GAMES = {"ndb": {"rounds": 1}, "bohnanza": {}, "hansa": {}}  # a short game of each
ALIEN = 999  # a version of no engine


def _view_after(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The view frame of step ``seq`` (an error on the way: none expected)."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert frame["type"] != "error", frame
        if frame["type"] == "view" and frame["seq"] == seq:
            return frame


def _played(url: str, table_id: str, game: str, version: int | None = None) -> int:
    """A game of ``game`` played to its end in the log at ``url`` (its steps); with
    ``version``, the table then says it was made by that version of the engine."""
    log = open_log(url)
    try:
        table = table_of(log, ["person"] * 3, game=game, table_id=table_id, seed=35,
                         **GAMES[game])
        play_at_random(table, 5_000, random.Random(35))
        assert table.state.is_over
        steps = table.seq
    finally:
        log.close()
    if version is not None:
        tamper(url, "UPDATE tables SET version = ? WHERE table_id = ?", version, table_id)
    return steps


def _forget_versions(url: str) -> None:
    """The log at ``url`` made as the logs were before they kept versions (SQLite's
    version 3, PostgreSQL's 2): no column ``version``."""
    tamper(url, "ALTER TABLE tables DROP COLUMN version")
    if is_postgres(url):
        tamper(url, "UPDATE settings SET value = '2' WHERE name = 'schema'")
        return
    with sqlite3.connect(url) as lite:
        lite.execute("PRAGMA user_version = 3")
    lite.close()


# --- the version a table keeps -------------------------------------------------------


def test_a_table_keeps_the_version_of_its_games_engine(db_url: str) -> None:
    made = {}
    with serving(db_url) as (base, _lobby):
        for game in GAMES:
            status, answer = call(base, "POST", "/api/tables", {
                "game": game, "players": 3, "name": "Ada"})
            assert status == 200, answer
            made[game] = answer["table"]
    log = open_log(db_url)
    try:
        for game, table_id in made.items():
            row = log.table(table_id)
            assert row is not None and row.version == get_game(game).version, (game, row)
    finally:
        log.close()


def test_a_log_that_kept_no_versions_stamps_its_tables_with_the_installed_engines(
        db_url: str) -> None:
    """The engine that wrote them is not known: the one that brings the log up to date
    is the best guess; a game this server does not know keeps 0 (not known)."""
    log = open_log(db_url)
    for game in GAMES:
        log.create(game, game, get_game(game).options(3).to_json(), 1, version=1)
    log.create("chess", "chess", {}, 1)
    log.close()
    _forget_versions(db_url)
    log = open_log(db_url)
    try:
        for game in GAMES:
            row = log.table(game)
            assert row is not None and row.version == get_game(game).version, row
        chess = log.table("chess")
        assert chess is not None and chess.version == 0
    finally:
        log.close()

