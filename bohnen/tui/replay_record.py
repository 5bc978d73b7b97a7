"""A game record opened to be stepped through: the table after any step as an observer
saw it, every hand once the game is over, and the log up to a step.

It opens both kinds of records people keep: a save of ``bohnen play`` (the ``s`` key:
a standard game record with the seating under ``play``) and the record of an online
table (its replay endpoint: the standard record with the table's ``seats``, ``chat``
and ``steps`` beside it). Both are :mod:`bohnen.core.records` records. The record is
played through once when it is opened and its stored result checked, so a bad file is
refused then with a ``RecordError`` naming what was wrong, never later in the middle
of the viewer. A copy of the state is kept every :data:`CHECKPOINT_STEPS` steps (as the
server's replay does), so that any step is a copy and at most that many actions away.

Nothing hidden is shown before the end: a step's table is the spectator's view, and the
log and a step's words are the events as a spectator saw them (a card played face down
stays face down). At the last step of a finished game every hand may be shown: then
:meth:`Replay.seat_views` gives each seat's own view.

Pure Python (no Textual), like :mod:`bohnen.tui.session`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from bohnen.core import GameRecord, RecordError
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState, JSONObject
from bohnen.core.records import check_record_result, read_record_json, start
from bohnen.tui.session import PLAY_KEY, Seating, Session

CHECKPOINT_STEPS = 32  # steps between two kept states
SEATS_KEY = "seats"  # an online record's extra: who sat where, by name
CAUSE_CHARS = 300  # the engine's complaint about an action, quoted in a message


@dataclass(frozen=True, slots=True)
class Replay:
    """A record played through: ``actions`` (one per step), the state after steps 0,
    :data:`CHECKPOINT_STEPS`, 2 × :data:`CHECKPOINT_STEPS`... (copies, never applied
    to), each step's words (its events as a spectator saw them) and each seat's name."""

    game: AnyGame
    record: GameRecord
    names: tuple[str, ...]
    actions: tuple[Action, ...]
    checkpoints: tuple[AnyState, ...]
    words: tuple[tuple[str, ...], ...]
    is_over: bool  # whether the record plays the game to its end

    @property
    def steps(self) -> int:
        """The number of steps: the record's actions (step 0 is the deal)."""
        return len(self.actions)

    def clamp(self, step: int) -> int:
        """``step`` brought within 0 and :attr:`steps`."""
        return max(0, min(self.steps, step))

    def state_at(self, step: int) -> AnyState:
        """The state after ``step`` steps (a fresh copy; ``ValueError`` out of range)."""
        if not 0 <= step <= self.steps:
            raise ValueError(f"the record has steps 0 to {self.steps}, not {step}")
        base = step // CHECKPOINT_STEPS
        state = self.checkpoints[base].clone()
        for action in self.actions[base * CHECKPOINT_STEPS:step]:
            state.apply(action)
        return state

    def shows_hands(self, step: int) -> bool:
        """Whether every hand is shown at ``step``: at the last step of a finished game."""
        return step == self.steps and self.is_over

    def view(self, step: int) -> JSONObject:
        """The table after ``step`` as a spectator saw it (no hidden card)."""
        return dict(self.state_at(step).view(None))

    def seat_views(self, step: int) -> list[JSONObject] | None:
        """Each seat's own view after ``step`` where every hand may be shown (the end
        of a finished game); None before it."""
        if not self.shows_hands(step):
            return None
        state = self.state_at(step)
        return [dict(state.view(seat)) for seat in range(len(self.names))]

    def mover(self, step: int) -> int | None:
        """The seat that made step ``step`` (None for step 0, the deal)."""
        return self.actions[step - 1].seat if step else None

    def step_words(self, step: int) -> list[str]:
        """What step ``step`` did, in words, as a spectator saw it."""
        if step == 0:
            return ["The deal: nobody has moved yet."]
        return list(self.words[step - 1]) or [f"Seat {self.mover(step)} moves."]

    def log_until(self, step: int) -> list[str]:
        """The log up to and with step ``step``: every step's words, in order."""
        return [line for words in self.words[:step] for line in words]


