"""The heuristic's reading of a seat's view: beans as ints, and how much game is left."""

from __future__ import annotations

from dataclasses import dataclass

from bohnen.bohnanza.beans import ALL_BEANS, BEAN_COUNT, BEANS, CODES, DECK_SIZE, Bean
from bohnen.bohnanza.heuristic.model import Outlook, kept, payout_only, value, worth_table
from bohnen.bohnanza.view_types import (
    ClosedView,
    FieldView,
    ProposalView,
    SeatView,
    TradingView,
)

BEAN: dict[str, Bean] = {code: bean for code, bean in zip(CODES, ALL_BEANS, strict=True)}
TOTAL = tuple(b.cards for b in BEANS)
RUNOUTS_TO_END = 3


@dataclass(frozen=True, slots=True)
class Tuning:
    """The heuristic's numbers (defaults measured against random and against itself)."""

    alpha: float = 0.8
    empty: float = 0.3
    weights: tuple[float, ...] = (1.0, 0.8, 0.5)
    accept: float = 0.05  # least gain to accept a trade as the active player
    accept_passive: float = 0.15  # ... as another player (it helps the active one too)
    min_net: float = 0.1  # least gain worth proposing a trade for
    min_gift: float = 0.3  # least gain worth giving a card away for
    field_turns: float = 3.0  # own turns left for which a third field pays
    reach: float = 6.0  # cards to come that may reach a field before it is sold


@dataclass(frozen=True, slots=True)
class Offer:
    """An open proposal as the view shows it, beans as ints."""

    pid: int
    frm: int
    to: int
    gives: tuple[Bean, ...]  # beans given (hand and face-up)
    face_up: tuple[int, ...]  # face-up indices given
    wants: tuple[Bean, ...]
    talers: int
    wants_talers: int


@dataclass(frozen=True, slots=True)
class Rival:
    """What is public of another seat."""

    seat: int
    beans: tuple[int, ...]  # beans growing (-1 for an empty field)
    counts: tuple[int, ...]
    hand_size: int
    talers: int


@dataclass(slots=True)
class Scene:
    """One decision's facts, read from the view."""

    seat: int
    players: int
    active: int
    phase: str
    planted: int
    beans: list[int]
    counts: list[int]
    hand: tuple[Bean, ...]
    trade: tuple[Bean, ...]
    talers: int
    face_up: tuple[Bean, ...]
    rivals: list[Rival]
    offers: list[Offer]
    # (from, to, beans given (sorted), beans wanted) of every proposal of this turn,
    # open or closed: what was offered once is not offered again
    made: frozenset[tuple[int, int, tuple[int, ...], tuple[int, ...]]]
    proposals_left: int | None  # the seat's own (its share of the table's if shared)
    proposals_made: int  # by the seat itself this turn
    quiet: int
    turn_based: bool
    field_cost: int
    turns_left: float  # own turns left (estimate)
    unseen: tuple[int, ...]  # cards of each bean the seat cannot see
    out: Outlook
    tuning: Tuning

    @property
    def is_active(self) -> bool:
        return self.seat == self.active

    @property
    def to_plant(self) -> tuple[Bean, ...]:
        """Cards the seat will plant in phase 3: its trade area, and as the active player
        in phase 2 the face-up cards still there."""
        if self.is_active and self.phase == "trade":
            return self.trade + self.face_up
        return self.trade

    def value(self, cards: tuple[Bean, ...] | None = None,
              hand: tuple[Bean, ...] | None = None) -> float:
        return value(self.out, self.beans, self.counts,
                     self.to_plant if cards is None else cards,
                     self.hand if hand is None else hand)

    @property
    def may_propose(self) -> bool:
        """Proposals (and counters) are still allowed this turn."""
        return self.phase == "trade" and (self.proposals_left is None or self.proposals_left > 0)

    def window(self, without: tuple[int, ...] = ()) -> tuple[Bean, ...]:
        """The front of the hand that the valuation plays out, less the positions given."""
        front = self.hand[:len(self.out.weights)]
        return tuple(c for i, c in enumerate(front) if i not in without)

    def rival(self, seat: int) -> Rival:
        return next(r for r in self.rivals if r.seat == seat)


def _field(data: FieldView) -> tuple[int, int]:
    bean = data["bean"]
    return (BEAN[bean], data["count"]) if bean is not None else (-1, 0)


def _beans(names: list[str]) -> tuple[Bean, ...]:
    return tuple(BEAN[n] for n in names)


