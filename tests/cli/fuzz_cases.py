"""Bad input for the ``bohnen`` command, generated from a seed, and how a case is judged.

A case writes its files (records, boards, FIFOs, links to devices ...) into a fresh
folder and gives the arguments of one ``bohnen`` command. :func:`run_case` runs the
command in a real process (``python -m bohnen.cli``, stdin closed, memory capped,
killed after a timeout); :meth:`Ran.faults` says what was wrong with how it ended.
Every case is bad input: it must exit with code 2 after ONE line on stderr starting
``bohnen: error:``, with no traceback, in time, and with a short stderr (and no
character a terminal would act on, like the escape of a colour or cursor sequence).

:func:`cases` lists the series: first a fixed catalogue (every special file at every
place a file is read, and the findings of issue 22), then structured mutations of
valid records, boards and argument lists. Each case draws its choices from its own
``random.Random(seed)``, the seeds from one generator, so the same seed always gives the
same list and a case does the same whenever it runs. ``tests/cli/test_cli_fuzz.py``
runs a fixed sample of the series in the suite (and all of it with ``-m fuzz``);
``bench/cli_fuzz.py`` runs the whole series and sums it up.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

Arg = str | bytes
Made = tuple[str, list[Arg]]  # what the case does, and the command's arguments
Make = Callable[[random.Random, Path], Made]

PREFIX = b"bohnen: error: "
MAX_STDERR = 4096  # bytes: one line of at most ~1,000 characters, in UTF-8
TIMEOUT = 60.0  # seconds for one case; bad input is refused long before
MEMORY_LIMIT = 3 << 30  # address space of a case's process: a runaway read fails fast
BIG = 50 * 1024 * 1024  # over the 16 MB limit of every file the command reads
LONG = 10 * 1024 * 1024  # a long text under the file limit: must not be echoed whole
NESTING = 100_000

# Runs the command as ``python -m bohnen.cli`` does, under a cap on memory, so that a
# regression that reads /dev/zero fails with MemoryError instead of eating the machine.
LAUNCH = ("import resource, runpy; "
          f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT})); "
          "runpy.run_module('bohnen.cli', run_name='__main__', alter_sys=True)")


@dataclass(frozen=True, slots=True)
class Case:
    """One bad input: its family, a label, and how to set it up from its own seed."""

    kind: str  # special, record, board, args
    label: str
    make: Make
    seed: int = 0
    core: bool = False  # always part of the sample the suite runs

    def build(self, folder: Path) -> Made:
        return self.make(random.Random(self.seed), folder)


@dataclass(frozen=True, slots=True)
class Ran:
    """How a case's process ended (``code`` None: killed at the timeout)."""

    case: Case
    what: str
    argv: tuple[str, ...]
    code: int | None
    stderr: bytes  # at most MAX_STDERR + 1 bytes of it
    stderr_size: int

    def faults(self) -> list[str]:
        """What was wrong, by kind: empty if the case was refused as it must be."""
        if self.code is None:
            return ["timeout"]
        found = []
        if self.code != 2:
            found.append("accepted" if self.code == 0 else f"exit {self.code}")
        if b"Traceback" in self.stderr:
            found.append("traceback")
        if self.stderr_size > MAX_STDERR:
            found.append("stderr too large")
        elif not self.stderr.startswith(PREFIX):
            found.append("no error line")
        elif self.stderr.count(b"\n") != 1 or not self.stderr.endswith(b"\n"):
            found.append("not one line")
        elif not self.stderr[:-1].decode("utf-8", "replace").isprintable():
            found.append("raw control characters")  # escape sequences reach the terminal
        return found

    def describe(self) -> str:
        """The case in one line: what it was, how it ended, the start of its stderr."""
        head = self.stderr[:300].decode("utf-8", "backslashreplace").replace("\n", "⏎")
        faults = ", ".join(self.faults()) or "refused"
        return (f"[{self.case.kind}] {self.case.label}: {self.what}: {faults} (exit "
                f"{self.code}, {self.stderr_size:,} bytes) argv={list(self.argv)} :: {head}")


