"""bohnen's games as TextArena environments (bohnen/rl/textarena.py), driven through
TextArena itself: ``ta.make`` with its registry and default wrappers, a harness's loop,
and TextArena's way of reporting an invalid move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .text_agent import listed

ta = pytest.importorskip("textarena", reason="the TextArena tests need the text extra: "
                         "pip install -e '.[text]'")

from bohnen.rl.textarena import TextArenaEnv, env_id  # noqa: E402  (needs textarena)

GAMES: list[tuple[str, dict[str, Any]]] = [("bohnanza", {}), ("ndb", {"rounds": 1}),
                                           ("hansa", {})]
MAX_ANSWERS = 5_000
HEAD = "Your legal actions"
FORMS = ("{a}", "[{a}]", "I weigh my options.\nMy answer: [{a}].", "{a}.")


def legal_answers(observation: str) -> list[str]:
    """The answers listed at the seat's latest board (the wrapped observation holds every
    board the seat was shown)."""
    return listed(observation[observation.rindex(HEAD):])


def play(env: Any, seed: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A TextArena harness's loop to the end, a scripted agent answering a listed legal
    action in one of the forms a model writes; each step's info and observation."""
    rng = random.Random(seed)
    infos: list[dict[str, Any]] = []
    observations: list[str] = []
    done = False
    while not done:
        assert len(infos) < MAX_ANSWERS, "the game did not end"
        player_id, observation = env.get_observation()
        assert isinstance(observation, str)
        observations.append(observation)
        answer = rng.choice(FORMS).format(a=rng.choice(legal_answers(observation)))
        done, info = env.step(answer)
        assert info["player_id"] == player_id
        infos.append(info)
    return infos, observations


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_ta_make_plays_whole_games_in_textarenas_default_wrappers(
        game: str, options: dict[str, Any]) -> None:
    env = ta.make(env_id(game), options=options)
    assert isinstance(env, ta.wrappers.ActionFormattingWrapper)
    assert isinstance(env.env, ta.wrappers.LLMObservationWrapper)
    assert isinstance(env.env.env, ta.Env) and isinstance(env.env.env, TextArenaEnv)
    env.reset(num_players=3, seed=17)
    infos, _ = play(env, 5)
    assert all(info["accepted"] and not info["invalid_move"] for info in infos)
    assert not any(info["defaulted"] for info in infos)
    rewards, game_info = env.close()
    result = env.env.env.env.result()
    assert rewards == {s: 1.0 if s in result.winners else -1.0 for s in range(3)}
    for seat in range(3):
        assert game_info[seat]["invalid_move"] is False
        assert game_info[seat]["invalid_moves"] == game_info[seat]["defaults"] == 0
        assert game_info[seat]["score"] == result.scores[seat]
        assert game_info[seat]["reason"] == result.reason
    assert sum(info["answers"] for info in game_info.values()) == len(infos)
    assert sum(info["turn_count"] for info in game_info.values()) == len(infos)
    with pytest.raises(ValueError, match="over"):
        env.get_observation()


def invalid_move_message(seat: int, reason: str) -> str:
    """What TextArena's own multi-player state tells a seat of its invalid move."""
    state = ta.MinimalMultiPlayerState(num_players=seat + 1, error_allowance=1)
    state.reset()
    state.manually_set_current_player_id(seat)
    state.set_invalid_move(reason)
    ((sender, message, kind),) = state.get_current_player_observation()[-1:]
    assert sender == ta.GAME_ID and kind == ta.ObservationType.GAME_ADMIN
    return str(message)


def test_an_illegal_answer_is_reported_as_textarena_reports_one() -> None:
    env = ta.make(env_id("ndb"), options={"rounds": 1})
    env.reset(num_players=3, seed=7)
    env.step("play G8")  # seat 0 leads
    seat, _ = env.get_observation()
    assert seat == 1
    done, info = env.step("play R11")  # there is no R11
    assert not done and info["invalid_move"] and not info["accepted"]
    assert not info["defaulted"] and info["invalid_moves"] == 1
    again, observation = env.get_observation()
    assert again == seat
    default = legal_answers(observation)[0]
    reason = (f"your answer `play R11` was refused: {info['feedback']}. Tries left for this "
              f"decision: 2, then the environment plays `{default}` for you.")
    assert observation.endswith(f"[GAME] {invalid_move_message(seat, reason)}")
    assert "'play R11': unknown card 'R11'" in info["feedback"]
    env.step("play R12")
    done, info = env.step("[play R13]")  # the tries are used up: the default is played
    assert info["invalid_move"] and info["defaulted"] and info["played"] == default
    assert env.get_observation()[0] == 2  # the game went on
    _, game_info = env.close()
    assert game_info[seat]["invalid_move"] is True  # TextArena's mark, as for its own games
    assert game_info[seat]["invalid_moves"] == 3 and game_info[seat]["defaults"] == 1
    assert not any(game_info[s]["invalid_move"] for s in (0, 2))
    assert game_info[seat]["reason"].startswith("closed")


