"""Self-play with MaskablePPO, and the trained policy as a bot that ``petersburg tournament`` can seat.

Training (run this file): the policy plays against frozen copies of itself. Each generation saves
the current policy, registers that snapshot as the bot ``ppo-snapshot``
(``petersburg.bots.register_bot`` with a ``PolicyBot``) and trains for ``--steps`` more steps with
``ppo-snapshot`` in the other seats of most training environments (one environment keeps a
``greedy`` opponent, so the policy does not forget how to beat a fixed bot). It can start from a
model of ``examples/maskable_ppo.py`` (``--init``). At the end it saves the model and prints its
win rates against ``random`` and ``greedy``.

    python examples/ppo_selfplay.py --init ppo.zip --generations 4 --steps 50000 --save ppo_selfplay.zip
    python examples/ppo_selfplay.py --generations 1 --steps 256 --eval-games 2 --save /tmp/p.zip  # smoke

Tournaments (import this file): importing it registers the bot ``ppo``, the model in the file named
by the environment variable ``PETERSBURG_PPO_MODEL`` (default ``ppo_selfplay.zip``), loaded when a
``ppo`` bot is first made::

    PETERSBURG_PPO_MODEL=ppo_selfplay.zip \\
        petersburg tournament --import examples/ppo_selfplay.py --bots ppo,greedy --games 100

Needs the ``[sb3]`` extra.
"""

from __future__ import annotations

import argparse
import functools
import os
import tempfile
from pathlib import Path

from sb3_contrib import MaskablePPO

from petersburg.bots import Bot, RandomBot, register_bot
from petersburg.env.policy_bot import PolicyBot, masked_model_policy

MODEL_VARIABLE = "PETERSBURG_PPO_MODEL"
DEFAULT_MODEL = "ppo_selfplay.zip"


@functools.cache
def load_model(path: str) -> MaskablePPO:
    """The saved model at ``path`` (loaded once per process), with a clear error if it is missing."""
    if not Path(path).is_file():
        raise ValueError(
            f"No trained model at {path}: train one with examples/ppo_selfplay.py --save {path}, "
            f"or name it with {MODEL_VARIABLE}."
        )
    return MaskablePPO.load(path, device="cpu")


def policy_bot(model: MaskablePPO, name: str) -> PolicyBot:
    """A bot playing the model's deterministic choice among its legal actions."""
    return PolicyBot(masked_model_policy(model), name=name)


def ppo(seed: int) -> Bot:
    """The registered ``ppo`` bot (deterministic: the seed is not needed)."""
    del seed
    return policy_bot(load_model(os.environ.get(MODEL_VARIABLE, DEFAULT_MODEL)), "ppo")


register_bot("ppo", ppo)


def main() -> None:
    import torch
    from maskable_ppo import (
        make_training_envs,
        new_model,
        win_rate,
        without_log_folder,
    )  # this directory's recipe

    parser = argparse.ArgumentParser(description="MaskablePPO self-play against snapshots of itself.")
    parser.add_argument("--init", help="start from this saved model (default: a new policy)")
    parser.add_argument("--generations", type=int, default=4, help="snapshots of the opponent")
    parser.add_argument("--steps", type=int, default=50_000, help="training steps per generation")
    parser.add_argument("--eval-games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default=DEFAULT_MODEL, help="where to save the trained model")
    args = parser.parse_args()
    if args.generations < 1 or args.steps < 1 or args.eval_games < 1:
        parser.error("--generations, --steps and --eval-games must be positive")
    torch.set_num_threads(1)
    # The opponent of generation 0: the initial model, or the random bot for a new policy.
    first = policy_bot(MaskablePPO.load(args.init, device="cpu"), "ppo-snapshot") if args.init else None
    register_bot("ppo-snapshot", lambda seed: first if first is not None else RandomBot(seed))
    envs = make_training_envs(["ppo-snapshot", "ppo-snapshot", "ppo-snapshot", "greedy"], 2, args.seed)
    if args.init:
        model = without_log_folder(MaskablePPO.load(args.init, env=envs, device="cpu"))
    else:
        model = new_model(envs, n_steps=512, seed=args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        for generation in range(args.generations):
            if generation or not args.init:  # generation 0 of a loaded model plays the model itself
                snapshot_path = str(Path(tmp) / f"generation-{generation}.zip")
                model.save(snapshot_path)
                snapshot = MaskablePPO.load(snapshot_path, device="cpu")
                # Each environment seats the new snapshot from its next episode on.
                register_bot("ppo-snapshot", lambda seed, frozen=snapshot: policy_bot(frozen, "ppo-snapshot"))
            model.learn(total_timesteps=args.steps, reset_num_timesteps=False)
            print(f"generation {generation + 1}: {model.num_timesteps:,} steps in total", flush=True)
    envs.close()
    model.save(args.save)
    print(f"Saved the model to {args.save}.")
    act = masked_model_policy(model)
    for opponent in ("random", "greedy"):
        rate, reward = win_rate(act, opponent, args.eval_games, 2, seed=20_000 + args.seed)
        print(f"  vs {opponent:<8} win rate {100 * rate:5.1f}%, mean rank reward {reward:+.3f}", flush=True)
    print(
        f"Tournament: {MODEL_VARIABLE}={args.save} petersburg tournament "
        "--import examples/ppo_selfplay.py --bots ppo,greedy --games 100"
    )


if __name__ == "__main__":
    main()
