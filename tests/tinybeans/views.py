"""What each viewer of Tiny Beans sees (the types: ``view_types.py``).

Public: the phase, hand sizes, who has played, the kept cards, the discard pile, the
size of the draw pile and, once every seat has played, the cards of the trick.
Private: a hand and a card played face down, each seen by its owner alone.
"""

from __future__ import annotations

from typing import cast

from bohnen.core.files import excerpt
from tinybeans.cards import DECK, Card, beans, code
from tinybeans.data import VERSION, Phase, TinyData
from tinybeans.rules import result, scores, to_act
from tinybeans.view_types import (
    CardLegend,
    OptionsJSON,
    PhaseName,
    PlayerView,
    ResultJSON,
    SeatView,
    SpectatorView,
    TableView,
)

PHASES: dict[Phase, PhaseName] = {phase: cast(PhaseName, phase.name.lower()) for phase in Phase}
LEGEND: tuple[CardLegend, ...] = tuple(CardLegend(code=code(card), beans=beans(card))
                                       for card in DECK)


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [code(card) for card in cards]


def _player(state: TinyData, seat: int, viewer: int | None) -> PlayerView:
    card = state.played[seat]
    face_up = seat == viewer or state.phase == Phase.KEEP
    return PlayerView(seat=seat,
                      hand=_codes(state.hands[seat]) if seat == viewer else None,
                      hand_size=len(state.hands[seat]),
                      played=card is not None,
                      card=code(card) if card is not None and face_up else None,
                      kept=_codes(state.kept[seat]),
                      beans=scores(state)[seat])


def _table(state: TinyData, viewer: int | None) -> TableView:
    over = result(state) if state.phase == Phase.OVER else None
    options = state.options
    return TableView(
        game="tinybeans", version=VERSION,
        options=OptionsJSON(players=options.players, hand_size=options.hand_size,
                            lowest_wins=options.lowest_wins),
        phase=PHASES[state.phase],
        turn=state.turn, to_act=list(to_act(state)), winner=state.winner,
        draw_pile_size=len(state.draw_pile), discard=_codes(state.discard),
        players=[_player(state, seat, viewer) for seat in range(state.players)],
        legend=[CardLegend(code=c["code"], beans=c["beans"]) for c in LEGEND],
        result=None if over is None else ResultJSON(scores=list(over.scores),
                                                     winners=list(over.winners),
                                                     reason=over.reason))


def seat_view(state: TinyData, seat: int) -> SeatView:
    """What ``seat`` sees."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"no seat {excerpt(seat)} in a {state.players}-player game")
    return SeatView(**_table(state, seat), seat=seat)


def spectator_view(state: TinyData) -> SpectatorView:
    """What a spectator sees."""
    return SpectatorView(**_table(state, None), seat=None)


def view(state: TinyData, seat: int | None) -> SeatView | SpectatorView:
    """``seat``'s view, or the spectator's for ``None``."""
    return spectator_view(state) if seat is None else seat_view(state, seat)
