"""What a ``view`` frame of the online table costs to make and send, and what its legal
moves as moves (``moves``: JSON, words, notation) and the terms of the seat's proposals
(``terms``) add to it.

Run: ``python bench/view_frame.py [--game G] [--players P] [--positions N] [--json]``.
A table (on an SQLite log in a temporary folder) is played at random, as the load
bench's people play (Bohnanza with turn-based trading by default); at ``--positions``
positions along the way, each seat's and the spectator's view frame is made and
turned into its JSON text (``session.encode``), as the server does for every watcher
after every step, and timed, ``--rounds`` times each (the least kept). The part the
moves and the terms add is timed apart: the legal moves as moves
(``core.moves.legal_moves``) and the terms (``State.proposal_terms``), with the
characters they add to the frame's text. Prints microseconds a frame and the share
the new fields take; the figures go to docs/online.md ("Load"). Never part of the
test run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bohnen.core import get_game
from bohnen.core.moves import legal_moves
from bohnen.core.protocol import flag
from bohnen.server.database import open_log
from bohnen.server.session import encode
from bohnen.server.table import Table


def _best(work: Callable[[], object], rounds: int) -> float:
    """The least time of ``rounds`` runs of ``work``, in microseconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def measure(game: str, players: int, positions: int, rounds: int, seed: int,
            options: dict[str, object]) -> dict[str, float]:
    """The figures of one run (see the module)."""
    with tempfile.TemporaryDirectory() as folder:
        log = open_log(Path(folder) / "t.sqlite")
        rules = get_game(game)
        table = Table.create(log, "bench", game, rules.options(players, **options).to_json(),
                             seed)
        rng = random.Random(seed)
        timed: list[tuple[float, float, int, int]] = []
        while len(timed) < positions * (players + 1) and not table.state.is_over:
            timed += [_viewer(table, viewer, rounds) for viewer in [*range(players), None]]
            _play(table, rng, rng.randint(1, 6))
        log.close()
    whole, added, chars, added_chars = zip(*timed, strict=True)
    return {"frames": len(whole), "frame_us_mean": statistics.fmean(whole),
            "frame_us_p50": statistics.median(whole),
            "added_us_mean": statistics.fmean(added),
            "added_share": statistics.fmean(added) / statistics.fmean(whole),
            "chars_mean": statistics.fmean(chars),
            "added_chars_mean": statistics.fmean(added_chars)}


def _viewer(table: Table, viewer: int | None, rounds: int) -> tuple[float, float, int, int]:
    """For ``viewer``'s view frame now: the time to make and encode it, the time its
    moves and terms take, its characters, and those its moves and terms add."""
    whole = _best(lambda: encode(table.view_frame(viewer)), rounds)
    frame = table.view_frame(viewer)
    chars = len(encode(frame))
    bare = len(encode({**frame, "moves": [], "terms": None}))
    if viewer is None:
        return whole, 0.0, chars, chars - bare
    state, seat = table.state, viewer
    view, actions = state.view(seat), state.legal_actions(seat)
    added = _best(lambda: (legal_moves(table.game, view, actions), state.proposal_terms(seat)),
                  rounds)
    return whole, added, chars, chars - bare


def _play(table: Table, rng: random.Random, moves: int) -> None:
    """``moves`` random moves (a trade closed half the time it may be)."""
    for _ in range(moves):
        state = table.state
        if state.is_over:
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        closing = [a for a in legal if flag(a, "ends_trading")]
        move = closing[0] if closing and rng.random() < 0.5 else rng.choice(legal)
        assert table.accept(seat, str(move)).ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bohnanza")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options: dict[str, object] = {"trading": "turn_based"} if args.game == "bohnanza" else {}
    figures = measure(args.game, args.players, args.positions, args.rounds, args.seed,
                      options)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{args.game}, {args.players} players: {figures['frames']:.0f} view frames")
    print(f"  a view frame, made and encoded: {figures['frame_us_mean']:7.1f} µs "
          f"(median {figures['frame_us_p50']:.1f}), {figures['chars_mean']:,.0f} characters")
    print(f"  of which moves and terms:       {figures['added_us_mean']:7.1f} µs "
          f"({figures['added_share']:.0%}), {figures['added_chars_mean']:,.0f} characters")


if __name__ == "__main__":
    main()
