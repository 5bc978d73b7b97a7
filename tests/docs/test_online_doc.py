"""docs/online.md cannot drift: every request its protocol table names is a route of
the app, every route of the API is in the table; every frame its tables of WebSocket
frames name is a frame the server sends (a ``TypedDict`` of bohnen.server.frames) or a
client sends (a model of bohnen.server.client_frames) with the very fields the doc
names, and every frame is in a table; the limits it states are the server's."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from bohnen.server.app import create_app
from bohnen.server.client_frames import CLIENT_FRAMES, MAX_CHAT
from bohnen.server.frames import FRAMES
from bohnen.server.limits import Limits
from bohnen.server.offer import MAX_NUMBER as MAX_BOT_NUMBER
from bohnen.server.session import BURST, MAX_FRAME_CHARS, RATE

LIMITS = Limits()
DOC = Path(__file__).resolve().parents[2] / "docs" / "online.md"


def _routes(tmp_path: Path) -> set[str]:
    """The API's requests, from the app's OpenAPI schema."""
    paths = create_app(tmp_path / "t.sqlite", "secret").openapi()["paths"]
    return {f"{method.upper()} {path}" for path, methods in paths.items()
            for method in methods}


def test_the_protocol_table_names_every_route_of_the_api(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    named = {f"{m} {p.replace('{id}', '{table_id}')}" for m, p in
             re.findall(r"^\| `(GET|POST) (/api/[^` ?]*)", text, re.M)}
    assert named == _routes(tmp_path)


def _frames_table(header: str) -> dict[str, set[str]]:
    """The frames the doc's table under ``header`` names, each with its fields (the
    names in backquotes of the row's first and second cells)."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"| {header} | fields | what |")
    table = text[start:text.index("\n\n", start)].splitlines()[2:]
    named: dict[str, set[str]] = {}
    for row in table:
        cells = row.split("|")
        (frame,) = re.findall(r"`(\w+)`", cells[1])
        assert frame not in named, f"{header} {frame} is named twice"
        named[frame] = set(re.findall(r"`(\w+)`", cells[2]))
    return named


def test_the_table_of_server_frames_is_the_frames_types() -> None:
    assert _frames_table("server frame") == {
        kind: set(typing.get_type_hints(tp)) for kind, tp in FRAMES.items()}


def test_the_table_of_client_frames_is_the_frames_models() -> None:
    assert _frames_table("client frame") == {
        kind: set(model.model_fields) for kind, model in CLIENT_FRAMES.items()}


def test_the_limits_stated_are_the_servers() -> None:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    for stated in [f"at most {MAX_FRAME_CHARS:,} characters and {RATE:g} a second "
                   f"({BURST} at once)", f"at most {MAX_CHAT} characters",
                   f"any other number in a spec is at most {MAX_BOT_NUMBER:,}",
                   f"at most `--bot-iterations` iterations (default "
                   f"{LIMITS.bot_iterations:,})",
                   f"thinks at most `--bot-seconds` a move (default {LIMITS.bot_seconds:g}",
                   f"`--tables-per-minute` on average (default {LIMITS.tables_per_minute:g})",
                   f"`--tables-burst` at once (default {LIMITS.tables_burst})",
                   f"`--max-tables` (default {LIMITS.max_tables:,}",
                   f"`--expire-after` hours (default {LIMITS.expire_hours:g})",
                   f"expires after `--token-days` (default {LIMITS.token_days:g})"]:
        assert stated in text, stated
