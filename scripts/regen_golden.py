"""Regenerate the golden game records in tests/golden/.

A few full games between random bots, with fixed seeds, are written as game records
with their results. ``tests/core/test_golden.py`` replays the checked-in files and
regenerates them with :func:`golden_records`: a change in the engine, the bots or the
runner that alters any game shows as a failing test and, after running this script,
as a diff of the records. Run: ``python scripts/regen_golden.py [DIR]``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bohnen.bots import make_bot
from bohnen.core import GameRecord, get_game
from bohnen.sim.runner import play_game

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"


@dataclass(frozen=True, slots=True)
class Golden:
    """One golden game: file stem, game, players, bot spec per seat, seed, options."""

    stem: str
    players: int
    bot: str
    seed: int
    game: str = "bohnanza"
    overrides: dict[str, Any] = field(default_factory=dict)


GAMES: tuple[Golden, ...] = (
    Golden("bohnanza-3p-random", 3, "random", 3003),
    Golden("bohnanza-4p-no-trades", 4, "random:trades=false", 4004),
    Golden("bohnanza-5p-random-expert", 5, "random", 5005,
           overrides={"expert_taler_trading": True, "beginner": True, "proposal_size": 2}),
    Golden("bohnanza-4p-open", 4, "random", 4040,
           overrides={"trading": "open", "max_proposals_per_turn": 4}),
    Golden("ndb-3p-random", 3, "random", 3033, game="ndb"),
    Golden("ndb-6p-random", 6, "random", 6066, game="ndb"),
)


def golden_record(spec: Golden) -> GameRecord:
    """Play ``spec``'s game and return its record (with the result)."""
    game = get_game(spec.game)
    options = game.options(spec.players, **spec.overrides)
    bots = [make_bot(spec.bot) for _ in range(spec.players)]
    played = play_game(game, options, spec.seed, bots, record=True)
    if played.record is None:
        raise RuntimeError(f"{spec.stem}: the runner kept no record")
    return played.record


def golden_records() -> dict[str, GameRecord]:
    """Every golden record by file name."""
    return {f"{spec.stem}.json": golden_record(spec) for spec in GAMES}


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
