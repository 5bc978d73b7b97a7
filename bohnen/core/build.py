"""Which build of bohnen runs: pure Python, or compiled with mypyc.

A compiled build (``BOHNEN_MYPYC=1`` when building the wheel: docs/architecture.md, "The
compiled build") installs a C extension beside each compiled module's ``.py`` file;
Python imports the extension first, unless ``BOHNEN_PURE=1`` (:mod:`bohnen`) makes it
import the ``.py`` files. :func:`build_info` tells the three apart: the compiled modules
installed, those actually imported so far, and whether the switch is on. ``bohnen
--version`` prints it.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import bohnen

COMPILED = "compiled (mypyc)"
PURE = "pure Python"


@dataclass(frozen=True, slots=True)
class BuildInfo:
    """The build that runs: ``kind`` is ``"compiled (mypyc)"`` where compiled modules
    are installed and ``BOHNEN_PURE`` does not set them aside, ``"pure Python"``
    otherwise; ``installed``, the modules with a compiled extension in the installed
    package; ``loaded``, those imported as compiled so far (dotted names, sorted)."""

    kind: str
    installed: tuple[str, ...]
    loaded: tuple[str, ...]
    pure_switch: bool

    def describe(self) -> str:
        """The build in a few lines, as ``bohnen --version`` prints it."""
        lines = [f"build: {self.kind}"]
        if not self.installed:
            lines.append("no compiled module installed (a pure install or a source tree)")
        elif self.pure_switch:
            lines.append(f"BOHNEN_PURE=1: the {len(self.installed)} compiled modules "
                         "installed are set aside")
        else:
            lines.append(f"compiled modules loaded: {len(self.loaded)} of "
                         f"{len(self.installed)} installed")
            lines.extend(f"  {name}" for name in self.loaded)
        return "\n".join(lines)


def _module_name(path: Path, root: Path) -> str | None:
    """The dotted name of the extension at ``path`` under the package folder ``root``."""
    for suffix in EXTENSION_SUFFIXES:
        if path.name.endswith(suffix):
            parts = (*path.relative_to(root).parent.parts, path.name.removesuffix(suffix))
            dotted = ".".join(part for part in parts if part != "__init__")
            return f"{bohnen.__name__}.{dotted}".rstrip(".")
    return None


def installed_compiled() -> tuple[str, ...]:
    """The ``bohnen`` modules that have a compiled extension where the package is
    installed (none in a source tree, nor in a pure install)."""
    names: set[str] = set()
    for folder in map(Path, bohnen.__path__):
        for directory, subfolders, files in os.walk(folder):
            subfolders[:] = [d for d in subfolders if d != "__pycache__"]
            for file in files:
                name = _module_name(Path(directory, file), folder)
                if name is not None:
                    names.add(name)
    return tuple(sorted(names))


def is_compiled(module_name: str) -> bool:
    """Whether the imported module ``module_name`` was loaded from a compiled extension."""
    module = sys.modules.get(module_name)
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    return any(origin.endswith(suffix) for suffix in EXTENSION_SUFFIXES)


def loaded_compiled() -> tuple[str, ...]:
    """The ``bohnen`` modules imported so far from compiled extensions."""
    prefix = f"{bohnen.__name__}."
    return tuple(sorted(name for name in list(sys.modules)
                        if name.startswith(prefix) and is_compiled(name)))


def build_info() -> BuildInfo:
    """The build that runs now (see :class:`BuildInfo`)."""
    installed = installed_compiled()
    kind = COMPILED if installed and not bohnen.PURE else PURE
    return BuildInfo(kind, installed, loaded_compiled(), bohnen.PURE)
