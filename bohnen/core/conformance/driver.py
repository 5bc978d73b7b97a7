"""Playing random games: the seeded choice of moves, and games played without checks."""

from __future__ import annotations

import random

from bohnen.core.conformance.context import Context
from bohnen.core.conformance.settings import DEFAULT_SETTINGS, Settings, Trace
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, AnyState, Options
from bohnen.core.rng import derive


def choose(state: AnyState, rng: random.Random, proposal_rate: float) -> Action | None:
    """A random move: a seat of ``to_act()``, then a legal action or a proposal.

    ``None`` when the chosen seat has nothing to do (a broken promise). Uses only
    ``rng`` and the state, so the same seed and state give the same move.
    """
    return choose_move(state, rng, proposal_rate)[0]


def choose_move(state: AnyState, rng: random.Random,
                proposal_rate: float) -> tuple[Action | None, bool]:
    """:func:`choose`, and whether the move is a generated proposal."""
    seats = state.to_act()
    seat = seats[rng.randrange(len(seats))]
    legal = state.legal_actions(seat)
    props = state.proposals(seat)
    if props and (not legal or rng.random() < proposal_rate):
        return props[rng.randrange(len(props))], True
    if not legal:
        return None, False
    return legal[rng.randrange(len(legal))], False


_KINDS: dict[str, frozenset[type]] = {}


def proposal_kinds(game: AnyGame) -> frozenset[type]:
    """The action types that the game's proposal generator makes, over its option sets.

    ``legal_actions`` lists every legal action but these; an unlisted action that
    passes ``check`` must be of one of them. Found by playing one plain game per
    option set (cached per game).
    """
    if game.name not in _KINDS:
        kinds: set[type] = set()
        for players in range(game.min_players, game.max_players + 1):
            for options in game.option_sets(players):
                _collect_kinds(game, options, kinds)
        _KINDS[game.name] = frozenset(kinds)
    return _KINDS[game.name]


def _collect_kinds(game: AnyGame, options: Options, kinds: set[type]) -> None:
    rng = random.Random(0)
    state: AnyState = game.new_game(options, 0)
    for _ in range(100_000):
        if state.is_over:
            return
        for seat in state.to_act():
            props = state.proposals(seat)
            if props:
                kinds.update((type(props[0]), type(props[len(props) - 1])))
        action = choose(state, rng, 0.3)
        if action is None:
            return
        state.apply(action)


def play_random(game: AnyGame, options: Options, seed: int, moves: int,
                proposal_rate: float = 0.3) -> AnyState:
    """The position after up to ``moves`` random moves (:func:`choose`, from ``seed``) of
    the game of ``seed``: real positions, mid-game or over, to test inputs against."""
    state: AnyState = game.new_game(options, seed)
    rng = random.Random(derive(seed, 3))
    for _ in range(moves):
        if state.is_over:
            break
        action = choose(state, rng, proposal_rate)
        if action is None:
            raise Context(game, options, seed).fail("the chosen seat has nothing to do")
        state.apply(action)
    return state


def rngs(seed: int) -> tuple[random.Random, random.Random]:
    """The move chooser's generator and the checker's (kept apart)."""
    return random.Random(derive(seed, 1)), random.Random(derive(seed, 2))


def play_plain(game: AnyGame, options: Options, seed: int,
               settings: Settings = DEFAULT_SETTINGS) -> Trace:
    """The game of ``seed`` played by :func:`choose` without any check, through
    ``advance`` (no events): :func:`~bohnen.core.conformance.copies.check_same_game`
    compares it with the checked game played through ``apply``."""
    chooser, _ = rngs(seed)
    state: AnyState = game.new_game(options, seed)
    actions: list[str] = []
    while not state.is_over and len(actions) <= settings.max_actions:
        action = choose(state, chooser, settings.proposal_rate)
        if action is None:
            break
        state.advance(action)
        actions.append(str(action))
    if not state.is_over:
        raise Context(game, options, seed, len(actions)).fail("the plain replay did not end")
    return Trace(actions, state.result(), state.to_json())
