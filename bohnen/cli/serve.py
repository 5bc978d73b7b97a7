"""``bohnen serve``: the online table on this machine (uvicorn), its tables kept in an
SQLite file in the user's data folder unless ``--db`` names another log: another
SQLite file, or a PostgreSQL database shared by several server processes (the
``postgres`` extra).

The data folder is its owner's alone (0700, tightened with a notice if it was not),
and so is the log's file (:mod:`bohnen.server.logfile`); one server process at a time
keeps its tables in an SQLite file. ``bohnen serve --check`` rebuilds every
unfinished table of the log and lists those a server would set aside, serving
nothing."""

from __future__ import annotations

import errno
import re
import socket
from pathlib import Path
from typing import Annotated, Any

import platformdirs
import typer

from bohnen.core.files import excerpt
from bohnen.server import audit
from bohnen.server.app import create_app
from bohnen.server.connections import fit_descriptors, run
from bohnen.server.database import is_postgres, open_log
from bohnen.server.limits import Limits, option_name
from bohnen.server.log import SYNCHRONOUS, TableLog
from bohnen.server.logbase import hide_password
from bohnen.server.logfile import private_folder
from bohnen.server.offer import probe, server_bots

_DEFAULT = Limits()
LIMITS = "Limits (what a client may make the server spend)"


def _limit(name: str, text: str) -> Any:
    """The option of limit ``name`` (its range is checked by :class:`Limits`), in the
    help's panel of limits."""
    return typer.Option(f"--{option_name(name)}", help=text, rich_help_panel=LIMITS)


def operator_bots(given: list[str]) -> dict[str, str]:
    """The bots of ``--bot NAME=SPEC``, by name; ``ValueError`` naming a bad one."""
    bots: dict[str, str] = {}
    for item in given:
        name, eq, spec = item.partition("=")
        name = name.strip().lower()
        if not eq or not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", name) or not spec.strip():
            raise ValueError(f"--bot is NAME=SPEC (a name of letters, digits, - and _, "
                             f"then a bot spec), not {excerpt(item)}")
        if name in bots:
            raise ValueError(f"--bot {name} is given twice")
        bots[name] = spec.strip()
    return bots


def default_db() -> Path:
    """The log in the user's data folder (made if need be, for its owner alone)."""
    folder = Path(platformdirs.user_data_dir("bohnen", appauthor=False))
    try:
        private_folder(folder)
    except OSError as exc:
        raise ValueError(f"cannot make the data folder {folder}: {exc.strerror or exc}"
                         ) from None
    return folder / "tables.sqlite"


