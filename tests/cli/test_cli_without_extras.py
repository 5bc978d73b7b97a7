"""The base install (no rl, no train extra) keeps every command whole: the bots' list
names the policy bot without loading what it needs, and a command that needs an extra
says which, in one line (issue 25: the interfaces are optional extras)."""

from __future__ import annotations

import subprocess
import sys

import pytest

# Runs the command line with the extras' packages hidden, as a base install has them.
HIDDEN = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel", "pyarrow", "sb3_contrib",
          "torch")
PROGRAM = ("import sys\n"
           f"for name in {HIDDEN!r}:\n"
           "    sys.modules[name] = None\n"
           "from bohnen.cli.main import main\n"
           "sys.exit(main(sys.argv[1:]))\n")


def _bohnen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PROGRAM, *args], capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_bots_are_listed_with_the_policy_bot() -> None:
    done = _bohnen("bots")
    assert done.returncode == 0, done.stderr
    assert "policy" in done.stdout and "model=str" in done.stdout


@pytest.mark.parametrize(("args", "words"), [
    (("tournament", "ndb", "--bots", "random,random,policy:model=m.zip", "--games", "3"),
     "needs the train extra"),
    (("dataset", "ndb", "--bots", "random,random,random", "--out", "unused"),
     "needs the rl extra"),
])
def test_a_command_that_needs_an_extra_says_which(args: tuple[str, ...], words: str) -> None:
    done = _bohnen(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("bohnen: error:") and words in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
