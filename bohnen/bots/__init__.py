"""Game-agnostic bots and their registry."""

from bohnen.bots.random_bot import RandomBot
from bohnen.bots.registry import bot_names, make_bot

__all__ = ["RandomBot", "bot_names", "make_bot"]
