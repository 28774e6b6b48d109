"""A trace of seeded games through the public API, to compare the compiled and interpreted builds.

Run once per build, each in its own process (``PETERSBURG_PURE_PYTHON=1`` for the interpreted one)::

    python tests/builds/trace.py --games 200              # a build line, then one digest line per game
    python tests/builds/trace.py --games 200 --detail 17  # a build line, then every record of game 17

Games vary the player count (1 to 5) and the options (both editions, the Market), and are driven
by greedy or by random play.
At every step a record holds the full state, every seat's view and the spectator's, the legal actions
with prices and descriptions, a determinization of the acting seat's view, the greedy gains, the
greedy and random bots' choices, the state after the chosen action applied to a copy (and whether
the original stayed as it was), the events of the action (and of the set-up), and at sampled steps
what every phase's scoring would pay now and an ``ismcts:easy`` or ``ismcts:expert`` choice.
Each game also records the answers to bad input, and whether states, views, options, records and
bots survive pickling. Floats are written exactly (``json`` uses ``repr``), so equal digests mean
equal records.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from petersburg import build_info
from petersburg.bots import GreedyBot, IsmctsBot, RandomBot
from petersburg.bots.greedy import action_gains
from petersburg.bots.ismcts import LEVELS
from petersburg.engine import (
    NUM_ACTIONS,
    Event,
    GameOptions,
    GameRecord,
    GameState,
    apply_action,
    apply_unchecked,
    apply_with_events,
    determinize,
    final_scores,
    new_game,
    options_from_json,
    parse_action,
    phase_income,
    state_from_json,
    state_to_json,
    view,
    view_to_json,
    winners,
)
from petersburg.text import legal_action_infos

OPTION_SETS = (
    GameOptions(),
    GameOptions(always_refill=True, double_marker_seat=0),
    GameOptions(money="traded", show_rubles=True),
    GameOptions(show_hands=True),
    GameOptions(edition="second"),
    GameOptions(edition="second", market=True),
    GameOptions(
        edition="second",
        market=True,
        market_board=8,
        joker="each_scoring",
        market_values="open",
        unpaid_crate="idle",
        market_ties="step_down",
        show_hands=True,
    ),
)
ISMCTS_EVERY = 30
"""A sampled ISMCTS decision every this many steps (in every third game)."""
EXPERT_GAMES = 20
EXPERT_STEP = 40
"""An ``ismcts:expert`` decision at this step of every ``EXPERT_GAMES``-th game."""


def answer(call: Callable[[], object]) -> str:
    """What a call gives: its result, or its exception's type and message."""
    try:
        return f"ok {call()!r}"
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def _first_step(players: int, seed: int) -> int:
    """The step of a new game of ``players`` and ``seed`` (or the error setting it up raises)."""
    return new_game(players, seed).step


def bad_input_answers(state: GameState) -> list[str]:
    """The engine's answers to malformed input, which must be the same sentences in both builds."""
    # Any: these are the wrong types on purpose, as a caller without type checks would pass them.
    values: tuple[Any, ...] = (True, False, 1.5, "pass", None, -1, NUM_ACTIONS, 10**30)
    answers = [answer(partial(apply_action, state.copy(), value)) for value in values]
    texts: tuple[Any, ...] = (3, None, "buy U9 over x", " BUY  u1 ")
    answers += [answer(partial(parse_action, text)) for text in texts]
    answers.append(answer(lambda: view(state, state.num_players)))
    answers += [answer(partial(hash, item)) for item in (state, state.players[0])]
    broken = state_to_json(state)
    broken["seats"][0]["rubles"] = True
    answers.append(answer(lambda: state_from_json(broken)))
    answers.append(answer(lambda: options_from_json({"money": 3})))
    answers.append(answer(lambda: options_from_json({"show_hands": 1})))
    answers.append(answer(lambda: GameRecord.from_json({"format": "petersburg-record", "players": 2})))
    answers += [answer(partial(_first_step, n, s)) for n, s in ((0, 1), (5, 1), (2, -1))]
    return answers


