"""The heuristic bot of Nicht die Bohne!: every card judged by its effect on the rows.

A row is worth its score now (``row_score``) plus what it may still become: a row
without a "Nicht die Bohne" card will gather more cards of its colour, so an "x2"
makes it worth more, a "–" turns that future into a loss (the owner will dodge
the colour, so a loss weighs less than a gain), and a "Nicht die Bohne" card ends
it. The outlook shrinks with the value points of the colour still to come (not in
a row, not in the bot's hand, whose cards all go to others).

- Taking: the card that raises the bot's own rows most, plus a share of what the
  card would give the others (a card good for them is worth denying; one bad for
  them is worth leaving on the table).
- Playing: the card goes to somebody else, never back to the bot. Leading (face
  up), it goes to the last player of the chain: the bot leads the card that helps
  the others least on average. Following (face down), the card decides when the
  bot takes: the token holder takes first, and the player whose card is taken
  takes next, from the most cards; a card nobody wants leaves its player to take
  last, from what is left. So the bot plays the card the token holder wants most.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bohnen.core.bots import Decision
from bohnen.core.files import excerpt
from bohnen.ndb.actions import Play, Take
from bohnen.ndb.cards import CARD_IDS, COLOURS, DOUBLE, KINDS, MINUS, NDB, code, value
from bohnen.ndb.scoring import row_score

_CARD = {code(c): c for c in range(CARD_IDS)}
_MASS = sum(range(1, 11))  # value points of one colour
MAX_POINTS = 1000.0  # gain and loss: far past the points of any round

Rows = list[list[list[int]]]  # rows[seat][colour]: the cards of a row
A = TypeVar("A", Play, Take)


def row_value(row: Sequence[int], future: float, gain: float, loss: float) -> float:
    """A row's score plus its outlook: ``future`` (0..1, the share of the colour's value
    points still to come) times ``gain`` for a row that counts up, ``loss`` for one
    that counts down, doubled by an "x2"; nothing for a row with a "Nicht die Bohne"
    card."""
    minus = 0
    doubled = False
    for card in row:
        k = card % KINDS
        if k == NDB:
            return 0.0
        if k == MINUS:
            minus += 1
        elif k == DOUBLE:
            doubled = True
    outlook = -loss if minus % 2 else gain
    return row_score(row) + future * outlook * (2 if doubled else 1)


def _future(rows: Rows, hand: list[int], table: list[int]) -> list[float]:
    """Per colour, the share of its value points that may still come to the bot: not
    in a row, not in its hand (those go to others), not on the table."""
    left = [float(_MASS)] * len(COLOURS)
    for seen in (hand, table, *(c for r in rows for c in r)):
        for card in seen:
            left[card // KINDS] -= value(card)
    return [v / _MASS for v in left]


class NdbHeuristicBot:
    """Takes the card worth most to it; leads the card worth least to the others;
    follows with the card the token holder wants most.

    ``gain`` / ``loss``: the points a row counting up / down is expected to gather
    over a whole round. ``deny``: how much of a card's worth to the others counts
    when taking it (0 ignores them; 1 weighs the average other player like the bot).
    """

    needs_view = True
    proposes = False

    def __init__(self, gain: float = 6.0, loss: float = 3.0, deny: float = 0.3) -> None:
        _check("gain", gain, MAX_POINTS)
        _check("loss", loss, MAX_POINTS)
        _check("deny", deny, 1.0)
        self.name = "heuristic"
        self.gain = gain
        self.loss = loss
        self.deny = deny

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        actions = decision.actions
        if len(actions) == 1 or decision.view is None:
            return actions[0]
        view = decision.view
        seat = decision.seat
        players = view["players"]
        rows: Rows = [[[_CARD[c] for c in row["cards"]] for row in p["rows"]] for p in players]
        hand = [_CARD[c] for c in players[seat]["hand"]]
        if type(actions[0]) is Take:
            table = [_CARD[t["card"]] for t in view["table"]]
            waiting = [card for card, t in zip(table, view["table"], strict=True)
                       if not t["taken"]]  # a card taken is in a row already
            return self._take(seat, actions, table, rows, _future(rows, hand, waiting))
        future = _future(rows, hand, [])
        leader = view["token"]
        if leader == seat:
            return _best(actions, lambda a: -self.others(seat, a.card, rows, future))
        return _best(actions, lambda a: self.gift(a.card, rows[leader], future))

    def gift(self, card: int, rows: list[list[int]], future: list[float]) -> float:
        """What ``card`` adds to the rows ``rows`` of one player."""
        row = rows[card // KINDS]
        fut = future[card // KINDS]
        before = row_value(row, fut, self.gain, self.loss)
        return row_value([*row, card], fut, self.gain, self.loss) - before

    def others(self, seat: int, card: int, rows: Rows, future: list[float]) -> float:
        """What ``card`` adds, on average, to the rows of the players other than ``seat``."""
        total = 0.0
        for other, their in enumerate(rows):
            if other != seat:
                total += self.gift(card, their, future)
        return total / (len(rows) - 1)

    def _take(self, seat: int, actions: list[Take], table: list[int], rows: Rows,
              future: list[float]) -> Take:
        def worth(action: Take) -> float:
            card = table[action.owner]
            return (self.gift(card, rows[seat], future)
                    + self.deny * self.others(seat, card, rows, future))

        return _best(actions, worth)


def _check(name: str, value: Any, most: float) -> None:
    """``ValueError`` naming parameter ``name`` unless ``value`` is a number from 0 to
    ``most`` (never infinite, nor NaN)."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if not number or not 0 <= value <= most:
        raise ValueError(f"bot heuristic: {name} must be a number from 0 to {most:g}, "
                         f"not {excerpt(value)}")


def _best(actions: list[A], score: Callable[[A], float]) -> A:
    """The first action of the highest score."""
    best = actions[0]
    best_score = float("-inf")
    for action in actions:
        value = score(action)
        if value > best_score:
            best, best_score = action, value
    return best


def make(game: Any, gain: float = 6.0, loss: float = 3.0,
                   deny: float = 0.3) -> NdbHeuristicBot:
    """The registry's factory: ``heuristic``, ``heuristic:deny=0.5``."""
    return NdbHeuristicBot(gain=gain, loss=loss, deny=deny)


PARAMS: dict[str, type] = {"gain": float, "loss": float, "deny": float}
