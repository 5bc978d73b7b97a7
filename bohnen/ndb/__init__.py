"""Nicht die Bohne! (Amigo 1999, Horst-Rainer Rösner): 60 cards, 3 to 6 players.

``GAME`` is the game the registry finds as ``ndb``; the layout of the package is in
docs/ndb.md.
"""

from __future__ import annotations

from bohnen.ndb.builder import build, stacked_deck
from bohnen.ndb.game import GAME, NichtDieBohne
from bohnen.ndb.options import NdbOptions
from bohnen.ndb.state import NdbState

__all__ = ["GAME", "NdbOptions", "NdbState", "NichtDieBohne", "build", "stacked_deck"]
