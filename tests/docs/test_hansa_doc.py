"""docs/hansa.md cannot drift: its code runs, its notation parses, its tables name
what the engine has.

- every ``python`` block of the page runs, each on its own;
- every action of the Notation section (``0: begin C26 last C4``…) parses, and writes
  back as it is written;
- the Options table names every option of ``HansaOptions`` and no other;
- the view's table names every key of the view (``SeatView``) and no other.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import get_type_hints

import pytest

from bohnen.core import get_game
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.view_types import SeatView

DOC = Path(__file__).resolve().parents[2] / "docs" / "hansa.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
GAME = get_game("hansa")


def text() -> str:
    return DOC.read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the section ``## title`` (up to the next ``## ``)."""
    page = text()
    start = page.index(f"\n## {title}\n")
    end = page.find("\n## ", start + 1)
    return page[start:end if end >= 0 else len(page)]


def blocks(kind: str) -> list[tuple[int, str]]:
    page = text()
    return [(page.count("\n", 0, m.start()) + 1, m.group(2))
            for m in FENCE.finditer(page) if m.group(1) == kind]


def first_column(table_of: str) -> set[str]:
    """The names in backquotes in the first column of the section's table."""
    names: set[str] = set()
    for line in section(table_of).splitlines():
        cells = line.split("|")
        if line.startswith("|") and len(cells) > 2 and "---" not in cells[1]:
            names.update(re.findall(r"`([a-z_]+)`", cells[1]))
    return names


def test_the_page_has_python_examples() -> None:
    assert len(blocks("python")) >= 2


@pytest.mark.parametrize(("line", "code"), blocks("python"),
                         ids=[f"line-{line}" for line, _ in blocks("python")])
def test_every_python_block_runs(line: int, code: str) -> None:
    exec(compile(code, f"{DOC}:{line}", "exec"), {"__name__": f"hansa_doc_{line}"})


def test_every_action_of_the_notation_section_parses_as_written() -> None:
    actions = re.findall(r"`(\d+: [a-z-]+[^`]*)`", section("Notation"))
    assert len(actions) >= 17
    for written in actions:
        assert str(GAME.parse_action(written)) == written


def test_the_options_table_names_every_option() -> None:
    fields = {f.name for f in dataclasses.fields(HansaOptions) if f.init}
    assert first_column("Options") == fields


def test_the_view_table_names_every_key_of_the_view() -> None:
    assert first_column("What a seat sees: the view") == set(get_type_hints(SeatView))
