"""The build of bohnen: pure Python by default, compiled with mypyc only when asked.

``pip install .``, ``pip wheel .`` and every editable install build pure Python: nothing
to compile, quick to install. With ``BOHNEN_MYPYC=1`` in the environment of a wheel's
build (``BOHNEN_MYPYC=1 pip wheel --no-deps .``), the modules listed in pyproject.toml's
``[tool.bohnen.compiled]`` table are compiled with mypyc into C extensions, which the
wheel carries beside their ``.py`` files (``BOHNEN_PURE=1`` imports those instead, at run
time: ``bohnen/__init__.py``). Where mypyc or a working C compiler (with Python's
headers) is missing, the build says so and goes on pure Python; a module that mypyc or
the compiler refuses fails the build, loudly.

This module is the in-tree build backend (pyproject.toml's ``backend-path``): setuptools'
own, with mypy and NumPy (which the compiled encodings of ``bohnen.rl`` import) added to
the build's requirements when a compiled wheel is asked for, and
editable installs kept pure whatever the environment says. ``setup.py`` asks it for the
extension modules (:func:`compiled_build`). The compiled build writes its C files under
``build/mypyc`` and builds in a temporary folder: no extension nor mypy cache is left in
the source tree.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from setuptools import build_meta as setuptools_backend  # the hooks this one wraps
from setuptools.build_meta import (
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_wheel,
)

__all__ = [
    "build_editable",
    "build_sdist",
    "build_wheel",
    "compiled_build",
    "get_requires_for_build_editable",
    "get_requires_for_build_sdist",
    "get_requires_for_build_wheel",
    "prepare_metadata_for_build_editable",
    "prepare_metadata_for_build_wheel",
    "setuptools_backend",
]

VARIABLE = "BOHNEN_MYPYC"  # 1: compile with mypyc; 0 or unset: pure Python
ONLY = "BOHNEN_MYPYC_ONLY"  # a comma-separated part of the list: compile only those
MYPY = "mypy>=2.3"  # mypyc comes with mypy; the build's requirement when compiling
# what the compiled research modules (bohnen.rl's encodings) import, which mypy's type
# check of the compiled build must find: NumPy, as the rl extra pins it
COMPILED_NEEDS = ("numpy>=2.4",)
# what builds the native modules (pyproject.toml's ``native`` list: a ``.pyx`` beside a
# pure ``.py`` of the same name), compiled with NumPy's C headers
CYTHON = "cython>=3.1"
ROOT = Path(__file__).resolve().parent.parent
SAY = "bohnen build:"

ConfigSettings = dict[str, Any] | None


class BuildError(SystemExit):
    """A build that cannot go on as asked (a bad value, a stale module list): the
    build stops with this message."""

    def __init__(self, message: str) -> None:
        super().__init__(f"{SAY} {message}")


def wanted(environ: Mapping[str, str]) -> bool:
    """Whether ``environ`` asks for a compiled build: ``BOHNEN_MYPYC`` is 1; 0, empty
    or unset is the pure build; any other value stops the build naming those two."""
    value = environ.get(VARIABLE, "")
    if value in ("", "0"):
        return False
    if value == "1":
        return True
    raise BuildError(f"{VARIABLE} is 1 (compile with mypyc) or 0 (pure Python), "
                     f"not {value!r}")


def say(message: str) -> None:
    """A line of the build's own on stderr (pip shows it with ``-v``)."""
    print(f"{SAY} {message}", file=sys.stderr, flush=True)


# --- the backend: setuptools', with mypy required when compiling ---------------------

def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    """setuptools' requirements, and mypy (which brings mypyc) with what the compiled
    modules import (NumPy: :data:`COMPILED_NEEDS`) and Cython (the native modules) when
    compiling."""
    extra = [MYPY, *COMPILED_NEEDS, CYTHON] if wanted(os.environ) else []
    return [*setuptools_backend.get_requires_for_build_wheel(config_settings), *extra]


@contextmanager
def _pure() -> Iterator[None]:
    """The environment of a pure build for the time of a block: an editable install
    imports the source tree itself, where no compiled module may ever land."""
    before = os.environ.get(VARIABLE)
    os.environ[VARIABLE] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ[VARIABLE]
        else:
            os.environ[VARIABLE] = before


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    with _pure():
        return list(setuptools_backend.get_requires_for_build_editable(config_settings))


