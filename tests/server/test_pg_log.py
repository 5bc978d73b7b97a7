"""The PostgreSQL log's own part (issue 24, "Scale"): the database named by a URL, a
database of another version refused, the secret made once when processes start at
once, chat numbered when two processes say at once, the notice sent with each write
(and only once it is committed), and the fence that keeps a table's writes to the
process that keeps the table. The guarantees both logs share are tested on both in
test_log.py and test_table.py."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bohnen.server.database import is_postgres, open_log
from bohnen.server.log import TableLog
from bohnen.server.logbase import LogConflict, Logged, SeatRow, hide_password

psycopg = pytest.importorskip("psycopg", reason="PostgreSQL tests need psycopg: pip install "
                              "-e '.[postgres]'")

from bohnen.server.pg import CHANNEL, SCHEMA_VERSION, PgLog  # noqa: E402  (needs psycopg)

pytestmark = pytest.mark.postgres


def test_a_url_names_the_log_it_opens(tmp_path: Path, pg_url: str) -> None:
    for url in (str(tmp_path / "a.sqlite"), tmp_path / "b.sqlite",
                f"sqlite:///{tmp_path}/c.sqlite"):
        log = open_log(url)
        assert isinstance(log, TableLog)
        log.close()
    assert sorted(p.name for p in tmp_path.glob("*.sqlite")) == ["a.sqlite", "b.sqlite",
                                                                 "c.sqlite"]
    log = open_log(pg_url)
    assert isinstance(log, PgLog) and is_postgres(pg_url)
    log.close()
    for bad, words in [("mysql://u@h/db", "not a database this server keeps its log in"),
                       ("sqlite://", "sqlite:///<path of the file>")]:
        with pytest.raises(ValueError, match=words):
            open_log(bad)


def test_a_password_is_never_shown_in_a_message() -> None:
    assert hide_password("postgresql://ada:s3cret@db.example/bohnen") == \
        "postgresql://ada:***@db.example/bohnen"
    assert hide_password("postgresql://db/bohnen?password=s3cret&sslmode=require") == \
        "postgresql://db/bohnen?password=***&sslmode=require"
    with pytest.raises(ValueError) as caught:
        open_log("postgresql://ada:s3cret@/nowhere?host=/nonexistent-bohnen&connect_timeout=2")
    assert "s3cret" not in str(caught.value)
    assert str(caught.value).startswith("cannot use the PostgreSQL database "
                                        "postgresql://ada:***@/nowhere")


def test_a_database_of_another_version_is_refused_with_a_message(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("CREATE TABLE tables (table_id TEXT PRIMARY KEY)")
    with pytest.raises(ValueError, match=f"is a log of version 0; this server reads version "
                                         f"{SCHEMA_VERSION}"):
        PgLog(pg_url)


def test_processes_starting_at_once_make_one_schema_and_one_secret(pg_url: str) -> None:
    secrets: list[str] = []
    faults: list[BaseException] = []

    def start() -> None:
        try:
            log = PgLog(pg_url)
            secrets.append(log.secret())
            log.close()
        except BaseException as exc:
            faults.append(exc)

    threads = [threading.Thread(target=start) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert faults == [] and len(secrets) == 6 and len(set(secrets)) == 1


def test_two_processes_saying_at_once_number_their_lines_in_turn(pg_url: str) -> None:
    logs = [PgLog(pg_url), PgLog(pg_url)]
    logs[0].create("t1", "bohnanza", {}, 1)

    def chatter(k: int) -> None:
        for i in range(25):
            logs[k].say("t1", k, f"p{k}", f"line {i}", 0, 0.0)

    threads = [threading.Thread(target=chatter, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    lines = logs[0].chat("t1")
    assert [line.n for line in lines] == list(range(1, 51))
    for k in (0, 1):  # each one's lines in the order it said them
        assert [line.text for line in lines if line.seat == k] == [f"line {i}" for i in
                                                                  range(25)]
        logs[k].close()


def test_each_write_is_announced_once_committed(pg_url: str) -> None:
    log = PgLog(pg_url)
    got: list[dict[str, Any]] = []
    with psycopg.connect(pg_url, autocommit=True) as listener:
        listener.add_notify_handler(lambda note: got.append(json.loads(note.payload)))
        listener.execute(f"LISTEN {CHANNEL}")
        log.create("t1", "bohnanza", {}, 1, seats=[SeatRow(0)])
        log.put_seat("t1", SeatRow(0, "person", name="Ada"))
        log.append("t1", 1, 0, "0: plant 0")
        with pytest.raises(LogConflict):
            log.append("t1", 1, 0, "0: plant 0")  # refused: announced by nobody
        log.say("t1", 0, "Ada", "hi", 1, 0.0)
        log.finish("t1")
        deadline = time.monotonic() + 30
        while len(got) < 5 and time.monotonic() < deadline:
            listener.execute("SELECT 1")  # the notices come in with its answer
            time.sleep(0.01)
        listener.execute("SELECT 1")
    assert [(n["kind"], n["table"], n["n"]) for n in got] == [
        ("new", "t1", 0), ("seats", "t1", 0), ("step", "t1", 1), ("chat", "t1", 1),
        ("over", "t1", 0)]
    log.close()


def test_the_fence_keeps_a_tables_writes_to_its_owner(pg_url: str) -> None:
    mine, theirs = PgLog(pg_url), PgLog(pg_url)
    mine.owner, theirs.owner = "node-a", "node-b"
    with pytest.raises(LogConflict, match="kept by another server process"):
        mine.create("t1", "bohnanza", {}, 1)  # not claimed: nobody may write it
    assert mine.table("t1") is None
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("INSERT INTO owners (table_id, node) VALUES ('t1', 'node-a')")
        mine.create("t1", "bohnanza", {}, 1)
        mine.append("t1", 1, 0, "0: plant 0")
        for write in (lambda: theirs.append("t1", 2, 0, "0: plant 0"),
                      lambda: theirs.put_seat("t1", SeatRow(0, "bot", bot="random")),
                      lambda: theirs.say("t1", 0, "Ada", "hi", 1, 0.0),
                      lambda: theirs.finish("t1")):
            with pytest.raises(LogConflict, match="kept by another server process"):
                write()
        db.execute("UPDATE owners SET node = 'node-b' WHERE table_id = 't1'")
        with pytest.raises(LogConflict):
            mine.append("t1", 2, 0, "0: plant 0")  # the table was taken over
        theirs.append("t1", 2, 0, "0: plant 0")
    assert [a.seq for a in mine.actions("t1")] == [1, 2]
    assert mine.seats("t1") == [] and mine.chat("t1") == []
    unfenced = PgLog(pg_url)  # a process not in a cluster writes as before
    unfenced.append("t1", 3, 0, "0: plant 0")
    for log in (mine, theirs, unfenced):
        log.close()


def test_a_takeover_waits_for_the_old_owners_last_write(pg_url: str) -> None:
    """The new owner's claim (an UPDATE of the owners row) waits while the old owner's
    append, in its transaction, holds that row (FOR SHARE), so the rebuild after the
    claim sees that step; the old owner's next append is refused."""
    log = PgLog(pg_url)
    log.owner = "node-a"
    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("INSERT INTO owners (table_id, node) VALUES ('t1', 'node-a')")
    log.create("t1", "bohnanza", {}, 1)
    with psycopg.connect(pg_url) as gate, psycopg.connect(pg_url, autocommit=True) as new:
        # the old owner's append stops at its INSERT until the gate opens
        gate.execute("LOCK TABLE actions IN EXCLUSIVE MODE")
        writer = threading.Thread(target=log.append, args=("t1", 1, 0, "0: plant 0"))
        writer.start()
        deadline = time.monotonic() + 30
        while not new.execute("SELECT count(*) FROM pg_locks WHERE NOT granted "
                              "AND relation = 'actions'::regclass").fetchone()[0]:
            assert time.monotonic() < deadline, "the append never reached its INSERT"
            time.sleep(0.01)
        new.execute("SET lock_timeout = '200ms'")
        with pytest.raises(psycopg.errors.LockNotAvailable):
            new.execute("UPDATE owners SET node = 'node-b' WHERE table_id = 't1'")
        gate.commit()
        writer.join(timeout=30)
        new.execute("SET lock_timeout = 0")
        new.execute("UPDATE owners SET node = 'node-b' WHERE table_id = 't1'")
    assert [a.seq for a in log.actions("t1")] == [1]
    with pytest.raises(LogConflict, match="kept by another server process"):
        log.append("t1", 2, 0, "0: plant 0")
    log.close()


