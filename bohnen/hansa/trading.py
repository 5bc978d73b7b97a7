"""The trade phase's negotiation: deals proposed, countered, accepted as one package.

Every deal is between the active player and one other seat (the guest). A deal
names the beans each side gives and the beans the active player buys in the city
for the guest. A guest in another city is *invited*: on acceptance it moves to the
active player's city and plays the first card of its hand (Zoll: 15 talers, the
beans promised in the deal kept out of a sale when it is short of money;
Nachschub: a Neue-Ernte card laid before it, placed at its next turn; a contract:
discarded; any card but a contract goes back to the end of the hand), then the
purchases and the exchange are carried out. All of it happens at once, so a deal
is binding by construction (decisions.md, Bohn Hansa 4).

Turn-based: one seat holds the floor (the active player first); it proposes, or
passes the floor on. A proposal must be answered (accept, decline, counter) before
anything else. ``max_proposals_per_turn`` bounds each seat's proposals of a trade
phase (or the table's, with ``proposal_allowance=shared``), and the active player may
not pass once everyone has passed since the last one.

Who may deal when is the rules' table (``rules.OPEN``); here are what a deal must be
(:func:`proposal_problem`, :func:`deal_problem`, :func:`pass_problem`) and the effects.
"""

from __future__ import annotations

from itertools import combinations

from bohnen.hansa.board import BEAN_TYPES, BEANS, CODES, CONTRACT, STORAGE, Bean
from bohnen.hansa.data import ZOLL_INVITED, HansaData, Proposal
from bohnen.hansa.events import (
    Accepted,
    CustomsPaid,
    Dealt,
    Declined,
    Events,
    HarvestWaits,
    Invited,
    Passed,
    Proposed,
)
from bohnen.hansa.flow import draw_harvest, loan, pay, sell, take_from_ladder

Beans = tuple[Bean, ...]


def covers(have: list[int], beans: Beans) -> bool:
    """``have`` (a count per bean, none below zero) holds ``beans`` (a deal's few)."""
    for b in beans:  # noqa: SIM110 (a loop: no generator made per call)
        if have[b] < beans.count(b):
            return False
    return True


def on_ladder(s: HansaData, bean: int) -> int:
    """Tokens of ``bean`` on the ladder of the active player's city."""
    return sum(c for b, c in s.ladders[s.positions[s.active]] if b == bean)


# --- proposals ----------------------------------------------------------------------------


def allowance_problem(s: HansaData, seat: int) -> str | None:
    """Why ``seat`` may make no more proposals in this trade phase (None: it may)."""
    if s.proposals_left(seat) > 0:
        return None
    budget = s.options.max_proposals_per_turn
    if s.options.proposal_allowance == "per_seat":
        return f"seat {seat}'s proposals of this turn are used up ({budget} per seat)"
    return f"the table's proposals of this turn are used up ({budget} in all)"


def proposal_problem(s: HansaData, seat: int, to: int, gives: Beans, wants: Beans,
                     buys: Beans) -> str | None:
    """Why ``seat`` may not propose (or counter with) this deal to ``to`` (None: it may):
    its allowance, the parties, the beans it gives, the beans bought, an empty deal."""
    problem = allowance_problem(s, seat)
    if problem is not None:
        return problem
    active = s.active
    if to == seat or active not in (seat, to):
        return f"every deal is between the active player (seat {active}) and another seat"
    guest = to if seat == active else seat
    city = s.positions[active]
    for b in buys:
        if b not in s.board.city_beans[city]:
            return f"{s.board.city_codes[city]} does not sell {CODES[b]}"
    if not covers(s.counts(seat), gives):
        return f"seat {seat} does not have the beans it gives"
    invite = s.positions[guest] != city
    if not invite and not (gives or wants or buys):
        return "the deal moves nothing"
    return None


def make_proposal(s: HansaData, seat: int, to: int, gives: Beans, wants: Beans,
                  buys: Beans) -> Proposal:
    """The deal of a checked proposal or counter (``gives``, ``wants``, ``buys`` sorted)."""
    active = s.active
    guest = to if seat == active else seat
    invite = s.positions[guest] != s.positions[active]
    active_gives, guest_gives = (gives, wants) if seat == active else (wants, gives)
    return Proposal(s.next_pid, seat, to, guest, invite, active_gives, guest_gives, buys)


def open_proposal(s: HansaData, p: Proposal, events: Events | None, answer_to: int | None) -> None:
    """``p`` awaits its answer (``answer_to``: the proposal it counters)."""
    s.pending = p
    s.next_pid += 1
    s.proposals_made[p.proposer] += 1
    s.passes = 0
    if events is not None:
        events.append(Proposed(p, s.active, answer_to, s.board.bean_names))


# --- acceptance: the whole package -------------------------------------------------------


def _prices(s: HansaData, p: Proposal) -> int:
    city = s.positions[s.active]
    row = s.board.prices[city][s.price_slot]
    return sum(row[b] for b in p.active_buys)