def prepare_metadata_for_build_editable(metadata_directory: str,
                                        config_settings: ConfigSettings = None) -> str:
    with _pure():
        return str(setuptools_backend.prepare_metadata_for_build_editable(metadata_directory,
                                                                   config_settings))


def build_editable(wheel_directory: str, config_settings: ConfigSettings = None,
                   metadata_directory: str | None = None) -> str:
    with _pure():
        return str(setuptools_backend.build_editable(wheel_directory, config_settings,
                                              metadata_directory))


# --- the list of compiled modules (pyproject.toml) -----------------------------------

def compiled_table(root: Path = ROOT) -> dict[str, Any]:
    """pyproject.toml's ``[tool.bohnen.compiled]``: ``modules`` (dotted names; a package
    stands for every module under it) and ``left-out`` (name -> why it is not compiled)."""
    with (root / "pyproject.toml").open("rb") as file:
        table: dict[str, Any] = tomllib.load(file)["tool"]["bohnen"]["compiled"]
    return table


def _files(root: Path, name: str) -> list[Path]:
    """The module files a dotted ``name`` stands for: its file, or every module of its
    package (subpackages too); ``BuildError`` if there is none."""
    path = root.joinpath(*name.split("."))
    if path.is_dir() and (path / "__init__.py").is_file():
        return sorted(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
    if path.with_suffix(".py").is_file():
        return [path.with_suffix(".py")]
    raise BuildError(f"[tool.bohnen.compiled] names {name}, which is no module of "
                     f"{root.name}")


def compiled_modules(root: Path = ROOT) -> list[str]:
    """The files of the modules to compile, relative to ``root``, in order: those the
    table lists less those it leaves out. ``BuildError`` for a name that is no module,
    a left-out module outside the list, and ``bohnen/__init__.py`` (never compiled: it
    holds the ``BOHNEN_PURE`` switch)."""
    table = compiled_table(root)
    listed = [f for name in table["modules"] for f in _files(root, name)]
    left_out = {f for name in table.get("left-out", {}) for f in _files(root, name)}
    stray = left_out - set(listed)
    if stray:
        raise BuildError(f"[tool.bohnen.compiled] leaves out what it does not list: "
                         f"{', '.join(sorted(str(p.relative_to(root)) for p in stray))}")
    chosen = [f.relative_to(root).as_posix() for f in dict.fromkeys(listed)
              if f not in left_out]
    if "bohnen/__init__.py" in chosen:
        raise BuildError("bohnen/__init__.py holds the BOHNEN_PURE switch: never compiled")
    return chosen


def only(modules: list[str], environ: Mapping[str, str]) -> list[str]:
    """``modules`` cut to those ``BOHNEN_MYPYC_ONLY`` names (dotted, comma-separated;
    a package: all its listed modules), or all of them where it is unset. A try of one
    package, and the build's tests, compile a part; the list stays the one place."""
    names = [n.strip() for n in environ.get(ONLY, "").split(",") if n.strip()]
    if not names:
        return modules
    dotted = {m: m.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
              for m in modules}
    chosen = []
    for name in names:
        part = [m for m, d in dotted.items() if d == name or d.startswith(f"{name}.")]
        if not part:
            raise BuildError(f"{ONLY} names {name}, which the compiled list does not hold")
        chosen.extend(part)
    return list(dict.fromkeys(chosen))


# --- the compiled build --------------------------------------------------------------

_PROBE = "#include <Python.h>\nint bohnen_probe(void) { return 0; }\n"


def compiler_problem(folder: Path) -> str | None:
    """Why no C extension can be compiled here (no compiler, no Python headers: a
    probe that includes ``Python.h`` does not compile in ``folder``), or None."""
    import sysconfig
    from distutils import ccompiler  # setuptools' own (imported above), as mypyc uses
    from distutils import sysconfig as distutils_sysconfig
    from distutils.errors import CCompilerError, DistutilsError

    source = folder / "probe.c"
    source.write_text(_PROBE, encoding="utf-8")
    compiler: Any = ccompiler.new_compiler()
    distutils_sysconfig.customize_compiler(compiler)
    try:
        compiler.compile([str(source)], output_dir=str(folder),
                         include_dirs=[sysconfig.get_paths()["include"]])
    except (CCompilerError, DistutilsError, OSError) as exc:
        return f"the C compiler cannot build an extension here ({exc})"
    return None


# mypyc's C files: setuptools wants an extension's sources relative to setup.py, so
# they are written under setuptools' own build/ (ignored by git), all of them anew at
# each build; the objects and extensions are built in a temporary folder, where no
# extension of an earlier build can slip into the wheel
C_FILES = "build/mypyc"


def _workspace() -> Path:
    """A temporary folder for the compiled build's objects, extensions and mypy cache,
    removed when the build's process ends."""
    folder = Path(tempfile.mkdtemp(prefix="bohnen-mypyc-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


# setup.py's commands that build extensions (not those that only read the metadata,
# run before the wheel's build, nor the sdist's), and those of an editable install
_BINARY = frozenset({"bdist_wheel", "build_ext", "build", "install", "bdist"})
_EDITABLE = frozenset({"editable_wheel", "develop"})


def compiled_build(environ: Mapping[str, str] | None = None,
                   argv: list[str] | None = None) -> tuple[list[Any], dict[str, Any]]:
    """``setup()``'s ``ext_modules`` and ``options`` for the command in ``argv``
    (default: ``sys.argv``): none for a pure build (the default, every editable build,
    a command that builds no extension, and where mypyc or a C compiler is missing: said
    on stderr); the mypyc extensions of the listed modules, built in a temporary folder,
    for a wheel's build with ``BOHNEN_MYPYC=1``. A module mypyc refuses stops the build
    (with mypyc's own errors)."""
    environ = os.environ if environ is None else environ
    commands = set(sys.argv if argv is None else argv)
    if not wanted(environ) or commands & _EDITABLE or not commands & _BINARY:
        return [], {}
    modules = only(compiled_modules(), environ)
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        say(f"{VARIABLE}=1 but mypyc cannot be imported ({exc}): building pure Python")
        return [], {}
    folder = _workspace()
    problem = compiler_problem(folder)
    if problem is not None:
        say(f"{VARIABLE}=1 but {problem}: building pure Python")
        return [], {}
    say(f"compiling {len(modules)} modules with mypyc (the list: pyproject.toml, "
        f"[tool.bohnen.compiled])")
    os.environ["MYPY_CACHE_DIR"] = str(folder / "mypy_cache")
    extensions = mypycify(modules, opt_level="3", target_dir=C_FILES)
    if not environ.get(ONLY, "").strip():
        extensions += native_extensions()
    return extensions, {"build": {"build_base": str(folder / "build")}}


# the native modules' C files (Cython's), written as mypyc's are
NATIVE_C_FILES = "build/cython"


def native_modules(root: Path = ROOT) -> list[str]:
    """The ``.pyx`` files of ``[tool.bohnen.compiled]``'s ``native`` list (dotted names),
    relative to ``root``: each a module whose ``.py`` of the same name is the pure
    build's. ``BuildError`` for a name without both files."""
    chosen = []
    for name in compiled_table(root).get("native", []):
        path = root.joinpath(*name.split("."))
        if not (path.with_suffix(".pyx").is_file() and path.with_suffix(".py").is_file()):
            raise BuildError(f"[tool.bohnen.compiled] names {name} as native: it needs "
                             f"both {name.replace('.', '/')}.pyx and its pure .py")
        chosen.append(path.with_suffix(".pyx").relative_to(root).as_posix())
    return chosen


def native_extensions() -> list[Any]:
    """The native modules' extensions, built with Cython and NumPy's C headers; none
    where Cython or NumPy cannot be imported (said on stderr: their pure modules run)."""
    sources = native_modules()
    if not sources:
        return []
    try:
        import numpy
        from Cython.Build import cythonize
    except ImportError as exc:
        say(f"Cython or NumPy cannot be imported ({exc}): the native modules are left "
            "out (their pure modules run)")
        return []
    from setuptools import Extension

    say(f"compiling {len(sources)} native modules with Cython")
    modules = [Extension(s.removesuffix(".pyx").replace("/", "."), [s],
                         include_dirs=[numpy.get_include()],
                         define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")])
               for s in sources]
    build: Any = cythonize  # untyped
    built: list[Any] = build(modules, build_dir=NATIVE_C_FILES, quiet=True,
                             compiler_directives={"language_level": 3})
    return built


def main() -> None:
    """Print the modules the compiled build compiles and those it leaves out, and why
    (``python _build/bohnen_build.py``)."""
    modules = compiled_modules()
    print(f"compiled ({len(modules)}):")
    print("\n".join(f"  {m}" for m in modules))
    print("left out:")
    for name, why in compiled_table().get("left-out", {}).items():
        print(f"  {name}: {' '.join(str(why).split())}")


if __name__ == "__main__":
    main()
