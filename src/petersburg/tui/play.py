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
    apply_with_events,
    format_action,
    parse_action,
    view,
    why_illegal,
)
from petersburg.text import describe_events, legal_action_infos
from petersburg.text.languages import SOURCE
from petersburg.text.rule_refusals import rule_refusal
from petersburg.text.terminal import terminal_text
from petersburg.text.wording import Message
from petersburg.tui.render import render_scores, render_view


class QuitGame(Exception):
    """The human typed 'quit' (or input ended)."""


def run_terminal_game(
    state: GameState,
    humans: int,
    bot_spec: str,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    setup_events: Sequence[Event] = (),
    language: str = SOURCE,
) -> GameState:
    """Play ``state`` to its end: seats below ``humans`` prompt, the others are ``bot_spec`` bots;
    everything is told in ``language`` (the commands a player types are the same in every one).

    ``setup_events`` (from ``new_game(..., sink=...)``) are told first.
    """

    def say(message: Message) -> str:
        return message.in_language(language)

    names = [
        say(terminal_text("you_seat", seat=s)) if humans == 1 else say(terminal_text("player", number=s + 1))
        for s in range(humans)
    ]
    names += [say(terminal_text("bot_seat", bot=bot_spec, seat=s)) for s in range(humans, state.num_players)]
    bots = {seat: make_bot(bot_spec, state.seed * 10 + seat) for seat in range(humans, state.num_players)}
    # One human reads his own secrets and is spoken to as "you"; several share a spectator's view.
    reader = 0 if humans == 1 else None

    def tell(events: Sequence[Event]) -> None:
        for line in describe_events(
            events, names, state.shape, reader, second_person=True, language=language
        ):
            write(line)

    write(say(terminal_text("welcome", players=state.num_players, seed=state.seed)))
    tell(setup_events)
    try:
        while not state.is_over:
            seat = state.current_player
            if seat in bots:
                action = bots[seat].choose(view(state, seat))
            else:
                action = _ask_human(state, seat, names, read, write, language)
            tell(apply_with_events(state, action))
    except QuitGame:
        write(say(terminal_text("abandoned")))
        return state
    # The final scoring is read from the whole state, not a view: a view keeps everyone's rubles,
    # but one without the ledger (``hidden_rubles_view``) would score them as -1.
    write(render_scores(View(None, state), names, language))
    return state


def _ask_human(
    state: GameState,
    seat: int,
    names: list[str],
    read: Callable[[str], str],
    write: Callable[[str], None],
    language: str = SOURCE,
) -> int:
    seen = view(state, seat)
    write("")
    write(render_view(seen, names, language))
    infos = legal_action_infos(state, language)
    write(terminal_text("options", name=names[seat]).in_language(language))
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
            write(terminal_text("help").in_language(language))
            continue
        if answer == "hint":
            for line in hint_lines(hint(seen, names=names, language=language)):
                write(line)
            continue
        if answer == "board":
            write(render_view(seen, names, language))
            continue
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(infos):
                return infos[number - 1].id
            write(terminal_text("no_option", number=number, most=len(infos)).in_language(language))
            continue
        try:
            action = parse_action(answer)
        except PetersburgError as error:
            write(str(error))
            continue
        if action in {info.id for info in infos}:
            return action
        reason = why_illegal(state, action)
        if reason is not None:
            worded = rule_refusal(reason, state.shape).in_language(language)
            write(terminal_text("not_possible", reason=worded).in_language(language))
        else:  # pragma: no cover - legal actions are all in the menu
            write(terminal_text("not_in_menu", action=format_action(action)).in_language(language))
