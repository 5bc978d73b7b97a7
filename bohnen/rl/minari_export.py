"""A dataset of ``bohnen dataset`` as a Minari dataset (``bohnen dataset ... --minari
NAME``; the ``rl`` extra brings Minari).

Minari's episode is one agent's trajectory in a single-agent environment: N actions,
rewards, terminations and truncations, and N + 1 observations (the last one that of the
ended episode). A game of bohnen has several seats, so each seat's rows of a game are
one episode: its observations (then the ``final_observation`` of its last row), its ids
(``action_id``), rewards and flags; the infos carry each observation's
``action_mask`` (all zero for the ended game's). An episode's ``options`` name the game,
the seat and its bot; its ``seed`` is the game's. The observation space is the
encoding's box, the action space its ids (``Discrete``).

A seat's trajectory with an action beyond the encoding's caps (``action_id`` -1) is not
an episode of Minari (no id says what it did): it is left out, and counted.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from bohnen.rl.dataset import file_metadata, files_of, read
from bohnen.rl.encodings import make_encoding


@dataclass(frozen=True, slots=True)
class Exported:
    """What the export wrote: Minari's dataset id, the episodes written and those left
    out (an action beyond the caps)."""

    dataset_id: str
    episodes: int
    left_out: int


def episodes_of(table: pa.Table) -> dict[tuple[int, int], list[int]]:
    """Each (game, seat)'s rows in ``table``, in order (the game's rows are in order)."""
    games = table.column("game_index").to_pylist()
    seats = table.column("seat").to_pylist()
    found: dict[tuple[int, int], list[int]] = {}
    for row, key in enumerate(zip(games, seats, strict=True)):
        found.setdefault(key, []).append(row)
    return found


def check_name(dataset_id: str) -> None:
    """``ValueError`` unless ``dataset_id`` is a Minari dataset id not yet taken (checked
    before a dataset is played, not after)."""
    from minari.dataset.minari_dataset import parse_dataset_id
    from minari.storage.datasets_root_dir import get_dataset_path

    try:
        parse_dataset_id(dataset_id)
    except (ValueError, TypeError):
        raise ValueError(f"--minari {dataset_id}: a Minari dataset id is "
                         "[NAMESPACE/]NAME-vVERSION, e.g. bohnen/ndb/heuristic-v0") from None
    if get_dataset_path(dataset_id).exists():
        raise ValueError(f"--minari {dataset_id}: Minari has a dataset of that id already "
                         f"({get_dataset_path(dataset_id)}): give another name or version")


def to_minari(out: Path, dataset_id: str) -> Exported:
    """Write the dataset in ``out`` as Minari's ``dataset_id`` (under
    ``$MINARI_DATASETS_PATH``); ``ValueError`` saying what is wrong."""
    try:
        import minari
        from gymnasium import spaces
        from minari.data_collector import EpisodeBuffer
    except ImportError as exc:
        raise ValueError(f"the export to Minari needs the rl extra ({exc.name} is "
                         "missing): pip install 'bohnen[rl]'") from None
    check_name(dataset_id)
    meta = file_metadata(files_of(out)[0])
    table = read(out)
    enc = make_encoding(meta["game"], meta["players"])
    low, high = enc.bounds()
    buffers: list[EpisodeBuffer] = []
    left_out = 0
    for (game, seat), rows in episodes_of(table).items():
        made = _episode(table, rows)
        if made is None:
            left_out += 1
            continue
        seed, episode = made
        options = {"game": meta["game"], "game_index": game, "seat": seat,
                   "bot": meta["bots"][seat]}
        buffers.append(EpisodeBuffer(id=len(buffers), seed=seed,
                                     options=options, **episode))
    if not buffers:
        raise ValueError(f"{out}: no episode to export (every seat's trajectory has an "
                         "action beyond the caps, or the dataset has no game)")
    description = (f"bohnen dataset: {meta['game']}, bots {', '.join(meta['bots'])}, "
                   f"options {json.dumps(meta['options'])}, encoding "
                   f"{meta['encoding']} version {meta['encoding_version']}; one episode "
                   "per seat of each game")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no author, permalink nor env
        try:
            minari.create_dataset_from_buffers(
                dataset_id, buffers, algorithm_name=f"bohnen bots {','.join(meta['bots'])}",
                observation_space=spaces.Box(low, high, dtype=np.float32),
                action_space=spaces.Discrete(enc.action_count), description=description,
                data_format="arrow")
        except (ValueError, AssertionError, OSError) as exc:
            raise ValueError(f"--minari {dataset_id}: {exc}") from None
    return Exported(dataset_id, len(buffers), left_out)


class _Episode(TypedDict):
    """One seat's trajectory: the keywords of Minari's ``EpisodeBuffer``."""

    observations: npt.NDArray[np.float32]  # one more than the actions: the last one's
    actions: npt.NDArray[np.int64]
    rewards: list[float]
    terminations: list[bool]
    truncations: list[bool]
    infos: dict[str, npt.NDArray[np.int8]]


def _episode(table: pa.Table, rows: list[int]) -> tuple[int, _Episode] | None:
    """One seat's trajectory (the game's seed, the episode's arrays); None if an action
    has no id."""
    taken = table.take(rows)
    actions = np.asarray(taken.column("action_id").to_pylist(), dtype=np.int64)
    if (actions < 0).any():
        return None
    final = taken.column("final_observation")[len(rows) - 1].as_py()
    observations = np.asarray([*taken.column("observation").to_pylist(), final],
                              dtype=np.float32)
    masks = np.asarray(taken.column("action_mask").to_pylist(), dtype=np.int8)
    masks = np.concatenate([masks, np.zeros((1, masks.shape[1]), np.int8)])
    return int(taken.column("game_seed")[0].as_py()), {
        "observations": observations, "actions": actions,
        "rewards": taken.column("reward").to_pylist(),
        "terminations": taken.column("terminated").to_pylist(),
        "truncations": taken.column("truncated").to_pylist(),
        "infos": {"action_mask": masks}}
