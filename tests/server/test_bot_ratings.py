"""The bots' reference ratings: the measured ladder table's, on the people's scale; every ladder
level is measured, listed in the ladder's order, and a bot seat counts at the rating of its own level
whichever way the seat stored it (level id, older id or bot spec)."""

from __future__ import annotations

from petersburg.bots.levels import built_in_levels, ladder, ladder_table
from petersburg.server.accounts.ratings import MODEL, UNMEASURED_MU, bot_mu, bot_mus, bot_ratings, shown
from petersburg.text.bots import level_name


def test_the_leaderboard_lists_the_ladder_in_its_order_at_the_tables_ratings() -> None:
    table = {entry["id"]: entry for entry in ladder_table()["ladder"]}
    listed = bot_ratings()
    assert [level for level, _name, _rating in listed] == [
        level.id for level in ladder() if level.mu is not None
    ]
    for level, name, rating in listed:
        assert name == level_name(level)
        assert rating == shown(table[level]["mu"]) == table[level]["rating"]
    assert "random" not in [level for level, _name, _rating in listed]  # research, not a rung


def test_a_seat_counts_at_its_own_level_whether_stored_by_id_or_by_spec() -> None:
    for level in built_in_levels():
        wanted = level.mu if level.mu is not None else UNMEASURED_MU
        assert bot_mu(level.id) == bot_mu(level.spec) == wanted
        assert bot_mu(level_name(level.id).upper()) == wanted
    assert bot_mu("ismcts") == bot_mu("medium")
    assert bot_mu("greedy") == bot_mu("ismcts:easy") == bot_mu("easy")
    assert bot_mu("a bot nobody measured") == UNMEASURED_MU == MODEL.mu


def test_the_scale_is_the_peoples() -> None:
    """Fitted from OpenSkill's default prior, the one a new account starts from (shown 1,500)."""
    mus = bot_mus()
    assert shown(MODEL.mu) == 1500
    assert set(mus) <= {level.id for level in built_in_levels()}
    assert len(set(mus.values())) == len(mus)  # measured levels differ: none counts as another
