# cython: language_level=3
"""The native module of ``arrays.py`` (see it): the same arrays, made with NumPy's C API,
built with Cython by the compiled build only."""

cimport numpy as cnp
from libc.string cimport memcpy

cnp.import_array()

NATIVE = True


def int8_array(bytes data):
    """``data`` as a new, writable int8 array of its own (a copy)."""
    cdef cnp.npy_intp size = len(data)
    out = cnp.PyArray_SimpleNew(1, &size, cnp.NPY_INT8)
    memcpy(cnp.PyArray_DATA(out), <const char*>data, size)
    return out
