"""The import contracts of pyproject.toml (``lint-imports``) hold: the layers (core <
games < bots < sim < tui < cli), the layers above the games reaching them only through
the registry, and no import cycle anywhere in ``bohnen``.

CI runs ``lint-imports`` itself; this test keeps the contracts in every test run too,
so that a cycle or an import upwards shows up where a developer runs the tests.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parents[2]


def test_the_three_contracts_are_configured() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    kinds = sorted(c["type"] for c in config["tool"]["importlinter"]["contracts"])
    assert kinds == ["acyclic_siblings", "forbidden", "layers"]


def test_every_import_contract_is_kept(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                        no_logo=True)
    assert code == 0, capsys.readouterr().out
