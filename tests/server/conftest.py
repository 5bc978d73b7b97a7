"""Both databases for the server's tests (issue 24: « the same suite runs on both
databases »): the fixture ``db_url`` runs a test once on an SQLite file and once on a
PostgreSQL database of its own.

PostgreSQL is started by the tests themselves, from the Debian packages
(``apt-get install postgresql``): ``initdb`` into a temporary folder and ``pg_ctl``,
listening on a Unix socket in that folder only (no TCP port; the folder is readable
by its owner alone), once per test session (per xdist worker), stopped and removed
after it. As root, PostgreSQL (which refuses to run as root) runs as the user
``postgres`` through ``runuser``. Each test gets a fresh log (a schema of its own),
dropped after it.
A PostgreSQL test is skipped, saying why, only where PostgreSQL cannot start: no
psycopg, no PostgreSQL binaries, no user to run them as, or a server that fails to
start (its log is quoted).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bohnen.server.database import open_log
from bohnen.server.logbase import Log

PG_USER = "postgres"  # the role the tests connect as (trust, on the private socket)
PG_PORT = 5432  # only names the socket file: the server listens on no TCP port
START_SECONDS = 60


@dataclass
class Postgres:
    """A PostgreSQL server of the test session."""

    folder: Path
    _count: itertools.count[int] = field(default_factory=itertools.count)

    def url(self, schema: str | None = None) -> str:
        """The URL of the server's database; with ``schema``, one whose tables are in
        that schema (its search path)."""
        url = f"postgresql://{PG_USER}@/postgres?host={self.folder}&port={PG_PORT}"
        return url if schema is None else f"{url}&options=-csearch_path%3D{schema}"

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A new, empty log for the block (its URL): a schema of its own (much quicker
        to make than a database; the tests of a session run one after the other on
        their server), dropped after it with every connection still open to it."""
        import psycopg

        schema = f"test_{next(self._count)}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield self.url(schema)
        finally:
            with psycopg.connect(self.url(), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE pid <> pg_backend_pid() AND backend_type = 'client "
                              "backend'")
                admin.execute(f"DROP SCHEMA {schema} CASCADE")


def _binaries() -> Path | None:
    """The folder of PostgreSQL's server programs: on PATH, or Debian's newest
    /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                      key=lambda p: [int(x) for x in re.findall(r"\d+", p.parent.parent.name)])
    return versions[-1].parent if versions else None


def _as_user() -> tuple[list[str], int | None]:
    """The command prefix that runs PostgreSQL's programs (they refuse root) and the uid
    that must own its folder (None: this process's own)."""
    if os.geteuid() != 0:
        return [], None
    try:
        uid = pwd.getpwnam(PG_USER).pw_uid
    except KeyError:
        pytest.skip(f"PostgreSQL cannot start: the tests run as root and there is no "
                    f"user {PG_USER!r} to run it as")
    runuser = shutil.which("runuser")
    if runuser is None:
        pytest.skip("PostgreSQL cannot start: the tests run as root and there is no "
                    "runuser to run it as another user")
    return [runuser, "-u", PG_USER, "--"], uid


def _run(command: list[str], what: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=START_SECONDS,
                          stdin=subprocess.DEVNULL, check=False)
    if done.returncode != 0:
        output = " ".join((done.stderr or done.stdout).split())[-400:]
        pytest.skip(f"PostgreSQL cannot start: {what} failed ({output})")


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL server for the session, or the test skipped saying why it cannot
    start."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("PostgreSQL tests need psycopg: pip install -e '.[postgres]'")
    binaries = _binaries()
    if binaries is None:
        pytest.skip("PostgreSQL cannot start: it is not installed (no initdb, pg_ctl on "
                    "PATH or in /usr/lib/postgresql/*/bin; apt-get install postgresql)")
    prefix, uid = _as_user()
    folder = Path(tempfile.mkdtemp(prefix="bohnen-pg-"))
    data = folder / "data"
    try:
        if uid is not None:
            os.chown(folder, uid, -1)
        _run([*prefix, str(binaries / "initdb"), "-D", str(data), "-U", PG_USER,
              "-A", "trust", "-E", "UTF8", "--no-sync"], "initdb")
        with (data / "postgresql.conf").open("a") as conf:
            conf.write(f"\nlisten_addresses = ''\nunix_socket_directories = '{folder}'\n"
                       f"port = {PG_PORT}\nfsync = off\nmax_connections = 200\n")
        _run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-l",
              str(folder / "server.log"), "-w", "-t", str(START_SECONDS), "start"],
             "pg_ctl start")
        try:
            yield Postgres(folder)
        finally:
            subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-m",
                            "immediate", "-w", "stop"], capture_output=True,
                           timeout=START_SECONDS, stdin=subprocess.DEVNULL, check=False)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty log: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        yield str(tmp_path / "tables.sqlite")
        return
    yield request.getfixturevalue("pg_url")


@pytest.fixture
def pg_url(postgres: Postgres) -> Iterator[str]:
    """The URL of a new PostgreSQL database, dropped after the test."""
    with postgres.database() as url:
        yield url


@pytest.fixture
def log(db_url: str) -> Iterator[Log]:
    """The log at ``db_url``, closed after the test."""
    opened = open_log(db_url)
    yield opened
    opened.close()
