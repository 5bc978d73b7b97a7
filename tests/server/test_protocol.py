"""The typed protocol of the online table (issue 35, "One page shape, one source of
legality"): the frames the server sends are its ``TypedDict``s and fit their checked-in
JSON Schema, in whole games of every game over the real server; the view frame carries
each legal move as the engine's JSON with its words and notation, and the terms of a
seat's proposals, as the engine gives them; a move sent back as its JSON is taken; a
malformed client frame is refused naming its field; the lobby's requests go through
their JSON and back, and what is not one is refused saying why."""

from __future__ import annotations

import dataclasses
import fnmatch
import json
import random
import tomllib
import typing
from collections.abc import Iterator
from contextlib import ExitStack
from functools import cache
from pathlib import Path
from typing import Any, NotRequired

import jsonschema
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import bohnen
from bohnen.core import get_game
from bohnen.core.moves import legal_moves
from bohnen.core.protocol import AnyState, flag
from bohnen.server.client_frames import (
    MAX_ACTION_CHARS,
    ActionFrame,
    ChatFrame,
    Hello,
    LeaveFrame,
    StandinFrame,
    UndoFrame,
    read_frame,
)
from bohnen.server.frames import FRAMES
from bohnen.server.requests import (
    KINDS,
    Act,
    AnyRequest,
    Chat,
    Join,
    Leave,
    Manage,
    Rehost,
    Sender,
    Standin,
    Undo,
    Vote,
    read_request,
    request_json,
)

from .web import call, join, next_frame, people, serving

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "bohnen" / "server" / "frames.schema.json"
MOST_STEPS = 2_000  # a random game ends well before this (each frame is checked)
Frame = dict[str, Any]


# --- the schema -----------------------------------------------------------------------


@cache
def _script() -> Any:
    """scripts/regen_schemas.py as a module (scripts/ is not a package)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("regen_schemas",
                                                  ROOT / "scripts" / "regen_schemas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_checked_in_schema_of_the_frames_is_the_one_the_types_give() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == _script().frames_schema_text(), (
        f"{SCHEMA} differs from what bohnen.server.frames gives: run "
        "python scripts/regen_schemas.py and review the diff")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert {ref["$ref"] for ref in schema["anyOf"]} == {
        f"#/$defs/{tp.__name__}" for tp in FRAMES.values()}


def test_the_schema_of_the_frames_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bohnen.server"]
    relative = SCHEMA.relative_to(ROOT / "bohnen" / "server").as_posix()
    assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns)
    # and the package imported (installed, or this tree) holds it
    installed = Path(bohnen.__file__).resolve().parent / "server" / relative
    assert installed.read_text(encoding="utf-8") == SCHEMA.read_text(encoding="utf-8")


@cache
def _validators() -> dict[str, jsonschema.Draft202012Validator]:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return {kind: jsonschema.Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{kind}"})
        for kind in FRAMES}


def _keys(tp: type) -> tuple[set[str], set[str]]:
    """A TypedDict's required keys and all its keys."""
    hints = typing.get_type_hints(tp, include_extras=True)
    required = {k for k, h in hints.items() if typing.get_origin(h) is not NotRequired}
    return required, set(hints)


def check_frame(frame: Frame, where: str) -> None:
    """``frame`` is of a frame type, has its TypedDict's keys, and fits its schema."""
    kind = frame.get("type")
    assert kind in FRAMES, f"{where}: a frame of no type: {frame}"
    required, known = _keys(FRAMES[kind])
    assert required <= set(frame) <= known, (
        f"{where}: a {kind} frame with keys {sorted(frame)}, its type has {sorted(known)}")
    error = jsonschema.exceptions.best_match(_validators()[kind].iter_errors(frame))
    if error is not None:
        path = "".join(f"[{p!r}]" for p in error.absolute_path) or "the frame"
        raise AssertionError(f"{where}: a {kind} frame: {path}: {error.message}")


def test_a_frame_that_differs_from_its_type_is_caught() -> None:
    """The check above fails for a frame with a field too many, too few, or mistyped."""
    good: Frame = {"type": "ack", "seq": 3}
    check_frame(good, "good")
    for bad in ({"type": "ack"}, {"type": "ack", "seq": 3, "more": 1},
                {"type": "ack", "seq": "3"}, {"type": "nothing"}):
        with pytest.raises(AssertionError):
            check_frame(bad, "bad")


# --- whole games over the real server -------------------------------------------------


