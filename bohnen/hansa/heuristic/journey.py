"""The set-up, the journey, the customs and buying contracts, for the heuristic bot.

**The journey.** Every legal destination (staying included) is played through in the
bot's head: the cards it plays (« en comptant la ville de départ et la ville
d'arrivée »), the Zoll among them (paid from money, then beans at base price, then a
loan repaid double), the contracts among them (on the table: fulfilled at the
destination this turn or lost), the contracts of the destination it can fulfil there,
buying what they lack at the destination's prices. The journey worth most afterwards
wins: money, beans, the prospects of the contracts kept seen from the destination,
less the Zoll payments to come.

**The Zoll** is one card in a cycle: every card played brings it nearer, so its cost
is counted as the payments expected over the rest of the game (the cards played now
and the cards the turns left will play), which makes playing it now or later the same
in mid-game, dear at the end (the game may end before it comes round again) and dear
whenever the money cannot pay it.

**The Nachschub** lays a Neue-Ernte card before the trade phase: the bot values it by
the chance that the card brings beans it will buy at the destination (the cards not
yet seen are known), and ends the game with it when it leads and the pile is down to
its last card.
"""

from __future__ import annotations

from bohnen.hansa.actions import Begin, BuyContract, Go, HansaAction, Sell, Stay
from bohnen.hansa.board import CONTRACT, STORAGE
from bohnen.hansa.data import CONTRACT_PRICE, ZOLL_JOURNEY
from bohnen.hansa.heuristic.scene import Scene
from bohnen.hansa.heuristic.worth import (
    STEP,
    least_useful,
    prospects,
    worth,
)

TEMPO = 0.5  # talers a card played costs beyond the Zoll (the contracts come forward)
NACHSCHUB_BEAN = 2.0  # talers a needed bean laid at the destination by a Nachschub is worth
SHOP_ABOVE_BASE = 2  # talers above its base price the bot pays for a bean a contract lacks
LEAD_END = 6.0  # talers for ending the game (the last Neue-Ernte card) when leading


# --- the set-up ------------------------------------------------------------------------


def begin(sc: Scene, actions: list[Begin]) -> Begin:
    """Of the dearest contracts the one whose fulfilment leaves the best start; of the
    other two, the one that needs more time (farther, more beans lacking) goes last."""
    inf = sc.info
    best: Begin = actions[0]
    best_key: tuple[float, float] | None = None
    for action in actions:
        start = inf.city_of[action.contract]
        counts = list(sc.mine)
        for b in inf.beans_of[action.contract]:
            counts[b] -= 1
        other = next(c for c in sc.hand if c > CONTRACT and c not in (action.contract,
                                                                        action.last))
        held = [other, action.last]
        value = worth(sc, start, inf.payout[action.contract], counts, held, 10.0)
        key = (value, _difficulty(sc, start, counts, action.last)
               - _difficulty(sc, start, counts, other))
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def _difficulty(sc: Scene, pos: int, counts: list[int], contract: int) -> float:
    inf = sc.info
    city = inf.city_of[contract]
    lacking = sum(1 for b in inf.beans_of[contract] if not counts[b])
    fetched = sum(1 for b in inf.beans_of[contract] if not counts[b] and b not in inf.sells[city])
    return inf.dist[pos][city] + lacking + 2 * fetched


# --- the journey -------------------------------------------------------------------------


def journey(sc: Scene, actions: list[HansaAction]) -> Stay | Go | None:
    """The best of the legal journeys (``Stay`` and ``Go`` among ``actions``)."""
    best: Stay | Go | None = None
    best_value = float("-inf")
    seen: set[int] = set()
    codes = sc.info.city_index
    for action in actions:
        if isinstance(action, Stay):
            dest, cards = sc.here, 1
        elif isinstance(action, Go):
            dest = codes[action.path[-1]]
            cards = len(action.path) + 1
        else:
            continue
        if dest in seen:
            continue  # every shortest path is as good
        seen.add(dest)
        value = journey_value(sc, dest, cards)
        if value > best_value:
            best, best_value = action, value
    return best


