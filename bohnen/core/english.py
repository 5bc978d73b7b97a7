"""The small grammar of the games' English words: a count with its noun in the right
number ("1 taler", "3 talers") and the article before a name ("a Blaue", "an Augen"),
so that no line of a log says "taler(s)" or "a Augen"."""

from __future__ import annotations

VOWELS = frozenset("AEIOUaeiouÄÖÜäöü")


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one ("1 card",
    "0 cards", "3 cards"); ``plural`` where it is not the noun and an "s"."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def a(name: str) -> str:
    """``name`` with its indefinite article: "an" before a vowel ("an Augen"), else "a"
    ("a Soja")."""
    return f"{'an' if name[:1] in VOWELS else 'a'} {name}"
