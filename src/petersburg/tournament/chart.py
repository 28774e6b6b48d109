"""The score chart of a tournament: one box per bot, every game's final score as a dot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def draw_scores(lines: Sequence[dict[str, Any]], labels: Sequence[str], path: str) -> None:
    """Write a PNG of the final-score distribution of every entry (matplotlib, Agg backend)."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("Drawing a chart needs matplotlib: pip install 'petersburg[plot]'.") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scores: list[list[int]] = [[] for _ in labels]
    for line in lines:
        for seat, entry in enumerate(line["entries"]):
            scores[entry].append(line["result"]["scores"][seat])
    figure, axes = plt.subplots(figsize=(1.6 * len(labels) + 3, 4.5), dpi=100)
    axes.boxplot(scores, showmeans=True)
    axes.set_xticks(range(1, len(labels) + 1), list(labels))
    for index, entry_scores in enumerate(scores, 1):
        jitter = [index + 0.18 * (((i * 7919) % 101) / 100 - 0.5) for i in range(len(entry_scores))]
        axes.scatter(jitter, entry_scores, s=6, alpha=0.35, color="tab:blue")
    axes.set_ylabel("final score (VP)")
    axes.set_title(f"Final scores over {len(lines)} games")
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, format="png")
    plt.close(figure)
