"""bohnen.rl.arrays: the fresh arrays of the research step (the native module's where
the compiled build carries it, NumPy's otherwise): a mask's bytes as an int8 array, a
vector's block and the blocks joined as float32 arrays, each equal byte for byte to
what NumPy itself makes of the same input, writable, its own."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bohnen.rl.arrays import float32_block, float32_joined, int8_array


def test_an_int8_array_is_a_writable_copy_of_the_bytes() -> None:
    data = bytes([0, 1, 1, 0, 1] * 20)
    first, second = int8_array(data), int8_array(data)
    assert first.dtype == np.int8 and first.shape == (100,) and first.flags.writeable
    assert first.tobytes() == data and np.array_equal(first, np.frombuffer(data, np.int8))
    first[:] = 0
    assert second.tobytes() == data and first.tobytes() != data  # each its own copy
    assert int8_array(b"").shape == (0,)


def numpys_block(size: int, places: list[int], values: list[float]
                 ) -> npt.NDArray[np.float32]:
    """What NumPy makes: zeros, the values written at their places, clipped to [0, 1]."""
    out = np.zeros(size, np.float32)
    out[places] = values
    return np.clip(out, 0.0, 1.0)


# any number a block is made of (counts over scales, flags, shares), -0.0 and values
# outside [0, 1] too (clipped); never NaN
NUMBERS = st.one_of(st.floats(-3.0, 3.0, allow_nan=False), st.integers(-2, 3),
                    st.sampled_from([0.0, -0.0, 1.0, 1e-50, -1e-50, 1.0000001, 1e30]))


@st.composite
def blocks(draw: st.DrawFn) -> tuple[int, list[int], list[float]]:
    size = draw(st.integers(0, 60))
    places = draw(st.lists(st.integers(0, max(size - 1, 0)), unique=True,
                           max_size=size))
    values = draw(st.lists(NUMBERS, min_size=len(places), max_size=len(places)))
    return size, places, values


@given(blocks())
def test_a_block_is_numpys_zeros_with_the_values_written_and_clipped(
        block: tuple[int, list[int], list[float]]) -> None:
    size, places, values = block
    made = float32_block(size, places, values)
    assert made.dtype == np.float32 and made.shape == (size,) and made.flags.writeable
    assert made.tobytes() == numpys_block(size, places, values).tobytes()  # -0.0 kept


def test_a_block_takes_a_range_of_places_and_refuses_what_does_not_fit() -> None:
    assert float32_block(3, range(3), [0.5, 2.0, -1.0]).tolist() == [0.5, 1.0, 0.0]
    assert float32_block(3, [-1], [0.25]).tolist() == [0.0, 0.0, 0.25]  # from the end
    with pytest.raises(ValueError, match="2 places for 1 values"):
        float32_block(3, [0, 1], [0.5])
    with pytest.raises(IndexError, match="out of bounds"):
        float32_block(3, [3], [0.5])
    first = float32_block(2, [0], [1.0])
    first[0] = 0.0
    assert float32_block(2, [0], [1.0])[0] == 1.0  # each its own array


@given(st.lists(st.lists(NUMBERS, max_size=12), min_size=1, max_size=12))
def test_blocks_joined_are_numpys_concatenation(lists: list[list[float]]) -> None:
    parts = [np.array(values, np.float32) for values in lists]
    joined = float32_joined(parts)
    assert joined.dtype == np.float32 and joined.flags.writeable
    assert joined.tobytes() == np.concatenate(parts).tobytes()
    if joined.size:
        joined[0] = 7.0
        assert float32_joined(parts)[0] != 7.0 or parts[0][0] == 7.0  # a new array


def test_other_arrays_are_joined_as_numpy_joins_them() -> None:
    data = np.arange(10, dtype=np.float32)
    strided = float32_joined((data[::2], data[1:3]))  # not contiguous: NumPy's join
    assert strided.tolist() == [0.0, 2.0, 4.0, 6.0, 8.0, 1.0, 2.0]
    swapped = float32_joined([data.astype(">f4"), data[:1]])
    assert swapped.tolist() == [*data.tolist(), 0.0]
    others: list[Any] = [data[:2], np.arange(2)]  # not float32 arrays: NumPy's join
    assert float32_joined(others).dtype == np.concatenate(others).dtype
    assert float32_joined([data[:0]]).shape == (0,)
    with pytest.raises(ValueError):
        float32_joined([])
