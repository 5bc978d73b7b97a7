"""A game being played at the terminal: the state, who sits where, the record, the log.

Pure Python (no Textual), so every rule of play is testable without a screen. The
session holds the game, the human seats and the bots in the other seats, the
actions taken so far in notation (the record), and the events as they happened
(the log, shown to each seat through ``event.text(viewer)``). It never shows a
widget anything but a seat's view.

Take-back follows the online platforms (Board Game Arena): the person may take back
their last move while no other seat has moved since and neither it nor anything it
set off brought chance or hidden cards into play (a card drawn, turned up, dealt or
shuffled: an event whose ``reveals`` is true); pressed again, it goes further back
under the same rule. So nobody can look at a card and then choose again. The rule is
:mod:`bohnen.core.undo`'s, the online table's undo too.

In open trading (Bohnanza's ``trading=open``) several seats may act at once: the bots
act or wait as at the online table, on the session's ``clock``
(:mod:`bohnen.tui.live`), and the person may move whenever it has a move to make.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from bohnen.bots import bot_names, make_bot
from bohnen.core import GameError, GameRecord, RecordError, get_game
from bohnen.core.bots import AnyBot, Decision, Rests, chosen, decision_for
from bohnen.core.files import excerpt, write_atomic
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState, Event, JSONObject, Options
from bohnen.core.records import check_record_result, read_record_json, start
from bohnen.core.rng import derive
from bohnen.core.undo import Step, take_back_refusal
from bohnen.tui import live

HINT_BOT = "heuristic"
FALLBACK_BOT = "random"  # for a game whose heuristic bot is not written yet
PLAY_KEY = "play"  # the extra key of a saved record that names the seats


def bot_or_fallback(game: AnyGame, name: str = HINT_BOT) -> tuple[str, str]:
    """``name`` if ``game`` knows that bot, else the random bot and a note saying so."""
    if name in bot_names(game):
        return name, ""
    return FALLBACK_BOT, (f"no {name} bot for {game.title} yet: "
                          f"the {FALLBACK_BOT} bot stands in")


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: the human seats and a bot spec for every other seat."""

    humans: tuple[int, ...]
    bots: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> JSONObject:
        return {"humans": list(self.humans), "bots": {str(k): v for k, v in self.bots.items()}}

    @classmethod
    def from_json(cls, data: object, players: int) -> Seating:
        """The seating a save stored, for a game of ``players`` seats: every seat a
        person's or a bot's, exactly once; ``RecordError`` naming what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("record 'play' must be an object")
        humans = _seats(data.get("humans"), players, "play.humans")
        if not humans:
            raise RecordError("record 'play.humans' names no seat: at least one seat must "
                              "be played by a person")
        bots = data.get("bots", {})
        if not isinstance(bots, dict):
            raise RecordError("record 'play.bots' must map seats to bot specs")
        seats = _seats([_seat_key(k) for k in bots], players, "play.bots")
        specs = dict(zip(seats, bots.values(), strict=True))
        for seat, spec in specs.items():
            if not isinstance(spec, str) or not spec:
                raise RecordError(f"record 'play.bots': the bot of seat {seat} must be a bot "
                                  f"spec (text), not {excerpt(spec)}")
        both = sorted(set(humans) & set(specs))
        if both:
            raise RecordError(f"record 'play': seat {both[0]} is both a person's "
                              "(play.humans) and a bot's (play.bots)")
        empty = sorted(set(range(players)) - set(humans) - set(specs))
        if empty:
            raise RecordError(f"record 'play': seat {empty[0]} has neither a person nor a bot")
        return cls(humans, specs)


def _seat_key(key: str) -> int | str:
    """A key of ``play.bots`` (JSON keys are text) as a seat number, if it is one."""
    return int(key) if key.isascii() and key.isdigit() and len(key) < 4 else key


def _seats(data: object, players: int, where: str) -> tuple[int, ...]:
    """``data`` as distinct seat numbers of a game of ``players``; ``RecordError`` else."""
    if not isinstance(data, list):
        raise RecordError(f"record '{where}' must be a list of seats, not {excerpt(data)}")
    seen: list[int] = []
    for seat in data:
        if type(seat) is not int:  # a bool is an int in Python: refused too
            raise RecordError(f"record '{where}': {excerpt(seat)} is not a seat number")
        if not 0 <= seat < players:
            raise RecordError(f"record '{where}': seat {seat} is not a seat of a "
                              f"{players}-player game (0 to {players - 1})")
        if seat in seen:
            raise RecordError(f"record '{where}': seat {seat} is named twice")
        seen.append(seat)
    return tuple(seen)


def check_seating(seating: Seating, players: int) -> None:
    """``ValueError`` unless every seat is a human or a bot, exactly once."""
    if not seating.humans:
        raise ValueError("at least one seat must be played by a person")
    for seat in seating.humans:
        if not 0 <= seat < players:
            raise ValueError(f"--seat {seat}: seats are 0 to {players - 1}")
    seats = sorted([*seating.humans, *seating.bots])
    if seats != list(range(players)):
        raise ValueError(f"every seat of {players} needs one player; got seats {seats}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one attempt: ``ok``, the message for the status line."""

    ok: bool
    message: str


