"""The ISMCTS bot: legal moves only, samples from the view alone, its budget, its sense.

Games are short (a few iterations a move) so the file runs in well under a minute.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable
from typing import Any, cast

import pytest

from bohnen.bots import make_bot
from bohnen.bots.ismcts import RESERVE, IsmctsBot, mast_rollout, rewards
from bohnen.bots.ismcts_settings import Settings
from bohnen.core import get_game
from bohnen.core.bots import Decision
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState
from bohnen.core.result import Result
from bohnen.core.rng import derive

from .helpers import decision_of, play_with, positions

NDB = get_game("ndb")
BOHNANZA = get_game("bohnanza")


def test_only_legal_actions_in_complete_games_of_ndb() -> None:
    one_round = NDB.options(4, rounds=1)
    moves = 0
    for index in range(24):
        options = NDB.options(4) if index % 8 == 0 else one_round
        seats = (index % 4,) if index % 3 else (index % 4, (index + 2) % 4)
        spec = "ismcts:iterations=20" + (",mast=0.5" if index % 2 else "")
        moves += play_with(NDB, options, derive(41, index), spec, seats)
    assert moves > 24 * 15


def test_only_legal_actions_in_complete_games_of_bohnanza() -> None:
    option_sets = [o for o in BOHNANZA.option_sets(4) if o.max_proposals_per_turn is not None]
    option_sets.append(BOHNANZA.options(4, trading="open", max_proposals_per_turn=4))
    moves = 0
    for index in range(2 * len(option_sets)):
        options = option_sets[index % len(option_sets)]
        moves += play_with(BOHNANZA, options, derive(42, index), "ismcts:iterations=3,proposals=2",
                       (index % 4,))
    assert moves > 2 * len(option_sets) * 20


# --- samples from the view alone --------------------------------------------------------


class Recording:
    """A game whose ``sampler`` keeps every sample it draws (as JSON)."""

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.samples: list[dict[str, Any]] = []
        self.search = self  # the search hooks a bot asks for are these

    def sampler(self, view: dict[str, Any]) -> Any:
        draw = self.game.search.sampler(view)

        def recorded(rng: random.Random) -> Any:
            state = draw(rng)
            self.samples.append(state.to_json())
            return state

        return recorded

    def playout(self, state: Any, rng: random.Random) -> Result:
        return self.game.search.playout(state, rng)


def _search(game: AnyGame, decision: Decision[Any], seed: int,
            mast: float = 1.0) -> tuple[Any, list[dict[str, Any]], Any]:
    recording = Recording(game)
    bot = IsmctsBot(recording, Settings(iterations=12, mast=mast))  # type: ignore[arg-type]
    action = bot.act(decision, random.Random(seed))
    assert bot.last is not None
    return action, recording.samples, bot.last.visits


@pytest.mark.parametrize("game,options", [
    (NDB, NDB.options(4)),
    (BOHNANZA, BOHNANZA.options(4)),
    (BOHNANZA, BOHNANZA.options(4, trading="open", expert_taler_trading=True)),
], ids=["ndb", "bohnanza", "bohnanza-open"])
def test_same_view_same_samples_and_same_choice(game: AnyGame, options: Any) -> None:
    found = positions(game, options, 5, 6)
    assert len(found) == 6
    for number, (state, seat) in enumerate(found):
        twin = state.determinize(seat, random.Random(1000 + number))  # differs in hidden cards
        assert twin.view(seat) == state.view(seat)
        first, second = decision_of(state, seat), decision_of(twin, seat)
        view_before = copy.deepcopy(first.view)
        mast = 0.5 if number % 2 else 1.0
        action, samples, visits = _search(game, first, 77 + number, mast)
        twin_action, twin_samples, twin_visits = _search(game, second, 77 + number, mast)
        assert first.view == view_before  # the bot does not change what it is given
        assert len(samples) == 12
        assert samples == twin_samples
        assert action == twin_action
        assert visits == twin_visits
        for sample in samples:
            assert game.state_from_json(sample).view(seat) == state.view(seat)


def test_other_seed_other_samples() -> None:
    state, seat = positions(NDB, NDB.options(4), 6, 1)[0]
    _, samples, _ = _search(NDB, decision_of(state, seat), 1)
    _, other, _ = _search(NDB, decision_of(state, seat), 2)
    assert samples != other


# --- the budget ---------------------------------------------------------------------------


def _early_bohnanza() -> tuple[AnyState, int]:
    state, seat = positions(BOHNANZA, BOHNANZA.options(4), 9, 1)[0]
    return state, seat


def test_iteration_budget_is_counted_and_deterministic() -> None:
    state, seat = _early_bohnanza()
    results = []
    for _ in range(2):
        bot = make_bot("ismcts:iterations=25", BOHNANZA)
        assert isinstance(bot, IsmctsBot)
        action = bot.act(decision_of(state, seat), random.Random(3))
        assert bot.last is not None
        assert bot.last.iterations == 25
        assert sum(v for _, v in bot.last.visits) == 25  # one root action per iteration
        results.append((action, bot.last.visits))
    assert results[0] == results[1]


def test_seconds_budget_ends_the_search_on_the_real_clock() -> None:
    """On the real clock the search ends by itself and moves; how close it comes to its
    budget is a timing, tested exactly on a fake clock below (a loaded machine preempts
    the search at any moment, so no bound on the real clock is safe to assert)."""
    state, seat = _early_bohnanza()
    bot = make_bot("ismcts:seconds=0.25", BOHNANZA)
    assert isinstance(bot, IsmctsBot)
    start = time.perf_counter()
    action = bot.act(decision_of(state, seat), random.Random(4))
    assert time.perf_counter() - start < 30.0  # a hang guard, not a timing
    assert bot.last is not None
    assert bot.last.iterations >= 1
    state.check(action)


def test_a_seconds_budget_bounds_the_whole_move_prior_and_paired_rounds_included(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]

    def tick() -> float:  # every reading of the clock: 10 ms later
        clock[0] += 0.01
        return clock[0]

    state, seat = _early_bohnanza()
    monkeypatch.setattr(time, "perf_counter", tick)
    for spec in ("ismcts:seconds=0.5", "ismcts:seconds=0.5,paired=true,prior=heuristic"):
        bot = make_bot(spec, BOHNANZA)
        assert isinstance(bot, IsmctsBot)
        bot.act(decision_of(state, seat), random.Random(5))
        assert bot.last is not None and bot.last.iterations >= 1
        assert bot.last.seconds <= 0.5 + 1e-9


def _on_a_fake_clock(monkeypatch: pytest.MonkeyPatch, bot: IsmctsBot,
                     advance: Callable[[int, float], float]) -> tuple[list[float], list[int]]:
    """Put the search on a fake clock that only its iterations move: iteration ``n``
    (from 1), begun at ``t``, ends at ``advance(n, t)``. Returns the clock's reading
    and the iterations run so far, both to read or reset."""
    clock, calls = [0.0], [0]
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    descend = bot._descend

    def timed(*args: Any, **kwargs: Any) -> tuple[list[float], Result]:
        calls[0] += 1
        clock[0] = advance(calls[0], clock[0])
        return descend(*args, **kwargs)

    monkeypatch.setattr(bot, "_descend", timed)
    return clock, calls


def test_paired_rounds_drop_a_round_that_would_end_past_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Iterations take 10 ms on a fake clock, but the first of the third round stalls
    until 5 ms before the end of the budget (past the part the search may use): the
    round is dropped there, where finishing it would overrun the budget."""
    state, seat = _early_bohnanza()
    bot = make_bot("ismcts:seconds=0.5,paired=true,prior=heuristic", BOHNANZA)
    assert isinstance(bot, IsmctsBot)
    stall = [0]
    clock, calls = _on_a_fake_clock(monkeypatch, bot,
                                    lambda n, t: 0.495 if n == stall[0] else t + 0.01)
    bot.act(decision_of(state, seat), random.Random(5))  # no stall: to count the choices
    assert bot.last is not None
    choices = len(bot.last.visits)
    assert 3 <= choices <= 16  # a round of 10 ms a choice fits the budget twice
    clock[0], calls[0], stall[0] = 0.0, 0, 2 * choices + 1
    bot.act(decision_of(state, seat), random.Random(5))
    assert calls[0] == 2 * choices + 1  # the stalled iteration, and no more
    assert bot.last.seconds == pytest.approx(0.495)


