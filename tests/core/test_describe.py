"""``Game.describe``: the board in words from a view, by the game's ``words`` module, or
the view as JSON for a game without one; a ``words`` module that is not one is refused."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator

import pytest

from bohnen.core import get_game
from bohnen.core.game import AnyGame


@pytest.mark.usefixtures("with_test_games")
def test_a_game_without_words_gives_its_view_as_json() -> None:
    game = get_game("tinybeans")
    assert game.words is None
    view = game.new_game(game.options(3), 1).view(0)
    assert json.loads(game.describe(view, 0, ["a", "b", "c"])) == json.loads(json.dumps(view))


@pytest.mark.parametrize("name", ["bohnanza", "ndb", "hansa"])
def test_each_game_writes_its_board_in_plain_words(name: str) -> None:
    game = get_game(name)
    state = game.new_game(game.options(3), 2)
    for seat in range(3):
        text = game.describe(state.view(seat), seat, ["Ann", "Ben", "Cy"])
        assert f"you are seat {seat}" in text and "Cy" in text
        assert "[/" not in text and "[b]" not in text  # no markup


@pytest.fixture
def bad_words() -> Iterator[AnyGame]:
    module = types.ModuleType("bad_words_for_test")
    module.describe = lambda view, viewer, names: 42  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    game = get_game("ndb")
    cls = type(game)
    subclass = type("BadWords", (cls,), {"words": module.__name__})
    yield subclass()
    del sys.modules[module.__name__]


def test_a_describe_that_returns_no_text_is_refused(bad_words: AnyGame) -> None:
    view = bad_words.new_game(bad_words.options(3), 1).view(0)
    with pytest.raises(TypeError, match="returned int, not text"):
        bad_words.describe(view, 0, ["a", "b", "c"])
