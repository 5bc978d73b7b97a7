"""A bot that plays a trained policy: ``policy:model=PATH`` (a MaskablePPO model of
sb3-contrib saved by ``model.save(PATH)``; the ``train`` extra), for any game that has
an encoding, so that a policy plays ``bohnen tournament`` like any other bot.

At each decision the bot encodes its view, asks the model for an id among those the
mask allows (the most likely one: ``deterministic``), and composes the action id by id
(:mod:`bohnen.rl.encoding`). Where the game needs a move, the id that yields is taken
out of the mask. The model must have been trained on the same game, player count and
encoding (their sizes are checked when the bot is made).

**Shipped policies.** ``model=NAME`` without a file of that name plays a policy that
comes with the package, ``bohnen/rl/policies/NAME.zip`` (:func:`shipped`): ``ndb-4``
and ``bohnanza-4``, trained by examples/selfplay.py (docs/research.md gives their
strength).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable
from importlib import resources
from pathlib import Path
from typing import Protocol, cast

import numpy as np
import numpy.typing as npt

from bohnen.core.bots import Decision, Wait
from bohnen.core.files import excerpt
from bohnen.core.game import AnyGame
from bohnen.core.protocol import Action, JSONObject
from bohnen.rl.encoding import Encoding, Legal, Mask, Observation
from bohnen.rl.encodings import make_encoding

PARAMS = {"model": str}
POLICIES = "policies"  # the shipped policies' folder in this package
FILE_PARAMS = frozenset({"model"})  # the model is a file of the machine the bot runs on


class Policy(Protocol):
    """What the bot asks of a model: an id for an observation and a mask, asked by
    keyword as MaskablePPO's ``predict(observation, state=None, episode_start=None,
    deterministic=False, action_masks=None)`` takes them."""

    def predict(self, observation: Observation, *, deterministic: bool,
                action_masks: Mask) -> tuple[npt.ArrayLike, object]: ...


class PolicyBot:
    """Plays ``policy`` (see the module); the encoding is that of the game at the
    player count of the decision's view."""

    needs_view = True
    proposes = False
    needs_terms = True  # it composes its proposals itself, within the engine's terms

    def __init__(self, name: str, game: AnyGame, policy: Policy) -> None:
        self.name = name
        self.game = game
        self.policy = policy
        self._encodings: dict[int, Encoding] = {}

    def encoding(self, players: int) -> Encoding:
        if players not in self._encodings:
            enc = make_encoding(self.game.name, players)
            _check_sizes(self.policy, enc, self.name)
            self._encodings[players] = enc
        return self._encodings[players]

    def act(self, decision: Decision[Action], rng: random.Random) -> Action | Wait:
        assert decision.view is not None
        view = cast(JSONObject, decision.view)
        enc = self.encoding(int(view["options"]["players"]))
        notation = compose(enc, self.policy, view, decision_legal(decision))
        for action in decision.actions:
            if str(action) == notation:
                return action
        parsed: Action = self.game.parse_action(notation)
        return parsed

    def probabilities(self, observation: Observation, mask: Mask) -> list[float] | None:
        """The probability the model gives each id of ``mask`` (0 elsewhere), for a
        dataset's ``policy`` column; None for a model without MaskablePPO's network."""
        return probabilities(self.policy, observation, mask)


def decision_legal(decision: Decision[Action]) -> Legal:
    """The seat's :class:`Legal` from its decision: its legal actions as the engine's
    JSON and the terms of its proposals."""
    actions: list[JSONObject] = []
    for action in decision.actions:
        data = action.to_json()
        if data not in actions:
            actions.append(data)
    return Legal(tuple(actions), decision.terms)


def compose(enc: Encoding, policy: Policy, view: JSONObject, legal: Legal) -> str:
    """The action ``policy`` composes from the fresh draft (never a yield)."""
    draft: Hashable = enc.start(view, legal)
    refused: set[int] = set()
    for _ in range(enc.max_decisions):
        mask = enc.mask(draft).copy()
        mask[list(refused)] = 0
        predicted = policy.predict(enc.observe(view, draft), deterministic=True,
                                   action_masks=mask)[0]
        action_id = int(np.asarray(predicted))
        after, notation = enc.choose(draft, action_id)
        if notation == "":
            refused.add(action_id)  # no yielding where a move is asked for
            continue
        if notation is not None:
            return notation
        draft, refused = after, set()
    raise RuntimeError(f"no whole action after {enc.max_decisions} ids")


