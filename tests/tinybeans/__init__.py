"""Tiny Beans: a test-only game, the smallest complete game of bohnen's layout.

It follows the walk-through of adding a game in ``docs/architecture.md`` file for
file, and the tests register it (``bohnen.core.registry.registered("tinybeans",
"tinybeans")``) to run the conformance suite, the view-schema and the golden tests on
it.

The rules. 2 to 4 players; twelve cards, B1 to B12, each showing 1, 2 or 3 beans (B1
one, B2 two, B3 three, B4 one…). The deck is shuffled and each player dealt
``hand_size`` cards (3, or 2); the rest is the face-down draw pile. A trick: every
player plays a card of their hand face down, in any order. Once all have played, the
cards are turned up and the highest card wins (with ``lowest_wins``, the lowest). Its
player keeps one card of the trick, face up before them, and the others go to the
discard pile. Then, if the draw pile holds a card for everyone, each player draws
one, the trick's winner first. When the hands are empty, each player scores the beans
on the cards they kept; most beans wins, a tie shares the win.

Hidden information: each hand, the cards played face down until the trick is turned
up, and the order of the draw pile. Notation: ``0: play B7``, ``2: keep B3``.
"""

from tinybeans.game import GAME, TinyBeans
from tinybeans.options import TinyOptions
from tinybeans.state import TinyState

__all__ = ["GAME", "TinyBeans", "TinyOptions", "TinyState"]
