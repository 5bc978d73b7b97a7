"""Hostile clients and the bots (issue 34, "Critical: code execution through a nested bot
spec" and "High 3: Bot starvation").

- ``ismcts:prior=policy:model=PATH`` once made the server load PATH (an unpickling):
  every nesting of every bot option that names a file, through every door a client has
  (a table's set-up, the host seating a bot, a stand-in over the WebSocket), is refused,
  no file is opened (an audit hook of the interpreter watches every ``open``), and the
  refusal is the same whether the file exists or not.
- Bots that read a file play online only under a name the operator gives at start
  (``--bot NAME=SPEC``); a seat written with a spec the server does not offer (an old or
  tampered log) is played by the default bot, and its file is never opened.
- A bot's effort online is bounded (iterations and seconds, by the server's limits);
  tables of bots alone may be an operator's option.
- The bots of all tables share one pool fairly: a person's table is never passed by the
  tables of bots alone, whatever they ask (measured with other tables saturating it).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from bohnen.bots.registry import bot_names, bot_refs, file_params
from bohnen.core.registry import game_names, get_game
from bohnen.server.limits import Limits
from bohnen.server.log import SeatRow, TableLog
from bohnen.server.offer import SAFE_BOTS, BotRefused, Offer, ServerBot, probe
from bohnen.server.table import Table
from bohnen.server.thinkers import Thinkers

from .seated import LIMIT, table_of, until
from .web import call, join, next_frame, serving

# --- the interpreter's audit hook: every file opened while a test watches a folder --------

_WATCHED: list[str] = []
_OPENED: list[str] = []


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event != "open" or not _WATCHED or not args:
        return
    path = args[0]
    if isinstance(path, str | bytes | os.PathLike):
        name = os.fsdecode(path)
        if any(name.startswith(folder) for folder in _WATCHED):
            _OPENED.append(name)


sys.addaudithook(_audit)


@pytest.fixture
def watched(tmp_path: Path) -> Iterator[Path]:
    """A folder every opening of a file in which is recorded (:data:`_OPENED`); the test
    fails if anything there was opened."""
    folder = tmp_path / "models"
    folder.mkdir()
    (folder / "model.zip").write_bytes(b"PK\x03\x04 not a model, and never read")
    _OPENED.clear()
    _WATCHED.append(str(folder))
    try:
        yield folder
    finally:
        _WATCHED.remove(str(folder))
    assert _OPENED == [], f"the server opened {_OPENED}"


# --- every nesting of every bot option that names a file ---------------------------------

def _file_options() -> list[tuple[str, str]]:
    """Every (bot, option) naming a file, for any game."""
    found = set()
    for name in game_names():
        game = get_game(name)
        for bot in bot_names(game):
            found |= {(bot, key) for key in file_params(bot, game)}
    return sorted(found)


def _nesters() -> list[tuple[str, str]]:
    """Every (bot, option) the server offers whose value is another bot's spec."""
    found = set()
    for name in game_names():
        game = get_game(name)
        for bot in Offer().names(game):
            found |= {(bot, key) for key in bot_refs(bot, game)}
    return sorted(found)


def nestings(path: str) -> list[str]:
    """Every way a spec may carry a file option: bare, as the value of each option that
    names a bot (alone, among others, two levels down), and spelled oddly."""
    out = []
    for bot, key in _file_options():
        spec = f"{bot}:{key}={path}"
        out += [spec, f"  {spec.upper().replace(path.upper(), path)} ", f"{bot}: {key} = {path}"]
        for outer, ref in _nesters():
            out += [f"{outer}:{ref}={spec}", f"{outer}:iterations=5,{ref}={spec}",
                    f"{outer}:{ref}={outer}:{ref}={spec}", f"{outer.upper()}:{ref}={spec}"]
    return out


def test_there_are_file_options_and_nesting_options_to_try() -> None:
    assert ("policy", "model") in _file_options()
    assert {("ismcts", "prior"), ("ismcts", "playout")} <= set(_nesters())


def test_no_bot_the_server_offers_names_a_file() -> None:
    for name in game_names():
        game = get_game(name)
        for bot in Offer().names(game):
            assert not file_params(bot, game), (name, bot)
        assert set(SAFE_BOTS) <= set(bot_names(game))


