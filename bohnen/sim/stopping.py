"""Sequential stopping: a tournament that ends once its result is decided.

A rule looks at the tournament after each whole block of seat rotations, in the order
of the schedule: after block 0, after blocks 0 and 1, and so on, whatever order the
games end in. The first look that decides stops the run, and the games of the blocks
up to it are the tournament's result: a decided run gives the same games, the same
standings and the same decision on any number of workers and on Ray. (Games that
were being played meanwhile are still written in the journal: they are the
schedule's next games, which ``--resume`` and ``--extend`` would play anyway.)

- :class:`SprtRule` (``--sprt``): the sequential probability ratio test of the first
  entrant against the second (``sprt.py``); decided once the LLR leaves ``(a, b)``.
- :class:`SignificanceRule` (``--until-significant``): with paired deals and two
  entrants, decided once the 95% t interval of the paired win share difference
  (``paired.py``) leaves out 0; else once the Wilson 95% interval of the entrant with
  the best win share (its wins over its seats) lies above every other entrant's.
  Each look is a test at 5%, and many looks make a false decision likelier than 5%:
  the SPRT is the rule whose error chances hold however often it looks.

A run that reaches its ``--games`` undecided ends there, as any tournament.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bohnen.core.protocol import JSONObject
from bohnen.sim.paired import deal_figures, paired_json, t95
from bohnen.sim.ratings import entrants, wilson_interval
from bohnen.sim.sprt import LEAST_UNITS, Sprt, game_score
from bohnen.sim.tournament import GameOutcome, TournamentRun


@dataclass(frozen=True, slots=True)
class Look:
    """Where a rule stands after a number of games: decided or not, a line for the
    progress bar and the report, and the figures for results.json."""

    games: int
    decided: bool
    line: str
    figures: JSONObject


class Rule(Protocol):
    """A stopping rule fed the blocks of a tournament in the order of the schedule."""

    def look(self, block: Sequence[GameOutcome], games: int) -> Look:
        """Where the rule stands with ``block`` added (``games`` played so far)."""
        ...

    def describe(self) -> str:
        """The rule in a few words, for the progress line before the first look."""
        ...


def _two_entrants(specs: Sequence[str], option: str) -> tuple[list[str], list[int]]:
    names, entrant_of = entrants(specs)
    if len(names) != 2:
        raise ValueError(
            f"{option} compares two entrants, and --bots gives {len(names)}: give one spec "
            "for the first bot and another for the rest of the seats (e.g. --bots "
            "candidate,baseline,baseline,baseline; a spec in several seats is one entrant)")
    return names, entrant_of


@dataclass(slots=True)
class SprtRule:
    """The SPRT of the first entrant against the second, over games or paired deals."""

    sprt: Sprt
    names: list[str]
    entrant_of: list[int]
    paired: bool
    count: int = 0
    total: float = 0.0
    squares: float = 0.0

    @classmethod
    def of(cls, sprt: Sprt, specs: Sequence[str], paired: bool) -> SprtRule:
        """The rule for the bots ``specs``; ``ValueError`` unless they are two entrants."""
        names, entrant_of = _two_entrants(specs, "--sprt")
        return cls(sprt, names, entrant_of, paired)

    def _add(self, score: float) -> None:
        self.count += 1
        self.total += score
        self.squares += score * score

    def look(self, block: Sequence[GameOutcome], games: int) -> Look:
        scores = [s for game in block
                  if (s := game_score(game, self.entrant_of, 0, 1)) is not None]
        if self.paired and scores:
            self._add(sum(scores) / len(scores))
        else:
            for score in scores:
                self._add(score)
        llr = self.sprt.llr(self.count, self.total, self.squares)
        verdict = self.sprt.verdict(llr)
        return Look(games, verdict is not None, self._line(llr, games, verdict),
                    self._figures(llr, games, verdict))

    def describe(self) -> str:
        return self._line(0.0, 0, None)

    def _line(self, llr: float, games: int, verdict: str | None) -> str:
        sprt = self.sprt
        line = f"LLR {llr:.2f} [{sprt.lower:.2f}, {sprt.upper:.2f}] · {games} games"
        if self.count < LEAST_UNITS:
            units = "deals" if self.paired else "games"
            line += f" (the LLR counts from {LEAST_UNITS} {units})"
        if verdict is not None:
            elo = sprt.elo1 if verdict == "H1" else sprt.elo0
            line += f" · {verdict} accepted: {self.names[0]} {elo:+g} Elo over {self.names[1]}"
        return line

    def _figures(self, llr: float, games: int, verdict: str | None) -> JSONObject:
        sprt = self.sprt
        return {"rule": "sprt", "first": self.names[0], "second": self.names[1],
                "elo0": sprt.elo0, "elo1": sprt.elo1, "alpha": sprt.alpha,
                "beta": sprt.beta, "lower": round(sprt.lower, 4),
                "upper": round(sprt.upper, 4), "llr": round(llr, 4),
                "units": "deals" if self.paired else "games", "count": self.count,
                "score": round(self.total / self.count, 4) if self.count else None,
                "games": games, "decided": verdict is not None,
                "result": verdict or "undecided"}


@dataclass(slots=True)
class SignificanceRule:
    """Decided once one entrant is ahead beyond the 95% intervals (module docstring)."""

    names: list[str]
    entrant_of: list[int]
    paired: bool
    wins: list[float] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    differences: list[float] = field(default_factory=list)

    @classmethod
    def of(cls, specs: Sequence[str], paired: bool) -> SignificanceRule:
        names, entrant_of = entrants(specs)
        if len(names) < 2:
            raise ValueError("--until-significant needs two entrants or more: --bots "
                             "gives one spec for every seat")
        return cls(names, entrant_of, paired and len(names) == 2,
                   [0.0] * len(names), [0] * len(names))

    def look(self, block: Sequence[GameOutcome], games: int) -> Look:
        for game in block:
            for seat, bot in enumerate(game.seats):
                entrant = self.entrant_of[bot]
                self.seats[entrant] += 1
                if seat in game.winners:
                    self.wins[entrant] += 1 / len(game.winners)
        if self.paired:
            figures = deal_figures(block, self.entrant_of, 2)
            self.differences.append(figures[0][0] - figures[1][0])
            return self._paired_look(games)
        return self._share_look(games)

    def describe(self) -> str:
        return "until significant · 0 games"

    def _paired_look(self, games: int) -> Look:
        n = len(self.differences)
        mean = sum(self.differences) / n
        half = math.nan
        if n >= 2:
            variance = sum((d - mean) ** 2 for d in self.differences) / (n - 1)
            half = t95(n - 1) * math.sqrt(variance / n)
        low, high = mean - half, mean + half
        decided = not math.isnan(half) and (low > 0 or high < 0)
        first, second = self.names
        line = (f"{first} less {second}: win share {mean:+.1%} "
                f"({_percent(low)} to {_percent(high)}) · {games} games")
        leader = (first if mean > 0 else second) if decided else None
        if leader is not None:
            line += f" · significant: {leader} leads"
        return Look(games, decided, line, {
            "rule": "until-significant", "method": "paired win share difference",
            "first": first, "second": second, "deals": n,
            "difference": round(mean, 4),
            "difference_95": None if math.isnan(half) else [round(low, 4), round(high, 4)],
            "games": games, "decided": decided, "leader": leader})

    def _share_look(self, games: int) -> Look:
        shares = [w / s if s else 0.0 for w, s in zip(self.wins, self.seats, strict=True)]
        bounds = [wilson_interval(w, s) for w, s in zip(self.wins, self.seats, strict=True)]
        best = max(range(len(shares)), key=lambda e: (shares[e], -e))
        decided = all(bounds[best][0] > bounds[e][1] for e in range(len(shares)) if e != best)
        line = (f"{self.names[best]} leads with {shares[best]:.1%} "
                f"({bounds[best][0]:.1%}–{bounds[best][1]:.1%}) · {games} games")
        if decided:
            line += " · significant"
        return Look(games, decided, line, {
            "rule": "until-significant", "method": "win share intervals",
            "leader": self.names[best] if decided else None,
            "win_shares": {name: [round(shares[e], 4), round(bounds[e][0], 4),
                                  round(bounds[e][1], 4)]
                           for e, name in enumerate(self.names)},
            "games": games, "decided": decided})


def _percent(value: float) -> str:
    return "?" if math.isnan(value) else f"{value:+.1%}"


@dataclass(slots=True)
class Sequential:
    """Feeds a rule the tournament's whole blocks in the order of the schedule, however
    the games arrive; remembers the first look that decides."""

    rule: Rule
    players: int
    pending: dict[int, GameOutcome] = field(default_factory=dict)
    next_block: int = 0
    last: Look | None = None

    @property
    def decided(self) -> bool:
        return self.last is not None and self.last.decided

    @property
    def line(self) -> str:
        """The latest look's line (the rule's own words before the first)."""
        return self.rule.describe() if self.last is None else self.last.line

    def add(self, outcomes: Sequence[GameOutcome]) -> bool:
        """Take finished games; whether the rule has decided (with these or before)."""
        for outcome in outcomes:
            self.pending[outcome.index] = outcome
        while not self.decided:
            start = self.next_block * self.players
            indices = range(start, start + self.players)
            if any(index not in self.pending for index in indices):
                break
            block = [self.pending.pop(index) for index in indices]
            self.next_block += 1
            self.last = self.rule.look(block, start + self.players)
        return self.decided

    @property
    def decided_after(self) -> int | None:
        """The games of the blocks up to the look that decided; None while undecided."""
        return self.last.games if self.last is not None and self.last.decided else None


def sequencing_json(run: TournamentRun, stop: Sequential | None) -> JSONObject:
    """The keys of results.json for paired deals and sequential stopping: ``paired_deals``,
    ``paired`` (the first entrant less each other, :mod:`bohnen.sim.paired`; null without
    paired deals) and ``stopping`` (the rule's last look; null without a rule)."""
    spec = run.spec
    look = None if stop is None else stop.last
    return {"paired_deals": spec.paired,
            "paired": paired_json(run.outcomes, spec.bots) if spec.paired else None,
            "stopping": None if look is None else look.figures}
