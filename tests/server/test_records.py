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
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from bohnen.cli.main import main
from bohnen.core import GameRecord, get_game, replay
from bohnen.server.database import is_postgres, open_log

from .seated import play_at_random, table_of
from .test_hostile_storage import faults, logged, one_error_line, run_cli, tamper
from .web import call, join, people, serving

GAMES: dict[str, dict[str, Any]] = {"ndb": {"rounds": 1}, "bohnanza": {}, "hansa": {}}
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
    version 3, PostgreSQL's 2): no column ``version``, nor those of the versions after
    (why a move was forced, who put a stand-in there, which moves a bot made, the
    undos)."""
    tamper(url, "ALTER TABLE tables DROP COLUMN version")
    tamper(url, "ALTER TABLE actions DROP COLUMN forced")
    tamper(url, "ALTER TABLE actions DROP COLUMN by_bot")
    tamper(url, "ALTER TABLE actions DROP COLUMN undoes")
    tamper(url, "ALTER TABLE seats DROP COLUMN standin_reason")
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


# --- a table of another version ------------------------------------------------------


def test_a_table_of_another_version_is_set_aside_as_bohnen_replay_refuses_it(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    log = open_log(db_url)
    for name in ("good", "bad", "older"):
        play_at_random(table_of(log, ["person"] * 3, table_id=name, seed=35), 5,
                       random.Random(35))
    log.close()
    engine = get_game("bohnanza")
    tamper(db_url, "UPDATE tables SET version = ? WHERE table_id = 'bad'", ALIEN)
    tamper(db_url, "UPDATE tables SET version = ? WHERE table_id = 'older'",
           engine.replays_versions[0])  # one this engine replays
    reason = (f"it was played with bohnanza version {ALIEN}; this server's engine plays "
              f"version {engine.version} and does not replay it")
    reader = open_log(db_url)
    before = (reader.table("bad"), reader.seats("bad"), reader.actions("bad"))
    with ExitStack() as stack, logged() as records:
        base, _ = stack.enter_context(serving(db_url))
        status, refused = call(base, "GET", "/api/tables/bad")
        assert status == 409 and refused["detail"] == f"table bad is set aside: {reason}"
        status, refused = call(base, "POST", "/api/tables/bad/join", {"name": "Eve"})
        assert status == 409 and reason in refused["detail"]
        for name in ("good", "older"):
            status, served = call(base, "GET", f"/api/tables/{name}")
            assert status == 200 and served["seq"] == 5, served
    after = (reader.table("bad"), reader.seats("bad"), reader.actions("bad"))
    reader.close()
    assert after == before  # kept as it is, for a server of its version
    said = [r.getMessage() for r in records if "set aside" in r.getMessage()]
    assert len(said) == 1 and "table bad" in said[0] and reason in said[0], said
    assert faults(records) == []
    assert main(["serve", "--db", db_url, "--check"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"table bad would be set aside: {reason}", lines


def test_a_finished_table_of_another_version_keeps_its_record_not_its_steps(
        db_url: str, tmp_path: Path) -> None:
    steps = _played(db_url, "bad", "ndb", ALIEN)
    engine = get_game("ndb")
    with serving(db_url) as (base, _lobby):
        status, record = call(base, "GET", "/api/tables/bad/replay")
        assert status == 200, record
        assert (record["game"], record["version"]) == ("ndb", ALIEN)
        assert len(record["actions"]) == steps and "result" not in record
        status, refused = call(base, "GET", "/api/tables/bad/replay/1")
        assert status == 409, refused
        assert f"played with ndb version {ALIEN}" in refused["detail"]
        assert call(base, "GET", "/api/tables/bad")[0] == 409
        status, listing = call(base, "GET", "/api/tables?list=finished")
        assert [t["table"] for t in listing["finished"]] == ["bad"]
    saved = tmp_path / "bad.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    line = one_error_line(run_cli(["replay", str(saved)]))
    assert f"record is for ndb version {ALIEN}, this engine plays version " \
           f"{engine.version}" in line, line


def test_a_finished_table_whose_log_cannot_be_replayed_is_refused_with_the_reason(
        db_url: str) -> None:
    """Not a server error with a traceback in the server's log."""
    _played(db_url, "bad", "ndb")
    tamper(db_url, "UPDATE actions SET action = '0: fly away' WHERE table_id = 'bad' "
           "AND seq = 3")
    with logged() as records, serving(db_url) as (base, _lobby):
        for path in ("/api/tables/bad/replay", "/api/tables/bad/replay/1"):
            status, refused = call(base, "GET", path)
            assert status == 409, (path, refused)
            assert "its log cannot be replayed: '0: fly away'" in refused["detail"]
    assert faults(records) == []


