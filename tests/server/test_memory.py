"""The server process's long-lived objects set aside from the garbage collector
(:mod:`bohnen.server.memory`): ``bohnen serve`` settles once its app has started, a test's
app does not, and what is made later is collected as usual. Each check that freezes runs
in a process of its own, so that this one is left as it was."""

from __future__ import annotations

import gc
import socket
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bohnen.cli import serve
from bohnen.server.memory import YOUNG

DEFAULT_YOUNG = gc.get_threshold()[0]  # CPython's, as a process starts

PRELUDE = "import gc, sys\n"
# what the process then says: the objects frozen, the youngest generation's threshold,
# whether every game's module and its heuristic bot's are imported, and what a
# collection finds of a cycle made after
REPORT = """
from bohnen.core.registry import game_names, get_game
print(gc.get_freeze_count())
print(gc.get_threshold()[0])
print(all(get_game(name).__module__ in sys.modules for name in game_names()))
print(all(get_game(name).bots["heuristic"] in sys.modules for name in game_names()))
class Node:
    pass
a, b = Node(), Node()
a.other, b.other = b, a
del a, b
print(gc.collect())
"""


def _run(body: str, tmp_path: Path) -> list[str]:
    code = PRELUDE + textwrap.dedent(body) + REPORT
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_settle_imports_the_games_and_their_bots_and_freezes_what_is_alive(
        tmp_path: Path) -> None:
    frozen, young, games, bots, collected = _run(
        "from bohnen.server.memory import settle\nassert settle() == gc.get_freeze_count()",
        tmp_path)
    assert int(frozen) > 10_000  # the modules, classes and functions imported
    assert int(young) == YOUNG
    assert games == "True" and bots == "True"
    assert int(collected) >= 2  # the cycle made after is collected as usual


APP = """
import threading, time
import uvicorn
from bohnen.server.app import create_app
app = create_app({db!r}, "secret", settle={settle})
server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning"))
thread = threading.Thread(target=server.run, daemon=True)
thread.start()
deadline = time.monotonic() + 60
while not server.started:
    assert time.monotonic() < deadline, "the server did not start"
    time.sleep(0.02)
"""


@pytest.mark.parametrize("settle", [True, False])
def test_the_app_settles_once_started_only_when_asked(tmp_path: Path, settle: bool) -> None:
    frozen, young, *_ = _run(APP.format(db=str(tmp_path / "t.sqlite"), settle=settle),
                             tmp_path)
    if settle:
        assert int(frozen) > 10_000 and int(young) == YOUNG
    else:
        assert int(frozen) == 0 and int(young) == DEFAULT_YOUNG


def test_bohnen_serve_asks_its_app_to_settle(monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    made: list[dict[str, Any]] = []

    def create_app(db: object, **options: Any) -> str:
        made.append(options)
        return "app"

    monkeypatch.setattr(serve, "create_app", create_app)
    monkeypatch.setattr(serve, "run", lambda app, host, port, limits: None)
    serve.serve_command(port=serve_port(), db=str(tmp_path / "t.sqlite"))
    serve.serve_command(port=serve_port(), db=str(tmp_path / "t.sqlite"),
                        synchronous="full")
    settled = [{key: options[key] for key in ("settle", "synchronous")} for options in made]
    assert settled == [{"settle": True, "synchronous": None},  # the log's own default
                       {"settle": True, "synchronous": "full"}]


def serve_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port
