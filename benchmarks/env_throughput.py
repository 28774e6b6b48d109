"""Throughput of the research environments: steps per second with random masked actions.

Measures, for each player count, (1) the PettingZoo AEC environment with every seat choosing a
uniformly random legal action from its mask (one step = one engine action, including the
observation and mask built for the agent to act), and (2) the Gymnasium environment with the
learner choosing random legal actions against random bots (one step = one learner decision, which
also plays the bots' moves; engine actions per second are printed too). Each figure is the median
of ``--runs`` runs of ``--seconds`` seconds.

    python benchmarks/env_throughput.py             # 5 runs x 2 s per configuration
    python benchmarks/env_throughput.py --runs 3 --seconds 1 --players 2
"""

from __future__ import annotations

import argparse
import statistics
import time

import gymnasium
import numpy as np

import petersburg.env  # noqa: F401 (registers the environment)
from petersburg.env import ENV_ID
from petersburg.env.pettingzoo import raw_env


def aec_steps_per_second(num_players: int, seconds: float, seed: int) -> float:
    """AEC steps per second: observe + masked random choice + step, games back to back."""
    env = raw_env(num_players=num_players)
    rng = np.random.default_rng(seed)
    steps = 0
    game = 0
    start = time.perf_counter()
    deadline = start + seconds
    env.reset(seed=seed)
    while True:
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            del agent
        if time.perf_counter() >= deadline:
            break
        game += 1
        env.reset(seed=seed + game)
    return steps / (time.perf_counter() - start)


def gym_steps_per_second(num_players: int, seconds: float, seed: int) -> tuple[float, float]:
    """(learner steps per second, engine actions per second) for the Gymnasium environment."""
    env = gymnasium.make(ENV_ID, num_players=num_players, opponents="random")
    rng = np.random.default_rng(seed)
    steps = 0
    actions = 0
    game = 0
    start = time.perf_counter()
    deadline = start + seconds
    obs, _ = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if terminated or truncated:
            actions += env.unwrapped.game.step  # type: ignore[attr-defined]
            if time.perf_counter() >= deadline:
                break
            game += 1
            obs, _ = env.reset(seed=seed + game)
    elapsed = time.perf_counter() - start
    return steps / elapsed, actions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description="Steps per second of the research environments.")
    parser.add_argument("--runs", type=int, default=5, help="runs per configuration (median reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each run")
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4], help="player counts")
    args = parser.parse_args()
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be at least 1 and --seconds positive")
    print(f"median of {args.runs} runs x {args.seconds:g} s, random masked actions")
    print(f"{'players':>7}  {'AEC steps/s':>12}  {'gym steps/s':>12}  {'gym engine actions/s':>21}")
    for n in args.players:
        aec = statistics.median(aec_steps_per_second(n, args.seconds, seed=r) for r in range(args.runs))
        gym_runs = [gym_steps_per_second(n, args.seconds, seed=r) for r in range(args.runs)]
        gym = statistics.median(run[0] for run in gym_runs)
        gym_actions = statistics.median(run[1] for run in gym_runs)
        print(f"{n:>7}  {aec:>12,.0f}  {gym:>12,.0f}  {gym_actions:>21,.0f}", flush=True)


if __name__ == "__main__":
    main()