# --- the record the replay endpoint answers --------------------------------------------


def test_the_replay_is_a_game_record_that_bohnen_replay_opens(db_url: str,
                                                               tmp_path: Path) -> None:
    """A game played to its end through the server, its replay saved to a file: ``bohnen
    replay FILE`` replays it and checks its result."""
    with serving(db_url) as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, options={"rounds": 1})
        table_id = made["table"]
        clients = [join(stack, base, table_id, token)[0] for token in tokens]
        clients[1].send(json.dumps({"chat": "good luck"}))
        rng = random.Random(35)
        views = [_view_after(ws, 0) for ws in clients]
        while views[0]["result"] is None:
            seat = next(s for s in range(3) if views[s]["moves"])
            move = rng.choice(views[seat]["moves"])
            clients[seat].send(json.dumps({"action": move["notation"]}))
            views = [_view_after(ws, views[0]["seq"] + 1) for ws in clients]
        status, record = call(base, "GET", f"/api/tables/{table_id}/replay")
        table = lobby.tables[table_id]
    assert status == 200, record
    engine = get_game("ndb")
    assert (record["format"], record["game"], record["version"]) == (
        "bohnen-record", "ndb", engine.version)
    assert record["seed"] == table.seed and record["deck"] is None
    assert record["options"] == table.state.options.to_json()
    assert record["result"] == table.state.result().to_json()
    assert record["actions"] == [step["action"] for step in record["steps"]]
    assert len(record["actions"]) == table.seq
    # the table's own, beside the record's fields
    assert record["table"] == table_id
    assert [s["name"] for s in record["seats"]] == ["p0", "p1", "p2"]
    assert [(c["name"], c["text"]) for c in record["chat"]] == [("p1", "good luck")]
    assert [s["seq"] for s in record["steps"]] == list(range(1, table.seq + 1))
    assert all(s["at"] > 0 for s in record["steps"])
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record, indent=1), encoding="utf-8")
    done = run_cli(["replay", str(saved)])
    assert done.returncode == 0, done.stderr
    assert f"ndb: {table.seq} actions" in done.stdout
    assert "record OK (result checked)" in done.stdout


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_record_of_each_game_replays_to_its_result(db_url: str, game: str) -> None:
    steps = _played(db_url, "t1", game)
    with serving(db_url) as (base, _lobby):
        status, answer = call(base, "GET", "/api/tables/t1/replay")
    assert status == 200, answer
    record = GameRecord.from_json(answer)
    assert record.version == get_game(game).version and len(record.actions) == steps
    assert record.result is not None
    assert replay(record).result() == record.result  # replay checks it too


def test_a_table_of_a_log_that_kept_no_versions_is_replayed_as_this_version(
        tmp_path: Path) -> None:
    """A version of 0 (not known) is replayed as any version, as a record that names
    none: its record says 0, and ``bohnen replay`` opens it."""
    db = tmp_path / "tables.sqlite"
    _played(str(db), "t1", "ndb", 0)
    with serving(db) as (base, _lobby):
        status, record = call(base, "GET", "/api/tables/t1/replay")
        assert status == 200 and record["version"] == 0 and record["result"], record
        assert call(base, "GET", "/api/tables/t1/replay/1")[0] == 200
    saved = tmp_path / "t1.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(saved)]) == 0

