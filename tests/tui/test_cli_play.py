"""``bohnen play`` on the command line: bad arguments are one line and exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from bohnen.cli import main
from bohnen.cli.play import make_session, seating_for


def fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2, (out, err)
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("bohnen: error: "), err
    return err


@pytest.mark.parametrize(("argv", "named"), [
    (["play", "skat"], "unknown game 'skat'"),
    (["play", "--players", "9"], "--players must be from 3 to 5"),
    (["play", "--seat", "4"], "--seat 4"),
    (["play", "--bots", "genius"], "unknown bot 'genius'"),
    (["play", "--bots", "random,random"], "--bots gives 2 bots for 3 bot seats"),
    (["play", "--hotseat", "--bots", "random"], "every seat is played by a person"),
    (["play", "--humans", "7"], "--humans must be from 1 to 4"),
    (["play", "--delay", "-1"], "--delay must be 0 or more"),
    (["play", "--option", "trading=open", "--option", "max_proposals_per_turn=none"],
     "open trading"),
    (["play", "--resume", "no-such-file.json"], "no-such-file.json"),
])
def test_bad_arguments(argv: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert named in fails(argv, capsys)


def test_default_is_one_person_against_three_heuristic_bots() -> None:
    sess = make_session("bohnanza", None, None, None, 0, False, None, [], None)
    assert sess.game.name == "bohnanza" and sess.options.players == 4
    assert sess.humans == (0,)
    assert sess.seating.bots == {1: "heuristic", 2: "heuristic", 3: "heuristic"}


def test_seats_bots_and_people() -> None:
    seating = seating_for(5, 2, "random,heuristic,random,ismcts:iterations=10", False, None)
    assert seating.humans == (2,)
    assert seating.bots == {0: "random", 1: "heuristic", 3: "random", 4: "ismcts:iterations=10"}
    assert seating_for(3, 1, None, False, 2).humans == (1, 2)
    assert seating_for(3, None, None, True, None).humans == (0, 1, 2)


def test_resume_keeps_the_saved_seats(tmp_path: Path) -> None:
    sess = make_session("ndb", 3, 1, "random", 7, False, None, ["rounds=1"], None)
    path = tmp_path / "g.json"
    sess.save(path)
    again = make_session("bohnanza", None, None, None, 0, False, None, [], path)
    assert again.game.name == "ndb" and again.seating == sess.seating
    swapped = make_session("bohnanza", None, 0, None, 0, False, None, [], path)
    assert swapped.humans == (0,) and swapped.seating.bots == {1: "heuristic", 2: "heuristic"}
