"""ISMCTS guided by a bot: negotiation left to the prior, and playouts played by bots.

``negotiate=prior`` plays the prior's move as it is whenever that move belongs to the
negotiation; ``negotiate=veto`` searches a deal the prior would make against refusing
it; ``playout=BOT`` lets every seat of a playout move as that bot would, on
its view of the sampled state, for ``horizon`` turns before the game's estimate.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnen.bohnanza import actions as BA
from bohnen.bots import make_bot
from bohnen.bots.bot_playout import bot_playout, bot_playouts
from bohnen.bots.ismcts import IsmctsBot, negotiates, refusals
from bohnen.bots.ismcts_settings import Settings
from bohnen.core import get_game
from bohnen.core.bots import Decision
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState
from bohnen.hansa import actions as HA

from .helpers import decision_of, play_with, positions

BOHNANZA = get_game("bohnanza")
NDB = get_game("ndb")
HANSA = get_game("hansa")
GUIDED = "ismcts:iterations=8,proposals=0,prior=heuristic,negotiate=prior"


def test_the_moves_of_a_negotiation_say_so() -> None:
    talk = {BA.Propose, BA.Counter, BA.Accept, BA.Decline, BA.Withdraw, BA.Pass,
            BA.CloseTrading, HA.Propose, HA.Counter, HA.Accept, HA.Decline, HA.Pass,
            HA.EndTrading}
    others = {BA.Plant, BA.EndPlanting, BA.PlantTraded, BA.Harvest, BA.BuyThirdField,
              HA.Begin, HA.Stay, HA.Go, HA.Sell, HA.Buy, HA.BuyScarce, HA.Fulfil,
              HA.BuyContract, HA.Return, HA.EndTurn, HA.Done}
    assert all(getattr(kind, "negotiates", False) for kind in talk)
    assert not any(getattr(kind, "negotiates", False) for kind in others)
    assert negotiates(BA.Decline(1, 3)) and not negotiates(BA.Plant(0, 1))


def test_the_moves_that_make_no_deal_say_so() -> None:
    refusing = {BA.Decline, BA.Pass, BA.CloseTrading, HA.Decline, HA.Pass, HA.EndTrading}
    dealing = {BA.Propose, BA.Counter, BA.Accept, BA.Withdraw, HA.Propose, HA.Counter,
               HA.Accept}
    assert all(getattr(kind, "refuses", False) for kind in refusing)
    assert not any(getattr(kind, "refuses", False) for kind in dealing)
    assert not getattr(BA.Plant, "refuses", False)


def test_the_refusals_of_a_deal_answer_the_same_offer_or_pass_or_close() -> None:
    actions: list[Any] = [BA.Accept(1, 3), BA.Accept(1, 4), BA.Decline(1, 3),
                          BA.Decline(1, 4), BA.Pass(1), BA.CloseTrading(1)]
    assert refusals(BA.Accept(1, 3, (0,)), actions) == [BA.Decline(1, 3)]
    assert refusals(BA.Counter(1, 4, (2,), (), (5,)), actions) == [BA.Decline(1, 4)]
    passes: list[Action] = [BA.Pass(1), BA.CloseTrading(1)]
    assert refusals(BA.Propose(1, 2, (0,), (), (5,)), actions) == passes
    assert refusals(BA.Decline(1, 3), actions) == []
    assert refusals(BA.Pass(1), actions) == []


def _guided_positions(game: AnyGame, seed: int, count: int) -> list[tuple[AnyState, int, Any]]:
    """Positions with a choice, with the move of a fresh heuristic bot in each."""
    found = []
    for number, (state, seat) in enumerate(positions(game, game.options(4), seed, count)):
        heuristic = make_bot("heuristic", game)
        found.append((state, seat, heuristic.act(decision_of(state, seat),
                                                 random.Random(number))))
    return found


@pytest.mark.parametrize("game", [BOHNANZA, HANSA], ids=["bohnanza", "hansa"])
def test_with_negotiate_prior_the_prior_s_negotiation_moves_are_played_unsearched(
        game: AnyGame) -> None:
    talked = searched = 0
    for number, (state, seat, hint) in enumerate(_guided_positions(game, 11, 24)):
        bot = make_bot(GUIDED, game)
        assert isinstance(bot, IsmctsBot)
        move = bot.act(decision_of(state, seat), random.Random(number))
        assert bot.last is not None
        if negotiates(hint):
            talked += 1
            assert move == hint and bot.last.iterations == 0
        elif len(bot.last.visits) > 1:
            searched += 1
            assert bot.last.iterations > 0
    assert talked and searched


def test_without_negotiate_prior_the_answers_are_searched() -> None:
    for number, (state, seat, hint) in enumerate(_guided_positions(BOHNANZA, 11, 24)):
        decision = decision_of(state, seat)
        if type(hint) is BA.Decline and len(decision.actions) > 1:
            bot = make_bot("ismcts:iterations=8,proposals=0,prior=heuristic", BOHNANZA)
            assert isinstance(bot, IsmctsBot)
            bot.act(decision, random.Random(number))
            assert bot.last is not None and bot.last.iterations == 8
            return
    pytest.fail("no position where the heuristic declines an offer")


@pytest.mark.parametrize("game", [BOHNANZA, HANSA], ids=["bohnanza", "hansa"])
def test_with_negotiate_veto_a_deal_of_the_prior_is_searched_against_refusing_it(
        game: AnyGame) -> None:
    vetoable = refused = 0
    for number, (state, seat, hint) in enumerate(_guided_positions(game, 14, 40)):
        decision = decision_of(state, seat)
        bot = make_bot("ismcts:iterations=8,proposals=0,prior=heuristic,paired=true,"
                       "negotiate=veto", game)
        assert isinstance(bot, IsmctsBot)
        move = bot.act(decision, random.Random(number))
        assert bot.last is not None
        if not negotiates(hint):
            continue
        no = refusals(hint, decision.actions)
        searched = [action for action, _ in bot.last.visits]
        if no:
            vetoable += 1
            assert searched == [hint, *no]
            assert all(visits >= 2 for _, visits in bot.last.visits)  # whole paired rounds
            assert move in searched
        else:
            refused += 1
            assert move == hint and bot.last.iterations == 0
    assert vetoable and refused


# --- playouts played by bots ----------------------------------------------------------------


def _midgame(game: AnyGame, seed: int) -> tuple[AnyState, int]:
    return positions(game, game.options(4), seed, 6)[-1]


@pytest.mark.parametrize("game", [BOHNANZA, HANSA], ids=["bohnanza", "hansa"])
def test_a_bot_playout_stops_after_its_turns_with_the_game_s_estimate(game: AnyGame) -> None:
    state, _ = _midgame(game, 21)
    start = state.turn
    bots = [make_bot("heuristic", game) for _ in range(4)]
    result = bot_playout(game, state, random.Random(1), bots, 2)
    assert not state.is_over and state.turn == start + 2
    assert result == game.search.estimate(state)


def test_a_bot_playout_may_stop_with_another_estimate_the_game_offers() -> None:
    state, _ = _midgame(BOHNANZA, 21)
    start = state.turn
    bots = [make_bot("heuristic", BOHNANZA) for _ in range(4)]
    learned = BOHNANZA.estimate_named("learned")
    result = bot_playout(BOHNANZA, state, random.Random(1), bots, 1, learned)
    assert state.turn == start + 1 and result == learned(state) != BOHNANZA.search.estimate(state)


def test_the_search_ends_its_bot_playouts_with_the_estimate_it_names() -> None:
    state, _ = _midgame(BOHNANZA, 21)
    bot = make_bot("ismcts:iterations=2,playout=heuristic,horizon=1,estimate=learned",
                   BOHNANZA)
    result = bot.bot_playout(state, random.Random(1), 1)  # type: ignore[attr-defined]
    assert result == BOHNANZA.estimate_named("learned")(state)


def test_a_bot_playout_of_a_game_without_estimate_goes_to_the_end() -> None:
    state, _ = _midgame(NDB, 21)
    assert NDB.search.estimate(state) is None
    bots = [make_bot("heuristic", NDB) for _ in range(4)]
    result = bot_playout(NDB, state, random.Random(1), bots, 1)
    assert state.is_over and result == state.result()


def test_a_bot_playout_to_the_end_gives_the_game_s_result() -> None:
    state, _ = _midgame(BOHNANZA, 22)
    bots = [make_bot("heuristic", BOHNANZA) for _ in range(4)]
    result = bot_playout(BOHNANZA, state, random.Random(2), bots, None)
    assert state.is_over and result == state.result()


class Spy:
    """A random bot that keeps every decision it is given."""

    needs_view = True
    proposes = False
    name = "spy"

    def __init__(self, made: list[Spy]) -> None:
        self.decisions: list[Decision[Any]] = []
        made.append(self)

    def act(self, decision: Decision[Any], rng: random.Random) -> Any:
        self.decisions.append(decision)
        if decision.actions:
            return decision.actions[int(rng.random() * len(decision.actions))]
        return decision.proposals[0]


def test_bot_playouts_give_each_seat_a_fresh_bot_and_its_own_view_only() -> None:
    made: list[Spy] = []
    playout = bot_playouts(BOHNANZA, lambda: Spy(made))
    for seed in (23, 24):
        state, _ = _midgame(BOHNANZA, seed)
        playout(state, random.Random(seed), 2)
    assert len(made) == 8  # four seats, two playouts
    for seat, spy in enumerate(made[:4]):
        assert spy.decisions
        for decision in spy.decisions:
            assert decision.seat == seat and decision.view is not None
            assert decision.view["seat"] == seat  # its seat's view, not the state


@pytest.mark.parametrize("game,options", [
    (BOHNANZA, BOHNANZA.options(4)),
    (NDB, NDB.options(4, rounds=1)),
    (HANSA, HANSA.options(4)),
], ids=["bohnanza", "ndb", "hansa"])
def test_only_legal_actions_with_bot_playouts(game: AnyGame, options: Any) -> None:
    moves = play_with(game, options, 7, "ismcts:iterations=3,playout=heuristic,horizon=1",
                      (1,))
    if game is not NDB:
        moves += play_with(game, options, 8, GUIDED + ",playout=heuristic,horizon=1", (2,))
    assert moves > 20


@pytest.mark.parametrize("players", [3, 5])
def test_only_legal_actions_with_the_learned_estimate(players: int) -> None:
    spec = ("ismcts:iterations=4,proposals=2,prior=heuristic,paired=true,"
            "playout=heuristic,horizon=1,estimate=learned,margin=true")
    assert play_with(BOHNANZA, BOHNANZA.options(players), 9, spec, (0,)) > 20


def test_bot_playouts_same_view_same_choice() -> None:
    spec = "ismcts:iterations=12,proposals=0,prior=heuristic,paired=true,playout=heuristic"
    for number, (state, seat) in enumerate(positions(BOHNANZA, BOHNANZA.options(4), 25, 3)):
        twin = state.determinize(seat, random.Random(600 + number))
        picks = []
        for position in (state, twin):
            bot = make_bot(spec, BOHNANZA)
            assert isinstance(bot, IsmctsBot)
            picks.append((bot.act(decision_of(position, seat), random.Random(number)),
                          bot.last.visits if bot.last else None))
        assert picks[0] == picks[1]


# --- paired rounds compared by the margin over the best other score ---------------------------


def test_the_margin_is_the_score_less_the_best_other_score() -> None:
    from bohnen.bots.ismcts import margin

    assert margin((10, 14, 7, 9), 1) == 4
    assert margin((10, 14, 7, 9), 0) == -4
    assert margin((5, 5, 5), 2) == 0


class MarginRecording:
    """Bohnanza, whose playouts keep the scores they end with."""

    def __init__(self) -> None:
        self.scores: list[tuple[int, ...]] = []
        self.search = self

    def sampler(self, view: dict[str, Any]) -> Any:
        return BOHNANZA.search.sampler(view)

    def playout(self, state: Any, rng: random.Random) -> Any:
        result = BOHNANZA.search.playout(state, rng)
        self.scores.append(result.scores)
        return result


def test_with_margin_paired_rounds_pick_the_best_mean_margin() -> None:
    from bohnen.bots.ismcts import margin

    state, seat = positions(BOHNANZA, BOHNANZA.options(4), 9, 1)[0]
    recording = MarginRecording()
    bot = IsmctsBot(recording,  # type: ignore[arg-type]
                    Settings(iterations=40, proposals=0, paired=True, expand=100, margin=True))
    move = bot.act(decision_of(state, seat), random.Random(3))
    assert bot.last is not None
    choices = [a for a, _ in bot.last.visits]
    k = len(choices)
    assert k > 1 and len(recording.scores) == bot.last.iterations
    means = [sum(margin(recording.scores[r * k + i], seat)
                 for r in range(bot.last.iterations // k)) for i in range(k)]
    assert move == choices[max(range(k), key=lambda i: (means[i], -i))]


# --- racing the root choices ------------------------------------------------------------------


def test_a_race_keeps_the_prior_s_move_and_the_choices_not_clearly_worse() -> None:
    from bohnen.bots.ismcts import _race

    hint = [0.5, 0.6, 0.5, 0.55]
    worse = [0.1, 0.2, 0.1, 0.15]  # below the hint in every round
    close = [0.6, 0.5, 0.55, 0.6]
    noisy = [0.0, 1.0, 0.2, 0.9]  # worse on average, but not by one standard error
    assert _race([0, 1, 2, 3], [hint, worse, close, noisy], 0, 1.0) == [0, 2, 3]
    # the hint stays whatever its rounds
    assert _race([0, 1, 2], [worse, hint, close], 0, 1.0) == [0, 1, 2]
    # without a prior, the reference is the best mean so far
    assert _race([0, 1, 2], [hint, worse, close], None, 1.0) == [0, 2]


def test_with_race_the_dropped_choices_run_fewer_rounds_and_the_hint_all() -> None:
    state, seat = positions(BOHNANZA, BOHNANZA.options(4), 9, 7)[6]
    spec = "ismcts:iterations=120,proposals=0,prior=heuristic,paired=true,expand=1000,race=1"
    bot = make_bot(spec, BOHNANZA)
    decision = decision_of(state, seat)
    move = bot.act(decision, random.Random(3))
    last = bot.last  # type: ignore[attr-defined]
    assert last is not None and move in decision.actions
    visits = dict(last.visits)
    rounds = visits[bot.hint]  # type: ignore[attr-defined]
    assert rounds == max(visits.values()) >= 3
    assert min(visits.values()) < rounds  # this position has a clearly worse choice
    assert sum(visits.values()) == last.iterations


# --- the options' names and refusals ----------------------------------------------------------

NAMED = [  # a spec, its game, and the bot's name (None: the spec itself)
    ("ismcts:seconds=0.5,proposals=0,prior=heuristic,negotiate=prior", HANSA, None),
    ("ismcts:seconds=0.5,proposals=0,prior=heuristic,negotiate=veto", BOHNANZA, None),
    ("ismcts:seconds=0.5,playout=heuristic,horizon=2", BOHNANZA, None),
    ("ismcts:playout=heuristic,horizon=4", NDB, "ismcts:iterations=400,playout=heuristic"),
    ("ismcts:playout= Heuristic ", NDB, "ismcts:iterations=400,playout=heuristic"),
    ("ismcts:iterations=8,paired=true,margin=true", BOHNANZA, None),
    ("ismcts:iterations=8,paired=true,race=1.5", BOHNANZA, None),
    ("ismcts:seconds=0.5,playout=heuristic,horizon=1,estimate=learned", BOHNANZA, None),
]


@pytest.mark.parametrize(("spec", "game", "name"), NAMED)
def test_a_guided_bot_is_named_by_its_spec_and_made_again_from_its_name(
        spec: str, game: AnyGame, name: str | None) -> None:
    bot = make_bot(spec, game)
    assert bot.name == (name or spec)
    assert make_bot(bot.name, game).name == bot.name


REFUSED = [  # a spec, its game, and what the refusal says
    ("ismcts:negotiate=prior", BOHNANZA, "negotiate=prior needs a prior"),
    ("ismcts:negotiate=veto", HANSA, "negotiate=veto needs a prior"),
    ("ismcts:prior=heuristic,negotiate=nobody", BOHNANZA,
     "negotiate must be one of search, prior, veto"),
    ("ismcts:horizon=2", NDB, "horizon counts the turns of a bot playout"),
    ("ismcts:playout=heuristic,horizon=-1", NDB, "horizon must be 0"),
    ("ismcts:playout=ismcts", NDB, "other than ismcts"),
    ("ismcts:playout=nosuch", NDB, "playout=nosuch: unknown bot 'nosuch'"),
    ("ismcts:prior=nosuch", NDB, "prior=nosuch: unknown bot 'nosuch'"),
    ("ismcts:margin=true", BOHNANZA, "margin=true is what paired rounds compare"),
    ("ismcts:race=1", BOHNANZA, "race=Z drops choices between paired rounds"),
    ("ismcts:paired=true,race=-1", BOHNANZA, "race must be 0"),
    ("ismcts:estimate=learned", BOHNANZA, "estimate=NAME ends a bot playout"),
    ("ismcts:playout=heuristic,estimate=nosuch", BOHNANZA,
     "estimate=nosuch: bohnanza has no such estimate \\(it has learned\\)"),
    ("ismcts:playout=heuristic,estimate=learned", NDB,
     "ndb has no such estimate \\(it has none but its own\\)"),
]


@pytest.mark.parametrize(("spec", "game", "message"), REFUSED)
def test_a_guided_bot_s_bad_options_are_refused_with_their_reason(
        spec: str, game: AnyGame, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(spec, game)