class Client:
    """A client at the table, every frame it got kept (and checked as it came)."""

    def __init__(self, ws: ClientConnection, hello: Frame, viewer: int | None) -> None:
        self.ws = ws
        self.viewer = viewer
        self.frames: list[Frame] = []
        self.cursor: dict[str, int] = {}  # per type: the frames of it looked at
        self.last_view: Frame = {}
        self.keep(hello)

    def keep(self, frame: Frame) -> None:
        check_frame(frame, f"viewer {self.viewer}")
        self.frames.append(frame)

    def until(self, kind: str, test: Any = None) -> Frame:
        """The next frame of type ``kind`` (that passes ``test``) after the last one
        returned, from those kept or read now (every frame read is kept)."""
        index = self.cursor.get(kind, 0)
        while True:
            while index >= len(self.frames):
                self.keep(json.loads(self.ws.recv(timeout=10)))
            frame = self.frames[index]
            index += 1
            if frame["type"] == kind and (test is None or test(frame)):
                self.cursor[kind] = index
                return frame

    def view(self, seq: int) -> Frame:
        self.last_view = self.until("view", lambda f: f["seq"] == seq)
        return self.last_view


PEOPLE = ("p0", "p1", "p2")  # the names people() seats


def _moves_expected(state: AnyState, viewer: int | None) -> tuple[list[Any], Any]:
    """The moves of ``viewer`` (the seats by their names) and its terms."""
    game = get_game(state.view(None)["game"])
    if viewer is None or state.is_over:
        return [], None
    actions = state.legal_actions(viewer)
    return (legal_moves(game, state.view(viewer), actions, PEOPLE),
            state.proposal_terms(viewer))


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
def test_every_frame_of_whole_games_is_of_its_type(db_url: str, game: str) -> None:
    """Whole games of each game with three seats and a spectator: every frame fits its
    type (hello, step, undone, view, chat, seats, ack, error and closed all come; a
    move taken back once), each view
    frame's moves are the engine's (JSON, words, notation; ``legal`` the same
    notation), its terms the engine's, and moves sent as their JSON are taken."""
    rules = get_game(game)
    viewers: list[int | None] = [0, 1, 2, None]
    with serving(db_url, rate=1e9, burst=10**9) as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, game, 3, seed=5, spectator_chat=True)
        table_id = made["table"]
        clients = {v: Client(*join(stack, base, table_id, key)[:2], v)
                   for v, key in zip(viewers, [*tokens, made["spectator"]], strict=True)}
        for client in clients.values():
            client.view(0)
        shadow = rules.new_game(rules.options_from_json(made_options(base, table_id)), 5)
        clients[None].ws.send(json.dumps({"chat": "good luck"}))
        clients[0].ws.send(json.dumps({"action": 5}))
        assert "action:" in clients[0].until("error")["error"]
        rng = random.Random(11)
        seq = 0
        played: list[Any] = []
        undone = False
        while not shadow.is_over and seq < MOST_STEPS:
            for v in viewers:
                frame = clients[v].last_view
                expected, terms = _moves_expected(shadow, v)
                assert frame["moves"] == expected and frame["terms"] == terms, (v, seq)
                assert "legal" not in frame  # the moves alone: no notation list beside
            seat = shadow.to_act()[0]
            actions = shadow.legal_actions(seat)
            closing = [i for i, a in enumerate(actions) if flag(a, "ends_trading")]
            index = (closing[0] if closing and rng.random() < 0.5
                     else rng.randrange(len(actions)))
            move = clients[seat].last_view["moves"][index]
            sent = move["action"] if seq % 2 else move["notation"]
            clients[seat].ws.send(json.dumps({"action": sent}))
            shadow.apply(actions[index])
            played.append(actions[index])
            seq += 1
            assert clients[seat].until("ack")["seq"] == seq
            for v in viewers:
                clients[v].view(seq)
            if not undone and clients[seat].last_view["undo"] == seq:  # once, an undo
                undone = True
                clients[seat].ws.send(json.dumps({"undo": seq}))
                seq += 1
                assert clients[seat].until("ack")["seq"] == seq
                for v in viewers:
                    assert clients[v].until("undone")["step"] == seq - 1
                    clients[v].view(seq)
                played.pop()
                shadow = rules.new_game(shadow.options, 5)
                for action in played:
                    shadow.apply(action)
        assert shadow.is_over and lobby.tables[table_id].state.is_over
        for v in viewers:  # the last view: no move, the result
            last = clients[v].last_view
            assert last["moves"] == [] and last["terms"] is None and last["result"]
        status, answer = call(base, "POST", f"/api/tables/{table_id}/seats/2",
                              {"bot": "random"},
                              {"Authorization": f"Bearer {made['host']}"})
        assert status == 200, answer
        assert "given to someone else" in clients[2].until("closed")["reason"]
        clients[None].until("seats", lambda f: f["seats"][2]["kind"] == "bot")
    kinds = {frame["type"] for client in clients.values() for frame in client.frames}
    assert kinds == set(FRAMES)


