"""The encoding of Bohnanza (3 to 5 players): a seat's view as a fixed vector, and every
action as a fixed list of ids, trades composed over several ids in a draft.

**Why proposals are composed over sub-steps.** The issue offered two ways: (a) a
proposal composed over sub-steps in canonical order, or (b) a fixed vocabulary of small
proposals plus gifts. This encoding takes (a). A proposal names hand positions (the
hand's order is the order of planting, so *which* Blaue is given matters), face-up
cards, any number of cards on each side (decisions.md §9) and, in the expert variant,
talers; acceptance names the cards paid by position too. A vocabulary of small
proposals must drop the positions (or grow as targets × positions² × beans²: tens of
thousands of ids for "two cards for two beans") and still cannot say a three-card
trade. Composition reaches every proposal within the caps with about 60 ids, the same
ids serve proposals, counters and acceptances, and the canonical order (target, cards
given in increasing slot order with the face-up cards before the hand, talers given,
beans wanted in non-decreasing order, talers wanted, then ``submit``) gives each
proposal exactly one path, so no two histories of ids mean the same action. The cost
is a few more decisions per trade, and the caps below.

**Caps** (constructor options; the engine itself is not capped):

- ``hand_slots`` (16): hand positions that can be named (given or paid); the
  observation shows the first ``hand_slots`` cards of the hand one by one (and every
  card in the counts of the hand).
- ``offer_slots`` (4): open proposals to the seat (and of the seat) it can answer (or
  withdraw), the oldest first; the others wait, or close with the trading.
- ``max_gives`` (4), ``max_wants`` (4): cards given, beans wanted, in one proposal.
- ``max_talers`` (3): talers given, talers wanted (expert variant).
- ``max_cancels`` (1): drafts cancelled before a seat must choose a whole action of
  one id (or yield). Every draft can be finished (``submit``) or cancelled; with the
  engine's bound on proposals per turn, random play by masks ends every game.

**Yield.** The id ``yield`` (notation ``""``) is offered to a seat the game does not
wait on (open trading: every seat but the active player in phases 1 and 2, the seats
without cards in their trade area in phase 3; turn-based: a seat not to act), so an
environment can rotate between the seats of ``to_act()``. So in open trading the active
player cannot wait for answers: each time it is asked, it acts (proposes, withdraws,
harvests, closes); turn-based trading, where the floor moves, has no such constraint.

**Ego-centric seats.** Seats are relative to the observer: 0 is itself, 1 the next
seat clockwise, and so on. The layout of the vector is :data:`BLOCKS` (and the
section "Bohnanza encoding" of ``docs/research.md``, written from ``layout.table()``);
every value lies in [0, 1], the bounds the layout declares.

The encoding reads the view (JSON) and what the engine computes of the seat's moves
(:class:`~bohnen.rl.encoding.Legal`: its legal actions as the engine's JSON, and the
targets and limits of its proposals, ``proposal_terms``) only; it never imports the
engine. ``ids_of`` maps an engine action (its JSON) to its ids along the canonical
order directly; it gives None only beyond the caps.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final

import numpy as np

from bohnen.core.protocol import Action, AnyState, JSONObject, Target, Terms
from bohnen.rl.bohnanza_draft import Context, Draft
from bohnen.rl.bohnanza_seen import ProposalSeen, Seen, accessors
from bohnen.rl.bohnanza_vector import (
    BEANS,
    BLOCKS,
    FACE_UP,
    KINDS,
    PHASES,
    PLAYER_ROW,
    PRIVATE,
    Vectors,
    block,
    keep,
    layout,
)
from bohnen.rl.bohnanza_vector import bean as _bean
from bohnen.rl.encoding import Encoding, Legal, Mask, Observation, engine_legal, mask_of
from bohnen.rl.layout import Layout

__all__ = ["BEANS", "BLOCKS", "FACE_UP", "KINDS", "PHASES", "PLAYER_ROW", "PRIVATE",
           "BohnanzaEncoding", "Context", "Draft"]

# ids of one action each, before the per-slot ids
YIELD: Final = 0
END_PLANTING: Final = 1
PASS: Final = 2
CLOSE: Final = 3
BUY: Final = 4
PLANT: Final = 5  # + field (phase 1)
HARVEST: Final = 8  # + field
TRADED: Final = 11  # + bean * 3 + field (phase 3)
FIXED: Final = TRADED + len(BEANS) * 3
# the ids of the actions named by their type alone
WORDS: Final = {"end-planting": END_PLANTING, "pass": PASS, "close-trading": CLOSE,
                "buy-field": BUY}


class BohnanzaEncoding(Encoding):
    """Bohnanza at ``players`` seats (see the module for the design and the caps)."""

    def __init__(self, players: int, *, hand_slots: int = 16, offer_slots: int = 4,
                 max_gives: int = 4, max_wants: int = 4, max_talers: int = 3,
                 max_cancels: int = 1) -> None:
        # set here, not as class attributes: the compiled build's Encoding keeps them in
        # slots of its own, which a class attribute of a subclass would shadow
        self.game = "bohnanza"
        self.version = 1
        if type(players) is not int or not 3 <= players <= 5:
            raise ValueError(f"Bohnanza is played by 3 to 5 players, not {players!r}")
        caps = {"hand_slots": hand_slots, "offer_slots": offer_slots, "max_gives": max_gives,
                "max_wants": max_wants, "max_talers": max_talers}
        for name, value in caps.items():
            if type(value) is not int or not 1 <= value <= 64:
                raise ValueError(f"{name} must be an int from 1 to 64, not {value!r}")
        if type(max_cancels) is not int or not 0 <= max_cancels <= 64:
            raise ValueError(f"max_cancels must be an int from 0 to 64, not {max_cancels!r}")
        self.players = players
        self.hand_slots, self.offer_slots = hand_slots, offer_slots
        self.max_gives, self.max_wants, self.max_talers = max_gives, max_wants, max_talers
        self.max_cancels = max_cancels
        self._ids()
        self.layout = self._layout()
        self.observation_size = self.layout.size
        self._offsets = {f.name: f.offset for f in self.layout.fields}
        self._seen, self._of_view = accessors(self.game)
        self._vectors = Vectors(players, hand_slots, offer_slots, max_talers)
        self._last_ids: tuple[Draft, list[int]] | None = None  # see _legal_ids

    def __reduce__(self) -> tuple[object, tuple[int, ...]]:
        """Pickled by its size and caps (compiled, a class whose constructor takes
        arguments cannot be unpickled the default way), without what it keeps."""
        return _encoding, (self.players, self.hand_slots, self.offer_slots, self.max_gives,
                           self.max_wants, self.max_talers, self.max_cancels)

    # --- the ids ----------------------------------------------------------------------

    def _ids(self) -> None:
        k, h = self.offer_slots, self.hand_slots
        self.DECLINE = FIXED
        self.WITHDRAW = self.DECLINE + k
        self.ACCEPT = self.WITHDRAW + k
        self.COUNTER = self.ACCEPT + k
        self.TARGET = self.COUNTER + k  # + relative seat - 1
        self.GIVE = self.TARGET + self.players - 1  # + combined slot
        self.WANT = self.GIVE + FACE_UP + h  # + bean
        self.GIVE_TALER = self.WANT + len(BEANS)
        self.WANT_TALER = self.GIVE_TALER + 1
        self.SUBMIT = self.WANT_TALER + 1
        self.CANCEL = self.SUBMIT + 1
        self.action_count = self.CANCEL + 1

    def action_name(self, action_id: object) -> str:
        i = _as_id(action_id)
        if i is None or not 0 <= i < self.action_count:
            raise ValueError(f"no action id {action_id!r} (0 to {self.action_count - 1})")
        fixed = {YIELD: "yield", END_PLANTING: "end-planting", PASS: "pass",
                 CLOSE: "close-trading", BUY: "buy-field", self.GIVE_TALER: "give a taler",
                 self.WANT_TALER: "want a taler", self.SUBMIT: "submit",
                 self.CANCEL: "cancel"}
        if i in fixed:
            return fixed[i]
        return self._ranged_name(i)

    def _ranged_name(self, i: int) -> str:
        if i < HARVEST:
            return f"plant {i - PLANT}"
        if i < TRADED:
            return f"harvest {i - HARVEST}"
        if i < FIXED:
            bean, fld = divmod(i - TRADED, 3)
            return f"plant {BEANS[bean]} {fld}"
        ranges = ((self.WITHDRAW, self.DECLINE, "decline proposal to me, slot"),
                  (self.ACCEPT, self.WITHDRAW, "withdraw my proposal, slot"),
                  (self.COUNTER, self.ACCEPT, "accept proposal to me, slot"),
                  (self.TARGET, self.COUNTER, "counter proposal to me, slot"))
        for end, begin, words in ranges:
            if i < end:
                return f"{words} {i - begin}"
        if i < self.GIVE:
            return f"propose to relative seat {i - self.TARGET + 1}"
        if i < self.WANT:
            slot = i - self.GIVE
            return f"give face-up {slot}" if slot < FACE_UP else f"give hand {slot - FACE_UP}"
        return f"want {BEANS[i - self.WANT]}"

    # --- the draft --------------------------------------------------------------------

    def start(self, view: JSONObject, legal: Legal) -> Hashable:
        _check_view(view, self.players)
        return self._start(self._of_view(view), legal)

    def start_state(self, state: AnyState, seat: int,
                    legal: Sequence[Action] | None = None) -> Hashable:
        """The seat's draft from the game's accessor and the engine's legal actions
        (their JSON kept per action), without the view."""
        return self._start(self._seen_of(state, seat), engine_legal(state, seat))

    def encode_start(self, state: AnyState, seat: int,
                     legal: Sequence[Action]) -> tuple[Observation, Hashable]:
        """The vector without a draft and the fresh draft from one reading of the
        game's accessor."""
        seen = self._seen_of(state, seat)
        return self.observe_seen(seen, None), self._start(seen, engine_legal(state, seat))

    def _start(self, seen: Seen, legal: Legal) -> Draft:
        seat = seen.seat
        incoming, outgoing = self._slots(seen)
        simple: dict[int, str] = {}
        accepts: dict[int, list[tuple[tuple[int, ...], str]]] = {}
        for action in legal.actions:
            self._read_legal(action, incoming, outgoing, simple, accepts)
        terms = legal.terms
        hand_size = face_up = 0
        give = terms["give"] if terms is not None else {}
        for thing in give:  # the things it may give: hand positions h…, face-up cards f…
            if thing.startswith("h"):
                hand_size += 1
            elif thing.startswith("f"):
                face_up += 1
        ctx = Context(
            seat=seat, players=self.players,
            simple=tuple(sorted(simple.items())),
            may_yield=seat not in _must_act(seen),
            targets=tuple(sorted(t["seat"] for t in _targets(terms) if t["pid"] is None)),
            counters=tuple(sorted((incoming[pid], pid, t["seat"]) for t in _targets(terms)
                                  if (pid := t["pid"]) is not None and pid in incoming)),
            accepts=tuple((slot, tuple(sorted(ways))) for slot, ways in sorted(accepts.items())),
            hand_size=hand_size, face_up=face_up,
            talers=give.get("t", 0),
            expert=terms is not None and "t" in terms["want"])
        return Draft(ctx)

    def _slots(self, seen: Seen) -> tuple[dict[int, int], dict[int, int]]:
        """pid -> slot of the open proposals to the seat, and of the seat's own."""
        if not seen.proposals:  # outside the trading, and often within it
            return {}, {}
        seat, props = seen.seat, _proposals(seen)
        mine = [p for p in props if p.to == seat]
        own = [p for p in props if p.proposer == seat]
        k = self.offer_slots
        return ({p.pid: i for i, p in enumerate(mine[:k])},
                {p.pid: i for i, p in enumerate(own[:k])})

    def _read_legal(self, action: JSONObject, incoming: dict[int, int],
                    outgoing: dict[int, int], simple: dict[int, str],
                    accepts: dict[int, list[tuple[tuple[int, ...], str]]]) -> None:
        """Sorts one legal action (the engine's JSON) into the ids of one action, or an
        acceptance."""
        if action["type"] == "accept":
            slot = incoming.get(_int(action["pid"]))
            refs = _refs(action)
            if slot is not None and all(r < FACE_UP + self.hand_slots for r in refs):
                accepts.setdefault(slot, []).append((refs, _text(action)))
            return
        action_id = self._simple_id(action, incoming, outgoing)
        if action_id is not None:
            simple[action_id] = _text(action)

    def _simple_id(self, action: JSONObject, incoming: dict[int, int],
                   outgoing: dict[int, int]) -> int | None:
        """The id of an action of one id; None for one beyond the slots (or a trade)."""
        kind = action["type"]
        word = WORDS.get(kind)
        if word is not None:
            return word
        if kind == "harvest":
            return HARVEST + _int(action["field"])
        if kind == "plant":
            return PLANT + _int(action["field"])
        if kind == "plant-traded":
            return TRADED + _bean(str(action["bean"])) * 3 + _int(action["field"])
        if kind == "decline" or kind == "withdraw":
            first, open_slots = ((self.DECLINE, incoming) if kind == "decline"
                                 else (self.WITHDRAW, outgoing))
            slot = open_slots.get(_int(action["pid"]))
            return None if slot is None else first + slot
        return None

    def ids_of(self, view: JSONObject, legal: Legal, action: JSONObject) -> list[int] | None:
        _check_view(view, self.players)
        seat = _int(view["seat"])
        incoming, outgoing = self._slots(self._of_view(view))
        kind = action.get("type")
        if kind not in ("propose", "counter", "accept"):
            action_id = self._simple_id(action, incoming, outgoing)
            if action_id is None and kind not in ("decline", "withdraw"):
                raise ValueError(f"not a Bohnanza action of the encoding: {action!r}")
            return None if action_id is None else [action_id]
        if self.max_cancels < 1:
            return None  # no draft may be opened
        if kind == "propose":
            head = self.TARGET + (_int(action["to"]) - seat) % self.players - 1
        else:
            slot = incoming.get(_int(action["pid"]))
            if slot is None:
                return None  # an open proposal beyond the offer slots
            head = (self.ACCEPT if kind == "accept" else self.COUNTER) + slot
        body = self._offer_path(action) if kind != "accept" else self._cards_path(action)
        return None if body is None else [head, *body, self.SUBMIT]

    def _cards_path(self, action: JSONObject) -> list[int] | None:
        """The ids of the cards given, in increasing slot order; None beyond the caps."""
        refs = _refs(action)
        if any(r >= FACE_UP + self.hand_slots for r in refs):
            return None
        return [self.GIVE + r for r in refs]

    def _offer_path(self, action: JSONObject) -> list[int] | None:
        """A proposal's or counter's ids after its head, in the canonical order (cards
        given, talers given, beans wanted, talers wanted); None beyond the caps."""
        cards = self._cards_path(action)
        wants = sorted(_bean(str(b)) for b in _list(action["wants"]))
        talers, wanted = _int(action["talers"]), _int(action["wants_talers"])
        if (cards is None or len(cards) > self.max_gives or len(wants) > self.max_wants
                or talers > self.max_talers or wanted > self.max_talers):
            return None
        return (cards + [self.GIVE_TALER] * talers + [self.WANT + b for b in wants]
                + [self.WANT_TALER] * wanted)

    def mask(self, draft: Hashable) -> Mask:
        return mask_of(self._legal_ids(_draft(draft)), self.action_count)

    def _legal_ids(self, d: Draft) -> list[int]:
        """The ids legal in ``d``; those of the last draft asked for kept (by its
        identity: a draft is immutable; the entry holds it), since ``choose`` asks for
        the draft ``mask`` was asked for."""
        last = self._last_ids
        if last is not None and last[0] is d:
            return last[1]
        ids = self._list_ids(d)
        self._last_ids = (d, ids)
        return ids

    def _list_ids(self, d: Draft) -> list[int]:
        if d.kind == "root":
            return self._root_ids(d)
        if d.kind == "accept":
            return self._accept_ids(d)
        return self._offer_ids(d)

    def _root_ids(self, d: Draft) -> list[int]:
        ctx = d.ctx
        ids = [i for i, _ in ctx.simple]
        if ctx.may_yield:
            ids.append(YIELD)
        if d.cancels < self.max_cancels:
            ids += [self.TARGET + (t - ctx.seat) % ctx.players - 1 for t in ctx.targets]
            ids += [self.COUNTER + slot for slot, _, _ in ctx.counters]
            ids += [self.ACCEPT + slot for slot, _ in ctx.accepts]
        return sorted(ids)

    def _offer_ids(self, d: Draft) -> list[int]:
        """A proposal or counter: cards, talers, wants in canonical order; submit."""
        ctx = d.ctx
        ids = [self.CANCEL]
        wanting = bool(d.wants) or d.want_talers > 0
        if not wanting and d.give_talers == 0 and len(d.gives) < self.max_gives:
            after = d.gives[-1] + 1 if d.gives else 0
            cards = list(range(ctx.face_up)) + [FACE_UP + i for i in
                                               range(min(ctx.hand_size, self.hand_slots))]
            ids += [self.GIVE + s for s in cards if s >= after]
        if not wanting and d.give_talers < min(ctx.talers, self.max_talers):
            ids.append(self.GIVE_TALER)
        if d.want_talers == 0 and len(d.wants) < self.max_wants:
            low = d.wants[-1] if d.wants else 0
            ids += [self.WANT + b for b in range(low, len(BEANS))]
        if ctx.expert and d.want_talers < self.max_talers:
            ids.append(self.WANT_TALER)
        if d.gives or d.give_talers or d.wants or d.want_talers:
            ids.append(self.SUBMIT)
        return sorted(ids)

    def _accept_ids(self, d: Draft) -> list[int]:
        """An acceptance: the cards paid, in increasing slot order, among the legal ways."""
        ids = [self.CANCEL]
        n = len(d.gives)
        for refs, _ in _ways(d):
            if refs[:n] == d.gives:
                ids.append(self.SUBMIT if len(refs) == n else self.GIVE + refs[n])
        return sorted(set(ids))

    def choose(self, draft: Hashable, action_id: object) -> tuple[Hashable, str | None]:
        # ``action_id`` as the object passed (a bad one is refused by the check below,
        # which a compiled int parameter would pre-empt with a TypeError)
        d = _draft(draft)
        i = _as_id(action_id)
        if i is None or i not in self._legal_ids(d):
            raise ValueError(f"action id {action_id!r} ({self._name_or_none(i)}) "
                             f"is not legal in this draft")
        if d.kind == "root":
            return self._choose_root(d, i)
        return self._choose_step(d, i)

    def _name_or_none(self, action_id: int | None) -> str:
        if action_id is not None and 0 <= action_id < self.action_count:
            return self.action_name(action_id)
        return "no such id"

    def _choose_root(self, d: Draft, i: int) -> tuple[Draft, str | None]:
        if i == YIELD:
            return d, ""
        if self.TARGET <= i < self.GIVE:
            target = (d.ctx.seat + i - self.TARGET + 1) % d.ctx.players
            return _with(d, "propose", target), None
        if self.COUNTER <= i < self.TARGET:
            return _with(d, "counter", i - self.COUNTER), None
        if self.ACCEPT <= i < self.COUNTER:
            return _with(d, "accept", i - self.ACCEPT), None
        return d, dict(d.ctx.simple)[i]

    def _choose_step(self, d: Draft, i: int) -> tuple[Draft, str | None]:
        if i == self.CANCEL:
            return Draft(d.ctx, cancels=d.cancels + 1), None
        if i == self.SUBMIT:
            return Draft(d.ctx, cancels=d.cancels), _notation(d)
        if self.GIVE <= i < self.WANT:
            return Draft(d.ctx, d.kind, d.target, (*d.gives, i - self.GIVE), d.give_talers,
                         d.wants, d.want_talers, d.cancels), None
        if self.WANT <= i < self.GIVE_TALER:
            return Draft(d.ctx, d.kind, d.target, d.gives, d.give_talers,
                         (*d.wants, i - self.WANT), d.want_talers, d.cancels), None
        if i == self.GIVE_TALER:
            return Draft(d.ctx, d.kind, d.target, d.gives, d.give_talers + 1, d.wants,
                         d.want_talers, d.cancels), None
        return Draft(d.ctx, d.kind, d.target, d.gives, d.give_talers, d.wants,
                     d.want_talers + 1, d.cancels), None

    # --- the observation --------------------------------------------------------------

    def _layout(self) -> Layout:
        """The vector's blocks (:data:`BLOCKS`) at this player count and these caps."""
        return layout(self.players, self.hand_slots, self.offer_slots)

    def observe(self, view: JSONObject, draft: Hashable | None) -> Observation:
        _check_view(view, self.players)
        return self.observe_seen(self._of_view(view), draft)

    def encode_state(self, state: AnyState, seat: int, draft: Hashable | None) -> Observation:
        """The seat's vector from the game's accessor, without the view."""
        return self.observe_seen(self._seen_of(state, seat), draft)

    def _seen_of(self, state: AnyState, seat: int) -> Seen:
        seen = self._seen(state, seat)
        if len(seen.players) != self.players:
            raise ValueError(f"the state has {len(seen.players)} players, the encoding "
                             f"{self.players}")
        return seen

    def observe_seen(self, seen: Seen, draft: Hashable | None) -> Observation:
        """The vector of what a seat sees (the accessor's value, or one read from the
        view) and its own draft (:class:`~bohnen.rl.bohnanza_vector.Vectors`)."""
        d = None if draft is None else _draft(draft)
        if d is not None and d.ctx.seat != seen.seat:
            raise ValueError(f"the draft is seat {d.ctx.seat}'s, the view seat {seen.seat}'s")
        return self._vectors.vector(seen, self._draft_block(d))

    def _draft_block(self, d: Draft | None) -> Observation:
        """The draft's block, kept by the values it is made of (as
        :class:`~bohnen.rl.bohnanza_vector.Vectors` keeps its blocks)."""
        key = None if d is None else (d.kind, d.target, d.ctx.seat, d.gives, d.give_talers,
                                      d.wants, d.want_talers, d.cancels)
        kept = self._vectors.drafts
        out = kept.get(key)
        if out is None:
            if d is None:  # no draft: the block of an empty one
                d = Draft(Context(0, self.players, (), False, (), (), (), 0, 0, 0, False))
            values = self._draft_values(d)
            out = keep(kept, key, block(len(values), range(len(values)), values))
        return out

    def _draft_values(self, d: Draft) -> list[float]:
        n, k = self.players, self.offer_slots
        rel = (d.target - d.ctx.seat) % n if d.kind == "propose" else -1
        slot = d.target if d.kind in ("counter", "accept") else -1
        gives = [1.0 if s in d.gives else 0.0 for s in range(FACE_UP + self.hand_slots)]
        return (_one_hot(KINDS.index(d.kind), len(KINDS)) + _one_hot(rel, n) + _one_hot(slot, k)
                + gives + [d.give_talers / self.max_talers]
                + [c / self.max_wants for c in _bean_counts(d.wants)]
                + [d.want_talers / self.max_talers, d.cancels / (self.max_cancels + 1)])


