"""Research tools on top of the engine and the bots: the evaluation protocol (``petersburg
evaluate``, docs/benchmark.md) and the game dataset (``petersburg dataset``, docs/dataset.md).

Nothing here needs the web server's dependencies.
"""
