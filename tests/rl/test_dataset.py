"""``bohnen dataset`` (issue 25, part 6; issue 37, item 2): Parquet rows of bots'
decisions, seeded, many games to a file in one row group, versioned, resumable, on Ray
as tournaments are. The columns for offline RL: tests/rl/test_dataset_rows.py."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from bohnen.cli.main import main
from bohnen.core.registry import get_game
from bohnen.rl import dataset
from bohnen.rl.dataset import DatasetSpec
from bohnen.rl.rewards import final_rewards
from bohnen.sim.ray_backend import connect, import_ray

SPEC = DatasetSpec("ndb", 3, ("heuristic", "random", "heuristic"), 3, 11, games_per_file=2)


def _made(out: Path, spec: DatasetSpec = SPEC, resume: bool = False) -> pa.Table:
    todo = dataset.prepare(out, spec, resume)
    dataset.make_local(spec, out, todo, 1, lambda _: None)
    return dataset.read(out)


def test_the_same_seed_gives_the_same_dataset(tmp_path: Path) -> None:
    assert _made(tmp_path / "a").equals(_made(tmp_path / "b"))
    other = DatasetSpec("ndb", 3, SPEC.bots, 3, 12, games_per_file=2)
    assert not _made(tmp_path / "a2", SPEC).equals(_made(tmp_path / "c", other))


def test_a_file_holds_many_games_in_one_row_group(tmp_path: Path) -> None:
    spec = DatasetSpec("ndb", 3, SPEC.bots, 5, 11, games_per_file=3)
    whole = _made(tmp_path / "d", spec)
    files = sorted((tmp_path / "d").glob("*.parquet"))
    assert [f.name for f in files] == ["part-000000.parquet", "part-000001.parquet"]
    held = []
    for file in files:
        meta = pq.ParquetFile(file).metadata
        assert meta.num_row_groups == 1
        held.append(sorted(set(pq.read_table(file).column("game_index").to_pylist())))
    assert held == [[0, 1, 2], [3, 4]]
    one_per_file = DatasetSpec("ndb", 3, SPEC.bots, 5, 11, games_per_file=1)
    assert _made(tmp_path / "one", one_per_file).equals(whole)  # the same games


def test_the_files_say_their_schema_version_and_another_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "d"
    _made(out)
    path = out / "part-000000.parquet"
    assert dataset.file_metadata(path)["schema_version"] == dataset.SCHEMA_VERSION
    table = pq.read_table(path)
    meta = dict(table.schema.metadata)
    meta[b"bohnen_schema_version"] = b"99"
    pq.write_table(table.replace_schema_metadata(meta), path)
    with pytest.raises(ValueError, match=r"schema version 99; this bohnen reads version 2"):
        dataset.read(out)
    (out / "part-000001.parquet").unlink()
    pq.write_table(table.replace_schema_metadata({}), path)  # a file of no version: 1
    with pytest.raises(ValueError, match=r"schema version 1; this bohnen reads"):
        dataset.read(out)


def test_a_folder_of_the_first_schema_is_not_resumed(tmp_path: Path) -> None:
    out = tmp_path / "d"
    out.mkdir()
    old = {"game": "ndb", "players": 3, "bots": list(SPEC.bots), "games": 3, "seed": 11}
    (out / dataset.SPEC_FILE).write_text(json.dumps(old))
    with pytest.raises(ValueError, match="schema version 1; this bohnen writes version 2"):
        dataset.prepare(out, SPEC, resume=True)


def test_each_row_is_a_legal_id_and_the_rows_replay_the_game(tmp_path: Path) -> None:
    table = _made(tmp_path).to_pydict()
    game = get_game("ndb")
    for seed in sorted(set(table["game_seed"])):
        rows = [i for i, s in enumerate(table["game_seed"]) if s == seed]
        state = game.new_game(game.options(3), seed)
        for i in rows:
            assert table["action_id"][i] >= 0  # every action of this game fits one id
            assert table["action_mask"][i][table["action_id"][i]] == 1
            assert table["action"][i].startswith(f"{table['seat'][i]}: ")
            assert len(table["observation"][i]) == len(np.asarray(table["observation"][0]))
            state.apply(game.parse_action(table["action"][i]))
        assert state.is_over
        result = state.result()
        assert table["scores"][rows[0]] == list(result.scores)
        assert table["returns"][rows[0]] == pytest.approx(final_rewards(result, 3, "win"))
        assert [table["return"][i] for i in rows] == pytest.approx(
            [final_rewards(result, 3, "win")[table["seat"][i]] for i in rows])


def test_a_dataset_cut_short_goes_on_where_it_stopped(tmp_path: Path) -> None:
    whole = _made(tmp_path / "whole")
    cut = tmp_path / "cut"
    _made(cut)
    (cut / "part-000001.parquet").unlink()
    (cut / "part-000000.parquet").rename(cut / "part-000000.parquet.part")  # a torn write
    assert dataset.prepare(cut, SPEC, resume=True) == [0, 1]
    assert not list(cut.glob("*.part"))
    _made(cut, resume=True)
    (cut / "part-000001.parquet").unlink()
    assert dataset.prepare(cut, SPEC, resume=True) == [1]
    assert _made(cut, resume=True).equals(whole)


def test_a_folder_of_another_dataset_is_refused(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    _made(tmp_path)
    args = ["dataset", "ndb", "--bots", "random,random,random", "--games", "3",
            "--games-per-file", "2", "--out", str(tmp_path)]
    assert main(args) == 2
    assert "holds a dataset already" in capsys.readouterr().err
    assert main([*args, "--resume"]) == 2
    err = capsys.readouterr().err
    assert "another dataset" in err and err.count("\n") == 1


@pytest.mark.parametrize("bots, fault", [("random,nobot,random", "nobot"),
                                         ("random,random", "ndb is played by 3 to 6"),
                                         ("random,,random", "empty bot spec")])
def test_bad_bots_are_refused_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           bots: str, fault: str) -> None:
    assert main(["dataset", "ndb", "--bots", bots, "--out", str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bohnen: error:") and fault in err and err.count("\n") == 1


def test_the_command_writes_the_dataset_and_says_so(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "d"
    assert main(["dataset", "ndb", "--bots", ",".join(SPEC.bots), "--games", "3",
                 "--seed", "11", "--out", str(out), "--workers", "2",
                 "--games-per-file", "2"]) == 0
    assert "3 games of ndb" in capsys.readouterr().out
    assert dataset.read(out).equals(_made(tmp_path / "here"))


def test_ray_plays_the_same_dataset(tmp_path: Path) -> None:
    ray = import_ray()  # the ray extra, installed by the README's test command

    out = tmp_path / "ray"
    todo = dataset.prepare(out, SPEC, False)
    started = connect(ray, None)
    try:
        dataset.make_on_ray(SPEC, out, todo, ray, lambda _: None)
    finally:
        if started:
            ray.shutdown()
    assert dataset.read(out).equals(_made(tmp_path / "local"))


def test_a_bohnanza_dataset_of_heuristic_bots_writes_every_trade(tmp_path: Path) -> None:
    """Issue 37, item 1: every proposal and counter was written with ``action_id = -1``
    (25.8 % of the decisions); the ids now come from the action's structure."""
    out = tmp_path / "b"
    assert main(["dataset", "bohnanza", "--bots", ",".join(["heuristic"] * 4), "--games",
                 "2", "--seed", "5", "--out", str(out)]) == 0
    table = dataset.read(out).to_pydict()
    assert -1 not in table["action_id"]
    verbs = {text.split()[1] for text in table["action"]}
    assert {"propose", "counter", "accept"} <= verbs
    for i, action_id in enumerate(table["action_id"]):
        assert table["action_mask"][i][action_id] == 1
