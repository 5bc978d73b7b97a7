"""Bohnanza (Amigo, original edition): 8 beans, 104 cards, 3 to 5 players."""

from __future__ import annotations

from bohnen.bohnanza.beans import Bean
from bohnen.bohnanza.builder import position, stacked_deck
from bohnen.bohnanza.game import GAME, Bohnanza
from bohnen.bohnanza.options import BohnanzaOptions
from bohnen.bohnanza.state import BohnanzaState

__all__ = ["GAME", "Bean", "Bohnanza", "BohnanzaOptions", "BohnanzaState", "position",
           "stacked_deck"]
