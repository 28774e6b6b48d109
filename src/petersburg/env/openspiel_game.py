"""Sankt Petersburg as an OpenSpiel game (extra ``[openspiel]``), registered as ``python_sankt_petersburg``.

    import pyspiel
    import petersburg.env.openspiel_game  # noqa: F401 (registers the game)

    game = pyspiel.load_game("python_sankt_petersburg", {"players": 3})
    state = game.new_initial_state()          # a chance node: the start-player markers
    market = pyspiel.load_game("python_sankt_petersburg", {"players": 5, "edition": "second", "market": True})

Parameters: ``players`` (1-4, 5 with the Market), and the rule options of
``GameOptions``: ``edition`` (``"first"``/``"second"``), ``market`` (bool) and the Market's
``market_board``, ``joker``, ``market_values``, ``unpaid_crate``, ``market_ties`` (the engine's
defaults; a bad combination is refused with the engine's sentence). The number of distinct
actions is the game's action space (559, 954 with the Market) and the tensors have the
environments' layout for the game (``petersburg.env.encoding.observation_layout``).

Every state wraps a real engine game (``petersburg.engine``), so the rules are the engine's alone.

**Chance is where the game has it.** The root is a chance node that deals the start-player markers
(one outcome per distinct deal, weighted as the engine's ``marker_deals``); then every card that
leaves a shuffled stack is a chance node of its own: the opening workers, each card put on the
board, each card drawn with an Observatory. Its outcomes are the distinct cards still in that stack,
each with probability (copies left) / (cards left): drawing the cards one at a time uniformly gives
the same distribution as the shuffle, and nothing about the cards still to come is fixed before they
are drawn, so no observation can identify them. The engine keeps the rules: before a decision (or
the set-up) is applied, it is run on a copy to see how many cards it takes from the top of each
stack; one chance node per card picks it, the picked card is moved into that position of the
stack, and the engine then applies the decision (``deal_game`` for the set-up). ``history()`` stays
a complete, replayable record (serialisation replays it); chance outcomes are card ids, and a
player observes a drawn card only where the rules show it (an Observatory's card to its drawer).

**Information states are perfect recall**, built from what the observer saw, whatever the engine's
views keep: the string is the observer's first view followed, for every action, by who acted, the
action and every field of the observer's view that changed (cards appearing on the board, its own
drawn card, a card played from a secret hand...), so two histories the observer can tell apart
never share a string. (The views themselves remember every card taken from the board into a hand.) The
tensor is the observation tensor of the current view, followed by the whole action history (for
each step, the acting seat relative to the observer, one-hot, and the action id in ten bits).
Observations (not perfect recall) are the current view: ``petersburg.env.render`` text and the
environments' ``encode_observation`` vector.

``resample_from_infostate`` returns a world drawn from what the observer saw (for OpenSpiel's
ISMCTS) as a history replayed from the root: the same decisions, the chance outcomes the observer
saw, new outcomes for the draws it did not see that are still hidden (another seat's Observatory
card in its hand or just drawn), the cards of a decision still waiting for them drawn again. Its
``history()``, serialisation, strings and tensors are all the sampled world's, the observer's
information state is unchanged, and nothing of the real game's hidden outcomes is in it.

Returns are the environments' rank rewards (``petersburg.env.rewards``): zero-sum, +1 / -1 for a sole
winner / loser in a 2-player game; a solo game (one player, a score attack) returns the final VP.
Actions are the engine's fixed action ids.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import cache, partial
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from petersburg.bots import decision_rng, make_bot, register_bot
from petersburg.bots.base import require_turn
from petersburg.engine import (
    NUM_ALL_ACTIONS,
    ActionId,
    GameOptions,
    GameState,
    IllegalActionError,
    View,
    apply_unchecked,
    deal_game,
    determinize,
    explain_illegal,
    format_action,
    is_legal,
    legal_actions,
    marker_deals,
    new_game,
    shape_of,
    state_to_json,
    view,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    DRAWN_SOURCE,
    KIND_BUY,
    KIND_DISCARD,
    KIND_OBSERVE,
    KIND_PLAY,
    KIND_TAKE,
)
from petersburg.engine.options import CHOICES, MARKET_OPTIONS, MAX_PLAYERS, MAX_PLAYERS_MARKET
from petersburg.engine.state import UNKNOWN
from petersburg.env.encoding import ObsArray, ObservationLayout, encode_observation, observation_layout
from petersburg.env.render import render_text
from petersburg.env.rewards import final_rewards

GAME_NAME: Final = "python_sankt_petersburg"
DEFAULT_PLAYERS: Final = 2
MAX_GAME_LENGTH: Final = 1000
"""Decisions per game, for OpenSpiel's fixed-size tensors: the longest of 3,600 random, passive and
eager games with 2-4 players took 343 (random play: 120-240); ``apply_action`` refuses to go beyond."""
MAX_GAME_LENGTH_MARKET: Final = 2000
"""The same with the Market (five phases, up to five players, crate and "?" decisions)."""
ACTION_BITS: Final = max(NUM_ALL_ACTIONS - 1, 1).bit_length()
"""Bits of an action id in the information-state tensor (ten for the 559 ids, and the Market's 954)."""
MAX_SEATS: Final = MAX_PLAYERS
STEP_SIZE: Final = MAX_SEATS + ACTION_BITS
"""Tensor entries per step of the action history: relative actor one-hot, action id bits (without
the Market; a Market game has one more seat)."""
INFO_TENSOR_SIZE: Final = observation_layout().size + MAX_GAME_LENGTH * STEP_SIZE
"""Length of the information-state tensor without the Market (``SanktPetersburgGame.info_size``)."""
_DEFAULT_OPTIONS: Final = GameOptions()
_OPTION_PARAMETERS: Final = ("edition", "market", *MARKET_OPTIONS)
"""The rule options the game takes as parameters."""


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Sankt Petersburg",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS_MARKET,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification={
            "players": DEFAULT_PLAYERS,
            **{name: getattr(_DEFAULT_OPTIONS, name) for name in _OPTION_PARAMETERS},
        },
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
_SOLO_GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""A solo game returns the final VP (a score attack), so it is not zero-sum."""
SOLO_UTILITY: Final = (-100.0, 1000.0)
"""Bounds of a solo game's return (final VP), beyond any real game (the encoding clips VP at 1,000)."""
SETUP: Final = -1
"""The pending transition of the set-up (``deal_game``), where other transitions are action ids."""