@pytest.mark.parametrize("spec", ["ismcts:seconds=0.5",
                                  "ismcts:seconds=0.5,paired=true,prior=heuristic"])
def test_a_move_stops_before_an_iteration_as_long_as_the_longest_could_overrun(
        monkeypatch: pytest.MonkeyPatch, spec: str) -> None:
    """Iterations of 1 ms on a fake clock, but the third and any begun in the last
    10 ms of the budget (less its reserve) take 15 ms: stopping when one more at the
    mean pace (about 1 ms) would overrun lets a slow one end past the budget; the
    search stops while one as long as the longest so far still fits."""
    state, seat = _early_bohnanza()
    bot = make_bot(spec, BOHNANZA)
    assert isinstance(bot, IsmctsBot)
    slow = 0.5 * (1 - RESERVE) - 0.01
    _on_a_fake_clock(monkeypatch, bot,
                     lambda n, t: t + (0.015 if n == 3 or t >= slow else 0.001))
    bot.act(decision_of(state, seat), random.Random(5))
    assert bot.last is not None
    assert 0.5 * (1 - RESERVE) - 0.02 <= bot.last.seconds <= 0.5 * (1 - RESERVE)


def test_the_first_budget_reached_stops() -> None:
    state, seat = _early_bohnanza()
    bot = make_bot("ismcts:iterations=4,seconds=60", BOHNANZA)
    assert isinstance(bot, IsmctsBot)
    start = time.perf_counter()
    bot.act(decision_of(state, seat), random.Random(4))
    assert bot.last is not None and bot.last.iterations == 4
    assert time.perf_counter() - start < 30