def open_replay(path: str | Path) -> Replay:
    """The record at ``path`` (a save of ``bohnen play`` or an online table's record),
    played through; ``RecordError`` naming what is wrong with the file."""
    data = read_record_json(path)
    try:
        opened = replay_of(GameRecord.from_json(data))
        names = names_of(data, len(opened.names))
    except RecordError as exc:
        message = str(exc)
        raise RecordError(message if str(path) in message else f"{path}: {message}") from None
    return opened if names is None else replace(opened, names=names)


def replay_of_session(session: Session) -> Replay:
    """The game of a session at the terminal, from its start to now."""
    names = tuple(seat_label(session.seating, seat) for seat in range(session.options.players))
    return replay_of(session.record(), names)


def replay_of(record: GameRecord, names: Sequence[str] | None = None) -> Replay:
    """``record`` played through, its result checked (see the module)."""
    game, state = start(record)
    players = len(state.view(None)["players"])
    actions: list[Action] = []
    checkpoints = [state.clone()]
    words: list[tuple[str, ...]] = []
    for index, text in enumerate(record.actions, 1):
        try:
            action: Action = game.parse_action(text)
            events = state.apply(action)
        except ValueError as exc:  # GameError: refused; any other: a fault to name
            cause = str(exc) if len(str(exc)) <= CAUSE_CHARS else f"{str(exc)[:CAUSE_CHARS]}… (cut)"
            raise RecordError(f"action {index} ({excerpt(text)}): {cause}") from None
        actions.append(action)
        words.append(tuple(event.text(None) for event in events))
        if index % CHECKPOINT_STEPS == 0:
            checkpoints.append(state.clone())
    check_record_result(record, state)
    shown = tuple(names) if names is not None else ()
    if len(shown) != players:
        shown = tuple(f"seat {seat}" for seat in range(players))
    return Replay(game, record, shown, tuple(actions), tuple(checkpoints), tuple(words),
                  state.is_over)


def names_of(data: object, players: int) -> tuple[str, ...] | None:
    """Each seat's name as the file of a game of ``players`` seats gives it: a save's
    seating (``play``: a bot's name, or "person"), an online table's ``seats`` (the
    name each sat under); None where it gives none. ``RecordError`` naming a malformed
    one."""
    if not isinstance(data, dict):
        return None
    if PLAY_KEY in data:
        seating = Seating.from_json(data[PLAY_KEY], players)
        return tuple(seat_label(seating, seat) for seat in range(players))
    if SEATS_KEY in data:
        return online_names(data[SEATS_KEY], players)
    return None


def seat_label(seating: Seating, seat: int) -> str:
    """A seat's name in a save: its bot's name, or "person"."""
    spec = seating.bots.get(seat)
    return spec.split(":")[0] if spec is not None else "person"


def online_names(seats: object, players: int) -> tuple[str, ...]:
    """The names of an online record's ``seats`` (``seat``, ``kind``, ``name``,
    ``bot``): the name, else the bot, else the kind; ``RecordError`` if malformed."""
    if not isinstance(seats, list):
        raise RecordError(f"record 'seats' must be a list of seats, not {excerpt(seats)}")
    names = [f"seat {seat}" for seat in range(players)]
    for entry in seats:
        if not isinstance(entry, dict):
            raise RecordError(f"record 'seats': {excerpt(entry)} is not a seat (an object)")
        seat = entry.get("seat")
        if type(seat) is not int or not 0 <= seat < players:
            raise RecordError(f"record 'seats': seat {excerpt(seat)} is not a seat of a "
                              f"{players}-player game (0 to {players - 1})")
        label = next((entry[key] for key in ("name", "bot", "kind")
                      if isinstance(entry.get(key), str) and entry[key]), None)
        if label is not None:
            names[seat] = label
    return tuple(names)
