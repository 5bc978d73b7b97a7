"""What a seat's position is worth to the heuristic bot, in talers at the end of the game.

Worth = money + the beans at their base price (what they fetch at the end) + the
**prospects** of the contracts it holds. A contract's prospect is its surplus (payout
less the base prices of its beans, which the seat gives up) less what it still costs:
the route steps to its city (cards played, time), the beans it lacks at what they cost
now beyond their base price (bought in the contract's city, or fetched on a detour
through a city that sells them), all weighed by the chance of getting there — lower for
each missing bean, lower for a detour, nothing once the seat has no turn left to do it
(except a contract it could fulfil where it stands at the end). Beans held go to the
dearest contracts first.

Comparing worths before and after a move (a purchase, a journey, a deal) is how every
decision of the bot is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.hansa.heuristic.scene import Scene

STEP = 2.0  # talers a route step costs: a card played (the Zoll comes round sooner), time
MISSING = 0.8  # chance kept per missing bean sold in the contract's city
DETOUR = 0.6  # chance kept per missing bean to be fetched elsewhere
NOWHERE = 0.3  # chance kept per missing bean on no ladder (a trade or a harvest may bring it)
UNKNOWN_COST = 8.0  # its extra cost then
LATE = 0.3  # chance kept when the contract would be played from the hand before a detour ends
WAIT = 5.0  # talers a turn of waiting costs a contract (anything may happen meanwhile)
SPARE = 0.15  # worth kept of a contract beyond the turns left (their number is a guess)


def acquire(sc: Scene, bean: int, frm: int, city: int) -> tuple[float, int] | None:
    """The cheapest way to have ``bean`` in ``city`` coming from ``frm``: its extra cost
    (price beyond the base price, plus the detour's steps) and the city that sells it;
    None if no ladder holds it."""
    inf = sc.info
    dist = inf.dist
    base = inf.base[bean]
    direct = dist[frm][city]
    best: tuple[float, int] | None = None
    for seller in inf.sellers[bean]:
        if sc.stock[seller][bean] <= 0:
            continue
        cost = sc.prices[seller][bean] - base + STEP * (dist[frm][seller] + dist[seller][city]
                                                        - direct)
        if best is None or cost < best[0]:
            best = (cost, seller)
    return best


def prospects(sc: Scene, pos: int, counts: Sequence[int], contracts: Sequence[int],
              turns: float, index: dict[int, int] | None = None) -> float:
    """The summed prospects of ``contracts`` for a seat in ``pos`` holding ``counts``
    with ``turns`` own turns to come; ``index``: where each contract lies in its hand
    (a contract reaching the front is played, and lost unless fulfilled that turn).

    Turns are the scarce thing: the contracts of one city take one turn together (two
    with a detour for a bean), those complete where the seat stands none; the turns
    left go to the cities worth most a turn, and what they cannot reach counts for
    little (the number of turns left is a guess)."""
    inf = sc.info
    have = list(counts)
    dist_from = inf.dist[pos]
    surplus = inf.surplus
    free = 0.0
    groups: dict[int, list[float]] = {}  # city -> [value, turns needed]
    for c in sorted(contracts, key=surplus.__getitem__, reverse=True):
        city = inf.city_of[c]
        d = dist_from[city]
        value = surplus[c] - STEP * d
        chance = 1.0
        needed = 1 if d else 0
        for b in inf.beans_of[c]:
            if have[b]:
                have[b] -= 1
                continue
            needed = max(needed, 1)
            if sc.stock[city][b] > 0 and b in inf.sells[city]:
                value -= sc.prices[city][b] - inf.base[b]
                chance *= MISSING
                continue
            got = acquire(sc, b, pos, city)
            if got is None:
                value -= UNKNOWN_COST
                chance *= NOWHERE
                continue
            cost, via = got
            value -= cost
            chance *= DETOUR
            if via != pos:
                needed = 2
                j = index.get(c) if index is not None else None
                if j is not None and j <= dist_from[via]:
                    chance *= LATE
        if value <= 0.0:
            continue
        if not needed:
            free += value
            continue
        value -= WAIT * needed
        if value <= 0.0:
            continue
        group = groups.setdefault(city, [0.0, 0.0])
        group[0] += value * chance
        group[1] = max(group[1], needed)
    total = free
    left = turns
    for gain, need in sorted(groups.values(), key=lambda g: g[0] / g[1], reverse=True):
        share = min(max(left, 0.0) / need, 1.0)
        total += gain * (share + (1.0 - share) * SPARE)
        left -= need
    return total


def worth(sc: Scene, pos: int, money: float, counts: Sequence[int], contracts: Sequence[int],
          turns: float, index: dict[int, int] | None = None) -> float:
    """Money, beans at base price and the contracts' prospects."""
    base = sc.info.base
    beans = sum(base[b] * k for b, k in enumerate(counts) if k)
    return money + beans + prospects(sc, pos, counts, contracts, turns, index)


def hand_index(hand: Sequence[int], contracts: Sequence[int]) -> dict[int, int]:
    """Where each of ``contracts`` lies in ``hand`` (those on the table are not there)."""
    return {c: i for i, c in enumerate(hand) if c in contracts}


def my_worth(sc: Scene, counts: Sequence[int] | None = None, money: float | None = None,
             pos: int | None = None, contracts: Sequence[int] | None = None,
             turns: float | None = None) -> float:
    """The bot's worth as it stands, with any of its parts replaced."""
    held = sc.contracts() if contracts is None else contracts
    return worth(sc, sc.here if pos is None else pos,
                 sc.money[sc.seat] if money is None else money,
                 sc.mine if counts is None else counts, held,
                 sc.turns_left() if turns is None else turns, hand_index(sc.hand, held))


def bean_loss(sc: Scene, bean: int) -> float:
    """What giving up one ``bean`` costs the bot (its base price and its use)."""
    counts = list(sc.mine)
    before = my_worth(sc, counts)
    counts[bean] -= 1
    return before - my_worth(sc, counts)


def least_useful(sc: Scene, keep: Sequence[int] = ()) -> list[tuple[float, int]]:
    """The bot's bean types by what losing one costs, least first (``keep`` left out)."""
    out = []
    for b, k in enumerate(sc.mine):
        if k > keep.count(b):
            out.append((bean_loss(sc, b), b))
    out.sort()
    return out