def best_sale(s: HansaData, have: list[int], owed: int) -> Beans:
    """The beans an invited player short of money sells for its customs: the cheapest
    set worth at least ``owed`` (fewest beans, then first in bean order, on a tie), or
    all of them when they are not worth that much. Such a set is a one-by-one sale
    that stops as soon as the customs is paid, as the text asks."""
    base = s.board.base
    beans = tuple(bean for bean, count in zip(BEANS, have, strict=True) for _ in range(count))
    if sum(base[b] for b in beans) <= owed:
        return beans
    best: Beans = beans
    best_key = (sum(base[b] for b in beans), len(beans), beans)
    for r in range(1, len(beans) + 1):
        for combo in set(combinations(beans, r)):
            value = sum(base[b] for b in combo)
            key = (value, r, combo)
            if value >= owed and key < best_key:
                best, best_key = combo, key
    return best


def deal_problem(s: HansaData, p: Proposal) -> str | None:
    """Why the package of ``p`` cannot be carried out (None: it can). Public facts only:
    the invited player's first card (hidden) never makes a deal fail, since the beans it
    promised are kept out of a customs sale (a loan covers what the rest does not)."""
    active, guest = s.active, p.guest
    guest_has = s.counts(guest)
    if not covers(guest_has, p.guest_gives):
        return f"seat {guest} does not have the beans it gives"
    if not covers(s.counts(active), p.active_gives):
        return f"seat {active} does not have the beans it gives"
    for b in set(p.active_buys):
        if on_ladder(s, b) < p.active_buys.count(b):
            return f"the ladder lacks {CODES[b]} to buy"
    if s.money[active] < _prices(s, p):
        return f"seat {active} cannot pay {_prices(s, p)} talers for the purchases"
    if s.held(active) - len(p.active_gives) + len(p.guest_gives) > STORAGE:
        return f"seat {active} would hold more than {STORAGE} beans"
    if (sum(guest_has) - len(p.guest_gives) + len(p.active_gives) + len(p.active_buys)
            > STORAGE):
        return f"seat {guest} would hold more than {STORAGE} beans"
    return None


def accept(s: HansaData, seat: int, p: Proposal, events: Events | None) -> None:
    """The whole package at once: the invitation, the purchases, the exchange."""
    s.pending = None
    if events is not None:
        events.append(Accepted(p.pid, seat))
    if p.invite:
        _invited(s, p, events, seen_by=seat)
    _carry_out(s, p, events)


def _invited(s: HansaData, p: Proposal, events: Events | None, seen_by: int) -> None:
    """The guest comes and plays the first card of its hand: hidden until now from every
    seat but the guest, so it reveals a card unless the guest accepted (``seen_by``)."""
    guest = p.guest
    s.positions[guest] = s.positions[s.active]
    hand = s.hands[guest]
    card, s.hands[guest] = hand[0], hand[1:]
    kind = s.kind(guest, card)
    if events is not None:
        events.append(Invited(guest, card, kind, s.board.city_names[s.positions[guest]],
                              seen_by == guest))
    if kind == "contract":
        s.contract_discard = tuple(sorted((*s.contract_discard, card - CONTRACT)))
        return
    if kind == "zoll":
        _invited_customs(s, p, events)
    elif kind == "nachschub":
        drawn = draw_harvest(s)
        if drawn >= 0:
            s.harvest_before[guest] = (*s.harvest_before[guest], drawn)
            if events is not None:
                events.append(HarvestWaits(guest, drawn))
    s.hands[guest] = (*s.hands[guest], card)


def _invited_customs(s: HansaData, p: Proposal, events: Events | None) -> None:
    guest = p.guest
    owed = ZOLL_INVITED - s.money[guest]
    if owed <= 0:
        pay(s, guest, ZOLL_INVITED)
        if events is not None:
            events.append(CustomsPaid(guest, ZOLL_INVITED))
        return
    pay(s, guest, s.money[guest])
    free = s.counts(guest)
    for b in p.guest_gives:
        free[b] -= 1
    for b in best_sale(s, free, owed):
        owed = sell(s, guest, b, owed, events)
    if owed > 0:
        loan(s, guest, owed, events)


def _carry_out(s: HansaData, p: Proposal, events: Events | None) -> None:
    active, guest = s.active, p.guest
    city = s.positions[active]
    storage = s.storage
    row = s.board.prices[city][s.price_slot]
    for bean in p.active_buys:
        slot = max(i for i, (b, c) in enumerate(s.ladders[city]) if b == bean and c)
        take_from_ladder(s, city, slot)
        pay(s, active, row[bean])
        storage[guest * BEAN_TYPES + bean] += 1
    for bean in p.active_gives:
        storage[active * BEAN_TYPES + bean] -= 1
        storage[guest * BEAN_TYPES + bean] += 1
    for bean in p.guest_gives:
        storage[guest * BEAN_TYPES + bean] -= 1
        storage[active * BEAN_TYPES + bean] += 1
    if events is not None:
        events.append(Dealt(p))


def decline(s: HansaData, seat: int, pid: int, events: Events | None) -> None:
    s.pending = None
    if events is not None:
        events.append(Declined(pid, seat))


# --- the floor ----------------------------------------------------------------------------


def pass_problem(s: HansaData, seat: int) -> str | None:
    """Why the seat holding the floor may not pass it on (None: it may)."""
    if seat == s.active and s.passes >= s.player_count - 1:
        return ("everybody has passed since the last proposal: propose or end the "
                "trading")
    return None


def pass_floor(s: HansaData, seat: int, events: Events | None) -> None:
    s.floor = (s.floor + 1) % s.player_count
    s.passes += 1
    if events is not None:
        events.append(Passed(seat, s.floor))