def _options_from(given: dict[str, Any]) -> GameOptions:
    """The rule options among OpenSpiel parameters (strings, bools and ints as pyspiel gives them)."""
    values: dict[str, Any] = {}
    for name in _OPTION_PARAMETERS:
        if name in given:
            value = given[name]
            if name in CHOICES and isinstance(CHOICES[name][0], int) and not isinstance(value, bool):
                value = int(value)
            values[name] = value
    return GameOptions(**values)


def _option_parameters(options: GameOptions) -> dict[str, Any]:
    """The game parameters that choose ``options`` (the inverse of ``_options_from``)."""
    return {name: getattr(options, name) for name in _OPTION_PARAMETERS}


class SanktPetersburgGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game: parameters ``players`` (1-4, 5 with the Market; default 2) and the rule options
    (module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        players = int(given.get("players", DEFAULT_PLAYERS))
        options = _options_from(given)
        most = MAX_PLAYERS_MARKET if options.market else MAX_PLAYERS
        if not 1 <= players <= most:
            with_market = " with the Market" if options.market else f" ({MAX_PLAYERS_MARKET} with the Market)"
            raise ValueError(f"The OpenSpiel game has 1 to {most} players{with_market}, not {players}.")
        new_game(players, 0, options)  # the engine's sentence for options that do not go together
        self.options = options
        self.layout: ObservationLayout = observation_layout(options)
        """Observation tensor layout and action-space size of this game."""
        self.max_length = MAX_GAME_LENGTH_MARKET if options.market else MAX_GAME_LENGTH
        """Decisions per game at most (the length of the history in the information-state tensor)."""
        self.step_size = self.layout.seats + ACTION_BITS
        """History entries per decision: the relative actor one-hot, then the action id's bits."""
        self.info_size = self.layout.size + self.max_length * self.step_size
        """Length of the information-state tensor."""
        self.marker_deals = marker_deals(players, options)
        """The chance outcomes of the root: (markers by phase, weight)."""
        self.num_cards = len(shape_of(options).count)
        """Card ids, the chance outcomes of a draw."""
        solo = players == 1
        low, high = SOLO_UTILITY if solo else (-1.0, 1.0)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.num_actions,
            max_chance_outcomes=max(self.num_cards, len(self.marker_deals)),
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if solo else 0.0,
            max_game_length=self.max_length,
        )
        parameters = {"players": players, **_option_parameters(options)}
        super().__init__(_SOLO_GAME_TYPE if solo else _GAME_TYPE, info, parameters)
        self.players = players

    def new_initial_state(self) -> SanktPetersburgState:
        """The root: a chance node that deals the start-player markers."""
        return SanktPetersburgState(self)

    def state_at(self, seen: View, rng: random.Random) -> SanktPetersburgState:
        """A state that starts at a world drawn from ``seen`` (the engine's ``determinize``)
        instead of at the deal, for a bot that decides from a view (``OpenSpielIsmctsBot``).

        Every seat's information state starts with its view of that world, and
        ``resample_from_infostate`` at the start draws another world from ``seen``: what a view
        hides (the stacks' order, secret hand cards) is sampled afresh for every simulation of a
        search, as from a history. Its ``history()`` begins at the start, so it does not replay
        from the root (no serialisation).
        """
        if seen.seat is None or seen.state.num_players != self.players:
            raise ValueError(f"A state starts at a seat's view of a {self.players}-player game.")
        state = SanktPetersburgState(self)
        world = determinize(seen, rng)
        state._start = _SharedView(seen)
        state._markers = list(world.markers)
        state._shared = _Shared(world)
        state._last_fields = _all_fields(world)
        state._recall = [["start|" + _join(fields)] for fields in state._last_fields]
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SanktPetersburgObserver:
        """Perfect-recall observers give information states; the others the current view.

        OpenSpiel calls this with the observation type and parameters, or with the parameters
        alone for its default observer. An observer without private information sees what a
        spectator sees.
        """
        for given in (iig_obs_type, params):
            if isinstance(given, dict) and given:
                raise ValueError(f"Observation parameters are not supported: {given}.")
        perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        public_only = private == pyspiel.PrivateInfoType.NONE
        if perfect_recall and public_only:
            raise ValueError("Public perfect-recall information states are not provided.")
        return SanktPetersburgObserver(self, perfect_recall, public_only)


