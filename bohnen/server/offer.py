"""The bots a server seats at its tables, and what a bot spec sent by a client may say.

A spec that comes over the network is hostile: ``ismcts:prior=policy:model=PATH`` once
made the server unpickle a file of the client's choosing, because only the outer bot's
name was checked. So a spec from a client is read into its structure
(:class:`~bohnen.bots.registry.BotSpec`) and every part of it is checked before any bot
is made or any module loaded for it, the specs nested in it included (the search bot's
``prior`` and ``playout``, :func:`~bohnen.bots.registry.bot_refs`), to
:data:`MAX_DEPTH`:

- **the name** is one of the bots offered (:meth:`Offer.names`): the game-agnostic
  random and search bots (:data:`SAFE_BOTS`) and the game's own (its heuristic bot). No
  parameter of theirs names a file (``tests/server/test_hostile_bots.py`` holds every one
  of them to it); a bot that reads a file (the policy bot's ``model``) is never named by
  a client;
- **each parameter** is one of that bot's, given once; a number is bounded: the search
  bot's ``iterations`` and ``seconds`` by the server's limits (``bot_iterations``,
  ``bot_seconds``: :mod:`bohnen.server.limits`), any other by :data:`MAX_NUMBER`;
- **the values** are then checked by making the bot (in the event loop: every offered
  bot is cheap to make and reads nothing).

A refusal says which bot or parameter is not allowed and never depends on the server's
files (no path is ever looked at).

**The operator's bots.** A bot that needs a file plays online only under a name the
operator gives at start (``bohnen serve --bot strong=policy:model=/srv/m.zip``,
:class:`ServerBot`): a client seats it by that name alone (no parameters, and not
inside another bot), and the server's own spec is what the bot is made from, in the
process pool only (:meth:`Offer.resolve`). ``bohnen serve`` makes each such bot once at
start, in a process of its own, for every game (:func:`probe`): it is offered for the
games where it could be made, and a bot made for none stops the start with a message.

**Effort.** A search bot seated online thinks at most ``bot_seconds`` a move: where its
spec gives no ``seconds``, :meth:`Offer.resolve` adds the server's (its iterations are
still its budget when they come first).
"""

from __future__ import annotations

import math
import multiprocessing
import re
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bohnen.bots.registry import (
    BotSpec,
    bot_names,
    bot_params,
    bot_refs,
    make_bot,
    parse_spec,
    spec_name,
)
from bohnen.core.bots import Reads
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.registry import game_names, get_game
from bohnen.server.limits import Limits

SAFE_BOTS = ("random", "ismcts")  # the game-agnostic bots a client may name
SEARCH_BOT = "ismcts"  # its iterations and seconds are bounded by the server's limits
MAX_DEPTH = 2  # bots named inside a bot inside a bot: no deeper
MAX_NUMBER = 5_000  # any other number in a spec (proposals, horizon, patience...)
MAX_BOT_SPEC = 200  # characters of a spec
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


class BotRefused(ValueError):
    """A bot spec this server does not seat; the message says what is not allowed."""


@dataclass(frozen=True, slots=True)
class ServerBot:
    """A bot the operator offers by ``name`` (``bohnen serve --bot NAME=SPEC``), made
    from ``spec``; ``games``: the games it plays (None: not tried, offered for every
    game)."""

    name: str
    spec: str
    games: frozenset[str] | None = None


