"""The bots of a terminal game where several seats may act at once (Bohnanza's open
trading): they act or wait as at the online table.

The notion of waiting is the core's (:mod:`bohnen.core.bots`): each bot of a seat that
is to act is asked with a decision that may allow it to wait (``may_wait``: the game
can go on without its move) and says how long it has waited since the table's last
step (``waited``); a bot that answers :class:`~bohnen.core.bots.Wait` rests until its
seconds have passed or the table changes (:class:`~bohnen.core.bots.Rests`), as the
online table's seating rests it (``bohnen.server.seating``). A bot that waits where
its decision did not allow it is asked again without the choice, as every offline
runner asks. Time is the session's clock (a test sets its own).

The seats are asked one at a time, the active player's first and then clockwise; the
first that acts makes the move, and the others are asked again after it (the table
changed). A person takes any move of theirs at any moment; the bots' clock counts from
it too.
"""

from __future__ import annotations

import random
from typing import Protocol

from bohnen.core.bots import AnyBot, Rests, Wait, chosen, decision_for, has_move
from bohnen.core.protocol import Action, AnyState, Options
from bohnen.core.rng import derive


class Session(Protocol):
    """What the live bots read of the terminal's session (``bohnen.tui.session``)."""

    state: AnyState
    options: Options
    seed: int
    actions: list[str]
    bots: dict[int, AnyBot]
    rests: Rests

    @property
    def humans(self) -> tuple[int, ...]: ...

    def apply_move(self, action: Action) -> None: ...


def is_live(options: Options) -> bool:
    """Whether several seats may act at once in a game of ``options`` (open trading)."""
    return getattr(options, "trading", "turn_based") == "open"


def seats_to_ask(session: Session, now: float) -> list[int]:
    """The bots' seats to ask now: those to act and not resting, the active seat's first."""
    state = session.state
    waiting = state.to_act()
    first = getattr(state, "active", 0)
    players = session.options.players
    order = [(first + k) % players for k in range(players)]
    return [s for s in order if s in waiting and s in session.bots
            and not session.rests.resting(s, now)]


def step(session: Session, now: float) -> bool:
    """Let the first bot that acts now make its move (see the module); False if every
    bot asked waits (or none is to act)."""
    for seat in seats_to_ask(session, now):
        bot = session.bots[seat]
        rng = random.Random(derive(session.seed, 1, seat, len(session.actions)))
        decision = decision_for(session.state, seat, bot, True, session.rests.waited(now))
        answer = bot.act(decision, rng)
        if isinstance(answer, Wait):
            if decision.may_wait:
                session.rests.rest(seat, answer, now)
                continue
            answer = chosen(bot, decision_for(session.state, seat, bot), rng)
        session.apply_move(answer)
        return True
    return False


def person_to_act(session: Session) -> int | None:
    """The person with a move to make now: one the game waits on (``must_act()``, also
    where it must harvest first), or a move of the game that is not only one open at any
    moment. In open trading a person may act while the bots may too."""
    state = session.state
    must = state.must_act()
    return next((s for s in state.to_act() if s in session.humans
                 and (s in must or has_move(state, s))), None)


def bot_to_act(session: Session) -> int | None:
    """The bot the game waits on now (one of ``must_act()``), if a bot's."""
    return next((s for s in session.state.must_act() if s in session.bots), None)
