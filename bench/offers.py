"""How many offers the Bohnanza bots make, and how many ask for a bean the seat asked
does not hold.

Run: ``python bench/offers.py [--games 20] [--seed 1] [--bots heuristic]``. It plays
``--games`` turn-based games of four bots and counts, for every proposal and counter,
the turn it was made in and whether its receiver could pay it: whether the receiver's
hand (and, for the active player, the face-up cards) held every bean it asks for at the
moment it was made. The count reads the whole state (it is a measurement, not a bot's
input). It prints the proposals and counters per turn (mean and most in one turn), and
the share of offers that asked for a bean the receiver did not hold. The docs quote the
figures (docs/bots.md).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter as Multiset
from collections.abc import Sequence
from dataclasses import dataclass

from bohnen.bohnanza.actions import Counter, Propose
from bohnen.bohnanza.data import BohnanzaData
from bohnen.bohnanza.state import BohnanzaState
from bohnen.bots import make_bot
from bohnen.core import get_game
from bohnen.core.bots import Decision, chosen
from bohnen.core.rng import derive

PLAYERS = 4


@dataclass(slots=True)
class Tally:
    """Offers counted over some games: per turn, and those not payable."""

    turns: int = 0
    offers: int = 0
    most: int = 0  # offers made in the busiest turn
    unpayable: int = 0  # offers asking for a bean the receiver did not hold

    def add(self, other: Tally) -> None:
        self.turns += other.turns
        self.offers += other.offers
        self.most = max(self.most, other.most)
        self.unpayable += other.unpayable

    def line(self) -> str:
        per_turn = self.offers / self.turns if self.turns else 0.0
        share = self.unpayable / self.offers if self.offers else 0.0
        return (f"{self.turns} turns, {self.offers} proposals and counters: "
                f"{per_turn:.2f} a turn (at most {self.most} in one turn); "
                f"{self.unpayable} asked for a bean the receiver did not hold ({share:.1%})")


def holds(cards: Sequence[object], wants: Sequence[object]) -> bool:
    """Whether ``cards`` hold every bean of ``wants`` (as many of each as wanted)."""
    have = Multiset(cards)
    return all(have[bean] >= count for bean, count in Multiset(wants).items())


def receiver(state: BohnanzaData, action: Propose | Counter) -> int:
    """The seat a proposal (its ``to``) or a counter (the proposer it answers) asks."""
    if isinstance(action, Propose):
        return action.to
    return next(p.proposer for p in state.open_proposals if p.pid == action.pid)


def payable(state: BohnanzaData, action: Propose | Counter) -> bool:
    """Whether the receiver of ``action`` holds every bean it wants (hand, and the
    face-up cards if it is the active player)."""
    seat = receiver(state, action)
    cards = list(state.hands[seat])
    if seat == state.active:
        cards += list(state.face_up)
    return holds(cards, action.wants)


def play(seed: int, specs: Sequence[str]) -> Tally:
    """One turn-based game of the bots ``specs``; its tally."""
    game = get_game("bohnanza")
    state = game.new_game(game.options(len(specs)), seed)
    assert isinstance(state, BohnanzaState)
    bots = [make_bot(spec, game) for spec in specs]
    rngs = [random.Random(derive(seed, 1, seat)) for seat in range(len(specs))]
    per_turn: Multiset[int] = Multiset()
    tally = Tally()
    while not state.is_over:
        seat = state.to_act()[0]
        decision = Decision(seat, state.view(seat), state.legal_actions(seat),
                            state.proposals(seat))
        action = chosen(bots[seat], decision, rngs[seat])
        if isinstance(action, Propose | Counter):
            per_turn[state.turn] += 1
            tally.unpayable += not payable(state, action)
        state.apply(action)
    tally.turns = state.turn
    tally.offers = sum(per_turn.values())
    tally.most = max(per_turn.values(), default=0)
    return tally


def measure(games: int, seed: int, spec: str) -> Tally:
    """The tally of ``games`` games of four ``spec`` bots, dealt from ``seed``."""
    total = Tally()
    for number in range(games):
        total.add(play(derive(seed, number), [spec] * PLAYERS))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic")
    args = parser.parse_args()
    print(measure(args.games, args.seed, args.bots).line())


if __name__ == "__main__":
    main()