def server_bots(given: Mapping[str, str] | Iterable[ServerBot] | None) -> list[ServerBot]:
    """The operator's bots, their names checked (a name of letters, digits, ``-`` and
    ``_``, not one of the bots the server offers anyway, each once) and their specs read
    (their bot known); ``ValueError`` naming a bad one."""
    if given is None:
        return []
    bots = (list(given) if not isinstance(given, Mapping)
            else [ServerBot(name, spec) for name, spec in given.items()])
    seen: set[str] = set()
    for bot in bots:
        if not _NAME.fullmatch(bot.name):
            raise ValueError(f"--bot {excerpt(bot.name)}: a bot's name is letters, digits, "
                             "- and _, starting with a letter")
        if bot.name in seen:
            raise ValueError(f"--bot {bot.name} is given twice")
        if bot.name in SAFE_BOTS or bot.name == "heuristic":
            raise ValueError(f"--bot {bot.name}: the server offers a bot of that name "
                             "already; choose another")
        seen.add(bot.name)
        if not any(spec_name(bot.spec) in bot_names(get_game(name)) for name in game_names()):
            raise ValueError(f"--bot {bot.name}={excerpt(bot.spec)}: no game has a bot "
                             f"{excerpt(spec_name(bot.spec))}")
    return bots


def _try(spec: str, game_name: str) -> str | None:
    """In a process of its own: why ``spec`` cannot be made for the game (None: it can)."""
    try:
        make_bot(spec, get_game(game_name))
    except Exception as exc:  # any fault of the bot: it is not offered for that game
        return " ".join(str(exc).split())[:200] or type(exc).__name__
    return None


def probe(bots: Sequence[ServerBot]) -> tuple[list[ServerBot], list[str]]:
    """Each of the operator's bots made for every game, in a process started for it
    (what the bot loads stays out of the server's process); the bots with the games
    each plays, and a line for each game where one could not be made. ``ValueError``
    for a bot made for no game."""
    if not bots:
        return [], []
    names = game_names()
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        faults = {(bot.name, game): pool.submit(_try, bot.spec, game)
                  for bot in bots for game in names}
        results = {key: future.result() for key, future in faults.items()}
    probed, notes = [], []
    for bot in bots:
        games = frozenset(game for game in names if results[bot.name, game] is None)
        if not games:
            reasons = "; ".join(f"{game}: {results[bot.name, game]}" for game in names)
            raise ValueError(f"--bot {bot.name}={excerpt(bot.spec)} plays no game ({reasons})")
        notes += [f"bot {bot.name} is not offered for {game}: {results[bot.name, game]}"
                  for game in names if game not in games]
        probed.append(ServerBot(bot.name, bot.spec, games))
    return probed, notes


@dataclass(frozen=True, slots=True)
class Unseen:
    """The traits of an operator's bot, which is made in the process pool only: it is
    given everything a decision may hold (its view, its proposals)."""

    name: str
    needs_view: bool = True
    proposes: bool = True


