"""Bad input on the command line: one line on stderr naming the problem, exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bohnen.cli import main
from bohnen.cli.main import MAX_MESSAGE, fail

SIMULATE = ["simulate", "bohnanza", "--games", "1"]


def fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("bohnen: error: "), err
    return err


@pytest.mark.parametrize(("argv", "named"), [
    (["simulate", "skat"], "unknown game 'skat'"),
    ([*SIMULATE, "--players", "2"], "--players must be from 3 to 5"),
    ([*SIMULATE, "--players", "6"], "not 6"),
    (["simulate", "bohnanza", "--games", "-1"], "--games must be 0 or more"),
    (["simulate", "bohnanza", "--games", "many"], "'--games'"),
    ([*SIMULATE, "--seed", "x"], "'--seed'"),
    ([*SIMULATE, "--bots", "genius"], "unknown bot 'genius'"),
    ([*SIMULATE, "--bots", "random:depth=3"], "bad parameter 'depth=3'"),
    ([*SIMULATE, "--bots", "random:trades=maybe"], "trades must be true or false"),
    ([*SIMULATE, "--bots", "random,random"], "--bots gives 2 bots for 4 players"),
    ([*SIMULATE, "--bots", "random,,random,random"], "empty bot spec"),
    ([*SIMULATE, "--option", "colour=green"], "unknown option(s) colour"),
    ([*SIMULATE, "--option", "tie_break=coin"], "option tie_break"),
    ([*SIMULATE, "--option", "proposal_size=99"], "option proposal_size"),
    ([*SIMULATE, "--option", "beginner=maybe"], "option beginner"),
    ([*SIMULATE, "--option", "beginner"], "--option 'beginner': expected key=value"),
    ([*SIMULATE, "--option", "players=5"], "--option players"),
    (["simulate"], "Missing argument"),
    ([*SIMULATE, "--colour"], "--colour"),
    (["deal"], "No such command 'deal'"),
    (["replay"], "Missing argument"),
])
def test_bad_input_gives_one_line_naming_it(argv: list[str], named: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert named in fails(argv, capsys)


def test_record_into_a_file_is_refused(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    assert f"--record {blocker}" in fails([*SIMULATE, "--record", str(blocker)], capsys)


def test_no_arguments_show_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "simulate" in out and "replay" in out


def test_games_and_bots_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "bohnanza" in capsys.readouterr().out
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    assert "random" in out.split() and "heuristic" in out.split()
    assert "prior=str" in out and "trades=bool" in out  # each bot's parameters


def test_a_real_process_prints_no_traceback(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    done = subprocess.run([sys.executable, "-m", "bohnen.cli", "replay", str(missing)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (f"bohnen: error: cannot read record {missing}: "
                           "No such file or directory\n")


@pytest.mark.parametrize(("argv", "named"), [
    (["simulate", "z" * 100_000], "unknown game 'zzzz"),
    ([*SIMULATE, "--bots", "y" * 100_000], "unknown bot 'yyyy"),
    ([*SIMULATE, "--bots", "random:" + "k" * 100_000 + "=1"], "bad parameter 'kkkk"),
    ([*SIMULATE, "--bots", "random:trades=" + "t" * 100_000], "trades must be true or false"),
    ([*SIMULATE, "--bots", "random,," + "r" * 100_000], "empty bot spec"),
    ([*SIMULATE, "--option", "x" * 100_000 + "=1"], "unknown option(s) 'xxxx"),
    ([*SIMULATE, "--option", "x" * 100_000], "expected key=value"),
    ([*SIMULATE, "--option", "proposal_size=" + "p" * 100_000], "option proposal_size"),
])
def test_a_long_argument_is_quoted_short(argv: list[str], named: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Messages quoted the whole argument: a 100,000-character line on stderr."""
    err = fails(argv, capsys)
    assert named in err and "characters)" in err
    assert len(err) < 400, len(err)


def test_the_error_line_is_cut_whatever_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    """A last safety net: no message, even one quoting its input whole, floods stderr."""
    assert fail("word " * 10_000) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("bohnen: error: word word")
    tail = "… (cut from 49,999 characters)\n"
    assert err.endswith(tail)
    assert len(err) == len("bohnen: error: ") + MAX_MESSAGE + len(tail)


def test_a_long_unknown_command_is_cut(capsys: pytest.CaptureFixture[str]) -> None:
    """Click's own message quotes the command whole."""
    err = fails(["9" * 5000], capsys)
    assert "No such command" in err and len(err) < 1100


def test_control_characters_are_shown_escaped(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """A file name with an escape sequence reached the terminal raw (and could clear
    the screen, or turn the text around)."""
    err = fails(["replay", str(tmp_path / "a\x1b[2Jb\u202ec.json")], capsys)
    assert "\x1b" not in err and "\u202e" not in err
    assert "a\\x1b[2Jb\\u202ec.json" in err


@pytest.mark.parametrize("game", ["bohnanza", "hansa", "ndb"])
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_an_unknown_option_is_named_with_the_known_ones_for_every_game(
        game: str, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    err = fails([command, game, "--players", "3", "--option", "nope=1"], capsys)
    assert "unknown option(s) nope; options are " in err
    assert "Options.__init__" not in err
