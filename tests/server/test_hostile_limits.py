"""Anonymous clients cannot make the server work without limit (issue 34, item 10):
tables set up from one address are throttled (429, ``Retry-After``), unfinished tables
are capped (503), the list of tables is a bounded page built without rebuilding any
table, a replay step applies a bounded number of actions, a table nobody touches
expires, and walking finished tables does not grow the server's memory.

Every test drives time itself (a clock it sets, or the ``now`` it passes): none waits
for time. The real server runs on the loopback, on both databases where the tables
are concerned."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from bohnen.core import get_game
from bohnen.core.protocol import AnyState
from bohnen.server import lobby as lobby_module
from bohnen.server import replay
from bohnen.server.limits import Limits
from bohnen.server.lobby import Lobby
from bohnen.server.logbase import Log, SeatRow
from bohnen.server.table import Table
from bohnen.server.text import seat_names
from bohnen.server.throttle import Throttle

from .seated import play_at_random
from .web import call, join, next_frame, people, served

START = 1_000_000.0  # the test clocks' first reading
EASY = Limits(tables_per_minute=10_000, tables_burst=10_000)  # no throttle in the way


class Clock:
    """A clock the test sets: ``clock()`` is ``clock.now``."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _create(base: str, **setup: Any) -> tuple[int, Any, dict[str, str]]:
    """``POST /api/tables`` for an ndb table of Ada and two open seats: the status, the
    answer and the headers."""
    body = json.dumps({"game": "ndb", "players": 3, "name": "Ada", **setup}).encode()
    request = urllib.request.Request(f"http://{base}/api/tables", body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read()), _headers(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), _headers(error.headers)


def _headers(headers: Any) -> dict[str, str]:
    """The headers of an answer, by their names in lower case."""
    return {name.lower(): value for name, value in headers.items()}


