"""A bound on the decisions of a game, derived from the rules (OpenSpiel's
``max_game_length``: the moves of the seats, chance not counted).

- **Nicht die Bohne!** (exact: every game has this length). The whole deck of ``D``
  cards is dealt among ``n`` seats, so a round has ``D / n`` tricks. In a trick each
  seat plays one card (``n`` decisions); then the chain of taking: the token holder
  takes one of the ``n - 1`` other cards, and each taker after it has one card fewer
  to choose from, never the token holder's; the last two takes have one card each and
  are made by the engine. So a trick has ``n + (n - 2)`` decisions, and a game
  ``rounds * (D / n) * (2n - 2)``.
"""

from __future__ import annotations

from bohnen.core.protocol import Options


def max_game_length(game: str, options: Options, deck: int) -> int:
    """The most decisions a game of ``options`` can have (``deck``: its cards)."""
    if game == "ndb":
        return _ndb(options, deck)
    return 100_000


def _ndb(options: Options, deck: int) -> int:
    n = options.players
    rounds = int(options.to_json()["rounds"])
    return rounds * (deck // n) * (2 * n - 2)
