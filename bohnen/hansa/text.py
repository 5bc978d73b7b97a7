"""The Bohn Hansa board in words, from a seat's view: plain text, no markup.

What :meth:`BohnHansa.describe` writes (for a text agent, a log, a screen reader) and
the plain pieces the terminal screen shares (a hand's cards with their Zoll and
Nachschub marked, a contract, a deal), and a seat's moves in words
(:func:`action_texts`, what :meth:`BohnHansa.action_texts` gives the online table).
Reads only the view (its ``board`` gives the map, the beans and each colour's Zoll and
Nachschub cards), so it shows a seat no more than its view holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bohnen.core.english import a as an
from bohnen.core.names import NO_NAMES, Names, seat_name
from bohnen.hansa.actions import (
    Accept,
    Begin,
    Buy,
    BuyContract,
    BuyScarce,
    Counter,
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
from bohnen.hansa.data import CONTRACT_PRICE

JSON = Mapping[str, Any]
CARD_WORDS = {"zoll": "(Zoll)", "nachschub": "(Nachschub)"}  # one item with its card


def card_kind(card: str, zoll: int, nachschub: int) -> str:
    """``contract``, ``zoll``, ``nachschub`` or ``travel`` for a card of a hand whose
    colour has the Zoll card ``T<zoll>`` and the Nachschub card ``T<nachschub>``."""
    if card.startswith("C"):
        return "contract"
    number = int(card[1:])
    if number == zoll:
        return "zoll"
    if number == nachschub:
        return "nachschub"
    return "travel"


def colour_cards(view: JSON, seat: int) -> tuple[int, int]:
    """The numbers of the Zoll and the Nachschub card of ``seat``'s colour."""
    colour = view["players"][seat]["colour"]
    cards = next(c for c in view["board"]["colours"] if c["name"] == colour)
    return int(cards["zoll"][1:]), int(cards["nachschub"][1:])


def card_label(card: str, zoll: int, nachschub: int) -> str:
    """A card of a hand as one item: ``T4``, ``T3(Zoll)``, ``T2(Nachschub)``, ``C58``."""
    return card + CARD_WORDS.get(card_kind(card, zoll, nachschub), "")


def hand_count(hand: Sequence[str]) -> str:
    """The hand's head: ``Hand (10 cards)``."""
    return f"Hand ({len(hand)} card{'' if len(hand) == 1 else 's'})"


def hand_text(hand: Sequence[str], zoll: int, nachschub: int) -> str:
    """The hand's line: its count, then its cards in order, one item each, the front
    card marked: ``Hand (3 cards) ▶T3(Zoll) T4 C58``."""
    return hand_count(hand) + " " + " ".join(("▶" if i == 0 else "")
                                             + card_label(card, zoll, nachschub)
                                             for i, card in enumerate(hand))


def contract_text(contracts: JSON, card: str) -> str:
    """A contract in words: ``C58 ROS SA+SO 35t``."""
    contract = contracts[card]
    return f"{card} {contract['city']} {'+'.join(contract['beans'])} {contract['payout']}t"


def deal_text(p: JSON, active: int, city: str) -> str:
    """A proposal in words."""
    kind = f"invitation to {city}" if p["invite"] else "trade"
    gives = ",".join(p["active_gives"]) or "nothing"
    buys = f", buys {','.join(p['active_buys'])} for seat {p['guest']}" if p["active_buys"] else ""
    guest_gives = ",".join(p["guest_gives"]) or "nothing"
    return (f"#{p['pid']} seat {p['from']}→{p['to']} ({kind}): seat {active} gives {gives}"
            f"{buys}; seat {p['guest']} gives {guest_gives}")


def aid_text(beans: JSON, storage: int) -> str:
    """An aid: the beans it holds and its free places."""
    held = [f"{count} {code}" for code, count in beans.items() if count]
    free = max(0, storage - sum(beans.values()))
    return (", ".join(held) or "no beans") + f" ({free} free)"


def player_line(view: JSON, player: JSON, name: str) -> str:
    """A seat's city, money, loans, hand size and aid."""
    seat = player["seat"]
    mark = "▶" if seat == view["active"] else " "
    started = view["phase"] != "setup" or seat < view["active"]
    city = player["city"] if started else "—"
    loan = f", loans {player['loans']}t" if player["loans"] else ""
    extra = []
    if player["harvest_before"]:
        extra.append(",".join(player["harvest_before"]) + " waits")
    if player["waste"]:
        extra.append(f"gave up {len(player['waste'])}")
    tail = (" · " + " · ".join(extra)) if extra else ""
    return (f"{mark}{seat} {name} ({player['colour']}): in {city}, {player['money']}t{loan}, "
            f"hand {player['hand_size']}, aid {aid_text(player['beans'], view['board']['storage'])}"
            f"{tail}")


