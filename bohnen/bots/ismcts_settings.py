"""The ISMCTS bot's settings: their defaults, their checks, and the bot's short-form name.

Every parameter of ``ismcts:key=value,...`` is a field of :class:`Settings`; a bad value
is refused with a ``ValueError`` that names it, when the settings are made. What each
one does is told in ``ismcts.py`` (the module's text and :class:`IsmctsBot`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bohnen.core.files import excerpt

DEFAULT_ITERATIONS = 400  # the budget when neither iterations nor seconds is given
NEGOTIATORS = ("search", "prior", "veto")  # who makes the moves of a negotiation (``negotiate``)
DEFAULT_TRUST = 1.64  # z: leave the prior's move only for one better at about 95% confidence
DEFAULT_HORIZON = 4  # turns of a bot playout before the game's estimate
MAX_SECONDS = 3600.0  # a move's time: an hour is past any use (infinity never moves)
MAX_ITERATIONS = 10_000_000  # a move's iterations: hours of search
MAX_WEIGHT = 100.0  # c, trust and race: far beyond any useful value

PARAMS: dict[str, type] = {"iterations": int, "seconds": float, "c": float,
                           "proposals": int, "win": float, "mast": float,
                           "prior": str, "trust": float, "paired": bool,
                           "expand": int, "negotiate": str, "playout": str,
                           "horizon": int, "estimate": str, "margin": bool,
                           "race": float}


@dataclass(frozen=True, slots=True)
class Settings:
    """An ISMCTS bot's parameters (``prior`` and ``playout`` name bots, "" for none)."""

    iterations: int | None = None
    seconds: float | None = None
    c: float = 0.7
    proposals: int = 2
    win: float = 0.5
    mast: float = 1.0
    prior: str = ""
    trust: float = DEFAULT_TRUST
    paired: bool = False
    expand: int = 1
    negotiate: str = "search"
    playout: str = ""
    horizon: int = DEFAULT_HORIZON
    estimate: str = ""
    margin: bool = False
    race: float = 0.0

    def __post_init__(self) -> None:
        problems = _types(self) or [*self._budget_problems(), *self._range_problems(),
                                    *self._combination_problems()]
        if problems:  # the first is named: one fix at a time
            raise ValueError(f"bot ismcts: {problems[0]}")

    @property
    def budget(self) -> int | None:
        """The iterations a move may run (None: only ``seconds`` bounds it)."""
        if self.iterations is None and self.seconds is None:
            return DEFAULT_ITERATIONS
        return self.iterations

    @property
    def name(self) -> str:
        """The short form that makes these settings again (defaults left out)."""
        params = []
        if self.budget is not None:
            params.append(f"iterations={self.budget}")
        if self.seconds is not None:
            params.append(f"seconds={self.seconds:g}")
        for key, value, default in (("c", self.c, 0.7), ("proposals", self.proposals, 2),
                                    ("win", self.win, 0.5), ("mast", self.mast, 1.0),
                                    ("expand", self.expand, 1)):
            if value != default:
                params.append(f"{key}={value:g}")
        if self.paired:
            params.append("paired=true")
        if self.margin:
            params.append("margin=true")
        if self.race:
            params.append(f"race={self.race:g}")
        if self.playout:
            params.append(f"playout={self.playout}")
            if self.horizon != DEFAULT_HORIZON:
                params.append(f"horizon={self.horizon}")
            if self.estimate:
                params.append(f"estimate={self.estimate}")
        if self.prior:
            params.append(f"prior={self.prior}")
            if self.trust != DEFAULT_TRUST:
                params.append(f"trust={self.trust:g}")
            if self.negotiate != "search":
                params.append(f"negotiate={self.negotiate}")
        return "ismcts:" + ",".join(params)

    def _budget_problems(self) -> list[str]:
        problems = []
        if self.iterations is not None and not 1 <= self.iterations <= MAX_ITERATIONS:
            problems.append(f"iterations must be from 1 to {MAX_ITERATIONS:,}, "
                            f"not {excerpt(self.iterations)}")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            problems.append(f"seconds must be more than 0 and at most {MAX_SECONDS:g} "
                            f"(an hour a move), not {self.seconds}")
        return problems

    def _range_problems(self) -> list[str]:
        problems = []
        if not 0 <= self.c <= MAX_WEIGHT:
            problems.append(f"c must be 0 or more (at most {MAX_WEIGHT:g}), not {self.c}")
        if self.proposals < 0:
            problems.append(f"proposals must be 0 or more, not {excerpt(self.proposals)}")
        if not 0 <= self.win <= 1:
            problems.append(f"win must be from 0 to 1, not {self.win}")
        if not 0 <= self.mast <= 1:
            problems.append(f"mast must be from 0 to 1, not {self.mast}")
        if not 0 <= self.trust <= MAX_WEIGHT:
            problems.append(f"trust must be 0 or more (at most {MAX_WEIGHT:g}), "
                            f"not {self.trust}")
        if self.expand < 1:
            problems.append(f"expand must be at least 1, not {excerpt(self.expand)}")
        if self.negotiate not in NEGOTIATORS:
            problems.append(f"negotiate must be one of {', '.join(NEGOTIATORS)}, "
                            f"not {excerpt(self.negotiate)}")
        if self.horizon < 0:
            problems.append(f"horizon must be 0 (to the end) or more, "
                            f"not {excerpt(self.horizon)}")
        if not 0 <= self.race <= MAX_WEIGHT:
            problems.append(f"race must be 0 (no race) or more (at most {MAX_WEIGHT:g}), "
                            f"not {self.race}")
        return problems

    def _combination_problems(self) -> list[str]:
        problems = []
        if self.race and not self.paired:
            problems.append("race=Z drops choices between paired rounds: add paired=true")
        if self.margin and not self.paired:
            problems.append("margin=true is what paired rounds compare: add paired=true")
        if self.negotiate != "search" and not self.prior:
            problems.append(f"negotiate={self.negotiate} needs a prior bot (prior=NAME)")
        if _is_ismcts(self.prior):
            problems.append("prior must be a bot other than ismcts")
        if not self.playout and self.horizon != DEFAULT_HORIZON:
            problems.append("horizon counts the turns of a bot playout: name the bot with "
                            "playout=NAME")
        if self.estimate and not self.playout:
            problems.append("estimate=NAME ends a bot playout: name the bot with "
                            "playout=NAME")
        if _is_ismcts(self.playout):
            problems.append("playout must be a bot other than ismcts")
        return problems


def _types(settings: Settings) -> list[str]:
    """The parameters of the wrong type (a bool is no number here), or not finite."""
    problems = []
    for name, kind in PARAMS.items():
        value = getattr(settings, name)
        if value is None and name in ("iterations", "seconds"):
            continue
        if kind is float:
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if not number or not math.isfinite(value):
                problems.append(f"{name} must be a finite number, not {excerpt(value)}")
        elif kind is int and (not isinstance(value, int) or isinstance(value, bool)):
            problems.append(f"{name} must be a whole number, not {excerpt(value)}")
        elif not isinstance(value, kind):
            problems.append(f"{name} must be {_KIND_WORDS[kind]}, not {excerpt(value)}")
    return problems


_KIND_WORDS = {bool: "true or false", str: "text"}


def _is_ismcts(spec: str) -> bool:
    return spec.strip().lower().startswith("ismcts")
