"""Names of code loaded on first use: ``"package.module"`` or ``"package.module:name"``.

The registries (games, their bots, estimates and terminal screens) name what they
offer by such paths, so that nothing is imported before it is asked for and no layer
imports a higher one to find it.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def load_module(path: str) -> ModuleType:
    """The module ``path`` names (the part before any ``:``)."""
    return importlib.import_module(path.partition(":")[0])


def load(path: str) -> object:
    """The object ``"module:name"`` names (the module itself without ``:name``)."""
    module_name, _, name = path.partition(":")
    module = importlib.import_module(module_name)
    if not name:
        return module
    try:
        return getattr(module, name)
    except AttributeError:
        raise ImportError(f"{module_name} has no {name}") from None
