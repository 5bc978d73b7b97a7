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
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from bohnen.core.protocol import Action, AnyState, JSONObject, Target, Terms
from bohnen.rl.bohnanza_seen import PlayerSeen, ProposalSeen, Seen, accessors
from bohnen.rl.encoding import Encoding, Legal, Mask, Observation, engine_legal, mask_of
from bohnen.rl.layout import Layout

BEANS = ("BL", "FE", "SA", "BR", "SO", "AU", "RO", "GA")
PHASES = ("plant", "trade", "plant_traded", "over")
KINDS = ("root", "propose", "counter", "accept")
FACE_UP = 2  # face-up cards in phase 2 (combined slots 0 and 1; hand position i is 2 + i)

# ids of one action each, before the per-slot ids
YIELD, END_PLANTING, PASS, CLOSE, BUY = 0, 1, 2, 3, 4
PLANT = 5  # + field (phase 1)
HARVEST = 8  # + field
TRADED = 11  # + bean * 3 + field (phase 3)
FIXED = TRADED + len(BEANS) * 3
# the ids of the actions named by their type alone
WORDS = {"end-planting": END_PLANTING, "pass": PASS, "close-trading": CLOSE,
         "buy-field": BUY}

# The blocks of the vector, in order: (name, size with P players, H hand slots, K offer
# slots; what it holds); each value in [0, 1]. docs/research.md, "Bohnanza encoding",
# has the layout's table (``layout.table()``) at 4 players with the default caps.
BLOCKS = (
    ("phase", "4", "one-hot: plant, trade, plant_traded, over"),
    ("options", "6", "open trading, expert talers, bean protection, two fields of a bean, "
                     "beginner, third field cost / 20"),
    ("table", "8", "turn / 100, planted / 2, draw pile / 104, run-outs one-hot 0 to 3, "
                   "last run-out reached"),
    ("discard", "8", "discard pile: cards of each bean / 20"),
    ("face_up", "16", "the two face-up cards, one-hot bean each"),
    ("seats", "3P", "the active player (one-hot), the seats to act (flags), the floor "
                    "(one-hot; zeros in open trading)"),
    ("players", "47P", "per seat, me first: hand size / 40; 3 fields × (owned, bean "
                       "one-hot, count / 20, talers now / 4); third field; may buy it; "
                       "talers / 40; trade area, cards of each bean / 5; proposals left / 8 "
                       "(1 when unbounded); proposals made / 8"),
    ("hand", "8H + 8", "own hand (private), one-hot bean for positions 0 … H-1 (front "
                       "first), then the whole hand's cards of each bean / 20"),
    ("trading", "3K(2P + 27) + 2", "passes since the last proposal / P; then K rows each of "
                                   "the open proposals to me, mine, and the others' (oldest "
                                   "first): present, from and to (relative one-hot), offered "
                                   "hand beans, offered face-up beans, wanted beans (counts "
                                   "/ 5), talers / T, talers wanted / T; then proposals "
                                   "closed this turn / 20"),
    ("draft", "P + K + H + 17", "own draft only (private): kind (none, propose, counter, "
                                "accept), target (relative one-hot), the slot answered "
                                "(one-hot), the cards given (flags `f0`, `f1`, `h0` …), "
                                "talers given / T, beans wanted / max_wants, talers wanted "
                                "/ T, cancels / (C + 1)"),
)


PRIVATE = ("hand", "draft")  # the blocks only the seat itself knows


@dataclass(frozen=True)
class Context:
    """What a draft needs of the view and the seat's :class:`Legal` (its legal actions
    and what it may propose: the engine's), read once by ``start``."""

    seat: int
    players: int
    simple: tuple[tuple[int, str], ...]  # (id, notation) of the actions of one id
    may_yield: bool
    targets: tuple[int, ...]  # seats a new proposal may go to (empty: none)
    counters: tuple[tuple[int, int, int], ...]  # (slot, pid, proposer) open to a counter
    accepts: tuple[tuple[int, tuple[tuple[tuple[int, ...], str], ...]], ...]  # slot, ways
    hand_size: int
    face_up: int  # face-up cards the seat may give (0 unless active)
    talers: int  # talers the seat may give (0 unless expert)
    expert: bool


