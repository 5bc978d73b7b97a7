"""bohnen's games as TextArena (0.7.4) environments: the text environment
(:mod:`bohnen.rl.text`) as a ``textarena.Env``, entered in TextArena's registry, so that
``ta.make("bohnen/ndb-v0")`` gives it inside TextArena's default wrappers. It needs
TextArena (the ``text`` extra); the text environment itself does not.

Importing this module enters, for each game of bohnen's registry, three ids
(:func:`register_envs`), as TextArena enters its own board games:

* ``bohnen/<game>-v0``: TextArena's default wrappers (``LLMObservationWrapper``, every
  message the seat received as one text; ``ActionFormattingWrapper``, which brackets an
  answer: ``play G2`` becomes ``[play G2]``);
* ``bohnen/<game>-v0-train``: the prompt, the game's messages and the seat's latest
  board only (``GameMessagesAndCurrentBoardObservationWrapper``), answers bracketed;
* ``bohnen/<game>-v0-raw``: no wrapper.

``ta.make(id, options=..., names=..., max_tries=...)`` passes them on.

What a seat receives, as TextArena's messages ``(sender, text, ObservationType)``,
drained by ``get_observation`` as TextArena's are:

* at ``reset``, a prompt (``PROMPT``): the game, its seat and how to answer;
* at each of its turns, the log lines written for it since it last acted
  (``GAME_ACTION_DESCRIPTION``, one a line), then its board in words with its legal
  actions (``GAME_BOARD``); all built only from what the seat may know;
* its own answer, to itself only (``PLAYER_ACTION``: another seat's answer may be a
  card played face down; what the others may know of it is in their log lines);
* after a refused answer, TextArena's invalid-move message (``GAME_ADMIN``, by
  ``State.set_invalid_move``) with the engine's error and the tries left.

Refused answers follow TextArena's multi-player states (``MinimalMultiPlayerState``,
``error_allowance`` = ``max_tries - 1``): the seat answers again; when its tries run out
for one decision, the environment plays the decision's default (no seat is eliminated)
and, as TextArena marks a seat whose invalid moves exceeded the allowance,
``game_info[seat]["invalid_move"]`` is ``True``. Each ``step_info`` says what became of
the answer (``invalid_move``, ``defaulted``, ``played``, ``feedback``). The seed of
``reset`` is the game's (``None``: seed 0), never the global random. ``close`` gives 1
to each winner and -1 to the others (0 to every seat if the game was closed before its
end), and each seat's score, whether it won, its refused answers and its defaults.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bohnen.core import game_names
from bohnen.rl.text import MAX_TRIES, Answered, TextEnv, observe

try:
    import textarena as ta
except ImportError as error:  # pragma: no cover - the text extra is missing
    raise ImportError("bohnen.rl.textarena needs TextArena, the text extra: "
                      "pip install 'bohnen[text]'") from error

VERSION = 0
VARIANTS: dict[str, list[type]] = {  # the wrapper classes of each variant
    "": [ta.wrappers.LLMObservationWrapper, ta.wrappers.ActionFormattingWrapper],
    "-train": [ta.wrappers.GameMessagesAndCurrentBoardObservationWrapper,
               ta.wrappers.ActionFormattingWrapper],
    "-raw": [],
}


def env_id(game: str, variant: str = "") -> str:
    """The TextArena id of ``game`` with the wrappers of ``variant`` (``VARIANTS``)."""
    return f"bohnen/{game}-v{VERSION}{variant}"


def register_envs() -> None:
    """Enter every game of bohnen's registry in TextArena's (once)."""
    for game in game_names():
        for variant, wrappers in VARIANTS.items():
            if env_id(game, variant) not in ta.envs.registration.ENV_REGISTRY:
                ta.register(id=env_id(game, variant), entry_point=TextArenaEnv,
                            default_wrappers=wrappers, game=game)


def prompt(game: str, seat: int, name: str, players: int) -> str:
    """What a seat reads first: its game and seat, and how to answer."""
    return (f"You play {game} at seat {seat} ({name}), {players} players. At each of your "
            "turns you read the board as your seat sees it and your legal actions. Answer "
            "with one of them as written, without a seat number, in square brackets "
            "([<action>]; they may be left out where you write nothing else).")


class TextArenaEnv(ta.Env):  # type: ignore[misc]  # TextArena ships no type information
    """A game of ``game`` for text agents, as a TextArena environment."""

    def __init__(self, game: str, *, options: Mapping[str, object] | None = None,
                 names: Sequence[str] | None = None, max_tries: int = MAX_TRIES) -> None:
        self.game = game
        self.options = dict(options or {})
        self.names = names
        self.max_tries = max_tries
        self._env: TextEnv | None = None
        self._defaults: list[int] = []  # per seat, the decisions the environment played

    @property
    def env(self) -> TextEnv:
        """The text environment of the game under way."""
        if self._env is None:
            raise ValueError("no game: call reset(num_players, seed) first")
        return self._env

    def reset(self, num_players: int, seed: int | None = None) -> None:
        """A new game of ``num_players`` dealt from ``seed``."""
        env = TextEnv(self.game, num_players, 0 if seed is None else seed,
                      options=self.options, names=self.names, max_tries=self.max_tries)
        self._env = env
        self._defaults = [0] * num_players
        # seed None: TextArena's State would seed the global random with it
        self.state = ta.MinimalMultiPlayerState(num_players=num_players, seed=None,
                                                error_allowance=self.max_tries - 1)
        self.state.reset(role_mapping=dict(enumerate(env.names)),
                         player_prompt_function=lambda player_id, game_state: prompt(
                             env.game.title, player_id, env.names[player_id], num_players))
        self._turn()

    def get_observation(self) -> tuple[int, list[tuple[int, str, ta.ObservationType]]]:
        """The seat to answer and the messages it received since it last looked."""
        if self.env.done:
            raise ValueError("the game is over: call close()")
        return self.state.current_player_id, self.state.get_current_player_observation()

    def step(self, action: str) -> tuple[bool, dict[str, object]]:
        """The seat to answer answers ``action``; whether the game is over, and what
        became of the answer."""
        env, state = self.env, self.state
        if env.done:
            raise ValueError("the game is over: call close()")
        seat = state.current_player_id
        state.add_observation(from_id=seat, to_id=seat, message=action,
                              observation_type=ta.ObservationType.PLAYER_ACTION)
        answered = env.step(action)
        if not answered.accepted:
            self._invalid(answered)
        state.step_info.update(
            player_id=seat, accepted=answered.accepted, played=answered.played,
            feedback=answered.feedback, defaulted=answered.defaulted,
            invalid_move=not answered.accepted, invalid_moves=env.invalid[seat])
        if env.done:
            result = env.result()
            state.set_game_outcome({s: 1.0 if s in result.winners else -1.0
                                    for s in range(state.num_players)}, result.reason)
        done, info = state.step(rotate_player=False)
        if not done and (answered.accepted or answered.defaulted):
            self._turn()
        return bool(done), dict(info)

    def close(self) -> tuple[dict[int, float], dict[int, dict[str, object]]]:
        """Each seat's reward and what it did."""
        env, state = self.env, self.state
        seats = range(state.num_players)
        if env.done:
            result = env.result()
            rewards = dict(state.rewards)
            scores: list[int | None] = list(result.scores)
            winners: tuple[int, ...] = tuple(result.winners)
        else:
            rewards = dict.fromkeys(seats, 0.0)
            scores, winners = [None] * len(seats), ()
            for seat in seats:
                state.game_info[seat]["reason"] = "closed before the end of the game"
        info = {s: {**state.game_info[s], "score": scores[s], "winner": s in winners,
                    "invalid_moves": env.invalid[s], "defaults": self._defaults[s],
                    "answers": env.answers[s]} for s in seats}
        return rewards, info

    # --- the turn ----------------------------------------------------------------------

    def _turn(self) -> None:
        """The turn to the seat to answer: its log lines, then its board."""
        env, state = self.env, self.state
        seat = env.seat
        if seat is None:
            return
        state.manually_set_current_player_id(seat, force=True)
        for line in env.log(seat):
            state.add_observation(to_id=seat, message=line,
                                  observation_type=ta.ObservationType.GAME_ACTION_DESCRIPTION)
        board = observe(env.game, env.state, seat, env.names, env.choices(),
                        max_tries=env.max_tries)
        state.add_observation(to_id=seat, message=board,
                              observation_type=ta.ObservationType.GAME_BOARD)

    def _invalid(self, answered: Answered) -> None:
        """A refused answer, as TextArena reports one: its invalid-move message while
        tries are left, the seat marked ``invalid_move`` once they ran out."""
        feedback = self.env.feedback
        reason = answered.feedback
        if answered.defaulted:
            self._defaults[answered.seat] += 1
        else:
            assert feedback is not None
            reason = (f"your answer `{feedback.answer}` was refused: {feedback.error}. "
                      f"Tries left for this decision: {feedback.tries_left}, then the "
                      f"environment plays `{self.env.choices().default}` for you.")
        ran_out = self.state.set_invalid_move(reason)
        assert bool(ran_out) == answered.defaulted, "TextArena's count of tries is the env's"


register_envs()