class _Shared:
    """An engine state that is never changed after it is stored, so copies of a position share it.

    OpenSpiel clones a Python state by deep-copying its attributes; engine states are replaced,
    never modified (each action applies to a copy), so sharing them is safe and cheap.
    """

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class _SharedView:
    """The view a state started at (``state_at``), shared by its copies like ``_Shared``."""

    __slots__ = ("seen",)

    def __init__(self, seen: View) -> None:
        self.seen = seen

    def __deepcopy__(self, memo: dict[int, object]) -> _SharedView:
        return self


class SanktPetersburgState(pyspiel.State):  # type: ignore[misc]
    """A position: the markers' deal and the cards drawn (chance), and the engine game they make.

    Between a decision and its effect the state is a chance node for each card the decision takes
    from a stack (``game_state`` is then the position before the decision).
    """

    def __init__(self, game: SanktPetersburgGame) -> None:
        super().__init__(game)
        self.num_seats = game.players
        self.options = game.options
        self.layout = game.layout
        self.max_length = game.max_length
        self.marker_deals = game.marker_deals
        self.num_cards = game.num_cards
        self._shared: _Shared | None = None
        self._start: _SharedView | None = None
        """The view the state started at (``SanktPetersburgGame.state_at``); None: at the deal."""
        self._markers: list[int] | None = None
        self._transition: int | None = None
        """What waits for its cards: ``SETUP``, an action id, or None at a decision or the end."""
        self._actor = -1
        """The seat whose action waits for its cards."""
        self._stacks: list[list[int]] = []
        """While a transition waits: the stacks' order its cards will be taken from (top last)."""
        self._fixed: list[int] = []
        """While a transition waits: per stack, how many top cards chance has drawn for it."""
        self._draw_deck = -1
        """The stack the pending chance node draws from, or -1 where no card is to be drawn."""
        self._after: GameState | None = None
        """The transition's result once no more cards are to be drawn (from ``_draws_left``)."""
        self.steps: list[tuple[int, int]] = []
        """(acting seat, action id) of every decision applied so far."""
        self._recall: list[list[str]] = [[] for _ in range(self.num_seats)]
        """Per seat: its information-state tokens, one per step before the pending ones."""
        self._last_fields: list[dict[str, str]] = []
        """Per seat: the fields of its view before the pending steps."""
        self._pending: list[tuple[int, int, _Shared]] = []
        """Steps not yet turned into every seat's tokens: (seat, action, engine state after it)."""
        self._recorded = [0] * self.num_seats
        """Per seat: how many of the pending steps are already among its tokens."""
        self._applied = 0
        """Actions applied so far (the length of ``history()``)."""
        self._settled = 0
        """The length of the history when the last transition got all its cards: the actions after
        it are a decision still waiting for cards and the cards drawn for it so far."""
        self._hand_log: list[tuple[int, int, int, tuple[int, ...], int]] = []
        """The decisions that touch a card drawn out of the others' sight (observe, take, buy or
        discard the drawn card, play from a hand holding secret cards): (history index, seat,
        action, the hand cards everyone knows before it, the card played or -1).
        ``resample_from_infostate`` reads which draws are still hidden from it."""

    @property
    def game_state(self) -> GameState | None:
        """The engine state (hidden data included: for tools and tests, never for players), or None
        before the set-up is dealt; at a chance node, the position before the decision that draws.
        Do not change it: copies of this position share it."""
        return None if self._shared is None else self._shared.state

    # -- OpenSpiel API -------------------------------------------------------------------------

    def current_player(self) -> int:
        if self._markers is None or self._draw_deck >= 0:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.game_state is not None
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game_state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.game_state
        if self._draw_deck >= 0 or state is None or state.is_over or player != state.current_player:
            return []
        return legal_actions(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._markers is None:
            total = sum(weight for _, weight in self.marker_deals)
            return [(index, weight / total) for index, (_, weight) in enumerate(self.marker_deals)]
        if self._draw_deck < 0:
            return []
        pool = self._pool()
        counts = Counter(pool)
        return [(card, counts[card] / len(pool)) for card in sorted(counts)]

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self._markers is None:
            if not 0 <= action < len(self.marker_deals):
                raise ValueError(
                    f"The markers' deal must be 0 to {len(self.marker_deals) - 1}, not {action}."
                )
            self._markers = list(self.marker_deals[action][0])
            shape = shape_of(self.options)
            self._wait(SETUP, -1, [list(cards) for cards in shape.deck_cards])
        elif self._draw_deck >= 0:
            self._draw(action)
        else:
            state = self.game_state
            assert state is not None
            if len(self.steps) >= self.max_length:
                raise IllegalActionError(f"The game is longer than {self.max_length} decisions.")
            if not is_legal(state, action):
                raise IllegalActionError(explain_illegal(state, action))
            self._wait(action, state.current_player, [list(stack) for stack in state.stacks])
        self._applied += 1
        if self._draw_deck < 0 and self._after is not None:
            self._finish()
            self._settled = self._applied

    def _wait(self, transition: int, actor: int, stacks: list[list[int]]) -> None:
        """Start ``transition``: chance nodes follow for the cards it draws, if it draws any."""
        self._transition = transition
        self._actor = actor
        self._stacks = stacks
        self._fixed = [0] * len(stacks)
        self._draws_left()

    def _run(self) -> GameState:
        """The pending transition's result with the stacks in their present order (on a copy)."""
        stacks = [list(stack) for stack in self._stacks]
        if self._transition == SETUP:
            assert self._markers is not None
            return deal_game(self.num_seats, stacks, self._markers, self.options)
        assert self._shared is not None and self._transition is not None
        state = self._shared.state.copy()
        state.stacks = stacks
        apply_unchecked(state, self._transition)  # checked when the action was chosen
        return state

    def _draws_left(self) -> None:
        """Point the next chance node at the first stack the transition takes more cards from than
        chance has drawn for it, or keep the result if chance has drawn them all.

        The transition is run again after every draw: how many cards it takes may depend on the
        cards already drawn, never on those below them.
        """
        after = self._run()
        for deck, stack in enumerate(self._stacks):
            if len(stack) - len(after.stacks[deck]) > self._fixed[deck]:
                self._draw_deck = deck
                self._after = None
                return
        self._draw_deck = -1
        self._after = after

    def _pool(self) -> list[int]:
        """The cards the pending chance node draws among: its stack without the cards drawn already."""
        stack = self._stacks[self._draw_deck]
        return stack[: len(stack) - self._fixed[self._draw_deck]]

    def _draw(self, card: int) -> None:
        """Chance draws ``card``: one copy moves to the stack's next drawn position."""
        stack = self._stacks[self._draw_deck]
        top = len(stack) - 1 - self._fixed[self._draw_deck]
        if card not in stack[: top + 1]:
            raise ValueError(f"Card {card} is not among the cards left to draw from this stack.")
        where = top - stack[top::-1].index(card)
        stack[where], stack[top] = stack[top], stack[where]
        self._fixed[self._draw_deck] += 1
        self._draws_left()

    def _finish(self) -> None:
        """The pending transition's cards are all drawn: its result is the new position."""
        after, transition = self._after, self._transition
        assert after is not None and transition is not None
        if self._shared is not None:
            self._log_hand(self._shared.state, transition)
        self._shared = _Shared(after)
        if transition == SETUP:
            self._last_fields = _all_fields(after)
            self._recall = [["deal|" + _join(fields)] for fields in self._last_fields]
        else:
            self.steps.append((self._actor, transition))
            self._pending.append((self._actor, transition, self._shared))
        self._transition, self._after, self._stacks, self._fixed = None, None, [], []

    def _log_hand(self, before: GameState, action: int) -> None:
        """Keep ``action`` in ``_hand_log`` if it touches a card drawn out of the others' sight."""
        kind, source = ACTION_KIND[action], ACTION_ARG[action]
        player = before.players[self._actor]
        if kind == KIND_PLAY and player.secret_hand:
            card = player.hand[source]
        elif kind in (KIND_OBSERVE, KIND_DISCARD) or (
            kind in (KIND_TAKE, KIND_BUY) and source == DRAWN_SOURCE
        ):
            card = -1
        else:
            return
        self._hand_log.append((self._settled, self._actor, action, tuple(player.public_hand()), card))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._markers is None and 0 <= action < len(self.marker_deals):
                return "markers " + ".".join(str(seat) for seat in self.marker_deals[action][0])
            return f"draw {action}"
        return format_action(int(action))

    def is_terminal(self) -> bool:
        state = self.game_state
        return self._draw_deck < 0 and state is not None and state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_seats
        assert self.game_state is not None
        return final_rewards(self.game_state, "rank")

    def __str__(self) -> str:
        """The whole state, hidden data included (OpenSpiel compares clones by this text)."""
        if self._markers is None:
            return "Before the deal."
        text = (
            "Dealing."
            if self.game_state is None
            else json.dumps(state_to_json(self.game_state), separators=(",", ":"))
        )
        if self._transition is not None:
            stacks = "/".join(_cards(stack) for stack in self._stacks)
            text += (
                f"\nDrawing for {self._transition} by {self._actor}: {stacks}, drawn {_cards(self._fixed)}"
            )
        return text

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SanktPetersburgState:
        """A state ``player_id`` cannot tell from this one, in a world drawn from what it saw.

        The world is a history: the same decisions, the chance outcomes ``player_id`` saw, and new
        outcomes for the draws it did not see and that are still hidden (another seat's Observatory
        draw still in its hand or still pending; a hidden draw later played is the card that was
        played), then the cards of a decision still waiting for them drawn again. The state is that
        history replayed from the root, so ``history()``, its serialisation and every seat's strings
        and tensors are those of the sampled world, and nothing hidden of this one is in it: the
        sample depends only on ``player_id``'s information state and ``probability_sampler``
        (a callable giving a float in [0, 1), or None for an unseeded sample). Rubles follow from
        the decisions, so they are exact.
        """
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        rng = random.Random(seed)
        if self._start is not None:
            return self._resample_at_start(player_id, rng)
        history = self.history()
        actors = [step.player for step in self.full_history()]
        settled = history[: self._settled]
        for index, card in self._hidden_draws(player_id, settled, actors, rng).items():
            settled[index] = card
        other: SanktPetersburgState = self.get_game().new_initial_state()
        for action in settled:
            other.apply_action(action)
        for index in range(self._settled, len(history)):  # a decision waiting for its cards
            if actors[index] >= 0:
                other.apply_action(history[index])
            elif other.is_chance_node():
                outcomes, probabilities = zip(*other.chance_outcomes(), strict=True)
                other.apply_action(rng.choices(outcomes, probabilities)[0])
        if other.game_state is not None:  # the same string for the sampler, as the tests check
            self._record(player_id)
            other._recall[player_id] = list(self._recall[player_id])
            other._last_fields[player_id] = self._last_fields[player_id]
            other._recorded[player_id] = len(other._pending)
        return other

    def _resample_at_start(self, player_id: int, rng: random.Random) -> SanktPetersburgState:
        """Another world drawn from the view a ``state_at`` state started at. Only there: OpenSpiel's
        ISMCTS resamples its root, and after the start the hidden draws would need the whole game."""
        assert self._start is not None
        if self._applied:
            raise ValueError("A state started at a view is resampled only at its start, before any action.")
        game: SanktPetersburgGame = self.get_game()
        other = game.state_at(self._start.seen, rng)
        other._recall[player_id] = list(self._recall[player_id])  # the same string, as from a history
        return other

    def _hidden_draws(
        self, seat: int, settled: list[int], actors: list[int], rng: random.Random
    ) -> dict[int, int]:
        """New outcomes for the chance nodes among ``settled`` that ``seat`` did not see and that
        are still hidden, by history index, consistent with everything ``seat`` saw.

        A hidden card later played from hand was one of its owner's hidden draws from that card's
        stack (which one, ``seat`` cannot tell: one of them is picked); the others get cards from
        what ``seat`` has not seen of their stack, uniformly, except that a play from a hand
        holding hidden cards names the played card's place in the sorted hand, which the hidden
        cards must leave where it was (tried in random order, backtracking).
        """
        shape = shape_of(self.options)
        deck_of = {card: deck for deck, cards in enumerate(shape.deck_cards) for card in cards}
        pending: dict[int, tuple[int, int]] = {}
        """Per seat: its Observatory draw waiting for its decision (history index, stack)."""
        in_hand: list[list[int]] = [[] for _ in range(self.num_seats)]
        deck_at: dict[int, int] = {}
        fixed: dict[int, int] = {}
        places: list[tuple[tuple[int, ...], tuple[int, ...], int, int]] = []
        show_hands = self.options.show_hands
        for index, actor, action, public, card in self._hand_log:
            if actor == seat:
                continue
            kind = ACTION_KIND[action]
            if kind == KIND_OBSERVE:
                pending[actor] = (index + 1, ACTION_ARG[action])
            elif kind != KIND_PLAY:
                draw, deck = pending.pop(actor)
                if kind == KIND_TAKE and not show_hands:
                    in_hand[actor].append(draw)
                    deck_at[draw] = deck
            elif in_hand[actor]:
                places.append((public, tuple(in_hand[actor]), ACTION_ARG[action], card))
                if card not in public:  # a hidden card is revealed: it came from one of these draws
                    eligible = [draw for draw in in_hand[actor] if deck_at[draw] == deck_of[card]]
                    draw = eligible[rng.randrange(len(eligible))]
                    fixed[draw] = card
                    in_hand[actor].remove(draw)
        for draw, deck in pending.values():
            deck_at[draw] = deck
        if not deck_at:
            return {}
        pools = [list(cards) for cards in shape.deck_cards]
        for index, card in enumerate(settled):  # what the seat saw drawn, and the revealed cards
            if index > 0 and actors[index] < 0 and index not in deck_at:
                pools[deck_of[card]].remove(card)
        for draw, card in fixed.items():
            pools[deck_at[draw]].remove(card)
        free = sorted(draw for draw in deck_at if draw not in fixed)
        cards = dict(fixed)
        if not _assign(free, cards, [pools[deck_at[draw]] for draw in free], places, rng):
            raise AssertionError("No hidden cards fit what the seat saw (the true ones always do).")
        return cards

    # -- information states --------------------------------------------------------------------

    def information_state_string_for(self, seat: int) -> str:
        """The observer's perfect-recall string (see the module docstring)."""
        self._record(seat)
        return "\n".join(self._recall[seat])

    def information_state_tensor_for(self, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Write the observer's information-state tensor into ``out`` (length ``game.info_size``)."""
        out[:] = 0.0
        if self.game_state is None:
            return
        size, seats = self.layout.size, self.layout.seats
        encode_observation(view(self.game_state, seat), out[:size])
        if not self.steps:
            return
        steps = np.array(self.steps, dtype=np.int64)
        history = out[size:].reshape(self.max_length, seats + ACTION_BITS)[: len(steps)]
        history[np.arange(len(steps)), (steps[:, 0] - seat) % self.num_seats] = 1.0
        history[:, seats:] = (steps[:, 1:2] >> np.arange(ACTION_BITS)) & 1

    def _record(self, seat: int) -> None:
        """Turn the pending steps into ``seat``'s tokens (done lazily, seat by seat: searches rarely
        ask, and mostly for one seat)."""
        if not self._last_fields:  # before the deal: nothing seen yet
            return
        before = self._last_fields[seat]
        for actor, action, after in self._pending[self._recorded[seat] :]:
            fields = _seat_fields(after.state, seat)
            changed = {  # a field that disappears (say, a drawn card no longer held) reads "~"
                key: fields.get(key, "~")
                for key in sorted(fields.keys() | before.keys())
                if fields.get(key) != before.get(key)
            }
            self._recall[seat].append(f"{actor}:{format_action(action)}|{_join(changed)}")
            before = fields
        self._last_fields[seat] = before
        self._recorded[seat] = len(self._pending)
        done = min(self._recorded)
        if done:  # every seat has these steps: forget them
            del self._pending[:done]
            self._recorded = [count - done for count in self._recorded]


def _assign(
    draws: list[int],
    cards: dict[int, int],
    pools: list[list[int]],
    places: list[tuple[tuple[int, ...], tuple[int, ...], int, int]],
    rng: random.Random,
) -> bool:
    """Give each of ``draws`` a card from its pool (pools of one stack are the same list, drawn
    without replacement) so that every play in ``places`` (hand cards everyone knows, hidden draws
    in the hand, place played, card played) finds the card played at its place; True if done.

    The cards are tried in a random order: where no play constrains them, the first try stands
    and the draw is uniform."""
    if not draws:
        return True
    draw, pool = draws[0], pools[0]
    candidates = pool.copy()
    rng.shuffle(candidates)
    tried: set[int] = set()
    for card in candidates:
        if card in tried:
            continue
        tried.add(card)
        cards[draw] = card
        if all(
            sorted([*public, *(cards[d] for d in hidden)])[place] == played
            for public, hidden, place, played in places
            if draw in hidden and all(d in cards for d in hidden)
        ):
            pool.remove(card)
            if _assign(draws[1:], cards, pools[1:], places, rng):
                return True
            pool.append(card)
        del cards[draw]
    return False


def _join(fields: dict[str, str]) -> str:
    """Fields as ``key=value`` separated by ``;``; private fields after a ``#``."""
    public = ";".join(f"{key}={value}" for key, value in fields.items() if not key.startswith("#"))
    private = ";".join(f"{key[1:]}={value}" for key, value in fields.items() if key.startswith("#"))
    return f"{public}#{private}" if private else public


def _cards(cards: list[int]) -> str:
    return ".".join("?" if card == UNKNOWN else str(card) for card in cards)


def _all_fields(state: GameState) -> list[dict[str, str]]:
    """For every seat, everything its view shows, as short strings by field.

    Keys of fields only that seat sees (its hand, rubles and drawn card, where a spectator's view
    hides them) start with ``#``.
    """
    public = view(state, None).state
    return [_view_fields(view(state, seat).state, public, seat) for seat in range(state.num_players)]


def _seat_fields(state: GameState, seat: int) -> dict[str, str]:
    """What ``seat``'s view shows, as ``_all_fields`` gives it for every seat."""
    return _view_fields(view(state, seat).state, view(state, None).state, seat)


def _view_fields(masked: GameState, public: GameState, seat: int) -> dict[str, str]:
    fields = {
        "t": f"{masked.round}.{masked.phase}.{masked.stage}.{masked.to_act}.{masked.passes}"
        f".{int(masked.taken)}.{int(masked.last_round)}",
        "m": _cards(masked.markers),
        "q": _cards(masked.pub_queue),
        "u": _cards(masked.upper),
        "l": _cards(masked.lower),
        "x": _cards(masked.discards),
        "s": _cards([len(stack) for stack in masked.stacks]),
        "d": f"{public.drawn}.{masked.drawn_deck}",
    }
    market = masked.market
    if market is not None:  # all public: named "?", pending decisions, the scoring, idle crates
        queue = ".".join(f"{who}:{card}" for who, card in market.queue)
        fields["k"] = f"{int(market.scoring)}.{_cards(market.jokers)}.{queue}.{_cards(market.idle)}"
    for other, player in enumerate(public.players):
        area = ".".join(f"{kind}x{count}" for kind, count in enumerate(player.area) if count)
        fields[f"p{other}"] = f"{player.vp}.{player.rubles}.{player.observatories_used}.{area}"
        fields[f"h{other}"] = _cards(player.hand)
    mine, seen = masked.players[seat], public.players[seat]
    if mine.hand != seen.hand:
        fields["#hand"] = _cards(mine.hand)
    if mine.rubles != seen.rubles:
        fields["#rubles"] = str(mine.rubles)
    if masked.drawn != public.drawn:
        fields["#drawn"] = str(masked.drawn)
    return fields


class SanktPetersburgObserver:
    """OpenSpiel observer: the current view (tensor and text), or the perfect-recall information state."""

    def __init__(self, game: SanktPetersburgGame, perfect_recall: bool, public_only: bool = False) -> None:
        self.perfect_recall = perfect_recall
        self.public_only = public_only
        size = game.layout.size
        self.tensor: ObsArray = np.zeros(game.info_size if perfect_recall else size, dtype=np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["history"] = self.tensor[size:].reshape(game.max_length, game.step_size)

    def set_from(self, state: SanktPetersburgState, player: int) -> None:
        """Fill ``tensor`` for ``player`` in ``state``."""
        if self.perfect_recall:
            state.information_state_tensor_for(player, self.tensor)
        elif state.game_state is None:
            self.tensor[:] = 0.0
        else:
            encode_observation(view(state.game_state, None if self.public_only else player), self.tensor)

    def string_from(self, state: SanktPetersburgState, player: int) -> str:
        """The information-state string (perfect recall) or the text of the current view."""
        if self.perfect_recall:
            return state.information_state_string_for(player)
        if state.game_state is None:
            return "Before the deal."
        return render_text(view(state.game_state, None if self.public_only else player))


def resolve_chance(state: pyspiel.State, rng: random.Random) -> None:
    """Apply chance outcomes drawn from ``rng`` with their probabilities until a player is to act or
    the game is over: a seeded ``rng`` gives the same markers and cards for the same decisions, so
    games and comparisons are reproducible."""
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])


class EngineBot(pyspiel.Bot):  # type: ignore[misc]
    """One of this project's bots (``petersburg.bots.make_bot`` spec) as an OpenSpiel bot.

    It decides from its seat's view of the state, like everywhere else, so OpenSpiel's bots and
    evaluation loops can play against ``greedy``, ``ismcts:expert`` or any registered bot.
    """

    def __init__(self, spec: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = make_bot(spec, seed)

    def step(self, state: SanktPetersburgState) -> int:
        """The bot's action for the player to act in ``state``."""
        game_state = state.game_state
        if game_state is None or game_state.is_over:
            raise ValueError("A bot is asked to act only where a player is to act.")
        return self.bot.choose(view(game_state, game_state.current_player))

    def restart_at(self, state: SanktPetersburgState) -> None:
        """Nothing to reset: the bot keeps no memory between decisions."""

    def inform_action(self, state: SanktPetersburgState, player_id: int, action: int) -> None:
        """Nothing to record: the bot reads everything from the view."""


OPENSPIEL_ISMCTS_SIMULATIONS: Final = (25, 50, 100, 200, 400, 1000)
"""The budgets registered as bots: ``openspiel-ismcts:N``, N simulations per decision."""
OPENSPIEL_ISMCTS_UCT: Final = 2.0
"""OpenSpiel ISMCTS's exploration constant, as its own examples use for returns in [-1, 1]."""


@cache
def _game_for(players: int, options: GameOptions) -> SanktPetersburgGame:
    """The OpenSpiel game of a table (made once per setting in a process)."""
    return SanktPetersburgGame({"players": players, **_option_parameters(options)})


def seeded_ismcts(game: pyspiel.Game, simulations: int, random_state: np.random.RandomState) -> Any:
    """OpenSpiel's ``ISMCTSBot`` with random rollouts, every random choice from ``random_state``:
    its search, its rollouts and the sampler it hands to ``resample_from_infostate`` (OpenSpiel's
    ISMCTS would otherwise resample with an unseeded sampler), so a seed replays its games."""
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state),
        uct_c=OPENSPIEL_ISMCTS_UCT,
        max_simulations=simulations,
        random_state=random_state,
    )
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, random_state.uniform))
    return searcher