def run_case(case: Case, timeout: float = TIMEOUT) -> Ran:
    """Set the case up in a fresh folder, run it, clean up; how it ended."""
    folder = Path(tempfile.mkdtemp(prefix="bohnen-fuzz-"))
    try:
        what, argv = case.build(folder)
        code = _run(argv, folder, timeout)
        err = folder / "stderr"
        with err.open("rb") as handle:
            head = handle.read(MAX_STDERR + 1)
        shown = tuple(_show(arg) for arg in argv)
        return Ran(case, what, shown, code, head, err.stat().st_size)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run(argv: Sequence[Arg], folder: Path, timeout: float) -> int | None:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100"}
    with (folder / "stdout").open("wb") as out, (folder / "stderr").open("wb") as err:
        proc = subprocess.Popen([sys.executable, "-c", LAUNCH, *argv], cwd=folder, env=env,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                start_new_session=True)
        try:
            return proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the case's own process group only
            proc.wait()
            return None


def _show(arg: Arg, limit: int = 60) -> str:
    text = arg if isinstance(arg, str) else arg.decode("utf-8", "backslashreplace")
    return text if len(text) <= limit else f"{text[:limit]}…({len(text):,} characters)"


def run_all(series: Iterable[Case], workers: int = 2, timeout: float = TIMEOUT) -> list[Ran]:
    """Run the cases, ``workers`` processes at a time; results in the cases' order."""
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda case: run_case(case, timeout), series))


def tally(results: Sequence[Ran]) -> dict[str, Any]:
    """How many cases ran and failed, per family of case and per kind of fault."""
    failed = [r for r in results if r.faults()]
    return {
        "cases": len(results),
        "failed": len(failed),
        "cases_by_kind": dict(sorted(Counter(r.case.kind for r in results).items())),
        "failed_by_kind": dict(sorted(Counter(r.case.kind for r in failed).items())),
        "faults": dict(sorted(Counter(f for r in failed for f in r.faults()).items())),
    }


# --- materials: valid records and the default board ---------------------------------------

GAMES = ("bohnanza", "ndb", "hansa")


@cache
def _records() -> dict[str, str]:
    """A finished game's record of each game (3 random bots, a fixed seed), as JSON."""
    from bohnen.bots import make_bot
    from bohnen.core import get_game
    from bohnen.sim.runner import play_game

    out = {}
    for name in GAMES:
        game = get_game(name)
        bots = [make_bot("random", game) for _ in range(3)]
        played = play_game(game, game.options(3), 2024, bots, record=True)
        assert played.record is not None
        out[name] = json.dumps(played.record.to_json())
    return out


def record(game: str) -> dict[str, Any]:
    """A fresh copy of a valid record of ``game``."""
    data: dict[str, Any] = json.loads(_records()[game])
    return data


@cache
def board_text() -> str:
    return resources.files("bohnen.hansa").joinpath("boards/default.json").read_text("utf-8")


def board() -> dict[str, Any]:
    """A fresh copy of the default board's JSON."""
    data: dict[str, Any] = json.loads(board_text())
    return data


def dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


# --- special files ---------------------------------------------------------------------------

Maker = Callable[[Path], Path]  # puts a bad file at a path (or gives another path)


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _link(target: str) -> Maker:
    def make(path: Path) -> Path:
        path.symlink_to(target)
        return path
    return make


def _fifo_link(path: Path) -> Path:
    fifo = path.with_name(path.name + ".fifo")
    os.mkfifo(fifo)
    path.symlink_to(fifo)
    return path


def _loop(path: Path) -> Path:
    path.symlink_to(path)
    return path


def _directory(path: Path) -> Path:
    path.mkdir()
    return path


def _missing(path: Path) -> Path:
    return path


def _content(data: bytes) -> Maker:
    def make(path: Path) -> Path:
        path.write_bytes(data)
        return path
    return make


def _big(path: Path) -> Path:
    """A record-shaped JSON file of 50 MB: a huge string field."""
    with path.open("wb") as handle:
        handle.write(b'{"game":"')
        chunk = b"x" * (1 << 20)
        for _ in range(BIG >> 20):
            handle.write(chunk)
        handle.write(b'","options":{},"seed":0,"actions":[]}')
    return path


SPECIALS: dict[str, Maker] = {
    "fifo": _fifo,
    "/dev/zero": _link("/dev/zero"),
    "/dev/urandom": _link("/dev/urandom"),
    "/dev/null": _link("/dev/null"),
    "link to a fifo": _fifo_link,
    "link loop": _loop,
    "directory": _directory,
    "missing": _missing,
    "empty": _content(b""),
    "binary": _content(bytes(range(256)) * 64),
    "not utf-8": _content(b'{"game": "\xff\xfe"}'),
    "nul bytes": _content(b"\x00" * 4096),
    "deep list": _content(b"[" * NESTING),
    "deep object": _content(b'{"a":' * NESTING),
    "deep, closed": _content(b"[" * 5000 + b"]" * 5000),
    "50 MB": _big,
}
CORE_SPECIALS = ("fifo", "/dev/zero", "link to a fifo", "deep list")

