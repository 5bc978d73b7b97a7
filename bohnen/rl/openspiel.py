"""The games as OpenSpiel games (pyspiel's Python games; the ``openspiel`` extra).

``register()`` registers ``python_bohnen_<game>`` for each game that has an encoding;
``pyspiel.load_game("python_bohnen_ndb(players=4,rounds=1)")`` then gives the game. Its
type: sequential, imperfect information, general sum, terminal rewards, explicit
chance. The game object pickles (OpenSpiel's own tests of its Python games pickle it).

- **Parameters.** ``players``, ``seed`` and every rule option of the game
  (:mod:`bohnen.rl.openspiel_params`).
- **Chance.** The game opens with one chance node per card of the deck, each drawing
  the next card from those left (:mod:`bohnen.rl.openspiel_chance`); the engine's game
  then starts from that deck. Its own later shuffles come from a seed of ``seed`` and
  the deck: they are not chance nodes (see there).
- **Turns.** Where several seats may act at once, the seat to act is the next of them
  after the last seat that acted or yielded (as in the environments:
  :func:`bohnen.rl.table.next_seat`); an action composed over several ids (a draft,
  :mod:`bohnen.rl.encoding`) is chosen id by id by the same seat. OpenSpiel's action
  ids are the encoding's.
- **Length.** ``max_game_length`` is a bound on the decisions of a game derived from
  the rules (:mod:`bohnen.rl.openspiel_length`).
- **Returns.** At the end, each seat's share of the win (1/k for each of k winners,
  0 for the others): from ``state.result()``, the same as the reward of the
  PettingZoo and Gymnasium environments; 0 before the end.
- **Observations.** Each observation type gets its share, public or private
  (:mod:`bohnen.rl.openspiel_observer`): ``observation_tensor`` is the encoding's
  vector of the seat's view (with its own draft), ``information_state_tensor`` the
  same; ``information_state_string`` is perfect recall, every event as the seat saw
  it and its draft.
- **Resampling.** ``resample_from_infostate(player, sampler)`` gives a state with the
  engine's ``determinize(player, rng)`` (what the seat cannot see drawn again,
  consistently with its view; the others' drafts dropped), for OpenSpiel's Python
  ISMCTS. OpenSpiel's C++ ``MCTSBot`` and ``ISMCTSBot`` crash on Python games (their
  ``step`` releases the GIL and then clones the Python state) and cannot reach a
  Python resampler: use the Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import numpy as np
import pyspiel

from bohnen.core.jsondiff import changes, compact
from bohnen.core.protocol import AnyState
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Encoding
from bohnen.rl.encodings import GAMES, default_players, encoding_class, player_range
from bohnen.rl.openspiel_chance import Deck, engine_seed
from bohnen.rl.openspiel_length import max_game_length
from bohnen.rl.openspiel_observer import Log, Observer
from bohnen.rl.openspiel_params import Param, options, specification
from bohnen.rl.rewards import final_rewards
from bohnen.rl.table import next_seat

EncodingFactory = Callable[[int], Encoding]


def short_name(game: str) -> str:
    return f"python_bohnen_{game}"


class BohnenGame(pyspiel.Game):  # type: ignore[misc]
    """One of the games, with its encoding, for OpenSpiel (see the module). Each game
    is a subclass that names it, kept in this module under its name so that the game
    pickles (:func:`register_game` makes them)."""

    game_name: str
    game_type: pyspiel.GameType
    make_encoding: EncodingFactory

    def __init__(self, params: dict[str, Param] | None = None) -> None:
        params = {**self.game_type.parameter_specification, **(params or {})}
        self.players = int(params["players"])
        self.options = options(self.game_name, params)
        self.encoding = type(self).make_encoding(self.players)
        self.seed = int(params["seed"])
        self.deck = Deck(self.game_name, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.action_count,
            max_chance_outcomes=len(self.deck.kinds), num_players=self.players,
            min_utility=0.0, max_utility=1.0, utility_sum=None,
            max_game_length=max_game_length(self.game_name, self.options, self.deck.section_sizes,
                                            self.encoding, self.deck.fresh))
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> BohnenState:
        return BohnenState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Param] | None = None) -> Observer:
        return Observer(self.encoding, self.players, iig_obs_type)


class Engine:
    """The engine's state, copied by its own ``clone`` when OpenSpiel copies a state
    (OpenSpiel deep-copies every attribute of a Python state)."""

    __slots__ = ("state",)

    def __init__(self, state: AnyState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> Engine:
        return Engine(self.state.clone())

    def __getstate__(self) -> AnyState:
        return self.state

    def __setstate__(self, state: AnyState) -> None:
        self.state = state


def start_draft(encoding: Encoding, state: AnyState, seat: int) -> Hashable:
    """The seat's fresh draft (the one call of ``Encoding.start_state`` here)."""
    return encoding.start_state(state, seat)


