"""One router per resource: the HTML pages, the reference (rules, cards, bot levels, protocol), the
tables, the accounts, the players' profiles and leaderboard."""
