"""Game records: ``{game, version, options, seed, deck, actions, result}`` as JSON.

A record replays a game exactly: the same options, seed and deck give the same
start, and the actions in notation are applied one after another. The result
stored with the record is checked against the one the replay reaches.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bohnen.core.errors import RecordError
from bohnen.core.files import FileFault, capped, excerpt, read_json, write_atomic
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.core.result import Result
from bohnen.core.rng import check_seed

FORMAT = "bohnen-record"
# A record's fields, then those its makers add beside them, which a replay reads not:
# ``play`` is what ``bohnen play`` adds to a save (who sits where); ``table``, ``seats``,
# ``chat`` and ``steps`` what the replay of an online table adds (``bohnen serve``: its
# id, who sat where, its chat, each step's seat and time; docs/online.md).
FIELDS = ("format", "game", "version", "options", "seed", "deck", "actions", "result")
EXTRAS = ("play", "table", "seats", "chat", "steps")
KEYS = FIELDS + EXTRAS
RESULT_CHARS = 200  # a result quoted in a message (a real one is shorter)
CAUSE_CHARS = 500  # the engine's complaint about a record's part, quoted in a message


@dataclass(slots=True)
class GameRecord:
    """Everything needed to replay one game."""

    game: str
    version: int
    options: JSONObject
    seed: int
    actions: list[str] = field(default_factory=list)
    deck: Sequence[object] | None = None
    result: Result | None = None

    def to_json(self) -> JSONObject:
        data: JSONObject = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "deck": None if self.deck is None else list(self.deck),
            "actions": list(self.actions),
        }
        if self.result is not None:
            data["result"] = self.result.to_json()
        return data

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"record 'format' must be {FORMAT!r}, "
                              f"not {excerpt(data['format'])}")
        missing = [k for k in ("game", "options", "seed", "actions") if k not in data]
        if missing:
            raise RecordError(f"record lacks {', '.join(missing)}")
        unknown = [key for key in data if key not in KEYS]
        if unknown:
            raise RecordError(f"record has unknown field(s) {capped(map(excerpt, unknown))}; "
                              f"its fields are {', '.join(KEYS)}")
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record 'actions' must be a list of notation strings")
        if not isinstance(data["options"], dict):
            raise RecordError("record 'options' must be an object")
        game = data["game"]
        if not isinstance(game, str):
            raise RecordError(f"record 'game' must be a game's name, not {excerpt(game)}")
        try:
            seed = check_seed(data["seed"], "record 'seed'")
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        deck = data.get("deck")
        if deck is not None and not isinstance(deck, list):
            raise RecordError("record 'deck' must be a list or null")
        version = data.get("version", 0)
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError(f"record 'version' must be an integer, not {excerpt(version)}")
        result = None
        if data.get("result") is not None:
            try:
                result = Result.from_json(data["result"])
            except ValueError as exc:
                raise RecordError(f"record 'result': {exc}") from exc
        return cls(
            game=game,
            version=version,
            options=data["options"],
            seed=seed,
            actions=list(actions),
            deck=deck,
            result=result,
        )

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` atomically (a failed write keeps the old file)."""
        write_atomic(path, json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.from_json(read_record_json(path))


def read_record_json(path: str | Path) -> object:
    """The JSON of the record file ``path`` (a regular file, under the size limit,
    not nested too deeply); ``RecordError`` naming the fault."""
    try:
        return read_json(path, "record")
    except FileFault as exc:
        raise RecordError(str(exc)) from None


def _brief(exc: Exception) -> str:
    """The message of ``exc``, cut short: it may quote a long value of the record."""
    text = str(exc)
    return text if len(text) <= CAUSE_CHARS else f"{text[:CAUSE_CHARS]}… (cut)"


def start(record: GameRecord) -> tuple[AnyGame, AnyState]:
    """The game and its starting state for ``record``."""
    try:
        game = get_game(record.game)
    except ValueError as exc:
        raise RecordError(_brief(exc)) from exc
    if not replays_version(game, record.version):
        raise RecordError(
            f"record is for {game.name} version {excerpt(record.version)}, "
            f"this engine plays version {game.version}"
        )
    try:
        options = game.options_from_json(record.options)
    except ValueError as exc:
        raise RecordError(f"record options: {_brief(exc)}") from exc
    try:
        seed = check_seed(record.seed, "record 'seed'")
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    deck: Sequence[object] | None = record.deck
    try:
        state: AnyState = game.new_game(options, seed, deck)
    except ValueError as exc:
        raise RecordError(f"record deck: {_brief(exc)}") from exc
    return game, state


def replays_version(game: AnyGame, version: int) -> bool:
    """Whether this engine of ``game`` replays the games of its version ``version``: its
    own, and those of :attr:`~bohnen.core.game.Game.replays_versions` (0: a record that
    names no version, replayed as this one)."""
    return not version or version == game.version or version in game.replays_versions


def replay(record: GameRecord, check_result: bool = True) -> AnyState:
    """Replay ``record`` and return the final state; ``RecordError`` on any mismatch."""
    game, state = start(record)
    for index, text in enumerate(record.actions):
        try:
            state.apply(game.parse_action(text))
        except ValueError as exc:  # GameError: refused; any other: a fault to name
            raise RecordError(f"action {index + 1} ({excerpt(text)}): {_brief(exc)}") from exc
    if check_result:
        check_record_result(record, state)
    return state


def check_record_result(record: GameRecord, state: AnyState) -> None:
    """``RecordError`` unless ``state`` (the replay of ``record``) reaches the result the
    record stores (a record without a result passes)."""
    if record.result is None:
        return
    if not state.is_over:
        raise RecordError("the record's actions end before the game does")
    got = state.result()
    if got != record.result:
        raise RecordError(f"replay gives {excerpt(got.to_json(), RESULT_CHARS)}, record "
                          f"says {excerpt(record.result.to_json(), RESULT_CHARS)}")
