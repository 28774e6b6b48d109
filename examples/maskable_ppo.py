"""MaskablePPO (sb3-contrib) on Sankt Petersburg: train against bots, then measure win rates.

A recipe for the Gymnasium environment ``petersburg/SanktPetersburg-v0`` with Stable-Baselines3's
tools as they come: a ``DummyVecEnv`` of ``Monitor``-wrapped copies of the registered id (as
``make_vec_env`` builds, one opponent spec per copy), ``MaskablePPO`` with the
``MultiInputPolicy`` (the observation dict holds the 1,547-entry vector and the legal-action
mask; the mask also reaches the policy through the environment's ``action_masks()``, so the agent
never plays an illegal move). Training alternates its opponents between the environments of the
vector (``--opponents``, default half ``random``, half ``greedy``); the reward is the final rank
(+1 win, -1 loss, 0 shared win). Afterwards the trained policy plays ``--eval-games`` games
against each evaluation bot (deterministic actions, its seat drawn per game) and the script
prints training steps per second and the win rates. ``--save`` keeps the model (a ``.zip`` that
``examples/ppo_selfplay.py`` can register as a bot). ``--minutes`` bounds the training time as well:
training stops at whichever budget ends first, and the script says which budgets it runs under.
``--cpu-minutes`` bounds the CPU time of the process instead (every thread of it: the environments
step in this process, so this is the whole training's CPU), which a machine's other load does not
shorten: the benchmark table's fixed budgets (docs/benchmark.md) are CPU budgets. The rule options
of ``petersburg play`` (``--edition second --market`` …) set the game trained and evaluated on.

    python examples/maskable_ppo.py --timesteps 300000 --save ppo.zip    # docs/research.md's figures
    python examples/maskable_ppo.py --timesteps 100000000 --minutes 10   # ten minutes of training
    python examples/maskable_ppo.py --timesteps 100000000 --cpu-minutes 10 --edition second --market
    python examples/maskable_ppo.py --timesteps 512 --eval-games 2       # a quick smoke run

Needs the ``[sb3]`` extra (``pip install 'petersburg[sb3]'``: torch, stable-baselines3,
sb3-contrib; install a CPU build of torch first to avoid downloading CUDA libraries).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from petersburg.cli import add_option_arguments, options_from_args
from petersburg.engine import GameOptions
from petersburg.env import ENV_ID
from petersburg.env.policy_bot import masked_model_policy


def make_training_envs(
    opponents: Sequence[str], num_players: int, seed: int, options: GameOptions | None = None
) -> DummyVecEnv:
    """One environment per opponent spec (in one process), each against that bot in every other seat.

    Built like ``make_vec_env`` does (a ``Monitor`` around each environment), but with different
    arguments per copy, which ``make_vec_env`` cannot give.
    """

    def make(spec: str) -> Callable[[], gymnasium.Env[Any, Any]]:
        return lambda: Monitor(
            gymnasium.make(ENV_ID, num_players=num_players, opponents=spec, options=options)
        )

    vec = DummyVecEnv([make(spec) for spec in opponents])
    vec.seed(seed)
    return vec


class TimeBudget(BaseCallback):
    """Stops ``learn()`` once ``seconds`` have passed since training began on ``clock``: wall-clock
    time (``time.perf_counter``) or this process's CPU time (``time.process_time``)."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> None:
        super().__init__()
        self.seconds = seconds
        self.clock = clock
        self.start = 0.0

    def _on_training_start(self) -> None:
        self.start = self.clock()

    def _on_step(self) -> bool:
        return self.clock() - self.start < self.seconds


def budget_text(timesteps: int, minutes: float | None, cpu_minutes: float | None = None) -> str:
    """The training budget in words, as the script announces it."""
    budgets = [f"{timesteps:,} steps"]
    if minutes is not None:
        budgets.append(f"{minutes:g} min")
    if cpu_minutes is not None:
        budgets.append(f"{cpu_minutes:g} min of CPU")
    if len(budgets) == 1:
        return budgets[0]
    return f"{', '.join(budgets[:-1])} or {budgets[-1]}, whichever ends first,"


def time_budgets(args: argparse.Namespace) -> list[BaseCallback]:
    """The callbacks that stop training at the wall-clock and CPU budgets given (none: steps only)."""
    budgets: list[BaseCallback] = []
    if args.minutes is not None:
        budgets.append(TimeBudget(args.minutes * 60))
    if args.cpu_minutes is not None:
        budgets.append(TimeBudget(args.cpu_minutes * 60, time.process_time))
    return budgets


