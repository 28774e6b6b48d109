"""The analysis of a finished game: a constructed blunder is marked, the best move is not, a weak
seat loses more per move than a strong one, and the curve and turning points cover the game."""

from __future__ import annotations

import json
from pathlib import Path

from petersburg.analysis import Budget, analyse_game, evaluate_decision
from petersburg.analysis.marks import BLUNDER
from petersburg.bots import make_bot
from petersburg.engine import STAGE_PUB, ActionId, GameRecord, apply_action, new_game, view
from petersburg.engine.actions import pub_id

DATA = Path(__file__).parent / "data"
NO_PUB = pub_id(0)
"""Buying no VP at the Pub: the "pass" of the Pub stage."""

PUB_SEED, PUB_STEP, PUB_SEAT = 7, 182, 0
"""A 2-player greedy game in which seat 1, in the last round, may turn its rubles into 5 VP at its
Pub, and that wins the game (found by searching seeded games for such a Pub decision)."""


def greedy_game(players: int, seed: int, forced: dict[int, ActionId]) -> GameRecord:
    """A greedy self-play game of ``seed`` in which the moves at the steps of ``forced`` are replaced."""
    state = new_game(players, seed)
    bots = [make_bot("greedy", seed * 2 + seat) for seat in range(players)]
    actions: list[ActionId] = []
    while not state.is_over:
        seat = state.current_player
        step = len(actions)
        action = forced.get(step, bots[seat].choose(view(state, seat)))
        actions.append(action)
        apply_action(state, action)
    return GameRecord(players, seed, state.options, actions, ["Anna", "Boris"])


def position(record: GameRecord, step: int) -> object:
    state = new_game(record.num_players, record.seed, record.options)
    for action in record.actions[:step]:
        apply_action(state, action)
    return state


def test_passing_a_won_pub_conversion_is_a_blunder_and_the_best_move_is_not() -> None:
    blunder = greedy_game(2, PUB_SEED, {PUB_STEP: NO_PUB})
    state = position(blunder, PUB_STEP)
    assert state.stage == STAGE_PUB and state.last_round and state.current_player == PUB_SEAT  # type: ignore[attr-defined]
    judged = analyse_game(blunder, [PUB_SEAT], Budget(determinizations=6))
    at = next(d for d in judged.decisions if d.step == PUB_STEP)
    print(f"pass at the Pub: chance {at.before:.2f} -> {at.after:.2f}, best {at.best_text}")
    assert judged.mark(at) == BLUNDER
    assert at.best != NO_PUB

    best = greedy_game(2, PUB_SEED, {PUB_STEP: at.best})
    rejudged = analyse_game(best, [PUB_SEAT], Budget(determinizations=6))
    again = next(d for d in rejudged.decisions if d.step == PUB_STEP)
    assert rejudged.mark(again) is None
    # Every move the analysis itself found best carries no mark.
    assert all(rejudged.mark(d) is None for d in rejudged.decisions if d.played == d.best)


def test_a_random_seat_loses_clearly_more_per_move_than_an_expert_seat() -> None:
    """Seeded games of ismcts:expert against random (2 players, seats rotated), recorded by
    ``petersburg tournament --bots ismcts:expert,random --games 4 --seed 25 --out ...`` (the Expert's
    decisions take too long to play inside a test; the records are its games, replayed exactly)."""
    losses: dict[str, list[float]] = {"ismcts:expert": [], "random": []}
    lines = (DATA / "expert_vs_random.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines:
        entry = json.loads(line)
        record = GameRecord.from_json(entry["record"])
        bots = entry["bots"]
        judged = analyse_game(record, budget=Budget(determinizations=4))
        for summary in judged.summary():
            losses[bots[summary["seat"]]].extend(
                d.loss for d in judged.decisions if d.seat == summary["seat"]
            )
    expert = sum(losses["ismcts:expert"]) / len(losses["ismcts:expert"])
    random_seat = sum(losses["random"]) / len(losses["random"])
    print(
        f"average loss per move over {len(lines)} games: "
        f"ismcts:expert {expert:.2f} VP, random {random_seat:.2f} VP"
    )
    assert random_seat > 2 * expert


def test_the_curve_starts_level_ends_at_the_result_and_three_turning_points_are_told() -> None:
    record = greedy_game(2, PUB_SEED, {})
    judged = analyse_game(record, [0], Budget(determinizations=2))
    curve = judged.curve
    assert curve[0].chances == (0.5, 0.5)
    assert sorted(curve[-1].chances) in ([0.0, 1.0], [0.5, 0.5])
    points = judged.turning_points()
    assert len(points) == 3
    assert [p["step"] for p in points] == sorted(p["step"] for p in points)
    assert all("chance of winning went from" in p["text"] for p in points)
    data = judged.to_json()
    assert data["format"] == "petersburg-analysis"
    assert len(data["curve"]) == len(curve)


def test_the_evaluation_always_includes_the_move_asked_about() -> None:
    state = new_game(2, 3)
    seen = view(state, state.current_player)
    worst = seen.legal_actions()[-1]
    evaluation = evaluate_decision(seen, Budget(determinizations=2, width=2), include=(worst,))
    assert evaluation.of(worst) is not None
    assert evaluation.moves[0].value >= evaluation.moves[-1].value