def test_a_single_choice_is_played_without_search() -> None:
    bot = make_bot("ismcts:iterations=50", NDB)
    assert isinstance(bot, IsmctsBot)
    state = NDB.new_game(NDB.options(4), 1)
    seat = state.to_act()[0]
    only = state.legal_actions(seat)[0]
    assert bot.act(Decision(seat, None, [only], ()), random.Random(0)) == only
    assert bot.last is not None and bot.last.iterations == 0


# --- the registry ---------------------------------------------------------------------------


def test_the_settings_are_checked_when_made_and_name_the_bot() -> None:
    assert Settings().budget == 400 and Settings(seconds=0.5).budget is None
    assert Settings(seconds=0.5, iterations=50).budget == 50
    assert Settings(seconds=0.25, c=1.0, paired=True, race=1.0).name == \
        "ismcts:seconds=0.25,c=1,paired=true,race=1"
    with pytest.raises(ValueError, match="bot ismcts: race=Z drops choices"):
        Settings(race=1.0)
    assert IsmctsBot(BOHNANZA).name == "ismcts:iterations=400"


def test_registry_names_and_parameters() -> None:
    bot = make_bot("ismcts", NDB)
    assert isinstance(bot, IsmctsBot) and bot.name == "ismcts:iterations=400"
    bot = make_bot("ismcts:seconds=0.5,c=1.2,proposals=0", BOHNANZA)
    assert isinstance(bot, IsmctsBot)
    assert bot.settings.budget is None and bot.settings.seconds == 0.5 and bot.settings.c == 1.2
    assert not bot.proposes
    assert bot.name == "ismcts:seconds=0.5,c=1.2,proposals=0"
    for bad in ("ismcts:iterations=0", "ismcts:seconds=-1", "ismcts:win=2",
                "ismcts:proposals=-1", "ismcts:mast=1.5", "ismcts:depth=3", "ismcts:c=x"):
        with pytest.raises(ValueError):
            make_bot(bad, NDB)
    with pytest.raises(ValueError, match="game"):
        make_bot("ismcts")


