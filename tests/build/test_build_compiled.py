"""Where CI tests the compiled build (``BOHNEN_EXPECT_COMPILED=1``, .ci/run), the modules
the tests import are the installed compiled ones, not the source tree's: every module
of pyproject.toml's list is an extension, and ``bohnen`` is not the source tree's."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

import bohnen
from bohnen.core.build import COMPILED, build_info, is_compiled
from bohnen_build import compiled_modules, native_modules

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    os.environ.get("BOHNEN_EXPECT_COMPILED") != "1",
    reason="BOHNEN_EXPECT_COMPILED=1 is set only where a compiled build is installed "
           "(.ci/run)")


def _dotted(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_bohnen_is_the_installed_build_not_the_source_tree() -> None:
    assert Path(bohnen.__file__).resolve().parent != ROOT / "bohnen", (
        "the tests import the source tree: mind sys.path (PYTHONPATH, python -m pytest "
        "from the root)")


def test_every_listed_module_is_imported_compiled() -> None:
    names = [_dotted(m) for m in compiled_modules(ROOT)]
    names += [m.removesuffix(".pyx").replace("/", ".") for m in native_modules(ROOT)]
    for name in names:
        importlib.import_module(name)
    pure = [name for name in names if not is_compiled(name)]
    assert not pure, f"imported from their .py files: {', '.join(pure)}"
    info = build_info()
    assert info.kind == COMPILED and not info.pure_switch
    assert set(names) <= set(info.loaded) <= set(info.installed)
