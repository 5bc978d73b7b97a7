"""Every ``wait_for_function`` in the browser tests passes a function, never a bare
expression.

Playwright evaluates a bare expression with ``eval`` on every poll after the first, and the
table's Content-Security-Policy (no ``unsafe-eval``) refuses that: the wait then fails with
an ``EvalError`` whenever the condition is not already true at the first look, which is
whenever the machine is slow. A function is compiled once, by the first look, and called
on each poll. CI found it: ``test_long_words_wrap_on_a_phone`` failed on a busy machine.
"""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).parent


def _waits(tree: ast.AST) -> list[tuple[int, str]]:
    """The line and the first string of each ``….wait_for_function(…)`` call."""
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            first = node.args[0]
            text = first.value if isinstance(first, ast.Constant) else ""
            found.append((node.lineno, str(text)))
    return found


def _is_function(text: str) -> bool:
    head = text.split("=>", 1)[0].strip()
    arrow = "=>" in text and (head.startswith("(") or head.isidentifier())
    return arrow or text.lstrip().startswith("function")


def test_every_wait_for_function_passes_a_function() -> None:
    bare = [f"{path.name}:{line}: {text!r}"
            for path in sorted(HERE.glob("*.py"))
            for line, text in _waits(ast.parse(path.read_text(encoding="utf-8")))
            if not _is_function(text)]
    assert bare == []


def test_the_check_tells_a_bare_expression_from_a_function() -> None:
    tree = ast.parse("page.wait_for_function('window.ready === true')\n"
                     "page.wait_for_function('() => window.ready === true')\n"
                     "page.wait_for_function('seq => Number(x) >= seq', arg=1)\n")
    assert [_is_function(text) for _line, text in _waits(tree)] == [False, True, True]
