"""``BOHNEN_PURE``: 1 imports every ``bohnen`` module from its ``.py`` file, even where a
compiled extension lies beside it; 0 or unset leaves the import as it is; any other
value is refused at ``import bohnen``, naming the two. And :mod:`bohnen.core.build`
says which build runs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES, SourceFileLoader
from pathlib import Path

import pytest

import bohnen
import bohnen.core
from bohnen import SourceFinder, pure_requested
from bohnen.core.build import COMPILED, PURE, build_info, installed_compiled

ROOT = Path(__file__).resolve().parents[2]
# where the bohnen these tests import lives: the source tree, or an installed build
INSTALLED = Path(bohnen.__file__).resolve().parents[1]


def _python(code: str, cwd: Path, pure: str | None, path: Path = INSTALLED
            ) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter that imports bohnen from ``path`` (never the
    current folder: ``cwd`` is elsewhere), with ``BOHNEN_PURE`` as given."""
    env = {k: v for k, v in os.environ.items() if k != "BOHNEN_PURE"}
    env["PYTHONPATH"] = str(path)
    if pure is not None:
        env["BOHNEN_PURE"] = pure
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_the_accepted_values_of_bohnen_pure() -> None:
    assert pure_requested("1")
    assert not pure_requested("0") and not pure_requested("") and not pure_requested(None)
    for bad in ("yes", "true", "2", "1 "):
        with pytest.raises(ValueError, match=r"BOHNEN_PURE is 1 .* or 0 .*, not"):
            pure_requested(bad)


def test_a_bad_value_of_bohnen_pure_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    done = _python("import bohnen", tmp_path, pure="yes")
    assert done.returncode == 1
    assert done.stderr.strip() == ("bohnen: BOHNEN_PURE is 1 (import the pure-Python modules) "
                                   "or 0 (the compiled ones where installed), not 'yes'")


def test_the_source_finder_finds_modules_and_packages_as_their_py_files() -> None:
    finder = SourceFinder()
    module = finder.find_spec("bohnen.core.rng", bohnen.core.__path__)
    assert module is not None and module.origin is not None
    assert module.origin.endswith(os.path.join("core", "rng.py"))
    assert isinstance(module.loader, SourceFileLoader)
    package = finder.find_spec("bohnen.ndb", bohnen.__path__)
    assert package is not None and package.origin is not None
    assert package.origin.endswith(os.path.join("ndb", "__init__.py"))
    assert package.submodule_search_locations
    assert finder.find_spec("bohnen.core.nothing", bohnen.core.__path__) is None
    assert finder.find_spec("json", None) is None  # not bohnen's
    assert finder.find_spec("bohnenx.rng", bohnen.core.__path__) is None


def _package_with_an_extension(folder: Path) -> Path:
    """A copy of ``bohnen/__init__.py`` with one module, ``bohnen.beside``, as its
    ``.py`` file and, beside it, an extension (not a real one: importing it fails)."""
    package = folder / "bohnen"
    package.mkdir(parents=True)
    shutil.copy2(ROOT / "bohnen" / "__init__.py", package / "__init__.py")
    (package / "beside.py").write_text("WHERE = 'source'\n")
    (package / f"beside{EXTENSION_SUFFIXES[0]}").write_bytes(b"not an extension")
    return folder


def test_bohnen_pure_imports_the_py_file_where_an_extension_lies_beside_it(
        tmp_path: Path) -> None:
    tree = _package_with_an_extension(tmp_path / "tree")
    code = "import bohnen.beside; print(bohnen.beside.WHERE, bohnen.beside.__file__)"
    pure = _python(code, tmp_path, pure="1", path=tree)
    assert pure.returncode == 0, pure.stderr
    assert pure.stdout.startswith("source ") and pure.stdout.strip().endswith("beside.py")
    for unset in (None, "0"):
        compiled = _python(code, tmp_path, pure=unset, path=tree)  # the extension first
        assert compiled.returncode != 0 and "ImportError" in compiled.stderr


def test_a_source_tree_runs_pure_python() -> None:
    if installed_compiled():
        pytest.skip("a compiled build is installed: the source tree is not what runs")
    info = build_info()
    assert info.kind == PURE and info.installed == () and info.loaded == ()
    assert "build: pure Python" in info.describe()


_LOAD_ALL = """
from bohnen.core.registry import game_names, get_game
for name in game_names():
    get_game(name)
import bohnen.core.rng
from bohnen.core.build import build_info
info = build_info()
print(info.kind)
print(len(info.installed), len(info.loaded))
print(bohnen.core.rng.__file__)
"""


def test_the_switch_on_the_installed_compiled_build(tmp_path: Path) -> None:
    if not installed_compiled():
        pytest.skip("no compiled build installed (BOHNEN_MYPYC=1 pip wheel --no-deps . "
                    "and install the wheel; .ci/run does)")
    compiled = _python(_LOAD_ALL, tmp_path, pure=None)
    assert compiled.returncode == 0, compiled.stderr
    kind, counts, rng = compiled.stdout.splitlines()
    assert kind == COMPILED and int(counts.split()[1]) > 0
    assert rng.endswith(tuple(EXTENSION_SUFFIXES))
    pure = _python(_LOAD_ALL, tmp_path, pure="1")
    assert pure.returncode == 0, pure.stderr
    kind, counts, rng = pure.stdout.splitlines()
    assert kind == PURE and int(counts.split()[1]) == 0 and rng.endswith("rng.py")
    assert counts.split()[0] == compiled.stdout.splitlines()[1].split()[0]  # installed
