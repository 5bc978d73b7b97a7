"""What a seat may know of another seat's hand, and so which beans it may ask it for.

A seat sees how many cards another holds, never which. What it may know is public:
the cards it sees everywhere (its own hand, the fields, the discard pile, the face-up
cards, the trade areas, the talers' cards), the beans a seat has shown this turn by
offering them from its hand (an open proposal names them; a seat whose cards left in a
trade has its other proposals voided, so the beans of its open ones are still in its
hand), and the active player's face-up cards, which it may give. From these:

- a seat **cannot hold** a bean whose cards are all accounted for elsewhere (seen, or
  shown in another seat's hand), nor more cards of it than it holds unknown cards and
  shown ones together; the bot never asks a seat for such a bean;
- a seat **is known to hold** the beans it has shown and, if active, the face-up ones;
- otherwise it holds the bean by chance: the chance that one of its unknown cards is
  of that bean, the unknown cards drawn from the cards the asking seat cannot place.
"""

from __future__ import annotations

from collections import Counter

from bohnen.bohnanza.beans import Bean
from bohnen.bohnanza.heuristic.scene import Scene


def shown(scene: Scene, seat: int) -> Counter[Bean]:
    """The beans ``seat`` is known to hold in its hand: of each bean, the most that one
    of its open proposals offers from its hand (several proposals may offer one card)."""
    known: Counter[Bean] = Counter()
    for offer in scene.offers:
        if offer.frm != seat:
            continue
        hand = offer.gives[:len(offer.gives) - len(offer.face_up)]
        for bean, count in Counter(hand).items():
            known[bean] = max(known[bean], count)
    return known


def _hand_size(scene: Scene, seat: int) -> int:
    return len(scene.hand) if seat == scene.seat else scene.rival(seat).hand_size


def _unknown(scene: Scene, seat: int) -> tuple[int, int]:
    """Of ``seat``'s hand: its cards not known, and the cards they may be among."""
    slots = max(0, _hand_size(scene, seat) - shown(scene, seat).total())
    others = sum(shown(scene, r.seat).total() for r in scene.rivals if r.seat != seat)
    return slots, max(0, sum(scene.unseen) - others)


def pool(scene: Scene, seat: int, bean: Bean) -> int:
    """Cards of ``bean`` that may be among ``seat``'s unknown cards: those the asking
    seat cannot see, less those other seats have shown."""
    others = sum(shown(scene, r.seat)[bean] for r in scene.rivals if r.seat != seat)
    return max(0, scene.unseen[bean] - others)


def most_held(scene: Scene, seat: int, bean: Bean) -> int:
    """The most cards of ``bean`` that ``seat`` can give by public knowledge: those it
    has shown, at most as many more as its unknown cards and the pool allow, and, if it
    is the active player, the face-up ones."""
    slots = _unknown(scene, seat)[0]
    face = scene.face_up.count(bean) if seat == scene.active else 0
    return shown(scene, seat)[bean] + min(slots, pool(scene, seat, bean)) + face


def may_hold(scene: Scene, seat: int, wants: tuple[Bean, ...]) -> bool:
    """Whether ``seat`` can hold every bean of ``wants`` by public knowledge."""
    return all(most_held(scene, seat, bean) >= count for bean, count in Counter(wants).items())


def holding(scene: Scene, seat: int, wants: tuple[Bean, ...]) -> float:
    """The chance, by public knowledge, that ``seat`` holds the beans of ``wants``: 1 for
    beans known held, 0 where it cannot hold them, else the chance that its unknown cards
    hold them (each bean counted alone)."""
    if not may_hold(scene, seat, wants):
        return 0.0
    face = Counter(scene.face_up) if seat == scene.active else Counter()
    known = shown(scene, seat) + face
    slots, total = _unknown(scene, seat)
    chance = 1.0
    for bean, count in Counter(wants).items():
        if known[bean] >= count:
            continue
        share = pool(scene, seat, bean) / max(1, total)
        chance *= 1 - (1 - share) ** slots
    return chance
