"""The log and its files under attack or accident (issue 34, items 6 to 9 and the low
ones of files and options): a second server on one SQLite file, a full disk during
play, a tampered or damaged database at start, files other users could read, an
unknown option.

Each runs the real server on the loopback (:func:`tests.server.web.serving`, or
``python -m bohnen.cli serve`` in a process of its own) with real sockets, on SQLite
and PostgreSQL where the item touches the log. A full disk is SQLite's own answer,
``SQLITE_FULL``, from ``PRAGMA max_page_count`` lowered on the server's connection
mid-game (``PRAGMA query_only`` makes it a read-only database, which refuses every
write); on PostgreSQL a trigger in the test's schema raises SQLSTATE 53100
(``disk_full``) while a row says the disk is full. Every wait is bounded and fails
with a message; nothing depends on timing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import select
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from bohnen.cli.main import main
from bohnen.server.app import create_app
from bohnen.server.database import is_postgres, open_log
from bohnen.server.lobby import Lobby
from bohnen.server.log import TableLog
from bohnen.server.logbase import BadLogFile, Log, LogInUse, LogUnwritable
from bohnen.server.seating import Seating
from bohnen.server.table import Table
from bohnen.server.tokens import Tokens

from .seated import play_at_random, table_of, until
from .web import call, free_port, join, people, serving

LIMIT = 60.0  # seconds any wait of these tests may take before it fails
FAST = 10_000.0  # a client's frame rate here: the tests send many frames, none too many
DISK_FULL = "the server cannot save moves: disk full"
MAX_MOVES = 600  # moves a game takes before SQLite's last page is full (about 120)
MAX_CHAT = 40  # chat lines of 500 characters before the chat's last page is full

FULL_DISK_TRIGGER = """
CREATE TABLE IF NOT EXISTS disk_full (since TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE OR REPLACE FUNCTION refuse_when_full() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM disk_full) THEN
        RAISE EXCEPTION 'could not extend file: No space left on device'
            USING ERRCODE = '53100';
    END IF;
    RETURN NULL;
