"""The ``bohnen`` command: thin — it parses, calls the engine and prints."""

from bohnen.cli.main import app, main

__all__ = ["app", "main"]
