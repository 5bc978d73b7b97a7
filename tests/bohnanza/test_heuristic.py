"""The Bohnanza heuristic bot: one test per rule of thumb, set up exactly, then legality
over many games.

Each test builds a position, asks the bot for one move through the bot interface (the
seat's view and the legal actions, never the state) and checks the move it picks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bohnanza.actions import (
    Accept,
    BuyThirdField,
    CloseTrading,
    Counter,
    Decline,
    EndPlanting,
    Harvest,
    Plant,
    PlantTraded,
    Propose,
)
from bohnen.bohnanza.beans import NAMES, Bean
from bohnen.bohnanza.heuristic import HeuristicBot
from bohnen.bots import make_bot
from bohnen.core.bots import Decision
from bohnen.sim.runner import play_game

from .helpers import GAME, act, last_pid, position

GAMES = 70  # per player count
BEAN = {"BL": Bean.BLAUE, "FE": Bean.FEUER, "SA": Bean.SAU, "BR": Bean.BRECH,
        "SO": Bean.SOJA, "AU": Bean.AUGEN, "RO": Bean.ROTE, "GA": Bean.GARTEN}


def decide(state: Any, seat: int, bot: HeuristicBot | None = None, seed: int = 0) -> Any:
    """The bot's move for ``seat``, given exactly what the runner gives it; checked legal."""
    bot = bot if bot is not None else HeuristicBot()
    decision = Decision(seat, state.view(seat), state.legal_actions(seat),
                        state.proposals(seat))
    action = bot.act(decision, random.Random(seed))
    state.check(action)
    return action


def trading_floor(**kw: Any) -> Any:
    """Seat 0 active in phase 2, turn-based, 4 players, cards aplenty in the draw pile."""
    kw.setdefault("hands", ["RO BL", "FE SA", "BR AU", "SO AU"])
    return position(4, phase="trade", **kw)


# --- planting ---------------------------------------------------------------------------


def test_registry_makes_the_heuristic_bot_with_its_parameters() -> None:
    bot = make_bot("heuristic", GAME)
    assert isinstance(bot, HeuristicBot) and bot.trades and bot.needs_view
    quiet = make_bot("heuristic:trades=false", GAME)
    assert isinstance(quiet, HeuristicBot) and not quiet.trades
    with pytest.raises(ValueError, match="trades"):
        make_bot("heuristic:trades=maybe", GAME)


def test_harvests_the_field_that_pays_most_when_the_front_card_has_no_room() -> None:
    """The Feuer fits neither field: the Rote (3 beans: 2 talers) is sold, not the Blaue
    (3 beans: nothing)."""
    s = position(3, hands=["FE BL"], fields=["BL3 RO3"])
    assert decide(s, 0) == Harvest(0, 1)


def test_never_breaks_a_long_field_when_a_cheaper_harvest_will_do() -> None:
    """Blaue 7 pays 2 talers but is one bean from 3; Soja 2 pays 1 and loses nothing."""
    s = position(3, hands=["FE BL"], fields=["BL7 SO2"])
    assert decide(s, 0) == Harvest(0, 1)


def test_plants_the_front_card_into_the_field_growing_its_bean() -> None:
    """With two fields of a bean allowed, the Augen still joins its Augen, not the empty
    field."""
    s = position(3, hands=["AU BL"], fields=["- AU2"], same_bean_in_two_fields=True)
    assert decide(s, 0) == Plant(0, 1)


def test_plants_the_second_card_when_it_grows_a_field() -> None:
    s = position(3, hands=["SO"], fields=["AU2 SO2"], planted=1)
    assert decide(s, 0) == Plant(0, 1)


def test_ends_planting_when_the_second_card_would_force_a_harvest() -> None:
    s = position(3, hands=["GA FE"], fields=["AU2 SO2"], planted=1)
    assert decide(s, 0) == EndPlanting(0)


def test_buys_the_third_field_early_when_it_can_pay() -> None:
    s = position(3, hands=["GA FE"], fields=["AU2 SO2"], talers=[3])
    assert decide(s, 0) == BuyThirdField(0)


def test_does_not_buy_the_third_field_at_the_end_of_the_game() -> None:
    """Last run-out to come and a thin draw pile: the talers are worth more than a field."""
    s = position(3, hands=["AU FE"], fields=["AU2 SO2"], talers=[3], rest="discard",
                 draw="BL FE SA", runouts=2)
    assert decide(s, 0) == Plant(0, 0)


def test_plants_traded_cards_in_the_order_that_wastes_least() -> None:
    """Sojas first into the empty field; an Augen first would leave the lone Augen
    protected and force the Blaue field to be broken for the Sojas."""
    s = position(3, hands=["BL"], fields=["BL5 -"], trade=["AU SO SO"], phase="plant_traded")
    assert decide(s, 0) == PlantTraded(0, BEAN["SO"], 1)


