"""The wheel carries the browser client: a wheel built from the source tree holds the
page, the client's modules and styles, each game's page, and the vendored libraries with
their licences (``pip install .`` then ``bohnen serve`` needs nothing else)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "bohnen" / "server" / "static"
BUILD_SECONDS = 600


def _build_wheel(tmp_path: Path) -> Path:
    """A wheel built from a copy of the sources (so the work tree gets no build/)."""
    src = tmp_path / "src"
    src.mkdir()
    # the build's files too: pyproject.toml's in-tree backend (_build) and setup.py
    for name in ("pyproject.toml", "README.md", "setup.py", "MANIFEST.in"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "_build", src / "_build",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "bohnen", src / "bohnen",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    out = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q",
                    "--disable-pip-version-check", "-w", str(out)],
                   check=True, timeout=BUILD_SECONDS, stdin=subprocess.DEVNULL)
    (wheel,) = out.glob("bohnen-*.whl")
    return wheel


def test_the_wheel_carries_the_browser_client(tmp_path: Path) -> None:
    with zipfile.ZipFile(_build_wheel(tmp_path)) as wheel:
        names = set(wheel.namelist())
    static = "bohnen/server/static/"
    expected = {static + name for name in (
        "index.html", "app.js", "lobby.js", "table.js", "replay.js", "style.css",
        "games/bohnanza.js",
        "vendor/README.md",
        "vendor/preact/preact.module.js", "vendor/preact/hooks.module.js",
        "vendor/preact/LICENSE",
        "vendor/htm/htm.module.js", "vendor/htm/LICENSE",
    )}
    assert expected <= names, f"missing from the wheel: {sorted(expected - names)}"
    # every file of the client in the source tree is in the wheel, none left behind
    in_tree = {static + p.relative_to(STATIC).as_posix()
               for p in STATIC.rglob("*") if p.is_file()}
    assert in_tree <= names, f"missing from the wheel: {sorted(in_tree - names)}"
