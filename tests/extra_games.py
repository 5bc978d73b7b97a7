"""Games that only the tests register: Tiny Beans (``tests/tinybeans``), the smallest
complete game, which follows the walk-through of adding a game in
``docs/architecture.md``.

They are not in bohnen's registry: a test that wants them registers them for its own
time (:func:`registered_test_games`), so that they leak into no other test, and the
scripts that write golden and schema files do the same to write theirs. Importable
with ``tests/`` on ``sys.path`` (pytest puts it there for ``tests/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from bohnen.core.registry import registered

TESTS = Path(__file__).resolve().parent
TEST_GAMES: dict[str, str] = {"tinybeans": "tinybeans"}  # name -> module defining GAME


@contextmanager
def registered_test_games() -> Iterator[tuple[str, ...]]:
    """Every test game registered for the time of a ``with`` block; their names."""
    with ExitStack() as stack:
        for name, module in TEST_GAMES.items():
            stack.enter_context(registered(name, module))
        yield tuple(TEST_GAMES)
