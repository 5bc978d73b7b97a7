"""Regenerate the JSON Schemas: every game's views (``bohnen/<game>/view.schema.json``)
and the online table's frames (``bohnen/server/frames.schema.json``).

A game names the ``TypedDict`` of a seat's view and of a spectator's in
``Game.seat_view`` and ``Game.spectator_view``; this script writes one schema for both
(:func:`bohnen.core.schema.views_schema`: ``#/$defs/seat_view`` and
``#/$defs/spectator_view``) beside the game's package, where the package data of the
wheel takes it. It is the contract of what every layer may read of a view: the online
table and the research interfaces build on it. ``tests/core/test_view_schemas.py``
checks that the checked-in file is the one this script writes (so a change of the types
shows as a diff in review) and validates views of random games against it. Games that
name no view types yet are skipped. The games only tests register (Tiny Beans,
``tests/extra_games.py``) are included: their schema goes beside their package too.

The frames the server sends over a client's WebSocket are typed in
:mod:`bohnen.server.frames` (one ``TypedDict`` per frame type): their schema,
``#/$defs/<type>`` for each frame type, is the contract of the browser client;
``tests/server/test_protocol.py`` checks the checked-in file and validates every frame
of whole games against it. Run: ``python scripts/regen_schemas.py [GAME...]`` (the
frames' schema is written when no game is named).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from bohnen.core import game_names, get_game
from bohnen.core.files import write_atomic
from bohnen.core.registry import game_module
from bohnen.core.schema import JSON, union_schema, views_schema
from bohnen.server.frames import FRAMES

FILE_NAME = "view.schema.json"
TESTS = Path(__file__).resolve().parent.parent / "tests"
FRAMES_PATH = Path(__file__).resolve().parent.parent / "bohnen" / "server" / "frames.schema.json"


def view_types(name: str) -> tuple[type, type] | None:
    """The seat's and the spectator's view types of the game ``name``; None if it names
    neither; ``TypeError`` if it names only one."""
    game = get_game(name)
    seat, spectator = game.seat_view, game.spectator_view
    if seat is None and spectator is None:
        return None
    if seat is None or spectator is None:
        raise TypeError(f"{name} names only one of Game.seat_view and Game.spectator_view")
    return seat, spectator


def schema_path(name: str) -> Path:
    """Where the schema of the game ``name`` is kept: in its package's folder."""
    module = importlib.import_module(game_module(name))
    if module.__file__ is None:
        raise TypeError(f"{module.__name__} is not a package on disk")
    return Path(module.__file__).resolve().parent / FILE_NAME


def schema(name: str) -> JSON:
    """The schema of the views of the game ``name`` (which must name its view types)."""
    types = view_types(name)
    if types is None:
        raise TypeError(f"{name} names no view types (Game.seat_view, Game.spectator_view)")
    seat, spectator = types
    game = get_game(name)
    return views_schema(
        f"{game.title} views", seat, spectator,
        f"The views of {game.title} (game {name!r}, version {game.version}): "
        "#/$defs/seat_view is what a seat sees, #/$defs/spectator_view what a spectator "
        f"sees. Written by scripts/regen_schemas.py from {_qualified(seat)} and "
        f"{_qualified(spectator)}; do not edit.")


def schema_text(name: str) -> str:
    """The file's text: the schema as indented JSON, keys in the types' order."""
    return json.dumps(schema(name), indent=1, ensure_ascii=False) + "\n"


def schema_games(names: Sequence[str] | None = None) -> list[str]:
    """The games (of ``names``, or every registered one) that name their view types."""
    return [name for name in (game_names() if names is None else names)
            if view_types(name) is not None]


def write_schemas(names: Sequence[str] | None = None) -> list[Path]:
    """Write the schema of every game of ``names`` (every registered one by default) that
    names its view types; the paths written."""
    paths = []
    for name in schema_games(names):
        path = schema_path(name)
        write_atomic(path, schema_text(name))
        paths.append(path)
    return paths


def frames_schema() -> JSON:
    """The schema of the online table's frames: ``#/$defs/<type>`` for each frame type."""
    return union_schema(
        "The online table's frames", FRAMES,
        "The frames the server of the online table (bohnen serve) sends a client over its "
        "WebSocket, told apart by their type: #/$defs/<type> is each one. Written by "
        "scripts/regen_schemas.py from bohnen.server.frames; do not edit.")


def frames_schema_text() -> str:
    """The frames' schema file's text, as :func:`schema_text` writes a game's."""
    return json.dumps(frames_schema(), indent=1, ensure_ascii=False) + "\n"


def _qualified(tp: type) -> str:
    return f"{tp.__module__}.{tp.__qualname__}"


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
    names = argv[1:] or None
    with with_test_games():
        paths = write_schemas(names)
        if names is None:
            write_atomic(FRAMES_PATH, frames_schema_text())
            paths.append(FRAMES_PATH)
        for path in paths:
            print(f"{path}: {path.stat().st_size:,} bytes")
        skipped = sorted(set(names or game_names()) - set(schema_games(names)))
    if skipped:
        print(f"no view types yet (skipped): {', '.join(skipped)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
