"""No leaks, at the frame level (issue 24): every frame sent to every seat and to a
spectator during whole games of each game is recorded, also frames sent again to a
client that comes back. A seat learns nothing from another seat's event that a
spectator does not learn, and the spectator never gets a private field (the cards
drawn, dealt or played face down, the positions in a hand, a contract drawn). The
``view`` frame after each step is exactly the engine's view for its receiver (whose
own leaks the engines' view tests check), with the receiver's own moves only."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bohnen.core import get_game
from bohnen.server.log import TableLog
from bohnen.server.table import Table

# The fields each game shows only to the seat an event belongs to.
PRIVATE: dict[str, dict[str, set[str]]] = {
    "bohnanza": {"drew": {"beans"}, "proposed": {"hand"}},
    "ndb": {"dealt": {"cards"}, "played_face_down": {"card"}},
    "hansa": {"drew": {"contract"}, "bought_contract": {"contract"}},
}


def _drain(frames: Any) -> list[dict[str, Any]]:
    out = []
    while not frames.empty():
        out.append(frames.get_nowait())
    return out


def _split(frames: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The step frames and the view frames, each in order."""
    return ([f for f in frames if f["type"] == "step"],
            [f for f in frames if f["type"] == "view"])


@pytest.mark.parametrize("game", ["bohnanza", "ndb", "hansa"])
def test_no_frame_tells_a_seat_what_it_may_not_know(tmp_path: Path, game: str) -> None:
    players = 4
    options = get_game(game).options(players).to_json()
    table = Table.create(TableLog(tmp_path / "t.sqlite"), "t1", game, options, 3)
    viewers: list[int | None] = [*range(players), None]
    watchers = {v: table.watch(v) for v in viewers}
    shadow = get_game(game).new_game(get_game(game).options_from_json(options), 3)
    expected: dict[int | None, list[dict[str, Any]]] = {v: [] for v in viewers}
    rng = random.Random(9)
    seen: dict[int | None, list[dict[str, Any]]] = {v: [] for v in viewers}
    private_shown = 0
    steps = 0
    while not table.state.is_over and steps < 1_500:
        seat = table.state.to_act()[0]
        legal = table.state.legal_actions(seat)
        closing = [a for a in legal if getattr(a, "ends_trading", False)]
        move = closing[0] if closing and rng.random() < 0.5 else legal[rng.randrange(len(legal))]
        assert table.accept(seat, str(move)).ok
        shadow.apply(move)
        for v in viewers:
            expected[v].append(dict(shadow.view(v)))
        steps += 1
        if steps == 200:  # seat 1 drops and comes back: the frames it missed, again
            table.unwatch(watchers[1])
            seen[1] += _drain(watchers[1].frames)
            watchers[1] = table.watch(1, after=150)
            again, view = _split(_drain(watchers[1].frames))
            assert again == _split(seen[1])[0][150:200]
            assert [f["view"] for f in view] == [expected[1][-1]]
    for v in viewers:
        frames = seen[v] + _drain(watchers[v].frames)
        seen[v], views = _split(frames)
        assert [f["seq"] for f in seen[v]] == list(range(1, steps + 1))
        assert [f["view"] for f in views][1:] == expected[v]  # the first: before step 1
        for frame in views:
            notations = [move["notation"] for move in frame["moves"]]
            assert all(move.startswith(f"{v}:") for move in notations), notations
            assert v is not None or notations == []
    for index in range(steps):
        public = seen[None][index]["events"]
        for event in public:
            assert event["text"]
            assert not PRIVATE[game].get(event["event"], set()) & set(event), event
        for v in range(players):
            for mine, theirs in zip(seen[v][index]["events"], public, strict=True):
                if mine.get("seat") != v:
                    assert mine == theirs, (v, mine, theirs)
                elif PRIVATE[game].get(mine["event"], set()) & set(mine):
                    private_shown += 1
    assert private_shown > 0  # the owners did get their private fields