def test_rewards_blend_win_and_score() -> None:
    assert rewards(Result((10, 4, 4, 7), (0,), ""), 0.5) == [1.0, 0.0, 0.0, 0.25]
    assert rewards(Result((3, 3, 3), (0, 1, 2), ""), 1.0) == pytest.approx([1 / 3] * 3)
    assert rewards(Result((5, 9, 1), (1,), ""), 0.0) == [0.5, 1.0, 0.0]


# --- sense ----------------------------------------------------------------------------------

# The last trick of a one-round game, seat 0 holding the token and taking first. Its
# rows: red 10 9 8 (27), green 10 9 (19), blue cancelled by its "0": 46 points. On the
# table: seat 1's red "Nicht die Bohne" (red row to 0: 19 points), seat 2's green "–"
# (green row negative: 8 points), seat 3's yellow 1 (47). The others end with at most
# 37 (seat 2: 36 and one more card), at least 36: only taking seat 3's card wins.
LAST_TRICK: dict[str, Any] = {
    "game": "ndb", "version": 2, "options": {"players": 4, "rounds": 1}, "rng": 5,
    "round": 1, "turn": 15, "dealer": 3, "token": 0, "phase": "take", "taker": 0,
    "taken": [], "table": ["B1", "R0", "G-", "Y1"],
    "hands": [[], [], [], []],
    "row_cards": [row.split() for row in (
        "R10 R9 R8 G10 G9 B0 B- B- B- Bx2 B10 B9 B8 B7",
        "R1 R2 R3 R4 R5 R6 R7 Y- Y- Y- Yx2 Y2 Y3 Y4",
        "G1 G2 G3 G4 G5 G6 G7 G8 G- G- R- R- R- Rx2",
        "Gx2 G0 Y0 Y5 Y6 Y7 Y8 Y9 Y10 B2 B3 B4 B5 B6",
    )],
    "sheet": [],
}


def _outcomes(state: AnyState) -> set[tuple[int, ...]]:
    """The winners of every way the game can still go."""
    if state.is_over:
        return {state.result().winners}
    seat = state.to_act()[0]
    out: set[tuple[int, ...]] = set()
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(action)
        out |= _outcomes(child)
    return out


def test_takes_the_card_that_wins_the_game() -> None:
    state = NDB.state_from_json(LAST_TRICK)
    winning = NDB.parse_action("0: take 3")
    for action in state.legal_actions(0):  # the position is what its comment says
        child = state.clone()
        child.apply(action)
        assert all((0 in w) == (action == winning) for w in _outcomes(child)), action
    for seed in range(3):
        bot = make_bot("ismcts:iterations=30", NDB)
        assert bot.act(decision_of(state, 0), random.Random(seed)) == winning


def test_mast_playouts_follow_the_best_average_and_try_the_untried() -> None:
    state = NDB.state_from_json(LAST_TRICK)
    take = [NDB.parse_action(f"0: take {owner}") for owner in (1, 2, 3)]
    table = {take[0]: [2.0, 1.8], take[1]: [1.0, 0.5], take[2]: [4.0, 0.4]}
    played: list[Any] = []
    mast_rollout(state.clone(), random.Random(0), table, 0.0, played)
    assert played[0] == take[0]  # the best average
    del table[take[1]]
    played = []
    mast_rollout(state.clone(), random.Random(0), table, 0.0, played)
    assert played[0] == take[1]  # never tried: tried first
    end = state.clone()
    mast_rollout(end, random.Random(0), table, 0.0, [])
    assert end.is_over


# --- a prior bot's move, left only for a clearly better one --------------------------------


def test_with_a_prior_and_little_search_it_plays_the_prior_s_move() -> None:
    heuristic = make_bot("heuristic", BOHNANZA)
    for number, (state, seat) in enumerate(positions(BOHNANZA, BOHNANZA.options(4), 9, 6)):
        decision = decision_of(state, seat)
        expected = heuristic.act(decision, random.Random(number))
        bot = make_bot("ismcts:iterations=3,prior=heuristic", BOHNANZA)
        assert bot.act(decision, random.Random(number)) == expected


