"""docs/research.md, "Text environment for language models", cannot drift: its
``python`` blocks run, each on its own, and the messages it shows are the ones the
environment writes. The blocks drive the games through TextArena (the text extra)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from bohnen.rl.text import MAX_TRIES

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
FENCE = re.compile(r"^```([\w-]*)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
TITLE = "Text environment for language models"


def section() -> str:
    """The text of the section ``## TITLE`` (up to the next ``## ``)."""
    page = DOC.read_text(encoding="utf-8")
    start = page.index(f"\n## {TITLE}\n")
    end = page.find("\n## ", start + 1)
    return page[start:end if end >= 0 else len(page)]


def blocks(kind: str) -> list[str]:
    return [body for info, body in FENCE.findall(section()) if info == kind]


def test_the_section_has_its_examples() -> None:
    assert len(blocks("python")) == 2 and len(blocks("text")) == 1


@pytest.mark.parametrize("code", blocks("python"))
def test_every_python_block_runs(code: str) -> None:
    pytest.importorskip("textarena", reason="the examples need the text extra")
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(code, str(DOC), "exec"), {})


def test_the_messages_shown_are_the_ones_printed() -> None:
    pytest.importorskip("textarena", reason="the examples need the text extra")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks("python")[1], str(DOC), "exec"), {})
    (shown,) = blocks("text")
    assert printed.getvalue() == shown


def test_the_tries_stated_are_the_environments() -> None:
    text = " ".join(section().split())
    assert f"After {MAX_TRIES} refused answers for one decision (`max_tries`)" in text
