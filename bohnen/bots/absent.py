"""The bot that plays a seat whose person is away: ``absent`` (``absent:base=SPEC``).

An online table's clock plays a seat out of time with it (:mod:`bohnen.server.clock`):
the seat's part of the turn is ended in as few moves as the rules allow, and nothing is
done in the person's name that the person would have to live with beyond what the game
forces. It reads no game: only the flags the core protocol gives every action
(:class:`~bohnen.core.protocol.Action`), so it plays every game, each mode alike:

1. it **proposes nothing** (it asks for no proposals: ``proposes`` is false);
2. it **closes** the trading where it may (an action that ``ends_trading``: the
   active player's close in Bohnanza, the end of the trading in Bohn Hansa);
3. else it **refuses** (an action that ``refuses``: a decline of an offer made to it,
   a pass of the floor);
4. else it makes the move the game needs of it (a plant, a journey, a card to play),
   chosen by its ``base`` bot (the game's heuristic bot; the random bot without trades
   for a game that has none) among the moves that are no part of a negotiation,
   leaving aside those open at any moment (a harvest, buying a field or a contract)
   unless the game leaves it nothing else (a harvest to make room to plant);
5. where only negotiating moves are left that make a deal (no game of this package
   has such a position), the base bot chooses.

It never waits: a seat whose time ran out has had its time.
"""

from __future__ import annotations

import random

from bohnen.core.bots import AnyBot, Decision, Wait, chosen
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, flag

NAME = "absent"


class AbsentBot:
    """Ends the seat's part of the turn (see the module); ``base`` makes the moves the
    game needs."""

    needs_view = True  # its base bot may read the view
    proposes = False

    def __init__(self, base: AnyBot, spec: str | None = None) -> None:
        self.base = base
        self.name = NAME if spec is None else f"{NAME}:base={spec}"

    def act(self, decision: Decision[Action], rng: random.Random) -> Action | Wait:
        actions = decision.actions
        for kind in ("ends_trading", "refuses"):
            found = next((a for a in actions if flag(a, kind)), None)
            if found is not None:
                return found
        moves = [a for a in actions if not flag(a, "negotiates")]
        own = [a for a in moves if not flag(a, "any_time")] or moves
        if own:
            decision = decision._replace(actions=own, proposals=())
        answer: Action = chosen(self.base, decision._replace(may_wait=False, waited=0.0), rng)
        return answer


def default_base(game: AnyGame | None) -> str:
    """The base bot of a game: its heuristic bot, or the random bot without trades."""
    return "heuristic" if game is not None and "heuristic" in game.bots \
        else "random:trades=false"


def make(game: AnyGame | None, base: str | None = None) -> AbsentBot:
    """The registry's factory: ``absent``, ``absent:base=random``."""
    from bohnen.bots.registry import make_bot  # the registry loads this module

    spec = base if base is not None else default_base(game)
    try:
        made = make_bot(spec, game)
    except ValueError as error:
        raise ValueError(f"bot {NAME}: base={spec}: {error}") from None
    return AbsentBot(made, base)


PARAMS: dict[str, type] = {"base": str}
BOT_PARAMS = frozenset({"base"})  # its value is a bot's spec