def _root(edges: dict[str, tuple[int, float, float]]) -> Any:
    from bohnen.bots.ismcts import Node

    root = Node()
    for action, (visits, mean, spread) in edges.items():
        # ``visits`` rewards of ``mean`` plus and minus ``spread``, half each
        total = visits * mean
        squares = visits * (mean * mean + spread * spread)
        root.edges[action] = [float(visits), float(visits), total, squares]
    return root


A: dict[str, Action] = {name: cast(Action, name) for name in ("hint", "other", "x", "a", "b", "c")}
# (the choice functions only compare and hash their actions: names stand in for them)


def test_the_prior_s_move_is_left_only_beyond_the_confidence() -> None:
    from bohnen.bots.ismcts import _trusted

    clear = _root({"hint": (100, 0.40, 0.1), "other": (100, 0.50, 0.1)})
    assert _trusted(clear, A["hint"], A["other"], 1.64) == A["other"]  # 0.10 > 1.64 * 0.014
    close = _root({"hint": (100, 0.48, 0.3), "other": (100, 0.50, 0.3)})
    assert _trusted(close, A["hint"], A["other"], 1.64) == A["hint"]  # 0.02 < 1.64 * 0.043
    assert _trusted(close, A["hint"], A["other"], 0.0) == A["other"]
    few = _root({"hint": (1, 0.1, 0.0), "other": (50, 0.9, 0.0)})
    assert _trusted(few, A["hint"], A["other"], 1.64) == A["hint"]  # too few visits to judge


def test_prior_names_and_refusals() -> None:
    bot = make_bot("ismcts:seconds=0.5,prior=heuristic", NDB)
    assert isinstance(bot, IsmctsBot) and bot.name == "ismcts:seconds=0.5,prior=heuristic"
    bot = make_bot("ismcts:iterations=5,prior=random,trust=1", BOHNANZA)
    assert bot.name == "ismcts:iterations=5,prior=random,trust=1"
    with pytest.raises(ValueError, match="other than ismcts"):
        make_bot("ismcts:prior=ismcts", NDB)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("ismcts:prior=nosuch", NDB)
    with pytest.raises(ValueError, match="trust"):
        make_bot("ismcts:prior=random,trust=-1", NDB)


def test_only_legal_actions_with_a_prior() -> None:
    spec = "ismcts:iterations=4,prior=heuristic"
    moves = play_with(BOHNANZA, BOHNANZA.options(4), 3, spec, (0,))
    moves += play_with(NDB, NDB.options(4, rounds=1), 3, spec, (1,))
    assert moves > 50


def test_a_proposing_prior_is_handed_the_proposals_when_the_search_weighs_none() -> None:
    bot = make_bot("ismcts:iterations=4,proposals=0,prior=heuristic", BOHNANZA)
    assert bot.proposes  # so the runner gives the heuristic the generator it needs
    assert not make_bot("ismcts:iterations=4,proposals=0", BOHNANZA).proposes
    moves = play_with(BOHNANZA, BOHNANZA.options(4), 5,
                  "ismcts:iterations=6,proposals=0,prior=heuristic", (2,))
    assert moves > 20


# --- paired rounds at the root ----------------------------------------------------------------


class SeedRecording(Recording):
    """A :class:`Recording` that also keeps the state of each playout's rng."""

    def __init__(self, game: AnyGame) -> None:
        super().__init__(game)
        self.playout_rngs: list[Any] = []

    def playout(self, state: Any, rng: random.Random) -> Result:
        self.playout_rngs.append(rng.getstate())
        return self.game.search.playout(state, rng)


def test_paired_rounds_try_every_root_choice_on_one_sample_and_one_playout_seed() -> None:
    state, seat = _early_bohnanza()
    decision = decision_of(state, seat)
    recording = SeedRecording(BOHNANZA)
    bot = IsmctsBot(recording,  # type: ignore[arg-type]
                    Settings(iterations=30, proposals=0, paired=True, expand=100))
    bot.act(decision, random.Random(8))
    assert bot.last is not None
    choices = len(bot.last.visits)
    assert choices > 1
    rounds = 30 // choices
    assert bot.last.iterations == rounds * choices
    assert len(recording.samples) == rounds  # one sample a round
    assert all(visits == rounds for _, visits in bot.last.visits)
    seeds = recording.playout_rngs
    for r in range(rounds):
        block = seeds[r * choices:(r + 1) * choices]
        assert all(s == block[0] for s in block)  # common random numbers within a round
    assert seeds[0] != seeds[choices]  # and fresh ones for the next round


