"""What the events say of hidden cards (``reveals``), where it depends on the event."""

from __future__ import annotations

from bohnen.bohnanza import events as E
from bohnen.bohnanza.beans import Bean

BL, FE, SA, BR, AU = Bean.BLAUE, Bean.FEUER, Bean.SAU, Bean.BRECH, Bean.AUGEN


def test_a_run_out_reveals_only_when_it_shuffles_a_new_draw_pile() -> None:
    assert E.RanOut(1, 30).reveals
    assert not E.RanOut(3, 0).reveals  # no new pile: nothing hidden changed


def test_a_trade_reveals_nothing() -> None:
    """The beans of a proposal are public; the cards given from a hand arrive sorted, so
    the trade does not show the order of a hand (see test_trading)."""
    assert not E.Traded(1, 0, 2, (BR, AU), (FE,), 0, 0).reveals


def test_draws_and_the_reveal_say_so_and_a_plant_does_not() -> None:
    assert E.Drew(0, (FE, SA, BR)).reveals and E.Revealed(0, (FE, SA)).reveals
    assert not E.Planted(0, FE, 0, 1, "hand").reveals
    assert not E.TradingClosed(0, (FE,)).reveals