def made_options(base: str, table_id: str) -> object:
    status, answer = call(base, "GET", f"/api/tables/{table_id}")
    assert status == 200, answer
    return answer["options"]


# --- what a client sends --------------------------------------------------------------


@pytest.fixture
def seated(tmp_path: Path) -> Iterator[tuple[ClientConnection, AnyState, str, str]]:
    """Seat 0 of a practice table of Nicht die Bohne! (its first move its own), with
    the table's state, its address and id."""
    with serving(tmp_path / "t.sqlite") as (base, lobby), ExitStack() as stack:
        made, tokens = people(base, "ndb", 3, seed=1)
        table = lobby.tables[made["table"]]
        seat = table.state.to_act()[0]
        ws, _hello = join(stack, base, made["table"], tokens[seat])
        next_frame(ws, "view")
        yield ws, table.state, base, made["table"]


@pytest.mark.parametrize(("frame", "said"), [
    ({"action": 5}, "action: an action's notation (text of at most 2,000 characters) or "
                    "its JSON (an object)"),
    ({"action": "x" * (MAX_ACTION_CHARS + 1)}, "action: an action's notation"),
    ({"action": {"type": "fly", "seat": 0}}, "action: unknown action type 'fly'"),
    ({"action": {"type": "take", "seat": 0}}, "action: take: expected the fields"),
    ({"action": "0: play R7", "chat": "hi"}, "chat: a frame has no such field"),
    ({"chat": 3}, "chat: Input should be a valid string"),
    ({"chat": "   "}, "a chat line is some text"),
    ({"chat": "x" * 501}, "a chat line is at most 500 characters, not 501"),
    ({"standin": 3}, "standin: Input should be a valid string"),
    ({"standin": "x" * 201}, "standin: String should have at most 200 characters"),
    ({"leave": False}, "leave: Input should be True"),
    ({"leave": "yes"}, "leave: Input should be True"),
    ({"token": "again"}, "the hello is the first frame only"),
    ({"undo": 0}, "undo: Input should be greater than or equal to 1"),
    ({"undo": "3"}, "undo: Input should be a valid integer"),
    ({"undo": 3, "action": "0: pass"}, "undo: a frame has no such field"),
    ({"move": "0: play R7"}, 'a frame is {"action": ...}, {"undo": ...}, {"chat": ...}, '
                             '{"standin": ...}, {"vote_standin": ...} or {"leave": true}, '
                             "not one with 'move'"),
    ({"vote_standin": -1}, "vote_standin: Input should be greater than or equal to 0"),
    ({"vote_standin": True}, "vote_standin: Input should be a valid integer"),
    ([1, 2], "a frame is a JSON object"),
])
def test_a_malformed_frame_is_refused_naming_its_field(
        seated: tuple[ClientConnection, AnyState, str, str], frame: object, said: str) -> None:
    ws, state, _base, _table = seated
    before = state.to_json()
    ws.send(json.dumps(frame))
    error = next_frame(ws, "error")["error"]
    assert error.startswith(said), error
    assert state.to_json() == before
    ws.send(json.dumps({"chat": "still here"}))  # the connection kept
    assert next_frame(ws, "chat")["text"] == "still here"