def test_paired_same_view_same_choice() -> None:
    for number, (state, seat) in enumerate(positions(BOHNANZA, BOHNANZA.options(4), 5, 3)):
        twin = state.determinize(seat, random.Random(500 + number))
        picks = []
        for position in (state, twin):
            bot = make_bot("ismcts:iterations=40,proposals=0,paired=true,prior=heuristic",
                           BOHNANZA)
            assert isinstance(bot, IsmctsBot)
            picks.append((bot.act(decision_of(position, seat), random.Random(number)),
                          bot.last.visits if bot.last else None))
        assert picks[0] == picks[1]


def test_paired_choice_leaves_the_prior_only_for_a_consistent_gain() -> None:
    from bohnen.bots.ismcts import _paired_choice

    rng = random.Random(3)
    noise = [rng.gauss(0.5, 0.2) for _ in range(40)]
    hint = list(noise)
    steady = [x + 0.03 for x in noise]  # 0.03 better on every deal: a sure gain
    loud = [x + 0.03 + rng.gauss(0, 0.3) for x in noise]  # 0.03 better on average, noisily
    assert _paired_choice([A["hint"], A["other"]], [hint, steady], A["hint"], 1.64) == A["other"]
    assert _paired_choice([A["hint"], A["other"]], [hint, loud], A["hint"], 1.64) == A["hint"]
    assert _paired_choice([A["hint"], A["other"]], [hint, steady], None, 1.64) == A["other"]
    pair = [A["hint"], A["other"]]
    assert _paired_choice(pair, [hint[:1], steady[:1]], A["hint"], 1.64) == A["hint"]


def test_paired_threshold_grows_with_the_number_of_choices() -> None:
    from bohnen.bots.ismcts import _paired_choice

    rng = random.Random(4)
    base = [rng.gauss(0.5, 0.2) for _ in range(30)]
    spread = [rng.gauss(0, 1) for _ in range(30)]
    mean = sum(spread) / 30
    sd = (sum((s - mean) ** 2 for s in spread) / 29) ** 0.5
    # differences whose mean is 2.2 standard errors above zero: enough against one
    # other choice (z 1.64), not as the best of twenty (z 2.95 after Bonferroni)
    diffs = [(s - mean) * 0.01 / sd + 2.2 * 0.01 / 30 ** 0.5 for s in spread]
    better = [b + d for b, d in zip(base, diffs, strict=True)]
    assert _paired_choice([A["hint"], A["x"]], [base, better], A["hint"], 1.64) == A["x"]
    many = [A["hint"], A["x"]] + [cast(Action, f"worse{i}") for i in range(18)]
    outcomes = [base, better] + [[b - 0.1 for b in base]] * 18
    assert _paired_choice(many, outcomes, A["hint"], 1.64) == A["hint"]


def test_paired_names_refusals_and_legal_play() -> None:
    bot = make_bot("ismcts:seconds=0.5,proposals=0,prior=heuristic,paired=true,expand=30",
                   BOHNANZA)
    assert bot.name == "ismcts:seconds=0.5,proposals=0,expand=30,paired=true,prior=heuristic"
    assert make_bot(bot.name, BOHNANZA).name == bot.name
    with pytest.raises(ValueError, match="expand"):
        make_bot("ismcts:expand=0", NDB)
    moves = play_with(BOHNANZA, BOHNANZA.options(4), 5,
                  "ismcts:iterations=12,proposals=0,paired=true,prior=heuristic", (2,))
    moves += play_with(NDB, NDB.options(4, rounds=1), 5, "ismcts:iterations=12,paired=true", (0,))
    assert moves > 40
