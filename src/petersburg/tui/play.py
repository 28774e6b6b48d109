"""A terminal game for one or more humans against bots (``petersburg play``).

Humans sit in the first seats and type an action's text (``buy U3``) or its menu number; bots
decide from their own seat's view. Every move and everything that follows from it (scorings with
each player's rubles and VP, Pubs, cards dealt, new phases and rounds, the final scoring) is told
in words from the engine's events, as the human seat may see them (with several humans at one
terminal, as a spectator sees them). Input and output are injectable so tests can drive a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from petersburg.analysis import hint
from petersburg.analysis.hint import hint_lines
from petersburg.bots import make_bot
from petersburg.engine import (
    Event,
    GameState,
    PetersburgError,
    View,
    apply_action,
    apply_with_events,
    format_action,
    parse_action,
    view,
)
from petersburg.text import describe_events, legal_action_infos
from petersburg.tui.render import render_scores, render_view

HELP = (
    "Type an action or its number from the menu. Actions: 'buy U3', 'buy L2 over market', 'hand U1',\n"
    "'play H2', 'observe aristocrats', 'buy drawn' / 'hand drawn' / 'discard drawn', 'pub 3', 'pass';\n"
    "with the Market 'joker fish', 'pay crate fish', 'skip crate fish'.\n"
    "'board' shows the board again, 'hint' what the strongest bot would do, 'quit' ends the game."
)


class QuitGame(Exception):
    """The human typed 'quit' (or input ended)."""


def run_terminal_game(
    state: GameState,
    humans: int,
    bot_spec: str,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    setup_events: Sequence[Event] = (),
) -> GameState:
    """Play ``state`` to its end: seats below ``humans`` prompt, the others are ``bot_spec`` bots.

    ``setup_events`` (from ``new_game(..., sink=...)``) are told first.
    """
    names = [f"You (seat {s})" if humans == 1 else f"Player {s + 1}" for s in range(humans)]
    names += [f"{bot_spec} bot (seat {s})" for s in range(humans, state.num_players)]
    bots = {seat: make_bot(bot_spec, state.seed * 10 + seat) for seat in range(humans, state.num_players)}
    # One human reads his own secrets and is spoken to as "you"; several share a spectator's view.
    reader = 0 if humans == 1 else None

    def tell(events: Sequence[Event]) -> None:
        for line in describe_events(events, names, state.shape, reader, second_person=True):
            write(line)

    write(f"Sankt Petersburg - {state.num_players} players, seed {state.seed}. Type 'help' for help.")
    tell(setup_events)
    try:
        while not state.is_over:
            seat = state.current_player
            if seat in bots:
                action = bots[seat].choose(view(state, seat))
            else:
                action = _ask_human(state, seat, names, read, write)
            tell(apply_with_events(state, action))
    except QuitGame:
        write("Game abandoned.")
        return state
    # The final scoring is read from the whole state, not a view: a view keeps everyone's rubles,
    # but one without the ledger (``hidden_rubles_view``) would score them as -1.
    write(render_scores(View(None, state), names))
    return state


def _ask_human(
    state: GameState, seat: int, names: list[str], read: Callable[[str], str], write: Callable[[str], None]
) -> int:
    seen = view(state, seat)
    write("")
    write(render_view(seen, names))
    infos = legal_action_infos(state)
    write(f"{names[seat]}, your options:")
    for number, info in enumerate(infos, 1):
        write(f"  {number:3d}. {info.text:26s} {info.description}")
    while True:
        try:
            answer = read(f"{names[seat]} > ").strip()
        except EOFError:
            raise QuitGame from None
        if answer in ("quit", "exit"):
            raise QuitGame
        if answer in ("help", "?"):
            write(HELP)
            continue
        if answer == "hint":
            for line in hint_lines(hint(seen, names=names)):
                write(line)
            continue
        if answer == "board":
            write(render_view(seen, names))
            continue
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(infos):
                return infos[number - 1].id
            write(f"There is no option {number}: choose 1 to {len(infos)}.")
            continue
        try:
            action = parse_action(answer)
        except PetersburgError as error:
            write(str(error))
            continue
        if action in {info.id for info in infos}:
            return action
        probe = state.copy()
        try:
            apply_action(probe, action)
        except PetersburgError as error:
            write(f"Not possible: {error}")
        else:  # pragma: no cover - legal actions are all in the menu
            write(f"'{format_action(action)}' is not in the menu.")
