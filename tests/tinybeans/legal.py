"""The legal actions of a seat: the moves the rules' checks allow, and no others.

It asks the rules' own predicates (:func:`~tinybeans.rules.play_refusal`,
:func:`~tinybeans.rules.keep_refusal`) and never restates a rule.
"""

from __future__ import annotations

from tinybeans.actions import Keep, Play, TinyAction
from tinybeans.data import Phase, TinyData
from tinybeans.rules import keep_refusal, play_refusal


def legal_actions(state: TinyData, seat: int) -> list[TinyAction]:
    """Every legal action of ``seat`` now (none for a seat the game does not wait on)."""
    if not 0 <= seat < state.players:
        return []
    if state.phase == Phase.PLAY:
        return [Play(seat, card) for card in state.hands[seat]
                if play_refusal(state, seat, card) is None]
    if state.phase == Phase.KEEP:
        return [Keep(seat, card) for card in state.played
                if card is not None and keep_refusal(state, seat, card) is None]
    return []