@pytest.mark.parametrize(("hello", "said"), [
    ({"token": "x", "after": -1}, "after: Input should be greater than or equal to 0"),
    ({"token": "x", "after": "3"}, "after: Input should be a valid integer"),
    ({"token": "x", "chat_after": True}, "chat_after: Input should be a valid integer"),
    ({"token": 7}, "token: Input should be a valid string"),
    ({"token": "x", "seat": 1}, "seat: a frame has no such field"),
    ({"chat": "hi"}, "the first frame is the hello"),
])
def test_a_malformed_hello_closes_the_connection_naming_its_field(
        seated: tuple[ClientConnection, AnyState, str, str], hello: object, said: str) -> None:
    _ws, _state, base, table_id = seated
    with connect(f"ws://{base}/ws/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps(hello))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert closed.value.rcvd.reason.startswith(said), closed.value.rcvd.reason


def test_a_move_sent_as_its_json_is_taken_and_checked_as_any_other(
        seated: tuple[ClientConnection, AnyState, str, str]) -> None:
    ws, state, _base, _table = seated
    seat = state.to_act()[0]
    other = state.legal_actions(seat)[0].to_json()
    ws.send(json.dumps({"action": {**other, "seat": (seat + 1) % 3}}))
    assert f"you are seat {seat}" in next_frame(ws, "error")["error"]
    ws.send(json.dumps({"action": other}))
    assert next_frame(ws, "ack")["seq"] == 1


def test_the_client_frames_are_one_union_read_by_their_key() -> None:
    assert read_frame({"token": "t"}) == Hello(token="t", after=0, chat_after=0)
    assert read_frame({"action": {"type": "pass", "seat": 0}}) == ActionFrame(
        action={"type": "pass", "seat": 0})
    assert read_frame({"action": "0: pass"}) == ActionFrame(action="0: pass")
    assert read_frame({"chat": "hi"}) == ChatFrame(chat="hi")
    assert read_frame({"standin": None}) == StandinFrame(standin=None)
    assert read_frame({"leave": True}) == LeaveFrame(leave=True)
    assert read_frame({"undo": 4}) == UndoFrame(undo=4)


# --- the lobby's requests -------------------------------------------------------------

SENDER = Sender(1, 3, "nonce")
REQUESTS: list[AnyRequest] = [
    Join("Ada"), Join("Ada", 2, "invite-token"), Manage("host", 1, revoke=True),
    Manage("host", 2, bot="heuristic"), Rehost("host"), Chat(SENDER, "hi"),
    Chat(Sender(None, 0, ""), "from a spectator"), Act(SENDER, "1: pass"), Undo(SENDER, 4),
    Standin(SENDER, "random"), Standin(SENDER, None), Leave(SENDER), Vote(SENDER, 2)]


def test_every_kind_of_request_is_here() -> None:
    assert {type(r) for r in REQUESTS} == set(KINDS.values())


@pytest.mark.parametrize("request_", REQUESTS, ids=lambda r: type(r).__name__)
def test_a_request_goes_through_its_json_and_back(request_: AnyRequest) -> None:
    data = json.loads(json.dumps(request_json(request_)))
    assert data["op"] == request_.op
    assert read_request(data) == request_
    assert dataclasses.is_dataclass(request_) and dataclasses.fields(request_)


@pytest.mark.parametrize(("data", "said"), [
    ([], "a request is a JSON object, not []"),
    ({"name": "Ada"}, "no such request: None (requests are join, manage, rehost, chat, "
                      "action, undo, standin, leave, vote)"),
    ({"op": "nuke"}, "no such request: 'nuke'"),
    ({"op": "join"}, "join: name is missing"),
    ({"op": "join", "name": 3}, "join: name is str, not 3"),
    ({"op": "join", "name": "Ada", "seat": True}, "join: seat is int or null, not True"),
    ({"op": "join", "name": "Ada", "evil": 1}, "join: no field 'evil'"),
    ({"op": "manage", "host": "h", "seat": "1"}, "manage: seat is int, not '1'"),
    ({"op": "chat", "text": "hi"}, "chat: sender is missing"),
    ({"op": "chat", "text": "hi", "sender": 1}, "chat: sender is an object, not 1"),
    ({"op": "action", "action": "0: pass", "sender": {"seat": 0, "generation": 1}},
     "action: sender: nonce is missing"),
    ({"op": "leave", "sender": {"seat": "0", "generation": 1, "nonce": ""}},
     "leave: sender: seat is int or null, not '0'"),
])
def test_what_is_not_a_request_is_refused_saying_why(data: object, said: str) -> None:
    with pytest.raises(ValueError) as refused:
        read_request(data)
    assert str(refused.value).startswith(said), str(refused.value)


def test_an_answer_is_read_back_as_its_requests_answer_or_refused() -> None:
    assert Join("Ada").answer({"seat": 1, "token": "t"}) == {"seat": 1, "token": "t"}
    assert Manage("h", 1, bot="random").answer({"seat": 1}) == {"seat": 1}
    assert Act(SENDER, "1: pass").answer({"seq": 4}) == {"seq": 4}
    assert Leave(SENDER).answer({}) == {}
    bad_answers: list[tuple[AnyRequest, object]] = [
        (Join("Ada"), {"seat": "1"}), (Join("Ada"), {}),
        (Act(SENDER, "x"), {"seq": 1, "more": 2}), (Leave(SENDER), [])]
    for request_, bad in bad_answers:
        with pytest.raises(ValueError):
            request_.answer(bad)
