"""The rule options as the lobby offers them: every option with its values and defaults, and which
options and player counts go together, as JSON.

Apart from ``options.py`` because it reads the editions' shapes (how many phases share out the
start-player markers), and the shapes are themselves declared from the options.
"""

from __future__ import annotations

from petersburg.engine.constants import OPENING_WORKERS_PER_PLAYER
from petersburg.engine.options import (
    CHOICES,
    EDITION_FIRST,
    EDITION_SECOND,
    MARKET_BOARDS,
    MARKET_OPTIONS,
    MAX_PLAYERS,
    MAX_PLAYERS_MARKET,
    MIN_PLAYERS,
    MONEY_KEPT,
    MONEY_TRADED,
)
from petersburg.engine.shape import FIRST


def option_choices() -> dict[str, object]:
    """Every rule option a table can be created with, as JSON for the lobby: its values, its
    default per edition, and which options and player counts go together. ``check_options``
    accepts exactly what this allows.

    - ``players``: 1 to 4 (``max``), 5 with the Market (``max_with_market``).
    - ``options``: in the order a form lists them, each with ``values`` (default first),
      ``default`` (per edition for ``money``), ``requires`` (``{"edition": "second"}`` for the
      Market, ``{"market": true}`` for its options: other values are refused without it);
      ``market_board`` gives the most players each board takes (``max_players``, in the order of
      ``values``: the opening deals ``OPENING_WORKERS_PER_PLAYER`` workers each);
      ``double_marker_seat`` is a seat number or null, asked only where it means something:
      with the Market, or at the player counts in ``players_without_market`` (where the
      start-player markers do not share out evenly).
    """

    def choice(name: str, requires: dict[str, object]) -> dict[str, object]:
        values = list(CHOICES[name])
        return {"name": name, "values": values, "default": values[0], "requires": requires}

    flags = ("always_refill", "show_rubles", "show_hands")
    options: list[dict[str, object]] = [
        choice("edition", {}),
        {
            "name": "market",
            "values": [False, True],
            "default": False,
            "requires": {"edition": EDITION_SECOND},
        },
        {
            "name": "money",
            "values": list(CHOICES["money"]),
            "default": {EDITION_FIRST: MONEY_KEPT, EDITION_SECOND: MONEY_TRADED},
            "requires": {},
        },
        *({"name": flag, "values": [False, True], "default": False, "requires": {}} for flag in flags),
    ]
    for name in MARKET_OPTIONS:
        options.append(choice(name, {"market": True}))
    board = options[-len(MARKET_OPTIONS)]
    board["max_players"] = [
        min(MAX_PLAYERS_MARKET, size // OPENING_WORKERS_PER_PLAYER) for size in MARKET_BOARDS
    ]
    uneven = [n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1) if FIRST.num_phases % n]
    options.append(
        {
            "name": "double_marker_seat",
            "values": "seat",
            "default": None,
            "requires": {},
            "players_without_market": uneven,
        }
    )
    return {
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS, "max_with_market": MAX_PLAYERS_MARKET},
        "options": options,
    }
