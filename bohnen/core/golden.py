"""The golden games of a game: full games with fixed seeds, checked in and diffed in CI.

A game names its golden games in ``Game.golden``; ``scripts/regen_golden.py`` plays
them (between the named bots) and writes their records and playthroughs, and the tests
replay and regenerate them, so any change of behaviour or of what a seat sees shows
up as a failing test and, after the script, as a diff in review.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Golden:
    """One golden game: file stem, players, the bot spec of every seat, seed, options."""

    stem: str
    players: int
    bot: str
    seed: int
    overrides: dict[str, object] = field(default_factory=dict)
