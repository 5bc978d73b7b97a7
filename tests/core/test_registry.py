"""The registry of games: a test registers a game of its own, and it leaks into no other."""

from __future__ import annotations

import pytest

from bohnen.core import game_names, get_game
from bohnen.core.registry import game_module, register, registered, unregister
from extra_games import registered_test_games

BUILT_IN = ("bohnanza", "ndb", "hansa")


def test_a_registered_game_is_known_until_unregistered() -> None:
    register("copy_of_ndb", "bohnen.ndb")
    try:
        assert "copy_of_ndb" in game_names()
        assert get_game("Copy_of_NDB") is get_game("ndb")  # the same GAME object
        assert game_module("copy_of_ndb") == "bohnen.ndb"
    finally:
        unregister("copy_of_ndb")
    assert "copy_of_ndb" not in game_names()
    with pytest.raises(ValueError, match="unknown game 'copy_of_ndb'"):
        get_game("copy_of_ndb")


def test_registered_forgets_the_game_whatever_happens() -> None:
    with pytest.raises(RuntimeError, match="inside"), registered("copy_of_ndb", "bohnen.ndb"):
        assert get_game("copy_of_ndb").name == "ndb"
        raise RuntimeError("inside")
    assert "copy_of_ndb" not in game_names()


def test_a_module_without_a_game_is_not_left_registered() -> None:
    with pytest.raises(ModuleNotFoundError), registered("nowhere", "bohnen.no_such_game"):
        pass
    assert "nowhere" not in game_names()
    with pytest.raises(TypeError, match=r"bohnen.core.GAME is not a Game"), \
            registered("nothing", "bohnen.core"):
        pass
    assert "nothing" not in game_names()


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_taken_name_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match=rf"a game called {name} is registered already"):
        register(name, "bohnen.ndb")
    assert game_module(name) == f"bohnen.{name}"


@pytest.mark.parametrize("name", ["", "Tiny", "two words", "1game", "tiny-game", None, 7])
def test_a_name_that_is_not_a_lowercase_word_is_refused(name: object) -> None:
    with pytest.raises(ValueError, match="a game's name is a lowercase word"):
        register(name, "bohnen.ndb")  # type: ignore[arg-type]


def test_only_a_registered_name_is_unregistered() -> None:
    with pytest.raises(ValueError, match="no game called 'go' is registered"):
        unregister("go")
    assert set(BUILT_IN) <= set(game_names())


def test_the_test_games_are_registered_only_while_asked_for() -> None:
    assert "tinybeans" not in game_names()  # no earlier test left it registered
    with registered_test_games() as names:
        assert names == ("tinybeans",) and get_game("tinybeans").title == "Tiny Beans"
    assert "tinybeans" not in game_names()
