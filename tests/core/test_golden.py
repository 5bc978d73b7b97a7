"""The golden records: checked-in games that must replay, and regenerate byte for byte."""

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


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.stem)
def test_golden_record_replays_to_its_result(path: Path) -> None:
    record = GameRecord.load(path)
    assert record.result is not None, "a golden record keeps its expected result"
    state = replay(record)  # raises RecordError if the result differs
    assert state.is_over
    assert state.result() == record.result


def test_regenerating_gives_the_same_bytes(tmp_path: Path) -> None:
    """Any change of behaviour shows here; run scripts/regen_golden.py to see the diff."""
    written = _script().write_golden(tmp_path)
    assert written
    for path in written:
        checked_in = GOLDEN / path.name
        assert path.read_bytes() == checked_in.read_bytes(), (
            f"{path.name} differs from the checked-in record: the engine, the bots or the "
            "runner changed behaviour (python scripts/regen_golden.py shows the diff)"
        )
