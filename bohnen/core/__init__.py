"""The protocol every game implements, its errors, records and the registry."""

from bohnen.core.errors import GameError, IllegalActionError, InvalidActionError, RecordError
from bohnen.core.protocol import Action, Event, Game, State
from bohnen.core.records import GameRecord, replay
from bohnen.core.registry import game_names, get_game
from bohnen.core.result import Result

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameError",
    "GameRecord",
    "IllegalActionError",
    "InvalidActionError",
    "RecordError",
    "Result",
    "State",
    "game_names",
    "get_game",
    "replay",
]