def test_a_database_of_version_1_is_brought_up_to_this_version(pg_url: str) -> None:
    log = PgLog(pg_url)
    log.create("t1", "bohnanza", {}, 5, seats=[SeatRow(0, "person", name="Ada")])
    log.close()
    with psycopg.connect(pg_url, autocommit=True) as db:  # back to what version 1 made
        db.execute("ALTER TABLE tables DROP COLUMN host")
        db.execute("ALTER TABLE tables DROP COLUMN expired")
        db.execute("ALTER TABLE seats DROP COLUMN nonce")
        db.execute("ALTER TABLE tables DROP COLUMN version")
        db.execute("ALTER TABLE seats DROP COLUMN standin_reason")
        db.execute("ALTER TABLE actions DROP COLUMN forced")
        db.execute("ALTER TABLE actions DROP COLUMN by_bot")
        db.execute("ALTER TABLE actions DROP COLUMN undoes")
        db.execute("UPDATE settings SET value = '1' WHERE name = 'schema'")
    log = PgLog(pg_url)
    assert log.seats("t1") == [SeatRow(0, "person", name="Ada")]
    log.put_host("t1", "h1")
    row = log.table("t1")
    assert row is not None and row.host == "h1" and not row.expired
    log.close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        assert db.execute("SELECT value FROM settings WHERE name = 'schema'").fetchone() \
            == (str(SCHEMA_VERSION),)


