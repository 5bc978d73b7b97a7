"""The text of the frames the server sends (``bohnen.server.session.encode``): the
compact JSON of the frame, the same text the standard library's ``json.dumps`` makes
with ``separators=(",", ":")`` and ``ensure_ascii=False``, for every frame a table sends
in a game of each game (docs/online.md, "The protocol")."""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

from bohnen.core import get_game
from bohnen.server.frames import ServerFrame
from bohnen.server.logbase import Log
from bohnen.server.session import encode
from bohnen.server.table import Table, chat_frame

from .seated import play_at_random

MOVES = 400  # steps of each game (a whole game of Nicht die Bohne!, most of the others)


def _standard(frame: Any) -> str:
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("game", ["bohnanza", "hansa", "ndb"])
def test_every_frame_of_a_game_is_sent_as_its_compact_json(log: Log, game: str) -> None:
    options = get_game(game).options(4).to_json()
    table = Table.create(log, "t1", game, options, seed=11)
    watchers = [table.watch(viewer) for viewer in (0, 1, 2, 3, None)]
    table.say(1, "Bea", "Grüße — à toi, Ünal ✓")
    play_at_random(table, MOVES, random.Random(5))
    frames = [w.frames.get_nowait() for w in watchers for _ in range(w.frames.qsize())]
    assert {f["type"] for f in frames} == {"seats", "view", "step", "chat"}
    for frame in frames:
        text = encode(frame)
        assert text == _standard(frame)
        assert json.loads(text) == json.loads(_standard(frame))


def test_non_ascii_text_is_sent_as_it_is_and_keys_that_are_numbers_as_strings() -> None:
    frame = cast(ServerFrame, {"type": "chat", "text": "Bohnenkönig «tête»", "by": {3: "x"}})
    assert encode(frame) == '{"type":"chat","text":"Bohnenkönig «tête»","by":{"3":"x"}}'


def test_a_chat_frame_is_sent_as_its_compact_json(log: Log) -> None:
    options = get_game("ndb").options(3).to_json()
    table = Table.create(log, "t2", "ndb", options, seed=1)
    line = table.say(None, "spectator", 'quote " and backslash \\')
    assert encode(chat_frame(line)) == _standard(chat_frame(line))