# --- trading as the active player -------------------------------------------------------


def test_offers_an_unwanted_face_up_card_for_a_bean_it_grows() -> None:
    """The Garten fits none of seat 0's fields: it is offered (to the Garten grower) for a
    Blaue or a Rote."""
    s = trading_floor(fields=["BL4 RO2", "GA2 -", "SA3 FE1", "AU2 SO1"], face_up="GA BL")
    action = decide(s, 0)
    assert isinstance(action, Propose)
    assert action.face_up == (0,) and action.hand == ()
    assert action.to == 1
    assert action.wants and set(action.wants) <= {BEAN["BL"], BEAN["RO"]}


def test_gives_away_a_face_up_card_that_would_force_a_bad_harvest() -> None:
    """When nobody trades, the Garten that would break a field is at last given away."""
    s = trading_floor(fields=["BL5 SO3", "GA2 -", "SA3 FE1", "AU2 BR1"], face_up="GA")
    bot = HeuristicBot()
    made: list[Propose] = []
    while s.view(None)["phase"] == "trade":
        seat = s.to_act()[0]
        if seat == 0:
            action = decide(s, 0, bot)
            if isinstance(action, Propose):
                made.append(action)
            s.apply(action)
        elif s.view(None)["trading"]["proposals"]:
            act(s, f"{seat}: decline {last_pid(s)}")
        else:
            act(s, f"{seat}: pass")
    assert any(p.face_up == (0,) and p.wants == () for p in made)
    assert made[0].wants  # a trade is tried before the gift


def test_accepts_a_gift_that_extends_a_field() -> None:
    s = trading_floor(fields=["BL4 RO2", "- -", "- -", "- -"], face_up="AU", hands=["SA", "RO BR"])
    act(s, "0: pass", "1: propose 0 give h0")
    assert decide(s, 0) == Accept(0, last_pid(s))


def test_declines_a_gift_that_would_force_a_bad_harvest() -> None:
    """A Sau fits neither field, and both fields are long and halfway to their next
    taler: taking it would break one of them."""
    s = trading_floor(fields=["BL7 FE7", "- -", "- -", "- -"], hands=["FE", "SA BR"])
    act(s, "0: pass", "1: propose 0 give h0")
    assert decide(s, 0) == Decline(0, last_pid(s))


def test_closes_trading_when_everybody_has_passed() -> None:
    s = trading_floor(fields=["BL4 RO2", "- -", "- -", "- -"], face_up="BL")
    act(s, "0: pass", "1: pass", "2: pass", "3: pass")
    assert decide(s, 0) == CloseTrading(0)


def test_without_trades_it_closes_at_once() -> None:
    s = trading_floor(fields=["BL4 RO2", "GA2 -", "- -", "- -"], face_up="GA")
    assert decide(s, 0, HeuristicBot(trades=False)) == CloseTrading(0)


# --- trading as another player ------------------------------------------------------------


def test_asks_the_active_player_for_a_face_up_bean_it_grows() -> None:
    """Seat 1 grows Sau: on getting the floor it asks for the face-up Sau, offering a card
    of its hand, or nothing."""
    s = trading_floor(fields=["BL4 RO2", "SA3 BL2", "- -", "- -"], face_up="SA",
                      hands=["RO", "BL BL", "BR", "AU"])
    act(s, "0: pass")
    action = decide(s, 1)
    assert isinstance(action, Propose)
    assert action.to == 0 and action.face_up == () and action.wants == (BEAN["SA"],)


def test_counters_an_offer_it_wants_at_a_price_it_will_not_pay() -> None:
    """The active player offers a Sau (which seat 1 grows) for seat 1's Augen, which seat 1
    grows too: it counters, asking the Sau for a card it can spare."""
    s = trading_floor(fields=["BL4 RO2", "SA3 AU3", "- -", "- -"], face_up="SA",
                      hands=["RO", "AU GA", "BR", "SO"])
    act(s, "0: propose 1 give f0 want AU")
    action = decide(s, 1)
    assert isinstance(action, Counter)
    assert action.wants == (BEAN["SA"],) and BEAN["AU"] not in [
        s.view(1)["players"][1]["hand"][i] for i in action.hand]


def test_asks_for_nothing_only_what_the_active_player_cannot_use() -> None:
    """Issue 22: bots stop proposing what no seat could want. Seat 1 grows Sau, but the
    only Sau in sight is not face up: asking the active player for one for nothing is
    left out (nobody gives a card of the hand away for nothing)."""
    s = trading_floor(fields=["BL4 RO2", "SA3 BL2", "- -", "- -"], face_up="RO",
                      hands=["SA", "BL BL", "BR", "AU"])
    act(s, "0: pass")
    action = decide(s, 1)
    assert not (isinstance(action, Propose) and not action.hand and not action.face_up)