END $$;
"""
WRITTEN = ("tables", "seats", "chat", "actions")  # the log's tables a trigger guards


# --- helpers ------------------------------------------------------------------------


@contextmanager
def logged() -> Iterator[list[logging.LogRecord]]:
    """The records logged in the block, by the server (root) and by uvicorn (whose
    logger does not pass its records on to the root's), warnings and up."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(logging.WARNING)
    loggers = [logging.getLogger(), logging.getLogger("uvicorn")]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield records
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def faults(records: list[logging.LogRecord]) -> list[str]:
    """The records that carry a traceback, or say an error."""
    return [record.getMessage() for record in records
            if record.exc_info or record.levelno >= logging.ERROR]


@contextmanager
def cannot_write(lobby: Lobby, url: str, how: str = "full") -> Iterator[str]:
    """The server's log cannot write for the block; the cause a player is told.

    SQLite: ``full`` lowers ``max_page_count`` to the pages there are (a write that
    needs a new page gets ``SQLITE_FULL``); ``read-only`` sets ``query_only`` (every
    write gets ``SQLITE_READONLY``). PostgreSQL: every write of the log's tables gets
    SQLSTATE 53100 from the trigger."""
    if is_postgres(url):
        import psycopg

        with psycopg.connect(url, autocommit=True) as db:
            db.execute(FULL_DISK_TRIGGER)
            for name in WRITTEN:
                db.execute(f"DROP TRIGGER IF EXISTS refuse_when_full ON {name}")
                db.execute(f"CREATE TRIGGER refuse_when_full BEFORE INSERT OR UPDATE OR "
                           f"DELETE ON {name} FOR EACH STATEMENT EXECUTE FUNCTION "
                           "refuse_when_full()")
            db.execute("INSERT INTO disk_full DEFAULT VALUES")
            try:
                yield "disk full"
            finally:
                db.execute("DELETE FROM disk_full")
        return
    assert isinstance(lobby.log, TableLog)
    connection = lobby.log._db  # the server's own connection: a pragma is per connection
    if how == "read-only":
        connection.execute("PRAGMA query_only = ON")
        try:
            yield "the database is read-only"
        finally:
            connection.execute("PRAGMA query_only = OFF")
        return
    (pages,) = connection.execute("PRAGMA max_page_count").fetchone()
    connection.execute("PRAGMA max_page_count = 1")  # as low as the pages there are
    try:
        yield "disk full"
    finally:
        connection.execute(f"PRAGMA max_page_count = {pages}")


def drain(ws: ClientConnection) -> None:
    """Read every frame waiting for ``ws`` (so that a client never falls behind)."""
    while True:
        try:
            ws.recv(timeout=0)
        except TimeoutError:
            return


def answer(ws: ClientConnection, kinds: tuple[str, ...] = ("ack", "error")) -> dict[str, Any]:
    """The next frame of one of ``kinds`` (the others skipped)."""
    deadline = time.monotonic() + LIMIT
    while True:
        assert time.monotonic() < deadline, f"no {kinds} frame in {LIMIT:g} s"
        frame: dict[str, Any] = json.loads(ws.recv(timeout=LIMIT))
        if frame["type"] in kinds:
            return frame


def a_move(table: Table, rng: random.Random) -> tuple[int, str]:
    """A seat that may act at ``table`` and one of its legal moves (read between two
    moves, while the server's writer waits for the next)."""
    seat = table.state.to_act()[0]
    legal = table.state.legal_actions(seat)
    return seat, str(legal[rng.randrange(len(legal))])


def move(clients: list[ClientConnection], seat: int, action: str) -> dict[str, Any]:
    """``action`` sent by the client of ``seat``: its answer (ack or error)."""
    clients[seat].send(json.dumps({"action": action}))
    reply = answer(clients[seat])
    for ws in clients:
        drain(ws)
    return reply


def say(ws: ClientConnection, text: str) -> dict[str, Any]:
    """A chat line sent by ``ws``: the line as every client gets it, or the error."""
    ws.send(json.dumps({"chat": text}))
    while True:
        frame = answer(ws, ("chat", "error"))
        if frame["type"] == "error" or frame["text"] == text:
            return frame


def run_cli(args: list[str], prefix: tuple[str, ...] = (),
            limit: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, "-m", "bohnen.cli", *args],
                          capture_output=True, text=True, timeout=limit, check=False,
                          env={**os.environ, "PYTHONUNBUFFERED": "1"},
                          stdin=subprocess.DEVNULL)


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command printed (exit 2, nothing else on stderr)."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, (done.returncode, done.stderr)
    assert lines[0].startswith("bohnen: error: "), lines
    return lines[0]