# Where a file is read: the arguments that name ``path`` (the case's folder given).
Entry = Callable[[Path, Path], list[Arg]]


def _hansa_record_naming(board_path: Path, folder: Path) -> Path:
    data = record("hansa")
    data["options"]["board"] = str(board_path)
    out = folder / "hansa-record.json"
    out.write_text(dump(data), encoding="utf-8")
    return out


ENTRIES: dict[str, Entry] = {
    "replay": lambda p, f: ["replay", str(p)],
    "play --resume": lambda p, f: ["play", "--resume", str(p)],
    "hansa check-board": lambda p, f: ["hansa", "check-board", str(p)],
    "hansa simulate --board": lambda p, f: ["hansa", "simulate", "--board", str(p),
                                            "--games", "1"],
    "simulate -o board": lambda p, f: ["simulate", "hansa", "-o", f"board={p}", "--games", "1"],
    "tournament -o board": lambda p, f: ["tournament", "hansa", "--bots", "random,random,random",
                                         "-o", f"board={p}", "--games", "3"],
    "replay, the record's board": lambda p, f: ["replay", str(_hansa_record_naming(p, f))],
    "play --resume, the record's board": lambda p, f: ["play", "--resume",
                                                       str(_hansa_record_naming(p, f))],
}
BOARD_ENTRIES = ("hansa check-board", "hansa simulate --board", "simulate -o board",
                 "tournament -o board", "replay, the record's board",
                 "play --resume, the record's board")


def _special_case(entry: str, special: str) -> Case:
    def make(rng: random.Random, folder: Path) -> Made:
        return special, ENTRIES[entry](SPECIALS[special](folder / "input.json"), folder)
    core = special in CORE_SPECIALS or (special == "50 MB" and entry == "replay")
    return Case("special", f"{entry}: {special}", make, core=core)


def _file_case(kind: str, entry: str, what: str, content: Callable[[], str]) -> Case:
    def make(rng: random.Random, folder: Path) -> Made:
        path = folder / "input.json"
        path.write_text(content(), encoding="utf-8")
        return what, ENTRIES[entry](path, folder)
    return Case(kind, entry, make, core=True)


def _args_case(what: str, argv: list[Arg]) -> Case:
    return Case("args", "catalogue", lambda rng, folder: (what, list(argv)), core=True)


def _long_game_name() -> str:
    data = record("bohnanza")
    data["game"] = "x" * LONG
    return dump(data)


def _many_errors() -> str:
    data = board()
    data["contracts"] = [{}] * 200_000
    return dump(data)


def grid_board(side: int) -> dict[str, Any]:
    """A board whose map is a ``side`` × ``side`` grid of cities like the default's
    first one: the number of shortest paths between its corners grows exponentially."""
    data = board()
    first = data["cities"][0]
    codes = [[f"C{row}x{col}" for col in range(side)] for row in range(side)]
    data["cities"] = [{**first, "code": codes[r][c], "name": f"City {r} {c}", "x": 10 * c,
                       "y": 10 * r} for r in range(side) for c in range(side)]
    data["routes"] = ([[codes[r][c], codes[r][c + 1]] for r in range(side)
                       for c in range(side - 1)]
                      + [[codes[r][c], codes[r + 1][c]] for r in range(side - 1)
                         for c in range(side)])
    sold = first["beans"]
    for contract in data["contracts"]:
        contract["city"] = codes[0][0]
        contract["beans"] = [b for b in contract["beans"] if b in sold] or sold[:1]
    for card in data["harvests"]:
        for entry in card:
            entry.update(city=codes[0][0], bean=sold[0])
    for bean in data["beans"]:
        bean["tokens"] = side * side + 5
    return data


def _huge_numbers() -> dict[str, Any]:
    """Tokens and Neue-Ernte counts so large that dealing them out never ends."""
    data = board()
    for bean in data["beans"]:
        bean["tokens"] = 10 ** 12
    for card in data["harvests"]:
        for entry in card:
            entry["count"] = 10 ** 13
    return data


def _odd_board(**fields: Any) -> Callable[[], str]:
    def content() -> str:
        data = board()
        data.update(fields)
        return dump(data)
    return content


