"""The invariants of a Bohnanza state: all 104 cards accounted for, a playable turn."""

from __future__ import annotations

from collections import Counter

from bohnen.bohnanza.beans import BEANS, DECK_SIZE
from bohnen.bohnanza.data import (
    EMPTY,
    LAST_RUNOUT,
    OVER,
    PLANT,
    PLANT_TRADED,
    TRADE,
    BohnanzaData,
)
from bohnen.bohnanza.flow import actor


def _check_turn(state: BohnanzaData) -> None:
    """Whose move it is must make sense: seats in range, phase 1 playable."""
    n = state.players
    for name, seat in (("active", state.active), ("floor", state.floor)):
        if not 0 <= seat < n:
            raise AssertionError(f"{name} seat {seat} is not in a {n}-player game")
    if state.phase is PLANT:
        if not 0 <= state.planted <= 1:
            raise AssertionError(f"{state.planted} cards planted in phase 1 (0 or 1 expected)")
        if not state.hands[state.active]:
            raise AssertionError("phase 1 with an empty hand (it is skipped)")
    if not 0 <= state.planted <= 2:
        raise AssertionError(f"{state.planted} cards planted")
    _check_ending(state)
    _check_proposals(state)


def _check_ending(state: BohnanzaData) -> None:
    """The draws ahead can be made: a reveal needs a card to draw, and the third run-out
    (the last: a fourth is never counted) sets ``ending`` for the end of that turn."""
    if state.phase is OVER:
        if state.open_proposals:
            raise AssertionError("an ended game with open proposals")
        return
    if state.phase is PLANT and not state.draw_pile:
        raise AssertionError("phase 1 with an empty draw pile (the reveal draws from it)")
    if state.runouts == LAST_RUNOUT and (not state.last_runout_reached or state.phase is PLANT):
        raise AssertionError("the last run-out is past, yet the game draws on")


def _check_proposals(state: BohnanzaData) -> None:
    n, opts = state.players, state.options
    pids = [p.pid for p in state.open_proposals]
    if len(set(pids)) != len(pids):
        raise AssertionError(f"two open proposals share a number: {pids}")
    for p in state.open_proposals:
        if not (0 <= p.proposer < n and 0 <= p.to < n and p.proposer != p.to
                and state.active in (p.proposer, p.to)):
            raise AssertionError(f"proposal {p.pid} is not between the active player and another")
        if p.pid >= state.next_pid:
            raise AssertionError(f"proposal {p.pid} is numbered past next_pid")
        if not (_places(p.hand, len(state.hands[p.proposer]))
                and _places(p.face_up, len(state.face_up))):
            raise AssertionError(f"proposal {p.pid} names cards that are not there")
        if p.face_up and p.proposer != state.active:
            raise AssertionError(f"proposal {p.pid} offers face-up cards, but not by the "
                                 f"active player")
        if p.face_beans != tuple(state.face_up[i] for i in p.face_up):
            raise AssertionError(f"proposal {p.pid} names face-up cards that moved")
        if (p.talers or p.wants_talers) and not opts.expert_taler_trading:
            raise AssertionError(f"proposal {p.pid} trades talers outside the expert variant")
        if p.talers < 0 or p.wants_talers < 0 or list(p.wants) != sorted(p.wants):
            raise AssertionError(f"proposal {p.pid} is malformed")
    if state.open_proposals and state.phase is not TRADE:
        raise AssertionError("open proposals outside phase 2")
    if state.turn_based and len(state.open_proposals) > 1:
        raise AssertionError("more than one open proposal in turn-based trading")


def _places(positions: tuple[int, ...], size: int) -> bool:
    """``positions`` are distinct places among ``size`` cards, in order."""
    return all(0 <= i < size for i in positions) and list(positions) == sorted(set(positions))


def audit(state: BohnanzaData) -> None:
    """Raise ``AssertionError`` if the 104 cards are not all accounted for, or worse."""
    seen: Counter[int] = Counter(state.draw_pile)
    seen.update(state.discard)
    seen.update(state.face_up)
    for s in range(state.players):
        seen.update(state.hands[s])
        seen.update(state.taler_cards[s])
        seen.update(state.trade_areas[s])
        for f in range(3):
            i = s * 3 + f
            if state.field_counts[i]:
                if f >= state.fields_owned[s]:
                    raise AssertionError(f"seat {s} has beans in a field it does not own")
                seen[state.field_beans[i]] += state.field_counts[i]
            elif state.field_beans[i] != EMPTY:
                raise AssertionError(f"seat {s} field {f} is empty but names a bean")
    total = sum(seen.values())
    if total != DECK_SIZE:
        raise AssertionError(f"{total} cards accounted for, not {DECK_SIZE}")
    for bean, info in enumerate(BEANS):
        if seen[bean] != info.cards:
            raise AssertionError(f"{seen[bean]} {info.name} cards, not {info.cards}")
    if state.runouts > LAST_RUNOUT:
        raise AssertionError(f"{state.runouts} run-outs")
    if state.phase is not OVER and not state.draw_pile and not state.last_runout_reached:
        raise AssertionError("the draw pile is empty while the game runs on")
    if state.phase in (PLANT, OVER) and any(state.trade_areas):
        raise AssertionError("cards wait in a trade area outside phases 2 and 3")
    _check_turn(state)
    if state.phase is not OVER and state.mover != actor(state):
        raise AssertionError(f"seat {state.mover} is marked to move, but it is seat "
                             f"{actor(state)}'s move")
    if state.phase is not TRADE and state.face_up:
        raise AssertionError("face-up cards outside phase 2")
    if state.phase is PLANT_TRADED:
        first = next((s for k in range(state.players)
                      if state.trade_areas[s := (state.active + k) % state.players]), None)
        if first is None:
            raise AssertionError("phase 3 with every trade area empty")
        if state.floor != first:
            raise AssertionError(f"seat {state.floor} is to plant, but seat {first} comes first")
    for p in state.open_proposals:
        if p.hand_beans != tuple(state.hands[p.proposer][i] for i in p.hand):
            raise AssertionError(f"proposal {p.pid} names cards that moved")
