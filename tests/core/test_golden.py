"""The golden records and playthroughs: checked-in games that must replay, and regenerate
byte for byte (a playthrough shows every viewer's view at every step, so a change of
what a seat sees fails here too)."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from bohnen.core import GameRecord, replay

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
SCRIPT = ROOT / "scripts" / "regen_golden.py"


@pytest.fixture(autouse=True)
def _test_games(with_test_games: tuple[str, ...]) -> None:
    """The games only tests register (Tiny Beans) have golden files too."""


@cache
def _script() -> ModuleType:
    """scripts/regen_golden.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("regen_golden", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _files() -> list[Path]:
    return sorted(GOLDEN.glob("*.json"))


def test_golden_records_are_checked_in() -> None:
    names = {path.name for path in _files()}
    assert names == {f"{spec.stem}.json" for _, spec in _script().specs()}
    assert len(names) >= 3


def test_every_golden_game_has_its_playthrough_and_no_other() -> None:
    folder = GOLDEN / _script().PLAYTHROUGHS
    names = {path.name for path in folder.iterdir()}
    assert names == {f"{spec.stem}.txt" for _, spec in _script().specs()}


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_golden_record_replays_to_its_result(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.result is not None, "a golden record keeps its expected result"
    state = replay(record)  # raises RecordError if the result differs
    assert state.is_over
    assert state.result() == record.result


def test_regenerating_gives_the_same_bytes(tmp_path: Path) -> None:
    """Any change of behaviour or of a view shows here; run scripts/regen_golden.py to
    see the diff."""
    written = _script().write_golden(tmp_path)
    assert {path.suffix for path in written} == {".json", ".txt"}
    for path in written:
        name = path.relative_to(tmp_path)
        checked_in = GOLDEN / name
        assert checked_in.is_file(), f"{name} is not checked in"
        assert path.read_bytes() == checked_in.read_bytes(), (
            f"{name} differs from the checked-in file: the engine, the bots or the runner "
            "changed behaviour, or a view or an event's text changed "
            "(python scripts/regen_golden.py shows the diff)"
        )