def survives_pickling(state: GameState) -> dict[str, bool]:
    """Whether states, views, options, weights and bots come back equal from a pickle."""
    seen = view(state, 0)
    ismcts = IsmctsBot(5, LEVELS["hard"], name="ismcts:hard")
    record = GameRecord(state.num_players, state.seed, state.options, [0, 0], ["a", "b"])
    back = pickle.loads(pickle.dumps((state, seen, state.options, ismcts, GreedyBot(3), record)))
    return {
        "state": back[0] == state,
        "view": back[1].seat == 0 and back[1].state == seen.state,
        "options": back[2] == state.options,
        "ismcts": back[3].config == ismcts.config and back[3].seed == 5,
        "greedy": back[4].weights == GreedyBot(3).weights,
        "record": back[5].to_json() == record.to_json(),
    }


def game_records(number: int) -> Iterator[dict[str, Any]]:
    """Every record of game ``number`` (its set-up, one per step, its end)."""
    options = OPTION_SETS[number // 4 % len(OPTION_SETS)]
    players = number % (5 if options.market and options.market_board == 10 else 4) + 1
    seed = 7919 * number + 13
    setup: list[Event] = []
    state = new_game(players, seed, options, setup)
    yield {
        "setup": state_to_json(state),
        "setup_events": [event.to_json() for event in setup],
        "bad_input": bad_input_answers(state),
    }
    greedy_play = number % 2 == 1
    while not state.is_over:
        seat = state.to_act
        own = view(state, seat)
        legal = own.legal_actions()
        greedy = GreedyBot(seed + seat).choose(own)
        chance = RandomBot(seed + seat).choose(own)
        action = greedy if greedy_play else chance
        before = state.copy()
        branch = state.copy()
        apply_unchecked(branch, action)
        record: dict[str, Any] = {
            "state": state_to_json(state),
            "views": [view_to_json(view(state, other)) for other in (None, *range(players))],
            "legal": [tuple(info) for info in legal_action_infos(state)],
            "determinized": state_to_json(determinize(own, random.Random(seed + state.step))),
            "gains": action_gains(own.state, legal),
            "greedy": greedy,
            "random": chance,
            "branch": state_to_json(branch),
            "copy_equal": before == state,
            "copy_independent": branch != state,
        }
        if state.step % ISMCTS_EVERY == 0:  # what each scoring would pay now, at sampled steps
            scorings = state.shape.phases
            record["incomes"] = [[list(income) for income in phase_income(state, p)] for p in scorings]
        if number % 3 == 0 and state.step % ISMCTS_EVERY == 0 and len(legal) > 1:
            record["ismcts"] = IsmctsBot(seed, LEVELS["easy"], name="ismcts:easy").choose(own)
        if number % EXPERT_GAMES == 0 and state.step == EXPERT_STEP:
            record["expert"] = IsmctsBot(seed, LEVELS["expert"], name="ismcts:expert").choose(own)
        record["events"] = [event.to_json() for event in apply_with_events(state, action)]
        yield record
    yield {
        "final": state_to_json(state),
        "scores": [line._asdict() for line in final_scores(state)],
        "winners": winners(state),
        "pickled": survives_pickling(state),
    }


def digest(records: Iterator[dict[str, Any]]) -> tuple[str, int]:
    """SHA-256 over the records' canonical JSON, and how many records there were."""
    sha = hashlib.sha256()
    count = 0
    for record in records:
        sha.update(json.dumps(record, sort_keys=True).encode())
        count += 1
    return sha.hexdigest(), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--detail", type=int, default=None, help="print every record of this game")
    args = parser.parse_args()
    info = build_info()
    print(json.dumps({"build": str(info), "compiled": info.compiled}), flush=True)
    if args.detail is not None:
        for record in game_records(args.detail):
            print(json.dumps(record, sort_keys=True))
        return
    for number in range(args.games):
        sha, count = digest(game_records(number))
        print(json.dumps({"game": number, "records": count, "digest": sha}), flush=True)


if __name__ == "__main__":
    main()
