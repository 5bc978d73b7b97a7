"""Regenerate the golden game records and playthroughs in tests/golden/.

A few full games between random bots, with fixed seeds (each game names its own in
``Game.golden``), are written as game records with their results, and each as a
playthrough (``playthroughs/<stem>.txt``: every viewer's view and events at each
step, see :mod:`bohnen.core.playthrough`). ``tests/core/test_golden.py`` replays the
checked-in records and regenerates both with :func:`write_golden`: a change in the
engine, the bots or the runner that alters any game, or a change of what a viewer
sees, shows as a failing test and, after running this script, as a diff.
The games only tests register (Tiny Beans, ``tests/extra_games.py``) are included:
their golden files are written beside the others. Run:
``python scripts/regen_golden.py [DIR]``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from bohnen.bots import make_bot
from bohnen.core import GameRecord, game_names, get_game
from bohnen.core.files import write_atomic
from bohnen.core.golden import Golden
from bohnen.core.playthrough import playthrough
from bohnen.sim.runner import play_game

TESTS = Path(__file__).resolve().parent.parent / "tests"
GOLDEN_DIR = TESTS / "golden"
PLAYTHROUGHS = "playthroughs"  # the folder of the playthroughs, in the golden folder


def specs(names: Sequence[str] | None = None) -> list[tuple[str, Golden]]:
    """Every golden game of the games ``names`` (every registered game by default),
    with its game."""
    chosen = game_names() if names is None else names
    return [(name, spec) for name in chosen for spec in get_game(name).golden]


def golden_record(name: str, spec: Golden) -> GameRecord:
    """Play ``spec``, a golden game of the game ``name``; its record (with the result)."""
    game = get_game(name)
    options = game.options(spec.players, **spec.overrides)
    bots = [make_bot(spec.bot, game) for _ in range(spec.players)]
    played = play_game(game, options, spec.seed, bots, record=True)
    if played.record is None:
        raise RuntimeError(f"{spec.stem}: the runner kept no record")
    return played.record


def golden_records(names: Sequence[str] | None = None) -> dict[str, GameRecord]:
    """Every golden record (of the games ``names``, or of all) by file name."""
    return {f"{spec.stem}.json": golden_record(name, spec) for name, spec in specs(names)}


def write_golden(directory: Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write the golden records of the games ``names`` (every registered game by
    default) into ``directory`` and their playthroughs into its ``playthroughs``
    folder; the paths written."""
    folder = directory / PLAYTHROUGHS
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, spec in specs(names):
        record = golden_record(name, spec)
        path = directory / f"{spec.stem}.json"
        record.save(path)
        text = playthrough(record, spec.stem, spec.bot)
        write_atomic(folder / f"{spec.stem}.txt", text)
        paths += [path, folder / f"{spec.stem}.txt"]
    return paths


@contextmanager
def with_test_games() -> Iterator[tuple[str, ...]]:
    """The games only tests register, registered for a ``with`` block (``tests/`` put on
    ``sys.path`` first, as pytest does)."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    from extra_games import registered_test_games

    with registered_test_games() as names:
        yield names


def main(argv: list[str]) -> int:
    directory = Path(argv[1]) if len(argv) > 1 else GOLDEN_DIR
    with with_test_games():
        written = write_golden(directory)
    for path in written:
        if path.suffix == ".json":
            record = GameRecord.load(path)
            result = record.result.to_json() if record.result else None
            print(f"{path}: {len(record.actions)} actions, result {result}")
        else:
            print(f"{path}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
