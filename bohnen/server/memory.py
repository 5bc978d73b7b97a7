"""The server process's long-lived objects set aside from the garbage collector.

CPython's collector walks every tracked object in a full collection; in a server under
load (100 tables, 500 connections) most of them are the modules, classes and functions
imported at start-up, which live as long as the process. Walking them paused the event
loop 100 to 120 ms, a few times a minute, and every move that came in meanwhile waited
(docs/online.md, "What weighs"). :func:`settle` imports what the tables will need (every
game, its default bots), collects once, then freezes what is alive (``gc.freeze``): a
full collection then walks only what was made after, and pauses a third as long. It
also lets the youngest generation grow larger before it is collected (:data:`YOUNG`),
so that the collector runs far less often: most of what a move makes is freed at once
by reference counting, and what survives is the tables' own history.

Only objects alive at the call are frozen: the tables, connections and games made
later are collected as usual. ``bohnen serve`` settles once its app has started
(:func:`bohnen.server.app.create_app`, ``settle=True``); a test process does not.
"""

from __future__ import annotations

import gc

from bohnen.bots.registry import make_bot
from bohnen.core.registry import game_names, get_game

WARM_BOTS = ("heuristic", "random")  # the bots a table makes in the event loop (Minds)
# objects made (less those freed) between two collections of the youngest generation:
# CPython's 700 made the collector run some 15 times a second under load, 0.7 s in
# every minute of play in all; at 20,000 it runs every few seconds, 0.1 s a minute
YOUNG = 20_000


def warm_up() -> None:
    """Import every game and the modules of its default bots, as the first table of each
    game would."""
    for name in game_names():
        game = get_game(name)
        for spec in WARM_BOTS:
            make_bot(spec, game)


def settle() -> int:
    """Warm up, collect, then freeze every object alive now, and let the youngest
    generation grow to :data:`YOUNG` objects; how many were frozen."""
    warm_up()
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
    return gc.get_freeze_count()
