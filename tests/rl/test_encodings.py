"""The encodings are found through the game's entry in the registry (issue 37, item 6:
``Game.encoding``, not a second table in ``rl/encodings.py``)."""

from __future__ import annotations

import pytest

from bohnen.core.registry import get_game
from bohnen.rl import encodings
from bohnen.rl.encodings import default_players, make_encoding, player_range
from extra_games import registered_test_games


def test_every_game_with_an_encoding_names_it_in_its_registry_entry() -> None:
    assert encodings.GAMES == ("bohnanza", "ndb", "hansa")
    for name in encodings.GAMES:
        game = get_game(name)
        enc = make_encoding(name)
        assert f"{type(enc).__module__}:{type(enc).__name__}" == game.encoding
        assert enc.game == name and enc.players == default_players(name) == 4
        assert player_range(name) == (game.min_players, game.max_players)
    assert player_range("ndb") == (3, 6)
    assert not hasattr(encodings, "ENCODINGS")


def test_a_game_without_an_encoding_is_refused_naming_those_with_one() -> None:
    with registered_test_games():
        assert get_game("tinybeans").encoding is None
        assert "tinybeans" not in encodings.games()
        for name in ("tinybeans", "chess"):
            with pytest.raises(ValueError, match=f"no encoding for the game '{name}'; "
                                                 "games with one: bohnanza, hansa, ndb"):
                make_encoding(name)
