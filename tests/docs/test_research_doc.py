"""docs/research.md cannot drift (issue 25, part 9): the examples of the sections on
the environments, OpenSpiel and datasets run, and print what the page says they print
(the comment after each ``print``). The encodings' and the text environment's
sections have their own tests (tests/rl/test_*_encoding.py,
tests/docs/test_research_text_doc.py)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
SECTIONS = ("Environments", "OpenSpiel", "Datasets: `bohnen dataset`")


def section(title: str) -> str:
    page = DOC.read_text(encoding="utf-8")
    start = page.index(f"\n## {title}\n")
    end = page.find("\n## ", start + 1)
    return page[start:end if end >= 0 else len(page)]


def examples() -> list[tuple[str, str]]:
    return [(title, body) for title in SECTIONS
            for info, body in FENCE.findall(section(title)) if info == "python"]


def promised(code: str) -> list[str]:
    """What the example says it prints: the comment on a ``print`` line, or the comment
    line right after it."""
    lines = code.splitlines()
    said = []
    for i, line in enumerate(lines):
        if not line.startswith("print("):
            continue
        comment = line.partition("  # ")[2]
        if not comment and i + 1 < len(lines) and lines[i + 1].startswith("# "):
            comment = lines[i + 1][2:]
        said.append(comment)
    return said


def test_each_section_has_an_example() -> None:
    assert {title for title, _ in examples()} == set(SECTIONS)


@pytest.mark.parametrize(("title", "code"), examples())
def test_the_example_runs_and_prints_what_it_says(title: str, code: str) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, f"{DOC} ({title})", "exec"), {})
    lines = [line for line in printed.getvalue().splitlines() if " games of " not in line]
    said = promised(code)
    assert len(lines) == len(said)
    for shown, promise in zip(lines, said, strict=True):
        assert promise.startswith(shown), (shown, promise)