def _encoding(players: int, hand_slots: int, offer_slots: int, max_gives: int,
              max_wants: int, max_talers: int, max_cancels: int) -> BohnanzaEncoding:
    """A pickled :class:`BohnanzaEncoding` made again (its ``__reduce__``)."""
    return BohnanzaEncoding(players, hand_slots=hand_slots, offer_slots=offer_slots,
                            max_gives=max_gives, max_wants=max_wants, max_talers=max_talers,
                            max_cancels=max_cancels)


# --- reading the view ---------------------------------------------------------------------


def _check_view(view: JSONObject, players: int) -> None:
    if view.get("game") != "bohnanza":
        raise ValueError(f"not a Bohnanza view (game {view.get('game')!r})")
    seats = len(_list(view["players"]))
    if seats != players:
        raise ValueError(f"the view has {seats} players, the encoding {players}")
    if view.get("seat") is None:
        raise ValueError("a spectator's view: the encoding needs a seat's view")
    codes = tuple(str(b["code"]) for b in _list(view["legend"]))
    if codes != BEANS:
        raise ValueError(f"the view's beans {codes} are not the encoding's {BEANS}")


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an int in the view, not {value!r}")
    return value


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list in the view, not {type(value).__name__}")
    return value


def _proposals(seen: Seen) -> list[ProposalSeen]:
    """The open proposals, oldest first."""
    return sorted(seen.proposals, key=lambda p: p.pid)


