"""Regenerate the golden game records in tests/golden/.

A few full games between random bots, with fixed seeds, are written as game records
with their results. ``tests/core/test_golden.py`` replays the checked-in files and
regenerates them with :func:`golden_records`: a change in the engine, the bots or the
runner that alters any game shows as a failing test and, after running this script,
as a diff of the records. Run: ``python scripts/regen_golden.py [DIR]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from bohnen.bots import make_bot
from bohnen.core import GameRecord, game_names, get_game
from bohnen.core.golden import Golden
from bohnen.sim.runner import play_game

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


def specs() -> list[tuple[str, Golden]]:
    """Every golden game of every registered game (``Game.golden``), with its game."""
    return [(name, spec) for name in game_names() for spec in get_game(name).golden]


def golden_record(name: str, spec: Golden) -> GameRecord:
    """Play ``spec``, a golden game of the game ``name``; its record (with the result)."""
    game = get_game(name)
    options = game.options(spec.players, **spec.overrides)
    bots = [make_bot(spec.bot, game) for _ in range(spec.players)]
    played = play_game(game, options, spec.seed, bots, record=True)
    if played.record is None:
        raise RuntimeError(f"{spec.stem}: the runner kept no record")
    return played.record


def golden_records() -> dict[str, GameRecord]:
    """Every golden record by file name."""
    return {f"{spec.stem}.json": golden_record(name, spec) for name, spec in specs()}


def write_golden(directory: Path) -> list[Path]:
    """Write every golden record into ``directory``; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, record in golden_records().items():
        path = directory / name
        record.save(path)
        paths.append(path)
    return paths


def main(argv: list[str]) -> int:
    directory = Path(argv[1]) if len(argv) > 1 else GOLDEN_DIR
    for path in write_golden(directory):
        record = GameRecord.load(path)
        result = record.result.to_json() if record.result else None
        print(f"{path}: {len(record.actions)} actions, result {result}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
