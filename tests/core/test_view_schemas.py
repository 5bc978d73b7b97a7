"""The JSON Schema of every game's views, checked in beside its package.

For every game that names its view types (``Game.seat_view``, ``Game.spectator_view``):
the checked-in ``view.schema.json`` is the one ``scripts/regen_schemas.py`` writes (a
change of the types shows in review), it is package data of the wheel, and every view
(each seat's and the spectator's) of random games of every option set fits it. Games
that name no view types yet are skipped, saying so; the games only tests register
(Tiny Beans) are checked too.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import random
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

import bohnen
from bohnen.core import AnyGame, AnyState, game_names, get_game
from bohnen.core.conformance import choose
from bohnen.core.rng import derive
from extra_games import TEST_GAMES, registered_test_games

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "regen_schemas.py"
GAMES_PER_SET = 2  # random games of each option set whose views are validated


@cache
def _script() -> ModuleType:
    """scripts/regen_schemas.py as a module (scripts/ is not a package)."""
    spec = importlib.util.spec_from_file_location("regen_schemas", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(params=[*game_names(), *TEST_GAMES])
def game(request: pytest.FixtureRequest) -> Iterator[AnyGame]:
    """Each game (those only tests register, registered for the test), skipped if it
    names no view types yet."""
    with registered_test_games():
        found = get_game(request.param)
        if found.seat_view is None and found.spectator_view is None:
            pytest.skip(f"{found.name} names no view types yet (Game.seat_view, "
                        "Game.spectator_view)")
        yield found


def test_the_checked_in_schema_is_the_one_the_types_give(game: AnyGame) -> None:
    path = _script().schema_path(game.name)
    assert path.is_file(), f"{path} is missing: run python scripts/regen_schemas.py"
    assert path.read_text(encoding="utf-8") == _script().schema_text(game.name), (
        f"{path} differs from what {game.name}'s view types give: run "
        "python scripts/regen_schemas.py and review the diff")
    jsonschema.Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("name", game_names())
def test_the_schema_is_package_data(name: str) -> None:
    """The wheel takes each game's schema (once written): a package-data pattern of
    pyproject.toml matches its path (checked against the patterns, not by building a
    wheel, which is slow)."""
    path = _script().schema_path(name)
    package = Path(bohnen.__file__).resolve().parent  # installed or in the source tree
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bohnen"]
    relative = path.relative_to(package).as_posix()
    assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), (
        f"no package-data pattern of pyproject.toml takes bohnen/{relative}")


def _validators(game: AnyGame) -> dict[str, jsonschema.Draft202012Validator]:
    """A validator of each view's part of the checked-in schema."""
    schema = json.loads(_script().schema_path(game.name).read_text(encoding="utf-8"))
    return {part: jsonschema.Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{part}"})
        for part in ("seat_view", "spectator_view")}


def _check_views(validators: dict[str, Any], state: AnyState, where: str) -> None:
    for viewer in [*range(state.options.players), None]:
        part = "spectator_view" if viewer is None else "seat_view"
        error = jsonschema.exceptions.best_match(validators[part].iter_errors(state.view(viewer)))
        if error is not None:
            path = "".join(f"[{p!r}]" for p in error.absolute_path) or "the view"
            raise AssertionError(f"{where}, viewer {viewer}: {path}: {error.message}")


def _checked_steps() -> Iterator[int]:
    """The steps of a game whose views are checked: 0, 1, 2, 4, 8… (and the last)."""
    yield 0
    step = 1
    while True:
        yield step
        step *= 2


def test_every_view_of_random_games_fits_the_schema(game: AnyGame) -> None:
    validators = _validators(game)
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for index, options in enumerate(game.option_sets(players)):
            for seed in range(GAMES_PER_SET):
                checked += _play_and_check(game, options, seed, validators,
                                           f"{game.name} {players}p set {index} seed {seed}")
    assert checked > 0


def _play_and_check(game: AnyGame, options: Any, seed: int, validators: dict[str, Any],
                    where: str) -> int:
    """Play the game of ``seed`` at random, checking the views at the chosen steps and
    at the end; how many positions were checked."""
    state: AnyState = game.new_game(options, seed)
    rng = random.Random(derive(seed, 7))
    steps = _checked_steps()
    due, count, checked = next(steps), 0, 0
    while True:
        if count == due or state.is_over:
            _check_views(validators, state, f"{where} step {count}")
            checked += 1
            due = next(steps)
        if state.is_over:
            return checked
        action = choose(state, rng, 0.3)
        assert action is not None, f"{where} step {count}: the seat to act has no move"
        state.apply(action)
        count += 1


def test_no_game_keeps_a_schema_it_has_no_types_for(with_test_games: tuple[str, ...]) -> None:
    for name in game_names():
        if _script().view_types(name) is None:
            path = _script().schema_path(name)
            assert not path.exists(), f"{path} is stale: {name} names no view types"
