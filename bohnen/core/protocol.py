"""The protocol every game implements, so every layer works with every game.

A layer (bots, simulation, command line, terminal) reaches a game only through
these types: a :class:`Game` found in the registry, the :class:`State` it makes,
and the actions and events that state takes and returns.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self, runtime_checkable

from bohnen.core.result import Result

JSON = dict[str, Any]


@runtime_checkable
class Action(Protocol):
    """A move by one seat. ``str(action)`` is its notation; ``to_json()`` its JSON form.

    An action that closes a negotiation phase has a true ``ends_trading`` attribute
    (bots that never trade take it at once); every move of a negotiation (a proposal,
    an answer to one, a pass, the close) has a true ``negotiates`` attribute (a search
    bot may leave such moves to its prior), and one that makes no deal (a decline, a
    pass, the close) a true ``refuses`` attribute as well (a search bot may weigh
    refusing against a deal its prior would make). An action the rules allow at any
    moment, also out of turn, has a true ``any_time`` attribute (a runner that asks only
    the seats to act may leave such moves of the others to people).
    """

    @property
    def seat(self) -> int: ...

    def to_json(self) -> JSON: ...


class Event(Protocol):
    """A frozen record of something that happened, censored per viewer."""

    @property
    def reveals(self) -> bool:
        """True if chance or hidden cards came into play with this event: a card left a
        place its viewers could not see (a draw pile, a shuffled or dealt deck, a face-down
        card) and some seat now sees it, or a pile was shuffled, or the game drew lots.

        A card a seat shows from its own hand on its own move (planted, led, played on a
        journey, offered) does not count: that seat knew it. So the seat that made a move
        none of whose events reveals learned no card from it: ``bohnen play`` lets a person
        take such a move back (the ``u`` key), never one that reveals. Games make it a
        property of the event class where they can, so that it costs nothing per event.
        """
        ...

    def to_json(self, viewer: int | None) -> JSON:
        """The event as ``viewer`` may see it (``None``: a spectator)."""
        ...

    def text(self, viewer: int | None) -> str:
        """One line in words, as ``viewer`` may see it."""
        ...


class Options(Protocol):
    """A frozen dataclass of rule options; ``players`` is always one of them."""

    @property
    def players(self) -> int: ...

    def to_json(self) -> JSON: ...


class State(Protocol):
    """A game position. Mutated only through :meth:`apply`."""

    @property
    def options(self) -> Any: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int:
        """Turns begun so far (1 at the start)."""
        ...

    def to_act(self) -> tuple[int, ...]:
        """The seats the game waits on now (several in open or simultaneous play)."""
        ...

    def legal_actions(self, seat: int) -> list[Any]:
        """Every legal action of ``seat`` now, except trade proposals: for a seat of
        ``to_act()`` all its moves, for any other seat its :meth:`any_time_actions`."""
        ...

    def any_time_actions(self, seat: int) -> list[Any]:
        """The actions ``seat`` may take at any moment of the game, also out of turn
        (Bohnanza: harvests and the third field; Bohn Hansa: buying a contract), listed
        apart from the moves the game waits on. Taking one never changes ``to_act()``."""
        ...

    def proposals(self, seat: int) -> Sequence[Any]:
        """Trade proposals of ``seat`` from the bounded generator (empty if none)."""
        ...

    def check(self, action: Any) -> None:
        """Raise ``IllegalActionError``/``InvalidActionError`` if ``action`` may not be applied."""
        ...

    def apply(self, action: Any) -> list[Any]:
        """Apply ``action`` atomically and return the events it caused."""
        ...

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see, JSON-ready (``None``: a spectator)."""
        ...

    def determinize(self, seat: int | None, rng: random.Random) -> Self:
        """A full state agreeing with ``view(seat)``, all hidden cards re-dealt at random."""
        ...

    def clone(self) -> Self: ...

    def result(self) -> Result: ...

    def to_json(self) -> JSON:
        """The full state (hidden cards included), loadable by ``Game.state_from_json``."""
        ...

    def audit(self) -> None:
        """Raise ``AssertionError`` if an invariant of the game (cards, money) is broken."""
        ...


class Game(ABC):
    """A game's entry in the registry: how to make options, states and actions."""

    name: str
    title: str
    version: int
    min_players: int
    max_players: int
    score_name: str = "score"  # what the result's scores count, e.g. "talers"
    # The game's own bots (its heuristic bot): name -> (factory(game, **params),
    # parameter types). The bot registry adds them to the game-agnostic ones.
    bot_factories: Mapping[str, tuple[Callable[..., Any], Mapping[str, type]]] = {}
    # Other estimates than ``estimate`` that a search may end its bot playouts with
    # (``ismcts:estimate=NAME``): name -> estimate(state), as ``estimate`` returns.
    estimates: Mapping[str, Callable[[Any], Result]] = {}

    @abstractmethod
    def options(self, players: int, **overrides: Any) -> Any:
        """Validated options; a bad value raises ``ValueError`` naming the option."""

    @abstractmethod
    def options_from_json(self, data: Any) -> Any: ...

    @abstractmethod
    def option_sets(self, players: int) -> list[Any]:
        """Representative option sets for the conformance suite (each choice covered)."""

    @abstractmethod
    def new_game(self, options: Any, seed: int, deck: Sequence[Any] | None = None) -> Any:
        """A new game; ``deck`` fixes the card order (top first) instead of shuffling."""

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """An action from its notation; raises ``InvalidActionError``."""

    @abstractmethod
    def action_from_json(self, data: Any) -> Any:
        """An action from its JSON form; raises ``InvalidActionError``."""

    @abstractmethod
    def state_from_view(self, view: JSON, rng: random.Random) -> Any:
        """A full state that shows ``view`` to its seat, everything hidden from that seat
        dealt at random from ``rng``: what a search bot samples (it sees only views)."""

    @abstractmethod
    def state_from_json(self, data: Any) -> Any:
        """A state from ``State.to_json()``; raises ``RecordError`` naming the problem."""

    def sampler(self, view: JSON) -> Callable[[random.Random], Any]:
        """Draws of :meth:`state_from_view` for one ``view``: a search bot samples many
        states from one view, so a game may read the view once and only re-deal the
        hidden cards at each draw. Same distribution, and still from the view alone."""
        return lambda rng: self.state_from_view(view, rng)

    def playout_move(self, state: Any, rng: random.Random) -> Any:
        """A cheap move for a search bot's playouts: a legal move of a seat to act in the
        full (sampled) ``state``, or None once it is over. The default is random (with
        negotiations closed at once); a game may know better rules of thumb."""
        from bohnen.core.playout import random_move

        return random_move(state, rng)

    def estimate(self, state: Any) -> Result | None:
        """The outcome a search expects of a ``state`` not yet over, where a playout stops
        early (each seat's score as the game reckons its worth, the best as winners); None
        (the default) for a game whose playouts go on to the end."""
        return None

    def playout(self, state: Any, rng: random.Random) -> Result:
        """Play the sampled ``state`` on by :meth:`playout_move` and return the outcome:
        the result at the end of the game (the default), or, for a game that stops its
        playouts early to spare time and chance, the result it estimates there."""
        move = self.playout_move
        apply = state.apply
        while (action := move(state, rng)) is not None:
            apply(action)
        result: Result = state.result()
        return result