def unprivileged() -> tuple[str, ...]:
    """The command prefix that runs a process bound by file permissions: as root,
    without the capabilities that override them (setpriv)."""
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("the tests run as root, and there is no setpriv to drop the "
                    "capabilities that override file permissions")
    return (setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--")


def get(base: str, path: str) -> int:
    try:
        with urllib.request.urlopen(f"http://{base}{path}", timeout=10) as response:
            status: int = response.status
            return status
    except OSError:
        return 0


@contextmanager
def served(db: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``bohnen serve --db db`` in a process of its own, answering; stopped after."""
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "bohnen.cli", "serve", "--db",
                                str(db), "--port", str(port)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"127.0.0.1:{port}"
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], LIMIT)
        assert ready, "bohnen serve printed nothing"
        assert "serving at" in process.stdout.readline()
        deadline = time.monotonic() + LIMIT
        while get(base, "/api/games") != 200:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.05)
        yield process, base
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def tamper(url: str, statement: str, *params: object) -> None:
    """Change the log's rows behind the server's back (``?`` placeholders)."""
    if is_postgres(url):
        import psycopg

        with psycopg.connect(url, autocommit=True) as pg:
            pg.execute(statement.replace("?", "%s"), params)
        return
    with sqlite3.connect(url) as lite:
        lite.execute(statement, params)
    lite.close()


def two_tables(url: str) -> None:
    """Tables "good" and "bad" in the log at ``url``, five moves into their games."""
    log = open_log(url)
    try:
        for name in ("good", "bad"):
            table = table_of(log, ["person"] * 3, table_id=name, seed=34)
            play_at_random(table, 5, random.Random(34))
    finally:
        log.close()


# --- two servers on one SQLite file (item 6) ---------------------------------------


def test_a_second_server_process_on_one_sqlite_file_is_refused_at_start(
        tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with served(db) as (first, base):
        done = run_cli(["serve", "--db", str(db), "--port", str(free_port())])
        line = one_error_line(done)
        assert str(db) in line and "in use by another server process" in line
        assert f"pid {first.pid}" in line
        assert get(base, "/api/games") == 200  # the first one serves on
    with served(db) as (_, again):  # the lock went with the first server
        assert get(again, "/api/games") == 200


def test_a_second_server_in_one_process_on_one_sqlite_file_is_refused(
        tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with serving(db) as (base, _):
        with pytest.raises(LogInUse, match="in use by another server process"):
            create_app(db, "secret")
        reader = TableLog(db)  # a tool or a test reading the log: no lock, allowed
        assert reader.unfinished() == []
        reader.close()
        assert get(base, "/api/games") == 200
    with serving(db) as (base, _):  # released when the server stopped
        assert get(base, "/api/games") == 200


@pytest.mark.postgres
def test_servers_share_a_postgresql_log_by_design(pg_url: str) -> None:
    first = open_log(pg_url, lock=True)
    second = open_log(pg_url, lock=True)  # the cluster's design: no lock
    assert first.secret() == second.secret()
    first.close()
    second.close()


# --- a full disk (item 7) ------------------------------------------------------------


def test_a_full_disk_refuses_the_move_with_the_cause_and_the_game_goes_on(
        db_url: str) -> None:
    rng = random.Random(34)
    with ExitStack() as stack, logged() as records:
        base, lobby = stack.enter_context(serving(db_url, rate=FAST, burst=int(FAST)))
        made, tokens = people(base, "bohnanza", 3)
        table = lobby.tables[made["table"]]
        clients = [join(stack, base, made["table"], token)[0] for token in tokens]
        for _ in range(5):
            assert move(clients, *a_move(table, rng))["type"] == "ack"
        with cannot_write(lobby, db_url) as cause:
            for _ in range(MAX_MOVES):
                assert not table.state.is_over, "the game ended before the disk was full"
                seat, action = a_move(table, rng)
                reply = move(clients, seat, action)
                if reply["type"] == "error":
                    break
            assert reply == {"type": "error", "error": f"the server cannot save moves: {cause}"}
            refused_at = table.seq
            for _ in range(MAX_CHAT):
                line = say(clients[1], " ".join(["beans"] * 83))
                if line["type"] == "error":
                    break
            assert line == {"type": "error", "error": DISK_FULL}
            assert table.seq == refused_at  # nothing applied
            assert move(clients, seat, action)["type"] == "error"  # still full
        acked = move(clients, seat, action)  # space again: the same move
        assert acked == {"type": "ack", "seq": refused_at + 1}
        assert say(clients[2], "space again")["type"] == "chat"
        seat, action = a_move(table, rng)
        assert move(clients, seat, action)["type"] == "ack"
        for n, ws in enumerate(clients):  # every connection kept
            assert say(ws, f"still here {n}")["type"] == "chat"
    assert faults(records) == []
    assert any("disk full" in r.getMessage() for r in records)  # one line says so


def test_while_the_log_cannot_write_the_api_answers_503_with_the_reason(
        db_url: str) -> None:
    with ExitStack() as stack, logged() as records:
        base, lobby = stack.enter_context(serving(db_url, rate=FAST, burst=int(FAST)))
        status, made = call(base, "POST", "/api/tables",
                            {"game": "bohnanza", "players": 3, "name": "host"})
        assert status == 200, made
        ws, _ = join(stack, base, made["table"], made["me"]["token"])
        invitation = made["invitations"][0]
        with cannot_write(lobby, db_url, "read-only") as cause:
            reason = f"the server cannot save moves: {cause}"
            assert call(base, "POST", "/api/tables",
                        {"game": "bohnanza", "players": 3, "name": "x"}) == (
                503, {"detail": reason})
            assert call(base, "POST", f"/api/tables/{made['table']}/join",
                        {"name": "ada", "invitation": invitation["token"]}) == (
                503, {"detail": reason})
            assert call(base, "POST", f"/api/tables/{made['table']}/seats/2",
                        {"bot": "heuristic"},
                        {"Authorization": f"Bearer {made['host']}"}) == (503, {"detail": reason})
            assert say(ws, "hello") == {"type": "error", "error": reason}
            ws.send(json.dumps({"standin": "heuristic"}))
            assert answer(ws, ("error",)) == {"type": "error", "error": reason}
        status, joined = call(base, "POST", f"/api/tables/{made['table']}/join",
                              {"name": "ada", "invitation": invitation["token"]})
        assert status == 200, joined
        assert say(ws, "hello")["type"] == "chat"  # the same connection
        assert call(base, "POST", "/api/tables",
                    {"game": "bohnanza", "players": 3, "name": "x"})[0] == 200
    assert faults(records) == []


class Cramped:
    """A log whose writes named in ``full`` cannot be made (as a full disk refuses
    them); everything else is the real log's."""

    def __init__(self, log: Log, *full: str) -> None:
        self.log = log
        self.full = set(full)
        self.refused: Counter[int] = Counter()  # the moves refused, by seat

    def finish(self, table_id: str) -> None:
        if "finish" in self.full:
            raise LogUnwritable("disk full")
        self.log.finish(table_id)

    def append(self, table_id: str, seq: int, seat: int, action: str, at: float = 0.0,
               forced: str | None = None, by_bot: bool = False) -> None:
        if "append" in self.full:
            self.refused[seat] += 1
            raise LogUnwritable("disk full")
        self.log.append(table_id, seq, seat, action, at, forced, by_bot)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.log, name)


def test_bots_refused_by_a_full_disk_play_on_when_space_returns(log: Log) -> None:
    """No step wakes the bots of a table of bots alone once their moves are refused:
    the table asks them again a while later."""
    cramped = Cramped(log)
    table = table_of(cramped, ["heuristic"] * 3, game="ndb")
    pool = ThreadPoolExecutor(2)

    async def scenario() -> None:
        table.start()
        cramped.full.add("append")
        seating = Seating(table, pool)
        seating.attach()
        try:
            # each bot's move and the default bot's in its place refused: the seats rest
            await until(lambda: all(cramped.refused[seat] >= 2
                                    for seat in table.state.to_act()), "refused moves", LIMIT)
            assert table.seq == 0
            cramped.full.clear()  # space again; nothing else happens at the table
            await until(lambda: table.seq >= 3, "the bots' next moves", LIMIT)
        finally:
            await seating.close()
            await table.stop()

    with logged() as records:
        try:
            asyncio.run(scenario())
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    assert faults(records) == []


def test_the_move_that_ends_the_game_stands_when_its_end_cannot_be_saved(
        log: Log) -> None:
    """The last step is committed, so its reply is the step's, not an error; the end
    is saved at the writer's next request, or on start."""
    failing = Cramped(log, "finish")
    table = table_of(failing, ["person"] * 3, game="ndb")
    rng = random.Random(34)
    for _ in range(5_000):
        if table.state.is_over:
            break
        seat, action = a_move(table, rng)
        assert table.accept(seat, action).ok
    assert table.state.is_over and table.end_due
    row = log.table("t1")
    assert row is not None and not row.finished
    assert [row.table_id for row in log.unfinished()] == ["t1"]
    lobby = Lobby(log, Tokens("secret"))  # a restart: every unfinished table adopted

    async def start() -> None:
        await lobby.cluster.start(lobby)
        await lobby.close()

    asyncio.run(start())
    row = log.table("t1")
    assert row is not None and row.finished


# --- a bad database at start (item 8) ---------------------------------------------


TAMPERED = {
    "action": ("UPDATE actions SET action = '0: fly away' WHERE table_id = ? AND seq = 3",
               "its log cannot be replayed: '0: fly away'"),
    "options": ("UPDATE tables SET options = '{\"players\": 3, ' WHERE table_id = ?",
                "its options are not a JSON object"),
    "option value": ("UPDATE tables SET options = '{\"players\": 99}' WHERE table_id = ?",
                     "its options: option players must be from 3 to 5, not 99"),
    "seats": ("DELETE FROM seats WHERE table_id = ? AND seat = 2",
              "its seats are [0, 1], not 0 to 2"),
    "undo of an earlier step": (
        "INSERT INTO actions (table_id, seq, seat, action, undoes) VALUES (?, 6, 0, '', 3)",
        "its log cannot be replayed: table bad: entry 6 takes back step 3, which is not "
        "the game's last step"),
    "undo of another's step": (
        "INSERT INTO actions (table_id, seq, seat, action, undoes) VALUES (?, 6, 9, '', 5)",
        "its log cannot be replayed: table bad: entry 6 takes back step 5, which is not "
        "seat 9's own move"),
    "clock": ("UPDATE tables SET setup = '{\"clock\": {\"mode\": \"sundial\"}}' "
              "WHERE table_id = ?", "its set-up: a clock's mode is realtime or async"),
}


@pytest.mark.parametrize("kind", sorted(TAMPERED))
def test_a_tampered_table_is_set_aside_and_the_rest_serve(db_url: str, kind: str) -> None:
    statement, reason = TAMPERED[kind]
    two_tables(db_url)
    tamper(db_url, statement, "bad")
    reader = open_log(db_url)
    before = (reader.table("bad"), reader.seats("bad"), reader.actions("bad"),
              reader.chat("bad"))
    with ExitStack() as stack, logged() as records:
        base, _ = stack.enter_context(serving(db_url))
        status, refused = call(base, "GET", "/api/tables/bad")
        assert status == 409 and refused["detail"].startswith(
            f"table bad is set aside: {reason}"), refused
        assert call(base, "POST", "/api/tables/bad/join", {"name": "eve"})[0] == 409
        status, good = call(base, "GET", "/api/tables/good")
        assert status == 200 and good["seq"] == 5, good
        _, hello = join(stack, base, "good", good["spectator"])
        assert hello["seq"] == 5
        assert call(base, "GET", "/api/tables")[0] == 200
    after = (reader.table("bad"), reader.seats("bad"), reader.actions("bad"),
             reader.chat("bad"))
    reader.close()
    assert after == before  # kept read-only: nothing written to it
    said = [r.getMessage() for r in records if "set aside" in r.getMessage()]
    assert len(said) == 1 and "table bad" in said[0] and reason in said[0], said
    assert faults(records) == []


def test_serve_check_lists_the_tables_a_server_would_set_aside(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    two_tables(db_url)
    assert main(["serve", "--db", db_url, "--check"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("2 unfinished table(s) in ")
    assert out.splitlines()[-1].endswith(": 2 good, 0 bad")
    statement, reason = TAMPERED["action"]
    tamper(db_url, statement, "bad")
    assert main(["serve", "--db", db_url, "--check"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"table bad would be set aside: {reason}"), lines
    assert lines[-1].endswith(": 1 good, 1 bad") and len(lines) == 2, lines


def _a_log(path: Path) -> None:
    """A log with a table at ``path``, closed (its -wal file gone)."""
    log = TableLog(path)
    play_at_random(table_of(log, ["person"] * 3), 30, random.Random(34))
    log.close()


@pytest.mark.parametrize(("kind", "words"), [
    ("not a database", "is not an SQLite database"),
    ("cut in half", "is truncated: "),
    ("cut in its header", "is truncated: 50 bytes, not even an SQLite header"),
    ("locked by another process", "is locked by another process"),
    ("read-only file", "is read-only: the server writes its tables there"),
    ("read-only folder", "is read-only: the server writes its log tables.sqlite there"),
    ("read-only folder of a log served before",
     "is read-only: the server writes its log tables.sqlite there"),
])
def test_a_bad_file_is_refused_at_start_with_one_line(tmp_path: Path, kind: str,
                                                      words: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "tables.sqlite"
    prefix: tuple[str, ...] = ()
    holder: sqlite3.Connection | None = None
    if kind == "not a database":
        db.write_text("bean counts\n" * 400, encoding="utf-8")
        db.chmod(0o600)
    else:
        _a_log(db)
    if kind == "cut in half":
        os.truncate(db, db.stat().st_size // 2)
    elif kind == "cut in its header":
        os.truncate(db, 50)
    elif kind == "locked by another process":
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
    elif kind == "read-only file":
        db.chmod(0o400)
        prefix = unprivileged()
    elif kind.startswith("read-only folder"):
        if kind.endswith("served before"):
            TableLog(db, lock=True).close()  # its lock file is there
        folder.chmod(0o555)
        prefix = unprivileged()
    try:
        done = run_cli(["serve", "--db", str(db), "--port", str(free_port())], prefix)
    finally:
        folder.chmod(0o755)
        if holder is not None:
            holder.close()
    line = one_error_line(done)
    assert words in line and (str(db) in line or str(folder) in line), line
    assert "Traceback" not in done.stderr


def test_a_log_in_no_folder_is_refused_naming_the_folder(tmp_path: Path) -> None:
    with pytest.raises(BadLogFile, match=f"no folder {tmp_path / 'gone'} for the log t.sqlite"):
        create_app(tmp_path / "gone" / "t.sqlite", "secret")


# --- file permissions (item 9) ----------------------------------------------------


@contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_log_and_the_files_beside_it_are_their_owners_alone(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    with umask(0o022), serving(db) as (base, _):
        assert call(base, "POST", "/api/tables",
                    {"game": "bohnanza", "players": 3, "name": "ada"})[0] == 200
        files = [db, *(db.with_name(db.name + side) for side in ("-wal", "-shm", ".lock"))]
        assert {path.name: mode(path) for path in files} == {
            path.name: 0o600 for path in files}


def test_a_log_open_to_other_users_is_tightened_with_a_notice(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    _a_log(db)
    files = [db, *(db.with_name(db.name + side) for side in ("-wal", "-shm", ".lock"))]
    reader = sqlite3.connect(db)  # keeps the -wal and -shm files while the server opens
    reader.execute("SELECT count(*) FROM tables").fetchone()
    files[3].touch()
    for path in files:
        path.chmod(0o644)
    with logged() as records:
        log = TableLog(db, lock=True)
    log.close()
    reader.close()
    assert [mode(path) for path in files if path.exists()] == [0o600] * sum(
        path.exists() for path in files)
    notices = [r.getMessage() for r in records]
    assert len(notices) == 4, notices
    for path, notice in zip(files, notices, strict=True):
        assert notice.startswith(f"{path} was open to other users (mode 644): now 600")


# --- an unknown option at the server (low) ------------------------------------------


@pytest.mark.parametrize("game", ["bohnanza", "hansa", "ndb"])
def test_an_unknown_option_is_refused_at_the_server_naming_the_known_ones(
        tmp_path: Path, game: str) -> None:
    with serving(tmp_path / "tables.sqlite") as (base, _):
        status, refused = call(base, "POST", "/api/tables",
                               {"game": game, "players": 3, "name": "ada",
                                "options": {"nope": 1}})
    assert status == 422
    assert refused["detail"].startswith("unknown option(s) nope; options are "), refused
    assert "Options" not in refused["detail"]
