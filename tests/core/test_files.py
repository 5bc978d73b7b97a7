"""Files read with limits (regular files only, a size limit, bounded nesting) and files
written atomically (the old file survives a failed or killed write)."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bohnen.core import files
from bohnen.core.files import FileFault, capped, excerpt, load_json, read_json, write_atomic


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text('{"a": [1, 2]}', encoding="utf-8")
    assert read_json(path, "record") == {"a": [1, 2]}


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    result: list[BaseException] = []

    def read() -> None:
        try:
            files.read_text(fifo, "record")
        except BaseException as exc:
            result.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=5)
    assert not reader.is_alive(), "reading a FIFO hung"
    assert isinstance(result[0], FileFault)
    assert "not a regular file" in str(result[0])


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(FileFault, match="not a regular file"):
        files.read_text(device, "board")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileFault, match="not a regular file"):
        files.read_text(tmp_path, "record")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(FileFault, match=r"cannot read record .*nothing\.json"):
        files.read_text(tmp_path / "nothing.json", "record")


def test_a_file_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 1001)
    with pytest.raises(FileFault, match="too large"):
        files.read_text(path, "record", limit=1000)
    assert files.read_text(path, "record", limit=1001) == " " * 1001


def test_a_binary_file_is_not_text(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FileFault, match="not a UTF-8 text file"):
        files.read_text(path, "record")


def test_deeply_nested_json_is_refused_without_recursion_error() -> None:
    with pytest.raises(FileFault, match="nested too deeply"):
        load_json("[" * 100_000, "d.json")
    with pytest.raises(FileFault, match="nested too deeply"):
        load_json("[" * 200 + "]" * 200, "d.json")  # valid JSON, but deeper than any file
    assert load_json("[" * 10 + "]" * 10, "d.json") == [[[[[[[[[[]]]]]]]]]]


def test_bad_json_names_line_and_column() -> None:
    with pytest.raises(FileFault, match=r"d.json is not valid JSON: .*line 2, column 1"):
        load_json('{"a": 1,\n}', "d.json")


def test_a_huge_integer_is_refused_as_bad_json() -> None:
    with pytest.raises(FileFault, match="not valid JSON"):
        load_json("1" * 10_000, "d.json")


def test_excerpt_is_short() -> None:
    long = "x" * 50_000_000
    shown = excerpt(long)
    assert len(shown) < 100
    assert "50,000,000 characters" in shown
    assert excerpt("bohnanza") == "'bohnanza'"
    assert len(excerpt(list(range(100_000)))) < 100


def test_capped_lists_the_first_and_counts_the_rest() -> None:
    errors = [f"e{i}" for i in range(315_008)]
    text = capped(errors)
    assert text.startswith("e0; e1;")
    assert text.endswith("… and 314,998 more")
    assert capped(["a", "b"]) == "a; b"


def test_write_atomic_replaces_the_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old\n")
    write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_write_atomic_keeps_the_permissions_of_the_file_replaced(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    write_atomic(path, "new")
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_full_disk_leaves_the_previous_file_whole(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"valid": true}\n', encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, json.dumps({"x": "y" * 4096}))
    assert json.loads(path.read_text(encoding="utf-8")) == {"valid": True}
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


KILLED_WHILE_WRITING = """
import os, signal, sys
from bohnen.core import files

def die(fd):  # the process is killed after the new text is written, before the rename
    os.kill(os.getpid(), signal.SIGKILL)

files.os.fsync = die
files.write_atomic(sys.argv[1], "broken" * 100_000)
"""


def test_a_process_killed_while_writing_leaves_the_previous_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"valid": true}\n', encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", KILLED_WHILE_WRITING, str(path)],
                          timeout=60, check=False)
    assert done.returncode == -9
    assert json.loads(path.read_text(encoding="utf-8")) == {"valid": True}


def test_the_next_save_removes_what_a_killed_save_left_behind(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"valid": true}\n', encoding="utf-8")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", KILLED_WHILE_WRITING, str(path)],
                              timeout=60, check=False)
        assert done.returncode == -9
    leftovers = sorted(p.name for p in tmp_path.glob(".save.json.*.tmp"))
    assert len(leftovers) == 1, leftovers  # the second save removed the first's
    write_atomic(path, "new\n")
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]
    assert path.read_text(encoding="utf-8") == "new\n"


def test_a_save_never_removes_the_temporary_file_of_a_live_writer(tmp_path: Path) -> None:
    """A temporary file of another live process (here: a child that sleeps, and this
    process itself) is kept; one of a dead process is removed; files of other names, and
    temporary files that name no writer, are not touched."""
    path = tmp_path / "save.json"
    host = files._host()
    sleeper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                               stdin=subprocess.PIPE)
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(timeout=60)
    try:
        kept = [f".save.json.{sleeper.pid}@{host}.abcd1234.tmp",
                f".save.json.{os.getpid()}@{host}.efgh5678.tmp",
                f".save.json.{gone.pid}@another-host.ijkl9012.tmp",  # not this machine's
                f".other.json.{gone.pid}@{host}.mnop3456.tmp",  # another file's
                ".save.json.qrst7890.tmp"]  # written before writers were named
        removed = f".save.json.{gone.pid}@{host}.uvwx1234.tmp"
        for name in [*kept, removed]:
            (tmp_path / name).write_text("partial", encoding="utf-8")
        write_atomic(path, "new\n")
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, "save.json"])
    finally:
        assert sleeper.stdin is not None
        sleeper.stdin.close()
        sleeper.wait(timeout=60)


def test_a_temporary_file_names_its_writer(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def look(fd: int) -> None:
        seen.extend(p.name for p in tmp_path.glob(".save.json.*.tmp"))

    monkeypatch.setattr(os, "fsync", look)
    write_atomic(tmp_path / "save.json", "new\n")
    assert len(seen) == 1 and seen[0].startswith(f".save.json.{os.getpid()}@{files._host()}.")
