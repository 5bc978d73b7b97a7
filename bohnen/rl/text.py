"""A text environment for language-model agents: observations in words, actions in the
game's notation, any of the three games (standard library only, no numpy).

One seat answers at a time: :attr:`TextEnv.seat`. Its observation
(:meth:`TextEnv.observation`, :mod:`bohnen.rl.text_observation`) is built only from
what that seat may know: its view in words (``Game.describe``), the log lines written
for it since its last turn (``Event.text(seat)``), its own legal actions and the fate
of its own refused answers. It answers with one action in notation WITHOUT the seat
(``play R7``, not ``0: play R7``); the environment adds ``"<seat>: "``.

The rules of the turn:

* **Refused answers.** An answer the game cannot parse or forbids leaves the game as
  it was; the seat reads the engine's error and tries again. After ``max_tries``
  refused answers for one decision the environment plays the decision's *default*:
  ``wait`` where the seat may wait, else the seat's first legal action that is not an
  any-time action (else its first legal action). The observation says so.
* **Whose turn.** The game names the seats it waits on (``state.to_act()``); in open
  negotiation (Bohnanza's open trading) several seats may act, and only some of them
  must (``state.must_act()``). Turns rotate: after seat ``s`` answers, the turn goes to
  the first seat after ``s`` in seat order that is in ``to_act()`` and either must act
  or has a move of its own (:func:`bohnen.core.bots.has_move`: a legal action that is
  not an any-time action, or a trade proposal); a seat that may act only by its
  any-time actions (harvesting, buying a field or a contract) is not asked, and is
  offered them when its turn comes.
* **Waiting.** A seat the game is not waiting on (not in ``must_act()``) may always
  answer ``wait``: no engine action, the turn goes on. A seat the game waits on may
  wait only where a seat the game does not wait on has a move of its own (the active
  player in open trading, while the others may still propose or answer), and once only
  until the next action is played: when the turn comes back to it, it must act. So the
  game goes on. Seats that all must act (Nicht die Bohne!'s cards played face down)
  are not offered to wait.
* **Answers.** Where the answer holds one action in square brackets (TextArena's form,
  ``[play R7]``, anywhere in the answer), that action counts; else its first non-empty
  line. Either is trimmed of blanks, backquotes and a closing period (``play R7.``).
  An answer that brackets several different actions, is empty or names a seat is
  refused with a message saying so; the engine's errors are shown in the seatless
  notation the seat writes (never ``<seat>: ...``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bohnen.core import GameError, get_game
from bohnen.core.bots import has_move
from bohnen.core.game import AnyGame
from bohnen.core.protocol import AnyState, Event, flag
from bohnen.core.result import Result
from bohnen.rl.text_observation import WAIT, Choices, Feedback, observation_text

MAX_TRIES = 3  # refused answers per decision before the default is played
PROPOSALS_SHOWN = 8  # trade proposals listed as examples
LOG_LINES = 30  # log lines kept per seat between its turns
SHOWN_CHARS = 200  # of an unreadable answer, shown back to the seat


@dataclass(frozen=True, slots=True)
class Answered:
    """What became of an answer: ``played`` is the notation (without the seat) the game
    took, ``wait``, or ``None`` if refused; ``feedback`` the engine's error, if any;
    ``defaulted`` when the tries ran out and the default was played instead."""

    seat: int
    accepted: bool
    played: str | None
    feedback: str
    defaulted: bool
    done: bool


def without_seat(notation: str) -> str:
    """An action's notation without the leading ``"K: "``."""
    head, sep, rest = notation.partition(":")
    return rest.strip() if sep and head.strip().isdigit() else notation


BRACKETED = re.compile(r"\[([^\[\]]*)\]")  # an action in TextArena's form: [play R7]
SEATED = re.compile(r"\d+\s*:")  # an answer that starts with a seat number


def trim(text: str) -> str:
    """``text`` without blanks, backquotes and closing periods round it."""
    for _ in range(2):  # `play R7`. and play R7.` alike
        text = text.strip().rstrip(".").strip().strip("`")
    return text.strip()


def clean(answer: str) -> str:
    """The action the answer gives (the rule: module docstring); raises ``ValueError``
    where the answer brackets several different actions."""
    bracketed = list(dict.fromkeys(trim(span) for span in BRACKETED.findall(answer)))
    if len(bracketed) > 1:
        shown = ", ".join(f"`[{action}]`" for action in bracketed)
        raise ValueError(f"your answer brackets {len(bracketed)} actions ({shown}): "
                         "answer with one action only")
    if bracketed:
        return bracketed[0]
    for line in answer.splitlines():
        text = trim(line)
        if text:
            return text
    return ""


