"""The log beside the actions (issue 24, lobby and table pages): seats, chat, the time
of each action, and a log of another version refused with a message; on both
databases (the fixtures ``db_url`` and ``log``: tests/server/conftest.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bohnen.server.database import open_log
from bohnen.server.log import SCHEMA_VERSION, ChatLine, SeatRow, TableLog
from bohnen.server.logbase import Log, Logged


def test_seats_are_kept_and_replaced(db_url: str) -> None:
    log = open_log(db_url)
    seats = [SeatRow(0, "person", name="Ada"), SeatRow(1, "bot", bot="heuristic"),
             SeatRow(2)]
    log.create("t1", "bohnanza", {"players": 3}, 5, {"clock": None}, seats, at=12.5)
    assert log.seats("t1") == seats
    log.put_seat("t1", SeatRow(2, "person", name="Bea", generation=1))
    log.close()
    reopened = open_log(db_url)
    assert reopened.seats("t1")[2] == SeatRow(2, "person", name="Bea", generation=1)
    row = reopened.table("t1")
    assert row is not None and row.setup == {"clock": None} and row.created == 12.5
    reopened.close()


def test_chat_lines_are_numbered_in_order_per_table(log: Log) -> None:
    log.create("t1", "bohnanza", {}, 1)
    log.create("t2", "bohnanza", {}, 1)
    first = log.say("t1", 0, "Ada", "hello", 0, 1.0)
    log.say("t2", None, "spectator", "hi", 0, 1.5)
    second = log.say("t1", None, "spectator", "good luck", 3, 2.0)
    assert (first.n, second.n) == (1, 2)
    assert log.chat("t1") == [ChatLine(1, 0, "Ada", "hello", 0, 1.0),
                              ChatLine(2, None, "spectator", "good luck", 3, 2.0)]
    assert log.chat("t1", after=1) == [second]


def test_actions_keep_their_time(log: Log) -> None:
    log.create("t1", "bohnanza", {}, 1)
    log.append("t1", 1, 0, "0: plant 0", 99.25)
    assert log.actions("t1")[0].at == 99.25


def test_a_log_of_another_version_is_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE tables (table_id TEXT PRIMARY KEY)")
        db.execute("PRAGMA user_version=1")
    with pytest.raises(ValueError, match=f"version 1; this server reads version "
                                         f"{SCHEMA_VERSION}"):
        TableLog(path)


def test_the_secret_is_made_once_and_kept(db_url: str) -> None:
    first = open_log(db_url)
    secret = first.secret()
    assert len(secret) == 64 and first.secret() == secret
    first.close()
    again = open_log(db_url)  # a restarted server, or another server process
    assert again.secret() == secret
    again.close()


def test_tables_are_listed_in_the_order_they_were_made(log: Log) -> None:
    for table_id in ("t3", "t1", "t2", "t0"):
        log.create(table_id, "bohnanza", {}, 1)
    log.finish("t1")
    log.finish("t0")
    assert [row.table_id for row in log.unfinished()] == ["t3", "t2"]
    assert [row.table_id for row in log.finished()] == ["t0", "t1"]
    assert [row.table_id for row in log.finished(limit=1)] == ["t0"]
    assert log.table("t9") is None and log.actions("t9") == [] and log.seats("t9") == []


@pytest.mark.parametrize(("synchronous", "pragma"), [(None, 1), ("normal", 1), ("full", 2)])
def test_an_sqlite_log_commits_as_its_synchronous_setting_says(
        tmp_path: Path, synchronous: str | None, pragma: int) -> None:
    """normal by default (SQLite's advice in WAL mode: a commit survives a crash of the
    server, tests/server/test_kill.py), full on demand (a power cut too)."""
    log = open_log(tmp_path / "t.sqlite", synchronous)
    assert isinstance(log, TableLog)
    assert log._db.execute("PRAGMA synchronous").fetchone() == (pragma,)
    assert log._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    log.close()


def test_a_bad_synchronous_setting_is_refused_naming_it(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="synchronous is normal or full, not 'off'"):
        TableLog(tmp_path / "t.sqlite", "off")
    with pytest.raises(ValueError, match="synchronous is a setting of an SQLite log"):
        open_log("postgresql://nobody@127.0.0.1:1/bohnen", "full")


def test_a_seat_keeps_its_nonce_and_a_table_its_host_nonce(log: Log) -> None:
    log.create("t1", "bohnanza", {}, 1, seats=[SeatRow(0, "person", name="Ada",
                                                        nonce="n0")], host="h0")
    assert log.seats("t1")[0].nonce == "n0"
    log.put_host("t1", "h1")
    row = log.table("t1")
    assert row is not None and row.host == "h1" and not row.expired


def test_an_expired_table_is_finished_and_says_it_expired(log: Log) -> None:
    log.create("t1", "bohnanza", {}, 1)
    log.create("t2", "bohnanza", {}, 1)
    log.expire("t1")
    row = log.table("t1")
    assert row is not None and row.finished and row.expired
    assert [r.table_id for r in log.unfinished()] == ["t2"]


def test_a_log_of_version_2_is_brought_up_to_this_version(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite"
    with sqlite3.connect(path) as db:  # the tables as version 2 made them
        db.executescript("""
            CREATE TABLE tables (table_id TEXT PRIMARY KEY, game TEXT NOT NULL,
                options TEXT NOT NULL, seed INTEGER NOT NULL,
                finished INTEGER NOT NULL DEFAULT 0, setup TEXT NOT NULL DEFAULT '{}',
                created REAL NOT NULL DEFAULT 0);
            CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL,
                kind TEXT NOT NULL, name TEXT, bot TEXT, standin TEXT,
                generation INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat));
            CREATE TABLE actions (table_id TEXT NOT NULL, seq INTEGER NOT NULL,
                seat INTEGER NOT NULL, action TEXT NOT NULL, at REAL NOT NULL DEFAULT 0,
                PRIMARY KEY (table_id, seq));
            INSERT INTO tables VALUES ('t1', 'bohnanza', '{}', 5, 0, '{}', 1.5);
            INSERT INTO seats VALUES ('t1', 0, 'person', 'Ada', NULL, NULL, 2);
            PRAGMA user_version=2;""")
    log = TableLog(path)
    assert log.seats("t1") == [SeatRow(0, "person", name="Ada", generation=2)]
    row = log.table("t1")
    assert row is not None and row.seed == 5 and row.host == "" and not row.expired
    log.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_a_log_of_version_4_is_brought_up_to_this_version(tmp_path: Path) -> None:
    """Version 5 keeps why a move was forced (``actions.forced``) and who put a seat's
    stand-in there (``seats.standin_reason``): a log of version 4 has neither."""
    path = tmp_path / "v4.sqlite"
    log = TableLog(path)
    log.create("t1", "bohnanza", {}, 5, seats=[SeatRow(0, "person", name="Ada")])
    log.append("t1", 1, 0, "0: plant 0", 2.5)
    log.close()
    with sqlite3.connect(path) as db:  # back to what version 4 made
        db.executescript("""
            ALTER TABLE actions DROP COLUMN forced;
            ALTER TABLE seats DROP COLUMN standin_reason;
            ALTER TABLE actions DROP COLUMN by_bot;
            ALTER TABLE actions DROP COLUMN undoes;
            PRAGMA user_version=4;""")
    log = TableLog(path)
    assert log.actions("t1") == [Logged(1, 0, "0: plant 0", 2.5)]
    assert log.seats("t1") == [SeatRow(0, "person", name="Ada")]
    log.append("t1", 2, 0, "0: end-planting", 3.0, forced="clock")
    log.put_seat("t1", SeatRow(0, "person", name="Ada", standin="heuristic",
                               standin_reason="clock"))
    assert log.actions("t1", after=1)[0].forced == "clock"
    assert log.seats("t1")[0].standin_reason == "clock"
    log.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_a_log_of_version_5_is_brought_up_to_this_version(tmp_path: Path) -> None:
    """Version 6 keeps which moves a bot made (``actions.by_bot``) and the undos
    (``actions.undoes``): a log of version 5 has neither, and its steps are all in the
    game, none a bot's as far as it knows."""
    path = tmp_path / "v5.sqlite"
    log = TableLog(path)
    log.create("t1", "bohnanza", {}, 5, seats=[SeatRow(0, "person", name="Ada")])
    log.append("t1", 1, 0, "0: plant 0", 2.5)
    log.close()
    with sqlite3.connect(path) as db:  # back to what version 5 made
        db.executescript("""
            ALTER TABLE actions DROP COLUMN by_bot;
            ALTER TABLE actions DROP COLUMN undoes;
            PRAGMA user_version=5;""")
    log = TableLog(path)
    assert log.actions("t1") == [Logged(1, 0, "0: plant 0", 2.5)]
    log.append("t1", 2, 0, "0: plant 0", 3.0, by_bot=True)
    log.undo("t1", 3, 0, 2, 4.0)
    assert log.actions("t1") == [Logged(1, 0, "0: plant 0", 2.5)]
    assert log.entries("t1", after=1) == [Logged(2, 0, "0: plant 0", 3.0, by_bot=True),
                                          Logged(3, 0, "", 4.0, undoes=2)]
    log.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
