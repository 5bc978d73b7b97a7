"""Phase 2: answer offers by the worth they add, propose trades and gifts, close.

Every trade is valued on the seat's own fields: the cards received join what it must
plant in phase 3, the cards given leave its hand (or the face-up cards), and the
planting is played out. Proposals are built here, from what the view shows, within the
rules: the active player trades with anyone, with face-up and hand cards; another seat
only with the active player, with hand cards. A seat is never asked for a bean it
cannot hold by public knowledge, and the seats known to hold a bean are asked first
(:mod:`~bohnen.bohnanza.heuristic.knowledge`); each seat makes at most ``MAX_OWN``
(active) or ``MAX_OTHER`` proposals a turn, counters included.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar, cast

from bohnen.bohnanza.actions import (
    Accept,
    BohnanzaAction,
    BuyThirdField,
    CloseTrading,
    Counter,
    Decline,
    Pass,
    Propose,
    Withdraw,
)
from bohnen.bohnanza.beans import ALL_BEANS, Bean
from bohnen.bohnanza.heuristic.knowledge import holding
from bohnen.bohnanza.heuristic.planting import least_harm, wants_third_field
from bohnen.bohnanza.heuristic.scene import Offer, Scene

MAX_ACCEPTS = 24  # ways of paying an offer looked at
MAX_OWN = 5  # proposals (counters included) the active player makes in a turn
MAX_OTHER = 3  # proposals (counters included) another seat makes in a turn
MOST_PER_TURN = MAX_OWN + 4 * MAX_OTHER  # at the largest table: five seats
HOLD_LEAST = 0.0  # least chance, by public knowledge, that a seat holds the beans asked
GROWN = 0.3  # how gladly a seat parts with a bean it grows
DEEP = 0.3  # worth of a card behind the valued front of the hand, if it grows a field
TOP_WANTS = 3
MAX_GIVES = 4
FIRST_TRADES = 3  # trades tried in a turn before any gift
MAX_WAITING = 2  # open trading: own offers awaiting an answer before it withdraws one


@dataclass(frozen=True, slots=True)
class Give:
    """Cards a seat may give: hand positions, face-up indices, and their beans."""

    hand: tuple[int, ...]
    face_up: tuple[int, ...]
    beans: tuple[Bean, ...]


NOTHING = Give((), (), ())


def gain(scene: Scene, give: Give, receive: tuple[Bean, ...], base: float) -> float:
    """What giving ``give`` and receiving ``receive`` adds to the seat's worth."""
    cards = scene.trade + receive
    if scene.is_active:
        cards += tuple(c for i, c in enumerate(scene.face_up) if i not in give.face_up)
    after = scene.value(cards, scene.window(give.hand))
    window = len(scene.out.weights)
    for i in give.hand:
        if i >= window and scene.hand[i] in _growing(scene):
            after -= DEEP
    return after - base


def _growing(scene: Scene) -> set[int]:
    return {b for b, c in zip(scene.beans, scene.counts, strict=True) if c}


# --- answering ----------------------------------------------------------------------------


def answer(scene: Scene, actions: list[BohnanzaAction], trades: bool) -> BohnanzaAction | None:
    """Accept the offer to this seat that adds most, if enough; else counter or decline."""
    mine = [o for o in scene.offers if o.to == scene.seat]
    if not mine:
        return None
    base = scene.value()
    best: tuple[float, Accept] | None = None
    for offer in mine:
        for a in [a for a in actions if type(a) is Accept and a.pid == offer.pid][:MAX_ACCEPTS]:
            g = gain(scene, Give(a.hand, a.face_up, ()), offer.gives, base)
            g += offer.talers - offer.wants_talers
            if best is None or g > best[0]:
                best = (g, a)
    tuning = scene.tuning
    least = tuning.accept if scene.is_active else tuning.accept_passive
    if best is not None and best[0] > least:
        return best[1]
    if trades and scene.may_propose and (scene.proposals_left or 2) >= 2 and below_cap(scene):
        counter = _counter(scene, mine[0], base)
        if counter is not None:
            return counter
    return Decline(scene.seat, mine[0].pid)


def below_cap(scene: Scene) -> bool:
    """Whether the seat may make another proposal or counter this turn: the active
    player ``MAX_OWN`` of them, another seat ``MAX_OTHER``."""
    return scene.proposals_made < (MAX_OWN if scene.is_active else MAX_OTHER)


