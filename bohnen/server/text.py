"""What people type that the others at a table read: names and chat lines, checked
alike, the names that must differ at a table, and the names of the bots.

A typed line is text of at least one visible character: its runs of whitespace become
one space (a line or paragraph separator too), its ends are trimmed, and its length is
bounded. Every character must be printable (Python's :meth:`str.isprintable`): a
control character, a format character (the bidirectional embeddings and overrides
U+202A to U+202E, the isolates U+2066 to U+2069, the marks U+200E, U+200F and U+061C,
the zero-width space U+200B, the word joiner U+2060, the byte order mark U+FEFF, the
tag characters...) or a private-use, surrogate or unassigned code point is refused,
the message naming it by its code point: such a character is not seen, and it can
reorder or disguise the text around it (a name that reads as another's, a chat line
that shows other words than it holds). Only chat allows the zero-width joiner and
non-joiner (U+200D, U+200C), which join emoji and the letters of some scripts and
move nothing; a name allows them not (a name that looks like another's).

Two names are the same at a table when they are once compatibility-normalised (NFKC:
full-width letters are letters), case-folded and stripped of every space
(:func:`name_key`): "Ada", " ADA " and "A da" are one name.

A bot is named when it is seated, "Bot Ida (heuristic)": a first name drawn from
:data:`BOT_NAMES` that no other bot at the table has and no person there is called,
and the bot's kind (:func:`bot_name`).

The game's words name the seats as the table does (:func:`seat_names`): the person's
name, the bot's, "seat 2" for an open seat. A line of the log is written when its frame
is made, with the names the seats have then: a seat taken after the step still reads
with its new name when the step is sent again (a watcher coming back, the replay).
"""

from __future__ import annotations

import itertools
import re
import secrets
import unicodedata
from collections.abc import Iterable, Iterator, Sequence

from bohnen.server.logbase import SeatRow

JOINERS = frozenset("\u200c\u200d")  # the zero-width non-joiner and joiner: chat only
BOT_NAMES = ("Ida", "Max", "Uma", "Leo", "Oda", "Kai", "Rea", "Tom", "Eli", "Ava", "Bo",
             "Cyd", "Dag", "Fay", "Gus", "Hal", "Ivo", "Jo", "Kit", "Lu", "Mo", "Ned",
             "Pia", "Sam")  # more than a table has seats
_BOT_NAME = re.compile(r"Bot (.+) \([^()]*\)")  # a bot's name: its first name, its kind
_DRAW = secrets.SystemRandom()


class TextRefused(ValueError):
    """A typed line refused; the message says why."""


def typed_line(value: object, what: str, most: int, joiners: bool = False) -> str:
    """``value`` as a line a person typed (see the module), ``what`` (``"a name"``,
    ``"a chat line"``) naming it in a refusal; ``joiners``: the zero-width joiner and
    non-joiner pass."""
    if not isinstance(value, str) or not value.strip():
        raise TextRefused(f"{what} is some text")
    text = " ".join(value.split())
    if len(text) > most:
        raise TextRefused(f"{what} is at most {most} characters, not {len(text):,}")
    hidden = unseen(text, JOINERS if joiners else frozenset())
    if hidden is not None:
        raise TextRefused(f"{what} may not hold {hidden}: a character that is not seen "
                          "and can disguise the text around it")
    return text


def unseen(text: str, allowed: frozenset[str] = frozenset()) -> str | None:
    """The first character of ``text`` that is not printable (and not in ``allowed``),
    named by its code point and Unicode name (``U+202E (RIGHT-TO-LEFT OVERRIDE)``), or
    None."""
    for char in text:
        if not char.isprintable() and char not in allowed:
            name = unicodedata.name(char, "")
            return f"U+{ord(char):04X}" + (f" ({name})" if name else "")
    return None


def name_key(name: str) -> str:
    """What two names that are the same at a table share (see the module)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def bot_name(kind: str, names: Iterable[str]) -> str:
    """A name for a bot of ``kind`` (its spec's name) at a table whose seats have
    ``names`` now (see the module); when every first name is taken (by people who
    chose them), one of them numbered."""
    names = list(names)
    taken = {name_key(name) for name in names}
    taken |= {name_key(match.group(1)) for match in map(_BOT_NAME.fullmatch, names)
              if match is not None}
    return next(f"Bot {first} ({kind})" for first in _first_names()
                if not {name_key(first), name_key(f"Bot {first} ({kind})")} & taken)


def _first_names() -> Iterator[str]:
    """The first names of bots in a random order, then numbered ("Ida 2", ...)."""
    drawn = _DRAW.sample(BOT_NAMES, len(BOT_NAMES))
    yield from drawn
    for n in itertools.count(2):
        yield from (f"{first} {n}" for first in drawn)


def seat_names(rows: Sequence[SeatRow]) -> list[str]:
    """Each seat's name in seat order as the game's words name it: the person's name,
    the bot's ("Bot Ida (heuristic)", or "heuristic bot" for a bot of an older log
    without one), "" for a seat with none (an open seat), which the words write "seat 2"
    (:mod:`bohnen.core.names`)."""
    names = [""] * len(rows)
    for row in rows:
        if not 0 <= row.seat < len(names):
            continue
        if row.kind == "bot":
            names[row.seat] = row.name or f"{row.bot} bot"
        elif row.kind == "person" and row.name != f"seat {row.seat}":  # a table's default
            names[row.seat] = row.name or ""
    return names