def city_line(view: JSON, index: int) -> str:
    """A city: code, name, prices now, routes and the carts standing there."""
    city = view["board"]["cities"][index]
    prices = " ".join(f"{b} {p}" for b, p in view["cities"][index]["prices"].items())
    carts = [str(p["seat"]) for p in view["players"] if p["city"] == city["code"]]
    there = f" · carts {','.join(carts)}" if carts else ""
    return (f"{city['code']} {city['name']}: {prices} · routes {' '.join(city['routes'])}"
            f"{there}")


def hand_lines(view: JSON, viewer: int) -> list[str]:
    """The viewer's hand in its order, then the contracts in it spelled out."""
    hand = view["players"][viewer]["hand"] or []
    if not hand:
        return ["Hand: (empty)"]
    lines = [hand_text(hand, *colour_cards(view, viewer))]
    contracts = [contract_text(view["contracts"], c) for c in hand if c.startswith("C")]
    if contracts:
        lines.append("Contracts " + " · ".join(contracts))
    return lines


def phase_lines(view: JSON, viewer: int) -> list[str]:
    """The state of the phase: the trading, the customs owed, the closing."""
    phase, active = view["phase"], view["active"]
    if phase == "trade":
        city = view["players"][active]["city"]
        line = (f"Trade in {city} (prices fixed) · floor: seat {view['floor']} · "
                f"your proposals left {view['players'][viewer]['proposals_left']}")
        pending = view["pending"]
        return [line] if pending is None else [line, deal_text(pending, active, city)]
    if phase == "customs":
        return [f"Customs: seat {active} still owes {view['customs_due']}t — sell beans at "
                "their base price, one by one"]
    if phase == "closing":
        return ["The game is ending: each player fulfils the contracts it can where it stands"]
    if phase == "setup":
        return ["Set-up: fulfil one of your dearest contracts; the one named last ends the hand"]
    return []


def legend_line(view: JSON) -> str:
    """Each bean's code (the notation's), name and base price."""
    beans = [f"{b['code']} {b['name']} {b['base_price']}t" for b in view["board"]["beans"]]
    return "Beans (code, name, base price): " + " · ".join(beans)


def codes_lines(view: JSON) -> list[str]:
    """The codes a person may type in notation, with what each names: the beans and
    the cities of the board (from the view), and the cards."""
    board = view["board"]
    beans = " ".join(f"{b['code']}={b['name']}" for b in board["beans"])
    cities = " ".join(f"{c['code']}={c['name']}" for c in board["cities"])
    return [f"Beans: {beans}", f"Cities: {cities}",
            "Cards: T1 T2 … travel cards · C1 C2 … contracts (as your hand shows them)"]


def describe(view: JSON, viewer: int, names: Sequence[str]) -> str:
    """The whole board as ``viewer`` sees it (``names``: each seat's name)."""
    last = " · last round" if view["last_round"] else ""
    lines = [f"Bohn Hansa · turn {view['turn']} · seat {view['active']} plays · "
             f"{view['phase']} · you are seat {viewer}{last}",
             f"Neue Ernte {view['harvest_pile_size']} left + {view['harvest_reserve_size']} "
             f"reserve · contracts {view['contract_pile_size']}",
             legend_line(view), "Seats:"]
    lines += [player_line(view, p, names[p["seat"]]) for p in view["players"]]
    lines.append("Cities (prices now, routes):")
    lines += ["  " + city_line(view, i) for i in range(len(view["cities"]))]
    lines += hand_lines(view, viewer)
    if view["table"]:
        lines.append(f"Table (seat {view['active']}): "
                     + " · ".join(contract_text(view["contracts"], c) for c in view["table"]))
    return "\n".join(lines + phase_lines(view, viewer))


# --- a seat's moves in words ---------------------------------------------------------