@pytest.fixture
def rebuilt(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The ids of the tables rebuilt from the log (every rebuild, in every server of
    the test), in order."""
    ids: list[str] = []
    rebuild = Table.rebuild.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Table], log: Log, row: Any) -> Table:
        ids.append(row.table_id)
        table: Table = rebuild(cls, log, row)
        return table

    monkeypatch.setattr(Table, "rebuild", classmethod(counted))
    yield ids


async def _finished_tables(lobby: Lobby, ids: list[str], game: str = "ndb") -> None:
    """Tables ``ids`` in the lobby's log, marked finished (their games need no step for
    what the lobby lists or keeps of them), their spectators allowed to chat."""
    options = get_game(game).options(3).to_json()
    log = lobby.log
    for n, table_id in enumerate(ids):
        assert await lobby.cluster.claim(table_id)  # PostgreSQL's fence: ours to write
        log.create(table_id, game, options, n, {"spectator_chat": True},
                   [SeatRow(s, "person", name=f"p{s}") for s in range(3)], START + n)
        log.finish(table_id)


# --- creation: a rate per client and a cap ---------------------------------------------


def test_a_client_setting_up_tables_fast_gets_429_after_its_burst(tmp_path: Any) -> None:
    clock = Clock()
    limits = Limits(tables_per_minute=2, tables_burst=3)
    with served(tmp_path / "tables.sqlite", limits=limits, clock=clock) as server:
        answers = [_create(server.base) for _ in range(3)]
        assert [status for status, _, _ in answers] == [200, 200, 200]
        status, answer, headers = _create(server.base)
        assert status == 429 and headers["retry-after"] == "30", (answer, headers)
        assert "too many tables set up from 127.0.0.1" in answer["detail"]
        assert "at most 2 a minute (3 at once)" in answer["detail"]
        assert len(server.lobby.tables) == 3  # nothing made for the refused one
        clock.now += 30  # one table's worth of refill, counted, not waited for
        assert _create(server.base)[0] == 200
        status, _, headers = _create(server.base)
        assert status == 429 and headers["retry-after"] == "30"


def test_the_throttle_forgets_the_clients_whose_bucket_is_full_again() -> None:
    clock = Clock()
    throttle = Throttle(rate=1.0, burst=2, clock=clock, clients=100)
    for n in range(50):
        assert throttle.take(f"10.0.0.{n}") == 0
    assert len(throttle) == 50
    clock.now += 1.0  # every bucket is full again: the next take forgets them all
    assert throttle.take("10.0.1.1") == 0 and len(throttle) == 1
    for n in range(1_000):  # a flood of addresses: at most ``clients`` kept
        throttle.take(f"10.1.{n // 250}.{n % 250}")
        assert len(throttle) <= 100
    assert throttle.take("10.0.1.1") == 0 and throttle.take("10.0.1.1") == 0
    assert throttle.take("10.0.1.1") == pytest.approx(1.0)  # its burst is spent


def test_the_cap_on_unfinished_tables_gives_503_until_one_ends(db_url: str) -> None:
    limits = Limits(max_tables=3, tables_per_minute=10_000, tables_burst=10_000)
    with served(db_url, limits=limits) as server:
        made = [_create(server.base)[1]["table"] for _ in range(3)]
        status, answer, _ = _create(server.base)
        assert status == 503, answer
        assert "this server has 3 tables whose game is not over" in answer["detail"]
        assert len(server.lobby.tables) == 3
        # one of them ends (it expires): there is room for one more
        expired = server.run(server.lobby.expire_idle(server.lobby.clock() + 10 ** 9))
        assert sorted(expired) == sorted(made)
        assert [_create(server.base)[0] for _ in range(4)] == [200, 200, 200, 503]


@pytest.mark.postgres
def test_the_cap_counts_the_tables_other_processes_keep(pg_url: str) -> None:
    limits = Limits(max_tables=4, tables_per_minute=10_000, tables_burst=10_000)
    with served(pg_url, limits=limits) as a, served(pg_url, limits=limits) as b:
        assert [_create(a.base)[0] for _ in range(3)] == [200, 200, 200]
        assert _create(b.base)[0] == 200
        status, answer, _ = _create(b.base)
        assert status == 503 and "has 4 tables" in answer["detail"], answer
        for _ in range(200):  # a hears of b's table (a notice)
            if a.run(_async(a.lobby.unfinished_count)) == 4:
                break
            a.run(_turn())
        assert _create(a.base)[0] == 503


# --- the list of tables -----------------------------------------------------------------


def _walk(base: str, which: str, limit: int) -> list[str]:
    """Every table of list ``which``, a page of ``limit`` at a time."""
    status, listing = call(base, "GET", f"/api/tables?limit={limit}")
    assert status == 200, listing
    seen = [t["table"] for t in listing[which]]
    after = listing["next"][which]
    while after is not None:
        assert len(seen) < 1_000, "the pages go on and on"
        status, listing = call(base, "GET", f"/api/tables?list={which}&limit={limit}&"
                                            f"after={urllib.parse.quote(after)}")
        assert status == 200 and set(listing) == {which, "next"}, listing
        assert len(listing[which]) <= limit
        seen += [t["table"] for t in listing[which]]
        after = listing["next"][which]
    return seen


def test_a_page_of_tables_is_bounded_and_paging_visits_every_table_once(
        db_url: str) -> None:
    with served(db_url, limits=EASY) as server:
        base = server.base
        open_ids = [_create(base)[1]["table"] for _ in range(57)]
        playing_ids = [people(base, "ndb", 3)[0]["table"] for _ in range(3)]
        finished_ids = [f"done{n}" for n in range(55)]
        server.run(_finished_tables(server.lobby, finished_ids))

        status, listing = call(base, "GET", "/api/tables")
        assert status == 200
        assert len(listing["open"]) == 50 and listing["next"]["open"] is not None
        assert [t["table"] for t in listing["open"]] == open_ids[::-1][:50]  # newest first
        assert {t["table"] for t in listing["playing"]} == set(playing_ids)
        assert listing["next"]["playing"] is None
        assert [t["table"] for t in listing["finished"]] == finished_ids[::-1][:50]
        assert all(t["over"] and not t["expired"] for t in listing["finished"])
        status, listing = call(base, "GET", "/api/tables?limit=100")
        assert len(listing["open"]) == 57 and listing["next"]["open"] is None

        for which, ids in (("open", open_ids), ("playing", playing_ids),
                           ("finished", finished_ids)):
            for limit in (1, 7, 100):
                seen = _walk(base, which, limit)
                assert sorted(seen) == sorted(ids), (which, limit)  # each once

        for query, words in (("limit=101", "less than or equal to 100"),
                             ("limit=0", "greater than or equal to 1"),
                             ("list=open&after=nonsense", "not a cursor"),
                             ("list=finished&after=a%20b", "not a cursor"),
                             ("after=1.0~abc", "say which"),
                             ("list=lost", "list")):
            status, answer = call(base, "GET", f"/api/tables?{query}")
            assert status == 422 and words in answer["detail"], (query, answer)


@pytest.mark.postgres
def test_the_tables_of_another_process_are_listed_without_rebuilding_them(
        pg_url: str, rebuilt: list[str]) -> None:
    with served(pg_url, limits=EASY) as a, served(pg_url, limits=EASY) as b:
        made = [_create(a.base)[1] for _ in range(6)]
        rebuilt.clear()
        status, listing = call(b.base, "GET", "/api/tables")
        assert status == 200
        assert [t["table"] for t in listing["open"]] == [m["table"] for m in made][::-1]
        assert [s["name"] for s in listing["open"][0]["seats"]] == ["Ada", None, None]
        # the seats change at a: b lists the table as playing, from the notices
        table_id = made[0]["table"]
        for name in ("Bea", "Cy"):
            status, _ = call(a.base, "POST", f"/api/tables/{table_id}/join", {"name": name})
            assert status == 200
        deadline = 200
        while table_id not in [t["table"] for t in call(b.base, "GET", "/api/tables")[1]
                               ["playing"]]:
            deadline -= 1
            assert deadline, "b never listed the table as playing"
            b.run(_turn())
        status, listing = call(b.base, "GET", "/api/tables?list=playing")
        (playing,) = listing["playing"]
        assert [s["name"] for s in playing["seats"]] == ["Ada", "Bea", "Cy"]
        assert rebuilt == []  # no table rebuilt to be listed
        assert b.lobby.tables == {}


async def _turn() -> None:
    """A moment of the server's loop (the notices come in meanwhile)."""
    await asyncio.sleep(0.05)