def unseated(error: str, seat: int, text: str) -> str:
    """The engine's ``error`` about the notation ``"<seat>: <text>"``, in the words of
    the seat, which writes ``text`` without its seat: neither the seat the
    environment added nor the engine's ``<seat>: `` pattern is shown."""
    return error.replace(f"{seat}: {text}", text).replace("<seat>: ", "")


def unreadable(text: str) -> str | None:
    """Why the cleaned answer ``text`` is no action, before the engine reads it: empty,
    or written with a seat number (``None`` otherwise)."""
    if not text:
        return f"the answer is empty: answer one of your legal actions, or `{WAIT}` where offered"
    if SEATED.match(text):
        return (f"write the action without a seat number (the environment adds it): "
                f"`{without_seat(text)}`, not `{text}`")
    return None


def may_wait(state: AnyState, seat: int, waited: bool = False) -> bool:
    """Whether ``seat`` may answer ``wait`` (the rule: module docstring; ``waited``: it
    has waited since the last action played)."""
    must = state.must_act()
    if seat not in must:
        return True
    return not waited and any(other not in must and has_move(state, other)
                              for other in state.to_act())


def choices_of(state: AnyState, seat: int, shown: int = PROPOSALS_SHOWN,
               waited: bool = False) -> Choices:
    """What ``seat`` may answer now (see :class:`Choices`; ``waited``: it has waited
    since the last action played)."""
    legal = state.legal_actions(seat)
    actions = tuple(without_seat(str(a)) for a in legal)
    own = [without_seat(str(a)) for a in legal if not flag(a, "any_time")]
    proposals = tuple(without_seat(str(p)) for p in state.proposals(seat))
    waits = may_wait(state, seat, waited)
    default = WAIT if waits else next(iter(own or actions or proposals), WAIT)
    return Choices(actions, proposals[:shown], len(proposals), waits, default)


def observe(game: AnyGame, state: AnyState, seat: int, names: Sequence[str], choices: Choices,
            log: Sequence[str] = (), feedback: Feedback | None = None,
            max_tries: int = MAX_TRIES) -> str:
    """The observation of ``seat`` (:func:`bohnen.rl.text_observation.observation_text`):
    its view in words, its log, its ``choices`` and the feedback on its last answer."""
    board = game.describe(state.view(seat), seat, names)
    return observation_text(game.title, seat, board, log, choices, feedback, max_tries)