class Offer:
    """The bots one server seats (see the module): :meth:`check` a client's spec,
    :meth:`resolve` what a worker makes."""

    def __init__(self, limits: Limits | None = None,
                 bots: Mapping[str, str] | Iterable[ServerBot] | None = None) -> None:
        self.limits = limits or Limits()
        self.operator = {bot.name: bot for bot in server_bots(bots)}

    def names(self, game: AnyGame) -> list[str]:
        """The bots a client may seat at a table of ``game``, by name."""
        own = sorted(set(SAFE_BOTS) | set(game.bots))
        return own + sorted(name for name, bot in self.operator.items()
                            if bot.games is None or game.name in bot.games)

    def is_operator(self, spec: str) -> bool:
        """Whether ``spec`` names one of the operator's bots."""
        return spec_name(spec) in self.operator

    def check(self, spec: object, game: AnyGame) -> str:
        """The spec to seat, checked (see the module), as it is kept; :class:`BotRefused`
        naming what is not allowed."""
        if not isinstance(spec, str) or not spec.strip() or len(spec) > MAX_BOT_SPEC \
                or not spec.isprintable():
            raise BotRefused(f"a bot is a spec of at most {MAX_BOT_SPEC} characters like "
                             f"heuristic or ismcts:iterations=200, not {excerpt(spec)}")
        name = spec_name(spec)
        if name in self.operator:
            return self._operator(spec, name, game)
        return str(self._checked(spec, game, 0))

    def _operator(self, spec: str, name: str, game: AnyGame) -> str:
        if spec.strip().lower() != name:
            raise BotRefused(f"bot {name} is this server's own: it is seated by its name "
                             "alone, without parameters")
        games = self.operator[name].games
        if games is not None and game.name not in games:
            raise BotRefused(f"bot {name} does not play {game.name} at this server; bots "
                             f"are {', '.join(self.names(game))}")
        return name

    def _checked(self, spec: str, game: AnyGame, depth: int) -> BotSpec:
        name = spec_name(spec)
        offered = set(SAFE_BOTS) | set(game.bots)
        if name not in offered:
            raise BotRefused(f"bot {excerpt(name)} is not offered at this server; bots are "
                             f"{', '.join(self.names(game))}")
        try:
            parsed = parse_spec(spec, game)
        except ValueError as exc:
            raise BotRefused(str(exc)) from None
        kinds = bot_params(name, game)
        refs = bot_refs(name, game)
        params: list[tuple[str, str]] = []
        for key, value in parsed.params:
            if any(key == given for given, _ in params):
                raise BotRefused(f"bot {name}: {key} is given twice")
            if key in refs:
                value = self._nested(name, key, value, game, depth)
            else:
                self._bound(name, key, value, kinds[key])
            params.append((key, value))
        checked = BotSpec(name, tuple(params))
        try:
            make_bot(checked, game)
        except (ValueError, TypeError) as exc:
            raise BotRefused(str(exc)) from None
        return checked

    def _nested(self, outer: str, key: str, value: str, game: AnyGame, depth: int) -> str:
        """The spec of parameter ``key`` of bot ``outer``, checked as a spec itself."""
        if depth + 1 > MAX_DEPTH:
            raise BotRefused(f"bot {outer}: {key} names a bot {MAX_DEPTH + 1} levels down: "
                             f"at most {MAX_DEPTH} here")
        if spec_name(value) in self.operator:
            raise BotRefused(f"bot {outer}: {key}={excerpt(value)}: this server's own bots "
                             "sit at a seat, not inside another bot")
        try:
            return str(self._checked(value, game, depth + 1))
        except BotRefused as exc:
            raise BotRefused(f"bot {outer}: {key}: {exc}") from None

    def _bound(self, bot: str, key: str, value: str, kind: type) -> None:
        """A number within the server's bound (a value that is no number is left to the
        bot, which names it)."""
        if kind not in (int, float) or not value.isascii():
            return
        try:
            number = float(value)
        except ValueError:
            return
        if bot == SEARCH_BOT and key == "iterations":
            top = float(self.limits.bot_iterations)
        elif bot == SEARCH_BOT and key == "seconds":
            top = self.limits.bot_seconds
        else:
            top = MAX_NUMBER
        if not math.isfinite(number) or abs(number) > top:
            raise BotRefused(f"bot {bot}: {key} is at most {top:g} at this server, "
                             f"not {excerpt(value)}")

    # --- for the process pool ---------------------------------------------------------

    def resolve(self, spec: str, game: AnyGame) -> str:
        """What a worker makes for a seated ``spec``: an operator's bot's own spec, a
        search bot with the server's ``seconds`` where it gives none."""
        name = spec_name(spec)
        bot = self.operator.get(name)
        if bot is not None:
            return bot.spec
        if name == SEARCH_BOT:
            parsed = parse_spec(spec, game)
            if parsed.get("seconds") is None:
                seconds = ("seconds", f"{self.limits.bot_seconds:g}")
                return str(BotSpec(parsed.name, (*parsed.params, seconds)))
        return spec

    def traits(self, spec: str, game: AnyGame) -> Reads:
        """What the table's side needs of the bot to build its decision: an offered bot
        made here, an operator's bot's traits without making it."""
        name = spec_name(spec)
        if name in self.operator:
            return Unseen(name)
        return make_bot(spec, game)
