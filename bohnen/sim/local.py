"""The local backend: games in this process (one worker) or in a pool of processes.

Worker processes are started with ``spawn`` (the calling process may run threads,
such as a progress bar's) and ignore SIGINT: Ctrl-C reaches only the calling
process, which cancels the pending chunks and ends the workers at once.

A worker also ends when the calling process dies without a word (SIGKILL, a crash):
a thread of each worker watches its parent, and the worker exits once it has been
handed to another parent. (Else it would wait for ever for work on a pipe that it
holds open itself, and so would the resource tracker of ``multiprocessing``, which
ends once the workers have.)
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from bohnen.sim.schedule import Pairing, chunks
from bohnen.sim.tournament import Done, GameOutcome, TournamentSpec, play_chunk

CHUNKS_PER_WORKER = 8  # enough pieces to balance the load and move the progress bar
MAX_CHUNK = 25  # games; keeps the wait for a chunk short
PARENT_CHECK_SECONDS = 0.5  # how often a worker checks that its parent is alive
ORPHAN_EXIT = 70  # a worker's exit status when its parent died (EX_SOFTWARE)


def chunk_size(games: int, workers: int, most: int = MAX_CHUNK) -> int:
    """Games per chunk: a few chunks per worker, never more than ``most``."""
    return max(1, min(most, games // (workers * CHUNKS_PER_WORKER)))


def _start_worker(parent: int) -> None:
    """The initializer of each worker process: SIGINT ignored, and an end to the worker
    when its parent (the process ``parent``) is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent",
                     daemon=True).start()


def _watch_parent(parent: int, every: float = PARENT_CHECK_SECONDS) -> None:
    """End this process as soon as its parent is no longer ``parent``: a process whose
    parent dies is handed to another (init, or the nearest subreaper)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(ORPHAN_EXIT)


@dataclass(frozen=True, slots=True)
class LocalBackend:
    """``workers`` processes; one worker plays in the calling process, game by game.
    ``max_chunk``: the most games a worker is handed at once (1 for slow games whose
    journal should lose none but those being played when the run is cut short)."""

    workers: int = 1
    name: str = "local"
    max_chunk: int = MAX_CHUNK

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError(f"--workers must be 1 or more, not {self.workers}")
        if self.max_chunk < 1:
            raise ValueError(f"max_chunk must be 1 or more, not {self.max_chunk}")

    def run(self, spec: TournamentSpec, pairings: list[Pairing], done: Done) -> None:
        if self.workers == 1:
            for pairing in pairings:
                done(play_chunk(spec, [pairing]))
            return
        size = chunk_size(len(pairings), self.workers, self.max_chunk)
        self._run_pool(spec, chunks(pairings, size), done)

    def _run_pool(self, spec: TournamentSpec, pieces: list[list[Pairing]], done: Done) -> None:
        context = multiprocessing.get_context("spawn")
        executor = ProcessPoolExecutor(self.workers, mp_context=context,
                                       initializer=_start_worker, initargs=(os.getpid(),))
        try:
            futures: list[Future[list[GameOutcome]]] = [
                executor.submit(play_chunk, spec, piece) for piece in pieces]
            for future in as_completed(futures):
                done(future.result())
        except BaseException:
            _stop(executor)
            raise
        executor.shutdown()


def _stop(executor: ProcessPoolExecutor) -> None:
    """Cancel the pending chunks and end the workers without waiting for running ones."""
    # The standard library has no public way to end running workers before 3.14.
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
