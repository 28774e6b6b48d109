"""Sankt Petersburg as an OpenSpiel game (extra ``[openspiel]``), registered as ``python_sankt_petersburg``.

    import pyspiel
    import petersburg.env.openspiel_game  # noqa: F401 (registers the game)

    game = pyspiel.load_game("python_sankt_petersburg", {"players": 3})
    state = game.new_initial_state()          # a chance node: the deal
    market = pyspiel.load_game("python_sankt_petersburg", {"players": 5, "edition": "second", "market": True})

Parameters: ``players`` (2-4, 5 with the Market), ``deals`` (below), and the rule options of
``GameOptions``: ``edition`` (``"first"``/``"second"``), ``market`` (bool) and the Market's
``market_board``, ``joker``, ``market_values``, ``unpaid_crate``, ``market_ties`` (the engine's
defaults; a bad combination is refused with the engine's sentence). The number of distinct
actions is the game's action space (559, 954 with the Market) and the tensors have the
environments' layout for the game (``petersburg.env.encoding.observation_layout``).

Every state wraps a real engine game (``petersburg.engine``), so the rules are the engine's alone.

**Chance is explicit, once, at the root.** The engine fixes everything random (the order of the
four stacks, the start-player markers) at set-up from a seed, and every later step is a function of
the state and the action. The game's only chance node is therefore the deal: outcome ``d`` (one of
``deals`` equally likely outcomes, default 65,536) is the engine game ``new_game(players, d)``, the
same game the CLI, records and the environments play for seed ``d``. Revealing each card as a chance
event of its own would need the adapter to know when and how many cards the rules reveal (the rules
written twice) and to reorder the engine's stacks; one root deal keeps the engine authoritative,
keeps ``history()`` a complete, replayable record (serialisation works by replaying it) and gives
algorithms an explicit distribution (``chance_outcomes``). The deal is hidden from every player.

**Information states are perfect recall**, built from what the observer saw, whatever the engine's
views keep: the string is the observer's first view followed, for every action, by who acted, the
action and every field of the observer's view that changed (cards appearing on the board, its own
drawn card, a card played from a secret hand...), so two histories the observer can tell apart
never share a string. (The views themselves remember every card taken from the board into a hand.) The
tensor is the observation tensor of the current view, followed by the whole action history (for
each step, the acting seat relative to the observer, one-hot, and the action id in ten bits).
Observations (not perfect recall) are the current view: ``petersburg.env.render`` text and the
environments' ``encode_observation`` vector.

``resample_from_infostate`` draws a full state consistent with the observer's view with the engine's
``determinize`` (for OpenSpiel's ISMCTS): stacks and the other players' secret hand cards are sampled,
the hand cards everyone saw taken from the board stay where they are. The observer's information
state is kept exactly, the other players' private histories are replaced by their private cards in
the sampled world.

Returns are the environments' rank rewards (``petersburg.env.rewards``): zero-sum, +1 / -1 for a sole
winner / loser in a 2-player game. Actions are the engine's fixed action ids.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from petersburg.bots import make_bot
from petersburg.engine import (
    NUM_ALL_ACTIONS,
    GameOptions,
    GameState,
    IllegalActionError,
    apply_action,
    determinize,
    format_action,
    legal_actions,
    new_game,
    state_to_json,
    view,
)
from petersburg.engine.options import CHOICES, MARKET_OPTIONS, MAX_PLAYERS, MAX_PLAYERS_MARKET
from petersburg.engine.state import UNKNOWN
from petersburg.env.encoding import ObsArray, ObservationLayout, encode_observation, observation_layout
from petersburg.env.render import render_text
from petersburg.env.rewards import final_rewards

GAME_NAME: Final = "python_sankt_petersburg"
DEFAULT_PLAYERS: Final = 2
DEFAULT_DEALS: Final = 1 << 16
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

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Sankt Petersburg",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS_MARKET,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification={
        "players": DEFAULT_PLAYERS,
        "deals": DEFAULT_DEALS,
        **{name: getattr(_DEFAULT_OPTIONS, name) for name in _OPTION_PARAMETERS},
    },
)


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


class SanktPetersburgGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type information
    """The game: parameters ``players`` (2-4, 5 with the Market; default 2), ``deals`` (chance
    outcomes of the deal) and the rule options (module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        players = int(given.get("players", DEFAULT_PLAYERS))
        deals = int(given.get("deals", DEFAULT_DEALS))
        options = _options_from(given)
        most = MAX_PLAYERS_MARKET if options.market else MAX_PLAYERS
        if not 2 <= players <= most:
            with_market = " with the Market" if options.market else f" ({MAX_PLAYERS_MARKET} with the Market)"
            raise ValueError(f"The OpenSpiel game has 2 to {most} players{with_market}, not {players}.")
        if deals < 1:
            raise ValueError(f"There must be at least one deal, not {deals}.")
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
        info = pyspiel.GameInfo(
            num_distinct_actions=self.layout.num_actions,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        chosen = {name: getattr(options, name) for name in _OPTION_PARAMETERS}
        super().__init__(_GAME_TYPE, info, {"players": players, "deals": deals, **chosen})
        self.players = players
        self.deals = deals

    def new_initial_state(self) -> SanktPetersburgState:
        """The root: a chance node that deals."""
        return SanktPetersburgState(self)

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


class SanktPetersburgState(pyspiel.State):  # type: ignore[misc]
    """A position: the deal (chance), then the engine game it started."""

    def __init__(self, game: SanktPetersburgGame) -> None:
        super().__init__(game)
        self.num_seats = game.players
        self.deals = game.deals
        self.options = game.options
        self.layout = game.layout
        self.max_length = game.max_length
        self._shared: _Shared | None = None
        self.steps: list[tuple[int, int]] = []
        """(acting seat, action id) of every decision so far."""
        self._recall: list[list[str]] = [[] for _ in range(self.num_seats)]
        """Per seat: its information-state tokens, one per step before the pending ones."""
        self._last_fields: list[dict[str, str]] = []
        """Per seat: the fields of its view before the pending steps."""
        self._pending: list[tuple[int, int, _Shared]] = []
        """Steps not yet turned into tokens: (seat, action, engine state after it)."""

    @property
    def game_state(self) -> GameState | None:
        """The engine state (hidden data included: for tools and tests, never for players), or None
        before the deal. Do not change it: copies of this position share it."""
        return None if self._shared is None else self._shared.state

    # -- OpenSpiel API -------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game_state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.game_state
        if state is None or state.is_over or player != state.current_player:
            return []
        return legal_actions(state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game_state is not None:
            return []
        probability = 1.0 / self.deals
        return [(deal, probability) for deal in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self._shared is None:
            if not 0 <= action < self.deals:
                raise ValueError(f"The deal must be 0 to {self.deals - 1}, not {action}.")
            dealt = new_game(self.num_seats, int(action), self.options)
            self._shared = _Shared(dealt)
            self._last_fields = _all_fields(dealt)
            self._recall = [["deal|" + _join(fields)] for fields in self._last_fields]
            return
        if len(self.steps) >= self.max_length:
            raise IllegalActionError(f"The game is longer than {self.max_length} decisions.")
        state = self._shared.state.copy()  # never changed in place: clones share engine states
        seat = state.current_player
        apply_action(state, int(action))  # the engine's check: a clear error for an illegal id
        self._shared = _Shared(state)
        self.steps.append((seat, int(action)))
        self._pending.append((seat, int(action), self._shared))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return format_action(int(action))

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_seats
        assert self.game_state is not None
        return final_rewards(self.game_state, "rank")

    def __str__(self) -> str:
        """The whole state, hidden data included (OpenSpiel compares clones by this text)."""
        if self.game_state is None:
            return "Before the deal."
        return json.dumps(state_to_json(self.game_state), separators=(",", ":"))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SanktPetersburgState:
        """A state ``player_id`` cannot tell from this one, sampled with the engine's ``determinize``."""
        state = self.game_state
        if state is None:
            root: SanktPetersburgState = self.get_game().new_initial_state()
            return root
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else None
        sampled = determinize(view(state, player_id), random.Random(seed))
        self._record()
        other = self.clone()  # same history and move number
        assert isinstance(other, SanktPetersburgState)
        other._shared = _Shared(sampled)
        other._last_fields = _all_fields(sampled)
        for seat in range(self.num_seats):
            if seat != player_id:  # its private past in the sampled world is unknown: only the present
                public = [token.split("#", 1)[0] for token in self._recall[seat]]
                private = {key: value for key, value in other._last_fields[seat].items() if key[0] == "#"}
                other._recall[seat] = [*public, "now|" + _join(private)]
        return other

    # -- information states --------------------------------------------------------------------

    def information_state_string_for(self, seat: int) -> str:
        """The observer's perfect-recall string (see the module docstring)."""
        self._record()
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

    def _record(self) -> None:
        """Turn pending steps into every seat's tokens (done lazily: searches rarely ask)."""
        for actor, action, after in self._pending:
            for seat, fields in enumerate(_all_fields(after.state)):
                before = self._last_fields[seat]
                changed = {  # a field that disappears (say, a drawn card no longer held) reads "~"
                    key: fields.get(key, "~")
                    for key in sorted(fields.keys() | before.keys())
                    if fields.get(key) != before.get(key)
                }
                self._recall[seat].append(f"{actor}:{format_action(action)}|{_join(changed)}")
                self._last_fields[seat] = fields
        self._pending = []


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


if GAME_NAME not in {info.short_name for info in pyspiel.registered_games()}:
    pyspiel.register_game(_GAME_TYPE, SanktPetersburgGame)

__all__ = [
    "GAME_NAME",
    "INFO_TENSOR_SIZE",
    "MAX_GAME_LENGTH",
    "EngineBot",
    "SanktPetersburgGame",
    "SanktPetersburgObserver",
    "SanktPetersburgState",
]
