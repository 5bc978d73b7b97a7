"""The export of a dataset to Minari (issue 37, item 2): Minari's own loader reads it,
one episode per seat of each game, the same as the Parquet rows."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import minari
import numpy as np
import pytest

from bohnen.cli.main import main
from bohnen.rl import dataset


@pytest.fixture(autouse=True)
def minari_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "minari"
    monkeypatch.setenv("MINARI_DATASETS_PATH", str(root))
    return root


def _rows_of(rows: dict[str, list[Any]], game: int, seat: int) -> list[int]:
    return [i for i, (g, s) in enumerate(zip(rows["game_index"], rows["seat"], strict=True))
            if g == game and s == seat]


def test_minari_loads_one_episode_per_seat_of_each_game_as_the_rows_say(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d"
    assert main(["dataset", "ndb", "--bots", "heuristic,random,random", "--games", "2",
                 "--seed", "3", "--out", str(out), "--minari", "bohnen/ndb/test-v0"]) == 0
    assert "Minari dataset bohnen/ndb/test-v0: 6 episodes" in capsys.readouterr().out
    rows = dataset.read(out).to_pydict()
    loaded = minari.load_dataset("bohnen/ndb/test-v0")
    assert loaded.total_episodes == 6 and loaded.total_steps == len(rows["seat"])
    for episode in loaded.iterate_episodes():
        options = loaded.storage.get_episode_metadata([episode.id])
        meta = next(iter(options))
        game, seat = meta["options"]["game_index"], meta["options"]["seat"]
        mine = _rows_of(rows, game, seat)
        observations = [*(rows["observation"][i] for i in mine),
                        rows["final_observation"][mine[-1]]]
        assert np.array_equal(episode.observations, np.asarray(observations, np.float32))
        assert episode.actions.tolist() == [rows["action_id"][i] for i in mine]
        assert episode.rewards.tolist() == pytest.approx([rows["reward"][i] for i in mine])
        assert episode.terminations.tolist() == [rows["terminated"][i] for i in mine]
        assert episode.truncations.tolist() == [False] * len(mine)
        masks = episode.infos["action_mask"]
        assert masks[:-1].tolist() == [rows["action_mask"][i] for i in mine]
        assert not masks[-1].any()
        assert meta["seed"] == rows["game_seed"][mine[0]]


@pytest.mark.parametrize(("name", "fault"), [("no version", "a Minari dataset id is"),
                                             ("bohnen/ndb/taken-v0", "has a dataset of")])
def test_a_bad_or_taken_name_is_refused_before_the_games_are_played(
        tmp_path: Path, name: str, fault: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["dataset", "ndb", "--bots", "random,random,random", "--games", "1"]
    assert main([*args, "--out", str(tmp_path / "a"), "--minari", "bohnen/ndb/taken-v0"]) == 0
    capsys.readouterr()
    assert main([*args, "--out", str(tmp_path / "b"), "--minari", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bohnen: error:") and fault in err and err.count("\n") == 1
    assert not (tmp_path / "b").exists()


def test_without_minari_the_export_says_which_extra_it_needs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "minari", None)  # as an install without it
    assert main(["dataset", "ndb", "--bots", "random,random,random", "--games", "1",
                 "--out", str(tmp_path / "d"), "--minari", "bohnen/ndb/x-v0"]) == 2
    err = capsys.readouterr().err
    assert "--minari needs the rl extra (minari is missing)" in err and err.count("\n") == 1
