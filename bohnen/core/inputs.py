"""Untrusted input to the engines, screened with the project's errors.

Notation comes from records, files and people; action objects from any caller. The
games read them through these helpers, so that anything malformed is refused with
``InvalidActionError`` (never a stray ``ValueError`` of Python's own) and a message
that quotes only a short excerpt of what was given.

- :func:`notation`: the text of an action: a string, not too long, on one line.
- :func:`number`: a number written in notation: ASCII digits only (``'²'`` and
  ``'٣'`` are digits to Python, but not numbers of the notation), and few enough of
  them (a thousand-digit seat is refused here, not by a failing ``int``).
- :func:`json_number`: a number of an action's JSON form, in the same range.
- :func:`shown`: an action as a message may quote it (its notation cut short), even
  one whose fields hold values its notation cannot write.
"""

from __future__ import annotations

from bohnen.core.errors import InvalidActionError
from bohnen.core.files import excerpt

MAX_NOTATION = 1_000  # characters; the longest real action is well under 200
MAX_DIGITS = 9  # of a number in notation: no count of any game comes near 10**9
SHOWN_CHARS = 120
LIMIT = 10**MAX_DIGITS  # numbers of an action are below it, in notation and in JSON


def notation(text: object) -> str:
    """``text`` if it can be the notation of an action; ``InvalidActionError`` else."""
    if not isinstance(text, str):
        raise InvalidActionError(f"an action in notation must be text, not {excerpt(text)}")
    if len(text) > MAX_NOTATION:
        raise InvalidActionError(f"{excerpt(text)}: an action in notation is at most "
                                 f"{MAX_NOTATION:,} characters")
    if not text.strip().isprintable():
        raise InvalidActionError(f"{excerpt(text)}: an action in notation is one line of "
                                 f"printable characters, its words separated by spaces")
    return text


def number(word: str, what: str) -> int:
    """The number ``word`` (ASCII digits) of a notation; ``InvalidActionError`` naming
    ``what`` otherwise (the caller adds the text it was part of)."""
    if not (word.isascii() and word.isdigit()):
        raise InvalidActionError(f"{what} must be a number, not {excerpt(word)}")
    if len(word) > MAX_DIGITS:
        raise InvalidActionError(f"{what} is too large ({len(word):,} digits)")
    return int(word)


def json_number(value: object, what: str) -> int:
    """The number ``value`` of an action's JSON form: a whole number ≥ 0 of at most
    ``MAX_DIGITS`` digits, as in notation; ``InvalidActionError`` naming ``what``."""
    if type(value) is not int or value < 0:
        raise InvalidActionError(f"{what} must be a whole number ≥ 0, not {excerpt(value)}")
    if value >= LIMIT:
        raise InvalidActionError(f"{what} is too large (more than {MAX_DIGITS} digits)")
    return value


def shown(action: object) -> str:
    """``str(action)`` for a message: cut short, and never failing (a field may hold an
    integer too long to write, or a structure nested too deeply)."""
    try:
        text = str(action)
    except (ValueError, TypeError, RecursionError):
        return f"a {type(action).__name__} that cannot be written out"
    if len(text) > SHOWN_CHARS:
        return f"{text[:SHOWN_CHARS]}… ({len(text):,} characters)"
    return text
