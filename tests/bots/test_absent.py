"""The absent bot (issue 35, "An absent player does not stall the table"): it plays a
seat whose person is away to the end of the seat's part of the turn in few moves. It
proposes nothing, declines what it is offered, closes trading where it may, and makes
the moves the game needs (its base bot's choice), in every game and mode."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bohnen.bots.absent import AbsentBot
from bohnen.bots.registry import make_bot
from bohnen.core import get_game
from bohnen.core.bots import Decision, chosen, decision_for
from bohnen.core.protocol import AnyState, flag

MODES = [("bohnanza", {}), ("bohnanza", {"trading": "open"}), ("ndb", {}), ("hansa", {})]
# the most moves of one stretch of the absent seat in must_act, per game: Bohnanza's
# turn is two plants (or one and the end), the close, two plants of the kept cards, a
# harvest (or the third field) before any plant that has no room
MOST = {"bohnanza": 3 + 1 + 2 + 4, "ndb": 1, "hansa": 5}


def _play(game_name: str, options: dict[str, Any], seed: int
          ) -> tuple[AnyState, list[list[Any]]]:
    """A game of three where seat 0 is absent and the others play the heuristic bot
    (they propose to it, pass it the floor); each seat acts when a seat drawn at random
    among those to act is it, the absent seat only where the game needs it, as the
    clock plays it. The game's end, and the absent seat's moves in each stretch of the
    game waiting on it."""
    game = get_game(game_name)
    state = game.new_game(game.options(3, **options), seed)
    bots = [make_bot("absent", game)] + [make_bot("heuristic", game) for _ in range(2)]
    rng = random.Random(seed)
    stretches: list[list[Any]] = []
    waited_on = False  # the game waits on seat 0 since its last stretch began
    for _ in range(20_000):
        if state.is_over:
            break
        seat = rng.choice(state.to_act())
        if seat == 0 and 0 not in state.must_act():
            continue
        action = chosen(bots[seat], decision_for(state, seat, bots[seat]), rng)
        if seat == 0:
            if not waited_on:
                stretches.append([])
            stretches[-1].append(action)
        state.apply(action)
        waited_on = 0 in state.must_act() and (waited_on or seat == 0)
    return state, stretches


@pytest.mark.parametrize(("game", "options"), MODES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_absent_seat_ends_its_turns_in_few_moves_and_makes_no_deal(
        game: str, options: dict[str, Any], seed: int) -> None:
    state, stretches = _play(game, options, seed)
    assert state.is_over and stretches
    for moves in stretches:
        assert len(moves) <= MOST[game], moves
        for action in moves:  # no proposal, no acceptance, no counter, no withdrawal
            assert not flag(action, "negotiates") or flag(action, "refuses"), action
        assert sum(flag(a, "ends_trading") for a in moves) <= 1, moves
    kinds = Counter(type(a).__name__ for moves in stretches for a in moves)
    if game == "bohnanza":
        assert kinds["CloseTrading"] and kinds["Plant"] and kinds["PlantTraded"], kinds
        assert kinds["Decline"] or options, kinds  # turn-based: offers made to it
    if game == "hansa":
        assert kinds["EndTrading"] and kinds["EndTurn"] and kinds["Pass"], kinds


def test_it_closes_before_it_declines_and_declines_before_anything_else() -> None:
    game = get_game("bohnanza")
    state = game.new_game(game.options(3, trading="open"), 3)
    bot = make_bot("absent", game)
    while state.view(0)["phase"] != "trade":  # seat 0 plants, as the bot would
        state.apply(chosen(bot, decision_for(state, 0, bot), random.Random(0)))
    state.apply(game.parse_action("1: propose 0 want BL"))
    decision = decision_for(state, 0, bot)
    assert decision.proposals == ()  # it is given none to make
    assert {str(a) for a in decision.actions} >= {"0: close-trading", "0: decline 1"}
    assert str(chosen(bot, decision, random.Random(0))) == "0: close-trading"
    without_close = decision._replace(
        actions=[a for a in decision.actions if not flag(a, "ends_trading")])
    assert str(chosen(bot, without_close, random.Random(0))) == "0: decline 1"


def test_it_harvests_only_when_the_game_leaves_it_nothing_else() -> None:
    class Base:
        name, needs_view, proposes = "base", False, False

        def __init__(self) -> None:
            self.given: list[list[str]] = []

        def act(self, decision: Decision[Any], rng: random.Random) -> Any:
            self.given.append([str(a) for a in decision.actions])
            return decision.actions[0]

    game = get_game("bohnanza")
    base = Base()
    bot = AbsentBot(base)
    plant, harvest = game.parse_action("0: plant 0"), game.parse_action("0: harvest 1")
    both = Decision(0, None, [harvest, plant], ())
    assert chosen(bot, both, random.Random(0)) == plant
    assert base.given[-1] == ["0: plant 0"]  # the harvest is not even offered to it
    assert chosen(bot, Decision(0, None, [harvest], ()), random.Random(0)) == harvest


def test_its_base_is_the_games_heuristic_or_another_bot_by_its_spec() -> None:
    for name in ("bohnanza", "ndb", "hansa"):
        game = get_game(name)
        assert make_bot("absent", game).name == "absent"
        assert make_bot("absent:base=random", game).name == "absent:base=random"
    assert not make_bot("absent", get_game("ndb")).proposes
    with pytest.raises(ValueError, match="bot absent: base=nobody: unknown bot 'nobody'"):
        make_bot("absent:base=nobody", get_game("ndb"))