def _counter(scene: Scene, offer: Offer, base: float) -> Counter | None:
    """Ask for the offered beans worth having, for a card the seat is glad to lose."""
    least = scene.tuning.min_net
    wanted = tuple(sorted(b for b in set(offer.gives)
                          if gain(scene, NOTHING, (b,), base) > least))
    if not wanted:
        return None
    best: tuple[float, Give] | None = None
    for give in _gives(scene, base):
        if set(give.beans) & set(wanted):
            continue  # a bean for the same bean: nobody could want it
        net = gain(scene, give, wanted, base)
        score = net * _liking(scene, offer.frm, give.beans)
        if net > least and (best is None or score > best[0]):
            best = (score, give)
    if best is None:
        return None
    give = best[1]
    return Counter(scene.seat, offer.pid, give.hand, give.face_up, wanted)


# --- proposing ----------------------------------------------------------------------------


def _gives(scene: Scene, base: float) -> list[Give]:
    """Nothing, or one card the seat can spare: the front copy of each bean in the hand,
    and (the active player) each face-up bean; cards it needs are left out, and of the
    rest those it is gladdest to lose come first."""
    scored: list[tuple[float, int, Give]] = []
    seen: set[tuple[int, int]] = set()
    refs = [(0, i, b) for i, b in enumerate(scene.hand)]
    if scene.is_active:
        refs += [(1, i, b) for i, b in enumerate(scene.face_up)]
    window = len(scene.out.weights)
    growing = _growing(scene)
    for src, i, b in refs:
        if (src, b) in seen:
            continue
        seen.add((src, b))
        give = Give((i,), (), (b,)) if src == 0 else Give((), (i,), (b,))
        if src == 0 and i >= window:  # behind the valued front: no play-out needed
            g = -DEEP if b in growing else 0.0
        else:
            g = gain(scene, give, (), base)
        if g >= -0.05:
            scored.append((g, len(scored), give))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [NOTHING] + [give for _, _, give in scored[:MAX_GIVES]]


def _wants(scene: Scene, base: float) -> list[Bean]:
    """Beans worth receiving, best first."""
    least = scene.tuning.min_net
    scored = [(gain(scene, NOTHING, (w,), base), w) for w in ALL_BEANS]
    return [w for g, w in sorted(scored, reverse=True) if g > least][:TOP_WANTS]


def _liking(scene: Scene, seat: int, beans: tuple[Bean, ...]) -> float:
    """How gladly ``seat`` takes ``beans``: those it grows gladly, others less."""
    rival = scene.rival(seat)
    if not beans:
        return 0.3
    if all(b in rival.beans for b in beans):
        return 1.0
    return 0.6 if 0 in rival.counts else 0.25


def _parting(scene: Scene, seat: int, wants: tuple[Bean, ...]) -> float:
    """How gladly ``seat`` parts with the wanted beans: less with those it grows."""
    grown = sum(1 for w in wants if w in scene.rival(seat).beans)
    return float(GROWN ** grown)


def wanted_by_nobody(scene: Scene, target: int, give: Give, want: tuple[Bean, ...]) -> bool:
    """Whether no seat could want this proposal, on what the seat can see: a bean both
    given and asked for, or a bean asked for nothing where the giver cannot be glad to
    lose it (only the active player's face-up beans that it does not grow are)."""
    if set(give.beans) & set(want):
        return True
    if give.beans or not want:
        return False
    if target != scene.active:
        return True
    grown = scene.rival(target).beans
    return not all(w in scene.face_up and w not in grown for w in want)


def _made_before(scene: Scene, target: int, give: Give, want: tuple[Bean, ...]) -> bool:
    """Whether the seat has offered ``target`` these beans for those this turn."""
    return (scene.seat, target, tuple(sorted(give.beans)), tuple(sorted(want))) in scene.made