class Session:
    """One game at the terminal against bots or between people at one keyboard."""

    def __init__(self, game: AnyGame, options: Options, seed: int, seating: Seating,
                 deck: Sequence[object] | None = None) -> None:
        check_seating(seating, options.players)
        self.live = live.is_live(options)  # several seats may act at once: bots may wait
        if self.live and len(seating.humans) > 1:
            raise ValueError("open trading is played by one person against bots at the "
                             "terminal; use trading=turn_based for people at one keyboard")
        self.game = game
        self.options = options
        self.seed = seed
        self.deck = None if deck is None else list(deck)
        self.seating = seating
        self.bots: dict[int, AnyBot] = {s: make_bot(spec, game) for s, spec in seating.bots.items()}
        hint_bot, self.notice = bot_or_fallback(game)  # notice: for the status line
        self.hinter: AnyBot = make_bot(hint_bot, game)
        self.state: AnyState = game.new_game(options, seed, self.deck)
        self.actions: list[str] = []
        self.steps: list[Step] = []  # one per action
        self.log: list[Event] = []  # events, rendered per viewer
        self.last_viewer = seating.humans[0]
        self.clock: Callable[[], float] = time.monotonic  # the live bots' time
        self.rests = Rests(self.clock())  # live: the bots that wait, and until when

    # --- who acts -------------------------------------------------------------------

    @property
    def humans(self) -> tuple[int, ...]:
        return self.seating.humans

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def bot_to_act(self) -> int | None:
        """A bot seat that is to act now (bots move before people when both may); live,
        the bot the game waits on, if any (:func:`bohnen.tui.live.bot_to_act`)."""
        if self.live:
            return live.bot_to_act(self)
        return next((s for s in self.state.to_act() if s in self.bots), None)

    def human_to_act(self) -> int | None:
        """The person to act now, once no bot is to act; None while bots play or at the
        end. Live, the person with a move of the game to make, whatever the bots do."""
        if self.live:
            return live.person_to_act(self)
        if self.bot_to_act() is not None:
            return None
        return next((s for s in self.state.to_act() if s in self.humans), None)

    def viewer(self) -> int:
        """The seat whose screen is shown: the person to act, else the last one shown."""
        seat = self.human_to_act()
        if seat is not None:
            self.last_viewer = seat
        return self.last_viewer

    def opening(self) -> str:
        """The status line at the start: the seed of the deal, and the notice if any."""
        seed = f"Seed {self.seed} (--seed {self.seed} deals this game again)."
        if not self.notice:
            return f"{seed} ? shows every key."
        return f"{seed} {self.notice[:1].upper()}{self.notice[1:]}."

    def view(self, seat: int) -> JSONObject:
        return dict(self.state.view(seat))

    def counters(self) -> dict[int, int]:
        """Of each proposal made as a counter, the number of the proposal it counters
        (from the log's public events: the views do not say)."""
        out: dict[int, int] = {}
        for event in self.log:
            if event.kind != "proposed":
                continue
            data = event.to_json(None)
            if isinstance(data.get("counter_to"), int):
                out[int(data["pid"])] = int(data["counter_to"])
        return out

    def log_lines(self, viewer: int, count: int | None = None) -> list[str]:
        events = self.log if count is None else self.log[-count:]
        return [event.text(viewer) for event in events]

    # --- moves ------------------------------------------------------------------------

    def choices(self, seat: int) -> list[Action]:
        """The seat's listed legal actions (proposals are built, not listed)."""
        if seat not in self.state.to_act():
            return []
        return list(self.state.legal_actions(seat))

    def any_time_choices(self, seat: int) -> list[Action]:
        """The any-time actions a person at ``seat`` may take now, whoever is to act
        (Bohnanza's harvests and third field, Bohn Hansa's contracts)."""
        if seat not in self.humans or self.state.is_over:
            return []
        return list(self.state.any_time_actions(seat))

    def apply_move(self, action: Action) -> None:
        """Apply a move (a bot's, or a person's already checked as theirs)."""
        self._apply(action)

    def _apply(self, action: Action) -> None:
        events = self.state.apply(action)
        self.rests.step(self.clock())
        self.actions.append(str(action))
        move = str(action).partition(": ")[2] or str(action)
        self.steps.append(Step(action.seat, any(event.reveals for event in events),
                               move=move))
        self.log.extend(events)

    def _decision(self, bot: AnyBot, seat: int) -> Decision[Action]:
        return decision_for(self.state, seat, bot)

    def step_bot(self) -> bool:
        """Let one bot to act make its move; False if no bot is to act (live: if every
        bot to act waits, :func:`bohnen.tui.live.step`)."""
        if self.live:
            return live.step(self, self.clock())
        seat = self.bot_to_act()
        if seat is None:
            return False
        bot = self.bots[seat]
        rng = random.Random(derive(self.seed, 1, seat, len(self.actions)))
        self._apply(chosen(bot, self._decision(bot, seat), rng))
        return True

    def run_bots(self, limit: int = 100_000) -> int:
        """Play bot moves until a person is to act or the game ends; the number played."""
        played = 0
        while played < limit and self.step_bot():
            played += 1
        return played

    def parse(self, seat: int, text: str) -> Action:
        """The action typed by ``seat``: notation with or without the seat, or a list number."""
        text = text.strip()
        if not text:
            raise ValueError("type an action, e.g. a number from the list")
        if text.isdigit():
            return self.choice(seat, int(text))
        head, sep, _rest = text.partition(":")
        if not (sep and head.strip().isdigit()):
            text = f"{seat}: {text}"
        action: Action = self.game.parse_action(text)
        if action.seat != seat:
            raise ValueError(f"you are seat {seat}, not seat {action.seat}")
        return action

    def choice(self, seat: int, number: int) -> Action:
        """The listed action ``number`` (from 1) of ``seat``."""
        listed = self.choices(seat)
        if not listed:
            raise ValueError("you have nothing to do now")
        if not 1 <= number <= len(listed):
            raise ValueError(f"no action {number}: choose 1 to {len(listed)}")
        return listed[number - 1]

    def play(self, seat: int, action: Action) -> Outcome:
        """Apply ``seat``'s action if it is theirs to make: a move when the person is to
        act, an any-time move (a harvest, the third field, a contract) at any moment,
        also while the bots play; a message either way."""
        if self.state.is_over:
            return Outcome(False, "the game is over")
        any_time = seat in self.humans and getattr(action, "any_time", False)
        if seat != self.human_to_act() and not any_time:
            return Outcome(False, f"it is not seat {seat}'s move now")
        try:
            self._apply(action)
        except GameError as exc:
            return Outcome(False, str(exc))
        return Outcome(True, str(action))

    def play_text(self, seat: int, text: str) -> Outcome:
        """Parse and apply what ``seat`` typed; never raises on bad input."""
        try:
            action = self.parse(seat, text)
        except ValueError as exc:
            return Outcome(False, str(exc))
        return self.play(seat, action)

    def hint(self, seat: int) -> Action | None:
        """The heuristic bot's move for ``seat`` now (None if the seat is not to act)."""
        advice = self.advice(seat)
        return None if advice is None else advice[0]

    def advice(self, seat: int) -> tuple[Action, str] | None:
        """The hint for ``seat`` now and the hint bot's one-line reason for it, from the
        terms of its own scoring that decided the move (a bot's ``advise``; "" from a
        bot that gives no reason); None if the seat is not to act. The bot reads only
        the seat's view, so the reason tells the seat nothing it may not know."""
        if seat not in self.state.to_act() or self.state.is_over:
            return None
        rng = random.Random(derive(self.seed, 3, len(self.actions)))
        decision = self._decision(self.hinter, seat)
        advise = getattr(self.hinter, "advise", None)
        if callable(advise):
            action, why = advise(decision, rng)
            return cast(Action, action), str(why)
        return cast(Action, chosen(self.hinter, decision, rng)), ""

    # --- take-back, save, resume ------------------------------------------------------

    def can_take_back(self) -> bool:
        return len(self.humans) == 1

    def take_back(self) -> Outcome:
        """Undo the person's last move, if the take-back rule allows it (see the module)."""
        if not self.can_take_back():
            return Outcome(False, "take-back is only for games against bots")
        refusal = self.take_back_refusal()
        if refusal is not None:
            return Outcome(False, refusal)
        undone = self.actions[-1]
        self._rebuild(self.actions[:-1])
        return Outcome(True, f"took back {undone}")

    def take_back_refusal(self) -> str | None:
        """Why the person's last move cannot be taken back now (None: it can)."""
        return take_back_refusal(self.steps, self.humans[0])

    def _rebuild(self, actions: Sequence[str]) -> None:
        """The game from its start with ``actions`` played: the state, the record, the log."""
        self.state = self.game.new_game(self.options, self.seed, self.deck)
        self.actions = []
        self.steps = []
        self.log = []
        for text in actions:
            self._apply(self.game.parse_action(text))

    def record(self) -> GameRecord:
        result = self.state.result() if self.state.is_over else None
        return GameRecord(self.game.name, self.game.version, self.options.to_json(), self.seed,
                          list(self.actions), self.deck, result)

    def save(self, path: str | Path) -> Outcome:
        """Write the game record (with the seating) to ``path``, atomically: a failed save
        (a full disk, a folder that is not there) keeps the file that was there."""
        data = self.record().to_json()
        data[PLAY_KEY] = self.seating.to_json()
        try:
            write_atomic(path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            return Outcome(False, f"cannot save to {path}: {exc.strerror or exc}")
        return Outcome(True, f"saved to {path}")

    @classmethod
    def resume(cls, path: str | Path,
               seats: Callable[[int], Seating] | None = None) -> Session:
        """The game saved at ``path``, its moves replayed and its stored result checked;
        seated as saved, or by ``seats(players)`` if given. ``RecordError`` if the file
        is no save that replays."""
        data = read_record_json(path)
        record = GameRecord.from_json(data)
        game, _state = start(record)
        options = game.options_from_json(record.options)
        if seats is not None:
            session = cls(game, options, record.seed, seats(options.players), record.deck)
        else:
            try:
                seating = saved_seating(data, options.players) or default_seating(
                    options.players, 0, bot_or_fallback(game)[0])
                session = cls(game, options, record.seed, seating, record.deck)
            except ValueError as exc:  # RecordError included
                raise RecordError(f"{path}: {exc}") from exc
        try:
            session._rebuild(record.actions)
            check_record_result(record, session.state)
        except GameError as exc:  # RecordError included
            raise RecordError(f"{path}: {exc}") from exc
        return session


def saved_seating(data: object, players: int) -> Seating | None:
    """The seating a save of ``bohnen play`` stored in ``data``, if any."""
    if not isinstance(data, dict) or PLAY_KEY not in data:
        return None
    return Seating.from_json(data[PLAY_KEY], players)


def default_seating(players: int, seat: int, bots: str | Sequence[str],
                    humans: Sequence[int] | None = None) -> Seating:
    """Person(s) at ``humans`` (default: ``seat``), bots from ``bots`` in the other seats."""
    people = tuple(sorted(set(humans))) if humans is not None else (seat,)
    others = [s for s in range(players) if s not in people]
    specs = [bots] if isinstance(bots, str) else list(bots)
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise ValueError(f"--bots gives {len(specs)} bots for {len(others)} bot seats; "
                         "give one per bot seat, or one for all")
    return Seating(people, dict(zip(others, specs, strict=True)))


def new_session(game_name: str, players: int, seating: Seating, seed: int,
                overrides: JSONObject | None = None) -> Session:
    """A fresh session of ``game_name``."""
    game = get_game(game_name)
    options = game.options(players, **(overrides or {}))
    return Session(game, options, seed, seating)
