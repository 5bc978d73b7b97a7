"""The sides of a comparison, as ``bench/targets.py`` and ``bench/compare.py`` run them:

- ``old``: an old commit's ``bohnen``, exported to a temporary folder (pure Python);
- ``pure``: the working tree, with ``BOHNEN_PURE=1``;
- ``compiled``: the working tree compiled with mypyc: a copy under ``/tmp`` whose
  the wheel of the project's own build, unpacked (where the project has a compiled
  build: ``--build auto``, the default, or ``wheel``), or a copy whose modules of the
  build's list are compiled by mypyc (``--build mypyc``, or ``--modules``); or a tree
  given with ``--compiled`` (e.g. a wheel installed with ``pip install --target DIR``).
  ``bench/trees.py`` builds them.

Every side runs the working tree's bench scripts (its ``bench/``, not the old
commit's): both sides then do the same work, measured the same way, and a script
that asks what the old code lacks reads "n/a" with the reason instead of measuring
something else. Not a benchmark by itself.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import trees

SIDES = ("old", "pure", "compiled")


@dataclass
class Side:
    """One side of the comparison: its code, its environment, and where it is not
    available, why."""

    name: str
    tree: Path | None
    env: dict[str, str]
    unavailable: str = ""


def environment(pure: bool) -> dict[str, str]:
    """The environment of a worker: ``BOHNEN_PURE=1`` for a pure side, none for the
    compiled one (whatever the caller's shell says)."""
    env = {k: v for k, v in os.environ.items() if k != "BOHNEN_PURE"}
    return {**env, "BOHNEN_PURE": "1"} if pure else env


def add_options(parser: argparse.ArgumentParser, builds: str) -> None:
    """The options that choose the sides and the compiled build."""
    parser.add_argument("--builds", default=builds,
                        help=f"sides to run, of {','.join(SIDES)} (default {builds})")
    parser.add_argument("--build", choices=("auto", "wheel", "mypyc"), default="auto",
                        help="how the compiled side is built: wheel, the project's own "
                             "build (BOHNEN_MYPYC=1 pip wheel, from a copy of the sources); "
                             "mypyc, mypyc on the build's module list in a copy; auto "
                             "(default), wheel where the project has a compiled build "
                             "and --modules is not given, mypyc otherwise")
    parser.add_argument("--modules", default="",
                        help="modules to compile with mypyc (paths or dotted names, "
                             "comma-separated; a package's name is every module under it), "
                             "instead of the build's list")
    parser.add_argument("--compiled", default="",
                        help="a tree whose bohnen is already compiled (e.g. a wheel "
                             "installed with pip install --target DIR)")


def builds(parser: argparse.ArgumentParser, text: str) -> list[str]:
    """The sides named in ``text``, each known (the parser's error otherwise)."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if unknown := sorted(set(names) - set(SIDES)):
        parser.error(f"no side called {', '.join(unknown)}; there are {', '.join(SIDES)}")
    return names


def prepare(args: argparse.Namespace, folder: Path) -> list[Side]:
    """The sides ``args.builds`` asks for, each with its code ready (or the reason it
    is not): the old commit ``args.ref`` exported under ``folder``."""
    sides: list[Side] = []
    for name in args.builds:
        if name == "old":
            side = Side("old", folder / "old", environment(pure=True))
            try:
                trees.export(args.ref, folder / "old", ("bohnen",))
            except subprocess.CalledProcessError as error:
                side.unavailable = f"cannot export {args.ref}: {error.stderr.decode().strip()}"
        elif name == "pure":
            side = Side("pure", trees.ROOT, environment(pure=True))
        else:
            side = compiled_side(args)
        sides.append(side)
    return sides


def compiled_side(args: argparse.Namespace) -> Side:
    """The compiled side: ``--compiled``'s tree, the project's wheel, or a copy built
    with mypyc on the module list (``--build``); with ``--quick``, only a build that is
    cached already."""
    env = environment(pure=False)
    if args.compiled:
        return Side("compiled", Path(args.compiled).resolve(), env)
    wheel = args.build == "wheel" or (args.build == "auto" and not args.modules
                                      and trees.has_build())
    modules = ([trees.as_path(m.strip()) for m in args.modules.split(",") if m.strip()]
               if args.modules else trees.compiled_modules())
    if not wheel and not modules:
        return Side("compiled", None, env, "no module list: the build keeps none "
                    "(its compiled_modules, pyproject's [tool.bohnen.compiled]) "
                    "and no --modules")
    cached = trees.CACHE / trees.sources_digest(["wheel"] if wheel else modules or [])
    if getattr(args, "quick", False) and not (cached / "BUILT").exists():
        return Side("compiled", None, env, "--quick builds nothing: run once without it, "
                    "or give --compiled DIR")
    log = Path(tempfile.gettempdir()) / "bohnen-bench-build.log"
    print("building the wheel (BOHNEN_MYPYC=1 pip wheel)..." if wheel else
          f"compiling {len(modules or [])} modules with mypyc...", file=sys.stderr,
          flush=True)
    try:
        tree = trees.wheel_copy(log) if wheel else trees.compile_copy(modules or [], log)
    except trees.BuildFailed as error:
        return Side("compiled", None, env, f"{error} (the log: {log})")
    return Side("compiled", tree, env)


def compiled_note(sides: list[Side]) -> str:
    """Which modules the compiled side runs compiled (from its build's record)."""
    for side in sides:
        if side.name == "compiled" and side.tree is not None:
            built = side.tree / "BUILT"
            if built.exists():
                return f"{len(built.read_text().split())} modules compiled by mypyc"
            return f"the compiled tree {side.tree}"
    return ""