def without_log_folder(model: MaskablePPO) -> MaskablePPO:
    """``model`` with a logger that writes nowhere.

    Left to itself, ``learn()`` makes an empty ``SB3-<date>`` folder in the temporary directory on
    every call even with ``verbose=0``; the recipe prints its own figures, so it needs none.
    """
    model.set_logger(Logger(folder=None, output_formats=[]))
    return model


def new_model(envs: DummyVecEnv, n_steps: int, seed: int) -> MaskablePPO:
    """MaskablePPO with this recipe's settings (the measured figures in docs/research.md use them)."""
    model = MaskablePPO(
        "MultiInputPolicy",
        envs,
        n_steps=n_steps,
        batch_size=512,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=1.0,  # the only reward is the final rank: no discounting within a game
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    return without_log_folder(model)


def train(args: argparse.Namespace) -> tuple[MaskablePPO, float]:
    """The trained model and the seconds its training took."""
    envs = make_training_envs(args.opponents.split(","), args.players, args.seed, options_from_args(args))
    model = new_model(envs, args.n_steps, args.seed)
    start = time.perf_counter()
    cpu_start = time.process_time()
    model.learn(total_timesteps=args.timesteps, callback=time_budgets(args) or None)
    elapsed = time.perf_counter() - start
    args.cpu_seconds = time.process_time() - cpu_start
    envs.close()
    return model, elapsed


def win_rate(
    act: Callable[[dict[str, Any]], int],
    opponent: str,
    games: int,
    num_players: int,
    seed: int,
    options: GameOptions | None = None,
) -> tuple[float, float]:
    """(win rate, mean rank reward) of ``act`` over ``games`` games against ``opponent`` bots."""
    env = gymnasium.make(ENV_ID, num_players=num_players, opponents=opponent, options=options)
    wins = 0
    total = 0.0
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        while True:
            obs, reward, terminated, truncated, info = env.step(act(obs))
            if terminated or truncated:
                wins += bool(info.get("won"))
                total += float(reward)
                break
    env.close()
    return wins / games, total / games


def main() -> None:
    parser = argparse.ArgumentParser(description="Train MaskablePPO against bots and print its win rates.")
    parser.add_argument("--timesteps", type=int, default=300_000, help="training budget in agent steps")
    parser.add_argument(
        "--minutes", type=float, default=None, help="training time budget as well (whichever ends first)"
    )
    parser.add_argument(
        "--cpu-minutes",
        type=float,
        default=None,
        help="training CPU-time budget as well (this process, every thread; whichever ends first)",
    )
    parser.add_argument("--players", type=int, default=2, help="players per game (2-4)")
    parser.add_argument(
        "--opponents",
        default="random,random,greedy,greedy",
        help="comma-separated bot specs, one training environment each",
    )
    parser.add_argument("--n-steps", type=int, default=512, help="rollout length per environment")
    parser.add_argument("--eval-games", type=int, default=200, help="evaluation games per opponent")
    parser.add_argument("--eval-opponents", default="random,greedy", help="bots to evaluate against")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument("--save", help="write the trained model to this .zip file")
    add_option_arguments(parser)
    args = parser.parse_args()
    if not 2 <= args.players <= 4:
        parser.error("--players must be 2, 3 or 4 (a solo game has no opponent)")
    if args.timesteps < 1 or args.eval_games < 1 or args.n_steps < 2:
        parser.error("--timesteps and --eval-games must be positive, --n-steps at least 2")
    if args.minutes is not None and args.minutes <= 0:
        parser.error("--minutes must be positive")
    if args.cpu_minutes is not None and args.cpu_minutes <= 0:
        parser.error("--cpu-minutes must be positive")
    torch.set_num_threads(args.threads)
    print(
        f"Training MaskablePPO for {budget_text(args.timesteps, args.minutes, args.cpu_minutes)}"
        f" against {args.opponents} ...",
        flush=True,
    )
    model, seconds = train(args)
    speed = model.num_timesteps / seconds
    print(
        f"Trained {model.num_timesteps:,} steps at {speed:,.0f} steps/s in {seconds:,.0f} s"
        f" ({args.cpu_seconds:,.0f} s of CPU; training included)."
    )
    if args.save:
        model.save(args.save)
        print(f"Saved the model to {args.save}.")
    chance = 100 / args.players
    print(f"Evaluation, {args.eval_games} games per opponent, chance level {chance:.0f}%:")
    act = masked_model_policy(model)
    for opponent in args.eval_opponents.split(","):
        rate, reward = win_rate(
            act, opponent, args.eval_games, args.players, 10_000 + args.seed, options_from_args(args)
        )
        print(f"  vs {opponent:<8} win rate {100 * rate:5.1f}%, mean rank reward {reward:+.3f}", flush=True)


if __name__ == "__main__":
    main()
