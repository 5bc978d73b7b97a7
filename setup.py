"""setuptools' build of bohnen (the metadata is pyproject.toml's): pure Python, or the
engines compiled with mypyc when ``BOHNEN_MYPYC=1`` (see _build/bohnen_build.py)."""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "_build"))
from bohnen_build import compiled_build

ext_modules, options = compiled_build()
setup(ext_modules=ext_modules, options=options)