def _set_up(base: str, spec: str, game: str = "ndb") -> tuple[int, Any]:
    return call(base, "POST", "/api/tables", {
        "game": game, "players": 3, "name": "Ada",
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": spec}, {"kind": "open"}]})


def test_every_nesting_of_a_file_option_is_refused_at_set_up_and_no_file_is_opened(
        tmp_path: Path, watched: Path) -> None:
    there, missing = str(watched / "model.zip"), str(watched / "no-such-model.zip")
    many = Limits(tables_per_minute=10_000, tables_burst=10_000)  # every try is counted
    with serving(tmp_path / "t.sqlite", limits=many) as (base, lobby):
        for spec in nestings(there):
            status, answer = _set_up(base, spec)
            assert status == 422, (spec, answer)
            status_missing, answer_missing = _set_up(base, spec.replace(there, missing))
            # no oracle: the answer is the same whether the file exists or not
            assert (status_missing, answer_missing["detail"].replace(missing, "PATH")) \
                == (status, answer["detail"].replace(there, "PATH")), spec
        assert lobby.tables == {}  # nothing was set up


def test_every_nesting_is_refused_to_the_host_and_as_a_stand_in(
        tmp_path: Path, watched: Path) -> None:
    path = str(watched / "model.zip")
    with serving(tmp_path / "t.sqlite") as (base, lobby), ExitStack() as stack:
        status, made = _set_up(base, "heuristic")
        assert status == 200, made
        table_id, host = made["table"], {"Authorization": f"Bearer {made['host']}"}
        ws, _ = join(stack, base, table_id, made["me"]["token"])
        for spec in nestings(path):
            status, answer = call(base, "POST", f"/api/tables/{table_id}/seats/2",
                                  {"bot": spec}, host)
            assert status == 422, (spec, answer)
            ws.send(json.dumps({"standin": spec}))
            error = next_frame(ws, "error")["error"]
            assert "not offered" in error or "bot" in error, (spec, error)
        seats = lobby.tables[table_id].seats
        assert seats[2].kind == "open" and seats[0].standin is None


def test_a_refusal_names_the_bot_and_the_offered_ones(tmp_path: Path) -> None:
    with serving(tmp_path / "t.sqlite") as (base, _):
        status, answer = _set_up(base, "ismcts:iterations=5,prior=policy:model=/etc/passwd")
        assert status == 422
        assert answer["detail"] == ("bot ismcts: prior: bot 'policy' is not offered at this "
                                    "server; bots are heuristic, ismcts, random")


# --- the operator's bots ---------------------------------------------------------------

def test_an_operators_bot_is_seated_by_its_name_and_made_from_its_spec(
        tmp_path: Path) -> None:
    bots = {"gentle": "heuristic:trades=false"}
    with serving(tmp_path / "t.sqlite", bots=bots) as (base, lobby):
        games = {entry["game"]: entry["bots"] for entry in call(base, "GET", "/api/games")[1]}
        assert all("gentle" in offered for offered in games.values())
        status, made = _set_up(base, "gentle", "bohnanza")
        assert status == 200, made
        table = lobby.tables[made["table"]]
        assert table.seats[1].bot == "gentle"
        assert lobby.offer.resolve("gentle", table.game) == "heuristic:trades=false"
        for spec in ("gentle:model=/etc/passwd", "ismcts:prior=gentle"):
            status, answer = _set_up(base, spec, "bohnanza")
            assert status == 422 and "this server's own" in answer["detail"], answer


def test_an_operators_file_bot_is_never_made_in_the_servers_process(watched: Path) -> None:
    offer = Offer(bots={"strong": f"policy:model={watched / 'model.zip'}"})
    game = get_game("ndb")
    assert offer.check("strong", game) == "strong"
    traits = offer.traits("strong", game)  # what the event loop needs, without the model
    assert traits.needs_view and traits.proposes
    assert offer.resolve("strong", game) == f"policy:model={watched / 'model.zip'}"


def test_an_operators_bot_that_plays_no_game_stops_the_start(tmp_path: Path) -> None:
    missing = tmp_path / "no-model.zip"
    with pytest.raises(ValueError, match=r"--bot strong=.* plays no game"):
        probe([ServerBot("strong", f"policy:model={missing}")])
    played, notes = probe([ServerBot("gentle", "heuristic:trades=false")])
    assert played[0].games == frozenset({"bohnanza", "hansa"})  # Nicht die Bohne's has no trades
    assert notes == ["bot gentle is not offered for ndb: bot heuristic: bad parameter "
                     "'trades=false'; parameters: deny, gain, loss"]


@pytest.mark.parametrize(("given", "words"), [
    ({"heuristic": "random"}, "offers a bot of that name already"),
    ({"9lives": "random"}, "a bot's name is letters"),
    ({"x": "nonsense:a=1"}, "no game has a bot 'nonsense'"),
])
def test_a_bad_operators_bot_is_refused(given: dict[str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Offer(bots=given)


def test_a_seat_the_server_does_not_offer_is_played_by_the_default_bot(
        tmp_path: Path, watched: Path) -> None:
    db = tmp_path / "t.sqlite"
    log = TableLog(db)
    spec = f"ismcts:iterations=5,prior=policy:model={watched / 'model.zip'}"
    table_of(log, [SeatRow(0, "bot", bot=spec), "heuristic", "random"], "ndb",
             rounds=1)  # a log written by an older server, or tampered with
    log.close()
    with serving(db) as (_, lobby):
        table = lobby.tables["t1"]

        async def played() -> None:
            await until(lambda: any(seat == 0 for seat, _ in table.history),
                        "a move at the seat")
        asyncio.run_coroutine_threadsafe(played(), _loop_of(lobby)).result(LIMIT)


def _loop_of(lobby: Any) -> asyncio.AbstractEventLoop:
    loop: asyncio.AbstractEventLoop = lobby.tables["t1"]._writer.get_loop()
    return loop


# --- effort ------------------------------------------------------------------------------

@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:iterations=2001", "iterations is at most 2000"),
    ("ismcts:seconds=5.5", "seconds is at most 5"),
    ("ismcts:proposals=5001", "proposals is at most 5000"),
    ("heuristic:patience=1e9", "patience is at most 5000"),
    ("ismcts:prior=heuristic:patience=99999", "prior: bot heuristic: patience is at most"),
])
def test_a_bots_effort_is_bounded_by_the_servers_limits(spec: str, words: str) -> None:
    with pytest.raises(BotRefused, match=words):
        Offer().check(spec, get_game("bohnanza"))


def test_the_operator_sets_the_bounds_and_a_search_thinks_at_most_their_seconds() -> None:
    offer = Offer(Limits(bot_iterations=50, bot_seconds=0.5))
    game = get_game("ndb")
    with pytest.raises(BotRefused, match="iterations is at most 50"):
        offer.check("ismcts:iterations=51", game)
    assert offer.check("ismcts:iterations=50", game) == "ismcts:iterations=50"
    assert offer.resolve("ismcts:iterations=50", game) == "ismcts:iterations=50,seconds=0.5"
    assert offer.resolve("ismcts:seconds=0.25", game) == "ismcts:seconds=0.25"
    assert offer.resolve("heuristic", game) == "heuristic"


def test_tables_of_bots_alone_may_be_refused_by_the_operator(tmp_path: Path) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 3
    body = {"game": "ndb", "players": 3, "seats": bots}
    with serving(tmp_path / "a.sqlite", limits=Limits(bot_tables=False)) as (base, _):
        status, answer = call(base, "POST", "/api/tables", body)
        assert status == 403 and "tables of bots alone" in answer["detail"], answer
        status, _ = call(base, "POST", "/api/tables",
                         {**body, "name": "Ada", "seats": [{"kind": "me"}, *bots[1:]]})
        assert status == 200
    with serving(tmp_path / "b.sqlite") as (base, _):
        assert call(base, "POST", "/api/tables", body)[0] == 200


# --- fair turns --------------------------------------------------------------------------

class Gate:
    """Work for a thread pool that holds each question until the test lets it go, and
    records the order in which questions started."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._open: dict[str, threading.Event] = {}
        self._lock = threading.Lock()

    def __call__(self, name: str) -> str:
        with self._lock:
            self.started.append(name)
            event = self._open.setdefault(name, threading.Event())
        event.wait(LIMIT)
        return name

    def release(self, name: str) -> None:
        with self._lock:
            self._open.setdefault(name, threading.Event()).set()


def _tables(tmp_path: Path, *kinds: str) -> list[Table]:
    log = TableLog(tmp_path / "t.sqlite")
    return [table_of(log, [kind, "random", "random"], "ndb", table_id=f"t{i}")
            for i, kind in enumerate(kinds)]


def test_tables_take_turns_for_the_pool(tmp_path: Path) -> None:
    a, b, c = _tables(tmp_path, "random", "random", "random")
    gate = Gate()

    async def run() -> list[str | None]:
        with ThreadPoolExecutor(1) as pool:
            thinkers = Thinkers(pool, 1)
            asks = [thinkers.think(a, gate, f"a{i}") for i in range(3)]
            asks += [thinkers.think(b, gate, "b0"), thinkers.think(c, gate, "c0")]
            tasks = [asyncio.ensure_future(ask) for ask in asks]
            await until(lambda: gate.started == ["a0"], "the first question")
            for name in ("a0", "b0", "c0", "a1", "a2"):
                gate.release(name)
            return list(await asyncio.gather(*tasks))

    assert asyncio.run(run()) == ["a0", "a1", "a2", "b0", "c0"]
    assert gate.started == ["a0", "b0", "c0", "a1", "a2"]  # one each, in turns


def test_a_persons_table_goes_first_and_keeps_a_worker(tmp_path: Path) -> None:
    person, *bots = _tables(tmp_path, "person", "random", "random", "random")
    gate = Gate()

    async def run() -> Thinkers:
        with ThreadPoolExecutor(2) as pool:
            thinkers = Thinkers(pool, 2)
            tasks = [asyncio.ensure_future(thinkers.think(table, gate, f"bot{i}.{n}"))
                     for n in range(2) for i, table in enumerate(bots)]
            await until(lambda: len(gate.started) == 1, "a bot table's question")
            assert thinkers.busy == 1  # the second worker is kept for people's tables
            mine = asyncio.ensure_future(thinkers.think(person, gate, "person"))
            await until(lambda: "person" in gate.started, "the person's question")
            gate.release("person")
            assert await mine == "person"
            for name in list(gate.started) + [f"bot{i}.{n}" for i in range(3) for n in range(2)]:
                gate.release(name)
            await asyncio.gather(*tasks)
            return thinkers

    thinkers = asyncio.run(run())
    assert gate.started[:2] == ["bot0.0", "person"]
    assert list(thinkers.passed) == [0]


def test_a_question_of_a_table_that_moved_on_is_dropped_unthought(tmp_path: Path) -> None:
    (table,) = _tables(tmp_path, "random")
    gate = Gate()

    async def run() -> tuple[Any, Any]:
        with ThreadPoolExecutor(1) as pool:
            thinkers = Thinkers(pool, 1)
            first = asyncio.ensure_future(thinkers.think(table, gate, "first"))
            stale = asyncio.ensure_future(thinkers.think(table, gate, "stale"))
            await until(lambda: gate.started == ["first"], "the first question")
            seat = table.state.to_act()[0]
            assert table.accept(seat, str(table.state.legal_actions(seat)[0])).ok
            gate.release("first")
            return await first, await stale

    assert asyncio.run(run()) == ("first", None)
    assert gate.started == ["first"]


def test_a_person_waits_no_bot_tables_turn_while_they_saturate_the_pool(
        tmp_path: Path) -> None:
    """Four tables of search bots alone keep the pool busy; a person plays against two
    heuristic bots. Each time the turn comes back to the person is measured (printed:
    ``pytest -s``), and none of the bots' questions at the person's table waited while a
    table of bots alone was let in."""
    limits = Limits(bot_seconds=0.3)  # each search thinks 0.3 s, so that they queue
    with serving(tmp_path / "t.sqlite", limits=limits, workers=2) as (base, lobby), \
            ExitStack() as stack:
        for _ in range(4):
            status, _ = call(base, "POST", "/api/tables", {
                "game": "ndb", "players": 3,
                "seats": [{"kind": "bot", "bot": "ismcts:iterations=2000"}] * 3})
            assert status == 200
        status, made = call(base, "POST", "/api/tables", {
            "game": "ndb", "players": 3, "name": "Ada", "options": {"rounds": 1},
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "heuristic"},
                      {"kind": "bot", "bot": "heuristic"}]})
        assert status == 200, made
        thinkers = lobby.thinkers
        assert thinkers is not None
        ws, _ = join(stack, base, made["table"], made["me"]["token"])
        waits: list[float] = []
        sent, moved_at = None, 0.0
        deadline = time.monotonic() + LIMIT
        while time.monotonic() < deadline:
            frame = json.loads(ws.recv(timeout=LIMIT))
            if frame["type"] != "view":
                continue
            if frame["result"] is not None:
                break
            if frame["moves"] and frame["seq"] != sent:
                if sent is not None:
                    waits.append(time.monotonic() - moved_at)
                ws.send(json.dumps({"action": frame["moves"][0]["notation"]}))
                sent, moved_at = frame["seq"], time.monotonic()
        assert frame["result"] is not None, "the person's game did not end"
        print(f"\nthe turn came back in {sorted(waits)[len(waits) // 2] * 1000:.0f} ms "
              f"(median of {len(waits)}), at most {max(waits) * 1000:.0f} ms, while "
              f"{thinkers.bots_started} questions of tables of bots alone were thought")
        assert thinkers.bots_started > 0  # the tables of bots alone did think meanwhile
        assert thinkers.passed and set(thinkers.passed) == {0}


def test_a_parameter_given_twice_is_refused_online() -> None:
    with pytest.raises(BotRefused, match="iterations is given twice"):
        Offer().check("ismcts:iterations=5,iterations=99999999", get_game("ndb"))
