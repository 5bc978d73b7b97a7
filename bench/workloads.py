"""The fixed workloads of issue 38's targets, one per figure, each run in a process of
its own under the code on ``PYTHONPATH`` (an old commit's, the working tree's, or a
compiled copy's): ``bench/targets.py`` starts them, and callgrind counts them.

Run: ``python bench/workloads.py NAME --size N [--seed S] [--collector]``; prints one JSON object:
``units`` (games, iterations, steps or actions done), ``cpu_seconds`` (the worker's
``time.process_time`` over the work alone, not the imports or the set-up), and
``wall_seconds``; with ``--collector``, also the garbage collector's part of the work,
timed by ``gc.callbacks`` (:class:`Collector`: its CPU seconds and collections by
generation), which costs a call at each collection's start and stop, so that the
figures of a run without it are the ones to quote. Every workload plays four players
with random bots, as the issue's table does, and asks the engines only what every
commit since ``a6339fc`` offers (``get_game``, the runner, ``make_bot``, the
environments), so the same script measures the same work under old and new code. A
workload the code under test cannot run exits with status 3 and a one-line reason on
stderr (``Unavailable``); the caller shows its figure as "n/a". Never part of the test
run.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

PLAYERS = 4
UNAVAILABLE = 3  # the exit status of a workload the code under test cannot run
# ``timed(work)`` runs ``work`` under the clocks (and callgrind's probe): its units
Timed = Callable[[Callable[[], int]], int]


class Unavailable(Exception):
    """The code under test lacks what a workload needs (a module, a game, an extra)."""


@dataclass(frozen=True)
class Workload:
    """One figure's work: what it counts, and ``run(size, seed)``, which sets up, then
    calls ``timed`` around the work alone and returns the units done."""

    unit: str
    run: Callable[[int, int, Timed], int]


def runner_games(game_name: str, bot: str) -> Workload:
    """``size`` complete games through the runner, ``bot`` in every seat."""

    def run(size: int, seed: int, timed: Timed) -> int:
        from bohnen.bots import make_bot
        from bohnen.core import get_game
        from bohnen.sim.runner import simulate

        game = get_game(game_name)
        options = game.options(PLAYERS)
        bots = [make_bot(bot, game) for _ in range(PLAYERS)]
        return timed(lambda: simulate(game, options, seed, size, bots).games)

    return Workload("games", run)


def ismcts_iterations(game_name: str, positions: int = 4) -> Workload:
    """``size`` iterations of the ISMCTS bot at each of ``positions`` positions of one
    random game (``bench/ismcts_speed.py``'s positions); counts the iterations made."""

    def run(size: int, seed: int, timed: Timed) -> int:
        from ismcts_speed import positions as spread

        from bohnen.bots import make_bot
        from bohnen.bots.ismcts import IsmctsBot
        from bohnen.core import get_game
        from bohnen.core.bots import Decision

        game = get_game(game_name)
        bot = make_bot(f"ismcts:iterations={size}", game)
        assert isinstance(bot, IsmctsBot)
        decisions = [Decision(seat, state.view(seat), state.legal_actions(seat),
                              state.proposals(seat))
                     for state, seat in spread(game, PLAYERS, seed, positions)]

        def search() -> int:
            done = 0
            for index, decision in enumerate(decisions):
                bot.act(decision, random.Random(seed * 1000 + index))
                assert bot.last is not None
                done += bot.last.iterations
            return done

        return timed(search)

    return Workload("iterations", run)


def aec_steps(setup: str) -> Workload:
    """``size`` AEC steps of one PettingZoo environment (``bench/rl_speed.py``'s loop:
    ``env.last()``, then a random id of the mask; the dead steps at each game's end
    included)."""

    def run(size: int, seed: int, timed: Timed) -> int:
        try:
            import rl_speed
        except ImportError as error:
            raise Unavailable(f"the rl extra is missing ({error.name})") from error
        env = rl_speed.maker(setup, PLAYERS)()

        def step() -> int:
            rl_speed.run([env], size, seed)
            return size

        return timed(step)

    return Workload("steps", run)


def openspiel_actions(game_name: str) -> Workload:
    """``size`` random games through OpenSpiel's Python-game interface (``pyspiel``):
    counts every ``apply_action``, the deck's chance nodes included."""

    def run(size: int, seed: int, timed: Timed) -> int:
        try:
            import pyspiel

            import bohnen.rl.openspiel as openspiel
        except ImportError as error:
            raise Unavailable(f"no OpenSpiel games here ({error.name})") from error
        openspiel.register()
        game = pyspiel.load_game(f"python_bohnen_{game_name}(players={PLAYERS})")
        rng = random.Random(seed)

        def play() -> int:
            actions = 0
            for _ in range(size):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                    else:
                        legal = state.legal_actions()
                        state.apply_action(legal[int(rng.random() * len(legal))])
                    actions += 1
            return actions

        return timed(play)

    return Workload("actions", run)


WORKLOADS: dict[str, Workload] = {
    "ndb": runner_games("ndb", "random"),
    "bohnanza": runner_games("bohnanza", "random:trades=false"),
    "bohnanza-trading": runner_games("bohnanza", "random"),
    "hansa": runner_games("hansa", "random"),
    "ismcts-ndb": ismcts_iterations("ndb"),
    "ismcts-bohnanza": ismcts_iterations("bohnanza"),
    "ismcts-hansa": ismcts_iterations("hansa"),
    "aec-ndb": aec_steps("ndb"),
    "aec-bohnanza": aec_steps("bohnanza"),
    "openspiel-ndb": openspiel_actions("ndb"),
}


def probe() -> tuple[Callable[[], None], Callable[[], None]]:
    """What to call as the work starts and stops: callgrind's client requests where
    ``BOHNEN_BENCH_PROBE`` names the probe library (``bench/instructions.py``), so
    that callgrind counts the work alone; nothing otherwise."""
    path = os.environ.get("BOHNEN_BENCH_PROBE")
    if not path:
        return (lambda: None), (lambda: None)
    library = ctypes.CDLL(path)
    return library.bench_start, library.bench_stop


class Collector:
    """The garbage collector's part of the work: a ``gc.callbacks`` hook that times each
    collection (``time.process_time``, from its start to its stop) and counts them, by
    generation (0 the youngest, 2 the full collections)."""

    GENERATIONS = 3

    def __init__(self) -> None:
        self.seconds = [0.0] * self.GENERATIONS
        self.collections = [0] * self.GENERATIONS
        self._began: float | None = None

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.process_time()
        elif self._began is not None:
            generation = info["generation"]
            self.seconds[generation] += time.process_time() - self._began
            self.collections[generation] += 1
            self._began = None

    def figures(self) -> dict[str, float]:
        """``collector_seconds_g0`` … ``_g2`` and ``collections_g0`` … ``_g2``."""
        return {**{f"collector_seconds_g{g}": s for g, s in enumerate(self.seconds)},
                **{f"collections_g{g}": float(n) for g, n in enumerate(self.collections)}}


def measure(name: str, size: int, seed: int, collector: bool = False
            ) -> dict[str, float | str]:
    """Run workload ``name``: its units, the CPU and wall seconds of the work, the
    garbage collector's part of it where ``collector`` asks (:class:`Collector`), and
    the code that ran it (the folder of ``bohnen``, and how many of its modules loaded
    compiled)."""
    clocks: dict[str, float] = {}
    start, stop = probe()

    def timed(work: Callable[[], int]) -> int:
        hook = Collector()
        if collector:
            gc.callbacks.append(hook)
        start()
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            units = work()
        finally:
            clocks["cpu_seconds"] = time.process_time() - cpu
            clocks["wall_seconds"] = time.perf_counter() - wall
            stop()
            if collector:
                gc.callbacks.remove(hook)
                clocks.update(hook.figures())
        return units

    units = WORKLOADS[name].run(size, seed, timed)
    return {"units": units, **clocks, **code()}


def code() -> dict[str, float | str]:
    """Where ``bohnen`` came from, and the number of its modules loaded compiled."""
    import bohnen

    compiled = [name for name, module in list(sys.modules.items())
                if name.startswith("bohnen") and not name.endswith("__mypyc") and
                not str(getattr(module, "__file__", "") or "").endswith(".py")
                and getattr(module, "__file__", None)]
    return {"code": os.path.dirname(os.path.dirname(str(bohnen.__file__))),
            "compiled_modules": len(compiled)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", choices=list(WORKLOADS))
    parser.add_argument("--size", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--collector", action="store_true",
                        help="also time the garbage collector's collections (gc.callbacks)")
    args = parser.parse_args()
    try:
        figures = measure(args.name, args.size, args.seed, args.collector)
    except Unavailable as error:
        print(error, file=sys.stderr)
        sys.exit(UNAVAILABLE)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
