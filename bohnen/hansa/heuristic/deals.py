"""Invitations and trades for the heuristic bot.

Every deal is judged by what it changes in the bot's worth (``worth.py``): the beans
given and received, what the active player pays for the beans it buys, and for an
invited guest the move to the active player's city (where a contract may be waiting)
and the first card of its hand, which it plays (a Zoll: 15 talers; a contract: lost).

- **Answering.** Accept a deal that adds to the worth (one that completes a contract,
  or brings beans worth more at base price than those given); decline otherwise — a
  gift of nothing that costs a card, a Zoll or a contract is declined.
- **As the active player.** When a contract of this city lacks one bean the city does
  not sell and another seat holds it, propose to that seat: the bean for one of the
  bot's beans worth as much at base price (more for an invitation, which costs the
  guest a card), else for a bean bought here for it. Each deal is proposed once a turn.
- **As another seat holding the floor.** Ask the active player for an invitation into
  its city when the bot holds a contract there it could then fulfil (at its next turn,
  or at the end of the game in the last round), paying with a bean worth more to the
  active player than what the bot asks of it; or, in the same city, trade for the bean
  a contract there lacks.
"""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.hansa.actions import Accept, Decline, HansaAction, Propose
from bohnen.hansa.board import BEANS, CONTRACT, STORAGE
from bohnen.hansa.data import ZOLL_INVITED
from bohnen.hansa.heuristic.scene import Scene, card, info
from bohnen.hansa.heuristic.worth import hand_index, least_useful, my_worth, worth
from bohnen.hansa.view_types import SeatView

ACCEPT_BAR = 0.5  # talers a deal must add to the bot's worth to be accepted
PROPOSE_BAR = 3.0  # talers a deal must add to the bot's worth to be proposed
INVITE_SWEETENER = 3  # base-price talers an invitation offers beyond the bean asked
CARD = 2.5  # talers a card played costs (the Zoll comes round sooner)

Deal = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # active gives, guest gives, buys


def _beans(sc: Scene, codes: Sequence[str]) -> tuple[int, ...]:
    index = sc.info.bean_index
    return tuple(index[c] for c in codes)


def deal_gain(sc: Scene, guest: int, invite: bool, deal: Deal) -> float:
    """What the deal adds to the bot's worth (the bot is the active player or ``guest``)."""
    to_guest, to_active, buys = deal
    seat = sc.seat
    counts = list(sc.mine)
    money = float(sc.money[seat])
    pos = sc.here
    held = sc.contracts()
    hand = sc.hand
    extra = 0.0
    if seat == guest:
        for b in to_active:
            counts[b] -= 1
        for b in (*to_guest, *buys):
            counts[b] += 1
        if invite:
            pos = sc.pos[sc.active]
            first, hand = hand[0], hand[1:]
            if first > CONTRACT:
                held = [c for c in held if c != first]
            else:
                hand = [*hand, first]
                extra -= CARD
                if first == sc.info.zoll[seat]:
                    money -= ZOLL_INVITED
                    if money < 0:
                        extra += money  # a loan, or beans sold short: dearer than money
    else:
        for b in to_guest:
            counts[b] -= 1
        for b in to_active:
            counts[b] += 1
        city = sc.here
        money -= sum(sc.prices[city][b] for b in buys)
    if min(counts) < 0 or sum(counts) > STORAGE or (money < 0 and seat != guest):
        return float("-inf")
    after = worth(sc, pos, money, counts, held, sc.turns_left(), hand_index(hand, held))
    return after + extra - my_worth(sc)


def answer(sc: Scene, actions: list[HansaAction]) -> HansaAction:
    """Accept the pending deal if it adds to the bot's worth, else decline."""
    p = sc.pending
    if p is None:
        raise ValueError("no proposal awaits an answer")
    deal = (_beans(sc, p["active_gives"]), _beans(sc, p["guest_gives"]),
            _beans(sc, p["active_buys"]))
    accept = next((a for a in actions if type(a) is Accept), None)
    if accept is not None and deal_gain(sc, p["guest"], p["invite"], deal) > ACCEPT_BAR:
        return accept
    return next((a for a in actions if type(a) is Decline), actions[0])


def _propose(sc: Scene, to: int, deal: Deal) -> Propose:
    to_guest, to_active, buys = deal
    mine, theirs = (to_guest, to_active) if sc.is_active else (to_active, to_guest)
    return Propose(sc.seat, to, tuple(BEANS[b] for b in mine), tuple(BEANS[b] for b in theirs),
                   tuple(BEANS[b] for b in buys))


