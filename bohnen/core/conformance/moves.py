"""A seat's legal moves as an interface gets them (``bohnen.core.moves``): each action's
JSON loads back as the action, its notation parses back, its text is one printable line
of words; and the terms of its proposals (``State.proposal_terms``) hold every proposal
the generator offers."""

from __future__ import annotations

from collections.abc import Sequence

from bohnen.core.conformance.context import Context, json_ready
from bohnen.core.conformance.legal import sample_indices
from bohnen.core.conformance.settings import Report
from bohnen.core.errors import GameError
from bohnen.core.moves import Move, legal_moves
from bohnen.core.protocol import Action, AnyState, Terms


def check_moves(ctx: Context, state: AnyState, report: Report) -> None:
    """Every seat's legal moves (JSON, words, notation) and the terms of its proposals."""
    for seat in range(state.options.players):
        legal = state.legal_actions(seat)
        try:
            moves = legal_moves(ctx.game, state.view(seat), legal)
        except ValueError as exc:
            raise ctx.fail(f"seat {seat}'s moves: {exc}") from None
        for action, move in zip(legal, moves, strict=True):
            _check_move(ctx, action, move)
        report.moves += len(moves)
        _check_terms(ctx, state, seat, report)


def _check_move(ctx: Context, action: Action, move: Move) -> None:
    notation = move["notation"]
    text = move["text"]
    if not isinstance(text, str) or not text.strip() or not text.isprintable():
        raise ctx.fail(f"{notation}: its text {text!r} is not a printable line of words")
    if text == notation:
        raise ctx.fail(f"{notation}: its text is its notation, not words for people")
    json_ready(ctx, move["action"], f"the JSON of {notation!r}")
    try:
        back = ctx.game.action_from_json(move["action"])
        parsed = ctx.game.parse_action(notation)
    except GameError as exc:
        raise ctx.fail(f"the move {move} does not read back: {exc}") from None
    if back != action or parsed != action:
        raise ctx.fail(f"the move {move} reads back as {back!r} and {parsed!r}, not "
                       f"{action!r}")


def _check_terms(ctx: Context, state: AnyState, seat: int, report: Report) -> None:
    """The terms are None exactly when the seat may make no proposal; else JSON-ready,
    for a seat the game waits on, with proposals left, and they hold a sample of the
    generator's proposals (each goes to one of their targets)."""
    terms = state.proposal_terms(seat)
    proposals = state.proposals(seat)
    if terms is None:
        if proposals:
            raise ctx.fail(f"seat {seat} has proposals but no terms for them")
        return
    report.terms += 1
    json_ready(ctx, terms, f"seat {seat}'s proposal terms")
    if seat not in state.to_act():
        raise ctx.fail(f"seat {seat} is not in to_act() {state.to_act()} but has terms")
    _check_targets(ctx, state, seat, terms)
    for index in sample_indices(len(proposals), 3):
        _check_within(ctx, seat, terms, proposals, index)


def _check_targets(ctx: Context, state: AnyState, seat: int, terms: Terms) -> None:
    left = terms["left"]
    if left is not None and left <= 0:
        raise ctx.fail(f"seat {seat} has terms with {left} proposals left")
    targets = terms["targets"]
    if not targets:
        raise ctx.fail(f"seat {seat}'s terms have no target")
    for target in targets:
        if target["seat"] == seat or not 0 <= target["seat"] < state.options.players:
            raise ctx.fail(f"seat {seat}'s terms name target {target}")
    for part in ("give", "want", "buy"):
        for name, most in terms[part].items():
            if not isinstance(name, str) or (most is not None and most < 1):
                raise ctx.fail(f"seat {seat}'s terms: {part} {name!r} at most {most}")


def _check_within(ctx: Context, seat: int, terms: Terms, proposals: Sequence[Action],
                  index: int) -> None:
    data = proposals[index].to_json()
    pid, to = data.get("pid"), data.get("to")
    if not any(t["pid"] == pid if pid is not None else t["pid"] is None and t["seat"] == to
               for t in terms["targets"]):
        raise ctx.fail(f"seat {seat}'s proposal {proposals[index]} goes to none of the "
                       f"targets of its terms {terms['targets']}")
