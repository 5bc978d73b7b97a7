# cython: language_level=3
"""The native module of ``arrays.py`` (see it): the same arrays, float for float, made
with NumPy's C API, built with Cython by the compiled build only."""

cimport numpy as cnp
from libc.string cimport memcpy

import numpy as np

cnp.import_array()

NATIVE = True


def int8_array(bytes data):
    """``data`` as a new, writable int8 array of its own (a copy)."""
    cdef cnp.npy_intp size = len(data)
    out = cnp.PyArray_SimpleNew(1, &size, cnp.NPY_INT8)
    memcpy(cnp.PyArray_DATA(out), <const char*>data, size)
    return out


def float32_block(Py_ssize_t size, places, values):
    """A new float32 array of ``size`` floats, zero but for ``values`` at ``places``
    (each place once; as many places as values, ``ValueError`` otherwise), within
    [0, 1]: clipped as ``np.clip`` does where a value lies outside. Values are numbers,
    never NaN."""
    cdef Py_ssize_t count = len(values), i, place
    cdef cnp.npy_intp length = size
    cdef double value
    cdef bint outside = False
    if len(places) != count:
        raise ValueError(f"{len(places)} places for {count} values")
    out = cnp.PyArray_ZEROS(1, &length, cnp.NPY_FLOAT32, 0)
    cdef float* data = <float*>cnp.PyArray_DATA(out)
    for i in range(count):
        place, value = places[i], values[i]
        if place < 0:  # from the end, as NumPy's indexing
            place += size
        if place < 0 or place >= size:
            raise IndexError(f"index {places[i]} is out of bounds for axis 0 with size {size}")
        data[place] = <float>value  # the float32 NumPy's item assignment writes
        outside = outside or value > 1.0 or value < 0.0
    if outside:
        for i in range(size):  # as np.clip: -0.0 and NaN kept
            if data[i] < 0.0:
                data[i] = 0.0
            elif data[i] > 1.0:
                data[i] = 1.0
    return out


def float32_joined(parts):
    """``parts`` (one-dimensional float32 arrays) one after the other in a new array;
    NumPy's ``concatenate`` for anything else."""
    cdef cnp.npy_intp total = 0, offset = 0, length
    cdef cnp.ndarray part
    for item in parts:
        if not isinstance(item, cnp.ndarray):
            return np.concatenate(parts)
        part = item
        if cnp.PyArray_TYPE(part) != cnp.NPY_FLOAT32 or cnp.PyArray_NDIM(part) != 1 \
                or not cnp.PyArray_ISCARRAY_RO(part):  # contiguous, aligned, not swapped
            return np.concatenate(parts)
        total += cnp.PyArray_DIM(part, 0)
    if total == 0:
        return np.concatenate(parts)  # nothing to join (or no parts: NumPy's error)
    out = cnp.PyArray_SimpleNew(1, &total, cnp.NPY_FLOAT32)
    cdef char* data = <char*>cnp.PyArray_DATA(out)
    for item in parts:
        part = item
        length = cnp.PyArray_DIM(part, 0)
        memcpy(data + offset * sizeof(float), cnp.PyArray_DATA(part), length * sizeof(float))
        offset += length
    return out
