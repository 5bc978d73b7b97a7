"""The learned evaluation: each seat's final talers, predicted from its position.

A linear model of the figures of ``features.py``, one set of weights for each stage of
the game (by the own turns left) and each number of players, fitted by
``scripts/train_bohnanza_value.py`` on games of heuristic bots (one a seat): the talers a seat
ends with, predicted at the start of a turn. Where the heuristic bots play on, as in a
search whose playouts they play, it is their own game's outcome that it predicts.
It was fitted under the default rules; under other options (open trading, the
beginners' game, another price for the third field) it is only an approximation.

The weights are a JSON file (``weights.json`` beside this module, the one shipped)::

    {"format": 1, "features": [...names, as FEATURES...],
     "models": {"4": {"stages": [upper bounds of turns_left, ...],
                      "weights": [[bias, w1, w2, ...], ...one per stage]}, ...},
     "trained": {...how: games, seed, fit figures}}

A file that does not fit is refused with an error that names what is wrong.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from bohnen.bohnanza.data import BohnanzaData
from bohnen.bohnanza.learned.features import FEATURES, TURNS_LEFT, features
from bohnen.core.result import Result

FORMAT = 1
WEIGHTS = Path(__file__).with_name("weights.json")


@dataclass(frozen=True, slots=True)
class StageModel:
    """The weights of one number of players: ``weights[k]`` (a bias, then one weight a
    feature) serves the positions whose turns left are at most ``stages[k]``, the last
    stage every position beyond."""

    stages: tuple[float, ...]
    weights: tuple[tuple[float, ...], ...]

    def predict(self, figures: list[float]) -> float:
        k = min(bisect.bisect_left(self.stages, figures[TURNS_LEFT]), len(self.weights) - 1)
        w = self.weights[k]
        return w[0] + sum(a * b for a, b in zip(w[1:], figures, strict=True))


@dataclass(frozen=True, slots=True)
class ValueModel:
    """A model for each number of players it was trained for."""

    models: dict[int, StageModel]
    trained: dict[str, Any]

    def values(self, state: BohnanzaData) -> list[float]:
        """Every seat's predicted final talers."""
        model = self.models.get(state.players)
        if model is None:
            players = ", ".join(str(n) for n in sorted(self.models))
            raise ValueError(f"the learned evaluation has no model for {state.players} players "
                             f"(it has {players})")
        return [model.predict(f) for f in features(state)]


def parse(data: object, where: str) -> ValueModel:
    """The model of a weights file's JSON ``data``; ``where`` names it in errors."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise ValueError(f"{where}: format must be {FORMAT}, not {data.get('format')!r}")
    if data.get("features") != list(FEATURES):
        raise ValueError(f"{where}: its features are not this version's "
                         f"({', '.join(FEATURES)})")
    models = data.get("models")
    if not isinstance(models, dict) or not models:
        raise ValueError(f"{where}: 'models' must map a number of players to a model")
    parsed = {_players(key, where): _stage_model(value, f"{where}, {key} players")
              for key, value in models.items()}
    trained = data.get("trained", {})
    return ValueModel(parsed, trained if isinstance(trained, dict) else {})


def load(path: Path) -> ValueModel:
    """The model in the weights file at ``path``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: not a readable JSON file ({exc})") from None
    return parse(data, str(path))


@cache
def shipped() -> ValueModel:
    """The model shipped with bohnen (read once)."""
    return load(WEIGHTS)


def learned_estimate(state: BohnanzaData) -> Result:
    """Each seat's predicted final talers, in tenths of a taler; the highest wins
    (``Game.estimates["learned"]``)."""
    scores = tuple(round(10 * v) for v in shipped().values(state))
    best = max(scores)
    return Result(scores, tuple(s for s in range(state.players) if scores[s] == best),
                  "the learned evaluation")


def _players(key: str, where: str) -> int:
    if not key.isdigit() or not 3 <= int(key) <= 5:
        raise ValueError(f"{where}: a model's key must be a number of players, 3 to 5, "
                         f"not {key!r}")
    return int(key)


def _stage_model(data: object, where: str) -> StageModel:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected an object with 'stages' and 'weights'")
    stages, weights = data.get("stages"), data.get("weights")
    if not isinstance(stages, list) or not all(_number(s) for s in stages):
        raise ValueError(f"{where}: 'stages' must be a list of numbers")
    if stages != sorted(stages):
        raise ValueError(f"{where}: 'stages' must rise")
    if not isinstance(weights, list) or len(weights) != len(stages) + 1:
        raise ValueError(f"{where}: 'weights' must hold {len(stages) + 1} lists "
                         f"(one more than the stages)")
    width = len(FEATURES) + 1
    for k, row in enumerate(weights):
        if not isinstance(row, list) or len(row) != width or not all(_number(x) for x in row):
            raise ValueError(f"{where}: weights of stage {k + 1} must be {width} numbers "
                             f"(a bias, then one a feature)")
    return StageModel(tuple(float(s) for s in stages),
                      tuple(tuple(float(x) for x in row) for row in weights))


def _number(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)