def catalogue() -> list[Case]:
    """Every special file at every place a file is read, and the issue's other findings."""
    out = [_special_case(entry, special) for special in SPECIALS for entry in ENTRIES]
    out += [
        _file_case("record", "replay", "a 10 MB game name", _long_game_name),
        _file_case("record", "play --resume", "a 10 MB game name", _long_game_name),
        _file_case("board", "hansa check-board", "200,000 bad contracts", _many_errors),
        _file_case("board", "hansa simulate --board", "200,000 bad contracts", _many_errors),
        _args_case("a 100,000-character option", ["simulate", "hansa", "--games", "1",
                                                  "-o", "x" * 100_000 + "=1"]),
        _args_case("a 100,000-character bot spec",
                   ["simulate", "bohnanza", "--bots", "y" * 100_000]),
        _args_case("a 100,000-character game name", ["simulate", "z" * 100_000]),
        _args_case("a file name with escape sequences", ["replay", "a\x1b[2Jb\u202ec.json"]),
        _args_case("games with an argument", ["games", "all"]),
        _args_case("bots with an unknown flag", ["bots", "--all"]),
    ]
    odd = {"title 5": _odd_board(title=5), "note ['a']": _odd_board(note=["a"]),
           "version true": _odd_board(version=True), "version 1.0": _odd_board(version=1.0),
           "a 12 × 12 grid of cities": lambda: dump(grid_board(12)),
           "huge tokens and counts": lambda: dump(_huge_numbers()),
           "a city at x = NaN": lambda: dump(_with_city(x=float("nan")))}
    for what, content in odd.items():
        out.append(_file_case("board", "hansa check-board", what, content))
    out.append(_file_case("board", "hansa simulate --board", "a 12 × 12 grid of cities",
                          lambda: dump(grid_board(12))))
    out.append(_file_case("board", "hansa simulate --board", "huge tokens and counts",
                          lambda: dump(_huge_numbers())))
    return out + engine_cases()


def engine_cases() -> list[Case]:
    """Faults this series found beyond the command line's own files (issue 22: the
    engines' options and seeds, the bots' parameters, bohnen play's checks, the
    tournament journal), each fixed where it arose."""
    return [
        _args_case("a board digest that is not a text",
                   ["simulate", "hansa", "--games", "1", "-o", "board_digest=5"]),
        _args_case("ismcts with an endless budget",
                   ["simulate", "bohnanza", "--games", "1", "--bots", "ismcts:seconds=inf"]),
        _args_case("a seed below 0", ["simulate", "bohnanza", "--games", "1", "--seed", "-1"]),
        _args_case("a seed of 2**64", ["simulate", "ndb", "--games", "1", "--seed",
                                       str(2 ** 64)]),
        _args_case("a delay of nan", ["play", "--delay", "nan"]),
        _args_case("a delay of inf", ["play", "--delay", "inf"]),
        Case("record", "tournament --resume", _deep_journal, core=True),
    ]


def _deep_journal(rng: random.Random, folder: Path) -> Made:
    """A tournament folder whose journal's first line nests 100,000 levels deep."""
    out = folder / "out"
    out.mkdir()
    (out / "journal.jsonl").write_bytes(b"[" * NESTING + b"\n")
    return "a journal nested too deeply", ["tournament", "bohnanza", "--bots",
                                          "random,random,random", "--games", "3",
                                          "--out", str(out), "--resume"]


def _with_city(**fields: Any) -> dict[str, Any]:
    data = board()
    data["cities"][0].update(fields)
    return data


# --- values to put where they do not belong -----------------------------------------------


def _deep(levels: int = 70) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def json_values(rng: random.Random) -> list[Any]:
    """JSON values of every kind, odd ones included."""
    return [None, True, False, 0, -1, 3, 1.5, 2 ** 64, -(2 ** 63) - 1, 10 ** 30, 10 ** 4000,
            float("nan"), float("inf"), -1e308, "", " ", "x", "☃", "\u202e", "\x1b[2J",
            "0: plant 1", "x" * rng.choice((1000, 100_000)), [], {}, [None], {"": None},
            [1, [2, [3]]], ["x"] * 1000, _deep()]


def json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


def other_kind(rng: random.Random, original: Any) -> Any:
    """A value of another JSON kind than ``original``, never null."""
    pool = [v for v in json_values(rng)
            if v is not None and json_kind(v) != json_kind(original)]
    return rng.choice(pool)