class TextEnv:
    """One game played by text agents, a seat at a time (the rules: module docstring)."""

    def __init__(self, game: str, players: int, seed: int, *,
                 options: Mapping[str, object] | None = None, names: Sequence[str] | None = None,
                 max_tries: int = MAX_TRIES, proposals_shown: int = PROPOSALS_SHOWN,
                 state: AnyState | None = None) -> None:
        """A new game of ``players`` dealt from ``seed`` with ``options`` (overrides of the
        game's defaults), or, if ``state`` is given, that position (``players`` must be
        its players; ``seed`` and ``options`` are then unused)."""
        if max_tries < 1:
            raise ValueError(f"max_tries must be at least 1, not {max_tries}")
        self.game: AnyGame = get_game(game)
        self.state: AnyState = state if state is not None else self.game.new_game(
            self.game.options(players, **dict(options or {})), seed)
        if self.state.options.players != players:
            raise ValueError(f"the state has {self.state.options.players} players, not {players}")
        self.names = tuple(names) if names is not None else tuple(
            f"player {s}" for s in range(players))
        if len(self.names) != players:
            raise ValueError(f"{len(self.names)} names for {players} seats")
        self.max_tries = max_tries
        self.proposals_shown = proposals_shown
        self.invalid = [0] * players  # refused answers per seat
        self.answers = [0] * players  # answers given per seat
        self._logs: list[list[str]] = [[] for _ in range(players)]
        self._feedback: Feedback | None = None
        self._failures = 0
        self._waited: set[int] = set()  # the seats that waited since the last action played
        self._seat: int | None = None
        self._choices: Choices | None = None
        self._hand_on(0)

    # --- reading ----------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return bool(self.state.is_over)

    @property
    def seat(self) -> int | None:
        """The seat whose answer is awaited (``None`` once the game is over)."""
        return self._seat

    def choices(self) -> Choices:
        """What the seat to answer may answer."""
        if self._choices is None:
            raise ValueError("the game is over: no seat answers")
        return self._choices

    def observation(self) -> str:
        """The observation of the seat to answer (the same until it answers)."""
        seat, choices = self._seat, self.choices()
        assert seat is not None
        return observe(self.game, self.state, seat, self.names, choices, self._logs[seat],
                       self._feedback, self.max_tries)

    def log(self, seat: int) -> tuple[str, ...]:
        """The log lines written for ``seat`` since it last acted (at most ``LOG_LINES``)."""
        return tuple(self._logs[seat])

    @property
    def feedback(self) -> Feedback | None:
        """The answer refused last in this decision, why, and the tries left (``None``
        when none was refused)."""
        return self._feedback

    def result(self) -> Result:
        if not self.done:
            raise ValueError("the game is not over")
        return self.state.result()

    # --- answering --------------------------------------------------------------------

    def step(self, answer: str) -> Answered:
        """The seat to answer answers ``answer`` (notation without the seat, or ``wait``)."""
        seat, choices = self._seat, self.choices()
        assert seat is not None
        self.answers[seat] += 1
        try:
            text = clean(answer)
        except ValueError as error:
            return self._refuse(seat, " ".join(answer.split())[:SHOWN_CHARS], str(error))
        if text == WAIT:
            if choices.may_wait:
                return self._wait(seat)
            return self._refuse(seat, text, "the game is waiting on you: you may not wait")
        why = unreadable(text)
        if why is not None:
            return self._refuse(seat, text, why)
        try:
            action = self.game.parse_action(f"{seat}: {text}")
            self.state.check(action)
        except GameError as error:
            return self._refuse(seat, text, unseated(str(error), seat, text))
        return self._play(seat, action, text, defaulted=False)

    def _wait(self, seat: int, defaulted: bool = False) -> Answered:
        self._logs[seat].clear()
        self._waited.add(seat)
        self._hand_on(seat + 1)
        return Answered(seat, not defaulted, WAIT, "", defaulted, self.done)

    def _refuse(self, seat: int, text: str, error: str) -> Answered:
        self.invalid[seat] += 1
        self._failures += 1
        default = self.choices().default
        if self._failures < self.max_tries:
            self._feedback = Feedback(text, error, self.max_tries - self._failures)
            return Answered(seat, False, None, error, False, False)
        self._logs[seat].clear()
        self._log(seat, f"after {self.max_tries} refused answers the environment "
                        f"played `{default}` for you (the last refused: {error})")
        if default == WAIT:
            outcome = self._wait(seat, defaulted=True)
        else:
            action = self.game.parse_action(f"{seat}: {default}")
            outcome = self._play(seat, action, default, defaulted=True)
        return Answered(seat, False, outcome.played, error, True, outcome.done)

    def _play(self, seat: int, action: object, text: str, defaulted: bool) -> Answered:
        if not defaulted:
            self._logs[seat].clear()
        self._waited.clear()
        for event in self.state.apply(action):
            self._tell(event)
        self._hand_on(seat + 1)
        return Answered(seat, not defaulted, text, "", defaulted, self.done)

    # --- the log and the turn ----------------------------------------------------------

    def _tell(self, event: Event) -> None:
        for viewer in range(len(self._logs)):
            self._log(viewer, event.text(viewer))

    def _log(self, seat: int, line: str) -> None:
        if line:
            log = self._logs[seat]
            log.append(line)
            del log[:-LOG_LINES]

    def _hand_on(self, start: int) -> None:
        """The turn to the first seat from ``start`` on (in seat order, round the table)
        that is to act and must act or has a move of its own."""
        self._feedback, self._failures = None, 0
        self._seat, self._choices = None, None
        if self.done:
            return
        players = len(self._logs)
        to_act, must = self.state.to_act(), self.state.must_act()
        for offset in range(players):
            seat = (start + offset) % players
            if seat not in to_act:
                continue
            if seat in must or has_move(self.state, seat):
                self._seat = seat
                self._choices = choices_of(self.state, seat, self.proposals_shown,
                                           seat in self._waited)
                return
        raise AssertionError(f"no seat of {to_act} may act, yet the game is not over")