def journey_value(sc: Scene, dest: int, cards: int) -> float:
    """What the bot is worth after travelling to ``dest`` playing ``cards`` cards and
    fulfilling there what it can."""
    inf = sc.info
    seat = sc.seat
    hand = sc.hand
    played, rest = hand[:cards], hand[cards:]
    money = float(sc.money[seat])
    counts = list(sc.mine)
    zoll = inf.zoll[seat] in played
    nachschub = inf.nachschub[seat] in played
    value = 0.0
    if zoll:
        money, counts, loan = _customs(sc, money, counts)
        value += ZOLL_JOURNEY - 2 * loan  # the payment is counted below, over the game
    turns = sc.turns_left()
    if nachschub and sc.harvest_pile == 1 and not sc.last_round:
        turns = 0.0  # the last card: the last round begins, this turn is the last
        value += LEAD_END if _leads(sc) else -LEAD_END
    value -= ZOLL_JOURNEY * _zoll_payments(sc, cards, rest, zoll, turns)
    value -= TEMPO * cards
    table = [c for c in played if c > CONTRACT]
    held = [c for c in rest if c > CONTRACT] + table
    money, counts, done = fulfil_at(sc, dest, money, counts, held)
    kept = [c for c in held if c not in done and c not in table]
    money, counts = shop_at(sc, dest, money, counts, kept)
    index = {c: i for i, c in enumerate(rest) if c in kept}
    value += worth(sc, dest, money, counts, kept, turns, index)
    if nachschub and turns > 0:
        value += _nachschub_gain(sc, dest, counts, kept)
    return value


def _customs(sc: Scene, money: float, counts: list[int]) -> tuple[float, list[int], float]:
    """The Zoll of a journey: money, then beans at base price (the least useful first),
    then a loan. Returns the money, the beans and the loan left."""
    if money >= ZOLL_JOURNEY:
        return money - ZOLL_JOURNEY, counts, 0.0
    owed = ZOLL_JOURNEY - money
    base = sc.info.base
    for _, bean in least_useful(sc):
        while counts[bean] and owed > 0:
            counts[bean] -= 1
            owed -= base[bean]
    return 0.0, counts, max(owed, 0.0)


def _zoll_payments(sc: Scene, cards: int, rest: list[int], zoll: bool, turns: float) -> float:
    """The Zoll payments expected from now to the end of the game: the one now, then one
    each time the cards played come round to the Zoll again. The cards the turns left
    will play are a guess: the chance that they reach the Zoll grows smoothly with
    them, over a spread as wide as the guess itself."""
    future = sc.future_cards(turns)
    cycle = max(len(sc.hand), 3)
    at = len(rest) if zoll else sc.zoll_index() - cards  # the Zoll's place afterwards
    spread = max(future, 4.0)
    reach = min(max((future + spread / 2 - at) / spread, 0.0), 1.0)
    later = reach + max(future - at - cycle, 0.0) / cycle
    return (1.0 if zoll else 0.0) + later


def fulfil_at(sc: Scene, city: int, money: float, counts: list[int], held: list[int]
              ) -> tuple[float, list[int], list[int]]:
    """The contracts of ``city`` among ``held`` that can be fulfilled there, buying what
    they lack at the city's prices (dearest contracts first). Returns the money and the
    beans afterwards and the contracts fulfilled."""
    inf = sc.info
    done: list[int] = []
    stock = list(sc.stock[city])
    prices = sc.prices[city]
    room = STORAGE - sum(counts)
    mine = [c for c in held if inf.city_of[c] == city]
    for c in sorted(mine, key=inf.surplus.__getitem__, reverse=True):
        lacking = [b for b in inf.beans_of[c] if not counts[b]]
        if any(stock[b] <= 0 or not prices[b] for b in lacking):
            continue
        cost = sum(prices[b] for b in lacking)
        if cost > money or len(lacking) > room or inf.payout[c] <= cost:
            continue
        money += inf.payout[c] - cost
        for b in lacking:
            stock[b] -= 1
        for b in inf.beans_of[c]:
            if counts[b]:
                counts[b] -= 1
        room = STORAGE - sum(counts)
        done.append(c)
    return money, counts, done


