"""A bound on the decisions of a game, derived from the rules (OpenSpiel's
``max_game_length``: the ids chosen by the seats; chance not counted).

Each bound counts the engine's actions a game can have, by kind, and the ids each
takes in the encoding (a deal composed over several ids: :mod:`bohnen.rl.encoding`).
Where several seats may act at once, a seat the game does not wait on may yield; the
seat to act is the next of those that may act (:func:`bohnen.rl.table.next_seat`), so
within ``n`` turns of asking one that must act acts: yields add at most ``n - 1`` ids
before each action, a factor ``n`` on the whole.

- **Nicht die Bohne!** (exact: every game has this length). The whole deck of ``D``
  cards is dealt among ``n`` seats, so a round has ``D / n`` tricks. In a trick each
  seat plays one card (``n`` decisions); then the chain of taking: the token holder
  takes one of the ``n - 1`` other cards, and each taker after it has one card fewer
  to choose from, never the token holder's; the last two takes have one card each and
  are made by the engine. So a trick has ``n + (n - 2)`` decisions, and a game
  ``rounds * (D / n) * (2n - 2)``. No seat ever yields.
- **Bohnanza.** The game ends when the draw pile of ``D`` cards runs out the third
  time, so at most ``3D`` cards are drawn: ``5n`` at the deal and 5 a turn (two face
  up, three at its end), so ``T <= (3D - 5n) / 5 + 1`` turns. A card is planted at most
  once each time it is drawn, and a harvest empties a field of at least one card:
  plants and harvests are at most ``3D`` each; a third field is bought once a seat. A
  turn has at most 2 plants and the end of planting, ``P`` proposals and counters
  (``max_proposals_per_turn`` for each seat, or for the table when shared), an answer
  and a withdrawal of each, ``n`` passes of the floor before each proposal and after
  the last, and the close. A deal and an acceptance take at most ``L = 2 + gives +
  wants (+ 2 talers caps in the expert variant)`` ids (target or slot, the parts,
  submit); any action may follow ``max_cancels`` cancelled drafts of at most ``L`` ids.
  Open trading without ``max_proposals_per_turn`` has no bound and is refused.
- **Bohn Hansa.** The last round begins once the ``H`` cards of the Neue-Ernte pile
  are placed, and a card is drawn each time a seat plays its Nachschub card (on its
  journey, or as an invited guest). A hand is a queue: a journey plays its first
  cards and puts the travel cards back at its end, so a seat plays its Nachschub at
  least once in any ``Q = 7 + K`` turns of its own (7 travel cards and at most the
  ``K`` contracts ahead of it); ``ceil(H / n)`` such stretches of rounds empty the
  pile, and the card placed, the last round and the round it waited make two more:
  ``T <= n * (Q * ceil(H / n) + 2)`` turns. A turn has its journey, the end of trading
  and of the turn, ``P`` deals (``L = 2 + give + want + buy`` caps ids each) with an
  answer each, and ``n`` passes before each deal and after the last. Every purchase
  takes a bean from a ladder, every sale, return and fulfilled contract takes at least
  one from an aid; beans reach the ladders at the start and with each of the
  Neue-Ernte cards (the pile and the reserve), at most all ``B`` beans each time, so
  those actions are at most ``2 * (B * (cards + 1) + B)``. Each seat buys at most its
  5 ordinary travel cards' worth of contracts, begins once and is done once.

The bounds of Bohnanza and Bohn Hansa are worst cases (every allowance used, every
draft cancelled once, the longest queues): random play stays far below them
(``tests/rl/test_openspiel.py`` checks that it stays under them).
"""

from __future__ import annotations

from math import ceil

from bohnen.core.protocol import JSONObject, Options
from bohnen.rl.encoding import Encoding

TRAVEL_CARDS = 7  # a Bohn Hansa seat's travel cards, one Zoll and one Nachschub
ORDINARY = TRAVEL_CARDS - 2


def max_game_length(game: str, options: Options, deck: list[int],
                    encoding: Encoding, fresh: JSONObject) -> int:
    """The most decisions a game of ``options`` can have (``deck``: the cards of each
    section of its deck; ``fresh``: the JSON of a new game's state)."""
    rules = options.to_json()
    if game == "ndb":
        return _ndb(rules, sum(deck))
    if game == "bohnanza":
        return _bohnanza(rules, sum(deck), encoding)
    if game == "hansa":
        return _hansa(rules, deck, encoding, fresh)
    raise ValueError(f"no bound on the length of a game of {game!r}")


def _ndb(rules: JSONObject, cards: int) -> int:
    n: int = rules["players"]
    return int(rules["rounds"]) * (cards // n) * (2 * n - 2)


def _deals(rules: JSONObject, n: int) -> int:
    """``P``: the proposals of a turn's trading."""
    most = rules["max_proposals_per_turn"]
    if most is None:
        raise ValueError("open trading without max_proposals_per_turn has no bound on a "
                         "game's length, and OpenSpiel needs one: give "
                         "max_proposals_per_turn")
    return int(most) * (n if rules["proposal_allowance"] == "per_seat" else 1)


def _cap(encoding: Encoding, name: str) -> int:
    return int(getattr(encoding, name))  # a cap of that game's encoding class


def _bohnanza(rules: JSONObject, cards: int, encoding: Encoding) -> int:
    n: int = rules["players"]
    turns = (3 * cards - 5 * n) // 5 + 1
    deals = _deals(rules, n)
    talers = 2 * _cap(encoding, "max_talers") if rules["expert_taler_trading"] else 0
    length = 2 + _cap(encoding, "max_gives") + _cap(encoding, "max_wants") + talers
    composed = turns * 2 * deals  # proposals, counters and acceptances
    simple = turns * (3 + deals + n * (deals + 1)) + 2 * 3 * cards + n
    actions = composed + simple
    ids = actions * _cap(encoding, "max_cancels") * length + composed * length + simple
    return n * ids


def _beans(fresh: JSONObject) -> int:
    """Every bean of the game: on the aids, in the supply, on the ladders."""
    ladders: dict[str, list[JSONObject | None]] = fresh["ladders"]
    aids: list[dict[str, int]] = fresh["storage"]
    supply: dict[str, int] = fresh["supply"]
    on_ladders: int = sum(slot["count"] for ladder in ladders.values() for slot in ladder if slot)
    return sum(sum(aid.values()) for aid in aids) + sum(supply.values()) + on_ladders


def _hansa(rules: JSONObject, deck: list[int], encoding: Encoding, fresh: JSONObject) -> int:
    n: int = rules["players"]
    contracts, harvests = deck
    pile = len(fresh["harvest_pile"])
    queue = TRAVEL_CARDS + contracts
    turns = n * (queue * ceil(pile / n) + 2)
    deals = _deals(rules, n)
    length = 2 + _cap(encoding, "give_cap") + _cap(encoding, "want_cap") + _cap(encoding,
                                                                              "buy_cap")
    per_turn = 3 + deals * (length + 1) + n * (deals + 1)
    beans = _beans(fresh)
    moves = 2 * (beans * (harvests + 1) + beans)
    return n * (turns * per_turn + moves + n * (ORDINARY + 2))
