"""The text environment (bohnen/rl/text.py): whole games of the three games played by a
scripted agent that reads only the text, refused answers and their retries, the turns
of open negotiation, hidden information and determinism."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from itertools import pairwise
from typing import Any

import pytest

from bohnen.core import get_game
from bohnen.core.protocol import flag
from bohnen.rl.text import TextEnv, choices_of, observe
from bohnen.rl.text_observation import WAIT

from .text_agent import ScriptedAgent, listed

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("bohnanza", {}), ("bohnanza", {"trading": "open"}), ("ndb", {"rounds": 1}), ("hansa", {}),
]
MAX_ANSWERS = 20_000


def play(env: TextEnv, agent: ScriptedAgent) -> list[str]:
    """The observations of a whole game, each checked against the seat's choices."""
    texts: list[str] = []
    while not env.done:
        assert len(texts) < MAX_ANSWERS, "the game did not end"
        text = env.observation()
        assert set(listed(text)) >= set(env.choices().actions), text
        texts.append(text)
        env.step(agent.answer(text))
    return texts


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_a_scripted_agent_plays_whole_games(game: str, options: dict[str, Any]) -> None:
    env = TextEnv(game, 3, 11, options=options)
    texts = play(env, ScriptedAgent(7, mischief=0.05))
    result = env.result()
    assert len(result.scores) == 3 and result.winners
    assert sum(env.invalid) > 0  # the mischief was refused, the game went on
    assert any("was refused" in text for text in texts)
    for seat in range(3):  # the board in words at the end too
        assert "you are seat" in env.game.describe(env.state.view(seat), seat, env.names)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_the_same_seed_gives_the_same_texts(game: str, options: dict[str, Any]) -> None:
    first = play(TextEnv(game, 3, 5, options=options), ScriptedAgent(3, mischief=0.1))
    again = play(TextEnv(game, 3, 5, options=options), ScriptedAgent(3, mischief=0.1))
    assert first == again


def test_a_refused_answer_leaves_the_game_as_it_was_and_says_why() -> None:
    env = TextEnv("ndb", 3, 1, options={"rounds": 1})
    seat = env.seat
    assert seat is not None
    before = env.state.to_json()
    answered = env.step("play Z99")
    assert not answered.accepted and answered.played is None and answered.feedback
    assert env.state.to_json() == before and env.seat == seat
    text = env.observation()
    assert f"Your answer `play Z99` was refused: {answered.feedback}" in text
    assert "Tries left for this decision: 2" in text


def test_the_answer_is_without_the_seat() -> None:
    env = TextEnv("ndb", 3, 1, options={"rounds": 1})
    seat = env.seat
    action = env.choices().actions[0]
    assert not action.startswith(f"{seat}:")
    assert not env.step(f"{seat}: {action}").accepted
    answered = env.step(f"  `{action}`\nbecause it is good")
    assert answered.accepted and answered.played == action



@pytest.mark.parametrize(("game", "options"), GAMES[1:], ids=[g for g, _ in GAMES[1:]])
def test_no_refusal_asks_for_a_seat(game: str, options: dict[str, Any]) -> None:
    """The observation says to write no seat number: no error may then ask for one."""
    env = TextEnv(game, 3, 1, options=options, max_tries=20)
    seat = env.seat
    action = env.choices().actions[0]
    for answer in ("", "   ", "fly", "play", "buy", "go", "take", f"{seat}: {action}",
                   f"{seat}:{action}", "plant 7", "take 99", "play Z99"):
        answered = env.step(answer)
        assert not answered.accepted and answered.feedback, answer
        shown = env.observation().split("Your answer", 1)[1]
        for text in (answered.feedback, shown):
            assert "<seat>" not in text and f"'{seat}: " not in text, (answer, text)
            assert f"{seat}: {answer.strip()}" not in text.replace(f"`{seat}: {action}`", "")
    answered = env.step(f"{seat}: {action}")
    assert answered.feedback == (f"write the action without a seat number (the environment "
                                 f"adds it): `{action}`, not `{seat}: {action}`")


@pytest.mark.parametrize("form", ["{a}.", "{a} .", "`{a}`.", "[{a}]", "[{a}.]", "[{a}].",
                                  "I think so.\nMy answer: [{a}]", "[{a}] and again [{a}]"])
def test_a_closing_period_and_textarenas_brackets_are_accepted(form: str) -> None:
    for game, options in GAMES:
        env = TextEnv(game, 3, 2, options=options)
        action = env.choices().actions[0]
        answered = env.step(form.format(a=action))
        assert answered.accepted and answered.played == action, (game, form)


def test_several_bracketed_actions_are_refused_and_named() -> None:
    env = TextEnv("ndb", 3, 1, options={"rounds": 1})
    first, second = env.choices().actions[:2]
    answered = env.step(f"either [{first}] or [{second}]")
    assert not answered.accepted
    assert answered.feedback == (f"your answer brackets 2 actions (`[{first}]`, `[{second}]`): "
                                 "answer with one action only")

def test_after_the_tries_the_default_is_played_and_the_seat_is_told() -> None:
    env = TextEnv("bohnanza", 3, 2, max_tries=2)
    seat = env.seat
    assert seat is not None
    default = env.choices().default
    assert f"then the environment plays `{default}` for you" in env.observation()
    assert not env.step("nonsense").defaulted
    answered = env.step("nonsense again")
    assert answered.defaulted and answered.played == default and not answered.accepted
    assert env.invalid[seat] == 2
    while env.seat != seat:
        env.step(env.choices().default)
    assert f"played `{default}` for you" in env.observation()


