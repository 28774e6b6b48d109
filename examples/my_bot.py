"""How to write your own bot and enter it in a tournament.

A bot is any object with a ``name`` and a ``choose(view) -> action id`` method. It sees only its
seat's view (``view.state`` is a masked copy: stack cards, other hands and other players' rubles
are hidden), must return one of ``view.legal_actions()``, and should take its randomness from
``decision_rng(seed, view)`` so that the same view and seed give the same choice.

Enter it in a tournament from the command line::

    petersburg tournament --import examples/my_bot.py --bots cautious,greedy --games 100 --jobs 2

or play against it in the browser: ``petersburg serve --import examples/my_bot.py`` offers the
"Cautious" level at the tables (the server's bot workers import the file too),

or run this file: ``python examples/my_bot.py``.
"""

from __future__ import annotations

from petersburg.bots import GreedyBot, decision_rng, register_bot
from petersburg.engine import PASS_ID, ActionId, View, format_action


class CautiousBot:
    """Plays like greedy, but never takes a card into hand (so never risks the -5 penalty)."""

    def __init__(self, seed: int = 0) -> None:
        self.name = "cautious"
        self.seed = seed
        self.greedy = GreedyBot(seed)

    def choose(self, seen: View) -> ActionId:
        actions = seen.legal_actions()
        choice = self.greedy.choose(seen)
        if format_action(choice).startswith("hand"):
            # Fall back to passing if allowed, otherwise any legal action, drawn from the seeded rng.
            if PASS_ID in actions:
                return PASS_ID
            others = [a for a in actions if not format_action(a).startswith("hand")]
            return others[decision_rng(self.seed, seen).randrange(len(others))] if others else choice
        return choice


register_bot("cautious", CautiousBot)


if __name__ == "__main__":
    from petersburg.tournament import TournamentSpec, format_table, run_games, summarize

    spec = TournamentSpec(("cautious", "greedy"), games=40, seed=1)
    print(format_table(summarize(run_games(spec), spec.labels())))
