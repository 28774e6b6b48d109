"""The tournament runner: seat rotation, derived seeds, reproducibility and shards."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from petersburg.engine import GameOptions, GameRecord
from petersburg.tournament import TournamentSpec, derive_seed, game_seed, play_game, run_games, seating
from petersburg.tournament.runner import append_lines, kept_lines


def _without_timing(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Game lines minus the decision times (the only part that depends on the machine)."""
    return [{key: value for key, value in line.items() if key != "timing"} for line in lines]


def test_seats_rotate_over_the_same_shuffle() -> None:
    spec = TournamentSpec(("greedy", "random", "random"), games=6, seed=3)
    for deal in range(2):
        games = range(deal * 3, deal * 3 + 3)
        assert len({game_seed(spec, game) for game in games}) == 1
        for entry in range(3):
            assert sorted(seating(spec, game).index(entry) for game in games) == [0, 1, 2]
    assert game_seed(spec, 0) != game_seed(spec, 3)


def test_seeds_derive_from_the_tournament_seed() -> None:
    assert derive_seed(5, "deal", 1) == derive_seed(5, "deal", 1)
    assert derive_seed(5, "deal", 1) != derive_seed(6, "deal", 1)
    assert derive_seed(5, "deal", 1) != derive_seed(5, "deal", 2)
    a = TournamentSpec(("greedy", "random"), games=2, seed=1)
    b = TournamentSpec(("greedy", "random"), games=2, seed=2)
    assert game_seed(a, 0) != game_seed(b, 0)


def test_results_are_reproducible_from_the_seed() -> None:
    spec = TournamentSpec(("greedy", "random"), games=6, seed=42)
    first = _without_timing(list(run_games(spec)))
    again = _without_timing(list(run_games(spec)))
    assert first == again
    assert [line["game"] for line in first] == list(range(6))


def test_any_game_can_be_rerun_alone_and_replayed() -> None:
    spec = TournamentSpec(("greedy", "random", "greedy"), games=6, seed=7)
    lines = _without_timing(list(run_games(spec)))
    alone = _without_timing([play_game(spec, 4)])[0]
    assert alone == lines[4]
    record = GameRecord.from_json(alone["record"])
    state = record.replay()
    assert state.is_over and state.seed == alone["seed"]


def test_a_game_played_on_from_its_own_opening_is_that_game() -> None:
    """``play_game(..., opening)``: the moves replayed, then the bots asked. A search bot's every
    decision is seeded by its seed, the step and the seat, so a kept game's moves up to any point
    as the opening give back the whole game: what ``bots_master.py --endgame-of`` relies on."""
    spec = TournamentSpec(("ismcts:easy", "greedy", "ismcts:easy"), games=3, seed=11)
    whole = play_game(spec, 1)
    actions = GameRecord.from_json(whole["record"]).actions
    for cut in (1, len(actions) // 2, len(actions) - 1):
        resumed = play_game(spec, 1, actions[:cut])
        assert resumed["opening"] == cut
        assert resumed["record"] == whole["record"] and resumed["result"] == whole["result"]
        played = sum(resumed["timing"]["decisions"])
        assert played == len(actions) - cut, "the replayed moves are no decisions of the bots"
    assert "opening" not in whole, "a whole game's line is as it was"


def test_union_of_shards_equals_the_full_run() -> None:
    full = TournamentSpec(("greedy", "random"), games=10, seed=9)
    expected = _without_timing(list(run_games(full)))
    parts: list[dict[str, Any]] = []
    for k in range(1, 4):
        shard = TournamentSpec(full.bots, full.games, full.seed, shard=(k, 3))
        parts.extend(_without_timing(list(run_games(shard))))
    assert sorted(parts, key=lambda line: line["game"]) == expected
    assert len(parts) == len(expected)


@pytest.mark.slow
def test_worker_processes_give_the_same_games() -> None:
    spec = TournamentSpec(("greedy", "random"), games=6, seed=13)
    assert _without_timing(list(run_games(spec, jobs=2))) == _without_timing(list(run_games(spec, jobs=1)))


def test_bad_tournaments_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="1 to 4 bots"):
        TournamentSpec(("greedy",) * 5, games=1)
    with pytest.raises(ValueError, match="at least 1"):
        TournamentSpec(("greedy",), games=0)
    with pytest.raises(ValueError, match="k/N"):
        TournamentSpec(("greedy",), games=1, shard=(3, 2))
    with pytest.raises(ValueError, match="Unknown bot"):
        TournamentSpec(("greedy", "nobody"), games=1)


def test_duplicate_specs_get_numbered_labels() -> None:
    spec = TournamentSpec(("ismcts:easy", "greedy", "greedy", "greedy"), games=1)
    assert spec.labels() == ["ismcts:easy", "greedy", "greedy#2", "greedy#3"]


def test_a_five_seat_market_tournament_plays_and_its_records_replay() -> None:
    market = GameOptions(edition="second", market=True, joker="each_scoring")
    spec = TournamentSpec(("greedy", "random", "random", "greedy", "random"), games=5, seed=4, options=market)
    lines = list(run_games(spec))
    assert len(lines) == 5 and len({line["seed"] for line in lines}) == 1  # one deal, seats rotated
    for line in lines:
        record = GameRecord.from_json(line["record"])
        assert record.options == market
        state = record.replay()
        assert state.is_over and state.market is not None and len(line["result"]["scores"]) == 5


def test_options_that_do_not_go_together_are_refused_before_any_game() -> None:
    with pytest.raises(ValueError, match=r"1 to 4 bots .*\(5 with the Market\)"):
        TournamentSpec(("random",) * 5, games=1, options=GameOptions(edition="second"))
    with pytest.raises(ValueError, match="needs the 2nd edition"):
        TournamentSpec(("random",) * 2, games=1, options=GameOptions(market=True))
    with pytest.raises(ValueError, match="1 to 5 bots"):
        TournamentSpec(("random",) * 6, games=1, options=GameOptions(edition="second", market=True))


def test_a_resumed_run_reads_its_whole_lines_and_drops_one_cut_short(tmp_path: Path) -> None:
    spec = TournamentSpec(("greedy", "random"), games=2, seed=3)
    path = tmp_path / "cell.jsonl"
    assert kept_lines(path) == [], "no file yet: nothing played"
    played = [play_game(spec, game) for game in spec.game_indices()]
    whole = "".join(json.dumps(line) + "\n" for line in played)
    path.write_text(whole + json.dumps(played[0])[:40], encoding="utf-8")  # a stop mid-write
    assert kept_lines(path) == played
    with append_lines(path) as resumed:  # the run resumed: the cut game played again
        resumed.write(json.dumps(played[0]) + "\n")
    assert kept_lines(path) == [*played, played[0]], "the line after the cut one is read whole"
