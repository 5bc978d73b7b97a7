"""Files a user keeps or shares: read with limits, written atomically.

Records and boards are meant to be shared, so a file named on the command line, or
named inside a record, is untrusted input. :func:`read_text` reads only a regular
file (never a FIFO, a device or a directory, which could hang or exhaust memory)
and at most ``limit`` bytes; :func:`load_json` parses JSON and refuses nesting
deeper than any file of the project needs. Errors are :class:`FileFault`, a
``ValueError`` whose message names the file and quotes at most a short excerpt.

:func:`write_atomic` writes a file so that it is either the old file or the whole new
one, never a mix or a stub: the text goes to a temporary file in the same folder,
is flushed and synced to disk, then renamed over the target (and the folder synced).
A full disk or a process killed while writing leaves the previous file as it was.

A process killed while writing also leaves its hidden temporary file
(``.NAME.PID@HOST.XXXXXXXX.tmp``) behind; the next save of that name removes those
whose writer is gone. The name says which process wrote it, on which machine, so a
temporary file is removed only when its writer is known to be dead (a process of this
machine's that no longer exists): a save running at the same moment in another live
process, here or on another machine sharing the folder, keeps its file. (A writer's
process id reused by another process keeps a leftover a while longer, never the
reverse; a file of another name, or of no writer named, is never touched.)
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

MAX_FILE_BYTES = 16 * 1024 * 1024  # a record of the longest game is well under 1 MB
MAX_JSON_DEPTH = 64  # records, saves and boards nest a few levels at most
EXCERPT_CHARS = 60
MAX_LISTED = 10  # errors listed in one message before "… and N more"


class FileFault(ValueError):
    """A file that cannot be read as asked: missing, special, too large, not text, bad JSON."""


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how much was left out."""
    text = value if isinstance(value, str) else None
    if text is not None and len(text) > limit:
        return f"{text[:limit]!r}… ({len(text):,} characters)"
    try:
        shown = repr(value)
    except ValueError:  # an integer of more digits than Python writes out
        return f"an integer of about {int(abs(value).bit_length() * 0.30103):,} digits" \
            if isinstance(value, int) else f"a {type(value).__name__} that cannot be written out"
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to show"
    if len(shown) > limit + 2:
        return f"{shown[:limit]}… ({len(shown):,} characters)"
    return shown


def capped(items: Iterable[str], limit: int = MAX_LISTED, separator: str = "; ") -> str:
    """The first ``limit`` of ``items`` joined, then "… and N more" for the rest."""
    listed = list(items)
    shown = separator.join(listed[:limit])
    rest = len(listed) - limit
    return f"{shown}{separator}… and {rest:,} more" if rest > 0 else shown


def read_bytes(path: str | Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); :class:`FileFault` else.

    The file is opened without blocking and checked after opening, so a FIFO or a
    device named as a file is refused at once and a file swapped in between cannot
    slip through.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileFault(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileFault(f"{what} {path} is not a regular file")
        if info.st_size > limit:
            raise FileFault(f"{what} {path} is too large ({info.st_size:,} bytes; "
                            f"the limit is {limit:,})")
        data = _read_up_to(fd, limit + 1)
    except OSError as exc:
        raise FileFault(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileFault(f"{what} {path} is too large (over {limit:,} bytes)")
    return data


def _read_up_to(fd: int, count: int) -> bytes:
    parts: list[bytes] = []
    left = count
    while left > 0:
        part = os.read(fd, min(left, 1 << 20))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def read_text(path: str | Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``; :class:`FileFault` naming the fault."""
    data = read_bytes(path, what, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileFault(f"{what} {path} is not a UTF-8 text file") from None


def load_json(text: str, source: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """The JSON value of ``text``; :class:`FileFault` naming ``source`` if it is not
    JSON or nests deeper than ``max_depth``."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise FileFault(f"{source} is nested too deeply (the limit is {max_depth} levels)"
                        ) from None
    except json.JSONDecodeError as exc:
        raise FileFault(f"{source} is not valid JSON: {exc.msg} "
                        f"(line {exc.lineno}, column {exc.colno})") from None
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise FileFault(f"{source} is not valid JSON: {excerpt(str(exc))}") from None
    if depth(data, max_depth) > max_depth:
        raise FileFault(f"{source} is nested too deeply (the limit is {max_depth} levels)")
    return data


def depth(data: object, stop: int = MAX_JSON_DEPTH) -> int:
    """How deep lists and objects nest in ``data`` (0 for a scalar), counted without
    recursion; the count stops once it passes ``stop``."""
    deepest = 0
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Iterable[object] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        level += 1
        if level > deepest:
            deepest = level
            if deepest > stop:
                return deepest
        stack.extend((child, level) for child in children)
    return deepest


def read_json(path: str | Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> Any:
    """The JSON value in the regular file ``path``, read with every limit above."""
    return load_json(read_text(path, what, limit), f"{what} {path}")


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` atomically; ``OSError`` on failure,
    with the file at ``path`` left as it was."""
    target = Path(path)
    folder = target.parent
    payload = data.encode("utf-8") if isinstance(data, str) else data
    _remove_leftovers(target)
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.{_writer()}.",
                                     suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        _remove(temporary)
        raise
    _sync_folder(folder)


def _writer() -> str:
    """This process as the temporary files it writes name it: ``PID@HOST``."""
    return f"{os.getpid()}@{_host()}"


def _host() -> str:
    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:64]


def _remove_leftovers(target: Path) -> None:
    """Remove the temporary files of earlier saves of ``target`` whose writer, a
    process of this machine, is dead (see the module)."""
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)@([A-Za-z0-9-]*)\.\w+\.tmp")
    host = _host()
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match and match.group(2) == host and not _alive(int(match.group(1))):
            _remove(str(target.parent / name))


def _alive(pid: int) -> bool:
    """Whether process ``pid`` of this machine exists (if it cannot be told: yes)."""
    if sys.platform == "win32" or pid <= 0:  # os.kill would end it there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, or no way to tell
        return True
    return True


def _mode_for(target: Path) -> int:
    """The permissions of the file written: those of the file replaced, else what a
    new file gets under the umask."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows a folder to be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
