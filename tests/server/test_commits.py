"""Group commit (issue 24, "Order and durability" and the load target): the tables'
steps are committed off the event loop, those waiting together in one transaction,
each write succeeding or failing alone; on both databases for the logs (the fixtures
``db_url`` and ``log``: tests/server/conftest.py)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence

from bohnen.server.commits import GroupCommit
from bohnen.server.database import open_log
from bohnen.server.logbase import Finish, Log, LogConflict, Step, Write


class Disk:
    """A ``write_group`` that records its groups and holds the first one until
    ``release`` is set (a slow disk), noting the thread it runs in."""

    def __init__(self, faults: dict[int, Exception] | None = None) -> None:
        self.groups: list[list[Write]] = []
        self.threads: set[int] = set()
        self.release = threading.Event()
        self.faults = faults or {}

    def __call__(self, writes: Sequence[Write]) -> list[Exception | None]:
        self.threads.add(threading.get_ident())
        if not self.groups:
            assert self.release.wait(10), "the test never released the disk"
        self.groups.append(list(writes))
        if isinstance(self.faults.get(-1), Exception):
            raise self.faults[-1]
        return [self.faults.get(write.seq) if isinstance(write, Step) else None
                for write in writes]


def _step(table: str, seq: int) -> Step:
    return Step(table, seq, 0, f"{table}-{seq}", float(seq))


def test_the_event_loop_goes_on_while_a_commit_waits_for_the_disk() -> None:
    disk = Disk()
    commits = GroupCommit(disk)

    async def scenario() -> None:
        first = asyncio.ensure_future(commits.commit(_step("t1", 1)))
        await asyncio.sleep(0.01)
        assert not first.done()  # the disk holds it, and yet this coroutine runs
        disk.release.set()
        await asyncio.wait_for(first, 10)

    asyncio.run(scenario())
    commits.close()
    assert disk.groups == [[_step("t1", 1)]]
    assert threading.get_ident() not in disk.threads


def test_writes_handed_in_during_a_commit_go_together_in_the_next() -> None:
    disk = Disk()
    commits = GroupCommit(disk)

    async def scenario() -> None:
        first = asyncio.ensure_future(commits.commit(_step("t1", 1)))
        await asyncio.sleep(0.01)
        later = [asyncio.ensure_future(commits.commit(write))
                 for write in (_step("t2", 1), _step("t3", 1), Finish("t4"))]
        await asyncio.sleep(0.01)
        disk.release.set()
        await asyncio.wait_for(asyncio.gather(first, *later), 10)

    asyncio.run(scenario())
    commits.close()
    assert disk.groups == [[_step("t1", 1)], [_step("t2", 1), _step("t3", 1), Finish("t4")]]
    assert (commits.groups, commits.writes) == (2, 4)


def test_a_refused_write_fails_alone_and_a_failed_transaction_fails_them_all() -> None:
    conflict = LogConflict("step 2 is written already")
    disk = Disk({2: conflict})
    disk.release.set()
    commits = GroupCommit(disk)

    async def group(writes: list[Write]) -> list[BaseException | None]:
        return await asyncio.gather(*(commits.commit(write) for write in writes),
                                    return_exceptions=True)

    assert asyncio.run(group([_step("t1", 1), _step("t1", 2), _step("t2", 1)])) == [
        None, conflict, None]
    disk.faults[-1] = OSError("disk I/O error")
    answers = asyncio.run(group([_step("t1", 3), _step("t2", 2)]))
    commits.close()
    assert [type(answer) for answer in answers] == [OSError, OSError]


# --- the logs ---------------------------------------------------------------------------


def test_a_committed_step_is_in_the_log_for_another_connection(db_url: str,
                                                               log: Log) -> None:
    log.create("t1", "bohnanza", {"players": 3}, 1)
    log.create("t2", "bohnanza", {"players": 3}, 1)

    async def scenario() -> None:
        await asyncio.gather(log.commit(Step("t1", 1, 0, "a", 1.0)),
                             log.commit(Step("t2", 1, 1, "b", 2.0)),
                             log.commit(Step("t1", 2, 0, "c", 3.0)))
        await log.commit(Finish("t2"))

    asyncio.run(scenario())
    other = open_log(db_url)  # what a server started again reads
    try:
        assert [(a.seq, a.action) for a in other.actions("t1")] == [(1, "a"), (2, "c")]
        assert [(a.seq, a.seat, a.at) for a in other.actions("t2")] == [(1, 1, 2.0)]
        assert [row.table_id for row in other.unfinished()] == ["t1"]
    finally:
        other.close()


def test_a_step_committed_twice_is_refused_and_its_group_still_commits(log: Log) -> None:
    log.create("t1", "bohnanza", {"players": 3}, 1)
    log.create("t2", "bohnanza", {"players": 3}, 1)
    log.append("t1", 1, 0, "first")

    async def scenario() -> list[BaseException | None]:
        return list(await asyncio.gather(log.commit(Step("t1", 1, 0, "again")),
                                         log.commit(Step("t2", 1, 0, "other")),
                                         return_exceptions=True))

    answers = asyncio.run(scenario())
    assert isinstance(answers[0], LogConflict) and answers[1] is None
    assert [a.action for a in log.actions("t1")] == ["first"]
    assert [a.action for a in log.actions("t2")] == ["other"]


def test_a_log_in_memory_commits_through_its_one_connection() -> None:
    log = open_log(":memory:")  # a second connection would open another database
    log.create("t1", "bohnanza", {"players": 3}, 1)
    asyncio.run(log.commit(Step("t1", 1, 0, "a")))
    assert [a.action for a in log.actions("t1")] == ["a"]
    log.close()