def probabilities(policy: Policy, observation: Observation,
                  mask: Mask) -> list[float] | None:
    """The distribution ``policy`` (MaskablePPO) gives the ids of ``mask`` at
    ``observation``, read from its network; None where it has none (a stand-in)."""
    network = getattr(policy, "policy", None)
    if network is None or not hasattr(network, "get_distribution"):
        return None
    import torch

    tensor, _ = network.obs_to_tensor(observation)
    with torch.no_grad():
        dist = network.get_distribution(tensor, action_masks=mask.astype(bool))
    probs = dist.distribution.probs[0].cpu().numpy().astype(np.float64)
    probs = np.where(mask > 0, probs, 0.0)
    return [float(p) for p in probs / probs.sum()]


def shipped() -> dict[str, str]:
    """The policies that come with the package: name (the file's, without ``.zip``) and
    path."""
    folder = resources.files(__package__ or "bohnen.rl") / POLICIES
    if not folder.is_dir():
        return {}
    return {entry.name.removesuffix(".zip"): str(entry) for entry in folder.iterdir()
            if entry.name.endswith(".zip") and entry.is_file()}


def model_file(model: str) -> str:
    """The file ``model`` names: the file itself, else the shipped policy of that name;
    ``ValueError`` naming the shipped ones if neither is."""
    if Path(model).is_file():
        return model
    known = shipped()
    if model in known:
        return known[model]
    names = ", ".join(sorted(known)) or "none"
    raise ValueError(f"bot policy: no model file {excerpt(model)} and no shipped policy of "
                     f"that name (shipped: {names})")


def load_policy(path: str) -> Policy:
    """The MaskablePPO model saved at ``path``; ``ValueError`` saying what is wrong. A
    tournament makes its bots afresh for every game: the model is read once per file
    (and read again once the file has changed)."""
    try:
        import sb3_contrib  # noqa: F401  (the train extra)
    except ImportError:
        raise ValueError("the policy bot needs the train extra: "
                         "pip install 'bohnen[train]'") from None
    file = Path(model_file(path))
    stat = file.stat()
    return _load(str(file.resolve()), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _load(path: str, mtime_ns: int, size: int) -> Policy:
    """The model of file ``path`` as it was at ``mtime_ns`` and ``size``."""
    from sb3_contrib import MaskablePPO

    try:
        model: Policy = MaskablePPO.load(path, device="cpu")
    except Exception as exc:  # a zip that is not a model: its reader's own error
        raise ValueError(f"bot policy: {path} is not a MaskablePPO model "
                         f"({type(exc).__name__}: {excerpt(str(exc))})") from None
    return model


def make(game: AnyGame | None, model: str = "") -> PolicyBot:
    """``policy:model=PATH`` or ``policy:model=NAME`` (a shipped policy)."""
    if game is None:
        raise ValueError("bot policy plays one game: name it")
    if not model:
        raise ValueError("bot policy: give model=PATH, a model saved by MaskablePPO, or "
                         f"the name of a shipped one ({', '.join(sorted(shipped()))})")
    return PolicyBot(f"policy:{Path(model).name}", game, load_policy(model))


def _check_sizes(policy: Policy, enc: Encoding, name: str) -> None:
    space = getattr(policy, "observation_space", None)
    shape = getattr(space, "shape", None)
    if shape is not None and tuple(shape) != (enc.observation_size,):
        raise ValueError(f"bot {name} was trained on observations of shape "
                         f"{tuple(shape)}; this encoding gives ({enc.observation_size},)")
    actions = getattr(getattr(policy, "action_space", None), "n", None)
    if actions is not None and int(actions) != enc.action_count:
        raise ValueError(f"bot {name} was trained on {actions} ids; this encoding has "
                         f"{enc.action_count}")