def _must_act(seen: Seen) -> list[int]:
    """The seats the game waits on (the engine's ``must_act``), from what the seat sees."""
    phase = seen.phase
    if phase == "over":
        return []
    if seen.trading_mode != "open":
        return list(seen.to_act)
    if phase == "plant_traded":
        return [s for s, p in enumerate(seen.players) if p.trade_area]
    return [seen.active]


def _targets(terms: Terms | None) -> list[Target]:
    """Where the seat's proposals and counters may go now (the engine's terms)."""
    return [] if terms is None else terms["targets"]


def _refs(action: JSONObject) -> tuple[int, ...]:
    """The combined slots of an action's cards given: face-up j is j, hand position i
    is 2 + i; in increasing order."""
    face_up = [_int(j) for j in _list(action["face_up"])]
    return tuple(sorted(face_up + [FACE_UP + _int(i) for i in _list(action["hand"])]))


def _text(action: JSONObject) -> str:
    """The notation of a legal action of one id or an acceptance (the engine's JSON)."""
    kind, seat = str(action["type"]), _int(action["seat"])
    if kind in ("plant", "harvest"):
        return f"{seat}: {kind} {_int(action['field'])}"
    if kind == "plant-traded":
        return f"{seat}: plant {action['bean']} {_int(action['field'])}"
    if kind in ("decline", "withdraw"):
        return f"{seat}: {kind} {_int(action['pid'])}"
    if kind == "accept":
        refs = [f"h{_int(i)}" for i in _list(action["hand"])]
        refs += [f"f{_int(j)}" for j in _list(action["face_up"])]
        return f"{seat}: accept {_int(action['pid'])}" + (
            f" give {','.join(refs)}" if refs else "")
    return f"{seat}: {kind}"


