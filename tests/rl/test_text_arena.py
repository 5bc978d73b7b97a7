"""The text environment in TextArena's shape (bohnen/rl/textarena.py): reset,
get_observation, step and close, driven as a TextArena harness drives an env."""

from __future__ import annotations

import pytest

from bohnen.rl.textarena import TextArenaEnv

from .text_agent import ScriptedAgent

MAX_ANSWERS = 20_000


def run(env: TextArenaEnv, agents: dict[int, ScriptedAgent]) -> tuple[int, int]:
    """A TextArena loop to the end; the answers given and the refused ones."""
    done, answers, refused = False, 0, 0
    while not done:
        assert answers < MAX_ANSWERS, "the game did not end"
        player_id, observation = env.get_observation()
        assert env.get_observation() == (player_id, observation)  # it does not drain
        done, info = env.step(agents[player_id].answer(observation))
        assert info["player_id"] == player_id
        answers += 1
        refused += not info["accepted"]
    return answers, refused


@pytest.mark.parametrize(("game", "options"), [("bohnanza", {}), ("ndb", {"rounds": 1}),
                                               ("hansa", {})])
def test_a_harness_plays_a_game_to_the_end_and_closes(game: str,
                                                      options: dict[str, object]) -> None:
    env = TextArenaEnv(game, options=options)
    env.reset(num_players=3, seed=17)
    answers, refused = run(env, {s: ScriptedAgent(s, mischief=0.05) for s in range(3)})
    rewards, info = env.close()
    result = env.env.result()
    assert rewards == {s: 1.0 if s in result.winners else -1.0 for s in range(3)}
    assert [info[s]["score"] for s in range(3)] == list(result.scores)
    assert sum(info[s]["turn_count"] for s in range(3)) == answers
    assert sum(info[s]["invalid_moves"] for s in range(3)) == refused > 0
    assert all(info[s]["reason"] == result.reason for s in range(3))
    with pytest.raises(ValueError, match="over"):
        env.get_observation()


def test_a_refused_answer_is_in_the_step_info() -> None:
    env = TextArenaEnv("ndb", options={"rounds": 1})
    env.reset(3, seed=1)
    player_id, _ = env.get_observation()
    done, info = env.step("take the moon")
    assert not done and not info["accepted"] and info["feedback"]
    assert info["invalid_moves"] == 1
    again, observation = env.get_observation()
    assert again == player_id and info["feedback"] in observation


def test_closed_before_the_end_nobody_wins_and_reset_starts_again() -> None:
    env = TextArenaEnv("bohnanza")
    with pytest.raises(ValueError, match="reset"):
        env.get_observation()
    env.reset(4, seed=3)
    first = env.get_observation()
    env.step("nonsense")
    rewards, info = env.close()
    assert rewards == dict.fromkeys(range(4), 0.0)
    assert info[first[0]]["invalid_move"] and info[0]["reason"].startswith("closed")
    env.reset(4, seed=3)
    assert env.get_observation() == first
