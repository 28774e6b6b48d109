"""The bots' reference ratings: every built-in level is measured, and a bot seat counts at the
rating of its own level whichever way the seat stored it (level id or older bot spec)."""

from __future__ import annotations

from petersburg.bots.levels import BUILT_IN
from petersburg.server.accounts.ratings import BOT_MU, bot_mu, bot_ratings, shown
from petersburg.text.bots import level_name


def test_every_built_in_level_has_its_own_measured_rating() -> None:
    listed = {level: (name, rating) for level, name, rating in bot_ratings()}
    assert set(listed) == {level.id for level in BUILT_IN}
    for level in BUILT_IN:
        assert listed[level.id] == (level_name(level.id), shown(BOT_MU[level.spec]))
    assert [rating for _level, _name, rating in bot_ratings()] == sorted(r for _n, r in listed.values())


def test_a_seat_counts_at_its_own_level_whether_stored_by_id_or_by_spec() -> None:
    for level in BUILT_IN:
        assert bot_mu(level.id) == bot_mu(level.spec) == BOT_MU[level.spec]
        assert bot_mu(level_name(level.id).upper()) == BOT_MU[level.spec]
    assert bot_mu("ismcts") == BOT_MU["ismcts:medium"]
    # Measured levels differ, so no level silently counts as another one.
    assert len({bot_mu(level.id) for level in BUILT_IN}) == len(BUILT_IN)
