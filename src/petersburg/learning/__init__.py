"""Learning the bots' evaluation from self-play: generation, training, a quick check (docs/bots.md).

``selfplay`` plays seeded games and writes every phase-start position's features with the final
scores (shards, resumable); ``train`` fits the value model of each setting with numpy (the ``learn``
extra) and writes the weights file the bots read; ``check`` plays a short head-to-head of the
search with and without the new weights; ``cli`` is ``petersburg train``.
"""
