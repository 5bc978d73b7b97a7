"""``bohnen games`` and ``bohnen bots``: what can be played, and by whom."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from bohnen.bots import bot_names
from bohnen.bots.registry import bot_params
from bohnen.core import game_names, get_game


def games_command() -> None:
    """List the games with their player counts."""
    table = Table()
    table.add_column("game")
    table.add_column("title")
    table.add_column("players", justify="right")
    for name in game_names():
        game = get_game(name)
        table.add_row(name, game.title, f"{game.min_players}-{game.max_players}")
    Console().print(table)


def bots_command() -> None:
    """List the bots per game with their parameters; a spec is NAME or
    NAME:key=value,... (e.g. random:trades=false, ismcts:seconds=0.5,prior=heuristic)."""
    table = Table()
    table.add_column("game")
    table.add_column("bot")
    table.add_column("parameters (name:key=value,...)")
    for game_name in game_names():
        game = get_game(game_name)
        for bot in bot_names(game):
            params = bot_params(bot, game)
            text = ", ".join(f"{key}={kind.__name__}" for key, kind in params.items())
            table.add_row(game_name, bot, text or "-")
    Console().print(table)