BAD_TEXT: tuple[Arg, ...] = (
    "", " ", "-", "--", "=", ":", ",", "x", "-1", "-99", "99999999999999999999999",
    "9" * 5000, "1e3", "1.5", "0x10", "1_0", "Ⅳ", "☃", "\n", "a\nb", "\r", "\t",
    "\x1b[2J", "\u202e", "%s%n", "{0}", "'\"", "x" * 100_000, b"\xff\xfe", "nan", "inf",
)
NOT_DASHES = tuple(t for t in BAD_TEXT if t != "--")  # "--" ends the options: no argument
# Not a whole number, or one no count accepts.
BAD_COUNTS: tuple[Arg, ...] = ("-1", "-99", "x", "", "1.5", "1e3", "0x10", "9" * 5000,
                               "nan", b"\xff")


def _text(rng: random.Random, pool: Sequence[Arg] = BAD_TEXT) -> Arg:
    return rng.choice(pool)


def _str(arg: Arg) -> str:
    return arg if isinstance(arg, str) else arg.decode("latin-1")


def _bot_spec(rng: random.Random) -> Arg:
    """A bot spec that no game accepts."""
    junk = _str(_text(rng))
    return rng.choice([
        f"genius{junk}", f"random:{junk}x=1", f"random:trades={junk}x",
        f"ismcts:iterations={rng.choice(['-1', 'x', '', '1.5', '9' * 5000])}",
        f"ismcts:{junk}x=1", f"heuristic:{junk}x=1", "random,,random",
        "random,random", f"random:{'k=v,' * 2000}", f"-{junk}",
    ])


def _option(rng: random.Random, game: str) -> Arg:
    """A ``-o`` assignment that the game refuses."""
    names: list[str] = list(record(game)["options"])
    key = rng.choice([k for k in names if k not in ("players", "board", "board_digest")])
    value = _str(_text(rng))
    return rng.choice([
        key, f"={value}", f"colour{value}={value}", f"players={value}",
        f"{key}={rng.choice(['x', '-1', '1.5', '', '[]', 'x' * 100_000])}",
    ])


def _special_path(rng: random.Random, folder: Path) -> Path:
    name = rng.choice(["fifo", "/dev/zero", "/dev/null", "directory", "missing",
                       "deep list", "link to a fifo"])
    return SPECIALS[name](folder / "special")


def _blocked_path(rng: random.Random, folder: Path) -> Path:
    """A path where no folder can be made: a file, under a file, a special file."""
    blocker = folder / "blocker"
    blocker.write_text("a file", encoding="utf-8")
    special = rng.choice(["fifo", "/dev/zero", "/dev/null", "link to a fifo", "empty"])
    return rng.choice([blocker, blocker / "sub", SPECIALS[special](folder / "special")])


# --- mutated argument lists -----------------------------------------------------------------


def _shared_mutation(rng: random.Random, game: str, folder: Path) -> Made:
    """A bad argument that simulate, tournament and play all take."""
    choice = rng.randrange(5)
    if choice == 0:
        return "--seed", ["--seed", _text(rng, ("x", "", "1.5", "nan", "0x1", b"\xff"))]
    if choice == 1:
        return "--bots", ["--bots", _bot_spec(rng)]
    if choice == 2:
        return "-o", ["-o", _option(rng, game)]
    if choice == 3:
        return "an unknown flag", [f"--{_str(_text(rng, ('x', 'colour', 'sed=1', '☃')))}"]
    if game == "hansa":
        return "-o board", ["-o", f"board={_special_path(rng, folder)}"]
    return "-o board", ["-o", f"board={folder}"]  # no option of this game


def _simulate(rng: random.Random, folder: Path) -> Made:
    game = rng.choice(GAMES)
    base: list[Arg] = ["simulate", game, "--games", "1"]
    choice = rng.randrange(5)
    if choice == 0:
        return "game", ["simulate", _text(rng), "--games", "1"]
    if choice == 1:
        return "--games", ["simulate", game, "--games", _text(rng, BAD_COUNTS)]
    if choice == 2:
        return "--players", [*base, "--players", _text(rng, (*BAD_COUNTS, "2", "7", "0"))]
    if choice == 3:
        return "--record", [*base, "--record", str(_blocked_path(rng, folder))]
    what, extra = _shared_mutation(rng, game, folder)
    return what, [*base, *extra]


