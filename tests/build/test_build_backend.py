"""The build backend (_build/bohnen_build.py): pure unless ``BOHNEN_MYPYC=1`` asks, never
compiled for an editable install, the one list of compiled modules kept honest, and the
fall-back to pure Python, said, where mypyc or a C compiler is missing."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

import bohnen_build
from bohnen_build import BuildError, compiled_build, compiled_modules, only, wanted

ROOT = Path(__file__).resolve().parents[2]
WHEEL = ["setup.py", "bdist_wheel"]
ASKED = {"BOHNEN_MYPYC": "1"}


def test_the_pure_build_is_the_default_and_1_asks_for_the_compiled_one() -> None:
    assert not wanted({}) and not wanted({"BOHNEN_MYPYC": "0"})
    assert not wanted({"BOHNEN_MYPYC": ""})
    assert wanted(ASKED)


@pytest.mark.parametrize("value", ["yes", "true", "2", " 1"])
def test_another_value_of_bohnen_mypyc_stops_the_build(value: str) -> None:
    with pytest.raises(BuildError, match=r"BOHNEN_MYPYC is 1 .* or 0 .*, not"):
        wanted({"BOHNEN_MYPYC": value})


def test_mypy_and_numpy_are_build_requirements_only_when_compiling(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bohnen_build.setuptools_backend, "get_requires_for_build_wheel",
                        lambda config_settings=None: ["wheel-needs"])
    monkeypatch.delenv("BOHNEN_MYPYC", raising=False)
    assert bohnen_build.get_requires_for_build_wheel() == ["wheel-needs"]
    monkeypatch.setenv("BOHNEN_MYPYC", "1")
    assert bohnen_build.get_requires_for_build_wheel() == ["wheel-needs", bohnen_build.MYPY,
                                                           "numpy>=2.4", "cython>=3.1"]


def test_an_editable_build_is_pure_whatever_the_environment_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def record(*args: Any, **kwargs: Any) -> str:
        seen.append(os.environ["BOHNEN_MYPYC"])
        return "bohnen-0.1.0-py3-none-any.whl"

    for hook in ("build_editable", "get_requires_for_build_editable",
                 "prepare_metadata_for_build_editable"):
        monkeypatch.setattr(bohnen_build.setuptools_backend, hook, record)
    monkeypatch.setenv("BOHNEN_MYPYC", "1")
    bohnen_build.build_editable("dist")
    bohnen_build.get_requires_for_build_editable()
    bohnen_build.prepare_metadata_for_build_editable("meta")
    assert seen == ["0", "0", "0"]
    assert os.environ["BOHNEN_MYPYC"] == "1"  # as it was, after each hook
    assert compiled_build(ASKED, ["setup.py", "editable_wheel"]) == ([], {})
    assert compiled_build(ASKED, ["setup.py", "develop"]) == ([], {})


@pytest.mark.parametrize("command", ["egg_info", "dist_info", "sdist"])
def test_a_command_that_builds_no_extension_compiles_nothing(command: str) -> None:
    assert compiled_build(ASKED, ["setup.py", command]) == ([], {})


def test_the_list_holds_the_engines_less_what_it_leaves_out() -> None:
    modules = compiled_modules()
    table = bohnen_build.compiled_table()
    assert "bohnen/__init__.py" not in modules
    for package in ("core", "ndb", "bohnanza", "hansa"):
        assert f"bohnen/{package}/__init__.py" in modules
    assert "bohnen/core/rng.py" in modules and "bohnen/ndb/rules.py" in modules
    for name, why in table["left-out"].items():
        assert isinstance(why, str) and len(why) > 10, f"{name}: left out without a reason"
        stem = name.replace(".", "/")
        assert not any(m == f"{stem}.py" or m.startswith(f"{stem}/") for m in modules)
    assert all((ROOT / m).is_file() for m in modules)
    assert len(modules) == len(set(modules))


def _pyproject(tmp_path: Path, table: str) -> Path:
    (tmp_path / "pyproject.toml").write_text(f"[tool.bohnen.compiled]\n{table}\n")
    shutil.copytree(ROOT / "bohnen" / "core", tmp_path / "bohnen" / "core",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "bohnen" / "__init__.py").write_text("")
    return tmp_path


@pytest.mark.parametrize(("table", "complaint"), [
    ('modules = ["bohnen.core.nothing"]', "names bohnen.core.nothing, which is no module"),
    ('modules = ["bohnen.core.rng"]\n[tool.bohnen.compiled.left-out]\n'
     '"bohnen.core.errors" = "why"', "leaves out what it does not list"),
    ('modules = ["bohnen"]', "never compiled"),
])
def test_a_stale_list_stops_the_build(tmp_path: Path, table: str, complaint: str) -> None:
    with pytest.raises(BuildError, match=complaint):
        compiled_modules(_pyproject(tmp_path, table))


def test_each_native_module_has_its_pyx_and_its_pure_module(tmp_path: Path) -> None:
    # the native modules are built from their .pyx; the pure build imports the .py
    native = bohnen_build.native_modules()
    assert native == ["bohnen/rl/arrays.pyx", "bohnen/rl/ndb_native.pyx"]
    assert not set(native) & set(compiled_modules())  # never compiled by mypyc too
    root = _pyproject(tmp_path, 'modules = ["bohnen.core.rng"]\n'
                                'native = ["bohnen.core.rng"]')
    with pytest.raises(BuildError, match=r"needs both bohnen/core/rng\.pyx and its pure \.py"):
        bohnen_build.native_modules(root)


def test_without_cython_the_native_modules_are_left_out_saying_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "Cython.Build", None)  # import fails: ImportError
    assert bohnen_build.native_extensions() == []
    said = capsys.readouterr().err
    assert "Cython or NumPy cannot be imported" in said and "pure modules run" in said


def test_bohnen_mypyc_only_compiles_a_part_of_the_list() -> None:
    modules = compiled_modules()
    assert only(modules, {}) == modules
    assert only(modules, {"BOHNEN_MYPYC_ONLY": "bohnen.core.rng"}) == ["bohnen/core/rng.py"]
    part = only(modules, {"BOHNEN_MYPYC_ONLY": "bohnen.core.errors, bohnen.ndb"})
    assert part[0] == "bohnen/core/errors.py"
    assert "bohnen/ndb/__init__.py" in part and "bohnen/ndb/rules.py" in part
    assert not any(m.startswith("bohnen/bohnanza") for m in part)
    with pytest.raises(BuildError, match="does not hold"):
        only(modules, {"BOHNEN_MYPYC_ONLY": "bohnen.core.protocol"})  # left out


needs_cc = pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None,
                              reason="no C compiler on this machine")


@needs_cc
def test_the_compiler_probe_passes_here_and_fails_with_a_compiler_that_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert bohnen_build.compiler_problem(tmp_path) is None
    monkeypatch.setenv("CC", "/bin/false")
    problem = bohnen_build.compiler_problem(tmp_path)
    assert problem is not None and "cannot build an extension" in problem


def test_without_mypyc_a_compiled_build_goes_on_pure_saying_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # import fails: ImportError
    assert compiled_build(ASKED, WHEEL) == ([], {})
    said = capsys.readouterr().err
    assert "BOHNEN_MYPYC=1 but mypyc cannot be imported" in said
    assert "building pure Python" in said


def test_without_a_working_compiler_a_compiled_build_goes_on_pure_saying_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("mypyc.build", reason="mypyc is not installed here")
    monkeypatch.setenv("CC", "/bin/false")
    assert compiled_build(ASKED, WHEEL) == ([], {})
    said = capsys.readouterr().err
    assert "the C compiler cannot build an extension here" in said
    assert "building pure Python" in said