def shop_at(sc: Scene, city: int, money: float, counts: list[int], held: list[int]
            ) -> tuple[float, list[int]]:
    """The beans ``held`` contracts lack that ``city`` sells at no more than a little
    above their base price, bought while money and room last (as the trade phase will)."""
    inf = sc.info
    prices = sc.prices[city]
    stock = list(sc.stock[city])
    have = list(counts)
    for c in sorted(held, key=inf.surplus.__getitem__, reverse=True):
        for b in inf.beans_of[c]:
            if have[b]:
                have[b] -= 1
                continue
            price = prices[b]
            if (stock[b] > 0 and 0 < price <= inf.base[b] + SHOP_ABOVE_BASE
                    and price <= money and sum(counts) < STORAGE):
                money -= price
                counts[b] += 1
                stock[b] -= 1
    return money, counts


def _nachschub_gain(sc: Scene, dest: int, counts: list[int], held: list[int]) -> float:
    """The chance that the Neue-Ernte card laid now brings beans the bot lacks to
    ``dest`` (cheaper there at once), in talers."""
    unseen = _unseen_harvests(sc)
    if not unseen:
        return 0.0
    inf = sc.info
    lacking = {b for c in held for b in inf.beans_of[c] if not counts[b]
               and b in inf.sells[dest]}
    if not lacking:
        return 0.0
    hits = sum(1 for h in unseen for b in lacking if (dest, b) in inf.harvest_piles[h])
    return NACHSCHUB_BEAN * hits / len(unseen)


def _unseen_harvests(sc: Scene) -> list[int]:
    view = sc.view
    if view is None:
        raise ValueError("the Neue-Ernte cards seen are read from a view")
    shown = {int(x[1:]) - 1 for x in view["harvest_discard"]}
    for p in view["players"]:
        shown.update(int(x[1:]) - 1 for x in p["harvest_before"])
    return [h for h in range(len(sc.info.harvest_piles)) if h not in shown]


def _leads(sc: Scene) -> bool:
    """Whether the bot's money and beans (at base price) top every other seat's."""
    base = sc.info.base

    def assets(seat: int) -> int:
        return sc.money[seat] - 2 * sc.loans[seat] + sum(
            base[b] * k for b, k in enumerate(sc.beans[seat]))

    mine = assets(sc.seat)
    return all(mine > assets(s) for s in range(sc.n) if s != sc.seat)


# --- the customs short of money ----------------------------------------------------------


def sell(sc: Scene, actions: list[Sell]) -> Sell:
    """The bean to give for the Zoll: the one whose loss costs least, counting what a
    bean worth more than is still owed gives away for nothing."""
    owed = sc.customs_due
    base = sc.info.base
    best = actions[0]
    best_loss = float("inf")
    losses = {b: loss for loss, b in least_useful(sc)}
    for action in actions:
        b = action.bean
        loss = losses.get(b, float(base[b])) - min(base[b], owed)
        if loss < best_loss:
            best, best_loss = action, loss
    return best


# --- buying a contract ---------------------------------------------------------------------


def buy_contract(sc: Scene, actions: list[HansaAction]) -> BuyContract | None:
    """A contract bought (5 talers and an ordinary travel card) when the money is spare,
    the hand holds few contracts, enough turns remain, and a contract drawn blind is
    worth more on average than what it costs."""
    buys = [a for a in actions if type(a) is BuyContract]
    if not buys or sc.last_round:
        return None
    seat = sc.seat
    turns = sc.turns_left()
    held = sc.contracts()
    travel = sum(1 for c in sc.hand if c < CONTRACT)
    reserve = ZOLL_JOURNEY if sc.zoll_index() <= 3 else 0
    if (turns < 3 or len(held) >= 3 or travel <= 5
            or sc.money[seat] < CONTRACT_PRICE + reserve + 10):
        return None
    pool = _unseen_contracts(sc)
    if not pool:
        return None
    base_line = prospects(sc, sc.here, sc.mine, held, turns)
    gain = 0.0
    for c in pool:
        gain += prospects(sc, sc.here, sc.mine, [*held, c], turns) - base_line
    gain /= len(pool)
    if gain <= CONTRACT_PRICE + STEP:
        return None
    last = max(buys, key=lambda a: sc.hand.index(a.card))  # the card farthest back
    return last


def _unseen_contracts(sc: Scene) -> list[int]:
    view = sc.view
    if view is None:
        raise ValueError("the contracts seen are read from a view")
    seen = set(sc.hand) | set(sc.table)
    seen.update(CONTRACT + int(x[1:]) for x in view["contract_discard"])
    return [c for c in sc.info.payout if c not in seen]
