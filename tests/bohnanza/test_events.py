"""What the events say of hidden cards (``reveals``), where it depends on the event."""

from __future__ import annotations

from bohnen.bohnanza import events as E


def test_a_run_out_reveals_only_when_it_shuffles_a_new_draw_pile() -> None:
    assert E.RanOut(1, 30).reveals
    assert not E.RanOut(3, 0).reveals  # no new pile: nothing hidden changed


def test_a_trade_reveals_the_order_of_the_proposers_hand_cards_of_two_beans() -> None:
    def traded(given: tuple[int, ...], from_hand: int) -> E.Traded:
        return E.Traded(1, 0, 2, given, (), 0, 0, from_hand)

    assert traded((3, 5), 2).reveals  # two beans from the hand: their order shows
    assert not traded((3, 3), 2).reveals  # the same bean twice: no order to show
    assert not traded((3,), 1).reveals
    assert not traded((3, 5), 0).reveals  # both face up: everybody saw them
    assert not traded((3, 5), 1).reveals  # one from the hand, one face up
    assert traded((3, 5, 6), 2).reveals


def test_draws_and_the_reveal_say_so_and_a_plant_does_not() -> None:
    assert E.Drew(0, (1, 2, 3)).reveals and E.Revealed(0, (1, 2)).reveals
    assert not E.Planted(0, 1, 0, 1, "hand").reveals
    assert not E.TradingClosed(0, (1,)).reveals
