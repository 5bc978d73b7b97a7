"""The Bohnanza heuristic bot's advice: its move and a one-line reason naming the fact
of its scoring that decided it (the hint's reason at the terminal, issue 36).

Each test builds a position and checks that ``advise`` gives the bot's own move, and a
reason that names the deciding fact; and that the reason reads only the seat's view.
"""

from __future__ import annotations

import random
from typing import Any

from bohnen.bohnanza.actions import BuyThirdField, EndPlanting, Harvest, Plant
from bohnen.bohnanza.heuristic import HeuristicBot
from bohnen.core.bots import Decision

from .helpers import position


def advise(state: Any, seat: int = 0) -> tuple[Any, str]:
    """The bot's advice for ``seat``, checked to be the move ``act`` makes too."""
    decision = Decision(seat, state.view(seat), state.legal_actions(seat),
                        state.proposals(seat))
    action, why = HeuristicBot().advise(decision, random.Random(0))
    assert action == HeuristicBot().act(decision, random.Random(0))
    return action, why


def test_planting_on_a_field_of_its_bean_says_how_far_it_grows() -> None:
    """Blaue 5 → 6: the beanometer's second step (6 Blaue pay 2 talers)."""
    action, why = advise(position(3, hands=["BL FE"], fields=["BL5 -"]))
    assert action == Plant(0, 0)
    assert why == "keeps your Blaue field growing to 6, which now pays 2 talers"


def test_planting_short_of_a_step_names_the_next_step() -> None:
    action, why = advise(position(3, hands=["BL FE"], fields=["BL2 -"]))
    assert action == Plant(0, 0)
    assert why == "keeps your Blaue field growing to 3; 4 pay 1 taler"


def test_a_harvest_to_make_room_names_the_bean_without_a_field_and_the_least_loss() -> None:
    """The Feuer fits neither field: the Rote (3 beans: 2 talers) goes, not the Blaue."""
    action, why = advise(position(3, hands=["FE BL"], fields=["BL3 RO3"]))
    assert action == Harvest(0, 1)
    assert why == "your Feuer has no field to go to: field 1 (3 Rote) pays 2 talers, " \
                  "the least loss"


def test_a_field_grown_full_says_it_can_grow_no_more() -> None:
    """Three Garten pay 3 talers, the last step of its beanometer."""
    action, why = advise(position(3, hands=["FE BL"], fields=["GA3 BL2"]))
    assert action == Harvest(0, 0)
    assert why.endswith("field 0 (3 Garten) pays 3 talers and can grow no more")


def test_keeping_the_second_card_says_it_fits_no_field() -> None:
    action, why = advise(position(3, hands=["GA FE"], fields=["AU2 SO2"], planted=1))
    assert action == EndPlanting(0)
    assert why == "your next card (Garten) fits none of your fields and none is free"


def test_the_third_field_says_the_turns_left_pay_it_back() -> None:
    action, why = advise(position(3, hands=["GA FE"], fields=["AU2 SO2"], talers=[3]))
    assert action == BuyThirdField(0)
    assert why.startswith("about ") and why.endswith("a third field pays back its 3 talers")


def test_the_reason_reads_only_the_seats_view() -> None:
    """Another seat's hand changes nothing in seat 0's advice."""
    one = advise(position(3, hands=["BL FE", "RO RO", "SO"], fields=["BL2 -"]))
    two = advise(position(3, hands=["BL FE", "GA AU", "SA"], fields=["BL2 -"]))
    assert one == two
