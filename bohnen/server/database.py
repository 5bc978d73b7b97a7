"""The server's database, named by a URL (``bohnen serve --db``): an SQLite file (the
default, one server process) or PostgreSQL (several server processes).

- ``sqlite:///relative/path``, ``sqlite:////absolute/path``, ``sqlite:///:memory:``
  or a bare path: :class:`bohnen.server.log.TableLog`;
- ``postgresql://…`` (or ``postgres://…``, any libpq URL): :class:`bohnen.server.pg.PgLog`,
  which needs the ``postgres`` extra (psycopg 3).

:func:`join_cluster` gives the :class:`~bohnen.server.cluster.Cluster` of a log: the
processes sharing a PostgreSQL log (:class:`bohnen.server.pg_cluster.PgCluster`), or
this process alone with every table (:class:`~bohnen.server.cluster.Solo`).
"""

from __future__ import annotations

import re
from pathlib import Path

from bohnen.core.files import excerpt
from bohnen.server.cluster import Cluster, Solo
from bohnen.server.log import TableLog
from bohnen.server.logbase import Log, hide_password

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
POSTGRES_SCHEMES = ("postgresql", "postgres")


def open_log(url: str | Path, synchronous: str | None = None, lock: bool = False) -> Log:
    """The log at ``url`` (see the module); ``synchronous``: an SQLite log's setting
    (:class:`~bohnen.server.log.TableLog`; by default ``normal``); ``lock``: a
    server's log, which an SQLite file allows one process at a time (PostgreSQL is
    shared by design: no lock). ``ValueError`` naming a URL of no database this server
    keeps its log in, a PostgreSQL it cannot reach, a bad ``synchronous``, or an SQLite
    file that cannot be a log or that another server holds
    (:class:`~bohnen.server.logbase.BadLogFile`)."""
    if isinstance(url, Path):
        return _sqlite(url, synchronous, lock)
    scheme = _scheme(url)
    if scheme is None:
        return _sqlite(url, synchronous, lock)
    if scheme == "sqlite":
        path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else ""
        if not path:
            raise ValueError(f"an SQLite URL is sqlite:///<path of the file>, not "
                             f"{excerpt(url)}")
        return _sqlite(path, synchronous, lock)
    if scheme in POSTGRES_SCHEMES:
        if synchronous is not None:
            raise ValueError("synchronous is a setting of an SQLite log; PostgreSQL has "
                             "its own (synchronous_commit, on unless its server says "
                             "otherwise)")
        return _postgres(url)
    raise ValueError(f"{excerpt(hide_password(url))} is not a database this server "
                     "keeps its log in: give a file path, sqlite:///<path> or "
                     "postgresql://…")


def _sqlite(path: str | Path, synchronous: str | None, lock: bool) -> Log:
    """The SQLite log at ``path``, committing with its own default unless told."""
    if synchronous is None:
        return TableLog(path, lock=lock)
    return TableLog(path, synchronous, lock)


def is_postgres(url: str | Path) -> bool:
    """Whether ``url`` names a PostgreSQL database."""
    return isinstance(url, str) and _scheme(url) in POSTGRES_SCHEMES


def _scheme(url: str) -> str | None:
    match = _SCHEME.match(url)
    return match.group(1).lower() if match else None


def _postgres(url: str) -> Log:
    try:
        from bohnen.server.pg import PgLog
    except ImportError as exc:
        raise ValueError("a PostgreSQL log needs psycopg 3: pip install "
                         f"'bohnen[postgres]' ({exc})") from exc
    return PgLog(url)


def join_cluster(log: Log, node: str | None = None, lease: float | None = None) -> Cluster:
    """The cluster of the processes sharing ``log``: with PostgreSQL every process on
    the database (``node``: this process's name, unique by default; ``lease``: seconds
    after which a silent process's tables are adopted), else this process alone."""
    if not isinstance(log, TableLog) and is_postgres(getattr(log, "url", "")):
        from bohnen.server.pg import PgLog
        from bohnen.server.pg_cluster import LEASE_SECONDS, PgCluster

        if isinstance(log, PgLog):
            return PgCluster(log, node, LEASE_SECONDS if lease is None else lease)
    return Solo(log)
