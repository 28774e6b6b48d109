"""The engine's card tables hold every figure of the project's card data (tests/engine/data/).

The figures the rules of docs/rules.md play with are committed beside this test, one card a line, so
the check runs on every checkout: a figure changed in the engine (or in the data) fails here.
"""

import json
from pathlib import Path
from typing import Any

from petersburg import cards
from petersburg import cards_second_edition as second
from petersburg.engine.shape import FIRST, MARKET, SECOND

DATA = Path(__file__).resolve().parent / "data"
COLOURS_OF = {"worker": cards.GREEN, "building": cards.BLUE, "aristocrat": cards.RED, "market": second.YELLOW}


def _load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _good(entry: dict[str, Any]) -> int:
    """The engine's number of a card's good (``JOKER`` for "?", ``NO_GOOD`` for none)."""
    good = entry.get("good")
    if good is None:
        return second.NO_GOOD
    return second.JOKER if good == "joker" else second.GOODS.index(good)


def test_catalogue_totals() -> None:
    assert cards.NUM_KINDS == 49
    assert cards.NUM_CARDS == 116
    per_deck = [sum(cards.COUNT[k] for k in range(49) if cards.DECK[k] == d) for d in range(4)]
    assert per_deck == [31, 28, 27, 30]
    trading_colours = [
        sum(cards.COUNT[k] for k in range(49) if cards.IS_TRADING[k] and cards.COLOUR[k] == col)
        for col in range(3)
    ]
    assert trading_colours == [10, 10, 10]


def test_first_edition_catalogue_matches_the_card_data() -> None:
    reference = _load("cards-first-edition.json")["cards"]
    assert [entry["id"] for entry in reference] == list(cards.CARD_ID)
    for kind, entry in enumerate(reference):
        spec = cards.CATALOGUE[kind]
        assert spec.name == FIRST.card_name[kind] == entry["name"]
        assert cards.DECK_NAMES[spec.deck] == entry["deck"]
        assert spec.colour == COLOURS_OF[entry["counts_as"]]
        assert (spec.cost, spec.rubles, spec.vp, spec.copies) == (
            entry["cost"],
            entry["rubles"],
            entry["vp"],
            entry["count"],
        ), entry["id"]
        assert (FIRST.cost[kind], FIRST.count[kind]) == (entry["cost"], entry["count"])
        assert spec.symbol == entry.get("symbol", "")
        value = entry.get("value_when_displaced", entry["cost"])
        assert cards.DISPLACED_VALUE[kind] == FIRST.displaced_value[kind] == value


def test_displacement_tables() -> None:
    by = {cards.CARD_ID[k]: {cards.CARD_ID[t] for t in cards.DISPLACEABLE_BY[k]} for k in range(49)}
    assert by["carpenter_workshop"] == {"lumberjack", "czar_and_carpenter"}
    assert by["gold_smelter"] == {"gold_miner", "czar_and_carpenter"}
    assert by["weaving_mill"] == {"shepherd", "czar_and_carpenter"}
    assert by["fur_shop"] == {"fur_trapper", "czar_and_carpenter"}
    assert by["wharf"] == {"ship_builder", "czar_and_carpenter"}
    buildings = {cards.CARD_ID[k] for k in range(49) if cards.DECK[k] == cards.BUILDING}
    aristocrats = {cards.CARD_ID[k] for k in range(49) if cards.DECK[k] == cards.ARISTOCRAT}
    assert by["bank"] == buildings
    assert by["czar"] == aristocrats
    assert by["market"] == set()
    assert cards.DISPLACED_VALUE[cards.POTJOMKINS_VILLAGE] == 6


def test_aristocrat_bonus_table_is_capped() -> None:
    assert [cards.aristocrat_bonus(n) for n in range(12)] == [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 55]


def test_second_edition_base_cards_match_the_card_data() -> None:
    reference = _load("cards-second-edition.json")["base_cards"]
    for entry in reference:
        kind = second.ALL_CARD_BY_ID[entry["id"]]
        spec = second.ALL_KINDS[kind]
        assert MARKET.card_name[kind] == entry["name"]
        assert second.ALL_DECK_NAMES[spec.deck] == entry["deck"]
        assert spec.colour == COLOURS_OF[entry["counts_as"]]
        assert (MARKET.cost[kind], spec.rubles, spec.vp, MARKET.count[kind]) == (
            entry["cost"],
            entry["rubles"],
            entry["vp"],
            entry["count"],
        ), entry["id"]
        assert spec.symbol == entry.get("symbol", "")
        assert MARKET.good_of[kind] == _good(entry)
        assert MARKET.symbols[kind] == entry.get("goods", 0)
        assert MARKET.displaced_value[kind] == entry.get("value_when_displaced", entry["cost"])
        # Without the Market the variants are one plain card with the same name and cost.
        plain = second.ALL_CARD_BY_ID[entry.get("variant_of", entry["id"])]
        assert (SECOND.card_name[plain], SECOND.cost[plain]) == (entry["name"], entry["cost"])
        assert SECOND.good_of[plain] == second.NO_GOOD
    plain_counts: dict[str, int] = {}
    for entry in reference:
        plain_id = entry.get("variant_of", entry["id"])
        plain_counts[plain_id] = plain_counts.get(plain_id, 0) + entry["count"]
    assert {cards.CARD_ID[k]: SECOND.count[k] for k in SECOND.kinds} == plain_counts


def test_market_cards_match_the_card_data() -> None:
    reference = _load("cards-second-edition.json")["market_cards"]
    for entry in reference:
        kind = second.ALL_CARD_BY_ID[entry["id"]]
        spec = second.ALL_KINDS[kind]
        assert (spec.name, MARKET.cost[kind], spec.rubles, spec.vp, MARKET.count[kind]) == (
            entry["name"],
            entry["cost"],
            entry["rubles"],
            entry["vp"],
            entry["count"],
        ), entry["id"]
        assert second.ALL_DECK_NAMES[spec.deck] == entry["deck"] == "market"
        assert spec.colour == COLOURS_OF[entry["counts_as"]]
        assert second.GOODS_ON_CARDS[entry["id"]] == (_good(entry), entry["goods"])
        assert (MARKET.good_of[kind], MARKET.symbols[kind]) == (_good(entry), entry["goods"])
        assert (kind in second.CRATE_OF_GOOD) == bool(entry.get("crate"))


def test_a_market_game_holds_exactly_the_cards_of_the_data() -> None:
    data = _load("cards-second-edition.json")
    listed = [entry["id"] for entry in (*data["base_cards"], *data["market_cards"])]
    assert sorted(second.ALL_CARD_ID[k] for k in MARKET.kinds) == sorted(listed)
    sizes = [sum(MARKET.count[k] for k in kinds) for kinds in MARKET.kinds_of_deck]
    assert sizes == [data["deck_sizes"][name] for name in second.ALL_DECK_NAMES]
    plain_sizes = [sum(SECOND.count[k] for k in kinds) for kinds in SECOND.kinds_of_deck]
    assert plain_sizes == [data["deck_sizes"][name] for name in cards.DECK_NAMES]


def test_market_values_match_the_card_data() -> None:
    values = _load("cards-second-edition.json")["market_values_by_round"]
    assert [list(v) for v in second.MARKET_VALUES_CAPPED] == [values[str(r)] for r in range(1, 7)]
