"""Why the heuristic bot makes a move, in one line: the hint's reason at the terminal.

The bot weighs every move by what the seat is worth after it, and what moves that
worth is its contracts (``worth.py``): the reason names the contracts that decided the
move, their city, payout and the beans they lack (a fulfilment, a purchase, a journey
toward a contract's city or a city that sells a bean it lacks, a bean given up that
no contract needs). It reads only the seat's view (its hand, the contracts it holds
and those on the table as the active player), so a reason says nothing the seat may
not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from bohnen.core.bots import Decision
from bohnen.hansa.actions import (
    Accept,
    Begin,
    Buy,
    BuyContract,
    BuyScarce,
    Decline,
    Done,
    EndTrading,
    EndTurn,
    Fulfil,
    Go,
    HansaAction,
    Pass,
    Propose,
    Return,
    Sell,
    Stay,
    bean_text,
)
from bohnen.hansa.board import card_text

JSON = Mapping[str, Any]


class _Seen:
    """The seat's contracts and beans, as its view shows them."""

    def __init__(self, view: JSON, seat: int) -> None:
        board = view["board"]
        self.view = view
        me = view["players"][seat]
        self.beans: Mapping[str, int] = me["beans"]
        self.here: str = me["city"]
        self.bean_names: dict[str, str] = {b["code"]: b["name"] for b in board["beans"]}
        self.city_names: dict[str, str] = {c["code"]: c["name"] for c in board["cities"]}
        cards = [c for c in me["hand"] or () if c.startswith("C")]
        if view["active"] == seat:
            cards += list(view["table"])
        self.contracts: list[str] = [c for c in cards if c in view["contracts"]]

    def city(self, code: str) -> str:
        return self.city_names.get(code, code)

    def bean(self, code: str) -> str:
        return self.bean_names.get(code, code)

    def facts(self, card: str) -> JSON:
        return cast(JSON, self.view["contracts"][card])

    def lacks(self, card: str) -> list[str]:
        """The beans contract ``card`` asks that the seat does not hold."""
        return [b for b in self.facts(card)["beans"] if not self.beans.get(b, 0)]

    def needing(self, bean: str) -> list[str]:
        """The seat's contracts that ask for ``bean``."""
        return [c for c in self.contracts if bean in self.facts(c)["beans"]]

    def named(self, card: str) -> str:
        """``C58 (Rostock, 35 talers)``."""
        facts = self.facts(card)
        return f"{card} ({self.city(facts['city'])}, {facts['payout']} talers)"


def _fulfil(seen: _Seen, card: str) -> str:
    if card not in seen.view["contracts"]:
        return "it pays most of the contracts you can fulfil here"
    return f"contract {seen.named(card)} pays most of those you can fulfil here"


def _buy(seen: _Seen, bean: str) -> str:
    need = seen.needing(bean)
    if not need:
        return f"the {seen.bean(bean)} is worth more to you than its price"
    done = [c for c in need if seen.lacks(c) == [bean]]
    if done:
        return f"it completes contract {seen.named(done[0])}"
    return f"your contract {seen.named(need[0])} needs it"


def _journey(seen: _Seen, path: Sequence[str]) -> str:
    dest = path[-1] if path else seen.here
    there = [c for c in seen.contracts if seen.facts(c)["city"] == dest]
    if there:
        return f"your contract {seen.named(there[0])} is fulfilled there"
    on_way = [c for c in seen.contracts if seen.facts(c)["city"] in path]
    if on_way:
        return f"it passes {seen.city(seen.facts(on_way[0])['city'])}, the city of {on_way[0]}"
    sells = [b for b in seen.view["cities"] if b["code"] == dest]
    lacking = {b for c in seen.contracts for b in seen.lacks(c)}
    cheap = [b for b in (sells[0]["prices"] if sells else {}) if b in lacking]
    if cheap:
        return (f"{seen.city(dest)} sells the {seen.bean(cheap[0])} your contracts lack")
    return "of the journeys it leaves you worth most, counting the cards it plays"


def _least_needed(seen: _Seen, bean: str, why: str) -> str:
    need = seen.needing(bean)
    if need:
        return f"{why}: the {seen.bean(bean)} costs your contracts least"
    return f"{why}: no contract of yours needs the {seen.bean(bean)}"


def _begin(seen: _Seen, action: Begin) -> str:
    card, last = card_text(action.contract), card_text(action.last)
    if card not in seen.view["contracts"]:
        return "of your dearest contracts, the best start"
    return (f"of your dearest contracts, {seen.named(card)} leaves the best start; "
            f"{last} needs the most time, so it comes last")


def reason(view: JSON, seat: int, action: HansaAction) -> str:
    """The one-line reason for ``action``, the move the bot chose from ``view``."""
    seen = _Seen(view, seat)
    match action:
        case Fulfil():
            return _fulfil(seen, card_text(action.contract))
        case Buy() | BuyScarce():
            return _buy(seen, bean_text(action.bean))
        case Go():
            return _journey(seen, [str(code) for code in action.path])
        case Stay():
            return _journey(seen, [])
        case Begin():
            return _begin(seen, action)
        case Sell():
            return _least_needed(seen, bean_text(action.bean), "the customs must be paid")
        case Return():
            return _least_needed(seen, bean_text(action.bean), "your aid is full")
        case BuyContract():
            return "your money is spare: one more contract to fulfil on your way"
        case Propose():
            return "the deal brings a bean your contracts lack, and pays you"
        case Accept():
            return "the deal adds to what you are worth"
        case Decline():
            return "the deal would not add to what you are worth"
        case Pass():
            return "you have nothing to ask the others for now"
        case EndTrading():
            return "nothing left here adds to what you are worth"
        case EndTurn() | Done():
            return "no contract left that you can fulfil here"
    return ""


def explain(decision: Decision[HansaAction], action: HansaAction) -> str:
    """Why the bot, deciding ``decision``, makes ``action`` (from the seat's view)."""
    if decision.view is None:
        return ""
    if len(decision.actions) == 1 and not decision.proposals:
        return "it is your only move"
    return reason(decision.view, decision.seat, action)