# --- the replay -------------------------------------------------------------------------


def _fresh_steps(log: Log, table_id: str) -> list[dict[str, Any]]:
    """Every step's answer as a replay from the seed gives it (the old way: each step
    played from the start), as JSON."""
    row = log.table(table_id)
    assert row is not None
    game = get_game(row.game)
    state: AnyState = game.new_game(game.options_from_json(row.options), row.seed)
    viewers: list[int | None] = [None, *range(state.options.players)]
    names = seat_names(log.seats(table_id))  # the seats by name, as the replay names them

    def key(viewer: int | None) -> str:
        return "spectator" if viewer is None else str(viewer)

    def answer(seq: int, events: Any) -> dict[str, Any]:
        made = {"seq": seq,
                "views": {key(v): dict(state.view(v)) for v in viewers},
                "events": {key(v): [{**e.to_json(v), "text": e.text(v, names)}
                                    for e in events]
                           for v in viewers},
                "result": state.result().to_json() if state.is_over else None}
        loaded: dict[str, Any] = json.loads(json.dumps(made))
        return loaded

    steps = [answer(0, [])]
    for logged in log.actions(table_id):
        events = state.apply(game.parse_action(logged.action))
        steps.append(answer(logged.seq, events))
    return steps


async def _whole_game(lobby: Lobby, table_id: str, game: str, seed: int) -> None:
    """A whole game of ``game`` played at random at a table of the lobby's log."""
    options = get_game(game).options(3).to_json()
    assert await lobby.cluster.claim(table_id)
    table = Table.create(lobby.log, table_id, game, options, seed,
                         [SeatRow(s, "person", name=f"p{s}") for s in range(3)])
    play_at_random(table, 100_000, random.Random(seed))
    assert table.state.is_over


