"""The packaged catalogue holds every figure of the rules reference's cards.json."""

import json
from pathlib import Path

import pytest

from petersburg import cards
from petersburg import cards_second_edition as second
from petersburg.engine.shape import MARKET, SECOND

SHARED_CARDS = Path(__file__).resolve().parents[3] / "shared" / "rules" / "cards.json"


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


@pytest.mark.skipif(not SHARED_CARDS.exists(), reason="rules reference not beside the checkout")
def test_catalogue_matches_rules_reference() -> None:
    reference = json.loads(SHARED_CARDS.read_text(encoding="utf-8"))
    assert [entry["id"] for entry in reference] == list(cards.CARD_ID)
    decks = ("worker", "building", "aristocrat", "trading")
    for kind, entry in enumerate(reference):
        spec = cards.CATALOGUE[kind]
        assert spec.name == entry["name"]
        assert decks[spec.deck] == entry["deck"]
        assert ("worker", "building", "aristocrat")[spec.colour] == entry["counts_as"]
        assert (spec.cost, spec.rubles, spec.vp, spec.copies) == (
            entry["cost"],
            entry["rubles"],
            entry["vp"],
            entry["count"],
        )
        assert spec.symbol == entry.get("symbol", "")


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


SECOND_EDITION_CARDS = SHARED_CARDS.with_name("cards-second-edition.json")


@pytest.mark.skipif(not SECOND_EDITION_CARDS.exists(), reason="rules reference not beside the checkout")
def test_second_edition_figures_match_the_rules_reference() -> None:
    reference = json.loads(SECOND_EDITION_CARDS.read_text(encoding="utf-8"))
    market = {entry["id"]: entry for entry in reference["market_cards"]}
    for card_id, entry in market.items():
        kind = second.ALL_CARD_BY_ID[card_id]
        spec = second.ALL_KINDS[kind]
        assert (spec.name, spec.cost, spec.rubles, spec.vp, spec.copies) == (
            entry["name"],
            entry["cost"],
            entry["rubles"],
            entry["vp"],
            entry["count"],
        )
        assert second.GOODS_ON_CARDS[card_id] == (second.GOODS.index(entry["good"]), entry["goods"])
        assert (kind in second.CRATE_OF_GOOD) == bool(entry.get("crate"))
    base = {entry["id"]: entry for entry in reference["cards_2nd_edition_base"]}
    for card_id, entry in base.items():
        kind = second.ALL_CARD_BY_ID[card_id]
        assert MARKET.card_name[kind] == SECOND.card_name[kind] == entry["name"]
        assert SECOND.cost[kind] == entry["cost"] and MARKET.count[kind] == entry["count"]
        good = entry.get("good")
        expected = None if good is None else (second.JOKER if good == "joker" else second.GOODS.index(good))
        assert (None if MARKET.good_of[kind] == second.NO_GOOD else MARKET.good_of[kind]) == expected
    sizes = [sum(MARKET.count[k] for k in kinds) for kinds in MARKET.kinds_of_deck]
    assert sizes == [reference["deck_sizes"][name] for name in second.ALL_DECK_NAMES]
    values = reference["market_values_by_round"]
    assert [list(v) for v in second.MARKET_VALUES_CAPPED] == [values[str(r)] for r in range(1, 7)]