def test_a_database_of_version_3_is_brought_up_to_this_version(pg_url: str) -> None:
    """Version 4 keeps why a move was forced (``actions.forced``) and who put a seat's
    stand-in there (``seats.standin_reason``)."""
    log = PgLog(pg_url)
    log.create("t1", "bohnanza", {}, 5, seats=[SeatRow(0, "person", name="Ada")])
    log.append("t1", 1, 0, "0: plant 0", 2.5)
    log.close()
    with psycopg.connect(pg_url, autocommit=True) as db:  # back to what version 3 made
        db.execute("ALTER TABLE seats DROP COLUMN standin_reason")
        db.execute("ALTER TABLE actions DROP COLUMN forced")
        db.execute("ALTER TABLE actions DROP COLUMN by_bot")
        db.execute("ALTER TABLE actions DROP COLUMN undoes")
        db.execute("UPDATE settings SET value = '3' WHERE name = 'schema'")
    log = PgLog(pg_url)
    assert log.actions("t1") == [Logged(1, 0, "0: plant 0", 2.5)]
    assert log.seats("t1") == [SeatRow(0, "person", name="Ada")]
    log.append("t1", 2, 0, "0: end-planting", 3.0, forced="clock")
    log.put_seat("t1", SeatRow(0, "person", name="Ada", standin="heuristic",
                               standin_reason="clock"))
    assert log.actions("t1", after=1)[0].forced == "clock"
    assert log.seats("t1")[0].standin_reason == "clock"
    log.close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        assert db.execute("SELECT value FROM settings WHERE name = 'schema'").fetchone() \
            == (str(SCHEMA_VERSION),)


def test_a_database_of_version_4_is_brought_up_to_this_version(pg_url: str) -> None:
    """Version 5 keeps which moves a bot made (``actions.by_bot``) and the undos
    (``actions.undoes``): a log of version 4 has neither, and its steps are all in the
    game, none a bot's as far as it knows."""
    log = PgLog(pg_url)
    log.create("t1", "bohnanza", {}, 5, seats=[SeatRow(0, "person", name="Ada")])
    log.append("t1", 1, 0, "0: plant 0", 2.5)
    log.close()
    with psycopg.connect(pg_url, autocommit=True) as db:  # back to what version 4 made
        db.execute("ALTER TABLE actions DROP COLUMN by_bot")
        db.execute("ALTER TABLE actions DROP COLUMN undoes")
        db.execute("UPDATE settings SET value = '4' WHERE name = 'schema'")
    log = PgLog(pg_url)
    assert log.actions("t1") == [Logged(1, 0, "0: plant 0", 2.5)]
    log.append("t1", 2, 0, "0: plant 0", 3.0, by_bot=True)
    log.undo("t1", 3, 0, 2, 4.0)
    assert log.actions("t1") == [Logged(1, 0, "0: plant 0", 2.5)]
    assert log.entries("t1", after=1) == [Logged(2, 0, "0: plant 0", 3.0, by_bot=True),
                                          Logged(3, 0, "", 4.0, undoes=2)]
    log.close()
    with psycopg.connect(pg_url, autocommit=True) as db:
        assert db.execute("SELECT value FROM settings WHERE name = 'schema'").fetchone() \
            == (str(SCHEMA_VERSION),)
