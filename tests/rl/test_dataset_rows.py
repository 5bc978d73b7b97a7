"""The columns of a dataset for offline RL (issue 37, item 2), each checked against a
computation by hand on small games: rewards, terminated and truncated flags, the next
row and the final observation, the bot and its policy, the options, the action's JSON,
the result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from bohnen.cli.main import app, main
from bohnen.core.registry import get_game
from bohnen.rl import dataset
from bohnen.rl.dataset import DatasetSpec
from bohnen.rl.encodings import make_encoding
from bohnen.rl.rewards import final_rewards

SPEC = DatasetSpec("ndb", 3, ("heuristic", "random", "heuristic"), 2, 5, games_per_file=2)


def _made(out: Path, spec: DatasetSpec) -> dict[str, list[Any]]:
    todo = dataset.prepare(out, spec, False)
    dataset.make_local(spec, out, todo, 1, lambda _: None)
    table: pa.Table = dataset.read(out)
    columns: dict[str, list[Any]] = table.to_pydict()
    return columns


def _games(rows: dict[str, list[Any]]) -> dict[int, list[int]]:
    games: dict[int, list[int]] = {}
    for i, game in enumerate(rows["game_index"]):
        games.setdefault(game, []).append(i)
    return games


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Any]]:
    return _made(tmp_path_factory.mktemp("ds") / "d", SPEC)


def test_each_seat_gets_its_share_of_the_win_on_its_last_row_which_ends_it(
        rows: dict[str, list[Any]]) -> None:
    game = get_game("ndb")
    for index, members in _games(rows).items():
        state = game.new_game(game.options(3), SPEC.game_seed(index))
        for i in members:
            state.apply(game.parse_action(rows["action"][i]))
        shares = final_rewards(state.result(), 3, "win")
        assert sum(shares) == pytest.approx(1.0)
        for seat in range(3):
            mine = [i for i in members if rows["seat"][i] == seat]
            assert [rows["terminated"][i] for i in mine] == [False] * (len(mine) - 1) + [True]
            assert not any(rows["truncated"][i] for i in mine)
            assert [rows["reward"][i] for i in mine[:-1]] == [0.0] * (len(mine) - 1)
            assert rows["reward"][mine[-1]] == pytest.approx(shares[seat])
            assert sum(rows["reward"][i] for i in mine) == pytest.approx(rows["return"][mine[0]])
            assert rows["scores"][mine[0]] == list(state.result().scores)
            assert rows["winners"][mine[0]] == list(state.result().winners)


def test_the_next_row_is_the_seats_next_row_and_the_last_has_the_ended_view(
        rows: dict[str, list[Any]]) -> None:
    game = get_game("ndb")
    enc = make_encoding("ndb", 3)
    for index, members in _games(rows).items():
        assert [rows["row"][i] for i in members] == list(range(len(members)))
        for at, i in enumerate(members):
            seat = rows["seat"][i]
            later = [j for j in members[at + 1:] if rows["seat"][j] == seat]
            expected = rows["row"][later[0]] if later else -1
            assert rows["next_row"][i] == expected
            assert (rows["final_observation"][i] is None) == bool(later)
        state = game.new_game(game.options(3), SPEC.game_seed(index))
        for i in members:
            state.apply(game.parse_action(rows["action"][i]))
        for i in members:
            if rows["terminated"][i]:
                ended = enc.observe(state.view(rows["seat"][i]), None)
                assert np.array_equal(np.asarray(rows["final_observation"][i], np.float32),
                                      ended)


def test_each_row_names_its_bot_and_its_action_as_the_engines_json(
        rows: dict[str, list[Any]]) -> None:
    game = get_game("ndb")
    for i, seat in enumerate(rows["seat"]):
        assert rows["bot"][i] == SPEC.bots[seat]
        action = game.action_from_json(json.loads(rows["action_json"][i]))
        assert str(action) == rows["action"][i]
        assert rows["policy"][i] is None  # these bots have no policy
        assert json.loads(rows["options"][i]) == {"players": 3, "rounds": 3}


def test_an_option_is_recorded_and_applied(tmp_path: Path) -> None:
    spec = DatasetSpec("ndb", 3, SPEC.bots, 1, 5, (("rounds", 1),), 1)
    short = _made(tmp_path / "short", spec)
    assert json.loads(short["options"][0]) == {"players": 3, "rounds": 1}
    game = get_game("ndb")
    one_round = game.new_game(game.options_from_json({"players": 3, "rounds": 1}),
                              spec.game_seed(0))
    three_rounds = game.new_game(game.options(3), spec.game_seed(0))
    for notation in short["action"]:
        one_round.apply(game.parse_action(notation))
        three_rounds.apply(game.parse_action(notation))
    assert one_round.is_over and not three_rounds.is_over  # the game ended after a round


def test_bohnanza_rows_have_every_column_in_shape(tmp_path: Path) -> None:
    """Bohnanza with no proposals (max_proposals_per_turn=0, applied: no row proposes),
    so that the rows do not depend on how trades are encoded."""
    spec = DatasetSpec("bohnanza", 3, ("random", "heuristic", "random"), 1, 3,
                       (("max_proposals_per_turn", 0),), 1)
    got = _made(tmp_path / "b", spec)
    enc = make_encoding("bohnanza", 3)
    assert got["action_id"] and min(got["action_id"]) >= 0
    assert all(len(o) == enc.observation_size for o in got["observation"])
    assert all(len(m) == enc.action_count for m in got["action_mask"])
    assert all(json.loads(o)["max_proposals_per_turn"] == 0 for o in got["options"])
    kinds = {json.loads(a)["type"] for a in got["action_json"]}
    assert "propose" not in kinds and "plant" in kinds
    assert sum(got["terminated"]) == 3 and not any(got["truncated"])
    assert sum(got["reward"]) == pytest.approx(1.0)
    assert set(zip(got["seat"], got["bot"], strict=True)) == set(enumerate(spec.bots))


@pytest.mark.parametrize(("option", "fault"), [("nosuch=1", "nosuch"),
                                               ("rounds=zero", "rounds"),
                                               ("rounds", "expected key=value"),
                                               ("players=4", "the bots of --bots")])
def test_a_bad_option_is_refused_with_a_message(tmp_path: Path, option: str, fault: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    args = ["dataset", "ndb", "--bots", "random,random,random", "--games", "1",
            "--option", option, "--out", str(tmp_path / "d")]
    result = CliRunner().invoke(app, args)
    assert isinstance(result.exception, ValueError) and fault in str(result.exception)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("bohnen: error:") and fault in err and err.count("\n") == 1
    assert not (tmp_path / "d").exists()  # refused before anything is written