def test_never_offers_a_bean_for_the_same_bean() -> None:
    """Issue 22: « Feuer for Feuer » is wanted by nobody: no proposal or counter gives
    and asks for the same bean."""
    s = trading_floor(fields=["BL4 RO2", "SA3 AU3", "- -", "- -"], face_up="SA",
                      hands=["RO", "SA AU GA", "BR", "SO"])
    act(s, "0: propose 1 give f0 want AU")
    action = decide(s, 1)
    assert isinstance(action, (Counter, Decline, Accept))
    if isinstance(action, Counter):
        hand = s.view(1)["players"][1]["hand"]
        assert not {hand[i] for i in action.hand} & {NAMES[b] for b in action.wants}


def _proposals_in_games(games: int) -> list[tuple[int, int, int, Any]]:
    """(game, turn, active seat, Proposed event) of every proposal in games of four
    heuristic bots."""
    seen: list[tuple[int, int, int, Any]] = []
    for index in range(games):
        state = GAME.new_game(GAME.options(4), 700 + index)
        bots = [HeuristicBot() for _ in range(4)]
        rng = random.Random(index)
        while not state.is_over:
            seat = state.to_act()[0]
            view = state.view(seat)
            decision = Decision(seat, view, state.legal_actions(seat), state.proposals(seat))
            turn, active = state.turn, state.active
            for event in state.apply(bots[seat].act(decision, rng)):
                if type(event).__name__ == "Proposed":
                    seen.append((index, turn, active, event))
    return seen


def test_over_whole_games_no_proposal_is_wanted_by_nobody_or_made_twice() -> None:
    """Issue 22: in a game of ``bohnen play`` the bots made 192 proposals, 160 declined,
    some empty or absurd (« nothing for Augen », « Feuer for Feuer »), and repeated the
    same offer each time the floor came back. Over whole games: no bean is given for the
    same bean; nothing is asked for nothing but the active player's face-up beans; no
    seat makes the same first-hand proposal twice in a turn."""
    seen = _proposals_in_games(3)
    made: set[tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]] = set()
    for game, turn, active, p in seen:
        gives = tuple(sorted(p.hand_beans + p.face_beans))
        assert not set(gives) & set(p.wants), p
        if p.counter_to is not None:
            continue
        if not gives:
            assert p.to == active and not p.hand, p
        key = (game, turn, p.seat, p.to, gives, p.wants)
        assert key not in made, f"turn {turn}: seat {p.seat} repeats {p}"
        made.add(key)
    assert len(seen) > 50


# --- legality over many games -------------------------------------------------------------


class Watch:
    """Wraps the heuristic bot and checks every proposal it makes against the rules of
    who may trade what with whom (the runner's apply checks the rest)."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.needs_view = bot.needs_view
        self.proposes = bot.proposes
        self.proposed = 0

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        action = self.bot.act(decision, rng)
        if isinstance(action, Propose):
            view = decision.view
            assert view is not None
            active = view["active"]
            assert action.to != decision.seat and active in (decision.seat, action.to)
            assert not action.face_up or decision.seat == active
            self.proposed += 1
        return action


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_action_is_legal_over_many_games(players: int) -> None:
    """Heuristic bots (one without trades) beside random ones, over every option set: the
    runner applies each action, so an illegal one would raise."""
    option_sets = GAME.option_sets(players)
    watched = [Watch(make_bot("heuristic", GAME)), Watch(make_bot("heuristic:trades=false",
                                                                  GAME))]
    games = 0
    for i in range(GAMES):
        opts = option_sets[i % len(option_sets)]
        other = "random" if opts.max_proposals_per_turn is None else "random:trades=false"
        bots: list[Any] = [make_bot("random" if s % 2 else other, GAME) for s in range(players)]
        bots[i % players] = watched[0]
        if i % 4 == 0:
            bots[(i + 1) % players] = watched[1]
        played = play_game(GAME, opts, 9000 + i, bots)
        assert played.result.winners
        games += 1
    assert games == GAMES and watched[0].proposed > 0


# --- the heuristic as the prior of a search bot ------------------------------------------


def test_as_a_search_prior_without_proposals_it_negotiates_for_the_search() -> None:
    """``ismcts:proposals=0,prior=heuristic``: the heuristic's proposal is played as it
    is, unsearched (the search weighs the other moves)."""
    from bohnen.bots.ismcts import IsmctsBot

    s = trading_floor(fields=["BL4 RO2", "GA2 -", "SA3 FE1", "AU2 SO1"], face_up="GA BL")
    decision = Decision(0, s.view(0), s.legal_actions(0), ())
    expected = HeuristicBot().act(decision, random.Random(2))
    assert isinstance(expected, Propose)
    bot = make_bot("ismcts:iterations=50,proposals=0,prior=heuristic", GAME)
    assert isinstance(bot, IsmctsBot)
    assert bot.act(decision, random.Random(2)) == expected
    assert bot.last is not None and bot.last.iterations == 0

