"""Fresh NumPy arrays the encodings make on the research step's path, each its own
writable copy: a mask's bytes as ``int8``, a block of a vector (zero but for some
places) and the blocks joined, as ``float32``. Made by NumPy here; by the native module
of the same name where the compiled build carries it (``arrays.pyx``, built with Cython:
the same arrays, float for float, without NumPy's dispatch, its item assignment's and
its buffer protocol's round trips)."""

from __future__ import annotations

from collections.abc import Sequence
from math import copysign
from typing import Final

import numpy as np
import numpy.typing as npt

NATIVE: Final = False  # this module is the pure one


def int8_array(data: bytes) -> npt.NDArray[np.int8]:
    """``data`` as a new, writable int8 array of its own (a copy)."""
    return np.frombuffer(bytearray(data), np.int8)


def float32_block(size: int, places: Sequence[int], values: Sequence[float]
                  ) -> npt.NDArray[np.float32]:
    """A new float32 array of ``size`` floats, zero but for ``values`` at ``places``
    (each place once; as many places as values, ``ValueError`` otherwise), within
    [0, 1]: clipped as ``np.clip`` does where a value lies outside (a float32 of a
    value within is within). Values are numbers, never NaN."""
    if len(places) != len(values):
        raise ValueError(f"{len(places)} places for {len(values)} values")
    out = np.zeros(size, np.float32)
    # item by item, cheaper than numpy's indexing by a list; a zero is there already
    # (numpy's item assignment costs some hundreds of instructions), but not -0.0
    for place, value in zip(places, values, strict=True):
        if value != 0.0 or copysign(1.0, value) < 0.0:
            out[place] = value
    if values and (max(values) > 1.0 or min(values) < 0.0):
        np.clip(out, 0.0, 1.0, out=out)
    return out


def float32_joined(parts: Sequence[npt.NDArray[np.float32]]) -> npt.NDArray[np.float32]:
    """``parts`` (one-dimensional float32 arrays) one after the other in a new array."""
    return np.concatenate(parts)
