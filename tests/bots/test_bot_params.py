"""Bot parameters that are numbers: never infinite, never NaN, never negative nor absurd.

``ismcts:seconds=inf`` was accepted and the bot never moved. Every float parameter of
every bot (the game-agnostic ones and each game's own) refuses such values with a
``ValueError`` naming the parameter, whether it comes from a spec or from code.
"""

from __future__ import annotations

import math

import pytest

from bohnen.bots.ismcts_settings import Settings
from bohnen.bots.registry import bot_names, bot_params, make_bot
from bohnen.core import game_names, get_game

NON_FINITE = ["inf", "-inf", "nan", "1e999", "Infinity", "-1", "-0.5"]


def _float_params() -> list[tuple[str, str, str]]:
    out = []
    for name in game_names():
        game = get_game(name)
        for bot in bot_names(game):
            for key, kind in bot_params(bot, game).items():
                if kind is float:
                    out.append((name, bot, key))
    return out


FLOATS = _float_params()


def test_the_bots_have_float_parameters_to_check() -> None:
    assert {(bot, key) for _, bot, key in FLOATS} >= {("ismcts", "seconds"), ("ismcts", "c"),
                                                       ("heuristic", "deny")}


@pytest.mark.parametrize(("game", "bot", "key"), FLOATS)
@pytest.mark.parametrize("text", NON_FINITE)
def test_a_float_parameter_refuses_non_finite_and_negative_values(game: str, bot: str,
                                                                  key: str, text: str) -> None:
    extra = ",paired=true" if key == "race" else ""
    with pytest.raises(ValueError, match=f"bot {bot}: {key} must be"):
        make_bot(f"{bot}:{key}={text}{extra}", get_game(game))


@pytest.mark.parametrize(("key", "value"), [
    ("seconds", math.inf), ("seconds", math.nan), ("seconds", 1e9), ("seconds", -1.0),
    ("c", math.inf), ("c", math.nan), ("c", 1e300), ("win", math.nan), ("mast", math.nan),
    ("trust", math.inf), ("trust", 1e300), ("race", math.nan), ("iterations", 10**12),
    ("iterations", True), ("c", "1"), ("paired", "yes"), ("prior", 5),
])
def test_settings_made_in_code_refuse_them_too(key: str, value: object) -> None:
    extra = {"paired": True} if key == "race" else {}
    with pytest.raises(ValueError, match=f"bot ismcts: {key} must be"):
        Settings(**{key: value, **extra})  # type: ignore[arg-type]


def test_sane_values_are_still_taken() -> None:
    assert Settings(seconds=0.5, c=1.2, trust=3.0, paired=True, race=1.5).seconds == 0.5
    assert make_bot("ismcts:seconds=60,c=1.0", get_game("ndb")).name.startswith("ismcts")
    assert make_bot("heuristic:deny=0,gain=2.5", get_game("ndb")).name == "heuristic"
