"""``bohnen serve`` (issue 24, "Start and set-up"): it starts the server, prints the
address to open, keeps its tables in the user's data folder by default (platformdirs),
and refuses a bad option or a taken port with one line."""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bohnen.cli.main import main


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _first_line(process: subprocess.Popen[str], seconds: float = 30) -> str:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    assert ready, "bohnen serve printed nothing"
    return process.stdout.readline()


def test_serve_prints_the_address_and_keeps_tables_in_the_data_folder(
        tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "bohnen.cli", "serve", "--port",
                                str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    try:
        line = _first_line(process)
        assert f"serving at http://127.0.0.1:{port}/" in line
        db = tmp_path / "data" / "bohnen" / "tables.sqlite"
        assert str(db) in line
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games",
                                            timeout=5) as answer:
                    games = json.loads(answer.read())
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert {g["game"] for g in games} == {"bohnanza", "ndb", "hansa"}
        assert db.is_file()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.mark.parametrize(("args", "words"), [
    (["--port", "70000"], "--port"),
    (["--db", "/no/such/folder/t.sqlite"], "no folder /no/such/folder"),
    (["--db", "."], "is a folder"),
    (["--db", "postgresql://nobody:secret@127.0.0.1:1/bohnen"], "127.0.0.1:1"),
    (["--db", "mysql://localhost/bohnen"], "not a database this server keeps its log in"),
    (["--synchronous", "off"], "--synchronous is normal or full, not 'off'"),
    (["--synchronous", "full", "--db", "postgresql://nobody:secret@127.0.0.1:1/bohnen"],
     "synchronous is a setting of an SQLite log"),
])
def test_serve_refuses_a_bad_option_with_one_line(
        args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bohnen: error:") and words in err and err.count("\n") == 1
    assert "secret" not in err  # a password is never shown


def test_serve_help_names_the_postgres_extra(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--help"]) == 0
    assert "bohnen[postgres]" in capsys.readouterr().out


def test_serve_refuses_a_port_in_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "t.sqlite")]) == 2
    err = capsys.readouterr().err
    assert f"127.0.0.1:{port} is in use" in err


@pytest.mark.parametrize(("bot", "words"), [
    ("x y", "--bot is NAME=SPEC"),
    ("heuristic=random", "--bot heuristic: the server offers a bot of that name already"),
    ("strong=policy:model=/no/such/model.zip", "--bot strong='policy:model=/no/such/"
     "model.zip' plays no game (bohnanza: bot policy: no model file"),
])
def test_serve_refuses_a_bad_operators_bot_with_one_line(
        bot: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", str(_free_port()), "--db", str(tmp_path / "t.sqlite"),
                 "--bot", bot]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bohnen: error:") and words in err and err.count("\n") == 1, err


def test_the_data_folder_is_made_for_its_owner_alone_and_tightened_if_open(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    from bohnen.cli.serve import default_db

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    old = os.umask(0o022)
    try:
        db = default_db()
        assert db == tmp_path / "data" / "bohnen" / "tables.sqlite"
        assert db.parent.stat().st_mode & 0o777 == 0o700
        assert caplog.records == []
        db.parent.chmod(0o755)  # as bohnen serve made it before
        default_db()
    finally:
        os.umask(old)
    assert db.parent.stat().st_mode & 0o777 == 0o700
    assert [r.getMessage() for r in caplog.records] == [
        f"{db.parent} was open to other users (mode 755): now 700 (it holds the tables' log)"]