def _tournament(rng: random.Random, folder: Path) -> Made:
    game = rng.choice(GAMES)
    base: list[Arg] = ["tournament", game, "--bots", "random,random,random", "--games", "3"]
    choice = rng.randrange(8)
    if choice == 0:
        return "--workers", [*base, "--workers", _text(rng, ("0", "-1", "x", "", "1.5"))]
    if choice == 1:
        return "--backend", [*base, "--backend", _text(rng)]
    if choice == 2:
        return "--address/--resume", [*base, *rng.choice([["--address", "127.0.0.1:1"],
                                                          ["--resume"]])]
    if choice == 3:
        return "--out", [*base, "--out", str(_blocked_path(rng, folder))]
    if choice == 4:
        return "--bots", ["tournament", game, "--bots", _bot_spec(rng), "--games", "3"]
    if choice == 5:
        return "--games", [*base[:4], "--games", _text(rng, BAD_COUNTS)]
    if choice == 6:  # the bots are one entrant: no --sprt is right for them
        stopping: list[list[Arg]] = [
            ["--sprt", _text(rng, ("0,5,0.05", "5,0,0.05,0.05", "0,5,1,0.05", "x", ""))],
            ["--sprt", "0,5,0.05,0.05"], ["--until-significant"],
            ["--extend", _text(rng, (*BAD_COUNTS, "0", "3"))]]
        return "--sprt/--extend", [*base, *rng.choice(stopping)]
    what, extra = _shared_mutation(rng, game, folder)
    return what, [*base, *extra]


def _play(rng: random.Random, folder: Path) -> Made:
    """``bohnen play`` with an argument it must refuse before the screen starts."""
    game = rng.choice(GAMES)
    base: list[Arg] = ["play", game]
    choice = rng.randrange(7)
    if choice == 0:
        return "game", ["play", _text(rng, NOT_DASHES)]
    if choice == 1:
        return "--seat", [*base, "--seat", _text(rng, (*BAD_COUNTS, "4", "5", "99"))]
    if choice == 2:
        return "--humans", [*base, "--humans", _text(rng, (*BAD_COUNTS, "0", "5", "99"))]
    if choice == 3:
        return "--delay", [*base, "--delay", _text(rng, ("-1", "-0.5", "x", "", "1,5"))]
    if choice == 4:
        return "--hotseat and more", [*base, "--hotseat", rng.choice(["--humans", "--bots"]),
                                      "2"]
    if choice == 5:
        return "--players", [*base, "--players", _text(rng, (*BAD_COUNTS, "2", "7", "0"))]
    what, extra = _shared_mutation(rng, game, folder)
    return what, [*base, *extra]


def _others(rng: random.Random, folder: Path) -> Made:
    """games, bots, replay, hansa and the top level with bad arguments."""
    choices: list[list[Arg]] = [
        ["games", _text(rng, NOT_DASHES)], ["bots", f"--{_str(_text(rng, ('x', 'all')))}"],
        ["replay"], ["replay", "a.json", "b.json"], ["replay", "--x", "a.json"],
        [_text(rng)], ["--x"],
        ["hansa", _text(rng)], ["hansa", "check-board"], ["hansa", "simulate"],
        ["hansa", "check-board", "default", "extra"],
        ["hansa", "simulate", "--board", "default", "--games", _text(rng, BAD_COUNTS)],
        ["hansa", "simulate", "--board", "default", "--players",
         _text(rng, (*BAD_COUNTS, "2", "6"))],
        ["hansa", "simulate", "--board", "default", "--bots", _bot_spec(rng)],
        ["hansa", "simulate", "--board", "default", "--record",
         str(_blocked_path(rng, folder))],
    ]
    return "arguments", rng.choice(choices)


ARGUMENTS: dict[str, Make] = {"simulate": _simulate, "tournament": _tournament,
                              "play": _play, "others": _others}


# --- tampered records ------------------------------------------------------------------------


def _mangle(rng: random.Random, text: str) -> str:
    """An action in notation that no game can take at that point."""
    head, _, rest = text.partition(":")
    words = rest.split()
    return rng.choice([
        f"{rng.choice(['7', '99', '-1', '', 'x'])}:{rest}",
        f"{head}: {rng.choice(['dance', '', 'x' * 1000, '☃'])}",
        f"{text} {rng.choice(['junk', 'C99', '--'])}",
        f"{head}: {words[0] if words else 'x'} "
        + rng.choice(["99999999999999999999", "-1", "x", "ZZ", "C0", "C61", "☃"]),
        text.replace(":", "", 1),
        "x" * LONG, "",
    ])