# --- the draft's notation -----------------------------------------------------------------


def _as_id(value: object) -> int | None:
    """An id as an int (numpy's integers too, as environments pass them), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        return None
    return int(value)


def _draft(draft: Hashable) -> Draft:
    if not isinstance(draft, Draft):
        raise ValueError(f"not a Bohnanza draft: {type(draft).__name__}")
    return draft


def _with(d: Draft, kind: str, target: int) -> Draft:
    """``d`` (a root draft) opened as a draft of ``kind`` at ``target``."""
    return Draft(d.ctx, kind, target, d.gives, d.give_talers, d.wants, d.want_talers,
                 d.cancels)


def _ways(d: Draft) -> tuple[tuple[tuple[int, ...], str], ...]:
    return dict(d.ctx.accepts)[d.target]


def _notation(d: Draft) -> str:
    ctx = d.ctx
    if d.kind == "accept":
        return next(text for refs, text in _ways(d) if refs == d.gives)
    hand = [f"h{s - FACE_UP}" for s in d.gives if s >= FACE_UP]
    give = hand + [f"f{s}" for s in d.gives if s < FACE_UP]
    give += [f"t{d.give_talers}"] if d.give_talers else []
    want = [BEANS[b] for b in d.wants] + ([f"t{d.want_talers}"] if d.want_talers else [])
    if d.kind == "counter":
        pid = next(p for slot, p, _ in ctx.counters if slot == d.target)
        head = f"{ctx.seat}: counter {pid}"
    else:
        head = f"{ctx.seat}: propose {d.target}"
    return head + (f" give {','.join(give)}" if give else "") + (
        f" want {','.join(want)}" if want else "")


# --- the draft's block -------------------------------------------------------------------


def _one_hot(index: int, size: int) -> list[float]:
    out = [0.0] * size
    if 0 <= index < size:
        out[index] = 1.0
    return out


def _bean_counts(beans: Sequence[int]) -> list[int]:
    counts = [0] * len(BEANS)
    for b in beans:
        counts[b] += 1
    return counts
