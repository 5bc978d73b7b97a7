"""``bohnen play``: a full-screen game at the terminal, against bots or at one keyboard."""

from __future__ import annotations

import math
import os
import random
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from bohnen.cli.game_options import build_options
from bohnen.cli.seats import split_specs
from bohnen.core import get_game
from bohnen.core.files import excerpt
from bohnen.core.rng import derive
from bohnen.tui.registry import check_playable
from bohnen.tui.session import Seating, Session, bot_or_fallback, default_seating

DEFAULT_GAME = "bohnanza"
DEFAULT_BOT = "heuristic"
DEFAULT_DELAY = 0.6
MAX_DELAY = 60.0  # seconds; more would look like a frozen game
FRESH_SEEDS = 10**9  # a fresh seed has at most nine digits, easy to read out and type
MAX_SEED = 2**64 - 1  # the engines use a seed modulo 2**64
SEAT_STREAM = 7  # derive(seed, SEAT_STREAM): the seat drawn for the person
LAST = ""  # --resume without a file: the last game saved automatically


def fresh_seed() -> int:
    """A seed for a new deal, from the system's randomness: every game differs."""
    return secrets.randbelow(FRESH_SEEDS)


def check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"--seed must be from 0 to 2**64-1, not {seed}")
    return seed


def check_delay(delay: float) -> float:
    if not (math.isfinite(delay) and 0 <= delay <= MAX_DELAY):
        raise ValueError(f"--delay must be a number of seconds from 0 to {MAX_DELAY:g}, "
                         f"not {delay}")
    return delay


def drawn_seat(seed: int, players: int) -> int:
    """The person's seat when ``--seat`` is not given: drawn at random from the seed,
    so that the same seed gives the same seat (and the same game)."""
    return random.Random(derive(seed, SEAT_STREAM)).randrange(players)


def resume_last(args: Sequence[str]) -> list[str]:
    """``bohnen play … --resume`` with no file after it (the end of the line, or another
    option next) as ``--resume=`` (the last game saved automatically)."""
    out = list(args)
    if not out or out[0] != "play":
        return out
    for i, arg in enumerate(out):
        if arg == "--":
            break
        if arg == "--resume" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out[i] = "--resume=" + LAST
    return out


def resumed_file(resume: str | None) -> Path | None:
    """The save ``--resume`` names; the last one saved automatically for ``--resume``
    alone (``ValueError`` if there is none)."""
    if resume is None:
        return None
    if resume != LAST:
        return Path(resume)
    from bohnen.tui.autosave import FOLDER, data_dir, last_autosave

    path = last_autosave()
    if path is None:
        raise ValueError(f"--resume: no game in progress was saved in {data_dir() / FOLDER}; "
                         "give the file of a save: --resume FILE")
    return path


def seating_for(players: int, seat: int | None, bots: str | None, hotseat: bool,
                humans: int | None, default_bot: str = DEFAULT_BOT) -> Seating:
    """Who sits where, from the options (``default_bot`` in the bot seats unless
    ``bots`` names them); ``ValueError`` naming a bad one."""
    first = 0 if seat is None else seat
    if not 0 <= first < players:
        raise ValueError(f"--seat {first}: seats are 0 to {players - 1}")
    if hotseat and humans is not None:
        raise ValueError("give --hotseat (everybody) or --humans K, not both")
    count = players if hotseat else (humans if humans is not None else 1)
    if not 1 <= count <= players:
        raise ValueError(f"--humans must be from 1 to {players}, not {count}")
    people = [(first + k) % players for k in range(count)]
    specs = split_specs(bots) if bots is not None else [default_bot]
    if any(not spec for spec in specs):
        raise ValueError(f"--bots {excerpt(bots)}: empty bot spec")
    if count == players:
        if bots is not None:
            raise ValueError("--bots: every seat is played by a person")
        return Seating(tuple(sorted(people)), {})
    return default_seating(players, first, specs, humans=people)


def make_session(game_name: str, players: int | None, seat: int | None, bots: str | None,
                 seed: int | None, hotseat: bool, humans: int | None, options: list[str],
                 resume: Path | None) -> Session:
    """The session the options describe: a new game (dealt by ``seed``, or by a fresh
    seed if None), or the one saved in ``resume``."""
    if resume is not None:
        given = seat is not None or bots is not None or hotseat or humans is not None
        if not given:
            return Session.resume(resume)
        return Session.resume(
            resume, lambda count: seating_for(count, seat, bots, hotseat, humans))
    seed = fresh_seed() if seed is None else check_seed(seed)
    game = get_game(game_name)
    check_playable(game.name)
    count = 4 if players is None else players
    game_options = build_options(game, count, options)
    if seat is None and not hotseat:
        seat = drawn_seat(seed, count)
    # Until a game has its heuristic bot, random bots play (the session's notice says so).
    default_bot = bot_or_fallback(game, DEFAULT_BOT)[0]
    return Session(game, game_options, seed,
                   seating_for(count, seat, bots, hotseat, humans, default_bot))


def play_command(
    game: Annotated[str, typer.Argument(help="bohnanza, ndb or hansa.",
                                        metavar="GAME")] = DEFAULT_GAME,
    players: Annotated[int | None, typer.Option("--players", "-p",
                                                help="Number of seats (default 4).")] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", help="Bots in the other seats, one per seat or one for all (default "
        "heuristic; see `bohnen bots`).", metavar="A,B,C")] = None,
    seat: Annotated[int | None, typer.Option(
        "--seat", help="Your seat, from 0 (default: drawn at random from the seed).")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", help="Seed of the deal (default: a fresh one, shown at the start).")
        ] = None,
    hotseat: Annotated[bool, typer.Option(
        "--hotseat", help="Every seat is a person at this keyboard.")] = False,
    humans: Annotated[int | None, typer.Option(
        "--humans", help="K people at this keyboard (seats from --seat on), bots for "
        "the rest.")] = None,
    resume: Annotated[str | None, typer.Option(
        "--resume", help="Go on with a game saved with the s key; with no FILE, the last "
        "game saved automatically (after every move) that has not ended.",
        metavar="[FILE]")] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="Where the s key saves (default bohnen-GAME-SEED.json, or the "
        "--resume file).", metavar="FILE")] = None,
    delay: Annotated[float, typer.Option(
        "--delay", help=f"Seconds between bot moves (0 to {MAX_DELAY:g}).")] = DEFAULT_DELAY,
    mono: Annotated[bool, typer.Option("--mono", help="No colours (also NO_COLOR).")] = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option as key=value (repeatable).",
        metavar="KEY=VALUE")] = None,
    replay: Annotated[Path | None, typer.Option(
        "--replay", help="Step through a record instead of playing (as `bohnen replay FILE "
        "--watch`).", metavar="FILE")] = None,
) -> None:
    """Play a game full-screen in the terminal (Bohnanza against three bots by default)."""
    if replay is not None:
        if resume is not None:
            raise ValueError("give --replay FILE (watch a record) or --resume FILE (go on "
                             "with it), not both")
        from bohnen.cli.replay import watch_record

        watch_record(replay)
        return
    check_delay(delay)
    resumed = resumed_file(resume)
    session = make_session(game, players, seat, bots, seed, hotseat, humans, option or [],
                           resumed)
    if mono:
        os.environ["NO_COLOR"] = "1"
    from bohnen.tui.app import BohnenApp
    from bohnen.tui.autosave import autosave_path

    path = save if save is not None else resumed
    note = f"Resumed {resumed}." if resume == LAST else ""
    BohnenApp(session, delay=delay, save_path=path, autosave=autosave_path(session),
              note=note).run()