def _tamper_actions(rng: random.Random, data: dict[str, Any], to_resume: bool) -> str:
    actions: list[Any] = data["actions"]
    choice = rng.randrange(3 if to_resume else 7)
    if choice == 0:
        data["actions"] = other_kind(rng, actions)
        return "actions of another type"
    if choice == 1:
        actions[rng.randrange(len(actions))] = other_kind(rng, "text")
        return "an action of another type"
    if choice == 2:
        index = rng.randrange(len(actions))
        actions[index] = _mangle(rng, actions[index])
        return f"action {index + 1} mangled"
    if choice == 3:
        del actions[len(actions) - rng.randint(1, min(40, len(actions))):]
        return "a truncated action list"
    if choice == 4:
        actions.append(rng.choice(actions))
        return "an action after the end"
    if choice == 5:
        del actions[rng.randrange(len(actions))]
        return "an action left out"
    actions.extend(["0: pass"] * 100_000)
    return "100,000 actions after the end"


def _tamper_result(rng: random.Random, data: dict[str, Any]) -> str:
    result = data["result"]
    choice = rng.randrange(5)
    if choice == 0:
        result["scores"][rng.randrange(len(result["scores"]))] += rng.choice((1, -1, 10 ** 30))
        return "a score that does not match"
    if choice == 1:
        result["winners"] = [w for w in range(3) if w not in result["winners"]][:1]
        return "winners that do not match"
    if choice == 2:
        key = rng.choice(["scores", "winners", "reason"])
        result[key] = other_kind(rng, result[key])
        return f"result {key} of another type"
    if choice == 3:
        key = rng.choice(["scores", "winners", "reason"])
        del result[key]
        return f"a result without {key}"
    data["result"] = other_kind(rng, result)
    return "a result of another type"


def _tamper_options(rng: random.Random, data: dict[str, Any]) -> str:
    options = data["options"]
    choice = rng.randrange(4)
    if choice == 0:
        options[rng.choice(["colour", "x" * LONG, "", "☃"])] = 1
        return "an unknown option"
    if choice == 1:
        key = rng.choice([k for k in options if k != "board_digest"])
        if options[key] is None:
            options[key] = rng.choice(["x", [], {}, "x" * 100_000])
        else:
            options[key] = other_kind(rng, options[key])
        return f"option {key} of another type"
    if choice == 2:
        options["players"] = rng.choice((0, 2, 6, -1, 10 ** 30))
        return "players out of range"
    data["options"] = other_kind(rng, options)
    return "options of another type"


def _tamper_record(rng: random.Random, data: dict[str, Any], game: str, folder: Path,
                   to_resume: bool) -> str:
    """One fault in the record ``data``; a game saved to resume is refused for each
    fault chosen when ``to_resume`` (a save may stop anywhere and has no result)."""
    choice = rng.randrange(10)
    if choice == 0:
        field = rng.choice(("game", "options", "seed", "actions"))
        del data[field]
        return f"no {field}"
    if choice == 1:
        data["game"] = rng.choice(["skat", "", " ", "x" * LONG, "bohnanza\x00", "☃",
                                   *(g for g in GAMES if g != game)])
        return "another game"
    if choice == 2:
        data["game"] = other_kind(rng, data["game"])
        return "game of another type"
    if choice == 3:
        data["seed"] = rng.choice([None, True, 1.5, "1", [], {}, float("nan"), float("inf")])
        return "seed of another type"
    if choice == 4:
        data["version"] = rng.choice([True, 1.5, "1", [], 99, -1])
        return "a wrong version"
    if choice == 5:
        data["deck"] = rng.choice([{}, "x", 5, ["ZZ"] * 5, [None] * 200, [[]] * 110])
        return "a bad deck"
    if choice == 6:
        data["format"] = rng.choice(["bohnen-hansa-board", "", 5, None, "x" * 1000])
        return "another format"
    if choice == 7 and not to_resume:
        return _tamper_result(rng, data)
    if choice == 7 or choice == 8:
        return _tamper_options(rng, data)
    if choice == 9 and game == "hansa":
        path = rng.choice([_special_path(rng, folder), folder / "bad-board.json"])
        if path.name == "bad-board.json":
            path.write_text(dump(_bad_board(rng)[1]), encoding="utf-8")
        data["options"]["board"] = str(path)
        return "a bad board named in the record"
    return _tamper_actions(rng, data, to_resume)


