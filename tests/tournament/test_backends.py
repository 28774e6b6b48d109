"""The backends that play many games: the local pool and Ray give the same games in the same order."""

from __future__ import annotations

import pytest

from petersburg.tournament.backends import Backend, map_in_order
from petersburg.tournament.runner import TournamentSpec, run_games


def _square(value: int) -> int:
    return value * value


def _without_timing(lines: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in line.items() if k != "timing"} for line in lines]


def test_the_local_backend_keeps_the_tasks_order() -> None:
    assert list(map_in_order(_square, [3, 1, 2])) == [9, 1, 4]
    assert list(map_in_order(_square, [3, 1, 2, 5], Backend("local", 2))) == [9, 1, 4, 25]


@pytest.mark.parametrize(
    ("backend", "words"),
    [
        (lambda: Backend("spark"), "Unknown backend 'spark'"),
        (lambda: Backend("local", 0), "--jobs must be at least 1"),
        (lambda: Backend("local", 1, "ray://head:10001"), "--address names a Ray cluster"),
    ],
)
def test_bad_backends_are_refused(backend: object, words: str) -> None:
    assert callable(backend)
    with pytest.raises(ValueError, match=words):
        backend()


def test_a_tournament_on_ray_plays_the_games_of_the_local_pool() -> None:
    pytest.importorskip("ray")
    spec = TournamentSpec(("greedy", "random"), 4, seed=3)
    on_ray = _without_timing(list(run_games(spec, backend=Backend("ray", 2))))
    assert on_ray == _without_timing(list(run_games(spec)))
    import ray

    assert not ray.is_initialized()  # started for the run, and shut down after it
