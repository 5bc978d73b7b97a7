"""Group commit: the log's steps committed off the event loop, several in one go.

A commit waits for the disk (SQLite's fsync, PostgreSQL's flush of its write-ahead
log). Done in the event loop, that wait stops every table and every connection of
the server. :class:`GroupCommit` does it in a thread of its own instead: a table's
writer hands it a write (:class:`~bohnen.server.logbase.Step` or
:class:`~bohnen.server.logbase.Finish`) and awaits it, while the loop serves the
others. Writes handed in while a commit is under way wait for it to end, then go
together in the next transaction: one wait for the disk for all of them.

Each write of a group succeeds or fails alone (the logs put each in a savepoint):
a step written already fails with ``LogConflict``, and the others of its group are
committed. A fault of the whole transaction (the disk, the connection) fails every
write of the group: none of them was acknowledged.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from bohnen.server.logbase import Write

WriteGroup = Callable[[Sequence[Write]], list[Exception | None]]
"""Commits writes in one transaction; per write, None or why it was refused."""


class GroupCommit:
    """Writes committed by ``write_group`` in a thread of their own, grouped (see the
    module). With ``threaded=False`` they are committed in the event loop itself (for a
    log in memory: there is no disk to wait for)."""

    def __init__(self, write_group: WriteGroup, threaded: bool = True) -> None:
        self._write_group = write_group
        self._thread = (ThreadPoolExecutor(1, thread_name_prefix="bohnen-commits")
                        if threaded else None)
        self._waiting: list[tuple[Write, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.groups = 0  # transactions committed so far
        self.writes = 0  # writes handed in so far

    async def commit(self, write: Write) -> None:
        """``write`` committed when this returns; its fault (``LogConflict``, or the
        database's) if it was not."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._waiting.append((write, done))
        self.writes += 1
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting, []
            faults = await self._run([write for write, _ in group])
            self.groups += 1
            for (_, done), fault in zip(group, faults, strict=True):
                if done.done():  # its waiter was cancelled; the write stands
                    continue
                if fault is None:
                    done.set_result(None)
                else:
                    done.set_exception(fault)

    async def _run(self, writes: list[Write]) -> list[Exception | None]:
        try:
            if self._thread is None:
                return self._write_group(writes)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread, self._write_group, writes)
        except Exception as exc:  # the whole transaction failed: none is acknowledged
            return [exc] * len(writes)

    def close(self) -> None:
        """Wait for the commit under way, if any, and stop the thread."""
        if self._thread is not None:
            self._thread.shutdown(wait=True)
