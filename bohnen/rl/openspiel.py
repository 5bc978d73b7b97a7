"""The games as OpenSpiel games (pyspiel's Python games; the ``openspiel`` extra).

``register()`` registers ``python_bohnen_<game>`` for each game that has an encoding;
``pyspiel.load_game("python_bohnen_ndb(players=4)")`` then gives the game. Its type:
sequential, imperfect information, general sum, terminal rewards, explicit chance.

- **Chance.** The game's first node is chance: it picks one of ``deals`` deals
  (uniformly; a parameter, 4096 by default), and the engine's game starts from the
  seed ``seed * deals + outcome`` (``seed`` is a parameter too). Everything after is
  the engine's: a shuffle in the middle of a game (a reshuffled discard pile) is drawn
  by the engine from that seed, not offered as a chance node.
- **Turns.** Where several seats may act at once, the seat to act is the next of them
  after the last seat that acted or yielded (as in the environments:
  :func:`bohnen.rl.table.next_seat`); an action composed over several ids (a draft,
  :mod:`bohnen.rl.encoding`) is chosen id by id by the same seat. OpenSpiel's action
  ids are the encoding's.
- **Returns.** At the end, each seat's share of the win (1/k for each of k winners,
  0 for the others): from ``state.result()``, the same as the reward of the
  PettingZoo and Gymnasium environments; 0 before the end.
- **Observations.** ``observation_tensor`` is the encoding's vector of the seat's view
  (with its own draft); ``information_state_tensor`` is the same vector (the encoding
  is not a perfect-recall record). ``information_state_string`` is perfect recall: the
  text of every event as that seat saw it, and its own draft; ``observation_string``
  is the seat's view as JSON.
- **Resampling.** ``resample_from_infostate(player, sampler)`` gives a state with the
  engine's ``determinize(player, rng)`` (what the seat cannot see drawn again,
  consistently with its view; the others' drafts dropped), for OpenSpiel's Python
  ISMCTS. OpenSpiel's C++ ``MCTSBot`` and ``ISMCTSBot`` crash on Python games (their
  ``step`` releases the GIL and then clones the Python state) and cannot reach a
  Python resampler: use the Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable
from typing import Any, cast

import numpy as np
import pyspiel

from bohnen.core.protocol import AnyState, JSONObject
from bohnen.core.registry import get_game
from bohnen.rl.encoding import Encoding, engine_legal
from bohnen.rl.encodings import GAMES, default_players, encoding_class, player_range
from bohnen.rl.rewards import final_rewards
from bohnen.rl.table import next_seat

DEALS = 4096
EncodingFactory = Callable[[int], Encoding]


def short_name(game: str) -> str:
    return f"python_bohnen_{game}"


class BohnenGame(pyspiel.Game):  # type: ignore[misc]
    """One of the games, with its encoding, for OpenSpiel (see the module). Each game
    is a subclass that names it (:func:`register_game` makes them: OpenSpiel keeps the
    class it is given until the process ends, and a class, unlike a function that
    closes over objects, is let go of cleanly then)."""

    game_name: str
    game_type: pyspiel.GameType
    make_encoding: EncodingFactory

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**self.game_type.parameter_specification, **(params or {})}
        game = get_game(self.game_name)
        self.players = int(params["players"])
        encoding = type(self).make_encoding(self.players)
        self.game = game
        self.encoding = encoding
        self.seed = int(params["seed"])
        self.deals = int(params["deals"])
        self.options = game.options(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.action_count, max_chance_outcomes=self.deals,
            num_players=self.players, min_utility=0.0, max_utility=1.0,
            utility_sum=None, max_game_length=encoding.max_decisions)
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> BohnenState:
        return BohnenState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Any] | None = None) -> Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.encoding, perfect_recall)


class Engine:
    """The engine's state, copied by its own ``clone`` when OpenSpiel copies a state
    (OpenSpiel deep-copies every attribute of a Python state)."""

    __slots__ = ("state",)

    def __init__(self, state: AnyState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> Engine:
        return Engine(self.state.clone())


class BohnenState(pyspiel.State):  # type: ignore[misc]
    """A game in OpenSpiel's terms: before the deal (chance), then the engine's state,
    the seat to act and its draft, and what each seat has seen."""

    def __init__(self, game: BohnenGame) -> None:
        super().__init__(game)
        self.name = game.game.name
        self.players = game.players
        self.first_seed = game.seed * game.deals
        self.deals = game.deals
        self.options = game.options
        self.encoding = game.encoding
        self.engine: Engine | None = None
        self.last = game.players - 1  # the last seat that acted or yielded
        self.draft: Hashable | None = None
        self.seen: list[list[str]] = [[] for _ in range(game.players)]

    @property
    def state(self) -> AnyState | None:
        return None if self.engine is None else self.engine.state

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
        share = 1.0 / self.deals
        return [(deal, share) for deal in range(self.deals)]

    # --- actions ------------------------------------------------------------------------

    def _draft(self, state: AnyState, seat: int) -> Hashable:
        if self.draft is None:
            self.draft = self.encoding.start(cast(JSONObject, state.view(seat)),
                                             engine_legal(state, seat))
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
            self._deal(action)
            return
        seat = self.current_player()
        draft, notation = self.encoding.choose(self._draft(state, seat), action)
        if notation is None:
            self.draft = draft
            return
        self.draft = None
        if notation:
            events = state.apply(get_game(self.name).parse_action(notation))
            for viewer in range(self.players):
                self.seen[viewer].extend(event.text(viewer) for event in events)
        self.last = seat

    def _deal(self, deal: int) -> None:
        state = get_game(self.name).new_game(self.options, self.first_seed + deal)
        self.engine = Engine(state)
        for viewer in range(self.players):
            self.seen[viewer].append(json.dumps(state.view(viewer), sort_keys=True))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.encoding.action_name(action)

    def returns(self) -> list[float]:
        state = self.state
        if state is None or not state.is_over:
            return [0.0] * self.players
        return final_rewards(state.result(), self.players, "win")

    def __str__(self) -> str:
        state = self.state
        return "before the deal" if state is None else json.dumps(state.view(None),
                                                                   sort_keys=True)

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


class Observer:
    """OpenSpiel's observer of a seat: the encoding's vector, and a string (see the
    module)."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BohnenState, player: int) -> None:
        if state.state is None:
            self.tensor.fill(0.0)
            return
        draft = state.draft if state.current_player() == player else None
        self.tensor[:] = self.encoding.observe(cast(JSONObject, state.state.view(player)),
                                               draft)

    def string_from(self, state: BohnenState, player: int) -> str:
        if state.state is None:
            return "before the deal"
        draft = state.draft if state.current_player() == player else None
        if self.perfect_recall:
            return "\n".join([*state.seen[player], f"draft: {draft!r}"])
        return json.dumps({"view": state.state.view(player), "draft": repr(draft)},
                          sort_keys=True)


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
        parameter_specification={"players": default_players, "seed": 0, "deals": DEALS})

    subclass = type(f"Bohnen_{name}", (BohnenGame,),
                    {"game_name": name, "game_type": game_type,
                     "make_encoding": staticmethod(encoding)})
    pyspiel.register_game(game_type, subclass)


def register() -> None:
    """Register every game that has an encoding (:data:`GAMES`) with OpenSpiel, as
    ``python_bohnen_<game>`` (once; again is harmless)."""
    registered = set(pyspiel.registered_names())
    for name in GAMES:
        if short_name(name) not in registered:
            low, high = player_range(name)
            register_game(name, encoding_class(name), low, high, default_players(name))
