"""The deal as OpenSpiel's chance nodes: the real shuffle, one card at a time.

A game's deck is read from a fresh game of its options (the state's JSON: the cards in
the hands and the piles), as one or more *sections* shuffled apart (Bohn Hansa's
contracts, then its Neue-Ernte cards). Each chance node draws the next card of the deck
from those left of its section, every kind weighted by its copies left: a uniform
shuffle, so every order of the deck is reachable with its true probability. Once the
deck is whole the engine's game starts from it (``new_game(options, seed, deck)``).

An outcome is a card kind: its id is the kind's index in the sorted list of the kinds
of the deck (``max_chance_outcomes``). The engine's own draws after the deal (Nicht die
Bohne!'s deals of the rounds after the first, Bohnanza's reshuffled discard pile, Bohn
Hansa's reshuffled contracts and its random start tie-break) take no card order from
outside, so they are not chance nodes: they come from the engine seed
:func:`engine_seed`, made of the ``seed`` parameter and the dealt deck.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence

from bohnen.core.protocol import JSONObject, Options
from bohnen.core.registry import get_game

# game -> the sections of its deck, from the JSON of a fresh game's state
Reader = Callable[[JSONObject], list[list[str]]]


def _ndb(state: JSONObject) -> list[list[str]]:
    return [[card for hand in state["hands"] for card in hand]]  # the whole deck is dealt


def _bohnanza(state: JSONObject) -> list[list[str]]:
    players: list[JSONObject] = state["players"]
    return [[card for p in players for card in p["hand"]] + state["draw_pile"]
            + state["face_up"] + state["discard"]]


def _hansa(state: JSONObject) -> list[list[str]]:
    hands: list[list[str]] = state["hands"]
    contracts = [c for hand in hands for c in hand if c.startswith("C")]
    return [contracts + state["contract_pile"] + state["contract_discard"],
            state["harvest_pile"] + state["harvest_reserve"] + state["harvest_discard"]]


READERS: dict[str, Reader] = {"ndb": _ndb, "bohnanza": _bohnanza, "hansa": _hansa}


class Deck:
    """The cards a game of ``options`` shuffles before play, as chance outcomes."""

    def __init__(self, game: str, options: Options) -> None:
        self.fresh: JSONObject = get_game(game).new_game(options, 0).to_json()
        self.sections: tuple[Counter[str], ...] = tuple(
            Counter(cards) for cards in READERS[game](self.fresh))
        self.section_sizes = [sum(s.values()) for s in self.sections]
        self.kinds: tuple[str, ...] = tuple(sorted(set().union(*self.sections)))
        self.size = sum(sum(s.values()) for s in self.sections)

    def __deepcopy__(self, memo: dict[int, object]) -> Deck:
        return self  # settled at its making: copies of a state share it

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        """The next card's kinds (ids, ascending) and their chances, after ``drawn``."""
        left = self._left(len(drawn))
        for kind in drawn[len(drawn) - self._into(len(drawn)):]:
            left[self.kinds[kind]] -= 1
        total = sum(left.values())
        return [(i, left[kind] / total) for i, kind in enumerate(self.kinds) if left[kind] > 0]

    def _into(self, count: int) -> int:
        """How many of the first ``count`` cards drawn belong to the section being drawn."""
        for section in self.sections:
            size = sum(section.values())
            if count < size:
                return count
            count -= size
        raise ValueError("the deck is whole: nothing is left to draw")

    def _left(self, count: int) -> Counter[str]:
        for section in self.sections:
            size = sum(section.values())
            if count < size:
                return Counter(section)
            count -= size
        raise ValueError("the deck is whole: nothing is left to draw")

    def cards(self, drawn: Sequence[int]) -> list[str]:
        """The deck, top first, of the kinds ``drawn``."""
        return [self.kinds[kind] for kind in drawn]


def engine_seed(seed: int, deck: Sequence[str]) -> int:
    """The seed of the engine's draws after the deal: of the ``seed`` parameter and the
    deck, so that each deal has its own later shuffles and each ``seed`` its own set."""
    digest = hashlib.sha256(f"{seed}:{' '.join(deck)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
