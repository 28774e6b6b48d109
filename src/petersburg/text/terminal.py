"""The words of the terminal game (``petersburg play``) and of the command line's player-facing
output (the replay's summary, the menu of ``legal``), by message id.

The moves, the log and the cards are worded by ``narration`` and ``cards``; these are the frame
around them: the board's headings, the prompts, the help and the final table. Action texts a player
types (``buy U3``, ``pass``) are commands, the same in every language, and are not translated.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list

from petersburg.text.languages import locale_of
from petersburg.text.wording import Catalogue, Message, Param, Plural

TERMINAL = Catalogue(
    "terminal",
    {
        "welcome": "Sankt Petersburg - {players} players, seed {seed}. Type 'help' for help.",
        "help": (
            "Type an action or its number from the menu. Actions: 'buy U3', 'buy L2 over market', "
            "'hand U1',\n'play H2', 'observe aristocrats', 'buy drawn' / 'hand drawn' / 'discard drawn', "
            "'pub 3', 'pass';\nwith the Market 'joker fish', 'pay crate fish', 'skip crate fish'.\n"
            "'board' shows the board again, 'hint' what the strongest bot would do, 'quit' ends the game."
        ),
        "abandoned": "Game abandoned.",
        "you_seat": "You (seat {seat})",
        "player": "Player {number}",
        "bot_seat": "{bot} bot (seat {seat})",
        "options": "{name}, your options:",
        "no_option": "There is no option {number}: choose 1 to {most}.",
        "not_possible": "Not possible: {reason}",
        "not_in_menu": "'{action}' is not in the menu.",
        "status": "Round {round} - {phase} phase",
        "status_pub": "Round {round} - {phase} phase (Pub)",
        "status_last": "Round {round} - {phase} phase - LAST ROUND",
        "status_pub_last": "Round {round} - {phase} phase (Pub) - LAST ROUND",
        "start_players": "Start players - {markers}",
        "marker": "{phase}: {name}",
        "stacks": "Stacks - {stacks}",
        "stack": "{stack} {count}",
        "upper_row": "Upper row:",
        "lower_row": Plural("Lower row (-{count} ruble):", "Lower row (-{count} rubles):"),
        "empty": "(empty)",
        "costs_you": "costs you {price}",
        "players": "Players:",
        "player_line": "{name}: {vp} VP, {rubles}, {held} in hand",
        "rubles": Plural("{count} ruble", "{count} rubles"),
        "rubles_hidden": "? rubles",
        "to_act": "<- to act",
        "goods": "goods: {goods}",
        "your_hand": "Your hand ({held}/{limit}): {hand}",
        "hand_empty": "(empty)",
        "you_drew": "You drew: {card}",
        "final_scoring": "Final scoring:",
        "score_header": "player            play  aristo  money  hand  total  rubles",
        "winner": "Winner: {names}",
        "replay_finished": "{players} players, seed {seed}, {actions} actions, finished.",
        "replay_unfinished": "{players} players, seed {seed}, {actions} actions, not finished.",
        "seat_to_act": "Seat {seat} to act:",
        "game_over": "The game is over.",
        # The command line's refusals ---------------------------------------------------------
        "cannot_read": "Cannot read {path}: {reason}.",
        "not_json": "{path} is not valid JSON (line {line}, column {column}: {reason}).",
        "file_refused": "{path}: {reason}",
        "no_such_seat": "There is no seat {seat} in a {players}-player game (seats 0 to {last}).",
        "bot_per_seat": "Give one bot for every seat ({players}), or a single bot for all.",
        "humans_range": "--humans must be between 0 and {most}.",
        "no_seat": "There is no seat {seat} in a {players}-player game.",
        "unfinished_record": (
            "{path}: only a finished game can be analysed, and this record stops before the end."
        ),
    },
)
"""The terminal's sentences by message id."""


def terminal_text(message_id: str, /, **params: Param) -> Message:
    """The terminal sentence ``message_id`` with its parameters (English by ``str()``)."""
    return TERMINAL.message(message_id, params)


def listed_names(names: Sequence[str], language: str) -> str:
    """Names joined as ``language`` lists them (CLDR: "A, B and C"; "A、B、C")."""
    return str(format_list(list(names), locale=locale_of(language)))