class _Seen:
    """What the words of one seat's moves read of its view, looked up once."""

    def __init__(self, view: JSON, seat: int, names: Names = NO_NAMES) -> None:
        board = view["board"]
        self.view = view
        self.names = names
        self.seat = seat
        self.me = view["players"][seat]
        self.beans: dict[str, str] = {b["code"]: b["name"] for b in board["beans"]}
        self.base: dict[str, int] = {b["code"]: b["base_price"] for b in board["beans"]}
        self.cities: dict[str, str] = {c["code"]: c["name"] for c in board["cities"]}
        here = self.me["city"]
        self.prices: Mapping[str, int] = next(
            (c["prices"] for c in view["cities"] if c["code"] == here), {})

    def bean(self, bean: object) -> str:
        code = bean_text(bean)
        return self.beans.get(code, code)

    def city(self, code: str) -> str:
        return self.cities.get(code, code)

    def contract(self, card: object) -> str:
        """A contract in words: ``C58 (Rostock: Saubohne, Sojabohne, 35 talers)``."""
        code = card_text(card)
        facts = self.view["contracts"].get(code)
        if facts is None:
            return code
        beans = ", ".join(self.beans.get(b, b) for b in facts["beans"])
        return f"{code} ({self.city(facts['city'])}: {beans}, {facts['payout']} talers)"

    def beans_list(self, beans: Sequence[object]) -> str:
        return ", ".join(self.bean(b) for b in beans) or "nothing"

    def deal(self, a: Propose | Counter) -> str:
        """What a deal moves, in the proposer's words."""
        parts = [f"you give {self.beans_list(a.give)}", f"you get {self.beans_list(a.want)}"]
        if a.buy:
            buyer = "you buy" if self.seat == self.view["active"] else "the active player buys"
            parts.append(f"{buyer} {self.beans_list(a.buy)} for the guest")
        return "; ".join(parts)


def _stay(seen: _Seen) -> str:
    hand = seen.me["hand"] or []
    zoll, nachschub = colour_cards(seen.view, seen.seat)
    front = f", playing {card_label(hand[0], zoll, nachschub)}" if hand else ""
    return f"Stay in {seen.city(seen.me['city'])}{front}"


def _go(seen: _Seen, a: Go) -> str:
    path = [seen.city(str(code)) for code in a.path]
    via = f" via {', '.join(path[:-1])}" if len(path) > 1 else ""
    return f"Travel to {path[-1] if path else '?'}{via}"


def _buy(seen: _Seen, a: Buy) -> str:
    price = seen.prices.get(bean_text(a.bean))
    cost = f" for {price} talers" if price is not None else ""
    return f"Buy {an(seen.bean(a.bean))} from slot {a.slot} of the ladder{cost}"


def _words(seen: _Seen, a: HansaAction) -> str:
    """One action in words."""
    match a:
        case Begin():
            return (f"Begin with contract {seen.contract(a.contract)}; "
                    f"{card_text(a.last)} ends your hand")
        case Stay():
            return _stay(seen)
        case Go():
            return _go(seen, a)
        case Sell():
            return (f"Sell {an(seen.bean(a.bean))} for its base price "
                    f"({seen.base.get(bean_text(a.bean), '?')} talers) to pay the customs")
        case Buy():
            return _buy(seen, a)
        case BuyScarce():
            return f"Buy the one scarce {seen.bean(a.bean)} at the city's highest price"
        case Fulfil():
            return f"Fulfil contract {seen.contract(a.contract)}"
        case BuyContract():
            return (f"Buy a contract for {CONTRACT_PRICE} talers, giving up "
                    f"{card_text(a.card)} for good")
        case Return():
            return f"Put {an(seen.bean(a.bean))} back into the supply to make room"
        case Propose():
            return f"Propose a deal to {seat_name(seen.names, a.to)}: {seen.deal(a)}"
        case Counter():
            return f"Counter proposal {a.pid}: {seen.deal(a)}"
        case Accept():
            return f"Accept proposal {a.pid}"
        case Decline():
            return f"Decline proposal {a.pid}"
        case Pass():
            return "Pass the floor to the next seat"
        case EndTrading():
            return "End the trading"
        case EndTurn():
            return "End the turn"
        case Done():
            return "Fulfil no more contracts: done"


def action_texts(view: JSON, actions: Sequence[HansaAction],
                 names: Names = NO_NAMES) -> list[str]:
    """Each of ``actions`` (of the seat whose view ``view`` is) in words: beans and
    cities by name, contracts with what they ask, other seats by ``names`` ("seat 2"
    without)."""
    if not actions:
        return []
    seen = _Seen(view, view["seat"], names)
    return [_words(seen, a) for a in actions]
