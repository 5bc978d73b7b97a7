"""The build's tests import the in-tree build backend (_build/bohnen_build.py) as the
build itself does: from its folder, which pyproject.toml's ``backend-path`` names."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "_build") not in sys.path:
    sys.path.insert(0, str(ROOT / "_build"))
