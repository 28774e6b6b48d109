"""People who sign up: accounts, sign-in, profiles and the leaderboard, and the rating maths."""
