"""What the suite is told (:class:`Settings`) and what it tells back (:class:`Report`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from bohnen.core.result import Result

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Settings:
    """How the random games are played and how much is checked.

    - ``proposal_rate``: chance of making a generated proposal when there is one.
    - ``deep_rate``: chance that a step runs the full checks (the final state
      always has them).
    - ``probes``: illegal or malformed attempts at each full check.
    - ``swap_rate``: chance, at a full check, that play continues from a clone or a
      JSON copy of the state (the same-seed replay then shows anything lost).
    - ``max_actions``: a game that lasts longer fails (every game must end).
    - ``malformed_fields``: probes may build actions whose fields have the wrong
      type (``None``, text, a list for a number); otherwise only wrong values.
    """

    proposal_rate: float = 0.25
    deep_rate: float = 0.05
    probes: int = 8
    swap_rate: float = 0.5
    max_actions: int = 100_000
    malformed_fields: bool = True


DEFAULT_SETTINGS = Settings()  # frozen: safe as a default argument


@dataclass(slots=True)
class Report:
    """What the suite exercised, so a test can make sure it really checked something.

    ``rejected`` counts attempts refused (by a parser, ``check`` or ``apply``),
    ``accepted_probes`` probes that turned out legal, ``hidden_differences`` the
    pairs of determinizations (other ``rng``) whose full states differed, ``swaps``
    the times play went on from a clone or a JSON copy, ``quiet_moves`` the moves
    none of whose events reveals that were replayed on a determinization (the mover
    must see the same view after them), ``moves`` the legal moves checked in their
    three forms (JSON, words, notation), ``terms`` the proposal terms checked against
    the generator's proposals.
    """

    games: int = 0
    actions: int = 0
    proposals_applied: int = 0
    deep_checks: int = 0
    probes: int = 0
    rejected: int = 0
    accepted_probes: int = 0
    determinizations: int = 0
    hidden_differences: int = 0
    swaps: int = 0
    quiet_moves: int = 0
    moves: int = 0
    terms: int = 0
    results: list[Result] = field(default_factory=list)

    def add(self, other: Report) -> None:
        for f in dataclasses.fields(self):
            if f.name == "results":
                self.results.extend(other.results)
            else:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass(slots=True)
class Trace:
    """One game played: its actions in notation and its result."""

    actions: list[str]
    result: Result
    final: JSON
