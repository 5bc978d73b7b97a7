"""Where the bots of every table think: one process pool, shared fairly between the
tables.

Each question to a bot (:class:`~bohnen.server.seating.Ask`) waits in its table's own
line; the lines take turns for the pool's ``slots`` workers, one question each per
turn, so that a table with many slow bots waits as long as any other, not longer, and
no table can fill the pool for the others:

- **people first**: a table where a person plays (not through a stand-in) goes before
  a table of bots alone, and while more than one worker thinks, one of them is kept for
  the people's tables (a table of bots alone may fill all but one); so a person waits
  at most for one question already thinking, whose time the server's limits bound
  (``bot_seconds``: :mod:`bohnen.server.offer`);
- **in turns** among the tables of each kind: the next question is that of the table
  which has had the fewest questions started (a table that comes in counts as many as
  the table served last, so it neither waits for the others' past nor jumps ahead of
  them), the first asked first;
- **stale questions are dropped**: a question whose table has moved on while it waited
  is answered ``None`` at once, without a worker (its asker asks again on the table as
  it is now, :mod:`bohnen.server.seating`).

A question whose asker stops waiting (the table closes) leaves its line; one already in
a worker is finished there and dropped.

:attr:`Thinkers.passed` keeps, for the last questions of people's tables, how many
questions of tables of bots alone started while each waited (the scheduler's promise:
always 0), :attr:`Thinkers.waits` how long each question waited, in seconds, and
:attr:`Thinkers.bots_started` counts the questions of tables of bots alone (the docs'
and the tests' measures).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TypeVar, cast

from bohnen.server.table import Table

P = TypeVar("P")  # what a bot is asked
R = TypeVar("R")  # its answer
KEPT = 1_000  # the measures kept of the last questions


@dataclass(slots=True)
class _Question:
    table: Table
    seq: int
    work: Callable[[object], object]  # a work of the caller's types: see think()
    argument: object
    answer: asyncio.Future[object]
    people: bool
    order: int  # its place among every question asked
    asked: float = field(default_factory=time.monotonic)
    bots_started: int = 0  # questions of bot tables started before this one was asked


@dataclass(slots=True)
class _Kind:
    """The tables of one kind (people's, or bots alone) and their turns: each table's
    questions started so far, counted from where the kind stood when it came in."""

    served: dict[str, int] = field(default_factory=dict)
    floor: int = 0  # the count of the table whose question started last

    def count(self, table_id: str) -> int:
        return self.served.setdefault(table_id, self.floor)

    def started(self, table_id: str) -> None:
        self.floor = self.count(table_id)
        self.served[table_id] = self.floor + 1

    def idle(self, table_id: str) -> None:
        """The table has no question waiting: forgotten once others caught up."""
        if self.served.get(table_id, 0) <= self.floor:
            self.served.pop(table_id, None)


def has_people(table: Table) -> bool:
    """Whether a person plays at the table (not through a stand-in bot)."""
    return any(row.kind == "person" and row.standin is None for row in table.seats)


class Thinkers:
    """The shared pool (see the module): ``await think(table, work, argument)`` is
    ``work(argument)`` run in ``pool`` in its table's turn. A table's turn comes when
    it has had the fewest questions started among the tables of its kind waiting (a
    table coming in counts as many as the one served last), the first asked first."""

    def __init__(self, pool: Executor, slots: int) -> None:
        self.pool = pool
        self.slots = max(1, slots)
        self._lines: dict[str, deque[_Question]] = {}
        self._kinds = {True: _Kind(), False: _Kind()}
        self._busy = {True: 0, False: 0}  # questions in a worker, people's and bots'
        self._asked = 0
        self.bots_started = 0
        self.passed: deque[int] = deque(maxlen=KEPT)
        self.waits: deque[float] = deque(maxlen=KEPT)

    @property
    def busy(self) -> int:
        return self._busy[True] + self._busy[False]

    def waiting(self) -> int:
        """The questions waiting for a worker."""
        return sum(len(line) for line in self._lines.values())

    async def think(self, table: Table, work: Callable[[P], R], argument: P) -> R | None:
        """``work(argument)`` in the pool, in ``table``'s turn; None if the table moved
        on before a worker was free (the question is stale)."""
        loop = asyncio.get_running_loop()
        self._asked += 1
        # in the line, a question's types are forgotten; its answer is work's again below
        question = _Question(table, table.seq, cast(Callable[[object], object], work),
                             argument, loop.create_future(), has_people(table),
                             self._asked, bots_started=self.bots_started)
        self._lines.setdefault(table.table_id, deque()).append(question)
        self._dispatch()
        try:
            return cast(R | None, await question.answer)
        finally:
            if not question.answer.done():  # its asker stopped waiting: out of the line
                question.answer.cancel()
                self._leave(question)

    def _leave(self, question: _Question) -> None:
        line = self._lines.get(question.table.table_id)
        if line is not None and question in line:
            line.remove(question)
        if line is not None and not line:
            self._drop(question.table.table_id, question.people)

    def _drop(self, table_id: str, people: bool) -> None:
        self._lines.pop(table_id, None)
        self._kinds[people].idle(table_id)

    def _dispatch(self) -> None:
        while self.busy < self.slots:
            question = self._next()
            if question is None:
                return
            self._start(question)

    def _next(self) -> _Question | None:
        """The next question to think: people's tables first, each kind in turns; a
        table of bots alone only while a worker stays free for the people's (when there
        are two or more)."""
        for people in (True, False):
            if not people and self.slots > 1 and self._busy[False] >= self.slots - 1:
                continue
            question = self._take(people)
            if question is not None:
                return question
        return None

    def _take(self, people: bool) -> _Question | None:
        """The head question of the table of this kind whose turn it is (stale ones and
        those nobody waits for dropped on the way)."""
        kind = self._kinds[people]
        while True:
            heads = [(kind.count(table_id), line[0].order, table_id)
                     for table_id, line in self._lines.items()
                     if line and line[0].people is people]
            if not heads:
                return None
            table_id = min(heads)[2]
            line = self._lines[table_id]
            question = line.popleft()
            if not line:
                self._drop(table_id, people)
            if question.answer.done():
                continue  # its asker stopped waiting
            if question.table.seq != question.seq:
                question.answer.set_result(None)  # stale: asked again by its asker
                continue
            kind.started(table_id)
            return question

    def _start(self, question: _Question) -> None:
        people = question.people
        self._busy[people] += 1
        if people:
            self.passed.append(self.bots_started - question.bots_started)
        else:
            self.bots_started += 1
        self.waits.append(time.monotonic() - question.asked)
        loop = asyncio.get_running_loop()
        try:
            running = loop.run_in_executor(self.pool, question.work, question.argument)
        except RuntimeError as exc:  # the pool is shut down: the server stops
            self._busy[people] -= 1
            question.answer.set_exception(exc)
            return
        running.add_done_callback(lambda done: self._done(question, done))

    def _done(self, question: _Question, done: asyncio.Future[object]) -> None:
        self._busy[question.people] -= 1
        if not question.answer.done():
            if done.cancelled():
                question.answer.cancel()
            elif done.exception() is not None:
                question.answer.set_exception(done.exception())  # type: ignore[arg-type]
            else:
                question.answer.set_result(done.result())
        self._dispatch()
