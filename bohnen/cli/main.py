"""The ``bohnen`` application and its entry point, which turns bad input into one line.

Every command lets ``ValueError`` (``GameError`` included) and ``OSError`` rise;
:func:`main` prints them, and Typer's own usage errors, as a single line on
stderr and exits with code 2 — never with a traceback. The line is cut to
``MAX_MESSAGE`` characters (messages quote short excerpts of what they complain
about, and this bound holds even for one that does not), and characters that a
terminal would act on (escape sequences in a file name, say) are shown escaped.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import typer

import bohnen
from bohnen.cli.catalog import bots_command, games_command
from bohnen.cli.dataset import dataset_command
from bohnen.cli.hansa import hansa_app
from bohnen.cli.play import play_command, resume_last
from bohnen.cli.replay import replay_command
from bohnen.cli.report import report_command
from bohnen.cli.serve import serve_command
from bohnen.cli.simulate import simulate_command
from bohnen.cli.tournament import tournament_command
from bohnen.core.build import build_info
from bohnen.core.registry import game_names, get_game

PROG = "bohnen"
USAGE_EXIT = 2
MAX_MESSAGE = 1000  # characters of the error line after "bohnen: error: "

app = typer.Typer(
    name=PROG,
    help=("Bohnanza and its cousins: play in the terminal, simulate bot games, "
          "run tournaments, replay game records."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("simulate")(simulate_command)
app.command("tournament")(tournament_command)
app.command("report")(report_command)
app.command("replay")(replay_command)
app.command("games")(games_command)
app.command("bots")(bots_command)
app.command("play")(play_command)
app.command("serve")(serve_command)
app.command("dataset")(dataset_command)
app.add_typer(hansa_app, name="hansa")


def _print_version(asked: bool) -> None:
    """``--version``: the version and the build that runs (pure Python or compiled,
    with the compiled modules the games load), then exit."""
    if not asked:
        return
    for name in game_names():
        get_game(name)  # each game's engine imported: its compiled modules loaded
    print(f"{PROG} {bohnen.__version__}\n{build_info().describe()}")
    raise typer.Exit()


@app.callback()
def _main_options(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_print_version,
                                 help="Print the version and the build (pure Python or "
                                      "compiled) and exit."),
) -> None:
    """The options of ``bohnen`` itself, before any command."""


def _click_exception() -> type[Exception]:
    """Click's base exception class, from Typer's bundled Click or from Click itself."""
    for klass in typer.BadParameter.__mro__:
        if klass.__name__ == "ClickException" and issubclass(klass, Exception):
            return klass
    return typer.BadParameter


def _one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line (every run of white space one space, other characters that
    are not printable escaped), at most ``limit`` characters and a note of how long
    it was."""
    line = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in " ".join(text.split()))
    if len(line) <= limit:
        return line
    return f"{line[:limit]}… (cut from {len(line):,} characters)"


def _os_message(exc: OSError) -> str:
    if exc.filename is not None and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc)


def fail(message: str) -> int:
    """Print ``message`` as the single error line and give the exit code for bad input."""
    print(f"{PROG}: error: {_one_line(message)}", file=sys.stderr)
    return USAGE_EXIT


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line on ``argv`` (default: ``sys.argv[1:]``); the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        args = ["--help"]
    args = resume_last(args)
    try:
        code = app(args=args, prog_name=PROG, standalone_mode=False)
    except _click_exception() as exc:
        formatter = getattr(exc, "format_message", None)
        return fail(str(formatter() if callable(formatter) else exc))
    except typer.Abort:
        return fail("aborted")
    except OSError as exc:
        return fail(_os_message(exc))
    except ValueError as exc:  # GameError, RecordError, IllegalActionError... included
        return fail(str(exc))
    return code if isinstance(code, int) else 0


if __name__ == "__main__":
    sys.exit(main())
