"""``bench/offers.py``, which counts the Bohnanza bots' offers for docs/bots.md: its
figures checked against hand computations (whether a receiver holds what an offer
asks, the offers a turn, the share that could not be paid)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from bohnen.bohnanza.actions import Counter, Propose
from bohnen.bohnanza.beans import Bean
from bohnen.bohnanza.builder import position
from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.sim.runner import play_game

BENCH = Path(__file__).resolve().parents[2] / "bench" / "offers.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_offers", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_offers"] = module
    spec.loader.exec_module(module)
    return module


def test_holds_counts_each_bean_wanted() -> None:
    holds = bench().holds
    assert holds(["BL", "RO", "BL"], ["BL", "BL"])
    assert not holds(["BL", "RO"], ["BL", "BL"])  # one Blaue, two wanted
    assert holds(["BL"], [])  # a gift asks for nothing
    assert not holds([], ["SO"])


def test_payable_reads_the_receivers_hand_and_the_active_players_face_up_cards() -> None:
    offers = bench()
    s = position(3, phase="trade", hands=["BL", "RO SO", "AU"], face_up="GA",
                 trading="open")
    assert offers.payable(s, Propose(1, 0, (0,), (), (Bean.GARTEN,)))  # face up: held
    assert not offers.payable(s, Propose(1, 0, (0,), (), (Bean.ROTE,)))
    assert offers.payable(s, Propose(0, 1, (0,), (), (Bean.SOJA,)))
    assert not offers.payable(s, Propose(0, 2, (0,), (), (Bean.SOJA,)))  # seat 2: Augen
    s.apply(Propose(0, 1, (0,), (), (Bean.ROTE,)))  # proposal 1, from seat 0 to seat 1
    counter = Counter(1, 1, (0,), (), (Bean.BLAUE,))  # asks seat 0, which holds a Blaue
    assert offers.receiver(s, counter) == 0
    assert offers.payable(s, counter)
    assert not offers.payable(s, Counter(1, 1, (0,), (), (Bean.AUGEN,)))


def test_the_tally_line() -> None:
    offers = bench()
    tally = offers.Tally(turns=4, offers=10, most=5, unpayable=3)
    other = offers.Tally(turns=6, offers=5, most=2, unpayable=0)
    tally.add(other)
    assert (tally.turns, tally.offers, tally.most, tally.unpayable) == (10, 15, 5, 3)
    # 15 offers over 10 turns: 1.50 a turn; 3 of 15 not payable: 20.0 %
    assert tally.line() == ("10 turns, 15 proposals and counters: 1.50 a turn (at most 5 "
                            "in one turn); 3 asked for a bean the receiver did not hold "
                            "(20.0%)")


def test_one_game_is_counted_offer_by_offer() -> None:
    """A game's tally against a count made here from the record of the same game (the
    runner's, dealt and decided alike): its proposals and counters, its turns."""
    offers = bench()
    tally = offers.play(7, ["heuristic"] * 4)
    game = get_game("bohnanza")
    played = play_game(game, game.options(4), 7,
                       [make_bot("heuristic", game) for _ in range(4)], record=True)
    assert played.record is not None
    made = [a for a in played.record.actions
            if a.split(": ", 1)[1].startswith(("propose", "counter"))]
    assert tally.offers == len(made) > 0
    assert tally.turns == played.turns
    assert 0 <= tally.unpayable <= tally.offers and tally.most <= tally.offers
