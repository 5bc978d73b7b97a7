"""The protocol every game implements, its errors, records and the registry."""

from bohnen.core.bots import Bot, Decision
from bohnen.core.errors import GameError, IllegalActionError, InvalidActionError, RecordError
from bohnen.core.game import AnyGame, Game
from bohnen.core.protocol import Action, AnyState, Event, State
from bohnen.core.records import GameRecord, replay
from bohnen.core.registry import game_names, get_game
from bohnen.core.result import Result

__all__ = [
    "Action",
    "AnyGame",
    "AnyState",
    "Bot",
    "Decision",
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
