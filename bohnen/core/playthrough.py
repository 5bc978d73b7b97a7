"""Golden playthroughs: a game written step by step as every viewer saw it, to review.

In the manner of OpenSpiel's playthrough files, a playthrough replays a game record
and writes, before each action, the seats to act, the number of legal actions of
each of them and every viewer's view (each seat's and the spectator's), then the
action taken and the text of each of its events for every viewer. Checked in beside
the golden records and regenerated in CI, it turns any change of what a seat sees (a
leak, a renamed field, a new fact in a view) into a diff to review.

It knows no game: it reads only the protocol (views, events, legal actions), so it
keeps working as the games' views change. To stay small enough to review, a view is
written in full once and then only its changes (:mod:`bohnen.core.jsondiff`), the
lines that are the same for several viewers once with the list of those viewers, and
a long game only in part: its first ``head`` steps and its last ``tail``.

The format, line by line::

    step 12 | turn 2 | to act 0 1 3 | legal 0:5 1:3 3:4 | proposals 0:44
      view * phase = "trade"                  every viewer's view changed so
      view 0 players[0].hand = ["BL","RO"]    only seat 0's did (s: the spectator)
    apply 1: propose 3 give h0 want RO
      event * Seat 1 proposes ...             the event's text, as each viewer reads it
      event 1 You propose ...
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from bohnen.core.jsondiff import changes, compact
from bohnen.core.protocol import AnyState, Event
from bohnen.core.records import GameRecord, start

HEAD = 400  # steps written from the start of a long game
TAIL = 100  # and from its end
SPECTATOR = "s"  # a spectator's label among the seats' numbers
EVERYONE = "*"

GUIDE = """\
# Each step: the seats to act, the number of legal actions of each (and of proposals
# where there are any), then what changed in each viewer's view since the step before
# (every view in full at step 0). "view 0 2 ..." lines belong to the views of seats 0
# and 2, "s" is the spectator, "*" every viewer; "path = value" sets a field, "path +=
# [...]" appends to a list, "del path" removes. Then the action and its events, as each
# viewer reads them."""


def playthrough(record: GameRecord, name: str, bots: str = "",
                head: int = HEAD, tail: int = TAIL) -> str:
    """The playthrough of ``record`` (named ``name``; ``bots`` says who played), with
    steps ``0 .. head - 1`` and the last ``tail`` ones (every step if the game is not
    longer than ``head + tail``)."""
    game, state = start(record)
    total = len(record.actions)
    cut = (head, total - tail) if total > head + tail else None
    lines = _header(record, name, bots, total, cut)
    labels = _labels(state.options.players)
    seen: list[object] = [{} for _ in labels]
    for index, text in enumerate(record.actions):
        action = game.parse_action(text)
        if cut is not None and cut[0] <= index < cut[1]:
            if index == cut[0]:
                lines += ["", f"... steps {cut[0]} to {cut[1] - 1} are not shown (the views of "
                          f"step {cut[1]} are written as changed since step {cut[0] - 1})"]
            state.apply(action)
            continue
        lines.append("")
        lines += _step(state, index, labels, seen)
        lines.append(f"apply {action}")
        lines += _events(state.apply(action), labels)
    lines.append("")
    lines += _step(state, total, labels, seen)
    return "\n".join(lines) + "\n"


def _header(record: GameRecord, name: str, bots: str, total: int,
            cut: tuple[int, int] | None) -> list[str]:
    shown = "all shown" if cut is None else (
        f"steps 0 to {cut[0] - 1} and {cut[1]} to {total} shown")
    lines = [f"# Golden playthrough {name}: written by scripts/regen_golden.py, do not edit.",
             GUIDE,
             f"game: {record.game} version {record.version}",
             f"options: {compact(record.options)}",
             f"seed: {record.seed}"]
    if record.deck is not None:
        lines.append(f"deck: {compact(record.deck)}")
    if bots:
        lines.append(f"bots: {bots}")
    lines.append(f"actions: {total} ({shown})")
    return lines


def _labels(players: int) -> list[tuple[int | None, str]]:
    """Every viewer with its label: the seats, then the spectator."""
    return [*((seat, str(seat)) for seat in range(players)), (None, SPECTATOR)]


def _step(state: AnyState, index: int, labels: Sequence[tuple[int | None, str]],
          seen: list[object]) -> list[str]:
    """The step's line and its views' changes; ``seen`` (each viewer's last view written)
    is brought up to date."""
    waiting = state.to_act()
    parts = [f"step {index}", f"turn {state.turn}"]
    if waiting:
        parts.append("to act " + " ".join(map(str, waiting)))
        parts.append("legal " + " ".join(f"{s}:{len(state.legal_actions(s))}" for s in waiting))
        offered = [(s, len(state.proposals(s))) for s in waiting]
        if any(count for _, count in offered):
            parts.append("proposals " + " ".join(f"{s}:{n}" for s, n in offered if n))
    else:
        parts.append(f"over | result {compact(state.result().to_json())}")
    per_viewer: list[list[str]] = []
    for slot, (viewer, _) in enumerate(labels):
        # A copy: a view that shared a list with the state would change along with it.
        view = json.loads(json.dumps(state.view(viewer)))
        per_viewer.append(changes(seen[slot], view))
        seen[slot] = view
    return [" | ".join(parts), *_grouped("view", per_viewer, labels)]


def _events(events: Sequence[Event], labels: Sequence[tuple[int | None, str]]) -> list[str]:
    lines: list[str] = []
    for event in events:
        lines += _grouped("event", [[event.text(viewer)] for viewer, _ in labels], labels)
    return lines


def _grouped(kind: str, per_viewer: Sequence[Sequence[str]],
             labels: Sequence[tuple[int | None, str]]) -> list[str]:
    """Each distinct line once, with the viewers it belongs to (``*``: all of them), in
    the order the viewers list them (seat 0's first)."""
    owners: dict[str, list[str]] = {}
    for (_, label), lines in zip(labels, per_viewer, strict=True):
        for line in lines:
            owners.setdefault(line, []).append(label)
    everyone = len(labels)
    return [f"  {kind} {EVERYONE if len(who) == everyone else ' '.join(who)} {line}"
            for line, who in owners.items()]
