"""Time per move: how long a bot took over its decisions, in figures small enough to
travel back from a worker process or a Ray task with each game.

A :class:`MoveTimes` holds the moves timed, their total seconds, the longest, how many
took longer than a budget (where the bot has one), and a histogram of the durations in
buckets 1/16 of a doubling wide (about 4.4%), each bucket with its count and its
longest duration. Per game and seat it is a few dozen numbers, whatever the length of
the game; two of them add up (:meth:`MoveTimes.merge`) into a bot's figures over a
whole tournament.

- mean: the total seconds over the moves;
- max: the longest move;
- p99: the 99th percentile by nearest rank (the ``ceil(0.99 n)``-th shortest of ``n``
  moves), read from the histogram as the longest move of the bucket that holds that
  rank: exact where the bucket holds one duration (as with ``[0.01] * 99 + [0.5]``),
  else at most 4.4% above the true value, never below it;
- over: the moves that took strictly longer than the budget.

The budget of a bot is its own where it has one (an ISMCTS bot's ``seconds``), else
the tournament's ``--move-budget``, else none (no over count).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bohnen.core.protocol import JSONObject

BUCKETS_PER_DOUBLING = 16
SHORTEST = 1e-9  # a duration below a nanosecond (a coarse clock's 0) counts as this
PERCENTILE = 0.99
Bucket = tuple[int, float]  # a bucket's count and its longest duration


def bucket_of(seconds: float) -> int:
    """The histogram bucket of a duration: ``floor(16 log2 seconds)``."""
    return math.floor(math.log2(max(seconds, SHORTEST)) * BUCKETS_PER_DOUBLING)


@dataclass(slots=True)
class MoveTimes:
    """A bot's moves timed: count, total, longest, over budget, histogram."""

    budget: float | None = None
    moves: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    over: int = 0  # meaningful only with a budget
    buckets: dict[int, Bucket] = field(default_factory=dict)

    @classmethod
    def of(cls, durations: Iterable[float], budget: float | None = None) -> MoveTimes:
        """The figures of ``durations`` (seconds) against ``budget``."""
        times = cls(budget)
        for seconds in durations:
            times.add(seconds)
        return times

    def add(self, seconds: float) -> None:
        """Count one move of ``seconds``."""
        self.moves += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)
        if self.budget is not None and seconds > self.budget:
            self.over += 1
        index = bucket_of(seconds)
        count, longest = self.buckets.get(index, (0, 0.0))
        self.buckets[index] = (count + 1, max(longest, seconds))

    def merge(self, other: MoveTimes) -> MoveTimes:
        """The figures of both together. Timed against different budgets (a tournament
        gone on with another ``--move-budget``), they keep no budget and no over count."""
        budget = self.budget if self.budget == other.budget else None
        buckets = dict(self.buckets)
        for index, (count, longest) in other.buckets.items():
            mine, top = buckets.get(index, (0, 0.0))
            buckets[index] = (mine + count, max(top, longest))
        over = self.over + other.over if budget is not None else 0
        return MoveTimes(budget, self.moves + other.moves, self.seconds + other.seconds,
                         max(self.longest, other.longest), over, buckets)

    @property
    def mean(self) -> float | None:
        return self.seconds / self.moves if self.moves else None

    @property
    def p99(self) -> float | None:
        return self.percentile(PERCENTILE)

    @property
    def over_share(self) -> float | None:
        """The share of the moves over the budget (None without a budget or moves)."""
        if self.budget is None or not self.moves:
            return None
        return self.over / self.moves

    def percentile(self, fraction: float) -> float | None:
        """The ``fraction`` quantile by nearest rank, read from the histogram (see the
        module's text); None without moves."""
        if not self.moves:
            return None
        rank = max(1, math.ceil(fraction * self.moves - 1e-9))
        seen = 0
        for index in sorted(self.buckets):
            count, longest = self.buckets[index]
            seen += count
            if seen >= rank:
                return longest
        return self.longest  # not reached: the counts add up to the moves

    def to_json(self) -> JSONObject:
        """The figures, rounded for people, and the histogram, so that they can be
        read back (:func:`times_from`) and merged again."""
        return {
            "moves": self.moves,
            "seconds": round(self.seconds, 9),
            "mean": _rounded(self.mean),
            "p99": _rounded(self.p99),
            "max": round(self.longest, 9),
            "budget": self.budget,
            "over": self.over if self.budget is not None else None,
            "histogram": [[index, count, round(longest, 9)]
                          for index, (count, longest) in sorted(self.buckets.items())],
        }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 9)


def total(times: Iterable[MoveTimes]) -> MoveTimes:
    """All of ``times`` merged (the empty figures without a budget if there are none)."""
    merged: MoveTimes | None = None
    for part in times:
        merged = part if merged is None else merged.merge(part)
    return merged if merged is not None else MoveTimes()


def times_from(data: object) -> MoveTimes:
    """The figures that :meth:`MoveTimes.to_json` wrote; ``ValueError`` naming what is
    wrong with them."""
    if not isinstance(data, dict):
        raise ValueError("move times must be a JSON object")
    try:
        budget = data["budget"]
        histogram = data["histogram"]
        moves, seconds, longest = data["moves"], data["seconds"], data["max"]
        over = data["over"]
    except KeyError as missing:
        raise ValueError(f"move times lack {missing}") from None
    if budget is not None:
        budget = _seconds(budget)
    buckets = _buckets(histogram)
    times = MoveTimes(budget, _count(moves), _seconds(seconds), _seconds(longest),
                      0 if over is None else _count(over), buckets)
    if sum(count for count, _ in buckets.values()) != times.moves:
        raise ValueError("move times: the histogram does not hold every move")
    return times


def seats_times_from(values: object) -> tuple[MoveTimes, ...]:
    """Each seat's figures of one game, as a journal's line holds them (a line written
    before moves were timed holds none: ``[]``); ``ValueError`` if they are not."""
    if not isinstance(values, list):
        raise ValueError("times must be a list, one per seat")
    return tuple(times_from(value) for value in values)


def _buckets(histogram: object) -> dict[int, Bucket]:
    if not isinstance(histogram, list):
        raise ValueError("move times: the histogram must be a list")
    buckets: dict[int, Bucket] = {}
    for entry in histogram:
        if not (isinstance(entry, list) and len(entry) == 3):
            raise ValueError("move times: a bucket must be [index, count, longest]")
        index, count, longest = entry
        if type(index) is not int:
            raise ValueError(f"move times: bucket {index!r} is not a whole number")
        buckets[index] = (_count(count), _seconds(longest))
    return buckets


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"move times: {value!r} is not a count")
    return value


def _seconds(value: object) -> float:
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not math.isfinite(value) or value < 0):
        raise ValueError(f"move times: {value!r} is not a number of seconds")
    return float(value)


def seat_times(durations: Sequence[Sequence[float]],
               budgets: Sequence[float | None]) -> tuple[MoveTimes, ...]:
    """One game's figures per seat, from each seat's durations and budget."""
    return tuple(MoveTimes.of(seat, budget)
                 for seat, budget in zip(durations, budgets, strict=True))


def budget_of(bot: object, default: float | None = None) -> float | None:
    """The seconds a move of ``bot`` may take: its own (an ISMCTS bot's ``seconds``),
    else ``default`` (``--move-budget``)."""
    from bohnen.bots.ismcts import IsmctsBot

    if isinstance(bot, IsmctsBot) and bot.settings.seconds is not None:
        return bot.settings.seconds
    return default
