"""docs/online.md cannot drift: every request its protocol table names is a route of
the app, every route of the API is in the table, and the limits it states are the
server's."""

from __future__ import annotations

import re
from pathlib import Path

from bohnen.server.app import create_app
from bohnen.server.client_frames import MAX_CHAT
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