def _offer(data: ProposalView) -> Offer:
    return Offer(data["pid"], data["from"], data["to"],
                 _beans(data["hand_beans"]) + _beans(data["face_up_beans"]),
                 tuple(data["face_up"]), tuple(sorted(_beans(data["wants"]))),
                 data["talers"], data["wants_talers"])


def _made(trading: TradingView) -> frozenset[tuple[int, int, tuple[int, ...],
                                                  tuple[int, ...]]]:
    both: list[ProposalView | ClosedView] = [*trading["proposals"], *trading["closed"]]
    return frozenset(
        (p["from"], p["to"],
         tuple(sorted(_beans(p["hand_beans"]) + _beans(p["face_up_beans"]))),
         tuple(sorted(_beans(p["wants"]))))
        for p in both)


def _unseen(view: SeatView, hand: tuple[Bean, ...]) -> tuple[int, ...]:
    seen = [0] * BEAN_COUNT
    cards: list[Bean] = list(hand) + list(_beans(view["discard"])) + list(_beans(view["face_up"]))
    for p in view["players"]:
        cards += _beans(p["taler_cards"]) + _beans(p["trade_area"])
        for f in p["fields"]:
            if f["bean"] is not None:
                seen[BEAN[f["bean"]]] += f["count"]
    for b in cards:
        seen[b] += 1
    return tuple(max(0, TOTAL[b] - seen[b]) for b in range(BEAN_COUNT))


def turns_left(view: SeatView) -> float:
    """Own turns left, roughly, as a view shows the game (see :func:`reckon_turns`)."""
    players = view["players"]
    return reckon_turns(view["last_runout_reached"], view["draw_pile_size"],
                        view["runouts"], sum(p["talers"] for p in players), len(players))


def reckon_turns(ending: bool, draw_pile: int, runouts: int, banked: int,
                 players: int) -> float:
    """Own turns left, roughly: the cards still to come over five cards a turn (none
    once the last run-out is reached)."""
    if ending:
        return 0.0
    later_pile = max(10.0, DECK_SIZE - banked - 10 * players - 8)  # a reshuffled pile
    cards = draw_pile + max(0, RUNOUTS_TO_END - 1 - runouts) * later_pile
    return cards / 5 / players


def outlook(tuning: Tuning, left: float, protection: bool,
            unseen: tuple[int, ...]) -> Outlook:
    """A field may yet get its share of the cards to come (``tuning.reach`` of them, fewer
    as the end comes near), and the hand counts for the cards there is time to plant; at
    the end a field is worth its payout."""
    if left <= 0:
        return kept((protection,), lambda: payout_only(protection))
    return kept((tuning, left, protection, unseen),
                lambda: _outlook(tuning, left, protection, unseen))


def _outlook(tuning: Tuning, left: float, protection: bool,
             unseen: tuple[int, ...]) -> Outlook:
    scale = min(1.0, left / 2)
    planted = max(1, round(left * 2))  # the hand cards there is still time to plant
    total = max(1, sum(unseen))
    tables = tuple(worth_table(b, tuning.reach * scale * u / total, tuning.alpha)
                   for b, u in enumerate(unseen))
    return Outlook(tables, tuning.empty * scale, tuning.weights[:planted], protection)


def read(view: SeatView, seat: int, tuning: Tuning) -> Scene:
    """The scene of ``seat``'s view."""
    players = view["players"]
    me = players[seat]
    mine = [_field(f) for f in me["fields"]]
    hand = _beans(me["hand"] or [])
    options = view["options"]
    trading = view["trading"]
    left = turns_left(view)
    rivals = [Rival(p["seat"], tuple(_field(f)[0] for f in p["fields"]),
                    tuple(_field(f)[1] for f in p["fields"]), p["hand_size"], p["talers"])
              for p in players if p["seat"] != seat]
    unseen = _unseen(view, hand)
    return Scene(
        seat=seat, players=len(players), active=view["active"], phase=view["phase"],
        planted=view["planted"], beans=[b for b, _ in mine], counts=[c for _, c in mine],
        hand=hand, trade=_beans(me["trade_area"]), talers=me["talers"],
        face_up=_beans(view["face_up"]), rivals=rivals,
        offers=[_offer(p) for p in trading["proposals"]] if trading else [],
        made=_made(trading) if trading else frozenset(),
        proposals_left=me["proposals_left"] if trading else 0,
        proposals_made=me["proposals_made"] if trading else 0,
        quiet=trading["passes_since_proposal"] if trading else 0,
        turn_based=options["trading"] == "turn_based", field_cost=view["third_field_cost"],
        turns_left=left, unseen=unseen,
        out=outlook(tuning, left, options["bean_protection"], unseen), tuning=tuning,
    )
