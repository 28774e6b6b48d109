"""Research adapters: PettingZoo and Gymnasium environments over the rules engine (extra ``[rl]``).

Importing this package registers the Gymnasium environment ``petersburg/SanktPetersburg-v0``::

    import gymnasium
    import petersburg.env  # noqa: F401 (registers the environment)

    env = gymnasium.make("petersburg/SanktPetersburg-v0", num_players=3, opponents="random")

The multi-agent environment is ``petersburg.env.pettingzoo.env()`` / ``raw_env``. Both share the
action ids of the engine (``0..NUM_ACTIONS-1``) and the observation encoding of
``petersburg.env.encoding``; ``docs/research.md`` documents them field by field.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401 (checked here for a clear message)
except ImportError as error:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"petersburg.env needs the research extra: pip install 'petersburg[rl]' (missing: {error.name})."
    ) from error

ENV_ID = "petersburg/SanktPetersburg-v0"
"""The Gymnasium id of the single-agent environment."""

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="petersburg.env.gymnasium_env:SanktPetersburgEnv")

__all__ = ["ENV_ID"]
