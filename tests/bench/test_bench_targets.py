"""``bench/targets.py``, the tool that measures issue 38's targets, kept from rotting:
its pieces run on tiny workloads against ``HEAD`` itself (nothing compiled), a side
that cannot run a workload reads "n/a" with the reason, the build's module list is
read where the build keeps it, and callgrind's count covers the work alone. No test
reads a timing."""

from __future__ import annotations

import gc
import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def bench() -> Iterator[dict[str, ModuleType]]:
    """The bench modules, imported as the scripts import each other (by bare name)."""
    sys.path.insert(0, str(BENCH))
    try:
        yield {name: importlib.import_module(name)
               for name in ("targets", "targets_table", "sides", "trees", "instructions")}
    finally:
        sys.path.remove(str(BENCH))


def test_a_quick_run_against_head_measures_every_side_side_by_side(
        bench: dict[str, ModuleType], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, compiled = tmp_path / "figures.json", tmp_path / "compiled"
    bench["trees"].export("HEAD", compiled, ("bohnen",))  # stands in for a compiled tree
    bench["targets"].main(["HEAD", "--quick", "--only", "ndb,aec-ndb", "--compiled",
                           str(compiled), "--json", str(out)])
    table = capsys.readouterr().out
    row = next(line for line in table.splitlines()
               if line.startswith("| Nicht die Bohne! games/s"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    assert cells[1] == "2,700" and "n/a" not in row  # the target, every side measured
    assert cells[5].startswith("×") and cells[6].startswith("×") and cells[7] == "≥ ×2"
    assert "loaded compiled: old 0, pure 0, compiled 0." in table
    assert "garbage collector" not in table  # timed only when asked
    figures = json.loads(out.read_text())
    for side in ("old", "pure", "compiled"):
        runs = figures["runs"]["ndb"][side]
        assert [run["units"] for run in runs] == [40]  # the quick size, one round
        assert figures["runs"]["aec-ndb"][side][0]["units"] == 1000
    codes = {side: Path(figures["runs"]["ndb"][side][0]["code"]) for side in figures["runs"]["ndb"]}
    assert codes == {"old": codes["old"], "pure": BENCH.parent, "compiled": compiled}
    assert codes["old"].name == "old"  # HEAD exported, not this tree


def test_the_collectors_part_is_timed_when_asked_and_shown_beside_the_figures(
        bench: dict[str, ModuleType], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "figures.json"
    bench["targets"].main(["HEAD", "--quick", "--only", "aec-ndb", "--builds", "pure",
                           "--collector", "--json", str(out)])
    table = capsys.readouterr().out
    assert "The garbage collector's share of the work's CPU time" in table
    row = table.splitlines()[-1]
    assert row.startswith("| AEC steps/s, Nicht die Bohne! | ") and "per 1,000 |" in row
    run = json.loads(out.read_text())["runs"]["aec-ndb"]["pure"][0]
    assert run["units"] == 1000 and run["collections_g0"] >= 1  # 1,000 steps collect
    collector = sum(run[f"collector_seconds_g{g}"] for g in range(3))
    assert 0 < collector <= run["cpu_seconds"]
    shown = bench["targets_table"].Collected((0.05, 0.02, 0.012), 3.5)
    assert str(shown) == "8.2% (5.0% / 2.0% / 1.2%); 3.5 per 1,000"


def test_the_collector_hook_counts_each_generations_collections(
        bench: dict[str, ModuleType]) -> None:
    workloads = importlib.import_module("workloads")  # on the path the fixture gives
    hook = workloads.Collector()
    gc.callbacks.append(hook)
    try:
        gc.collect(0)
        gc.collect(2)
    finally:
        gc.callbacks.remove(hook)
    assert hook.collections[0] >= 1 and hook.collections[2] >= 1
    figures = hook.figures()
    assert figures["collections_g2"] >= 1 and figures["collector_seconds_g2"] >= 0
    assert sorted(figures) == sorted([f"collector_seconds_g{g}" for g in range(3)]
                                     + [f"collections_g{g}" for g in range(3)])


def test_a_workload_the_old_code_cannot_run_reads_na_with_its_reason(
        bench: dict[str, ModuleType], tmp_path: Path) -> None:
    targets = bench["targets"]
    bench["trees"].export("HEAD", tmp_path, ("bohnen",))
    (tmp_path / "bohnen" / "rl" / "openspiel.py").unlink()  # an old commit without it
    side = bench["sides"].Side("old", tmp_path, bench["sides"].environment(pure=True))
    reason = targets.run_worker(side, "openspiel-ndb", 1, 120)
    assert reason == "no OpenSpiel games here (bohnen.rl.openspiel)"
    (tmp_path / "bohnen" / "ndb" / "rules.py").write_text("raise RuntimeError('broken')\n")
    assert targets.run_worker(side, "ndb", 1, 120) == "failed: RuntimeError: broken"


def test_the_table_explains_each_na_once_and_judges_the_targets(
        bench: dict[str, ModuleType]) -> None:
    table = bench["targets_table"]
    results = table.Results()
    results.runs["ndb"] = {"old": [{"units": 100, "cpu_seconds": 0.1}],
                           "pure": [{"units": 100, "cpu_seconds": 0.05},
                                    {"units": 100, "cpu_seconds": 0.04}]}  # best: 2,500
    results.missing["ndb"] = {"compiled": "mypyc failed"}
    results.missing["hansa"] = {"old": "no such game", "pure": "no such game",
                                "compiled": "mypyc failed"}
    figures = [f for f in bench["targets"].FIGURES if f.workload in ("ndb", "hansa")]
    heading = table.Heading("a6339fc", "abc1234", "a machine", 1.0, 3, False, "")
    text = table.render(heading, figures, ["old", "pure", "compiled"], results)
    ndb = next(line for line in text.splitlines() if line.startswith("| Nicht"))
    assert "| 1,000 | 2,500 | n/a [1] | ×2.50 |" in ndb
    assert ndb.endswith("| ✗ / — |")  # ×2.5 but under 2,700 a second
    assert "[1] compiled: mypyc failed" in text and "[2] old: no such game" in text
    assert text.count("mypyc failed") == 1  # one note, however many cells
    assert table.met(figures[0], 3000.0, 1000.0) == "✓"
    assert table.met(figures[0], 3000.0, None) == "?"  # no old figure: ratio unknown


def test_the_module_list_is_read_where_the_build_keeps_it(
        bench: dict[str, ModuleType], tmp_path: Path) -> None:
    trees = bench["trees"]
    assert trees.compiled_modules(tmp_path) is None and not trees.has_build(tmp_path)
    (tmp_path / "bohnen" / "ndb").mkdir(parents=True)
    for name in ("__init__", "rules", "game"):
        (tmp_path / "bohnen" / "ndb" / f"{name}.py").write_text("")
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\nMYPYC_MODULES = ['bohnen/ndb/rules.py']\nsetup()\n")
    assert trees.compiled_modules(tmp_path) == ["bohnen/ndb/rules.py"]
    (tmp_path / "pyproject.toml").write_text(
        '[tool.bohnen.compiled]\nmodules = ["bohnen.ndb"]\n'
        '[tool.bohnen.compiled.left-out]\n"bohnen.ndb.game" = "subclassed"\n')
    assert trees.compiled_modules(tmp_path) == ["bohnen/ndb/__init__.py", "bohnen/ndb/rules.py"]
    backend = tmp_path / "_build" / "bohnen_build.py"
    backend.parent.mkdir()
    backend.write_text("def compiled_modules(root):\n    raise SystemExit('a stale list')\n")
    assert trees.has_build(tmp_path)  # the compiled side builds the project's wheel
    assert trees.compiled_modules(tmp_path) == [  # the build cannot say: pyproject's list
        "bohnen/ndb/__init__.py", "bohnen/ndb/rules.py"]
    backend.write_text("def compiled_modules(root):\n    return ['bohnen/ndb/rules.py']\n")
    assert trees.compiled_modules(tmp_path) == ["bohnen/ndb/rules.py"]  # the build's own
    assert trees.as_path("bohnen.ndb", tmp_path) == "bohnen/ndb"
    assert trees.as_path("bohnen.ndb.rules", tmp_path) == "bohnen/ndb/rules.py"


def test_quick_mode_builds_nothing_and_says_so(bench: dict[str, ModuleType]) -> None:
    args = bench["targets"].parse(["--quick", "--modules", "bohnen/core/rng.py"])
    side = bench["sides"].compiled_side(args)
    if not side.unavailable:  # a build of this very list is cached: it is reused
        assert (side.tree / "BUILT").exists()
    else:
        assert side.unavailable.startswith("--quick builds nothing")
    assert args.rounds == 1 and args.count is False


def test_callgrinds_total_is_read_from_its_totals_line(bench: dict[str, ModuleType]) -> None:
    total = bench["instructions"].total
    assert total("events: Ir\nsummary: 0\ntotals: 18239806\n") == 18239806
    assert total("events: Ir\nsummary: 42\n") == 42


@pytest.mark.skipif(shutil.which("valgrind") is None or shutil.which("cc") is None,
                    reason="needs valgrind and a C compiler")
def test_callgrind_counts_the_work_alone(bench: dict[str, ModuleType]) -> None:
    got = bench["instructions"].count(BENCH.parent, "ismcts-ndb", 2, {}, timeout=300)
    assert got.units == 8  # two iterations at each of four positions
    # Python's start and the imports (about 500 million) are not counted
    assert 1_000_000 < got.instructions < 100_000_000


def test_compare_runs_the_working_trees_script_on_a_side_and_explains_its_na(
        bench: dict[str, ModuleType]) -> None:
    compare = importlib.import_module("compare")
    side = bench["sides"].Side("pure", BENCH.parent, bench["sides"].environment(pure=True))
    got = compare.run(side, ["ismcts_speed.py", "--positions", "1", "--iterations", "2",
                             "--games", "ndb"])
    assert got["ndb.positions"] == 1 and got["ndb.iterations_per_second"] > 0
    assert compare.run(side, ["ndb_speed.py", "--no-such-flag"]).startswith("failed: ")
    text = compare.table("a6339fc", ["old", "pure"], {"ismcts": {"pure": got}},
                         {"ismcts": {"old": "failed: no such flag"}})
    row = next(line for line in text.splitlines() if "ndb.iterations_per_second" in line)
    assert row.startswith("| ismcts | ndb.iterations_per_second | n/a [1] |")
    assert row.endswith("| — |") and "[1] old: failed: no such flag" in text


def test_a_cached_build_is_built_again_when_a_source_or_the_list_changes(
        bench: dict[str, ModuleType], tmp_path: Path) -> None:
    digest = bench["trees"].sources_digest
    (tmp_path / "bohnen" / "ndb").mkdir(parents=True)
    rules = tmp_path / "bohnen" / "ndb" / "rules.py"
    rules.write_text("X = 1\n")
    first = digest(["bohnen/ndb/rules.py"], tmp_path)
    assert digest(["bohnen/ndb/rules.py"], tmp_path) == first  # unchanged: reused
    assert digest(["bohnen/ndb"], tmp_path) != first  # another list
    rules.write_text("X = 2\n")
    edited = digest(["bohnen/ndb/rules.py"], tmp_path)
    assert edited != first
    (tmp_path / "bohnen" / "ndb" / "__pycache__").mkdir()
    (tmp_path / "bohnen" / "ndb" / "__pycache__" / "rules.pyc").write_bytes(b"x")
    assert digest(["bohnen/ndb/rules.py"], tmp_path) == edited  # caches do not count
    (tmp_path / "setup.py").write_text("MYPYC_MODULES = []\n")  # the build changed
    assert digest(["bohnen/ndb/rules.py"], tmp_path) != edited
