"""Playthroughs (bohnen.core.playthrough) and the changes they write (bohnen.core.jsondiff)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bohnen.core import GameRecord
from bohnen.core.jsondiff import changes
from bohnen.core.playthrough import playthrough

GOLDEN = Path(__file__).resolve().parents[2] / "tests" / "golden"


@pytest.mark.parametrize(("old", "new", "lines"), [
    ({"a": 1}, {"a": 1}, []),
    ({"a": 1, "b": [1, 2]}, {"a": 2, "b": [1, 2]}, ["a = 2"]),
    ({"p": [{"hand": ["BL"]}, {"hand": None}]}, {"p": [{"hand": ["BL", "RO"]}, {"hand": None}]},
     ["p[0].hand += [\"RO\"]"]),
    ({"pile": ["BL", "RO"]}, {"pile": ["BL"]}, ["pile = [\"BL\"]"]),
    ({"pile": []}, {"pile": ["BL"]}, ["pile = [\"BL\"]"]),
    ({"a": 1, "b": 2}, {"a": 1}, ["del b"]),
    ({"x": [{"v": 1}, {"v": 2}, {"v": 3}]}, {"x": [{"v": 1}]}, ["del x[2]", "del x[1]"]),
    ({"x": [{"v": 1}]}, {"x": [{"v": 1}, {"v": 2}]}, ["x[1].v = 2"]),
    ({"t": None}, {"t": {"floor": 2}}, ["t = {\"floor\":2}"]),
    ({"t": {"floor": 2}}, {"t": None}, ["t = null"]),
    ({"prices": {"BL": 4}}, {"prices": {"BL": 5, "a b": 1}},
     ["prices.BL = 5", "prices[\"a b\"] = 1"]),
    ({}, {"game": "x", "players": [{"seat": 0, "hand": []}], "legend": {}},
     ["game = \"x\"", "players[0].seat = 0", "players[0].hand = []", "legend = {}"]),
    ({"name": "Bohne"}, {"name": "Bohné"}, ["name = \"Bohné\""]),
])
def test_changes_are_one_line_per_changed_leaf(old: Any, new: Any, lines: list[str]) -> None:
    assert changes(old, new) == lines


def _record() -> tuple[str, GameRecord]:
    path = sorted(GOLDEN.glob("*.json"))[0]
    return path.stem, GameRecord.load(path)


def test_a_long_game_is_written_in_part_head_and_tail() -> None:
    name, record = _record()
    total = len(record.actions)
    text = playthrough(record, name, "random", head=3, tail=2)
    steps = re.findall(r"^step (\d+) \|", text, re.MULTILINE)
    assert steps == ["0", "1", "2", str(total - 2), str(total - 1), str(total)]
    assert len(re.findall(r"^apply ", text, re.MULTILINE)) == 5
    assert f"actions: {total} (steps 0 to 2 and {total - 2} to {total} shown)" in text
    assert f"... steps 3 to {total - 3} are not shown" in text
    assert re.search(rf"^step {total} \| turn \d+ \| over \| result \{{", text, re.MULTILINE)
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_a_short_game_is_written_whole_every_viewer_labelled() -> None:
    name, record = _record()
    total = len(record.actions)
    text = playthrough(record, name, "random", head=total, tail=0)
    assert f"actions: {total} (all shown)" in text and "not shown" not in text
    assert len(re.findall(r"^apply ", text, re.MULTILINE)) == total
    players = record.options["players"]
    labels = {*map(str, range(players)), "s"}
    for line in text.splitlines():
        if line.startswith(("  view ", "  event ")):
            who = line.split(" ", 4)[3]
            assert who == "*" or who in labels, line
    # Step 0 writes every view whole: each viewer's own seat number is set there.
    first = text.split("\napply ", 1)[0]
    for seat in range(players):
        assert re.search(rf"^  view (\S+ )*{seat}( \S+)* seat = {seat}$", first, re.MULTILINE)


def test_the_same_record_gives_the_same_text() -> None:
    name, record = _record()
    assert playthrough(record, name) == playthrough(record, name)