def _fits(sc: Scene, guest: int, deal: Deal) -> bool:
    """Both aids hold at most 8 beans afterwards, the active player can pay, the city
    holds the beans to buy, and the deal keeps to the generated proposals' size."""
    to_guest, to_active, buys = deal
    size = sc.proposal_size
    if len(to_guest) > size or len(to_active) > size or len(buys) > min(size, 1):
        return False
    active = sc.active
    city = sc.pos[active]
    if any(not sc.stock[city][b] for b in buys):
        return False
    if sum(sc.prices[city][b] for b in buys) > sc.money[active]:
        return False
    if sc.held(active) - len(to_guest) + len(to_active) > STORAGE:
        return False
    return sc.held(guest) - len(to_active) + len(to_guest) + len(buys) <= STORAGE


def active_offers(sc: Scene) -> list[tuple[int, Deal]]:
    """Deals the active bot may propose: the bean a contract of this city lacks (one
    the city does not sell), from a seat holding it."""
    inf = sc.info
    city = sc.here
    counts = sc.mine
    out: list[tuple[int, Deal]] = []
    for c in sorted(sc.contracts(), key=inf.payout.__getitem__, reverse=True):
        if inf.city_of[c] != city:
            continue
        lacking = [b for b in inf.beans_of[c] if not counts[b]]
        unsold = [b for b in lacking if not sc.stock[city][b] or b not in inf.sells[city]]
        if len(unsold) != 1:
            continue
        want = unsold[0]
        spare = [b for _, b in least_useful(sc, inf.beans_of[c])]
        holders = sorted((s for s in range(sc.n) if s != sc.seat and sc.beans[s][want]),
                         key=lambda s: (sc.pos[s] != city, -sc.beans[s][want], s))
        for s in holders:
            invite = sc.pos[s] != city
            bar = inf.base[want] + (INVITE_SWEETENER if invite else 0)
            gives = [b for b in spare if inf.base[b] >= bar]
            if gives:
                out.append((s, ((gives[0],), (want,), ())))
            buys = sorted((b for b in inf.sells[city] if sc.stock[city][b]
                           and inf.base[b] >= bar), key=lambda b: sc.prices[city][b])
            if buys:
                out.append((s, ((), (want,), (buys[0],))))
    return out


def may_ask(view: SeatView, seat: int) -> bool:
    """Whether the bot, holding the floor in another seat's turn, holds a contract for
    the active player's city (read from the view alone, before the whole scene)."""
    inf = info(view["options"])
    players = view["players"]
    city = inf.city_index[players[view["active"]]["city"]]
    return any(text[0] == "C" and inf.city_of[card(text)] == city
               for text in players[seat]["hand"] or ())


def guest_offers(sc: Scene) -> list[tuple[int, Deal]]:
    """Deals the bot may propose to the active player from another seat: an invitation
    into its city for a contract there, or a trade for the bean one lacks."""
    inf = sc.info
    active = sc.active
    city = sc.pos[active]
    counts = sc.mine
    out: list[tuple[int, Deal]] = []
    for c in sorted(sc.contracts(), key=inf.payout.__getitem__, reverse=True):
        if inf.city_of[c] != city:
            continue
        lacking = [b for b in inf.beans_of[c] if not counts[b]]
        if len(lacking) > 1 or (not lacking and sc.here == city):
            continue
        spare = [b for _, b in least_useful(sc, inf.beans_of[c])]
        if not lacking:
            if spare:
                out.append((active, ((), (spare[0],), ())))
            continue
        want = lacking[0]
        if sc.beans[active][want]:
            gives = [b for b in spare if inf.base[b] > inf.base[want]]
            if gives:
                out.append((active, ((want,), (gives[0],), ())))
        if sc.stock[city][want] and want in inf.sells[city]:
            price = sc.prices[city][want]
            gives = [b for b in spare if inf.base[b] > price]
            if gives:
                out.append((active, ((), (gives[0],), (want,))))
    return out


def propose(sc: Scene, tried: set[Propose], offers: list[tuple[int, Deal]]) -> Propose | None:
    """The first of ``offers`` not yet proposed this turn that fits and pays the bot."""
    if sc.proposals_left <= 0:
        return None
    for to, deal in offers:
        guest = to if sc.is_active else sc.seat
        if not _fits(sc, guest, deal):
            continue
        action = _propose(sc, to, deal)
        if action in tried:
            continue
        invite = sc.pos[guest] != sc.pos[sc.active]
        if deal_gain(sc, guest, invite, deal) > PROPOSE_BAR:
            return action
    return None