def test_the_seat_reads_that_the_environment_played_for_it() -> None:
    env = ta.make(env_id("bohnanza"), max_tries=1)
    env.reset(num_players=3, seed=2)
    seat, _ = env.get_observation()
    _, info = env.step("nonsense")
    assert info["defaulted"]
    while env.get_observation()[0] != seat:
        env.step(legal_answers(env.get_observation()[1])[0])
    observation = env.get_observation()[1]
    assert f"after 1 refused answers the environment played `{info['played']}`" in observation


def test_the_raw_env_gives_textarenas_messages_and_a_seat_sees_only_its_own_answers(
) -> None:
    env = ta.make(env_id("ndb", "-raw"), options={"rounds": 1})
    assert isinstance(env, TextArenaEnv)
    env.reset(num_players=3, seed=3)
    kinds: set[Any] = set()
    boards: dict[int, str] = {}  # each seat's latest board: a refusal sends none
    answers = 0
    while not env.env.done:
        seat, messages = env.get_observation()
        assert env.get_observation() == (seat, [])  # drained, as TextArena's are
        for sender, message, kind in messages:
            assert isinstance(message, str) and isinstance(kind, ta.ObservationType)
            assert sender in (ta.GAME_ID, seat)  # no other seat's answer (played face down)
            kinds.add(kind)
        for _, board, _ in filter(lambda m: m[2] == ta.ObservationType.GAME_BOARD, messages):
            boards[seat] = board
        assert HEAD in boards[seat]
        answer = legal_answers(boards[seat])[0] if answers % 7 else "fly"
        env.step(f"[{answer}]")
        answers += 1
    assert kinds == {ta.ObservationType.PROMPT, ta.ObservationType.GAME_BOARD,
                     ta.ObservationType.GAME_ACTION_DESCRIPTION,
                     ta.ObservationType.PLAYER_ACTION, ta.ObservationType.GAME_ADMIN}


def test_the_train_variant_shows_the_latest_board_and_plays_to_the_end() -> None:
    env = ta.make(env_id("ndb", "-train"), options={"rounds": 1})
    assert isinstance(env.env, ta.wrappers.GameMessagesAndCurrentBoardObservationWrapper)
    env.reset(num_players=3, seed=4)
    infos, observations = play(env, 1)
    assert all(info["accepted"] for info in infos)
    assert all(text.count(HEAD) == 1 for text in observations)
    rewards, _ = env.close()
    assert sorted(rewards.values()).count(1.0) >= 1


def test_the_same_seed_gives_the_same_game_and_the_global_random_is_untouched() -> None:
    random.seed(99)
    before = random.getstate()
    first = ta.make(env_id("hansa"))
    first.reset(num_players=3, seed=5)
    assert random.getstate() == before
    again = ta.make(env_id("hansa"))
    again.reset(num_players=3, seed=5)
    for _ in range(40):
        one, other = first.get_observation(), again.get_observation()
        assert one == other
        answer = legal_answers(one[1])[-1]
        assert first.step(answer) == again.step(answer)


def test_closed_before_the_end_nobody_wins_and_reset_starts_again() -> None:
    env = ta.make(env_id("bohnanza"))
    with pytest.raises(ValueError, match="reset"):
        env.get_observation()
    env.reset(num_players=4, seed=3)
    first = env.get_observation()
    env.step("nonsense")
    rewards, info = env.close()
    assert rewards == dict.fromkeys(range(4), 0.0)
    assert info[first[0]]["invalid_moves"] == 1 and info[0]["reason"].startswith("closed")
    env = ta.make(env_id("bohnanza"))
    env.reset(num_players=4, seed=3)
    assert env.get_observation() == first


def test_every_game_is_registered_with_textarenas_variants() -> None:
    from bohnen.core import game_names
    registry = ta.envs.registration.ENV_REGISTRY
    for game in game_names():
        for variant in ("", "-train", "-raw"):
            assert env_id(game, variant) in registry
    assert TextArenaEnv("ndb").game == "ndb"
