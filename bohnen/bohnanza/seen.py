"""What a seat of Bohnanza sees, as a frozen typed value read straight from the state
(:func:`seen`) instead of its JSON view: what the learning environments encode at every
step (``Game.seen``), without building the view.

:class:`BohnanzaSeen` holds the part of the seat's view (:func:`bohnen.bohnanza.views.view`)
that an encoding reads, under the view's names and in its units (bean codes): the same
values, read from the state's slots as the view reads them, and nothing the view does not
hold (another seat's hand, a proposer's hand positions, the draw pile). Outside the
trading (the view's ``trading`` is null) there is no floor, no open proposal, no pass and
no closed proposal. :func:`of_view` reads the same value from the view itself, so that a
test can compare the two at every decision of whole games.

A state remembers what it handed out for its position (:mod:`~bohnen.bohnanza.memo`): each
seat's value, and the players as everybody sees them (shared by the seats), are read once
per position, kept in the state's ``seen_values`` and forgotten at its next change; a
clone and a loaded state start with nothing kept. The values are immutable, so the one
handed out twice is the same value.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, cast

from bohnen.bohnanza.beans import CODES, payout
from bohnen.bohnanza.data import OVER, PHASE_NAMES, TRADE, BohnanzaData, Proposal
from bohnen.bohnanza.flow import proposals_left
from bohnen.bohnanza.legal import to_act
from bohnen.bohnanza.rules import may_buy
from bohnen.core.protocol import JSONObject


class FieldSeen(NamedTuple):
    """A field a seat owns: its bean's code (None when empty), its beans (the view's
    ``count``) and what they pay now."""

    bean: str | None
    beans: int
    talers: int


class PlayerSeen(NamedTuple):
    """What everybody sees of a seat (the view's ``players`` entry, without the hand)."""

    hand_size: int
    fields: tuple[FieldSeen, ...]  # the fields it owns, in order
    third_field: bool
    may_buy_third_field: bool
    talers: int
    trade_area: tuple[str, ...]
    proposals_made: int
    proposals_left: int | None  # None: no bound


class ProposalSeen(NamedTuple):
    """An open proposal as the seat hears it (the view's ``from`` is ``proposer``; the
    hand's beans in hand order for the proposer itself, sorted for the others)."""

    pid: int
    proposer: int
    to: int
    hand_beans: tuple[str, ...]
    face_up_beans: tuple[str, ...]
    wants: tuple[str, ...]
    talers: int
    wants_talers: int


class BohnanzaSeen(NamedTuple):
    """What ``seat`` sees (the view's fields of the same names; per-seat fields seat 0
    first)."""

    seat: int
    trading_mode: str  # the options' ``trading``: turn_based or open
    expert_taler_trading: bool
    bean_protection: bool
    same_bean_in_two_fields: bool
    beginner: bool
    third_field_cost: int  # what the third field costs in this game
    phase: str  # plant, trade, plant_traded, over
    turn: int
    to_act: tuple[int, ...]
    active: int
    planted: int
    draw_pile_size: int
    runouts: int
    last_runout_reached: bool
    discard: tuple[str, ...]
    face_up: tuple[str, ...]
    hand: tuple[str, ...]  # the seat's own hand, front card first
    players: tuple[PlayerSeen, ...]
    floor: int | None  # the trading's floor (turn-based trading only)
    proposals: tuple[ProposalSeen, ...]  # the open proposals, in the view's order
    passes_since_proposal: int
    closed: int  # proposals of this turn's trading no longer open


@lru_cache(maxsize=4096)
def _codes(beans: tuple[int, ...]) -> tuple[str, ...]:
    """The codes of a tuple of beans (kept by the tuple's value: it never changes)."""
    return tuple([CODES[b] for b in beans])


@lru_cache(maxsize=1024)
def _field(bean: int, count: int) -> FieldSeen:
    """A field slot as seen (a function of its bean and count: kept)."""
    return FieldSeen(None, 0, 0) if count == 0 else FieldSeen(CODES[bean], count,
                                                              payout(bean, count))


def _player(state: BohnanzaData, s: int, over: bool) -> PlayerSeen:
    owned = state.fields_owned[s]
    beans, counts = state.field_beans, state.field_counts
    fields = tuple([_field(beans[i], counts[i]) for i in range(s * 3, s * 3 + owned)])
    return PlayerSeen(
        len(state.hands[s]), fields, owned == 3, not over and may_buy(state, s),
        len(state.taler_cards[s]), _codes(state.trade_areas[s]), state.proposals_made[s],
        proposals_left(state, s))


def _proposal(p: Proposal, seat: int) -> ProposalSeen:
    beans = p.hand_beans if p.proposer == seat else tuple(sorted(p.hand_beans))
    return ProposalSeen(p.pid, p.proposer, p.to, _codes(beans), _codes(p.face_beans),
                        _codes(p.wants), p.talers, p.wants_talers)


def seen(state: BohnanzaData, seat: int) -> BohnanzaSeen:
    """What ``seat`` sees of ``state`` (see the module)."""
    players = state.players
    if not (type(seat) is int and 0 <= seat < players):
        raise ValueError(f"no seat {seat!r} in a {players}-player game")
    kept = state.seen_values
    if kept is None:
        kept = state.seen_values = [None] * (players + 1)
    else:
        known = kept[seat]
        if known is not None:
            return cast(BohnanzaSeen, known)
    public = kept[players]
    if public is None:
        over = state.phase is OVER
        public = kept[players] = tuple([_player(state, s, over) for s in range(players)])
    value = _seen(state, seat, cast(tuple[PlayerSeen, ...], public))
    kept[seat] = value
    return value


def _seen(state: BohnanzaData, seat: int, players: tuple[PlayerSeen, ...]) -> BohnanzaSeen:
    options = state.options
    phase = state.phase
    trading = phase is TRADE
    return BohnanzaSeen(
        seat, options.trading, options.expert_taler_trading, options.bean_protection,
        options.same_bean_in_two_fields, options.beginner, state.field_cost,
        PHASE_NAMES[phase], state.turn, tuple(to_act(state)), state.active, state.planted,
        len(state.draw_pile), state.runouts, state.last_runout_reached,
        _codes(state.discard), _codes(state.face_up), _codes(state.hands[seat]), players,
        state.floor if trading and state.turn_based else None,
        tuple([_proposal(p, seat) for p in state.open_proposals]) if trading else (),
        state.passes_since_proposal if trading else 0,
        len(state.closed_proposals) if trading else 0)


def _player_of_view(p: JSONObject) -> PlayerSeen:
    return PlayerSeen(
        p["hand_size"], tuple(FieldSeen(f["bean"], f["count"], f["talers"]) for f in p["fields"]),
        p["third_field"], p["may_buy_third_field"], p["talers"], tuple(p["trade_area"]),
        p["proposals_made"], p["proposals_left"])


def _proposal_of_view(p: JSONObject) -> ProposalSeen:
    return ProposalSeen(p["pid"], p["from"], p["to"], tuple(p["hand_beans"]),
                        tuple(p["face_up_beans"]), tuple(p["wants"]), p["talers"],
                        p["wants_talers"])


def of_view(view: JSONObject) -> BohnanzaSeen:
    """The same value read from a seat's view (JSON): what :func:`seen` must equal."""
    options: JSONObject = view["options"]
    seat: int = view["seat"]
    players: list[JSONObject] = view["players"]
    trading: JSONObject | None = view["trading"]
    return BohnanzaSeen(
        seat, options["trading"], options["expert_taler_trading"], options["bean_protection"],
        options["same_bean_in_two_fields"], options["beginner"], view["third_field_cost"],
        view["phase"], view["turn"], tuple(view["to_act"]), view["active"], view["planted"],
        view["draw_pile_size"], view["runouts"], view["last_runout_reached"],
        tuple(view["discard"]), tuple(view["face_up"]), tuple(players[seat]["hand"]),
        tuple(_player_of_view(p) for p in players),
        None if trading is None else trading["floor"],
        () if trading is None else tuple(_proposal_of_view(p) for p in trading["proposals"]),
        0 if trading is None else trading["passes_since_proposal"],
        0 if trading is None else len(trading["closed"]))
