"""Bohn Hansa (Amigo 2000, Uwe Rosenberg): beans carted between Hanse cities, 3 to 5 players.

The package's layout (docs/hansa.md): ``board.py`` (the board file, beans and cards),
``options.py``, ``data.py`` (the facts of a position), ``actions.py``, ``events.py``,
``rules.py`` with ``flow.py``, ``trading.py`` and ``harvest.py`` (legality and effects),
``legal.py``, ``views.py`` and ``view_types.py``, ``serialize.py``, ``audit.py``,
``determinize.py``, ``search.py`` and ``playout.py``, ``builder.py``, ``state.py``,
``game.py`` (the registry's entry) and ``heuristic/`` (the game's own bot).
"""

from __future__ import annotations

from bohnen.hansa.game import GAME, BohnHansa, stacked_deck
from bohnen.hansa.options import HansaOptions
from bohnen.hansa.state import HansaState

__all__ = ["GAME", "BohnHansa", "HansaOptions", "HansaState", "stacked_deck"]
