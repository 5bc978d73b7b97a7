"""bohnen: the reference digital edition of three bean card games.

A compiled build (mypyc, ``BOHNEN_MYPYC=1`` at build time) carries each compiled
module's ``.py`` file beside its extension. ``BOHNEN_PURE=1`` in the environment makes
this package import those ``.py`` files instead: a finder placed first on
``sys.meta_path`` loads every ``bohnen.*`` module from its source. ``0`` or unset leaves
the import as it is (the compiled modules where there are some); any other value is
refused here, naming the two, by a message and exit status 1 (no traceback). This
module is never compiled: it holds the switch.
:mod:`bohnen.core.build` says which build runs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_file_location
from types import ModuleType

__version__ = "0.1.0"

PURE_VARIABLE = "BOHNEN_PURE"


def pure_requested(value: str | None) -> bool:
    """Whether ``value`` of ``BOHNEN_PURE`` asks for the pure-Python modules: ``"1"``
    does, ``"0"``, empty or unset (None) does not; ``ValueError`` for anything else."""
    if value is None or value in ("", "0"):
        return False
    if value == "1":
        return True
    raise ValueError(f"{PURE_VARIABLE} is 1 (import the pure-Python modules) or 0 (the "
                     f"compiled ones where installed), not {value[:40]!r}")


class SourceFinder:
    """Finds ``bohnen.*`` modules as their ``.py`` files only, never as extensions: what
    ``BOHNEN_PURE=1`` places first on ``sys.meta_path``."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(f"{__name__}.") or path is None:
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            package = os.path.join(entry, name)
            init = os.path.join(package, "__init__.py")
            if os.path.isfile(init):
                return spec_from_file_location(fullname, init,
                                               submodule_search_locations=[package])
            module = f"{package}.py"
            if os.path.isfile(module):
                return spec_from_file_location(fullname, module)
        return None


try:
    PURE = pure_requested(os.environ.get(PURE_VARIABLE))
except ValueError as error:
    # A setting of the whole process, as PYTHONHASHSEED is: refused with its message and
    # exit status 1, never a traceback (the command line cannot catch what its import
    # raises).
    raise SystemExit(f"bohnen: {error}") from None
if PURE and not any(isinstance(finder, SourceFinder) for finder in sys.meta_path):
    sys.meta_path.insert(0, SourceFinder())
