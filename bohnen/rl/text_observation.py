"""What a language-model agent reads at its turn: the board in words from its seat's view
(``Game.describe``), what happened since its last turn, the actions it may answer and
what becomes of an answer the game refuses.

Pure functions of what the seat may know: the view, its own legal actions, the log
lines written for it (``Event.text(seat)``) and the feedback on its own answers. The
environment (:mod:`bohnen.rl.text`) gathers them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WAIT = "wait"  # the answer of a seat that yields: no engine action, the next seat's turn


@dataclass(frozen=True, slots=True)
class Choices:
    """What a seat may answer, in notation without the seat: its legal actions (the
    moves the game waits on, then the any-time ones), a sample of trade proposals
    (``proposals_total`` in all from the game's generator; any proposal the game's
    notation writes is accepted), and whether it may ``wait``."""

    actions: tuple[str, ...]
    proposals: tuple[str, ...]
    proposals_total: int
    may_wait: bool
    default: str  # what the environment plays once the tries are used up

    def listed(self) -> tuple[str, ...]:
        """Every answer shown, in the order shown."""
        return (*self.actions, *self.proposals, *((WAIT,) if self.may_wait else ()))


@dataclass(frozen=True, slots=True)
class Feedback:
    """The answer the game refused last, why, and the tries left for this decision."""

    answer: str
    error: str
    tries_left: int


def choices_lines(choices: Choices) -> list[str]:
    """The answers a seat may give, one a line."""
    lines = ["Your legal actions (answer with one, as written, without a seat number):"]
    lines += [f"  {notation}" for notation in choices.actions]
    if choices.proposals_total:
        more = choices.proposals_total - len(choices.proposals)
        lines.append("Trade proposals (any proposal in the game's notation is accepted), e.g.:")
        lines += [f"  {notation}" for notation in choices.proposals]
        if more > 0:
            lines.append(f"  … and {more} more")
    if choices.may_wait:
        lines.append(f"  {WAIT}   (yield: the game is not waiting on you; the next seat's turn)")
    return lines


def feedback_lines(feedback: Feedback | None, choices: Choices, max_tries: int) -> list[str]:
    """Why the last answer was refused, and what happens when the tries run out."""
    rule = (f"An answer the game refuses may be corrected: {max_tries} tries per decision, "
            f"then the environment plays `{choices.default}` for you.")
    if feedback is None:
        return [rule]
    return [f"Your answer `{feedback.answer}` was refused: {feedback.error}",
            f"Tries left for this decision: {feedback.tries_left}. {rule}"]


def observation_text(title: str, seat: int, board: str, log: Sequence[str], choices: Choices,
                     feedback: Feedback | None, max_tries: int) -> str:
    """The whole observation of ``seat`` at its turn (``board``: ``Game.describe``)."""
    lines = [f"{title}: you play seat {seat}.", "", board, ""]
    if log:
        lines += ["Since your last turn:", *(f"  {line}" for line in log), ""]
    lines += choices_lines(choices)
    lines += ["", *feedback_lines(feedback, choices, max_tries)]
    lines.append("Answer with one action only.")
    return "\n".join(lines)