class BohnenState(pyspiel.State):  # type: ignore[misc]
    """A game in OpenSpiel's terms: the deal drawn card by card (chance), then the
    engine's state, the seat to act and its draft, and the log of what each seat saw
    (per entry: the spectator's text and each seat's)."""

    def __init__(self, game: BohnenGame) -> None:
        super().__init__(game)
        self.name = game.game_name
        self.players = game.players
        self.seed = game.seed
        self.options = game.options
        self.encoding = game.encoding
        self.deck = game.deck
        self.drawn: list[int] = []
        self.engine: Engine | None = None
        self.last = game.players - 1  # the last seat that acted or yielded
        self.draft: Hashable | None = None
        self.log = Log()

    @property
    def state(self) -> AnyState | None:
        return None if self.engine is None else self.engine.state

    def draft_of(self, seat: int) -> Hashable | None:
        """The seat's own draft: only the seat to act has one."""
        return self.draft if seat == self.current_player() else None

    # --- whose turn ---------------------------------------------------------------------

    def current_player(self) -> int:
        state = self.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = next_seat(state.to_act(), self.last, self.players)
        assert seat is not None  # the game is not over
        return seat

    def is_terminal(self) -> bool:
        state = self.state
        return state is not None and state.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.deck.outcomes(self.drawn)

    # --- actions ------------------------------------------------------------------------

    def _draft(self, state: AnyState, seat: int) -> Hashable:
        if self.draft is None:
            self.draft = start_draft(self.encoding, state, seat)
        return self.draft

    def _legal_actions(self, player: int) -> list[int]:
        state = self.state
        if state is None or state.is_over or player != self.current_player():
            return []
        mask = self.encoding.mask(self._draft(state, player))
        return [int(i) for i in np.flatnonzero(mask)]

    def _apply_action(self, action: int) -> None:
        state = self.state
        if state is None:
            self._draw(action)
            return
        seat = self.current_player()
        draft, notation = self.encoding.choose(self._draft(state, seat), action)
        if notation is None:
            self.draft = draft
            return
        self.draft = None
        if notation:
            events = state.apply(get_game(self.name).parse_action(notation))
            self.log += [(event.text(None), tuple(event.text(v) for v in range(self.players)))
                         for event in events]
        else:
            said = f"seat {seat} yields"
            self.log += [(said, (said,) * self.players)]
        self.last = seat

    def _draw(self, kind: int) -> None:
        if kind not in dict(self.chance_outcomes()):
            raise ValueError(f"chance outcome {kind!r} is not a card left to draw")
        self.drawn.append(kind)
        if len(self.drawn) < self.deck.size:
            return
        cards = self.deck.cards(self.drawn)
        state = get_game(self.name).new_game(self.options, engine_seed(self.seed, cards), cards)
        self.engine = Engine(state)
        public = state.view(None)
        self.log += [(compact(public), tuple(
            "; ".join(changes(public, state.view(v))) for v in range(self.players)))]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {self.deck.kinds[action]}"
        return self.encoding.action_name(action)

    def returns(self) -> list[float]:
        state = self.state
        if state is None or not state.is_over:
            return [0.0] * self.players
        return final_rewards(state.result(), self.players, "win")

    def __str__(self) -> str:
        state = self.state
        if state is None:
            return f"dealing: {len(self.drawn)} of {self.deck.size} cards drawn"
        return compact(state.view(None)) + f"\nto act: {self.current_player()}"

    # --- hidden information -------------------------------------------------------------

    def resample_from_infostate(self, player: int, sampler: object) -> BohnenState:
        """A state ``player`` cannot tell from this one: what it cannot see drawn again
        (the engine's ``determinize``), the other seats' drafts dropped."""
        twin: BohnenState = self.clone()
        state = self.state
        if state is not None:
            twin.engine = Engine(state.determinize(player, random.Random(_draw(sampler))))
            if self.current_player() != player:
                twin.draft = None
        return twin


def _draw(sampler: object) -> int:
    """A seed from OpenSpiel's sampler (a callable giving a float in [0, 1), or
    pyspiel's ``UniformProbabilitySampler``)."""
    sample = getattr(sampler, "sample", None) or sampler
    value = sample() if callable(sample) else random.random()
    return int(float(value) * 2**62)


def register_game(name: str, encoding: EncodingFactory, min_players: int,
                  max_players: int, default_players: int) -> None:
    """Register the game ``name`` (of the registry) with OpenSpiel."""
    game = get_game(name)
    game_type = pyspiel.GameType(
        short_name=short_name(name), long_name=f"Python bohnen {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players, min_num_players=min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=specification(name, default_players))

    class_name = f"Bohnen_{name}"
    subclass = type(class_name, (BohnenGame,),
                    {"game_name": name, "game_type": game_type, "__module__": __name__,
                     "__qualname__": class_name, "make_encoding": staticmethod(encoding)})
    globals()[class_name] = subclass  # where pickle finds it
    pyspiel.register_game(game_type, subclass)


def register() -> None:
    """Register every game that has an encoding (:data:`GAMES`) with OpenSpiel, as
    ``python_bohnen_<game>`` (once; again is harmless)."""
    registered = set(pyspiel.registered_names())
    for name in GAMES:
        if short_name(name) not in registered:
            low, high = player_range(name)
            register_game(name, encoding_class(name), low, high, default_players(name))
