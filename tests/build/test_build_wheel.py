"""A wheel built with ``BOHNEN_MYPYC=1`` where the C compiler fails (``CC=/bin/false``)
is built all the same, pure Python, and the build says so; the source tree is left as
it was (the build runs on a copy of it here)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "_build", "bohnen")


def _copy_of_the_sources(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.so", "*.pyd"))
        else:
            shutil.copy2(source, folder / name)
    return folder


def _builds_wheels_here() -> bool:
    """Whether this environment's setuptools builds wheels as pyproject.toml asks
    (68 or later, with a bdist_wheel command: its own from 70.1, or the wheel package's);
    where not, pip builds in an environment of its own (which needs an index)."""
    try:
        major = int(version("setuptools").split(".")[0])
    except PackageNotFoundError:
        return False
    bdist_wheel = (find_spec("setuptools.command.bdist_wheel") is not None
                   or find_spec("wheel") is not None)
    return major >= 68 and bdist_wheel


@pytest.mark.skipif(not Path("/bin/false").exists(), reason="no /bin/false here")
def test_a_compiled_build_without_a_working_compiler_builds_a_pure_wheel(
        tmp_path: Path) -> None:
    sources = _copy_of_the_sources(tmp_path / "src")
    env = {**os.environ, "BOHNEN_MYPYC": "1", "CC": "/bin/false"}
    isolation = ["--no-build-isolation", "--no-index"] if _builds_wheels_here() else []
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", *isolation, "--no-deps", "-v",
         "-w", str(tmp_path / "dist"), str(sources)],
        env=env, capture_output=True, text=True, timeout=600, check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said[-3000:]
    assert "the C compiler cannot build an extension here" in said
    assert "building pure Python" in said
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "bohnen/core/rng.py" in names and "bohnen/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
