"""Fresh NumPy arrays of bytes the encodings keep (a mask's bytes), each its own writable
copy: made by NumPy here; by the native module of the same name where the compiled build
carries it (``arrays.pyx``, built with Cython: the same array, without NumPy's buffer
protocol round trip on the research step's path)."""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

NATIVE: Final = False  # this module is the pure one


def int8_array(data: bytes) -> npt.NDArray[np.int8]:
    """``data`` as a new, writable int8 array of its own (a copy)."""
    return np.frombuffer(bytearray(data), np.int8)
