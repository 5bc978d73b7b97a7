"""Research interfaces (the ``rl`` extra): fixed-size encodings of each game's views
and actions, and environments for PettingZoo, Gymnasium, OpenSpiel and language-model
agents built on them. The engines know nothing of this package; it reaches the games
through the registry, their JSON views and their notation."""
