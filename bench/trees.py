"""The code trees a comparison runs: an old commit exported, the working tree, and a
compiled copy of the working tree; and the machine they run on.

- :func:`export`: a commit's ``bohnen`` (and ``bench``) folders, written to a folder.
- :func:`compiled_modules`: which modules the compiled build compiles, read from the one
  place the build keeps the list (``[tool.bohnen.compiled] modules`` in
  ``pyproject.toml``, or a module-level list whose name holds ``COMPILED`` or ``MYPYC``
  in ``setup.py``), unless given.
- :func:`wheel_copy`: the wheel the project's own build makes
  (``BOHNEN_MYPYC=1 pip wheel``), built from a copy of the sources and unpacked under
  ``/tmp``: the build as users get it.
- :func:`compile_copy`: a copy of the working tree's ``bohnen`` under ``/tmp`` with
  those modules compiled by mypyc, kept between runs under a name that hashes the
  sources and the list (so a rerun reuses it, and an edit builds it again). The
  working tree itself never gets a build product (a stale ``.so`` would shadow the
  ``.py``).
- :func:`machine`: the CPU model, the cores, the load and the date, for the figures.

Not a benchmark by itself.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "bohnen-bench-compiled"


class BuildFailed(Exception):
    """The compiled copy could not be built; the message says why (mypyc's last lines)."""


def export(ref: str, into: Path, folders: tuple[str, ...] = ("bohnen", "bench")) -> None:
    """The ``folders`` of commit ``ref`` of this repository, written under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, *folders],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def describe(ref: str) -> str:
    """``ref`` as a short commit id (``ref`` itself where git cannot resolve it)."""
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", ref],
                          capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else ref


def head() -> str:
    """The working tree's commit, with ``+changes`` where files differ from it."""
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "bohnen"],
                           capture_output=True, text=True).stdout.strip()
    return describe("HEAD") + ("+changes" if dirty else "")


def compiled_modules(root: Path = ROOT) -> list[str] | None:
    """The build's list of compiled modules (paths like ``bohnen/ndb/rules.py``), or
    None where ``root`` keeps none. Asked of the build itself where it can say
    (``compiled_modules(root)`` of ``_build/bohnen_build.py``); read otherwise from
    ``[tool.bohnen.compiled]`` in ``pyproject.toml`` (``modules``, less ``left-out``: a
    package's name stands for every module under it), or from a module-level list in
    ``setup.py`` whose name holds ``COMPILED`` or ``MYPYC``."""
    asked = from_build(root)
    if asked:
        return asked
    pyproject = root / "pyproject.toml"
    if pyproject.exists():
        table = tomllib.loads(pyproject.read_text()).get("tool", {}).get("bohnen", {})
        compiled = table.get("compiled", {})
        modules = compiled.get("modules")
        if isinstance(modules, list) and modules:
            left_out = set(expand([str(m) for m in compiled.get("left-out", {})], root))
            return [f for f in dict.fromkeys(expand([str(m) for m in modules], root))
                    if f not in left_out]
    setup = root / "setup.py"
    if setup.exists():
        for node in ast.parse(setup.read_text()).body:
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                if any("COMPILED" in n.upper() or "MYPYC" in n.upper() for n in names):
                    try:
                        value = ast.literal_eval(node.value) if node.value else None
                    except ValueError:
                        continue
                    if isinstance(value, list | tuple) and value:
                        return [as_path(str(m)) for m in value]
    return None


def has_build(root: Path = ROOT) -> bool:
    """Whether the project builds a compiled wheel of its own (``BOHNEN_MYPYC=1``)."""
    setup = root / "setup.py"
    return ((root / "_build" / "bohnen_build.py").exists()
            or (setup.exists() and "BOHNEN_MYPYC" in setup.read_text()))


def from_build(root: Path) -> list[str] | None:
    """The list the build's own ``compiled_modules(root)`` gives, where the build has
    one (``_build/bohnen_build.py``) and it answers."""
    path = root / "_build" / "bohnen_build.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("bohnen_build_for_bench", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
        listed = module.compiled_modules(root)
    except (Exception, SystemExit):  # the build stops with SystemExit on a bad list
        return None
    return [str(m) for m in listed] if isinstance(listed, list) else None


def as_path(module: str, root: Path = ROOT) -> str:
    """A module named by path or by dotted name, as a path: ``bohnen/ndb/rules.py``, or
    ``bohnen/ndb`` for a package (a folder of ``root``)."""
    if module.endswith(".py") or "/" in module:
        return module
    folder = module.replace(".", "/")
    return folder if (root / folder).is_dir() else folder + ".py"