def check_log(path: Path | str) -> int:
    """``bohnen serve --check``: every unfinished table of the log at ``path`` rebuilt,
    each that would be set aside printed with its reason (and what SQLite finds wrong
    in its file); 0 if all are good, else 1."""
    if isinstance(path, Path) and not path.is_file():
        raise ValueError(f"no log at {path}")
    log = open_log(path)
    try:
        faults = log.check_file() if isinstance(log, TableLog) else []
        count, bad = audit.check(log)
    finally:
        log.close()
    where = hide_password(path) if isinstance(path, str) else path
    for fault in faults:
        typer.echo(f"{where}: {fault}")
    for table in bad:
        typer.echo(f"table {table.table_id} would be set aside: {table.reason}")
    typer.echo(f"{count} unfinished table(s) in {where}: {count - len(bad)} good, "
               f"{len(bad)} bad" + (f"; the file: {len(faults)} fault(s)" if faults else ""))
    return 1 if bad or faults else 0


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
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="A name the server is reached by (the Host header), besides the address "
             "it listens on; again for each name (behind a proxy: the public name).",
        metavar="NAME")] = None,
    bot: Annotated[list[str] | None, typer.Option(
        help="A bot the tables may seat by NAME, as SPEC (say strong=policy:model="
             "/srv/model.zip): the only way a bot that reads a file of this server "
             "plays online; again for each bot.", metavar="NAME=SPEC")] = None,
    max_connections: Annotated[int, _limit("max_connections",
        "Connections at once, in all.")] = _DEFAULT.max_connections,
    max_per_client: Annotated[int, _limit("max_connections_per_client",
        "Connections at once from one address.")] = _DEFAULT.max_connections_per_client,
    header_timeout: Annotated[float, _limit("header_seconds",
        "Seconds a client has to send a request's headers.")] = _DEFAULT.header_seconds,
    idle_timeout: Annotated[float, _limit("idle_seconds",
        "Seconds an idle HTTP connection is kept.")] = _DEFAULT.idle_seconds,
    ping_timeout: Annotated[float, _limit("ping_seconds",
        "Seconds a WebSocket client has to answer a ping.")] = _DEFAULT.ping_seconds,
    max_body: Annotated[int, _limit("max_body_bytes",
        "Bytes of a request's body, at most.")] = _DEFAULT.max_body_bytes,
    max_waiting_frames: Annotated[int, _limit("watcher_frames",
        "Frames that may wait for a client that does not read them before it is "
        "dropped.")] = _DEFAULT.watcher_frames,
    max_tables: Annotated[int, _limit("max_tables",
        "Unfinished tables at once.")] = _DEFAULT.max_tables,
    tables_per_minute: Annotated[float, _limit("tables_per_minute",
        "Tables one address may set up a minute, on average.")] = _DEFAULT.tables_per_minute,
    tables_burst: Annotated[int, _limit("tables_burst",
        "Tables one address may set up at once.")] = _DEFAULT.tables_burst,
    expire_after: Annotated[float, _limit("expire_hours",
        "Hours after which a table nobody touched is closed.")] = _DEFAULT.expire_hours,
    bot_seconds: Annotated[float, _limit("bot_seconds",
        "Seconds a bot may think over a move, at most.")] = _DEFAULT.bot_seconds,
    bot_iterations: Annotated[int, _limit("bot_iterations",
        "Iterations a search bot may run for a move, at most.")] = _DEFAULT.bot_iterations,
    bot_tables: Annotated[bool, typer.Option(
        help="Whether a client may set up a table of bots alone.",
        rich_help_panel=LIMITS)] = _DEFAULT.bot_tables,
    token_days: Annotated[float, _limit("token_days",
        "Days a seat's token, an invitation or the host's token stays good.")
        ] = _DEFAULT.token_days,
    check: Annotated[bool, typer.Option(
        "--check", help="Serve nothing: check the log (rebuild every unfinished table "
        "and list each that a server would set aside, with the reason); exit 0 if all "
        "are good, 1 if not.")] = False,
) -> None:
    """Serve the online table: play in the browser with friends and bots."""
    if check:
        raise typer.Exit(check_log(db_path(db)))
    if synchronous is not None and synchronous not in SYNCHRONOUS:
        raise ValueError(f"--synchronous is {' or '.join(SYNCHRONOUS)}, not "
                         f"{excerpt(synchronous)}")
    limits = Limits(max_connections, max_per_client, header_timeout,
                    idle_timeout, ping_timeout, max_body, max_waiting_frames, max_tables,
                    tables_per_minute, tables_burst, expire_after, bot_seconds,
                    bot_iterations, bot_tables, token_days)
    path = db_path(db)
    check_free(host, port)
    fit_descriptors(limits)
    bots, notes = probe(server_bots(operator_bots(bot or [])))
    for note in notes:
        typer.echo(f"bohnen: {note}", err=True)
    app = create_app(path, settle=True, synchronous=synchronous, limits=limits,
                     allowed_hosts=allowed_host or (), bots=bots)
    shown = f"[{host}]" if ":" in host else host
    where = hide_password(path) if isinstance(path, str) else path
    typer.echo(f"bohnen: serving at http://{shown}:{port}/ (tables kept in {where}); "
               "open it in a browser, Ctrl+C stops", err=False)
    run(app, host, port, limits)
