"""Throughput of the research environments, this tree against a baseline commit, side by side.

Measures, for each player count, (1) the PettingZoo AEC environment (``raw_env``) with every seat
choosing a uniformly random legal action from its mask (one step = one engine action, including
the observation and mask built for the agent to act), and (2) the Gymnasium environment with the
learner choosing random legal actions against random bots (one step = one learner decision, which
also plays the bots' moves; engine actions per second are printed too).

Times are the process's CPU time (``time.process_time``), so other jobs on a shared machine
slow a run down less than they would its wall-clock time: figures are steps per CPU-second.
Every figure is measured for this tree *and* for a baseline commit (default ``c5c084b``, the code
before the environment speed-ups), extracted with ``git archive`` into a temporary directory.
Each run is a fresh process; runs of the two codes alternate, so load from other jobs on the
machine hits both alike. The table prints the median of ``--runs`` runs of ``--seconds`` seconds
for each, and their ratio.

    python benchmarks/env_throughput.py                      # 5 runs x 2 s, 1-4 players, vs c5c084b
    python benchmarks/env_throughput.py --runs 3 --seconds 1 --players 2
    python benchmarks/env_throughput.py --baseline none      # this tree only
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from baseline import DEFAULT_BASELINE, baseline_src

ROOT = Path(__file__).resolve().parents[1]


def aec_steps_per_second(num_players: int, seconds: float, seed: int) -> float:
    """AEC steps per CPU-second: observe + masked random choice + step, games back to back."""
    import numpy as np

    from petersburg.env.pettingzoo import raw_env

    env = raw_env(num_players=num_players)
    rng = np.random.default_rng(seed)
    steps = 0
    game = 0
    start = time.process_time()
    deadline = start + seconds
    env.reset(seed=seed)
    while True:
        for _agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        if time.process_time() >= deadline:
            break
        game += 1
        env.reset(seed=seed + game)
    return steps / (time.process_time() - start)


def gym_steps_per_second(num_players: int, seconds: float, seed: int) -> tuple[float, float]:
    """(learner steps, engine actions) per CPU-second for the Gymnasium environment."""
    import gymnasium
    import numpy as np

    from petersburg.env import ENV_ID

    env = gymnasium.make(ENV_ID, num_players=num_players, opponents="random")
    rng = np.random.default_rng(seed)
    steps = 0
    actions = 0
    game = 0
    start = time.process_time()
    deadline = start + seconds
    obs, _ = env.reset(seed=seed)
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        if terminated or truncated:
            actions += env.unwrapped.game.step  # type: ignore[attr-defined]
            if time.process_time() >= deadline:
                break
            game += 1
            obs, _ = env.reset(seed=seed + game)
    elapsed = time.process_time() - start
    return steps / elapsed, actions / elapsed


def worker(num_players: int, seconds: float, seed: int) -> None:
    """Measure with whichever ``petersburg`` is first on the path; print the figures as JSON."""
    aec = aec_steps_per_second(num_players, seconds, seed)
    gym, gym_actions = gym_steps_per_second(num_players, seconds, seed)
    print(json.dumps({"aec": aec, "gym": gym, "gym_actions": gym_actions}))


def measure(src: Path, num_players: int, seconds: float, seed: int) -> dict[str, float]:
    """One run in a fresh process whose ``petersburg`` comes from ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, __file__, "--worker", "--players", str(num_players)]
    command += ["--seconds", str(seconds), "--seed", str(seed)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description="Steps per second of the research environments.")
    parser.add_argument("--runs", type=int, default=5, help="runs per configuration (median reported)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of each run")
    parser.add_argument("--players", type=int, nargs="*", default=[1, 2, 3, 4], help="player counts")
    parser.add_argument("--baseline", default=DEFAULT_BASELINE, help="commit to compare with, or 'none'")
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.runs < 1 or args.seconds <= 0 or not all(1 <= n <= 4 for n in args.players):
        parser.error("--runs must be at least 1, --seconds positive and --players 1 to 4")
    if args.worker:
        worker(args.players[0], args.seconds, args.seed)
        return
    with tempfile.TemporaryDirectory(prefix="env-throughput-") as tmp:
        codes = {"this tree": ROOT / "src"}
        if args.baseline != "none":
            codes = {args.baseline: baseline_src(args.baseline, Path(tmp)), **codes}
        print(
            f"steps per CPU-second, median of {args.runs} runs x {args.seconds:g} s per code, "
            "runs alternating, random masked actions"
        )
        names = list(codes)
        header = "".join(f"  {'AEC ' + name:>18}" for name in names)
        header += "  AEC ratio" if len(names) == 2 else ""
        header += "".join(f"  {'gym ' + name:>18}" for name in names)
        print(f"{'players':>7}{header}  {'gym engine actions/s':>21}")
        for n in args.players:
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in names}
            for run in range(args.runs):
                for name in names:
                    runs[name].append(measure(codes[name], n, args.seconds, seed=run))
            aec = {name: statistics.median(r["aec"] for r in runs[name]) for name in names}
            gym = {name: statistics.median(r["gym"] for r in runs[name]) for name in names}
            actions = statistics.median(r["gym_actions"] for r in runs[names[-1]])
            row = "".join(f"  {aec[name]:>18,.0f}" for name in names)
            row += f"  {aec[names[1]] / aec[names[0]]:>8.2f}x" if len(names) == 2 else ""
            row += "".join(f"  {gym[name]:>18,.0f}" for name in names)
            print(f"{n:>7}{row}  {actions:>21,.0f}", flush=True)


if __name__ == "__main__":
    main()
