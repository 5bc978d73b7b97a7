"""bohnen.rl.arrays: a mask's bytes as a fresh int8 array (the native module's where the
compiled build carries it, NumPy's otherwise): equal to the bytes, writable, its own."""

from __future__ import annotations

import numpy as np

from bohnen.rl.arrays import int8_array


def test_an_int8_array_is_a_writable_copy_of_the_bytes() -> None:
    data = bytes([0, 1, 1, 0, 1] * 20)
    first, second = int8_array(data), int8_array(data)
    assert first.dtype == np.int8 and first.shape == (100,) and first.flags.writeable
    assert first.tobytes() == data and np.array_equal(first, np.frombuffer(data, np.int8))
    first[:] = 0
    assert second.tobytes() == data and first.tobytes() != data  # each its own copy
    assert int8_array(b"").shape == (0,)
