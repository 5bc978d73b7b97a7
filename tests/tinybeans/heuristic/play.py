"""Which card to play: a sure winner if the hand holds one, else the weakest card."""

from __future__ import annotations

from tinybeans.actions import Play
from tinybeans.cards import Card
from tinybeans.heuristic.scene import Scene


def strength(scene: Scene, card: Card) -> int:
    """How strong ``card`` is in a trick: higher wins (lower with ``lowest_wins``)."""
    return -card if scene.lowest_wins else card


def choose_play(scene: Scene, actions: list[Play]) -> Play:
    """The strongest card if no unseen card beats it; otherwise the weakest one (a trick
    it may lose anyway costs the least that way)."""
    best = max(actions, key=lambda play: strength(scene, play.card))
    beaten = any(strength(scene, card) > strength(scene, best.card) for card in scene.unseen)
    if not beaten:
        return best
    return min(actions, key=lambda play: strength(scene, play.card))
