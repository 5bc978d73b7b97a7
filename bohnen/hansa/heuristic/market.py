"""Fulfilling contracts, buying beans, returning beans: the heuristic bot in the city.

- **Fulfil** whenever it can, the best-paying contract first.
- **Buy** the bean whose purchase raises the bot's worth most (a bean a contract lacks,
  cheapest here; or one below its base price, a profit at the end), while the worth it
  adds clears a bar that rises as the aid fills up (8 beans at most) and as the money
  falls below what the coming Zoll will ask.
- **Return** a bean (only with 8 on the aid) when the room lets it buy a bean worth
  more to it than the one given back.
"""

from __future__ import annotations

from bohnen.hansa.actions import Buy, BuyScarce, Fulfil, HansaAction, Return
from bohnen.hansa.board import BEANS, STORAGE, Bean
from bohnen.hansa.data import ZOLL_JOURNEY
from bohnen.hansa.heuristic.scene import Scene
from bohnen.hansa.heuristic.worth import least_useful, my_worth

BUY_BAR = 0.3  # talers a purchase must add to the bot's worth
CROWDED = 6  # beans on the aid from which each more raises the bar
CROWD_BAR = 1.0  # talers the bar rises per bean beyond CROWDED
SHORT = 0.3  # talers per taler of money below the reserve for the coming Zoll


def fulfil(actions: list[HansaAction], sc: Scene) -> Fulfil | None:
    """The legal fulfilment that pays most."""
    best: Fulfil | None = None
    for action in actions:
        if type(action) is Fulfil and (best is None or sc.info.payout[action.contract]
                                       > sc.info.payout[best.contract]):
            best = action
    return best


def reserve(sc: Scene) -> int:
    """Money to keep for the Zoll when it comes up soon in the hand."""
    return ZOLL_JOURNEY if sc.zoll_index() <= 2 and sc.turns_left() >= 1 else 0


def price_of(sc: Scene, action: Buy | BuyScarce) -> int:
    city = sc.here
    bean = action.bean
    if type(action) is Buy:
        return sc.prices[city][bean]
    return max(row[bean] for row in sc.info.board.prices[city])


def purchase_gain(sc: Scene, bean: int, price: int, now: float, give: int = -1) -> float:
    """What buying ``bean`` at ``price`` (returning ``give`` first, if any) adds to the
    bot's worth ``now``, less the bars for a full aid and short money."""
    counts = list(sc.mine)
    counts[bean] += 1
    if give >= 0:
        counts[give] -= 1
    money = sc.money[sc.seat] - price
    gain = my_worth(sc, counts, money) - now
    if _completes(sc, counts):
        return gain  # fulfilled at once: the room and the money come back
    crowd = max(sum(counts) - CROWDED, 0) * CROWD_BAR
    short = max(reserve(sc) - money, 0) * SHORT
    return gain - crowd - short


def _completes(sc: Scene, counts: list[int]) -> bool:
    """Whether ``counts`` hold every bean of a contract of the bot's city."""
    inf = sc.info
    city = sc.here
    return any(inf.city_of[c] == city and all(counts[b] for b in inf.beans_of[c])
               for c in sc.contracts())


def buy(actions: list[HansaAction], sc: Scene) -> Buy | BuyScarce | None:
    """The purchase that adds most to the bot's worth, if it clears the bar."""
    now = my_worth(sc)
    best: Buy | BuyScarce | None = None
    best_gain = BUY_BAR
    tried: set[Bean] = set()
    for action in actions:
        if not isinstance(action, (Buy, BuyScarce)) or action.bean in tried:
            continue
        tried.add(action.bean)
        gain = purchase_gain(sc, action.bean, price_of(sc, action), now)
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def make_room(actions: list[HansaAction], sc: Scene) -> Return | None:
    """With a full aid in the trade phase: return the least useful bean when a bean sold
    here is worth more than it (the purchase follows)."""
    if sc.held() < STORAGE or not any(type(a) is Return for a in actions):
        return None
    inf = sc.info
    city = sc.here
    order = least_useful(sc)
    if not order:
        return None
    now = my_worth(sc)
    _, give = order[0]
    money = sc.money[sc.seat]
    for bean in inf.sells[city]:
        price = sc.prices[city][bean]
        if bean == give or not sc.stock[city][bean] or not 0 < price <= money:
            continue
        if purchase_gain(sc, bean, price, now, give) > BUY_BAR:
            return Return(sc.seat, BEANS[give])
    return None