def open_trade(seed: int) -> TextEnv:
    """A Bohnanza game of open trading at its first trade phase."""
    env = TextEnv("bohnanza", 3, seed, options={"trading": "open"})
    while env.state.view(None)["phase"] != "trade":
        env.step(env.choices().actions[0])
    return env


def test_in_open_trading_each_seat_may_wait_once_round_the_table_then_the_game_goes_on(
) -> None:
    env = open_trade(4)
    must = env.state.must_act()
    assert len(env.state.to_act()) == 3 and len(must) == 1
    turns: list[int] = []
    while True:
        seat = env.seat
        assert seat is not None
        if seat in turns:
            break
        turns.append(seat)
        assert WAIT in listed(env.observation()) and env.choices().default == WAIT
        before = env.state.to_json()
        answered = env.step(WAIT)
        assert answered.accepted and answered.played == WAIT
        assert env.state.to_json() == before
    assert sorted(turns) == [0, 1, 2]  # every seat, the active one too, yielded once
    assert all((b - a) % 3 == 1 for a, b in pairwise([*turns, seat]))  # round the table
    while seat not in must:  # the others may wait again and again
        assert env.step(WAIT).accepted
        seat = env.seat
        assert seat is not None
    # back to the seat the game waits on, which has waited once: it must act now
    assert not env.choices().may_wait and WAIT not in listed(env.observation())
    answered = env.step(WAIT)
    assert not answered.accepted and "may not wait" in answered.feedback
    assert env.step(env.choices().default).accepted


def test_a_seat_alone_to_act_may_not_wait() -> None:
    env = TextEnv("bohnanza", 3, 4)
    for _ in range(30):
        assert env.state.to_act() == (env.seat,)
        assert not env.choices().may_wait and not env.step(WAIT).accepted
        env.step(env.choices().actions[0])


def test_seats_that_all_must_act_may_not_wait() -> None:
    env = TextEnv("ndb", 3, 7, options={"rounds": 1})
    env.step(env.choices().actions[0])  # the lead: the others play face down together
    assert len(env.state.to_act()) == 2 and env.state.must_act() == env.state.to_act()
    assert not env.choices().may_wait and not env.step(WAIT).accepted


def test_a_seat_with_only_any_time_actions_is_not_asked() -> None:
    env = TextEnv("bohnanza", 3, 9, options={"trading": "open"})
    for _ in range(400):
        if env.done:
            break
        seat = env.seat
        assert seat is not None
        state = env.state
        own = [a for a in state.legal_actions(seat) if not flag(a, "any_time")]
        assert seat in state.must_act() or own or env.choices().proposals_total
        env.step(random.Random(len(env.answers)).choice(env.choices().listed()))


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_hidden_cards_change_no_text(game: str, options: dict[str, Any]) -> None:
    env = TextEnv(game, 3, 21, options=options)
    agent = ScriptedAgent(5, mischief=0.0)
    rng = random.Random(8)
    for step in range(300):
        if env.done:
            break
        seat = env.seat
        assert seat is not None
        if step % 15 == 0:
            other = env.state.determinize(seat, rng)
            assert other.to_json() != env.state.to_json()
            choices = choices_of(other, seat)
            assert choices == choices_of(env.state, seat) == env.choices()
            names = ["Ann", "Ben", "Cy"]
            assert (observe(env.game, other, seat, names, choices)
                    == observe(env.game, env.state, seat, names, choices))
        env.step(agent.answer(env.observation()))


def hidden_codes(env: TextEnv, seat: int) -> set[str]:
    """The cards of the others' hands that are one of a kind (ndb cards but the three –
    of each colour, Hansa contracts)."""
    codes = set()
    for other in range(3):
        if other != seat:
            hand = env.state.view(other)["players"][other]["hand"] or []
            codes |= {c for c in hand if c.startswith("C") if env.game.name == "hansa"}
            codes |= {c for c in hand if not c.endswith("-") if env.game.name == "ndb"}
    return codes


@pytest.mark.parametrize("game", ["ndb", "hansa"])
def test_no_other_seats_card_is_named(game: str) -> None:
    env = TextEnv(game, 3, 13, options={"rounds": 1} if game == "ndb" else {})
    agent = ScriptedAgent(2, mischief=0.0)
    while not env.done:
        seat = env.seat
        assert seat is not None
        text = env.observation()
        for code in hidden_codes(env, seat):
            assert not re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text), (code, text)
        env.step(agent.answer(text))


def test_describe_is_the_view_in_words() -> None:
    for name in ("bohnanza", "ndb", "hansa"):
        game = get_game(name)
        state = game.new_game(game.options(3), 1)
        text = game.describe(state.view(1), 1, ["Ann", "Ben", "Cy"])
        assert "you are seat 1" in text and "Ben" in text and "[" not in text.split("\n")[0]


def test_the_text_environment_needs_no_textarena() -> None:
    """Without the text extra, the text environment imports and plays; only the TextArena
    environments ask for the extra, by name."""
    code = ("import sys; sys.modules['textarena'] = None\n"
            "from bohnen.rl.text import TextEnv\n"
            "import bohnen.rl\n"
            "assert TextEnv('ndb', 3, 1).step('nonsense').feedback\n"
            "try:\n"
            "    import bohnen.rl.textarena\n"
            "except ImportError as error:\n"
            "    print(error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == ("bohnen.rl.textarena needs TextArena, the text extra: "
                                   "pip install 'bohnen[text]'")