@pytest.fixture
def applies(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """The actions applied to a state of any game so far (in every thread)."""
    count = [0]
    for name in ("bohnanza", "hansa", "ndb"):
        game = get_game(name)
        cls = type(game.new_game(game.options(3), 0))
        apply = cls.apply

        def counted(self: AnyState, action: Any, apply: Any = apply) -> Any:
            count[0] += 1
            return apply(self, action)

        monkeypatch.setattr(cls, "apply", counted)
    return lambda: count[0]


def test_a_replay_step_applies_a_bounded_number_of_actions_and_answers_as_before(
        db_url: str, applies: Callable[[], int]) -> None:
    with served(db_url) as server:
        base, log = server.base, server.lobby.log
        for n, game in enumerate(("bohnanza", "hansa", "ndb")):
            table_id = f"game{n}"
            server.run(_whole_game(server.lobby, table_id, game, seed=n + 3))
            expected = server.run(_async(_fresh_steps, log, table_id))
            assert len(expected) > 2 * replay.CHECKPOINT_STEPS  # several checkpoints
            last = len(expected) - 1
            status, answer = call(base, "GET", f"/api/tables/{table_id}/replay/{last}")
            assert status == 200 and answer == expected[last]  # the game played through
            for seq in range(last + 1):
                before = applies()
                status, answer = call(base, "GET", f"/api/tables/{table_id}/replay/{seq}")
                assert status == 200, answer
                assert answer == expected[seq], (game, seq)
                assert applies() - before <= replay.CHECKPOINT_STEPS, (game, seq)
            status, answer = call(base, "GET", f"/api/tables/{table_id}/replay/{last + 1}")
            assert status == 404 and f"steps 0 to {last}" in answer["detail"]


async def _async(work: Callable[..., Any], *args: Any) -> Any:
    return work(*args)


def test_the_replays_kept_are_bounded_in_tables(tmp_path: Any) -> None:
    with served(tmp_path / "tables.sqlite") as server:
        replays = replay.Replays(server.lobby.log, kept=3)
        for n in range(6):
            server.run(_whole_game(server.lobby, f"g{n}", "ndb", seed=n))
            assert replays.step(f"g{n}", 1)["seq"] == 1
            assert len(replays) == min(n + 1, 3)


# --- idle tables expire -----------------------------------------------------------------


def _closed_frame(ws: Any) -> dict[str, Any]:
    """The ``closed`` frame a client gets (other frames skipped), then the close."""
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if frame["type"] == "closed":
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert closed.value.rcvd.reason == frame["reason"]
            return frame


def test_a_table_nobody_touches_expires_and_touched_ones_are_kept(
        db_url: str, rebuilt: list[str]) -> None:
    clock = Clock()
    limits = Limits(expire_hours=1, tables_per_minute=10_000, tables_burst=10_000)
    with served(db_url, limits=limits, clock=clock) as server, ExitStack() as stack:
        base, lobby = server.base, server.lobby
        idle, seated, chatty, moved = (_create(base)[1] for _ in range(4))
        watchers = {made["table"]: join(stack, base, made["table"], made["me"]["token"])[0]
                    for made in (idle, seated, chatty)}
        for ws in watchers.values():
            next_frame(ws, "view")
        clock.now += 2_400  # 40 minutes on: three tables are touched
        assert call(base, "POST", f"/api/tables/{seated['table']}/join",
                    {"name": "Bea"})[0] == 200
        watchers[chatty["table"]].send(json.dumps({"chat": "still here"}))
        next_frame(watchers[chatty["table"]], "chat")
        moved_id = moved["table"]
        for name in ("Bea", "Cy"):
            assert call(base, "POST", f"/api/tables/{moved_id}/join", {"name": name})[0] == 200
        clock.now += 100  # and a move, later still, at one of them
        server.run(_first_move(lobby, moved_id))

        # 70 minutes after the set-up, ten minutes past the limit for the untouched one
        assert server.run(lobby.expire_idle(START + 4_200)) == [idle["table"]]
        idle_id = idle["table"]
        frame = _closed_frame(watchers[idle_id])
        assert f"table {idle_id} is closed" in frame["reason"] and "1 hours" in frame["reason"]
        assert idle_id not in lobby.tables and idle_id not in lobby.attendants
        assert idle_id not in lobby.touched
        status, answer = call(base, "GET", f"/api/tables/{idle_id}")
        assert status == 410 and "is closed" in answer["detail"]
        for path in ("replay", "replay/0"):
            status, answer = call(base, "GET", f"/api/tables/{idle_id}/{path}")
            assert status == 410 and "expired before the end of the game" in answer["detail"]
        status, answer = call(base, "POST", f"/api/tables/{idle_id}/join", {"name": "Dan"})
        assert status == 410
        _status, listing = call(base, "GET", "/api/tables")
        assert [(t["table"], t["expired"]) for t in listing["finished"]] == [(idle_id, True)]
        assert idle_id not in [t["table"] for t in listing["open"] + listing["playing"]]
        # the touched ones go on: their clients still play and chat (a touch too)
        watchers[chatty["table"]].send(json.dumps({"chat": "and now?"}))
        assert next_frame(watchers[chatty["table"]], "chat")["text"] == "and now?"
        assert server.run(lobby.expire_idle(START + 5_000)) == []
        # an hour after their last touch, they expire too
        assert server.run(lobby.expire_idle(START + 2_400 + 3_601)) == [seated["table"]]
        later = server.run(lobby.expire_idle(START + 2_500 + 3_601))
        assert sorted(later) == sorted([chatty["table"], moved_id])
        assert _closed_frame(watchers[chatty["table"]])["table"] == chatty["table"]

    rebuilt.clear()
    with served(db_url, limits=limits) as server:  # a restart rebuilds no expired table
        assert rebuilt == [] and server.lobby.tables == {}
        _status, listing = call(server.base, "GET", "/api/tables")
        assert not listing["open"] and not listing["playing"]
        assert all(t["expired"] for t in listing["finished"]) and len(listing["finished"]) == 4


@pytest.mark.postgres
def test_with_postgresql_the_owner_expires_a_table_and_every_process_tells_its_clients(
        pg_url: str) -> None:
    limits = Limits(expire_hours=1, tables_per_minute=10_000, tables_burst=10_000)
    with served(pg_url, limits=limits) as a, served(pg_url, limits=limits) as b, \
            ExitStack() as stack:
        made = _create(a.base)[1]
        table_id = made["table"]
        at_a = join(stack, a.base, table_id, made["me"]["token"])[0]
        at_b = join(stack, b.base, table_id, made["spectator"])[0]  # a replica at b
        later = b.lobby.clock() + 2 * 3_600
        assert b.run(b.lobby.expire_idle(later)) == []  # b does not keep it
        assert a.run(a.lobby.expire_idle(later)) == [table_id]
        for ws in (at_a, at_b):
            assert _closed_frame(ws)["table"] == table_id
        assert table_id not in a.lobby.tables and table_id not in b.lobby.tables
        for base in (a.base, b.base):
            _status, listing = call(base, "GET", "/api/tables")
            assert not listing["open"] and listing["finished"][0]["expired"]


async def _first_move(lobby: Lobby, table_id: str) -> None:
    """Seat 0's first legal move at the table (the game started)."""
    table = lobby.tables[table_id]
    seat = table.state.to_act()[0]
    reply = await table.submit(seat, str(table.state.legal_actions(seat)[0]))
    assert reply.ok, reply


def test_a_table_touched_before_a_restart_is_counted_from_its_log(
        db_url: str, rebuilt: list[str]) -> None:
    limits = Limits(expire_hours=1, tables_per_minute=10_000, tables_burst=10_000)
    with served(db_url, limits=limits) as server:
        made = _create(server.base)[1]
    with served(db_url, limits=limits) as server:
        table = server.lobby.tables[made["table"]]
        assert rebuilt == [made["table"]]
        assert server.run(server.lobby.expire_idle(table.created + 3_599)) == []
        assert server.run(server.lobby.expire_idle(table.created + 3_601)) == [made["table"]]


# --- finished tables are not kept forever -----------------------------------------------


def test_walking_finished_tables_keeps_the_memory_bounded(db_url: str) -> None:
    kept = lobby_module.FINISHED_KEPT
    with served(db_url, limits=EASY) as server, ExitStack() as stack:
        base, lobby = server.base, server.lobby
        ids = [f"old{n}" for n in range(2 * kept + 10)]
        server.run(_finished_tables(lobby, ids))
        for table_id in ids:
            status, answer = call(base, "GET", f"/api/tables/{table_id}")
            assert status == 200 and answer["table"] == table_id
            assert lobby.tables == {} and lobby.attendants == {}
            assert len(lobby.finished) <= kept
        # a finished table rebuilt on demand still shows and takes chat (no writer)
        status, answer = call(base, "GET", f"/api/tables/{ids[0]}")
        ws, hello = join(stack, base, ids[0], answer["spectator"])
        assert hello["table"] == ids[0]
        ws.send(json.dumps({"chat": "gg"}))
        assert next_frame(ws, "chat")["text"] == "gg"
        # a game that ends at a table kept here is set aside once nobody watches it
        made, _tokens = people(base, "ndb", 3, options={"rounds": 1})
        table_id = made["table"]
        server.run(_play_out(lobby, table_id))
        assert server.run(lobby.expire_idle(lobby.clock() + 60)) == []
        assert table_id in lobby.tables  # just over: it lingers a while
        server.run(lobby.expire_idle(lobby.clock() + lobby_module.LINGER_SECONDS + 60))
        assert table_id not in lobby.tables and table_id not in lobby.attendants
        assert table_id in lobby.finished
        status, answer = call(base, "GET", f"/api/tables/{table_id}")
        assert status == 200 and answer["over"]


async def _play_out(lobby: Lobby, table_id: str) -> None:
    play_at_random(lobby.tables[table_id], 100_000, random.Random(5))
    assert lobby.tables[table_id].state.is_over

