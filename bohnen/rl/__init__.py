"""Research interfaces (the ``rl`` extra): fixed-size encodings of each game's views
and actions, and environments for PettingZoo, Gymnasium, OpenSpiel and language-model
agents built on them. The engines know nothing of this package; it reaches the games
through the registry, their JSON views and their notation.

Importing it enters the environments in PettingZoo's and Gymnasium's registries
(:mod:`bohnen.rl.envs`): ``pettingzoo.make("aec", "bohnen/ndb-v0", players=4)``,
``pettingzoo.make("parallel", "bohnen/ndb-v0")``, ``gymnasium.make("bohnen/Ndb-v0")``.
Without the ``rl`` extra there is no PettingZoo to enter them in, and the parts that
need none (the encodings' registry, the policy bot's name, the text environment) still
import."""

from importlib.util import find_spec

if find_spec("pettingzoo") is not None:
    from bohnen.rl.envs import register_envs

    register_envs()
