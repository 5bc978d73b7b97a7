"""The bots in the seats, from ``--bots A,B,C`` (one spec per seat, or one for all)."""

from __future__ import annotations

from bohnen.bots import make_bot
from bohnen.core.bots import AnyBot
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame

DEFAULT_BOT = "random"


def split_specs(text: str) -> list[str]:
    """Bot specs from a comma-separated list.

    A spec has parameters after a colon, themselves separated by commas
    (``random:trades=false,x=1``), so an item ``key=value`` without a colon
    continues the spec before it.
    """
    specs: list[str] = []
    for raw in text.split(","):
        item = raw.strip()
        key = item.partition("=")[0]
        if specs and "=" in item and ":" not in key:
            specs[-1] = f"{specs[-1]},{item}"
        else:
            specs.append(item)
    return specs


def seat_specs(text: str | None, players: int) -> list[str]:
    """One bot spec per seat; ``ValueError`` on an empty spec or a wrong count."""
    if text is None:
        return [DEFAULT_BOT] * players
    specs = split_specs(text)
    if any(not spec for spec in specs):
        raise ValueError(f"--bots {excerpt(text)}: empty bot spec")
    if len(specs) == 1:
        return specs * players
    if len(specs) != players:
        raise ValueError(f"--bots gives {len(specs)} bots for {players} players; "
                         "give one per seat, or one for every seat")
    return specs


def make_bots(text: str | None, players: int, game: AnyGame | None = None) -> list[AnyBot]:
    """A fresh bot per seat (bots may keep state between moves), for ``game``."""
    return [make_bot(spec, game) for spec in seat_specs(text, players)]
