"""Same seed and actions give the same state, in this process and in a separate one."""

import hashlib
import json
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import hashlib, json, random, sys
    from petersburg.engine import apply_action, legal_actions, new_game, state_to_json
    players, seed = int(sys.argv[1]), int(sys.argv[2])
    state = new_game(players, seed)
    rng = random.Random(seed)
    trace = hashlib.sha256()
    while not state.is_over:
        apply_action(state, rng.choice(legal_actions(state)))
        trace.update(json.dumps(state_to_json(state), sort_keys=True).encode())
    print(trace.hexdigest())
    """
)


def trace_in_process(players: int, seed: int) -> str:
    namespace: dict[str, object] = {}
    argv = sys.argv
    sys.argv = ["x", str(players), str(seed)]
    try:
        from contextlib import redirect_stdout
        from io import StringIO

        out = StringIO()
        with redirect_stdout(out):
            exec(SCRIPT, namespace)
    finally:
        sys.argv = argv
    return out.getvalue().strip()


def test_same_seed_and_actions_same_states_in_two_processes() -> None:
    for players, seed in ((2, 101), (4, 202)):
        expected = trace_in_process(players, seed)
        for hash_seed in ("0", "12345"):
            env = {**os.environ, "PYTHONHASHSEED": hash_seed}
            result = subprocess.run(
                [sys.executable, "-c", SCRIPT, str(players), str(seed)],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            )
            assert result.stdout.strip() == expected
    assert len(expected) == len(hashlib.sha256().hexdigest())
    assert json.dumps(expected)
