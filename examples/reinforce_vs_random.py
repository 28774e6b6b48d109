"""Train a masked linear REINFORCE agent against random bots, then print its win rate.

A minimal, numpy-only example of the Gymnasium environment ``petersburg/SanktPetersburg-v0``:
the policy scores each *legal* action with a linear function of the observation and samples from
the softmax over the action mask, so it never plays an illegal move. It learns from the final rank
reward (+1 win, -1 loss in a 2-player game) with a running-mean baseline. Afterwards it plays
evaluation games (greedy: the highest-scoring legal action) and a masked-random baseline plays the
same seeds, so the two win rates compare directly.

    python examples/reinforce_vs_random.py --minutes 3
    python examples/reinforce_vs_random.py --episodes 5 --eval-episodes 10   # a quick smoke run

Needs the ``[rl]`` extra (numpy, gymnasium).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import petersburg.env  # noqa: F401 (registers the environment)
from petersburg.engine import NUM_ACTIONS
from petersburg.env import ENV_ID
from petersburg.env.encoding import OBS_SIZE

FloatArray = npt.NDArray[np.float64]


class LinearPolicy:
    """Logits ``W[a] @ obs + b[a]``, computed only for the legal actions ``a``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights: FloatArray = rng.normal(0.0, 0.01, size=(NUM_ACTIONS, OBS_SIZE))
        self.bias: FloatArray = np.zeros(NUM_ACTIONS)

    def probabilities(self, obs: npt.NDArray[np.float32], legal: npt.NDArray[np.intp]) -> FloatArray:
        """Softmax over the legal actions (in the order of ``legal``)."""
        logits = self.weights[legal] @ obs + self.bias[legal]
        logits -= logits.max()
        exp = np.exp(logits)
        probs: FloatArray = exp / exp.sum()
        return probs


def play_episode(
    env: gymnasium.Env[Any, Any],
    policy: LinearPolicy | None,
    rng: np.random.Generator,
    seed: int,
    greedy: bool,
) -> tuple[float, bool, list[tuple[npt.NDArray[np.float32], npt.NDArray[np.intp], int, FloatArray]]]:
    """One game; ``policy=None`` plays uniformly among legal actions. Returns reward, win, trajectory."""
    obs, _ = env.reset(seed=seed)
    trajectory = []
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        if policy is None:
            index = int(rng.integers(len(legal)))
        else:
            probs = policy.probabilities(obs["observation"], legal)
            index = int(np.argmax(probs)) if greedy else int(rng.choice(len(legal), p=probs))
            trajectory.append((obs["observation"], legal, index, probs))
        obs, reward, terminated, truncated, info = env.step(int(legal[index]))
        if terminated or truncated:
            return float(reward), bool(info.get("won", False)), trajectory


def train(
    env: gymnasium.Env[Any, Any],
    policy: LinearPolicy,
    rng: np.random.Generator,
    seconds: float,
    max_episodes: int | None,
    lr: float,
) -> int:
    """REINFORCE with a running-mean baseline until the time or episode budget runs out."""
    start = time.perf_counter()
    baseline = 0.0
    episodes = 0
    recent: list[float] = []
    while time.perf_counter() - start < seconds and (max_episodes is None or episodes < max_episodes):
        reward, _, trajectory = play_episode(env, policy, rng, seed=1_000_000 + episodes, greedy=False)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for obs, legal, index, probs in trajectory:
            grad = -probs
            grad[index] += 1.0
            step = lr * advantage * grad
            policy.weights[legal] += np.outer(step, obs)
            policy.bias[legal] += step
        episodes += 1
        recent.append(reward)
        if episodes % 200 == 0:
            print(
                f"  episode {episodes}: mean reward of the last 200 = {np.mean(recent[-200:]):+.3f}",
                flush=True,
            )
    return episodes


def evaluate(
    env: gymnasium.Env[Any, Any], policy: LinearPolicy | None, episodes: int, rng: np.random.Generator
) -> tuple[float, float]:
    """Win rate (shared wins count) and mean reward over fixed evaluation seeds."""
    wins = 0
    total = 0.0
    for i in range(episodes):
        reward, won, _ = play_episode(env, policy, rng, seed=i, greedy=True)
        wins += won
        total += reward
    return wins / episodes, total / episodes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time budget (default 3)")
    parser.add_argument("--episodes", type=int, default=None, help="stop training after this many games")
    parser.add_argument("--eval-episodes", type=int, default=300, help="evaluation games (default 300)")
    parser.add_argument("--players", type=int, default=2, help="players per game, 2-4 (default 2)")
    parser.add_argument("--opponent", default="random", help="bot spec for the other seats (default random)")
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate (default 0.01)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the agent's generator")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 4:
        parser.error("--players must be 2, 3 or 4 (a win rate needs opponents)")
    if args.eval_episodes < 1:
        parser.error("--eval-episodes must be at least 1")

    env = gymnasium.make(ENV_ID, num_players=args.players, opponents=args.opponent)
    rng = np.random.default_rng(args.seed)
    policy = LinearPolicy(rng)
    budget = (
        f"{args.minutes:g} min" if args.episodes is None else f"{args.minutes:g} min or {args.episodes} games"
    )
    print(f"Training for up to {budget} against {args.players - 1} '{args.opponent}' bot(s)...")
    start = time.perf_counter()
    episodes = train(env, policy, rng, args.minutes * 60, args.episodes, args.lr)
    print(f"Trained on {episodes} games in {time.perf_counter() - start:.0f} s.")

    base_rate, base_reward = evaluate(env, None, args.eval_episodes, np.random.default_rng(args.seed + 1))
    rate, reward = evaluate(env, policy, args.eval_episodes, rng)
    fair = 1 / args.players
    print(f"Evaluation over {args.eval_episodes} games (same seeds), chance level {fair:.0%}:")
    print(f"  masked random baseline: win rate {base_rate:.1%}, mean rank reward {base_reward:+.3f}")
    print(f"  REINFORCE agent:        win rate {rate:.1%}, mean rank reward {reward:+.3f}")
    env.close()


if __name__ == "__main__":
    main()