def _byte_mutation(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    choice = rng.randrange(4)
    if choice == 0:
        return "truncated", raw[:rng.randrange(len(raw))]
    if choice == 1:
        at = rng.randrange(len(raw))
        other = [b for b in b'{}[]",:\x00\xff' if b != raw[at]]  # never the byte that is there
        return "a byte changed", raw[:at] + bytes([rng.choice(other)]) + raw[at + 1:]
    if choice == 2:
        return "junk appended", raw + rng.choice([b"}", b"x", b"\x00", b"\xff", b",{}"])
    return "junk in front", rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"//"]) + raw


def _record_maker(game: str, entry: str) -> Make:
    def make(rng: random.Random, folder: Path) -> Made:
        data = record(game)
        if rng.random() < 0.15:
            what, raw = _byte_mutation(rng, dump(data).encode("utf-8"))
        else:
            what = _tamper_record(rng, data, game, folder, entry == "play --resume")
            raw = dump(data).encode("utf-8")
        path = folder / "record.json"
        path.write_bytes(raw)
        return what, ENTRIES[entry](path, folder)
    return make


# --- bad boards -------------------------------------------------------------------------------


def _places(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, as paths of keys and indices."""
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(_places(value, (*prefix, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out.extend(_places(value, (*prefix, index)))
    return out


def _at(data: Any, place: tuple[Any, ...]) -> Any:
    for step in place:
        data = data[step]
    return data


def _bad_board(rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The default board with one fault the validator must name."""
    data = board()
    choice = rng.randrange(6)
    if choice == 0:
        place = rng.choice(_places(data))
        parent = _at(data, place[:-1])
        parent[place[-1]] = other_kind(rng, parent[place[-1]])
        return f"{'.'.join(map(str, place))} of another type", data
    if choice == 1:
        key = rng.choice(["format", "version", "name", "beans", "colours", "cities",
                          "routes", "contracts", "harvests"])
        del data[key]
        return f"no {key}", data
    if choice == 2:
        data["version"] = rng.choice([True, 1.0, "1", 2, 0, None, [1]])
        return f"version {data['version']!r}", data
    if choice == 3:
        key = rng.choice(["contracts", "harvests", "routes", "cities", "beans"])
        data[key] = [rng.choice([{}, [], None, "x", 5])] * rng.choice([100, 10_000, 200_000])
        return f"very many bad {key}", data
    if choice == 4:
        data[rng.choice(["x" * LONG, "colour", "☃", ""])] = 1
        return "an unknown field", data
    place = rng.choice([p for p in _places(data) if isinstance(_at(data, p), str)
                        and p[-1] not in ("title", "note")])
    _at(data, place[:-1])[place[-1]] = rng.choice(["", " ", "x" * LONG, "☃" * 1000])
    return f"{'.'.join(map(str, place))} a bad text", data


def _board_maker(entry: str) -> Make:
    def make(rng: random.Random, folder: Path) -> Made:
        if rng.random() < 0.15:
            what, raw = _byte_mutation(rng, board_text().encode("utf-8"))
        else:
            what, data = _bad_board(rng)
            raw = dump(data).encode("utf-8")
        path = folder / "board.json"
        path.write_bytes(raw)
        return what, ENTRIES[entry](path, folder)
    return make


# --- the series ------------------------------------------------------------------------------


def _draw(rng: random.Random) -> Case:
    seed = rng.getrandbits(64)
    kind = rng.choices(("args", "record", "board"), (0.4, 0.35, 0.25))[0]
    if kind == "args":
        name = rng.choice(list(ARGUMENTS))
        return Case(kind, name, ARGUMENTS[name], seed)
    if kind == "record":
        game = rng.choice(GAMES)
        entry = rng.choice(("replay", "replay", "play --resume"))
        return Case(kind, f"{entry} {game}", _record_maker(game, entry), seed)
    entry = rng.choice(("hansa check-board", *BOARD_ENTRIES))
    return Case(kind, entry, _board_maker(entry), seed)


def cases(seed: int = 22, count: int = 500) -> list[Case]:
    """The catalogue, then ``count`` seeded mutations: the same seed, the same list."""
    rng = random.Random(seed)
    return catalogue() + [_draw(rng) for _ in range(count)]


def sample(series: Sequence[Case], extra: int, seed: int = 0) -> list[Case]:
    """The core cases of ``series`` and ``extra`` others drawn with ``seed``."""
    core = [case for case in series if case.core]
    rest = [case for case in series if not case.core]
    return core + random.Random(seed).sample(rest, min(extra, len(rest)))