class OpenSpielIsmctsBot:
    """OpenSpiel's own information-set MCTS (``open_spiel.python.algorithms.ismcts``, random
    rollouts) as a bot of this project, so that ``petersburg evaluate`` measures it under the
    protocol with the other bots (docs/benchmark.md): ``--import petersburg.env.openspiel_game
    --policy openspiel-ismcts:50``.

    A bot decides from its seat's view alone, so each decision searches from a state that starts
    at that view (``SanktPetersburgGame.state_at``): every simulation draws a world consistent
    with the view, and the cards still to come are the game's chance nodes. Seeded: the search's
    generator and its resampler come from the bot's seed and the decision, so a game replays.
    """

    def __init__(self, simulations: int, seed: int = 0) -> None:
        self.name = f"openspiel-ismcts:{simulations}"
        self.simulations = simulations
        self.seed = seed

    def choose(self, seen: View) -> ActionId:
        legal = require_turn(seen)
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, seen)
        game = _game_for(seen.state.num_players, seen.state.options)
        searcher = seeded_ismcts(game, self.simulations, np.random.RandomState(rng.randrange(2**31)))
        return int(searcher.step(game.state_at(seen, rng)))


for _simulations in OPENSPIEL_ISMCTS_SIMULATIONS:
    register_bot(f"openspiel-ismcts:{_simulations}", partial(OpenSpielIsmctsBot, _simulations))


if GAME_NAME not in {info.short_name for info in pyspiel.registered_games()}:
    pyspiel.register_game(_GAME_TYPE, SanktPetersburgGame)

__all__ = [
    "GAME_NAME",
    "INFO_TENSOR_SIZE",
    "MAX_GAME_LENGTH",
    "OPENSPIEL_ISMCTS_SIMULATIONS",
    "EngineBot",
    "OpenSpielIsmctsBot",
    "SanktPetersburgGame",
    "SanktPetersburgObserver",
    "SanktPetersburgState",
    "resolve_chance",
    "seeded_ismcts",
]
