"""``bohnen serve``: the online table on this machine (uvicorn), its tables kept in an
SQLite file in the user's data folder unless ``--db`` names another log: another
SQLite file, or a PostgreSQL database shared by several server processes (the
``postgres`` extra)."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Annotated

import platformdirs
import typer
import uvicorn

from bohnen.core.files import excerpt
from bohnen.server.app import create_app
from bohnen.server.database import is_postgres
from bohnen.server.log import SYNCHRONOUS
from bohnen.server.logbase import hide_password

WS_MAX_BYTES = 16_384  # a client's frame is at most 4,000 characters (UTF-8: 16,000 bytes)


def default_db() -> Path:
    """The log in the user's data folder (made if need be)."""
    folder = Path(platformdirs.user_data_dir("bohnen", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "tables.sqlite"


def db_path(url: str | None) -> Path | str:
    """The log a ``--db`` value names: an SQLite file (a path or ``sqlite:///path``), or
    a PostgreSQL URL as given."""
    if url is None:
        return default_db()
    if is_postgres(url) or ("://" in url and not url.startswith("sqlite:///")):
        return url  # the log's opener names what it does not know
    path = Path(url.removeprefix("sqlite:///") if url.startswith("sqlite:///") else url)
    if path.is_dir():
        raise ValueError(f"--db {url}: is a folder; give the log's file")
    if not path.parent.is_dir():
        raise ValueError(f"--db {url}: no folder {path.parent}")
    return path


def check_free(host: str, port: int) -> None:
    """``ValueError`` naming the address unless this process may listen there."""
    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        why = ("is in use (choose another with --port)" if exc.errno == errno.EADDRINUSE
               else f"cannot be listened on: {exc.strerror}")
        raise ValueError(f"{host}:{port} {why}") from exc


def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65_535, help="The port.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="The tables' log: an SQLite file (default: tables.sqlite in your data "
             "folder), or postgresql://… shared by several server processes (pip "
             "install 'bohnen\\[postgres]').", metavar="URL")] = None,
    synchronous: Annotated[str | None, typer.Option(
        help="What a move written to an SQLite log survives: normal (the default): a "
             "crash or kill of the server; full: a power cut too, each move waiting "
             "for the disk.", metavar="normal|full")] = None,
) -> None:
    """Serve the online table: play in the browser with friends and bots."""
    if synchronous is not None and synchronous not in SYNCHRONOUS:
        raise ValueError(f"--synchronous is {' or '.join(SYNCHRONOUS)}, not "
                         f"{excerpt(synchronous)}")
    path = db_path(db)
    check_free(host, port)
    app = create_app(path, settle=True, synchronous=synchronous)
    shown = f"[{host}]" if ":" in host else host
    where = hide_password(path) if isinstance(path, str) else path
    typer.echo(f"bohnen: serving at http://{shown}:{port}/ (tables kept in {where}); "
               "open it in a browser, Ctrl+C stops", err=False)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=WS_MAX_BYTES)
