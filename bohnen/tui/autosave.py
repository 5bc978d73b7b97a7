"""No lost games: ``bohnen play`` saves the game after every move to a file of the
user's data folder, and ``bohnen play --resume`` without a file goes on with the last
game so saved that has not ended.

The data folder is ``$BOHNEN_DATA`` if set (the tests point it to a temporary folder),
else the platform's folder for the user's data (``~/.local/share/bohnen`` on Linux).
An autosave is an ordinary save (the game record with the seats), one per game and
seed: ``autosave/GAME-SEED.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

from bohnen.tui.session import Session

DATA_VARIABLE = "BOHNEN_DATA"
FOLDER = "autosave"


def data_dir() -> Path:
    """The user's data folder of bohnen (not made here)."""
    given = os.environ.get(DATA_VARIABLE)
    if given:
        return Path(given)
    return Path(platformdirs.user_data_dir("bohnen", appauthor=False))


def autosave_path(session: Session) -> Path:
    """Where ``session`` is saved after every move."""
    return data_dir() / FOLDER / f"{session.game.name}-{session.seed}.json"


def ended(path: Path) -> bool:
    """Whether the save at ``path`` is of a game that ended (or cannot be read at all:
    it is not offered either)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True
    return not isinstance(data, dict) or data.get("result") is not None


def last_autosave() -> Path | None:
    """The autosave written last of a game that has not ended; None if there is none."""
    folder = data_dir() / FOLDER
    try:
        saves = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return None
    saves.sort(key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)
    return next((p for p in saves if not ended(p)), None)


def autosave(session: Session, path: Path) -> str | None:
    """Save ``session`` to ``path`` (its folder made if need be); None, or why it failed."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot save the game automatically to {path}: {exc.strerror or exc}"
    outcome = session.save(path)
    return None if outcome.ok else outcome.message
