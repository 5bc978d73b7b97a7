"""The Bohn Hansa heuristic bot: rules of thumb from the game's strategy, from its view.

Everything it does compares what the bot is worth (``worth.py``: money, beans at base
price, the prospects of its contracts) before and after a move:

- **Set-up**: of the dearest contracts (the rules force one of them) the best start;
  the other contract needing more time goes last in the hand.
- **Travel phase**: fulfil what it can where it stands, perhaps buy a contract, then
  the journey worth most (``journey.py``): toward the cities of its contracts, where
  the beans they lack are cheap, counting the cards it plays, the Zoll it cannot pay,
  the contracts among the cards, the Nachschub.
- **Customs** short of money: the bean least useful to its contracts.
- **Trade phase**: fulfil, buy the beans that add most (``market.py``), propose the
  deals that complete a contract, let the others propose once, end the trading; as
  another seat, ask for an invitation or a trade that pays it, or pass; answer each
  deal by its worth (``deals.py``).
- **Final phase and closing**: fulfil what it can, then end.

It sees only its seat's view and the legal actions (``Decision``), never the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar, cast

from bohnen.core.bots import Decision
from bohnen.hansa.actions import (
    Begin,
    Done,
    EndTrading,
    EndTurn,
    HansaAction,
    Pass,
    Propose,
    Sell,
)
from bohnen.hansa.heuristic import deals, journey, market
from bohnen.hansa.heuristic.explain import explain
from bohnen.hansa.heuristic.scene import Scene, read
from bohnen.hansa.view_types import SeatView

A = TypeVar("A", bound=HansaAction)


class HansaHeuristicBot:
    """Bohn Hansa rules of thumb. ``trades=False``: it proposes nothing and, as the
    active player, ends the trading without letting the others propose (it still
    answers the deals proposed to it)."""

    needs_view = True
    proposes = True  # it builds its own proposals, but must know whether any is allowed

    def __init__(self, trades: bool = True) -> None:
        self.trades = trades
        self.proposes = trades
        self.name = "heuristic" if trades else "heuristic:trades=false"
        self._turn: dict[int, int] = {}  # per seat: the turn the notes below are for
        self._tried: dict[int, set[Propose]] = {}  # proposals made this turn
        self._passed: dict[int, bool] = {}  # whether it let the others propose this turn

    def act(self, decision: Decision[HansaAction], rng: random.Random) -> HansaAction:
        actions = decision.actions
        if len(actions) == 1 and not decision.proposals:
            return actions[0]
        if decision.view is None:
            raise ValueError("the heuristic bot needs its seat's view")
        if not actions:
            return decision.proposals[0]  # only proposals are legal (not in Bohn Hansa)
        view = cast(SeatView, decision.view)
        if (view["phase"] == "trade" and view["pending"] is None and view["active"] != decision.seat
                and not (self.trades and deals.may_ask(view, decision.seat))):
            return _first(actions, Pass) or actions[0]  # the floor, nothing to ask for
        sc = read(view, decision.seat)
        self._notes(sc)
        action = self._choose(sc, actions)
        return action if action is not None else actions[0]

    def advise(self, decision: Decision[HansaAction],
               rng: random.Random) -> tuple[HansaAction, str]:
        """The bot's move for ``decision`` and a one-line reason for it, from what
        decided it: the contracts the move serves
        (:mod:`~bohnen.hansa.heuristic.explain`): the hint at the terminal."""
        action = self.act(decision, rng)
        return action, self.explain(decision, action)

    def explain(self, decision: Decision[HansaAction], action: HansaAction) -> str:
        """Why the bot, deciding ``decision``, makes ``action``: one line."""
        return explain(decision, action)

    def _notes(self, sc: Scene) -> None:
        turn = sc.turn
        if self._turn.get(sc.seat) != turn:
            self._turn[sc.seat] = turn
            self._tried[sc.seat] = set()
            self._passed[sc.seat] = False

    def _choose(self, sc: Scene, actions: list[HansaAction]) -> HansaAction | None:
        phase = sc.phase
        if phase == "setup":
            return journey.begin(sc, [a for a in actions if type(a) is Begin])
        if phase == "customs":
            return journey.sell(sc, [a for a in actions if type(a) is Sell])
        if phase == "closing":
            return market.fulfil(actions, sc) or _first(actions, Done)
        if phase == "travel":
            return (market.fulfil(actions, sc) or journey.buy_contract(sc, actions)
                    or journey.journey(sc, actions))
        if phase == "final":
            return market.fulfil(actions, sc) or _first(actions, EndTurn)
        if phase == "trade":
            if sc.pending is not None:
                return deals.answer(sc, actions)
            if sc.is_active:
                return self._trade(sc, actions)
            return self._floor(sc, actions)
        return None

    def _trade(self, sc: Scene, actions: list[HansaAction]) -> HansaAction | None:
        """The active player's trade phase."""
        found = (market.fulfil(actions, sc) or market.buy(actions, sc)
                 or market.make_room(actions, sc))
        if found is not None:
            return found
        if self.trades:
            tried = self._tried[sc.seat]
            offer = deals.propose(sc, tried, deals.active_offers(sc))
            if offer is not None:
                tried.add(offer)
                return offer
            if not self._passed[sc.seat]:
                passing = _first(actions, Pass)
                if passing is not None:
                    self._passed[sc.seat] = True
                    return passing
        return _first(actions, EndTrading)

    def _floor(self, sc: Scene, actions: list[HansaAction]) -> HansaAction | None:
        """Another seat's trade phase, the bot holding the floor."""
        if self.trades:
            tried = self._tried.setdefault(sc.seat, set())
            offer = deals.propose(sc, tried, deals.guest_offers(sc))
            if offer is not None:
                tried.add(offer)
                return offer
        return _first(actions, Pass)


def _first(actions: Sequence[HansaAction], kind: type[A]) -> A | None:
    return next((a for a in actions if isinstance(a, kind)), None)


def make(game: object, trades: bool = True) -> HansaHeuristicBot:
    """The registry's factory: ``heuristic`` or ``heuristic:trades=false``."""
    return HansaHeuristicBot(trades=trades)


PARAMS: dict[str, type] = {"trades": bool}

__all__ = ["PARAMS", "HansaHeuristicBot", "make"]
