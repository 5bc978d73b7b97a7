"""The Bohn Hansa encoding: a seat's view as a fixed vector, its actions as fixed ids.

**Sizes.** The board comes from the view (``view["board"]``: beans, cities, ladders,
distances); the encoding is sized by a board given to the constructor, by default the
default board as a new game's view carries it (14 cities, 8 beans, ladders of at most
5 slots). A view of another board (other bean or city codes) is refused with a
``ValueError``. Seats are ego-centric (the viewer first, then the others in turn
order) and padded to 5, so the vector has one size for 3, 4 and 5 players.

**Ids** (``action_name`` gives each in words):

============================  =====  ======================================================
ids                           count  action
============================  =====  ======================================================
``yield``                     1      ``""``: a seat the game does not wait on takes no action
``stay``                      1      ``stay``
``go CITY``                   C      to that city (the first shortest path in notation order:
                                     the cities on the way change nothing but the text)
``begin k last l``            6      set-up: the k-th contract of the hand, the l-th last
``sell B``                    8      customs: sell a bean
``buy B S``                   8·S    buy bean B from slot S of the ladder
``buy-scarce B``              8      the scarce purchase
``fulfil hand i``             H      the contract at position i of the hand
``fulfil table j``            T      the contract at position j of the journey's table
``buy-contract T n``          7      pay 5 talers and travel card n
``return B``                  8      put a bean back (full aid)
``pass`` … ``decline``        6      pass, end-trading, end-turn, done, accept, decline
``propose +r``                4      start a deal with the seat r places after the viewer
``counter``                   1      start a counter to the pending proposal
``give B`` / ``want B``       8+8    add a bean to the deal's give / want side
``buy-for B``                 8      the active player buys bean B for the guest
``submit``                    1      the deal is whole: propose (or counter) it
============================  =====  ======================================================

**Deals: composed over sub-steps, in a canonical order** (design (a) of the issue).
A deal (``propose TO give … want … buy …``, ``counter PID …``) is chosen as a target
(or ``counter``), then the beans given, the beans wanted and the beans bought, each
side in non-decreasing bean order and the sides in that order, then ``submit``. So each
deal within the caps has exactly one path of ids (no spurious symmetry for learning or
search), and ~45 ids express every deal of up to ``give_cap`` / ``want_cap`` /
``buy_cap`` beans a side, where a fixed vocabulary of small proposals (design (b))
grows with the product of the sides and still cannot name a 2-for-2 with a purchase.
Invitations are the same deals with a seat in another city. The masks keep a deal
acceptable on what the view shows: the beans given are held, the beans wanted are held
by the other side, the purchases are on the ladder and affordable by the active player,
both aids stay within their room after each step, no bean is both given and wanted;
and a target is offered only when a first step (or the empty invitation) is open, so
``submit`` is always reachable and a draft never stalls. There is no cancel: a started
deal is submitted, so composition is bounded (at most ``2 + give_cap + want_cap +
buy_cap`` ids a deal, at most ``proposals`` deals a seat a trade phase, and the
engine's allowance).

**What the engine says, read as it says it.** ``start`` reads the seat's legal
actions as the engine's JSON (:class:`~bohnen.rl.encoding.Legal`), and who may deal
with whom and with what from the engine's proposal terms (``legal.terms``): the
targets (a counter's proposal, an invitation, whether the deal may be empty), the
beans the seat may give and how many, the beans it may want, the beans of the ladder
it may buy for the guest and how many. Only what keeps a deal acceptable comes from
the view: the other side's beans, both aids' room, the prices and the active
player's money.

**From an action to its ids** (``ids_of``): read from the action's JSON, never by
search: a one-id action's id; a journey's destination (its path is the first in
notation order when the ids are chosen again: the path changes nothing but the text);
a deal's target (or ``counter``), its beans in the canonical order, ``submit``. Its
ids are walked through the masks once: ``None`` for an action beyond the caps, which
are: more than ``give_cap`` / ``want_cap`` / ``buy_cap`` beans a side; a contract at
a hand position ``>= hand_slots`` or table position ``>= table_slots``; more deals
than ``proposals``; and a deal the masks do not offer: one the other side could not
accept as the view shows (beans it lacks, more than its aid holds, a purchase the
active player cannot pay), or one whose beans given fill the other aid's storage
before the beans wanted make room (the room is checked after each step; such a deal
is legal, and acceptable once whole). Such deals, and journeys by another path than
the first, were what the old search of ids lost (issue 37).

**Yield.** A seat not in the view's ``to_act`` may only buy contracts (at any time);
its mask is ``yield`` and those ids. A seat the game waits on never has ``yield``.

**Observation** (float32, every value in [0, 1]; ``layout``, a
:class:`~bohnen.rl.layout.Layout`, names its fields with their offsets and bounds, the
hand and the draft marked private): the phase; the active seat, the seats to act, the
trade floor and the last seat (ego-centric one-hots); counters (turn, piles, customs
due, price slot, passes); per seat its presence, city, money, loans, beans, hand size,
travel cards discarded, Neue-Ernte cards waiting, proposals made and left, and whether
it still closes; the viewer's hand (``hand_slots`` cards: travel card number, Zoll,
Nachschub, or a contract's city, beans and payout); the journey's table and played
cards; the distance from the viewer's city to each city; each city's prices now,
beans sold, free slot and ladder; the supply; the pending proposal; the viewer's own
draft.

**From the state.** What the view shows, the encoding reads as the game's accessor
gives it (``Game.seen``: ``bohnen.hansa.seen``, through the protocols of
:mod:`bohnen.rl.hansa_seen`): ``encode_state`` and ``start_state`` from the state,
without the view; ``observe``, ``start`` and ``ids_of`` from the view through the
accessor module's ``of_view``. One vector function and one draft function serve both
paths, so they give the same vectors, masks and drafts.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Final, cast

import numpy as np
from mypy_extensions import mypyc_attr

from bohnen.core.protocol import Action, AnyState, JSONObject, Terms
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Encoding, Legal, Mask, Observation, engine_legal
from bohnen.rl.hansa_seen import Seen, accessors
from bohnen.rl.hansa_vector import (
    MAX_PLAYERS,
    TRAVEL_CARDS,
    Board,
    Deal,
    HansaVector,
    index_of,
)

BEGIN_CONTRACTS: Final = 3
SIMPLE: Final = ("pass", "end-trading", "end-turn", "done", "accept", "decline")
BEAN_VERBS: Final = ("sell", "buy-scarce", "return")
SIDES: Final = ("give", "want", "buy-for")  # the sides of a deal, as the ids name them
Frozen = tuple[tuple[str, object], ...]  # an action's JSON, frozen (see _frozen)
_BIG: Final = 1 << 30  # no bound


@dataclass(frozen=True, slots=True)
class Market:
    """What the masks of a deal need, per bean in board order: the most the seat may
    give, want (None: no bound) and buy, as the engine's terms say; and, from the view,
    what keeps a deal acceptable: who is active, each seat's beans, the prices of the
    active player's city, its money and the storage's room."""

    give: tuple[int, ...]
    want: tuple[int | None, ...]
    buy: tuple[int, ...]
    active: int
    beans: tuple[tuple[int, ...], ...]
    prices: tuple[int, ...]
    money: int
    storage: int
    held: tuple[int, ...] = ()  # each seat's beans in all (the sums of ``beans``)

    def __reduce__(self) -> tuple[type[Market], tuple[object, ...]]:
        """Pickled by its fields (compiled, a frozen dataclass's own unpickling refuses
        to set them)."""
        return Market, (self.give, self.want, self.buy, self.active, self.beans,
                        self.prices, self.money, self.storage, self.held)


@dataclass(frozen=True, slots=True)
class Draft:
    """A seat's draft: the single-id actions open (id, the action's JSON frozen; the
    yield ``()``), the deals it may start (id, target seat, counter pid, invitation),
    the deal under way, and the market."""

    seat: int
    options: tuple[tuple[int, Frozen], ...]
    starts: tuple[tuple[int, int, int | None, bool], ...]
    market: Market | None
    deal: Deal | None = None

    def __reduce__(self) -> tuple[type[Draft], tuple[object, ...]]:
        """Pickled by its fields (as :class:`Market`)."""
        return Draft, (self.seat, self.options, self.starts, self.market, self.deal)


@mypyc_attr(allow_interpreted_subclasses=True)
class HansaEncoding(Encoding):
    """Bohn Hansa at ``players`` seats (see the module). Compiled (the compiled build),
    it may still be subclassed by interpreted code (the tests' do)."""

    def __init__(self, players: int, *, board: JSONObject | None = None, hand_slots: int = 16,
                 table_slots: int = 8, give_cap: int = 2, want_cap: int = 2, buy_cap: int = 1,
                 proposals: int | None = None) -> None:
        # set here, not as class attributes: the compiled build's Encoding keeps them in
        # slots of its own, which a class attribute of a subclass would shadow
        self.game = "hansa"
        self.version = 1
        if not 3 <= players <= MAX_PLAYERS:
            raise ValueError(f"Bohn Hansa is played by 3 to 5 players, not {players}")
        if min(hand_slots, table_slots, give_cap, want_cap, buy_cap) < 0:
            raise ValueError("the caps of the Bohn Hansa encoding must not be negative")
        if board is None:
            game = get_game("hansa")
            board = cast(JSONObject, game.new_game(game.options(players), 0).view(None)["board"])
        self._made = (players, board, hand_slots, table_slots, give_cap, want_cap, buy_cap,
                      proposals)
        self.players = players
        self.board = Board.of(board)
        self._fitting_board: object = None  # the last board seen found to fit
        self._seen, self._of_view = accessors(self.game)
        self._last_open: tuple[Draft, list[int]] | None = None  # see _open
        self.hand_slots, self.table_slots = hand_slots, table_slots
        self.give_cap, self.want_cap, self.buy_cap = give_cap, want_cap, buy_cap
        self.proposals = proposals
        self.names = self._names()
        self.ids = {name: i for i, name in enumerate(self.names)}
        self.action_count = len(self.names)
        self.vector = HansaVector(players, self.board, hand_slots, table_slots)
        self.layout = self.vector.layout
        self.observation_size = self.layout.size

    def __reduce__(self) -> tuple[object, tuple[int, JSONObject, int, int, int, int, int,
                                                int | None]]:
        """Pickled by what makes the encoding, its constructor's arguments: a pickle
        carries none of what it keeps (the vector's pieces, the last draft's open ids,
        the board found to fit), which its copy builds again (compiled, a class whose
        constructor takes arguments cannot be unpickled the default way)."""
        return _encoding, self._made

    # --- the ids ------------------------------------------------------------------------

    def _names(self) -> list[str]:
        beans, board = self.board.beans, self.board
        names = ["yield", "stay", *(f"go {c}" for c in board.cities)]
        names += [f"begin {k} last {m}" for k in range(BEGIN_CONTRACTS)
                  for m in range(BEGIN_CONTRACTS) if k != m]
        names += [f"sell {b}" for b in beans]
        names += [f"buy {b} {s}" for b in beans for s in range(1, board.slots + 1)]
        names += [f"buy-scarce {b}" for b in beans]
        names += [f"fulfil hand {i}" for i in range(self.hand_slots)]
        names += [f"fulfil table {j}" for j in range(self.table_slots)]
        names += [f"buy-contract T{n}" for n in range(1, TRAVEL_CARDS + 1)]
        names += [f"return {b}" for b in beans]
        names += list(SIMPLE)
        names += [f"propose +{r}" for r in range(1, MAX_PLAYERS)] + ["counter"]
        for side in ("give", "want", "buy-for"):
            names += [f"{side} {b}" for b in beans]
        return [*names, "submit"]

    def action_name(self, action_id: object) -> str:
        return self.names[self._id(action_id)]

    def _id(self, action_id: object) -> int:
        """``action_id`` as an int (numpy's integers too: environments pass them)."""
        if isinstance(action_id, bool) or not isinstance(action_id, int | np.integer):
            raise ValueError(f"an action id is an integer, not {action_id!r}")
        if not 0 <= int(action_id) < self.action_count:
            raise ValueError(f"no action id {action_id} (0 .. {self.action_count - 1})")
        return int(action_id)

    # --- drafts ---------------------------------------------------------------------------

    def start(self, view: JSONObject, legal: Legal) -> Hashable:
        return self._start(self._seen_of_view(view), legal)

    def start_state(self, state: AnyState, seat: int,
                    legal: Sequence[Action] | None = None) -> Hashable:
        """As ``start`` from the seat's view, read through the accessor (no view)."""
        return self._start(self._seen_of(state, seat), engine_legal(state, seat))

    def _start(self, seen: Seen, legal: Legal) -> Draft:
        seat = seen.seat
        waited = seat in seen.to_act
        options: dict[int, Frozen] = {}
        for action in legal.actions:
            if waited or action["type"] == "buy-contract":
                action_id = self._single_id(seen, action)
                if action_id is not None:
                    frozen = _frozen(action)
                    if action_id not in options or frozen < options[action_id]:
                        options[action_id] = frozen  # a journey: the first path in order
        if not waited:
            options[self.ids["yield"]] = ()
        terms = legal.terms if waited else None
        market = None if terms is None else _market(seen, self.board, terms)
        starts = self._starts(seen, terms, market) if terms and market else ()
        if not options and not starts:
            raise ValueError(f"seat {seat} must act but no action of it fits the encoding")
        return Draft(seat, tuple(sorted(options.items())), starts, market)

    def ids_of(self, view: JSONObject, legal: Legal, action: JSONObject) -> list[int] | None:
        """The ids of ``action`` (see the module): its own id, or a deal's target, beans
        and ``submit`` in the canonical order; a journey by its destination. None beyond
        the caps: the sizes, the hand and table positions, and the deals the masks do
        not offer (see "Caps")."""
        seen = self._seen_of_view(view)
        seat = seen.seat
        if action.get("seat") != seat:
            raise ValueError(f"not an action of seat {seat}: {action!r}")
        deal = action.get("type") in ("propose", "counter")
        try:
            ids = self._deal_ids(seat, action) if deal else self._one_id(seen, action)
        except (KeyError, IndexError, TypeError, ValueError):
            raise ValueError(f"not an action of the Bohn Hansa encoding: {action!r}") from None
        if ids is None:
            return None
        draft: Hashable = self._start(seen, legal)
        if not _targeted(legal, action) if deal else ids[0] not in self._open(_draft(draft)):
            raise ValueError(f"not a legal action of seat {seat} now: {action!r}")
        for action_id in ids:
            if action_id not in self._open(_draft(draft)):
                return None  # a deal the masks do not offer
            draft, _ = self.choose(draft, action_id)
        return ids

    def _one_id(self, seen: Seen, action: JSONObject) -> list[int] | None:
        """The id of an action of one id, as a list (None: a contract's position beyond
        the caps); ``ValueError`` for an action of no id."""
        one = self._single_id(seen, action)
        if one is None and action.get("type") not in ("fulfil", "begin"):
            raise ValueError(f"no action {action.get('type')!r}")
        return None if one is None else [one]

    def mask(self, draft: Hashable) -> Mask:
        out = np.zeros(self.action_count, dtype=np.int8)
        out[self._open(_draft(draft))] = 1
        return out

    def choose(self, draft: Hashable, action_id: object) -> tuple[Hashable, str | None]:
        # ``action_id`` as the object passed (a bad one is refused by ``_id``, which a
        # compiled int parameter would pre-empt with a TypeError)
        d, i = _draft(draft), self._id(action_id)
        if i not in self._open(d):
            raise ValueError(f"action id {i} ({self.action_name(i)}) is "
                             f"not legal in this draft")
        if d.deal is None:
            for option_id, frozen in d.options:
                if option_id == i:
                    return d, _notation_of(frozen)
            target, pid, empty = next((t, p, e) for j, t, p, e in d.starts if j == i)
            return replace(d, deal=Deal(target, pid, empty)), None
        if i == self.ids["submit"]:
            return replace(d, deal=None), self._notation(d.seat, d.deal)
        return replace(d, deal=self._add(d.deal, i)), None

    def _open(self, d: Draft) -> list[int]:
        """The ids open in ``d``; those of the last draft asked about are kept (an
        environment asks for a draft's mask, then chooses in it), by identity: a draft
        never changes."""
        last = self._last_open
        if last is not None and last[0] is d:
            return last[1]
        if d.deal is not None:
            opened = self._deal_steps(d)
        else:
            opened = [i for i, _ in d.options] + [start[0] for start in d.starts]
        self._last_open = (d, opened)
        return opened

    # --- reading the legal actions ----------------------------------------------------------

    def _single_id(self, seen: Seen, action: JSONObject) -> int | None:
        """The id of an action of one id, from its JSON (None: a deal, composed, or an
        action beyond a cap)."""
        kind = action["type"]
        if kind == "stay" or kind in SIMPLE:  # not ``in ("stay", *SIMPLE)``: mypyc fails on it
            return self.ids[kind]
        if kind in BEAN_VERBS:
            return self.ids[f"{kind} {action['bean']}"]
        if kind == "buy-contract":
            return self.ids[f"buy-contract {action['card']}"]
        if kind == "go":
            return self.ids[f"go {cast(list[str], action['path'])[-1]}"]
        if kind == "buy":
            return self.ids[f"buy {action['bean']} {action['slot']}"]
        if kind == "fulfil":
            return self._fulfil_id(seen, cast(str, action["contract"]))
        if kind == "begin":
            return self._begin_id(seen, cast(str, action["contract"]), cast(str, action["last"]))
        return None  # propose, counter: composed

    def _fulfil_id(self, seen: Seen, card: str) -> int | None:
        hand = seen.hand
        if card in hand:
            i = hand.index(card)
            return self.ids[f"fulfil hand {i}"] if i < self.hand_slots else None
        table = seen.table
        if card not in table:
            raise ValueError(f"contract {card} is neither in seat {seen.seat}'s hand nor on "
                             "the journey's table")
        j = table.index(card)
        return self.ids[f"fulfil table {j}"] if j < self.table_slots else None

    def _begin_id(self, seen: Seen, first: str, last: str) -> int | None:
        contracts = [c for c in seen.hand if c.startswith("C")]
        k, m = contracts.index(first), contracts.index(last)
        if max(k, m) >= BEGIN_CONTRACTS:
            return None
        return self.ids[f"begin {k} last {m}"]

    # --- deals ----------------------------------------------------------------------------

    def _starts(self, seen: Seen, terms: Terms,
                market: Market) -> tuple[tuple[int, int, int | None, bool], ...]:
        """The deals the seat may start now, among the terms' targets: (id, target,
        counter pid, invitation)."""
        seat = seen.seat
        if self.proposals is not None and seen.players[seat].proposals_made >= self.proposals:
            return ()
        out: list[tuple[int, int, int | None, bool]] = []
        for target in terms["targets"]:
            to, pid, empty = target["seat"], target["pid"], target["empty"]
            name = "counter" if pid is not None else f"propose +{(to - seat) % self.players}"
            if self._can_deal(seat, Deal(to, pid, empty), market):
                out.append((self.ids[name], to, pid, empty))
        return tuple(out)

    def _can_deal(self, seat: int, deal: Deal, market: Market) -> bool:
        """``deal`` (fresh) can be submitted: it may be empty, or a first step is open
        (the first found is enough)."""
        return deal.empty or any(self._step_ok(seat, deal, market, side, b) for side in SIDES
                                 for b in range(len(self.board.beans)))

    def _deal_ids(self, seat: int, action: JSONObject) -> list[int] | None:
        """A deal's ids in the canonical order (None: a side beyond its cap)."""
        if action["type"] == "counter":
            head = "counter"
        else:
            relative = (cast(int, action["to"]) - seat) % self.players
            if not relative:
                raise ValueError(f"a deal of seat {seat} with itself: {action!r}")
            head = f"propose +{relative}"
        ids = [self.ids[head]]
        for key, side, cap in (("give", "give", self.give_cap), ("want", "want", self.want_cap),
                               ("buy", "buy-for", self.buy_cap)):
            beans = cast(list[str], action[key])
            if len(beans) > cap:
                return None
            order = index_of(self.board.beans)
            ids += [self.ids[f"{side} {b}"] for b in sorted(beans, key=order.__getitem__)]
        return [*ids, self.ids["submit"]]

    def _deal_steps(self, d: Draft) -> list[int]:
        deal, market = cast(Deal, d.deal), cast(Market, d.market)
        out: list[int] = []
        for side in SIDES:
            out += [self.ids[f"{side} {self.board.beans[b]}"]
                    for b in range(len(self.board.beans))
                    if self._step_ok(d.seat, deal, market, side, b)]
        if deal.give or deal.want or deal.buy or deal.empty:
            out.append(self.ids["submit"])
        return out

    def _step_ok(self, seat: int, deal: Deal, m: Market, side: str, b: int) -> bool:
        """Bean ``b`` may be added to the deal's ``side``: within the side's cap and the
        market's limits, in non-decreasing order, both aids within their room after it."""
        if side == "give":
            last = deal.give
            ok = not deal.want and not deal.buy and len(last) < self.give_cap \
                and last.count(b) < m.give[b] and b not in deal.want
        elif side == "want":
            last = deal.want
            most = m.want[b]
            ok = not deal.buy and len(last) < self.want_cap \
                and last.count(b) < min(m.beans[deal.to][b], _BIG if most is None
                                        else most) and b not in deal.give
        else:
            last = deal.buy
            ok = len(last) < self.buy_cap and last.count(b) < m.buy[b] \
                and sum(m.prices[x] for x in last) + m.prices[b] <= m.money
        return ok and (not last or b >= last[-1]) and _room_ok(seat, _added(deal, side, b), m)

    def _add(self, deal: Deal, action_id: int) -> Deal:
        side, code = self.names[action_id].split()
        return _added(deal, side, self.board.beans.index(code))

    def _notation(self, seat: int, deal: Deal) -> str:
        head = f"{seat}: propose {deal.to}" if deal.pid is None else f"{seat}: counter {deal.pid}"
        parts = [head]
        for word, beans in (("give", deal.give), ("want", deal.want), ("buy", deal.buy)):
            if beans:
                parts.append(f"{word} {','.join(self.board.beans[b] for b in beans)}")
        return " ".join(parts)

    # --- the observation --------------------------------------------------------------------

    def observe(self, view: JSONObject, draft: Hashable | None) -> Observation:
        return self.observe_seen(self._seen_of_view(view), draft)

    def encode_state(self, state: AnyState, seat: int, draft: Hashable | None) -> Observation:
        """As ``observe`` of the seat's view, read through the accessor (no view)."""
        return self.observe_seen(self._seen_of(state, seat), draft)

    def observe_seen(self, seen: Seen, draft: Hashable | None) -> Observation:
        """The vector of what the seat sees (checked: :meth:`_seen_of`)."""
        return self.vector.observe(seen, None if draft is None else _draft(draft).deal)

    def bounds(self) -> tuple[Observation, Observation]:
        return self.layout.bounds()

    def _seen_of(self, state: AnyState, seat: int) -> Seen:
        """What the seat sees in ``state``, through the game's accessor (checked)."""
        return self._checked(self._seen(state, seat))

    def _seen_of_view(self, view: JSONObject) -> Seen:
        """The same value read from the seat's view (checked)."""
        return self._checked(self._of_view(view))

    def _checked(self, seen: Seen) -> Seen:
        """``seen``, once its board fits (checked once for the board the engine shares
        between its states) and its player count is the encoding's."""
        if seen.board is not self._fitting_board:
            board = seen.board
            if (board.beans, board.cities) != (self.board.beans, self.board.cities) or \
                    board.slots > self.board.slots:
                raise ValueError("this Bohn Hansa encoding was sized for another board "
                                 f"(cities {', '.join(self.board.cities)})")
            self._fitting_board = board
        if len(seen.players) != self.players:
            raise ValueError(f"this Bohn Hansa encoding is for {self.players} players")
        return seen


def _encoding(players: int, board: JSONObject, hand_slots: int, table_slots: int,
              give_cap: int, want_cap: int, buy_cap: int, proposals: int | None
              ) -> HansaEncoding:
    """A pickled :class:`HansaEncoding` made again (its ``__reduce__``)."""
    return HansaEncoding(players, board=board, hand_slots=hand_slots,
                         table_slots=table_slots, give_cap=give_cap, want_cap=want_cap,
                         buy_cap=buy_cap, proposals=proposals)


def _targeted(legal: Legal, deal: JSONObject) -> bool:
    """Whether the deal goes to one of the terms' targets (a legal deal, though perhaps
    beyond the masks)."""
    targets = () if legal.terms is None else legal.terms["targets"]
    if deal["type"] == "counter":
        return any(t["pid"] == deal.get("pid") for t in targets)
    return any(t["pid"] is None and t["seat"] == deal.get("to") for t in targets)


def _market(seen: Seen, board: Board, terms: Terms) -> Market:
    """The limits of a deal: the terms', and what keeps it acceptable as the seat sees it
    (its board checked to be the encoding's: the same beans in the same order)."""
    players = seen.players
    active = seen.active
    city = players[active].city
    prices = next(c for c in seen.cities if c.code == city).prices
    return Market(tuple(terms["give"].get(b, 0) for b in board.beans),
                  tuple(terms["want"].get(b, 0) for b in board.beans),
                  tuple(terms["buy"].get(b, 0) for b in board.beans), active,
                  tuple(p.beans for p in players),
                  tuple(0 if price is None else price for price in prices),
                  players[active].money, board.storage, tuple(sum(p.beans) for p in players))


def _room_ok(seat: int, deal: Deal, m: Market) -> bool:
    """Both aids stay within their room after the deal (as the engine counts them)."""
    held = m.held
    mine = held[seat] - len(deal.give) + len(deal.want)
    theirs = held[deal.to] - len(deal.want) + len(deal.give)
    guest_mine = seat != m.active
    mine += len(deal.buy) if guest_mine else 0
    theirs += 0 if guest_mine else len(deal.buy)
    return mine <= m.storage and theirs <= m.storage


def _frozen(action: JSONObject) -> Frozen:
    """An action's JSON as a value a draft holds (lists as tuples), ordered as the
    notation is: of two journeys to one city, the path first in notation order is the
    smaller."""
    return tuple((key, tuple(cast(list[object], value)) if isinstance(value, list) else value)
                 for key, value in action.items())


def _notation_of(frozen: Frozen) -> str:
    """The notation of the engine's action whose JSON :func:`_frozen` froze (what
    ``choose`` returns for it; ``""`` for the yield)."""
    if not frozen:
        return ""
    data = {key: list(value) if isinstance(value, tuple) else value for key, value in frozen}
    return str(get_game("hansa").action_from_json(data))


def _draft(draft: Hashable) -> Draft:
    if not isinstance(draft, Draft):
        raise ValueError(f"not a draft of the Bohn Hansa encoding: {type(draft).__name__}")
    return draft


def _added(deal: Deal, side: str, b: int) -> Deal:
    """``deal`` with bean ``b`` added to its ``side`` (a side of :data:`SIDES`)."""
    if side == "give":
        return Deal(deal.to, deal.pid, deal.empty, (*deal.give, b), deal.want, deal.buy)
    if side == "want":
        return Deal(deal.to, deal.pid, deal.empty, deal.give, (*deal.want, b), deal.buy)
    return Deal(deal.to, deal.pid, deal.empty, deal.give, deal.want, (*deal.buy, b))
