"""How often one client may ask for something costly (setting up a table): a token
bucket per client address, ``rate`` a second on average with ``burst`` at once.

The buckets are the throttle's only memory, and it is bounded: a client's bucket is
forgotten once it has filled up again (a full bucket is what an unknown client gets),
and at most ``clients`` buckets are kept at once (the least recently used is forgotten
first: under a flood of addresses, each of them still waits its turn once its burst is
spent). The time comes from ``clock`` (seconds), given so that tests drive it.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

MAX_CLIENTS = 10_000  # buckets kept at once


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float  # when ``tokens`` was counted


class Throttle:
    """Token buckets per client (see the module)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.time,
                 clients: int = MAX_CLIENTS) -> None:
        if not rate > 0 or burst < 1 or clients < 1:
            raise ValueError("a throttle needs a rate above 0, a burst and room for a "
                             "client")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.clients = clients
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def __len__(self) -> int:
        """The buckets kept now."""
        return len(self._buckets)

    def take(self, client: str) -> float:
        """Take one from ``client``'s bucket: 0 if it may go on, else the seconds until
        it may (nothing taken then)."""
        now = self.clock()
        self._forget_full(now)
        bucket = self._buckets.pop(client, None) or _Bucket(float(self.burst), now)
        bucket.tokens = self._tokens(bucket, now)
        bucket.at = now
        self._buckets[client] = bucket  # the most recently used, last
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.rate

    def _tokens(self, bucket: _Bucket, now: float) -> float:
        """The bucket's tokens at ``now`` (a clock gone back refills nothing)."""
        return min(float(self.burst), bucket.tokens + max(now - bucket.at, 0.0) * self.rate)

    def _forget_full(self, now: float) -> None:
        """Forget the least recently used buckets that have filled up again."""
        while self._buckets:
            client, bucket = next(iter(self._buckets.items()))
            if self._tokens(bucket, now) < self.burst:
                return
            del self._buckets[client]


def retry_after(seconds: float) -> str:
    """The ``Retry-After`` header's value for a wait of ``seconds`` (whole seconds, at
    least 1)."""
    return str(max(1, math.ceil(seconds)))
