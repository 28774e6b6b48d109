"""The packaged catalogue holds every figure of the rules reference's cards.json."""

import json
from pathlib import Path

import pytest

from petersburg import cards

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
