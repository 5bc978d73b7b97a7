"""Self-play training of a MaskablePPO policy (sb3-contrib) for a game of bohnen: a warm
start by behaviour cloning from the heuristic's play (:mod:`bohnen.rl.imitation`), then
PPO against a pool of the policy's own past checkpoints and heuristic bots
(:mod:`bohnen.rl.selfplay.pool`), with the win share against three heuristic bots
measured on fixed seeds every so many steps (:mod:`bohnen.rl.selfplay.evaluate`), the
curve written as CSV and PNG (:mod:`bohnen.rl.selfplay.curve`), and a run that stops and
goes on from its last checkpoint (:mod:`bohnen.rl.selfplay.run`).

``examples/selfplay.py`` is its command line; docs/research.md ("Self-play baselines")
says how it is used and what it reached. sb3-contrib and torch (the ``train`` extra)
are imported only when a run starts.
"""
