"""How often do the bots end a game with cards in hand (-5 VP each), and when did they take them?

    python benchmarks/bots_hands.py results.jsonl [more.jsonl ...] [--games N] [--json]

Reads result files (``petersburg tournament --out``, ``benchmarks/bots_master.py --out``),
replays every game's record and follows each hand card from the step it entered a hand (taken from
the board, or drawn with the Observatory and kept) to the step it left it (played). Per bot
(``greedy#2`` counts as ``greedy``) and per file it prints:

* the seat-games, how many ended with a hand card, the cards left in hand and the VP they cost;
* the cards left in hand by when they were taken: the round counted back from the game's last
  (``last`` = the last round, ``last-1`` the one before, ...) and the phase;
* of the cards left in hand, how many had a legal play at some later turn of their owner
  (``playable later``: keeping it was a choice), how many of those still had one at the owner's
  last turn of the game (``at its last turn``: it passed, or did something else, with the play at
  hand and no turn to come), and how many never had one (``never playable``: the take itself was
  the mistake: the owner could never afford it, or never had a card it could displace, before
  the end);
* of the cards left in hand, the trading cards taken while their owner had no card they could
  displace (``nothing to displace``), and the cards left by name;
* every card taken, and how many of them were played: the rate at which takes pay off.

``--games N`` reads only the games numbered below N (compare runs of different lengths on the
same games: a tournament's game ``g`` is the same deal whatever its length).
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field

from result_files import RecordedGame, recorded_games, report_result_files

from petersburg.cards_second_edition import ALL_CARD_ID, ALL_IS_TRADING
from petersburg.engine import apply_action, new_game
from petersburg.engine.actions import ACTION_ARG, ACTION_KIND, KIND_PLAY
from petersburg.engine.rules import legal_actions
from petersburg.engine.shape import NO_PHASE
from petersburg.engine.state import GameState

PHASE_NAMES = ("workers", "buildings", "aristocrats", "trading", "market")


@dataclass
class HandCard:
    """A card in a hand: when it came in, and whether its owner could play it since."""

    kind: int
    round: int
    phase: int
    untargeted: bool
    """A trading card whose owner had no card it could displace when it came in."""
    last_playable: int = -1
    """The last step at which its owner was to act and could play it (-1: none)."""

    @property
    def playable_later(self) -> bool:
        """Whether its owner could play it at some turn after it came in."""
        return self.last_playable >= 0


@dataclass
class Tally:
    """One bot's figures over the games read."""

    seat_games: int = 0
    games_with_hand: int = 0
    left: int = 0
    penalty: int = 0
    taken: int = 0
    played: int = 0
    left_when: Counter[str] = field(default_factory=Counter)
    left_playable_later: int = 0
    left_playable_at_last_turn: int = 0
    left_untargeted: int = 0
    left_names: Counter[str] = field(default_factory=Counter)


def _phase_name(phase: int) -> str:
    return PHASE_NAMES[phase] if 0 <= phase < len(PHASE_NAMES) else str(phase)


def _note_playable(state: GameState, hands: list[list[HandCard]], turns: dict[int, int]) -> None:
    """Mark the acting seat's hand cards that it could play now, and note its turn in ``turns``
    (seat: the step of its latest turn)."""
    if state.is_over or state.phase == NO_PHASE:
        return
    seat = state.current_player
    turns[seat] = state.step
    player = state.players[seat]
    playable = {player.hand[ACTION_ARG[a]] for a in legal_actions(state) if ACTION_KIND[a] == KIND_PLAY}
    for card in hands[seat]:
        if card.kind in playable:
            card.last_playable = state.step


def _follow(game: RecordedGame, tallies: dict[str, Tally]) -> None:
    """Replay one game and add its hand cards to the tallies of the bots that sat in it."""
    record, names = game.record, game.names
    state = new_game(record.num_players, record.seed, record.options)
    hands: list[list[HandCard]] = [[] for _ in range(record.num_players)]
    turns: dict[int, int] = {}
    _note_playable(state, hands, turns)
    for action in record.actions:
        before = [list(player.hand) for player in state.players]
        round_now, phase_now = state.round, state.phase
        apply_action(state, action)
        for seat, player in enumerate(state.players):
            after = Counter(player.hand)
            was = Counter(before[seat])
            for kind, count in (was - after).items():  # played: the oldest such card leaves
                for _ in range(count):
                    index = next(i for i, card in enumerate(hands[seat]) if card.kind == kind)
                    hands[seat].pop(index)
                    tallies[names[seat]].played += 1
            for kind, count in (after - was).items():
                untargeted = ALL_IS_TRADING[kind] and not any(
                    player.area[target] for _, target in state.shape.targets_of[kind]
                )
                for _ in range(count):
                    hands[seat].append(HandCard(kind, round_now, phase_now, untargeted))
                    tallies[names[seat]].taken += 1
        _note_playable(state, hands, turns)
    last_round = state.round
    for seat, cards in enumerate(hands):
        tally = tallies[names[seat]]
        tally.seat_games += 1
        penalty: int = -game.scores[seat]["hand_penalty"]
        tally.penalty += penalty
        if cards:
            tally.games_with_hand += 1
        tally.left += len(cards)
        for card in cards:
            back = last_round - card.round
            when = "last" if back == 0 else f"last-{back}"
            tally.left_when[f"{when} {_phase_name(card.phase)}"] += 1
            tally.left_playable_later += card.playable_later
            tally.left_playable_at_last_turn += card.last_playable == turns.get(seat)
            tally.left_untargeted += card.untargeted
            tally.left_names[ALL_CARD_ID[card.kind]] += 1


def tally_file(path: str, games: int | None) -> dict[str, Tally]:
    """Per bot, the hand figures of every recorded game of one result file (below game ``games``)."""
    tallies: dict[str, Tally] = {}
    for game in recorded_games(path, games):
        for name in game.names:
            tallies.setdefault(name, Tally())
        _follow(game, tallies)
    return tallies


def _report(path: str, tallies: dict[str, Tally]) -> None:
    print(path)
    for bot, t in sorted(tallies.items()):
        share = t.games_with_hand / t.seat_games if t.seat_games else 0.0
        print(
            f"  {bot:14s} {t.seat_games:4d} seat-games; ended with hand cards {t.games_with_hand} "
            f"({share:.1%}); cards left {t.left} ({t.penalty} VP, {t.penalty / max(t.seat_games, 1):.2f} "
            f"VP a game); left cards playable later {t.left_playable_later} (at its last turn "
            f"{t.left_playable_at_last_turn}), never playable "
            f"{t.left - t.left_playable_later}, trading cards with nothing to displace {t.left_untargeted}; "
            f"cards taken {t.taken}, played {t.played}"
        )
        if t.left_when:
            when = ", ".join(f"{key}: {count}" for key, count in sorted(t.left_when.items()))
            print(f"  {'':14s} left cards taken in: {when}")
            names = ", ".join(f"{name}: {count}" for name, count in t.left_names.most_common())
            print(f"  {'':14s} left cards: {names}")


def _tallies_json(tallies: dict[str, Tally]) -> dict[str, object]:
    return {
        bot: {**t.__dict__, "left_when": dict(t.left_when), "left_names": dict(t.left_names)}
        for bot, t in sorted(tallies.items())
    }


def main() -> int:
    return report_result_files(
        __doc__ or "", lambda path, args: tally_file(path, args.games), _report, _tallies_json
    )


if __name__ == "__main__":
    sys.exit(main())
