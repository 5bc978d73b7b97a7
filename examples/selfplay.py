"""Train a baseline policy by self-play (:mod:`bohnen.rl.selfplay`): behaviour cloning
from the heuristic's play, then MaskablePPO against a pool of its own past checkpoints
and heuristic bots, with the curve of its win share against three heuristic bots.

    pip install torch==2.13.0 && pip install -e '.[rl,train]'
    nice -n 10 python examples/selfplay.py --game ndb --timesteps 1048576 --out runs/sp-ndb

Run it again with the same ``--out`` to go on from the last checkpoint (a larger
``--timesteps`` trains further; the run's other settings are those it started with).
The directory holds ``model.zip`` (the last checkpoint: ``policy:model=OUT/model.zip``),
``checkpoints/``, ``curve.csv``, ``curve.png`` and ``run.json``. ``--smoke`` is the path
end to end in seconds (a few hundred steps, a pool of 2), not a trained policy.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from bohnen.rl.selfplay.run import GAMES, Settings, run

SMOKE = {"timesteps": 512, "eval_every": 256, "eval_games": 4, "pool_size": 2,
         "clone_games": 2, "clone_epochs": 1, "envs": 2, "n_steps": 64, "batch_size": 64}


def parse(argv: Sequence[str] | None) -> tuple[Settings, Path]:
    defaults = Settings()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True,
                        help="the run's directory (an existing run there goes on)")
    parser.add_argument("--game", default="ndb", choices=sorted(GAMES),
                        help="the game (default ndb)")
    parser.add_argument("--players", type=int, default=defaults.players,
                        choices=range(3, 7), help="players at the table (default 4)")
    parser.add_argument("--seed", type=int, default=defaults.seed, help="the run's seed")
    parser.add_argument("--timesteps", type=int, default=None,
                        help=f"self-play timesteps in all (default {defaults.timesteps}; "
                             f"{SMOKE['timesteps']} with --smoke)")
    parser.add_argument("--eval-every", type=int, default=defaults.eval_every,
                        help="timesteps between checkpoints and points of the curve "
                             f"(default {defaults.eval_every})")
    parser.add_argument("--eval-games", type=int, default=defaults.eval_games,
                        help=f"games of each evaluation (default {defaults.eval_games})")
    parser.add_argument("--pool-size", type=int, default=defaults.pool_size,
                        help=f"checkpoints in the pool (default {defaults.pool_size})")
    parser.add_argument("--heuristic-share", type=float, default=defaults.heuristic_share,
                        help="share of the opponents' seats the heuristic takes "
                             f"(default {defaults.heuristic_share})")
    parser.add_argument("--clone-games", type=int, default=defaults.clone_games,
                        help="heuristic games cloned before self-play (0: none; default "
                             f"{defaults.clone_games})")
    parser.add_argument("--clone-epochs", type=int, default=defaults.clone_epochs,
                        help=f"epochs of cloning (default {defaults.clone_epochs})")
    parser.add_argument("--shaping", type=float, default=defaults.shaping,
                        help="ndb: weight of the running score's changes (default 0)")
    parser.add_argument("--smoke", action="store_true",
                        help="a few hundred steps, a pool of 2: the path, not a policy")
    args = parser.parse_args(argv)
    if args.timesteps is None:
        args.timesteps = SMOKE["timesteps"] if args.smoke else defaults.timesteps
    if min(args.timesteps, args.eval_every, args.eval_games, args.pool_size) < 1:
        parser.error("--timesteps, --eval-every, --eval-games and --pool-size must be 1 "
                     "or more")
    if args.clone_games < 0 or args.clone_epochs < 1:
        parser.error("--clone-games must be 0 or more, --clone-epochs 1 or more")
    if not 0 <= args.heuristic_share <= 1:
        parser.error("--heuristic-share is 0 to 1")
    if args.game == "bohnanza" and args.players > 5:
        parser.error("Bohnanza is played by 3 to 5 here")
    if args.shaping and args.game != "ndb":
        parser.error("--shaping is for ndb (its running score)")
    settings = Settings(game=args.game, players=args.players, seed=args.seed,
                        timesteps=args.timesteps, eval_every=args.eval_every,
                        eval_games=args.eval_games, pool_size=args.pool_size,
                        heuristic_share=args.heuristic_share, clone_games=args.clone_games,
                        clone_epochs=args.clone_epochs, shaping=args.shaping)
    if args.smoke:
        settings = Settings(**{**settings.__dict__, **SMOKE, "timesteps": args.timesteps})
    return settings, args.out


def main(argv: Sequence[str] | None = None) -> int:
    settings, out = parse(argv)
    progress = run(settings, out, log=lambda line: print(line, flush=True))
    print(f"{progress.timesteps} timesteps, {progress.games} training games, "
          f"{progress.seconds:.0f} s; the policy: policy:model={out / 'model.zip'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
