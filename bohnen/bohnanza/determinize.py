"""Determinization: a state a seat cannot tell from the true one, hidden cards re-dealt.

Search bots sample these instead of reading the hidden cards (decisions.md 13: the
other hands and the draw pile are hidden).
"""

from __future__ import annotations

import random
from collections import Counter

from bohnen.bohnanza.state import BohnanzaState, Proposal


def determinize(state: BohnanzaState, seat: int | None, rng: random.Random) -> BohnanzaState:
    """A state ``seat`` cannot tell from this one, with every hidden card re-dealt.

    Hidden cards are the other hands and the draw pile. Beans that others offered in
    open proposals stay in their hands (they were announced), at random positions,
    and the proposals point at them. Future reshuffles get a fresh seed.
    """
    out = state.clone()
    others = [s for s in range(state.n) if s != seat]
    pool: list[int] = list(state.draw)
    for s in others:
        pool.extend(state.hands[s])
    announced = {s: _announced(state, s) for s in others}
    for s in others:
        for bean, k in announced[s].items():
            for _ in range(k):
                pool.remove(bean)
    pool.sort()  # the pool's order must not depend on where the hidden cards were
    rng.shuffle(pool)
    pending = list(out.pending)
    for s in others:
        hand = [b for b, k in announced[s].items() for _ in range(k)]
        extra = len(state.hands[s]) - len(hand)
        hand += pool[len(pool) - extra:] if extra else []
        del pool[len(pool) - extra:]
        rng.shuffle(hand)
        out.hands[s] = tuple(hand)
        pending = [_repoint(p, out.hands[s], rng) if p.frm == s else p for p in pending]
    out.draw = tuple(pool)
    out.pending = tuple(pending)
    out.rng = rng.getrandbits(64)
    return out


def _announced(state: BohnanzaState, seat: int) -> Counter[int]:
    """Beans ``seat`` is known to hold: the most of each offered in one open proposal."""
    need: Counter[int] = Counter()
    for p in state.pending:
        if p.frm == seat:
            for bean, k in Counter(p.hand_beans).items():
                need[bean] = max(need[bean], k)
    return need


def _repoint(p: Proposal, hand: tuple[int, ...], rng: random.Random) -> Proposal:
    order = list(range(len(hand)))
    rng.shuffle(order)
    used: list[int] = []
    for bean in p.hand_beans:
        pos = next(i for i in order if hand[i] == bean and i not in used)
        used.append(pos)
    used.sort()
    return p._replace(hand=tuple(used), hand_beans=tuple(hand[i] for i in used))