@dataclass(frozen=True)
class Draft:
    """A seat's action under composition (``kind`` "root": none yet). ``target`` is the
    seat proposed to, or for "counter" and "accept" the slot of the proposal answered."""

    ctx: Context
    kind: str = "root"
    target: int = -1
    gives: tuple[int, ...] = ()  # combined slots: face-up j is j, hand position i is 2 + i
    give_talers: int = 0
    wants: tuple[int, ...] = ()  # bean indexes, non-decreasing
    want_talers: int = 0
    cancels: int = 0


class BohnanzaEncoding(Encoding):
    """Bohnanza at ``players`` seats (see the module for the design and the caps)."""

    game = "bohnanza"
    version = 1

    def __init__(self, players: int, *, hand_slots: int = 16, offer_slots: int = 4,
                 max_gives: int = 4, max_wants: int = 4, max_talers: int = 3,
                 max_cancels: int = 1) -> None:
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
        self._no_draft: list[float] | None = None  # the draft block without a draft
        self._last_ids: tuple[Draft, list[int]] | None = None  # see _legal_ids

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

    def action_name(self, action_id: int) -> str:
        i = _as_id(action_id)
        if i is None or not 0 <= i < self.action_count:
            raise ValueError(f"no action id {action_id!r} (0 to {self.action_count - 1})")
        action_id = i
        fixed = {YIELD: "yield", END_PLANTING: "end-planting", PASS: "pass",
                 CLOSE: "close-trading", BUY: "buy-field", self.GIVE_TALER: "give a taler",
                 self.WANT_TALER: "want a taler", self.SUBMIT: "submit",
                 self.CANCEL: "cancel"}
        if action_id in fixed:
            return fixed[action_id]
        return self._ranged_name(action_id)

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
        give = terms["give"] if terms is not None else {}
        ctx = Context(
            seat=seat, players=self.players,
            simple=tuple(sorted(simple.items())),
            may_yield=seat not in _must_act(seen),
            targets=tuple(sorted(t["seat"] for t in _targets(terms) if t["pid"] is None)),
            counters=tuple(sorted((incoming[pid], pid, t["seat"]) for t in _targets(terms)
                                  if (pid := t["pid"]) is not None and pid in incoming)),
            accepts=tuple((slot, tuple(sorted(ways))) for slot, ways in sorted(accepts.items())),
            hand_size=sum(1 for thing in give if thing.startswith("h")),
            face_up=sum(1 for thing in give if thing.startswith("f")),
            talers=give.get("t", 0),
            expert=terms is not None and "t" in terms["want"])
        return Draft(ctx)

    def _slots(self, seen: Seen) -> tuple[dict[int, int], dict[int, int]]:
        """pid -> slot of the open proposals to the seat, and of the seat's own."""
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

    def choose(self, draft: Hashable, action_id: int) -> tuple[Hashable, str | None]:
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
            return replace(d, kind="propose", target=target), None
        if self.COUNTER <= i < self.TARGET:
            return replace(d, kind="counter", target=i - self.COUNTER), None
        if self.ACCEPT <= i < self.COUNTER:
            return replace(d, kind="accept", target=i - self.ACCEPT), None
        return d, dict(d.ctx.simple)[i]

    def _choose_step(self, d: Draft, i: int) -> tuple[Draft, str | None]:
        root = Draft(d.ctx, cancels=d.cancels)
        if i == self.CANCEL:
            return replace(root, cancels=d.cancels + 1), None
        if i == self.SUBMIT:
            return root, _notation(d)
        if self.GIVE <= i < self.WANT:
            return replace(d, gives=(*d.gives, i - self.GIVE)), None
        if self.WANT <= i < self.GIVE_TALER:
            return replace(d, wants=(*d.wants, i - self.WANT)), None
        if i == self.GIVE_TALER:
            return replace(d, give_talers=d.give_talers + 1), None
        return replace(d, want_talers=d.want_talers + 1), None

    # --- the observation --------------------------------------------------------------

    def _layout(self) -> Layout:
        """The vector's blocks (:data:`BLOCKS`) at this player count and these caps, each
        in [0, 1]; the own hand and the own draft are the seat's private ones."""
        p, h, k = self.players, self.hand_slots, self.offer_slots
        sizes = {"phase": len(PHASES), "options": 6, "table": 8, "discard": 8,
                 "face_up": FACE_UP * 8, "seats": 3 * p, "players": PLAYER_ROW * p,
                 "hand": 8 * h + 8, "trading": 1 + 3 * k * (2 * p + 27) + 1,
                 "draft": len(KINDS) + p + k + FACE_UP + h + 1 + 8 + 1 + 1}
        return Layout([(name, sizes[name], 0.0, 1.0,
                        meaning if size.isdigit() else f"{meaning} (size {size})",
                        name in PRIVATE) for name, size, meaning in BLOCKS])

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
        view) and its own draft."""
        d = None if draft is None else _draft(draft)
        seat = seen.seat
        if d is not None and d.ctx.seat != seat:
            raise ValueError(f"the draft is seat {d.ctx.seat}'s, the view seat {seat}'s")
        # the vector is mostly zeros: the dense blocks are written whole, the sparse ones
        # as the places and values of their non-zero entries
        o, n = self._offsets, self.players
        vector = np.zeros(self.observation_size, np.float32)
        for name, block in (("options", _options(seen)), ("table", _table(seen)),
                            ("seats", _seats(seen, seat, n)),
                            ("draft", self._draft_block(d))):
            vector[o[name]:o[name] + len(block)] = block
        at = [o["phase"] + PHASES.index(seen.phase)]
        values = [1.0]
        sparse = _Sparse(at, values)
        sparse.counts(o["discard"], seen.discard, 20)
        sparse.slots(o["face_up"], seen.face_up, FACE_UP)
        players = seen.players
        for r in range(n):
            sparse.player(o["players"] + r * PLAYER_ROW, players[(seat + r) % n])
        hand = seen.hand
        sparse.slots(o["hand"], hand, self.hand_slots)
        sparse.counts(o["hand"] + 8 * self.hand_slots, hand, 20)
        self._trading(seen, seat, sparse)
        vector[at] = values
        return np.clip(vector, 0.0, 1.0, out=vector)

    def _trading(self, seen: Seen, seat: int, sparse: _Sparse) -> None:
        base, n = self._offsets["trading"], self.players
        props = _proposals(seen)
        groups = ([p for p in props if p.to == seat], [p for p in props if p.proposer == seat],
                  [p for p in props if seat not in (p.to, p.proposer)])
        sparse.add(base, seen.passes_since_proposal / n)
        row = 2 * n + 27
        for g, group in enumerate(groups):
            for i, proposal in enumerate(group[:self.offer_slots]):
                self._offer_row(base + 1 + (g * self.offer_slots + i) * row, proposal, seat,
                                sparse)
        sparse.add(base + 1 + 3 * self.offer_slots * row, seen.closed / 20)

    def _offer_row(self, at: int, p: ProposalSeen, seat: int, sparse: _Sparse) -> None:
        n, t = self.players, self.max_talers
        sparse.add(at, 1.0)
        sparse.add(at + 1 + (p.proposer - seat) % n, 1.0)
        sparse.add(at + 1 + n + (p.to - seat) % n, 1.0)
        beans = at + 1 + 2 * n
        sparse.counts(beans, p.hand_beans, 5)
        sparse.counts(beans + 8, p.face_up_beans, 5)
        sparse.counts(beans + 16, p.wants, 5)
        sparse.add(beans + 24, p.talers / t)
        sparse.add(beans + 25, p.wants_talers / t)

    def _draft_block(self, d: Draft | None) -> list[float]:
        if d is None:  # no draft: the block of an empty one, the same at every step
            if self._no_draft is None:
                self._no_draft = self._draft_values(
                    Draft(Context(0, self.players, (), False, (), (), (), 0, 0, 0, False)))
            return self._no_draft
        return self._draft_values(d)

    def _draft_values(self, d: Draft) -> list[float]:
        n, k = self.players, self.offer_slots
        rel = (d.target - d.ctx.seat) % n if d.kind == "propose" else -1
        slot = d.target if d.kind in ("counter", "accept") else -1
        gives = [1.0 if s in d.gives else 0.0 for s in range(FACE_UP + self.hand_slots)]
        return (_one_hot(KINDS.index(d.kind), len(KINDS)) + _one_hot(rel, n) + _one_hot(slot, k)
                + gives + [d.give_talers / self.max_talers]
                + [c / self.max_wants for c in _bean_counts(d.wants)]
                + [d.want_talers / self.max_talers, d.cancels / (self.max_cancels + 1)])


PLAYER_ROW = 1 + 3 * 11 + 1 + 1 + 1 + 8 + 1 + 1


@dataclass(frozen=True, slots=True)
class _Sparse:
    """The non-zero entries of the vector's sparse blocks: their places and values."""

    at: list[int]
    values: list[float]

    def add(self, at: int, value: float) -> None:
        if value:
            self.at.append(at)
            self.values.append(value)

    def counts(self, at: int, codes: Sequence[str], scale: int) -> None:
        """The beans of ``codes`` counted (over :data:`BEANS`, divided by ``scale``)."""
        if not codes:
            return
        if len(codes) == 1:
            self.at.append(at + _bean(codes[0]))
            self.values.append(1 / scale)
            return
        counted: dict[str, int] = {}  # each bean once, in the order of its first card
        for code in codes:
            counted[code] = counted.get(code, 0) + 1
        for code, count in counted.items():
            self.at.append(at + _bean(code))
            self.values.append(count / scale)

    def slots(self, at: int, codes: Sequence[str], slots: int) -> None:
        """The first ``slots`` beans of ``codes``, each one-hot over the beans."""
        width = len(BEANS)
        for i, code in enumerate(codes[:slots]):
            self.at.append(at + width * i + _bean(code))
            self.values.append(1.0)

    def player(self, at: int, p: PlayerSeen) -> None:
        """A player's row (:data:`PLAYER_ROW` long): hand size, three fields (there?
        bean, count, talers), third field, may buy it, talers, trade area, proposals."""
        places, values = self.at, self.values
        for i, f in enumerate(p.fields[:3]):
            start = at + 1 + 11 * i
            places.append(start)
            values.append(1.0)
            if f.bean is not None:  # an empty field has no bean, count or talers
                places += (start + 1 + _bean(f.bean), start + 9, start + 10)
                values += (1.0, f.beans / 20, f.talers / 4)
        left = p.proposals_left
        places += (at, at + 34, at + 35, at + 36, at + 45, at + 46)
        values += (p.hand_size / 40, float(p.third_field),
                   float(p.may_buy_third_field), p.talers / 40,
                   1.0 if left is None else left / 8, p.proposals_made / 8)
        self.counts(at + 37, p.trade_area, 5)


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


# --- blocks of the vector -----------------------------------------------------------------


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


_BEAN_INDEX = {code: i for i, code in enumerate(BEANS)}


def _bean(code: str) -> int:
    """The bean's place in :data:`BEANS` (``ValueError`` for an unknown code)."""
    index = _BEAN_INDEX.get(code)
    if index is None:
        raise ValueError(f"{code!r} is not a bean")
    return index


def _options(seen: Seen) -> list[float]:
    return [float(seen.trading_mode == "open"), float(seen.expert_taler_trading),
            float(seen.bean_protection), float(seen.same_bean_in_two_fields),
            float(seen.beginner), seen.third_field_cost / 20]


def _table(seen: Seen) -> list[float]:
    return [seen.turn / 100, seen.planted / 2, seen.draw_pile_size / 104,
            *_one_hot(seen.runouts, 4), float(bool(seen.last_runout_reached))]


def _seats(seen: Seen, seat: int, n: int) -> list[float]:
    to_act = {(s - seat) % n for s in seen.to_act}
    floor = seen.floor
    return (_one_hot((seen.active - seat) % n, n)
            + [float(r in to_act) for r in range(n)]
            + _one_hot(-1 if floor is None else (floor - seat) % n, n))
