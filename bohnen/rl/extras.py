"""What the environments give beside an observation and a reward: the legal actions in
``info``, the whole state for centralised critics, and the bound of a truncation.

**info.** The seat to act finds in its ``info`` what the engine computes of its moves
(:func:`bohnen.rl.encoding.engine_legal`): ``"legal"``, its legal and any-time actions
as the engine's JSON (``to_json()``, the engine's order, no trade proposals), and
``"terms"``, what it may propose and counter (``State.proposal_terms``: the targets and
limits; None where it may not). The action mask stays in the observation
(``observation["action_mask"]``), where PettingZoo's classic environments keep it and
where its tools look first; ``info`` carries no second copy.

**state.** ``state()`` is the vectors of every seat, seat 0 first, each as the seat
itself sees the game (its own view, with its hand and its own draft), concatenated:
what the seats know together, for a centralised critic trained with every seat's
information. It holds no more than that: the cards still to be drawn, in their order,
are in no seat's view and in no state.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from gymnasium import spaces

from bohnen.core.protocol import AnyState, JSONObject
from bohnen.rl.encoding import Encoding, Observation, legal_json
from bohnen.rl.table import Table


def info_of(state: AnyState, seat: int) -> dict[str, object]:
    """The ``info`` of ``seat``, the seat to act (see the module)."""
    return {"legal": legal_json(state, seat),
            "terms": cast(JSONObject | None, state.proposal_terms(seat))}


def state_space(encoding: Encoding) -> spaces.Box:
    """The space of :func:`state_vector`: every seat's vector, within the encoding's
    bounds."""
    low, high = encoding.bounds()
    players = encoding.players
    return spaces.Box(np.tile(low, players), np.tile(high, players),
                      (players * encoding.observation_size,), np.float32)


def state_vector(table: Table) -> Observation:
    """Every seat's vector, seat 0 first (see the module)."""
    return np.concatenate([table.observe(seat)[0] for seat in range(table.players)])


def check_max_cycles(max_cycles: object) -> int | None:
    """``max_cycles`` as a bound of cycles (a whole number from 1, or None for none);
    ``ValueError`` naming it otherwise."""
    if max_cycles is None:
        return None
    if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
        raise ValueError(f"max_cycles is a whole number from 1, or None, not {max_cycles!r}")
    return max_cycles