def expand(modules: list[str], root: Path) -> list[str]:
    """``modules`` (paths or dotted names) as files, each folder replaced by the
    ``.py`` files under it."""
    files: list[str] = []
    for module in modules:
        name = as_path(module, root)
        path = root / name
        if path.is_dir():
            files += sorted(p.relative_to(root).as_posix() for p in path.rglob("*.py"))
        else:
            files.append(name)
    return files


def sources_digest(modules: list[str], root: Path = ROOT) -> str:
    """A hash of the ``bohnen`` sources of ``root``, its build files and the module
    list: the name of a build in :data:`CACHE`, so that an edit builds it again."""
    digest = hashlib.sha256("\n".join(modules).encode())
    build = [root / name for name in ("pyproject.toml", "setup.py") if (root / name).exists()]
    for path in [*build, *sorted((root / "_build").rglob("*")),
                 *sorted((root / "bohnen").rglob("*"))]:
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def compile_copy(modules: list[str], log: Path | None = None) -> Path:
    """A copy of the working tree's ``bohnen`` with ``modules`` compiled by mypyc,
    built once per state of the sources (under :data:`CACHE`); raises
    :class:`BuildFailed` with the reason where mypyc fails."""
    modules = [as_path(m) for m in modules]
    tree = CACHE / sources_digest(modules)
    if (tree / "BUILT").exists():
        return tree
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    try:
        build(tree, modules, log)
    except BuildFailed:
        shutil.rmtree(tree, ignore_errors=True)
        raise
    return tree


def build(tree: Path, modules: list[str], log: Path | None) -> None:
    """Copy the working tree's ``bohnen`` into ``tree`` and compile ``modules`` there."""
    shutil.copytree(ROOT / "bohnen", tree / "bohnen",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for name in ("pyproject.toml", "setup.py"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, tree / name)
    files = expand(modules, tree)
    missing = [f for f in files if not (tree / f).is_file()]
    if missing:
        raise BuildFailed(f"no such module in the working tree: {', '.join(missing)}")
    env = {**os.environ, "MYPYC_OPT_LEVEL": os.environ.get("MYPYC_OPT_LEVEL", "3")}
    done = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=tree, env=env,
                          capture_output=True, text=True)
    if log is not None:
        log.write_text(done.stdout + done.stderr)
    if done.returncode != 0:
        lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
        raise BuildFailed("mypyc failed: " + " / ".join(lines[-3:])[:400])
    shutil.rmtree(tree / "build", ignore_errors=True)
    (tree / "BUILT").write_text("\n".join(files) + "\n")


def wheel_copy(log: Path | None = None) -> Path:
    """The working tree as the project's own build compiles it
    (``BOHNEN_MYPYC=1 pip wheel``), its wheel unpacked into a folder, built once per
    state of the sources (under :data:`CACHE`), from a copy of the sources under
    ``/tmp`` so that the working tree gets no build product; raises
    :class:`BuildFailed` with the reason where the build fails."""
    tree = CACHE / sources_digest(["wheel"])
    if (tree / "BUILT").exists():
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="bohnen-wheel-") as folder:
        source, wheels = Path(folder) / "source", Path(folder) / "wheels"
        for folder_name in ("bohnen", "_build"):  # the package, the build's backend
            if (ROOT / folder_name).is_dir():
                shutil.copytree(ROOT / folder_name, source / folder_name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        for path in ROOT.iterdir():
            if path.is_file() and not path.name.startswith("."):
                shutil.copy2(path, source / path.name)
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                               "--no-build-isolation", "-w", str(wheels), str(source)],
                              env={**os.environ, "BOHNEN_MYPYC": "1"}, capture_output=True,
                              text=True)
        if log is not None:
            log.write_text(done.stdout + done.stderr)
        built = sorted(wheels.glob("bohnen-*.whl"))
        if done.returncode != 0 or not built:
            lines = [x for x in (done.stdout + done.stderr).splitlines() if x.strip()]
            raise BuildFailed("pip wheel failed: " + " / ".join(lines[-3:])[:400])
        with zipfile.ZipFile(built[0]) as wheel:
            wheel.extractall(tree)
    compiled = sorted(str(p.relative_to(tree)) for p in (tree / "bohnen").rglob("*.so"))
    if not compiled:
        raise BuildFailed(f"the wheel {built[0].name} holds no compiled module "
                          "(does the build read BOHNEN_MYPYC=1?)")
    (tree / "BUILT").write_text("\n".join(compiled) + "\n")
    return tree


def cpu_model() -> str:
    """The CPU's model name, as the kernel gives it."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    """One line: the CPU, the cores, the load average and the date (UTC)."""
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    date = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return (f"{cpu_model()}, {os.cpu_count()} cores, load {load} (1, 5, 15 min), "
            f"Python {platform.python_version()}, {date}")
