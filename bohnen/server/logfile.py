"""The SQLite log's file on disk (:mod:`bohnen.server.log`): kept private, held by one
server process, and what is wrong with it said in one line.

**Private.** The file holds the secret that signs every token and the seed of every
table, so nobody but its owner may read it. A new log's file is made with mode 0600
before SQLite opens it; SQLite gives the ``-wal`` and ``-shm`` files it makes beside
it the mode of the database's file. A server that opens a log whose file (or
``-wal``, ``-shm`` or lock file) other users may read or write takes those rights
away, saying so in one line of its log.

**One server process.** Two server processes on one SQLite file would each keep the
tables in memory and give out the same seat twice, so a server holds an exclusive
lock for its whole life: ``flock`` on the file ``<log>.lock`` beside the log. Why
this lock:

- the kernel lets go of it when the process ends, however it ends (``kill -9``
  included), so a crashed server never leaves a stale lock to clean up by hand, and
  the lock file is never deleted (deleting it could let two processes lock two
  different files of one name);
- a ``flock`` belongs to the open file, not to the process: a second server made in
  the same process (``create_app`` twice on one file) is refused too;
- it is a file apart from the database: SQLite's own locks are POSIX record locks on
  the database file, which any ``close`` of that file in the process would drop, and
  SQLite's exclusive locking mode would also shut out the tools and tests that read
  the log while the server runs; those open the log without the lock.

**Faults.** A file that cannot be a log (not a database, cut short, damaged), one that
another process locks, a read-only file or folder, or a folder that is not there is
refused with :class:`~bohnen.server.logbase.BadLogFile`, whose one line says what is
wrong and where (:func:`describe`).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import sys
import weakref
from pathlib import Path

from bohnen.server.logbase import BadLogFile, LogInUse

PRIVATE = 0o600  # the log's files: read and written by their owner alone
SIDE_FILES = ("-wal", "-shm", ".lock")  # beside the log, named after it
MAGIC = b"SQLite format 3\x00"
HEADER = 100  # bytes of an SQLite database's header

logger = logging.getLogger(__name__)

if sys.platform == "win32":  # pragma: no cover - the server runs on POSIX systems
    import msvcrt

    def _try_lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _try_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class FileLock:
    """The lock of one server process on an SQLite log (see the module), held until
    :meth:`release` or the process's end."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd
        self._finalizer = weakref.finalize(self, os.close, fd)  # a log dropped unclosed

    @classmethod
    def take(cls, log: Path) -> FileLock:
        """The lock on ``log``; :class:`~bohnen.server.logbase.LogInUse` naming the
        file if another server process (or another server of this one) holds it,
        :class:`~bohnen.server.logbase.BadLogFile` if the lock file cannot be made."""
        path = lock_path(log)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                         PRIVATE)
        except OSError as exc:
            raise BadLogFile(describe_os(log, exc)) from None
        try:
            _try_lock(fd)
        except OSError:
            holder = _holder(fd)
            os.close(fd)
            raise LogInUse(f"{log} is in use by another server process{holder}: one "
                           "SQLite log serves one process (stop the other, give this "
                           "one another --db, or share the tables through PostgreSQL)"
                           ) from None
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
        return cls(fd)

    def release(self) -> None:
        """Let go of the lock (the lock file stays: see the module)."""
        if self._fd is not None:
            self._finalizer()  # closes the file, once
            self._fd = None


def lock_path(log: Path) -> Path:
    return log.with_name(log.name + ".lock")


def _holder(fd: int) -> str:
    """`` (pid N)`` as the lock file names its holder, or nothing."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return f" (pid {text})" if text.isdigit() else ""


def make_private(log: Path) -> None:
    """Make the log's file, empty and private, unless it is there; ``BadLogFile``
    saying why it cannot be made."""
    try:
        fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE)
    except FileExistsError:
        return
    except OSError as exc:
        raise BadLogFile(describe_os(log, exc)) from None
    os.close(fd)


def private_folder(folder: Path) -> None:
    """Make ``folder`` (its parents as the system makes them) for its owner alone, or
    take from other users their rights on it if it is there, saying so in one line."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    _tighten(folder, 0o700, "it holds the tables' log")


def tighten(log: Path) -> None:
    """Take from other users every right on the log's file and its side files, one
    line in the server's log for each file changed (or that cannot be)."""
    for path in (log, *(log.with_name(log.name + side) for side in SIDE_FILES)):
        _tighten(path, PRIVATE, "it holds the secret of the tokens and every table's seed")


def _tighten(path: Path, private: int, why: str) -> None:
    """Take the rights of other users on ``path`` (if any, and if it is there)."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return
    if not mode & 0o077:
        return
    try:
        os.chmod(path, mode & private)
    except OSError as exc:
        logger.warning("%s is open to other users (mode %03o) and this process cannot "
                       "change that: %s", path, mode, exc.strerror or exc)
        return
    logger.warning("%s was open to other users (mode %03o): now %03o (%s)", path, mode,
                   mode & private, why)


def check_whole(log: Path) -> None:
    """``BadLogFile`` if the file at ``log`` is no SQLite database or is shorter than
    its header says (judged only with no write-ahead log beside it: a checkpoint cut
    short leaves the file short, and the ``-wal`` file whole)."""
    try:
        with log.open("rb") as file:
            head = file.read(HEADER)
            size = os.fstat(file.fileno()).st_size
    except OSError:
        return  # SQLite's own opening says what is wrong
    if not head:
        return  # a new log
    if not head.startswith(MAGIC[:len(head)]):
        raise BadLogFile(f"{log} is not an SQLite database")
    if len(head) < HEADER:
        raise BadLogFile(f"{log} is truncated: {size:,} bytes, not even an SQLite header")
    wal = log.with_name(log.name + "-wal")
    if wal.exists() and wal.stat().st_size > 0:
        return
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65_536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    if head[24:28] == head[92:96] and size < pages * page_size:
        raise BadLogFile(f"{log} is truncated: {size:,} bytes of the {pages * page_size:,} "
                         "its header gives")


def describe(log: Path, exc: sqlite3.Error) -> str:
    """What is wrong with the log at ``log``, from SQLite's error, in one line."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if code == sqlite3.SQLITE_NOTADB:
        return f"{log} is not an SQLite database"
    if code == sqlite3.SQLITE_CORRUPT:
        return f"{log} is damaged: {exc}"
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return f"{log} is locked by another process ({exc})"
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        return _cannot_write(log) or f"{log} cannot be opened: {exc}"
    if code == sqlite3.SQLITE_FULL:
        return f"{log}: the disk is full"
    if code == sqlite3.SQLITE_IOERR:
        return f"{log}: disk I/O error ({exc})"
    return f"{log}: {exc}"


def describe_os(log: Path, exc: OSError) -> str:
    """What is wrong with the log at ``log``, from an error of the system, in one line."""
    return _cannot_write(log) or f"{log}: {exc.strerror or exc}"


def _cannot_write(log: Path) -> str | None:
    """Why this process cannot write the log at ``log`` (no folder, a read-only folder
    or file), or None."""
    folder = log.parent
    if not folder.is_dir():
        return f"no folder {folder} for the log {log.name}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return (f"the folder {folder} is read-only: the server writes its log {log.name} "
                "there, and the log's -wal, -shm and lock files beside it")
    if log.exists() and not os.access(log, os.R_OK | os.W_OK):
        return f"{log} is read-only: the server writes its tables there"
    return None
