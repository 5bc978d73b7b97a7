"""The online table's core (issue 24, "Order and durability"): one writer per table,
each accepted action committed to the log before anybody hears of it, tables rebuilt
from the log on start, refused actions changing nothing, a seat never acting for
another, and watchers given only what their seat may see, also when they come back.
On both databases (the fixtures ``db_url`` and ``log``: tests/server/conftest.py)."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from typing import Any, cast

import pytest

from bohnen.core import get_game
from bohnen.server.database import open_log
from bohnen.server.frames import StepFrame, ViewFrame
from bohnen.server.logbase import Log, LogConflict, SeatRow
from bohnen.server.table import Table, Watcher, rebuild_all

from .seated import play_at_random


def _table(log: Log, game: str = "bohnanza", seed: int = 7) -> Table:
    options = get_game(game).options(4).to_json()
    return Table.create(log, "t1", game, options, seed)


def _drain(watcher: Watcher, kind: str = "step") -> list[dict[str, Any]]:
    """The frames waiting for ``watcher`` of type ``kind``, in order."""
    frames = []
    while not watcher.frames.empty():
        frame = watcher.frames.get_nowait()
        if frame["type"] == kind:
            frames.append(cast(dict[str, Any], frame))
    return frames


def _drain_all(watcher: Watcher) -> list[dict[str, Any]]:
    """Every frame waiting for ``watcher``, in order."""
    return [cast(dict[str, Any], watcher.frames.get_nowait())
            for _ in range(watcher.frames.qsize())]


def _first_legal(table: Table) -> tuple[int, str]:
    seat = table.state.to_act()[0]
    return seat, str(table.state.legal_actions(seat)[0])


def test_an_accepted_action_is_in_the_log_before_any_watcher_hears_of_it(
        db_url: str, log: Log) -> None:
    table = _table(log)
    order: list[str] = []
    append = log.append

    def logged_append(table_id: str, seq: int, seat: int, action: str,
                      at: float = 0.0, forced: str | None = None,
                      by_bot: bool = False) -> None:
        append(table_id, seq, seat, action, at, forced, by_bot)
        order.append(f"logged {seq}")

    log.append = logged_append  # type: ignore[method-assign]
    watcher = table.watch(0)
    _drain(watcher)  # the view before the game
    seat, text = _first_legal(table)
    reply = table.accept(seat, text)
    order.append(f"frame {_drain_all(watcher)[0]['seq']}")
    assert reply.ok and reply.seq == 1
    assert order == ["logged 1", "frame 1"]
    # what the log holds is what another process reading the database sees
    other = open_log(db_url)
    assert [(a.seq, a.action) for a in other.actions("t1")] == [(1, text)]
    other.close()


def test_a_refused_action_changes_nothing_and_says_why(log: Log) -> None:
    table = _table(log)
    before = table.state.to_json()
    seat = table.state.to_act()[0]
    other = (seat + 1) % 4
    for sender, sent, words in [(seat, "not an action", "not an action"),
                                (other, f"{other}: plant 0", f"seat {seat}'s move"),
                                (seat, f"{seat}: harvest 2", "third field"),
                                (seat, "x" * 5_000, "at most")]:
        reply = table.accept(sender, sent)
        assert not reply.ok and reply.error is not None and words in reply.error, reply
    assert table.state.to_json() == before
    assert table.seq == 0 and table.log.actions("t1") == []


def test_a_seat_never_acts_for_another(log: Log) -> None:
    table = _table(log)
    seat, text = _first_legal(table)
    impostor = (seat + 1) % 4
    reply = table.accept(impostor, text)
    assert not reply.ok and reply.error is not None
    assert f"you are seat {impostor}" in reply.error
    assert table.seq == 0


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
def test_a_table_is_rebuilt_from_its_log_as_it_was(db_url: str, game: str) -> None:
    log = open_log(db_url)
    table = _table(log, game)
    play_at_random(table, 60, random.Random(1))
    log.close()
    reopened = open_log(db_url)  # as a restarted server opens it
    tables = rebuild_all(reopened)
    reopened.close()
    again = tables["t1"]
    assert again.seq == table.seq == 60
    assert again.state.to_json() == table.state.to_json()
    for viewer in (0, 2, None):
        assert again.frame(37, viewer) == table.frame(37, viewer)


def test_a_finished_game_is_not_rebuilt(log: Log) -> None:
    table = _table(log, "ndb")
    play_at_random(table, 100_000, random.Random(2))
    assert table.state.is_over
    assert rebuild_all(log) == {}


def test_a_step_written_twice_is_refused_by_the_log(log: Log) -> None:
    table = _table(log)
    seat, text = _first_legal(table)
    assert table.accept(seat, text).ok
    with pytest.raises(LogConflict, match="step 1 is written already"):
        log.append("t1", 1, seat, text)
    with pytest.raises(LogConflict, match="exists already"):
        _table(log)


def test_a_watcher_coming_back_gets_what_it_missed_as_its_seat_sees_it(log: Log) -> None:
    table = _table(log)
    play_at_random(table, 40, random.Random(3))
    watcher = table.watch(1, after=25)
    frames = [cast(dict[str, Any], watcher.frames.get_nowait()) for _ in range(15)]
    assert [f["seq"] for f in frames] == list(range(26, 41))
    assert [f["type"] for f in _drain(watcher, "view")] == ["view"]  # then the view now
    for frame in frames:
        seat, events = table.history[frame["seq"] - 1]
        assert frame["seat"] == seat
        assert frame["events"] == [{**e.to_json(1), "text": e.text(1)} for e in events]
    play_at_random(table, 1, random.Random(4))
    assert [f["seq"] for f in _drain(watcher)] == [41]


def test_no_frame_shows_a_card_drawn_by_another_seat(log: Log) -> None:
    # Bohnanza's draws are private: a frame to another seat or a spectator names no bean
    table = _table(log)
    watchers = {viewer: table.watch(viewer) for viewer in (0, 1, 2, 3, None)}
    play_at_random(table, 200, random.Random(5))
    drawn_seen = 0
    for viewer, watcher in watchers.items():
        for frame in _drain(watcher):
            for event in frame["events"]:
                if event["event"] != "drew":
                    continue
                if event["seat"] == viewer:
                    assert event["beans"]
                    drawn_seen += 1
                else:
                    assert "beans" not in event or event["beans"] is None, (viewer, event)
    assert drawn_seen > 0


def test_one_writer_orders_actions_sent_at_once(log: Log) -> None:
    async def scenario() -> None:
        table = _table(log)
        plan = table.state.clone()  # ten legal moves in a row, worked out aside
        moves = []
        for _ in range(10):
            seat = plan.to_act()[0]
            action = plan.legal_actions(seat)[-1]
            plan.apply(action)
            moves.append((seat, str(action)))
        table.start()
        replies = await asyncio.gather(*(table.submit(seat, text) for seat, text in moves))
        late = await table.submit(*moves[0])  # the first move again: not legal any more
        await table.stop()
        assert [r.seq for r in replies] == list(range(1, 11))
        assert not late.ok
        assert [a.action for a in table.log.actions("t1")] == [text for _, text in moves]
        assert table.state.to_json() == plan.to_json()

    asyncio.run(scenario())


def test_every_watcher_has_the_step_before_any_view_is_built(log: Log) -> None:
    """The step frames go to every watcher first; the view frames follow in the event
    loop's next turn (a view frame is some ten times a step frame's size)."""
    async def scenario() -> None:
        table = _table(log)
        watchers = [table.watch(viewer) for viewer in (0, 1, 2, 3, None)]
        for watcher in watchers:
            _drain(watcher)  # the view before the game
        built: list[int | None] = []  # the viewers whose view frame was built
        view_frame = table.view_frame

        def counted_view_frame(viewer: int | None) -> ViewFrame:
            built.append(viewer)
            return view_frame(viewer)

        table.view_frame = counted_view_frame  # type: ignore[method-assign]
        seat, text = _first_legal(table)
        assert table.accept(seat, text).ok
        assert [w.frames.get_nowait()["type"] for w in watchers] == ["step"] * 5
        assert built == [] and all(w.frames.empty() for w in watchers)
        await asyncio.sleep(0)  # the loop's next turn
        assert [[f["type"], f["seq"]] for w in watchers for f in _drain_all(w)] == (
            [["view", 1]] * 5)
        assert built == [0, 1, 2, 3, None]

    asyncio.run(scenario())


def test_a_frame_is_made_once_for_each_viewer_and_shared_by_its_watchers(log: Log) -> None:
    """Two clients of seat 0 and two spectators: each step frame and each view frame is
    made once for each viewer (seat 0, the spectators, seat 1), and the watchers of one
    viewer get that one frame."""
    async def scenario() -> None:
        table = _table(log)
        viewers = (0, None, 0, 1, None)
        watchers = [table.watch(viewer) for viewer in viewers]
        for watcher in watchers:
            _drain_all(watcher)
        made: list[tuple[str, int | None]] = []
        frame, view_frame = table.frame, table.view_frame

        def counted_frame(seq: int, viewer: int | None) -> StepFrame:
            made.append(("step", viewer))
            return frame(seq, viewer)

        def counted_view_frame(viewer: int | None) -> ViewFrame:
            made.append(("view", viewer))
            return view_frame(viewer)

        table.frame = counted_frame  # type: ignore[method-assign]
        table.view_frame = counted_view_frame  # type: ignore[method-assign]
        assert table.accept(*_first_legal(table)).ok
        await asyncio.sleep(0)
        assert made == [("step", 0), ("step", None), ("step", 1),
                        ("view", 0), ("view", None), ("view", 1)]
        got = [_drain_all(watcher) for watcher in watchers]
        for kind in (0, 1):  # the step frame, then the view frame
            assert got[0][kind] is got[2][kind] and got[1][kind] is got[4][kind]
            assert got[0][kind] is not got[1][kind] and got[3][kind] is not got[0][kind]
        assert got[3][1]["view"] == dict(table.state.view(1))
        assert got[1][1]["moves"] == [] and got[0][1]["view"] == dict(table.state.view(0))

    asyncio.run(scenario())


def test_steps_taken_in_one_turn_of_the_loop_share_one_view_of_the_table_after_them(
        log: Log) -> None:
    async def scenario() -> None:
        table = _table(log)
        watcher = table.watch(2)
        _drain(watcher)
        for _ in range(3):
            assert table.accept(*_first_legal(table)).ok
        await asyncio.sleep(0)
        frames = _drain_all(watcher)
        assert [(f["type"], f["seq"]) for f in frames] == [
            ("step", 1), ("step", 2), ("step", 3), ("view", 3)]
        assert frames[-1]["view"] == dict(table.state.view(2))
        assert [m["notation"] for m in frames[-1]["moves"]] == [
            str(a) for a in table.state.legal_actions(2)]

    asyncio.run(scenario())


def test_no_move_before_every_seat_is_taken_and_the_game_starts_when_it_is(
        db_url: str, log: Log) -> None:
    seats = [SeatRow(0, "person", name="Ada"), SeatRow(1, "bot", bot="random"),
             SeatRow(2), SeatRow(3)]
    options = get_game("bohnanza").options(4).to_json()
    table = Table.create(log, "t1", "bohnanza", options, 7, seats)
    calls: list[int] = []
    table.listeners.append(lambda t, seq: calls.append(seq))
    watcher = table.watch(0)
    assert not table.started and _drain(watcher, "view")[0]["moves"] == []
    seat, text = _first_legal(table)
    reply = table.accept(seat, text)
    assert reply.error == "the table waits for players: seat(s) 2, 3 free"
    table.sit(SeatRow(2, "person", name="Bea"))
    table.sit(SeatRow(3, "bot", bot="heuristic"))
    assert table.started and calls == [0, 0]
    frames = _drain_all(watcher)
    assert frames[-1]["type"] == "view" and frames[-1]["started"]
    assert text in [m["notation"] for m in frames[-1]["moves"]]
    assert [s["name"] for s in frames[-2]["seats"]] == ["Ada", None, "Bea", None]
    assert table.accept(seat, text).ok and calls == [0, 0, 1]
    rebuilt = rebuild_all(open_log(db_url))["t1"]
    assert rebuilt.seats == table.seats and rebuilt.seq == 1


def test_chat_lines_reach_every_watcher_and_one_who_comes_back(log: Log) -> None:
    table = _table(log)
    watcher = table.watch(None)
    table.say(0, "Ada", "good luck")
    play_at_random(table, 3, random.Random(1))
    table.say(None, "spectator", "nice")
    assert [(f["n"], f["text"], f["seq"]) for f in _drain(watcher, "chat")] == [
        (1, "good luck", 0), (2, "nice", 3)]
    again = table.watch(2, after=3, chat_after=1)
    assert [f["text"] for f in _drain(again, "chat")] == ["nice"]


def test_a_replica_following_the_log_tells_its_watchers_the_same(db_url: str,
                                                                 log: Log) -> None:
    # another server process keeps a replica of the table, from its own connection
    table = _table(log)
    other = open_log(db_url)
    row = other.table("t1")
    assert row is not None
    replica = Table.rebuild(other, row)
    pairs = {viewer: (table.watch(viewer), replica.watch(viewer)) for viewer in (0, 3, None)}
    play_at_random(table, 30, random.Random(6))
    for logged in other.actions("t1", after=replica.seq):
        replica.follow(logged)
    assert replica.seq == 30 and replica.state.to_json() == table.state.to_json()
    for kept, followed in pairs.values():
        frames = _drain_all(kept)
        assert sum(f["type"] == "step" for f in frames) == 30
        assert _drain_all(followed) == frames
    with pytest.raises(ValueError, match="skips from step 30 to 32"):
        replica.follow(dataclasses.replace(other.actions("t1")[0], seq=32))
    other.close()


def test_actions_queued_when_the_table_stops_are_refused_saying_so(log: Log) -> None:
    async def scenario() -> None:
        table = _table(log)
        seat, text = _first_legal(table)
        pending = asyncio.ensure_future(table.submit(seat, text))  # no writer runs
        await asyncio.sleep(0)
        await table.stop()
        reply = await asyncio.wait_for(pending, 5)
        assert reply.error is not None and "send it again" in reply.error
        assert table.seq == 0

    asyncio.run(scenario())


def test_after_a_fault_of_the_log_the_table_catches_up_with_it(log: Log) -> None:
    async def scenario() -> None:
        table = _table(log)
        append = log.append

        def committed_then_lost(table_id: str, seq: int, seat: int, action: str,
                                at: float = 0.0, forced: str | None = None,
                                by_bot: bool = False) -> None:
            append(table_id, seq, seat, action, at, forced, by_bot)  # on disk, lost
            raise OSError("the connection dropped")

        log.append = committed_then_lost  # type: ignore[method-assign]
        table.start()
        seat, text = _first_legal(table)
        with pytest.raises(OSError):
            await table.submit(seat, text)
        assert table.seq == 1 and [a.action for a in log.actions("t1")] == [text]
        await table.stop()

    asyncio.run(scenario())
