"""Events: one NamedTuple class per kind, described on demand, private facts only to
the seat that may see them."""

from __future__ import annotations

import json
import random
import re

import pytest

from bohnen.core.conformance import choose
from bohnen.hansa import events as events_module
from bohnen.hansa.board import CONTRACT, Card
from bohnen.hansa.events import BoughtContract, Drew
from bohnen.hansa.state import HansaState

from .helpers import GAME

CLASSES = {cls for cls in vars(events_module).values()
           if isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")
           and cls.__module__ == events_module.__name__}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_event_of_random_games_has_the_one_shape(players: int) -> None:
    """Every event ``apply`` returns is one of the NamedTuples of ``events.py``, one
    class per kind (a snake_case JSON name), its JSON plain and headed by its kind, its
    text a sentence for every viewer."""
    class_of: dict[str, type] = {}
    for options in GAME.option_sets(players):
        state: HansaState = GAME.new_game(options, 10 + players)
        rng = random.Random(players)
        while not state.is_over:
            for event in state.apply(choose(state, rng, 0.3)):
                assert type(event) in CLASSES, type(event)
                kind = event.kind
                assert re.fullmatch(r"[a-z]+(_[a-z]+)*", kind)
                assert class_of.setdefault(kind, type(event)) is type(event)
                assert isinstance(event.reveals, bool)
                for viewer in [None, *range(players)]:
                    data = event.to_json(viewer)
                    assert data["event"] == kind
                    json.dumps(data)
                    assert event.text(viewer)
    assert {"began", "travelled", "trade", "game_over"} <= set(class_of)


@pytest.mark.parametrize("event", [Drew(1, Card(CONTRACT + 12)),
                                   BoughtContract(1, Card(4), Card(CONTRACT + 12))])
def test_a_contract_drawn_or_bought_is_seen_by_its_seat_only(event: Drew | BoughtContract
                                                              ) -> None:
    assert event.to_json(1)["contract"] == "C12" and "C12" in event.text(1)
    for viewer in (None, 0, 2):
        assert "contract" not in event.to_json(viewer) and "C12" not in event.text(viewer)
    assert event.reveals
