"""Research interfaces (the ``rl`` extra): fixed-size encodings of each game's views
and actions, and environments for PettingZoo, Gymnasium, OpenSpiel and language-model
agents built on them. The engines know nothing of this package; it reaches the games
through the registry, their JSON views and their notation.

Importing it enters the environments in PettingZoo's registry (:mod:`bohnen.rl.envs`):
``pettingzoo.make("aec", "bohnen/ndb-v0", players=4)``."""

from bohnen.rl.envs import register_envs

register_envs()
