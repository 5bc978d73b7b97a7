"""A game's entry in the registry: its rules API, and what it offers the other layers.

Every game is one :class:`Game` object (``GAME`` in its package), found by name in the
registry (:mod:`bohnen.core.registry`). The class gives the rules API (options, new
games, actions from notation and JSON, states from JSON) and names, by import path and
so loaded only when asked for, what the layers above may use: its own bots, the
estimates a search may end its playouts with, its terminal screen, its golden games,
its board in words and its encoding for learning. The search hooks are apart, in :attr:`Game.search`
(:mod:`bohnen.core.search`).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar, cast

from bohnen.core.files import excerpt
from bohnen.core.golden import Golden
from bohnen.core.lazy import load
from bohnen.core.names import NO_NAMES, Names
from bohnen.core.protocol import Action, AnyState, Options, View
from bohnen.core.result import Result
from bohnen.core.search import Estimate, Search

OptionsT = TypeVar("OptionsT", bound=Options)
StateT = TypeVar("StateT", bound=AnyState)
ActionT = TypeVar("ActionT", bound=Action)

NOTHING: Mapping[str, str] = MappingProxyType({})


class Game(ABC, Generic[OptionsT, StateT, ActionT]):
    """A game: its options, state and action types."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[int]  # changes only when behaviour or the saved state's shape does
    # older versions whose records replay the same under this one
    replays_versions: ClassVar[tuple[int, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    score_name: ClassVar[str] = "score"  # what the result's scores count, e.g. "talers"
    # The game's own bots, name -> the module that offers ``make(game, **params)`` and
    # ``PARAMS`` (name -> type); the bot registry adds them to the game-agnostic bots.
    bots: ClassVar[Mapping[str, str]] = NOTHING
    # Estimates a search may end its bot playouts with (``ismcts:estimate=NAME``) besides
    # the game's own: name -> "module:function" of ``function(state) -> Result``.
    estimates: ClassVar[Mapping[str, str]] = NOTHING
    screen: ClassVar[str | None] = None  # "module:Class" of its terminal screen
    # "module" of its board in words: ``describe(view, viewer, names) -> str`` and the
    # plain pieces its screen shares (standard library only, like the engine)
    words: ClassVar[str | None] = None
    # "module:Class" of its encoding for learning (``bohnen.rl``): the class takes the
    # player count (``Class(players)``), from ``min_players`` to ``max_players``
    encoding: ClassVar[str | None] = None
    # "module:function" of what a seat sees as a frozen typed value read from the state,
    # ``function(state, seat)``, for an encoding to read at every step without the JSON
    # view; the same module's ``of_view(view)`` reads the same value from the seat's view
    # (what a test compares it with). None: the encoding reads the view.
    seen: ClassVar[str | None] = None
    # The TypedDicts of its views (a seat's, a spectator's): their JSON Schema, written by
    # scripts/regen_schemas.py, is the contract of what every layer may read.
    seat_view: ClassVar[type | None] = None
    spectator_view: ClassVar[type | None] = None
    golden: ClassVar[tuple[Golden, ...]] = ()  # its golden games (scripts/regen_golden.py)
    search: Search[StateT]  # the hooks of search bots

    @abstractmethod
    def options(self, players: int, **overrides: object) -> OptionsT:
        """Validated options; a bad value raises ``ValueError`` naming the option."""

    @abstractmethod
    def options_from_json(self, data: object) -> OptionsT: ...

    @abstractmethod
    def option_sets(self, players: int) -> list[OptionsT]:
        """Representative option sets for the conformance suite (each choice covered)."""

    @abstractmethod
    def new_game(self, options: OptionsT, seed: int,
                 deck: Sequence[object] | None = None) -> StateT:
        """A new game; ``deck`` fixes the card order (top first) instead of shuffling."""

    @abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """An action from its notation; raises ``InvalidActionError``."""

    @abstractmethod
    def action_from_json(self, data: object) -> ActionT:
        """An action from its JSON form; raises ``InvalidActionError``."""

    @abstractmethod
    def state_from_json(self, data: object) -> StateT:
        """A state from ``State.to_json()``; raises ``RecordError`` naming the problem."""

    @abstractmethod
    def action_texts(self, view: View, actions: Sequence[ActionT],
                     names: Names = NO_NAMES) -> list[str]:
        """Each of ``actions`` (legal actions of the seat whose view ``view`` is) in
        words for people: one line each, in English with the names of the edition (its
        beans, cities and cards), other seats by their ``names`` where given ("seat 2"
        where not: :mod:`bohnen.core.names`), from the view alone, so that it tells the
        seat nothing its view does not. Notation stays for records and for people who
        type."""

    def describe(self, view: View, viewer: int, names: Sequence[str]) -> str:
        """The board in words as ``viewer`` sees it, from its view (``names``: each
        seat's name): plain text, no markup. A game without words of its own
        (:attr:`words`) gives its view as JSON."""
        if self.words is None:
            return json.dumps(view, sort_keys=True)
        describe = load(f"{self.words}:describe")
        if not callable(describe):
            raise TypeError(f"{self.words}:describe is not a function")
        text = cast(Callable[[View, int, Sequence[str]], object], describe)(view, viewer, names)
        if not isinstance(text, str):
            raise TypeError(f"{self.words}:describe returned {type(text).__name__}, not text")
        return text

    def estimate_named(self, name: str) -> Estimate:
        """The estimate called ``name`` (``ValueError`` naming the known ones)."""
        path = self.estimates.get(name)
        if path is None:
            known = ", ".join(sorted(self.estimates)) or "none but its own"
            raise ValueError(f"{self.name} has no estimate {excerpt(name)} (it has {known})")
        estimate = load(path)
        if not callable(estimate):
            raise TypeError(f"{path} is not an estimate")

        def call(state: AnyState) -> Result:
            result = estimate(state)
            if not isinstance(result, Result):
                raise TypeError(f"{path} returned {type(result).__name__}, not a Result")
            return result

        return call


AnyGame = Game[Any, Any, Any]  # a game found by name: its types are whatever it says
