"""The walk-through of adding a game (docs/architecture.md, "Adding a game") stays true
to the code of the game it follows, Tiny Beans.

Every ``python`` block of the page runs (``py`` blocks are only shown), the files its
table of the layout names are Tiny Beans' files, and its excerpt of a playthrough is
in Tiny Beans' checked-in golden playthrough.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
TINY = ROOT / "tests" / "tinybeans"
PLAYTHROUGH = ROOT / "tests" / "golden" / "playthroughs" / "tinybeans-3p-random.txt"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def _blocks(kind: str) -> list[str]:
    return [body for info, body in FENCE.findall(DOC.read_text(encoding="utf-8"))
            if info == kind]


@pytest.mark.usefixtures("with_test_games")
@pytest.mark.parametrize("code", _blocks("python"))
def test_every_python_block_runs(code: str) -> None:
    exec(compile(code, str(DOC), "exec"), {})


def test_the_layout_table_names_the_tiny_games_files() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| file | role |"):text.index("\n\n", text.index("| file | role |"))]
    named = {name for row in table.splitlines()[2:]
             for name in re.findall(r"`([\w/<>]+(?:\.py|/))`", row.split("|")[1])}
    assert "state.py" in named and "heuristic/" in named
    for name in sorted(named - {"<components>.py"}):
        assert (TINY / name).exists(), f"the page names {name}, Tiny Beans has none"


def test_the_playthrough_excerpt_is_the_checked_in_one() -> None:
    (excerpt,) = _blocks("playthrough")
    assert excerpt in PLAYTHROUGH.read_text(encoding="utf-8")