def proposals(scene: Scene) -> list[Propose]:
    """The proposals worth making, most promising first (each within the rules, none
    that no seat could want, none the seat made this turn: the first is its next)."""
    base = scene.value()
    tuning = scene.tuning
    gives = _gives(scene, base)
    wants = [()] + [(w,) for w in _wants(scene, base)]
    targets = ([r.seat for r in scene.rivals] if scene.is_active else [scene.active])
    scored: list[tuple[float, int, Propose]] = []
    for give in gives:
        for want in wants:
            if not give.beans and not want:
                continue
            net = gain(scene, give, want, base)
            if net < (tuning.min_net if want else tuning.min_gift):
                continue
            for t in targets:
                if wanted_by_nobody(scene, t, give, want) or _made_before(scene, t, give, want):
                    continue
                held = holding(scene, t, want) if want else 1.0
                if held <= 0 or held < HOLD_LEAST:
                    continue  # a bean it cannot hold, or is unlikely to, by what is public
                score = (net * _liking(scene, t, give.beans) * held
                         * _parting(scene, t, want))
                if not want:  # a gift: to whoever is furthest behind
                    score -= 0.01 * scene.rival(t).talers
                scored.append((score, len(scored),
                               Propose(scene.seat, t, give.hand, give.face_up, want)))
    scored.sort(key=lambda item: (-item[0], item[1]))
    trades = [p for _, _, p in scored if p.wants]
    gifts = [p for _, _, p in scored if not p.wants]
    first = max(0, FIRST_TRADES - trades_made(scene))
    return trades[:first] + gifts + trades[first:]


def trades_made(scene: Scene) -> int:
    """The trades (offers asking for beans, counters included) the seat has proposed
    this turn: ``FIRST_TRADES`` of them come before any gift."""
    return sum(1 for seat, _, _, want in scene.made if seat == scene.seat and want)


def request(scene: Scene) -> Propose:
    """Ask the active player (or, as the active player, the next seat) for the bean worth
    most to receive, giving nothing, of the beans it may hold by public knowledge; where
    it may hold none, give it the last card of the hand instead (a proposal is all the
    seat may do)."""
    base = scene.value()
    to = scene.active if not scene.is_active else (scene.seat + 1) % scene.players
    beans = [w for w in ALL_BEANS if holding(scene, to, (w,)) > 0]
    if not beans and scene.hand:
        return Propose(scene.seat, to, (len(scene.hand) - 1,), (), ())
    best = max(beans or ALL_BEANS, key=lambda w: gain(scene, NOTHING, (w,), base))
    return Propose(scene.seat, to, (), (), (best,))


A = TypeVar("A", bound=BohnanzaAction)


def _find(actions: list[BohnanzaAction], kind: type[A]) -> A | None:
    """The first action of exactly the type ``kind``."""
    return cast("A | None", next((a for a in actions if type(a) is kind), None))


def active_move(scene: Scene, actions: list[BohnanzaAction],
                trades: bool) -> BohnanzaAction | None:
    """Propose the best offer not yet made this turn (:func:`proposals` leaves out those
    made), up to ``MAX_OWN`` of them, let the others offer once, then close."""
    buy = _find(actions, BuyThirdField)
    if buy is not None and wants_third_field(scene, scene.to_plant):
        return buy
    if trades and scene.may_propose and scene.quiet == 0 and below_cap(scene):
        offers = proposals(scene)
        if offers:
            return offers[0]
    passing = _find(actions, Pass)
    if trades and passing is not None and scene.quiet == 0 and scene.may_propose:
        return passing
    return _find(actions, CloseTrading)


def next_offer(scene: Scene, rng: random.Random, trades: bool) -> Propose | None:
    """Another seat's best offer to the active player not yet made this turn (on
    getting the floor, then now and again; at most ``MAX_OTHER`` a turn, ``MAX_WAITING``
    awaiting an answer), if it makes one now."""
    waiting = sum(1 for o in scene.offers if o.frm == scene.seat)
    if trades and scene.may_propose and waiting < MAX_WAITING and below_cap(scene):
        offers = proposals(scene)  # those made this turn left out
        if offers and ((scene.turn_based and scene.quiet > 0)
                       or not scene.turn_based or rng.random() < 0.5):
            return offers[0]
    return None


def other_move(scene: Scene, actions: list[BohnanzaAction], rng: random.Random,
               trades: bool) -> BohnanzaAction | None:
    """Offer the active player the next of its best trades (:func:`next_offer`), else
    pass."""
    offer = next_offer(scene, rng, trades)
    if offer is not None:
        return offer
    passing = _find(actions, Pass)
    if passing is not None:
        return passing
    withdraw = _find(actions, Withdraw)  # open trading: called on while an offer waits
    return withdraw if withdraw is not None else least_harm(scene, actions)


def phase2(scene: Scene, actions: list[BohnanzaAction], rng: random.Random,
           trades: bool) -> BohnanzaAction | None:
    reply = answer(scene, actions, trades)
    if reply is not None:
        return reply
    if scene.is_active:
        return active_move(scene, actions, trades)
    return other_move(scene, actions, rng, trades)
