"""The rules of Sankt Petersburg (1st edition): set-up, legal actions, prices, apply, flow, scoring.

Every function here is pure Python over ``GameState`` with int card kinds and tuple tables, so it
stays fast for search bots and compiles with mypyc. ``legal_actions`` returns action ids in
ascending order; ``apply_action`` validates, ``apply_unchecked`` trusts a legal action.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Final, NamedTuple

from petersburg.cards import (
    BLUE,
    CARD_NAME,
    CARPENTER_WORKSHOP,
    COLOUR,
    COST,
    COUNT,
    DECK,
    DISPLACEABLE_BY,
    DISPLACED_VALUE,
    GOLD_SMELTER,
    GREEN,
    IS_TRADING,
    MARIINSKIJ_THEATER,
    NUM_KINDS,
    OBSERVATORY,
    PUB,
    RED,
    RUBLES,
    STACK_NAMES,
    TAX_MAN,
    VP,
    WORKER,
    Card,
    aristocrat_bonus,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    BUY_BASE,
    DISCARD_ID,
    DRAWN_SOURCE,
    KIND_BUY,
    KIND_DISCARD,
    KIND_OBSERVE,
    KIND_PASS,
    KIND_PLAY,
    KIND_PUB,
    KIND_TAKE,
    NUM_ACTIONS,
    NUM_TARGETS,
    OBSERVE_BASE,
    PASS_ID,
    PLAY_BASE,
    PUB_BASE,
    ROW_SLOTS,
    TAKE_BASE,
    TARGET_OF_KIND,
    ActionId,
    format_action,
    target_kind,
)
from petersburg.engine.errors import IllegalActionError
from petersburg.engine.state import (
    BOARD_SIZE,
    BUILDING_PHASE,
    MONEY_KEPT,
    MONEY_TRADED,
    NO_CARD,
    PHASE_NAMES,
    STAGE_ACTIONS,
    STAGE_OBSERVED,
    STAGE_OVER,
    STAGE_PUB,
    TRADING_PHASE,
    WORKER_PHASE,
    GameOptions,
    GameState,
    PlayerState,
)

MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 4
PUB_VP_PER_CARD: Final = 5
PUB_PRICE_PER_VP: Final = 2
HAND_PENALTY: Final = 5

# For each trading card, the displacement target indices it may use, with the kind each names.
_TARGETS_OF: Final[tuple[tuple[tuple[int, Card], ...], ...]] = tuple(
    tuple((TARGET_OF_KIND[kind], kind) for kind in DISPLACEABLE_BY[k]) for k in range(NUM_KINDS)
)
_RED_KINDS: Final = tuple(k for k in range(NUM_KINDS) if COLOUR[k] == RED)
_KINDS_OF_COLOUR: Final = tuple(tuple(k for k in range(NUM_KINDS) if COLOUR[k] == c) for c in range(3))


# ----------------------------------------------------------------------------------------------
# Set-up


def new_game(num_players: int, seed: int, options: GameOptions | None = None) -> GameState:
    """A new game for 1-4 players: stacks shuffled and markers dealt from ``seed``.

    Raises ValueError (with a readable message) for a bad player count or option.
    """
    options = options if options is not None else GameOptions()
    validate_setup(num_players, seed, options)
    state = GameState(num_players, seed, options)
    rng = random.Random(seed)
    for deck in range(4):
        stack = [k for k in range(NUM_KINDS) if DECK[k] == deck for _ in range(COUNT[k])]
        rng.shuffle(stack)
        state.stacks[deck] = stack
    state.markers = _deal_markers(num_players, options, rng)
    for _ in range(2 * num_players):
        state.upper.append(state.stacks[WORKER].pop())
    _start_phase(state, WORKER_PHASE)
    return state


def validate_setup(num_players: int, seed: int, options: GameOptions) -> None:
    """Raise ValueError with a readable message if the set-up parameters are not valid."""
    if not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"A game has 1 to 4 players, not {num_players!r}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"The seed must be a whole number of at least 0, not {seed!r}.")
    if options.money not in (MONEY_KEPT, MONEY_TRADED):
        raise ValueError(f"The money option is 'kept' or 'traded', not {options.money!r}.")
    seat = options.double_marker_seat
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < num_players):
        raise ValueError(f"The seat with two start-player markers must be 0 to {num_players - 1}.")


def _deal_markers(num_players: int, options: GameOptions, rng: random.Random) -> list[int]:
    """Deal the four start-player markers at random (RULES.md Set-up)."""
    order = [0, 1, 2, 3]
    rng.shuffle(order)
    markers = [0, 0, 0, 0]
    if num_players == 1:
        return markers
    if num_players == 3:
        double = options.double_marker_seat
        if double is None:
            double = rng.randrange(3)
        holders = [double, double] + [seat for seat in range(3) if seat != double]
    elif num_players == 2:
        holders = [0, 0, 1, 1]
    else:
        holders = [0, 1, 2, 3]
    for holder, phase in zip(holders, order, strict=False):
        markers[phase] = holder
    return markers


# ----------------------------------------------------------------------------------------------
# Prices


def card_price(player: PlayerState, kind: Card, from_lower: bool, displaced: Card = NO_CARD) -> int:
    """What ``player`` pays for ``kind`` (RULES.md Price of a card); never below 1.

    ``displaced`` is the ordinary card a trading card displaces (its value is subtracted).
    """
    price = _unclamped_price(player, kind, from_lower)
    if displaced != NO_CARD:
        price -= DISPLACED_VALUE[displaced]
    return price if price > 1 else 1


def _unclamped_price(player: PlayerState, kind: Card, from_lower: bool) -> int:
    """Cost less every reduction but a displaced card's value, before the minimum of 1."""
    area = player.area
    price = COST[kind] - area[kind]
    if from_lower:
        price -= 1
    colour = COLOUR[kind]
    if colour == BLUE:
        if area[CARPENTER_WORKSHOP]:
            price -= 1
    elif colour == RED and area[GOLD_SMELTER]:
        price -= 1
    return price


def can_displace(player: PlayerState, kind: Card) -> bool:
    """Whether ``player`` has a ``kind`` card a trading card may displace (not a used Observatory)."""
    count = player.area[kind]
    if kind == OBSERVATORY:
        count -= player.observatories_used
    return count > 0


def action_price(state: GameState, action: ActionId) -> int:
    """Rubles the player to act pays for ``action`` (0 for free actions); assumes it is legal."""
    kind = ACTION_KIND[action]
    player = state.players[state.to_act]
    if kind in (KIND_BUY, KIND_PLAY):
        arg = ACTION_ARG[action]
        target = ACTION_TARGET[action]
        displaced = target_kind(target) if target else NO_CARD
        if kind == KIND_PLAY:
            card = player.hand[arg]
            return card_price(player, card, False, displaced)
        card, from_lower = _source_card(state, arg)
        return card_price(player, card, from_lower, displaced)
    if kind == KIND_PUB:  # PUB
        return ACTION_ARG[action] * PUB_PRICE_PER_VP
    return 0


def _source_card(state: GameState, source: int) -> tuple[Card, bool]:
    if source == DRAWN_SOURCE:
        return state.drawn, False
    if source < ROW_SLOTS:
        return state.upper[source], False
    return state.lower[source - ROW_SLOTS], True


# ----------------------------------------------------------------------------------------------
# Legal actions


def _add_trading(
    out: list[ActionId], base: int, player: PlayerState, card: Card, price: int, rubles: int
) -> None:
    """Append the affordable displacements of trading ``card`` (``price``: before the displaced value)."""
    area = player.area
    for target, kind in _TARGETS_OF[card]:
        if (
            area[kind]
            and price - DISPLACED_VALUE[kind] <= rubles
            and (kind != OBSERVATORY or area[kind] > player.observatories_used)
        ):
            out.append(base + target)


def _colour_discounts(area: list[int]) -> tuple[int, int, int]:
    """Reduction per colour from the Carpenter Workshop (blue) and the Gold Smelter (red)."""
    return (0, 1 if area[CARPENTER_WORKSHOP] else 0, 1 if area[GOLD_SMELTER] else 0)


def legal_actions(state: GameState) -> list[ActionId]:
    """The legal action ids of the player to act, in ascending order (empty when over).

    Prices are inlined here rather than calling ``card_price`` per card: this is the engine's
    hottest function. A price ``p`` is affordable when ``max(1, p) <= rubles``, that is when
    ``rubles >= 1 and p <= rubles``.
    """
    stage = state.stage
    player = state.players[state.to_act]
    out: list[ActionId] = []
    if stage == STAGE_ACTIONS:
        out.append(PASS_ID)
        upper = state.upper
        lower = state.lower
        if len(player.hand) < player.hand_limit:
            for i in range(len(upper)):
                out.append(TAKE_BASE + i)
            for i in range(len(lower)):
                out.append(TAKE_BASE + ROW_SLOTS + i)
        rubles = player.rubles
        if rubles >= 1:
            area = player.area
            discount = _colour_discounts(area)
            # (cards, lower-row discount, first id): the upper row, the lower row, the hand.
            for cards, lower_row, base in (
                (upper, 0, BUY_BASE),
                (lower, 1, BUY_BASE + ROW_SLOTS * NUM_TARGETS),
                (player.hand, 0, PLAY_BASE),
            ):
                for card in cards:
                    price = COST[card] - area[card] - discount[COLOUR[card]] - lower_row
                    if IS_TRADING[card]:
                        _add_trading(out, base, player, card, price, rubles)
                    elif price <= rubles:
                        out.append(base)
                    base += NUM_TARGETS
        if state.phase == BUILDING_PHASE and player.area[OBSERVATORY] > player.observatories_used:
            for deck in range(4):
                if len(state.stacks[deck]) >= 2:
                    out.append(OBSERVE_BASE + deck)
    elif stage == STAGE_OBSERVED:
        if len(player.hand) < player.hand_limit:
            out.append(TAKE_BASE + DRAWN_SOURCE)
        card = state.drawn
        rubles = player.rubles
        if rubles >= 1:
            price = _unclamped_price(player, card, False)
            base = BUY_BASE + DRAWN_SOURCE * NUM_TARGETS
            if IS_TRADING[card]:
                _add_trading(out, base, player, card, price, rubles)
            elif price <= rubles:
                out.append(base)
        out.append(DISCARD_ID)
    elif stage == STAGE_PUB:
        for vp in range(max_pub_vp(player) + 1):
            out.append(PUB_BASE + vp)
    return out


def max_pub_vp(player: PlayerState) -> int:
    """The most VP ``player`` may buy at his Pubs now (5 per Pub, 2 rubles each)."""
    return min(PUB_VP_PER_CARD * player.area[PUB], player.rubles // PUB_PRICE_PER_VP)


def is_legal(state: GameState, action: ActionId) -> bool:
    """Whether ``action`` is legal for the player to act."""
    return action in legal_actions(state)


def explain_illegal(state: GameState, action: object) -> str:
    """A sentence saying why ``action`` is not legal now (for players and API clients).

    ``action`` may be anything a client sent (typed ``object`` so that the mypyc build checks it
    here, as the interpreted one does, instead of refusing it at the call).
    """
    if state.stage == STAGE_OVER:
        return "The game is over; no more actions can be played."
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        return f"There is no action number {action!r}."
    text = format_action(action)
    kind = ACTION_KIND[action]
    player = state.players[state.to_act]
    arg = ACTION_ARG[action]
    if state.stage == STAGE_PUB:
        if kind != KIND_PUB:
            return (
                f"'{text}' is not possible now: first decide how many VP to buy at your Pub (e.g. 'pub 0')."
            )
        return f"You can buy at most {max_pub_vp(player)} VP at your Pubs now ('{text}' is too many)."
    if state.stage == STAGE_OBSERVED:
        if kind not in (KIND_TAKE, KIND_BUY, KIND_DISCARD) or (kind != KIND_DISCARD and arg != DRAWN_SOURCE):
            return (
                f"'{text}' is not possible now: decide what to do with the card you drew "
                "('buy drawn', 'hand drawn' or 'discard drawn')."
            )
    elif kind == KIND_PUB:
        return "You can buy VP at a Pub only right after a building scoring."
    elif kind == KIND_DISCARD or ((kind in (KIND_TAKE, KIND_BUY)) and arg == DRAWN_SOURCE):
        return "There is no drawn card: use an Observatory first ('observe ...')."
    if kind == KIND_OBSERVE:
        if state.phase != BUILDING_PHASE:
            return "An Observatory can only be used during the building phase."
        if player.area[OBSERVATORY] <= player.observatories_used:
            return "You have no unused Observatory in your play area."
        return f"You may not draw the last card of the {STACK_NAMES[arg]} stack."
    if kind in (KIND_TAKE, KIND_BUY):
        if arg != DRAWN_SOURCE:
            row, index = (state.upper, arg) if arg < ROW_SLOTS else (state.lower, arg - ROW_SLOTS)
            if index >= len(row):
                name = "upper" if arg < ROW_SLOTS else "lower"
                return f"The {name} row has no card {index + 1} (it holds {len(row)})."
        if kind == KIND_TAKE:
            return f"Your hand is full ({len(player.hand)} of {player.hand_limit} cards)."
    if kind == KIND_PLAY and arg >= len(player.hand):
        return f"Your hand has no card {arg + 1} (you hold {len(player.hand)})."
    if kind in (KIND_BUY, KIND_PLAY):
        card = player.hand[arg] if kind == KIND_PLAY else _source_card(state, arg)[0]
        target = ACTION_TARGET[action]
        name = CARD_NAME[card]
        if IS_TRADING[card] and not target:
            return f"{name} is a trading card: say which card it displaces ('... over <card>')."
        if not IS_TRADING[card] and target:
            return f"{name} is not a trading card; it displaces nothing."
        if target:
            displaced = target_kind(target)
            if TARGET_OF_KIND[displaced] and displaced not in DISPLACEABLE_BY[card]:
                return f"{name} cannot displace {CARD_NAME[displaced]}."
            if not player.area[displaced]:
                return f"You have no {CARD_NAME[displaced]} in your play area to displace."
            if not can_displace(player, displaced):
                return "An Observatory used this round cannot be displaced."
        price = action_price(state, action)
        return f"{name} costs you {price} rubles and you have {player.rubles}."
    return f"'{text}' is not possible now."


# ----------------------------------------------------------------------------------------------
# Apply


def apply_action(state: GameState, action: object) -> None:
    """Apply a legal action in place; raise IllegalActionError (state untouched) otherwise.

    ``action`` is typed ``object`` as in ``explain_illegal``: a bool, text or float is refused
    with a sentence in both builds (compiled code would turn ``True`` into action 1).
    """
    if isinstance(action, bool) or not isinstance(action, int) or action not in legal_actions(state):
        raise IllegalActionError(explain_illegal(state, action))
    apply_unchecked(state, action)


def apply_unchecked(state: GameState, action: ActionId) -> None:
    """Apply an action known to be legal, in place, without checking (the fast path for search)."""
    kind = ACTION_KIND[action]
    player = state.players[state.to_act]
    state.step += 1
    if kind == KIND_PASS:
        state.passes += 1
        if state.passes >= state.num_players:
            _end_actions(state)
        else:
            _next_turn(state)
        return
    if kind == KIND_PUB:
        vp = ACTION_ARG[action]
        player.rubles -= vp * PUB_PRICE_PER_VP
        player.vp += vp
        state.pub_queue.pop(0)
        _continue_pubs(state)
        return
    state.passes = 0
    if kind == KIND_OBSERVE:
        deck = ACTION_ARG[action]
        state.drawn = state.stacks[deck].pop()
        state.drawn_deck = deck
        player.observatories_used += 1
        state.stage = STAGE_OBSERVED
        return
    if kind == KIND_DISCARD:
        state.discards.append(state.drawn)
        _clear_drawn(state)
        _next_turn(state)
        return
    source = ACTION_ARG[action]
    if kind == KIND_PLAY:
        card = player.hand.pop(source)
        from_lower = False
    elif source == DRAWN_SOURCE:
        card = state.drawn
        from_lower = False
        _clear_drawn(state)
    elif source < ROW_SLOTS:
        card = state.upper.pop(source)
        from_lower = False
        state.taken = True
    else:
        card = state.lower.pop(source - ROW_SLOTS)
        from_lower = True
        state.taken = True
    if kind == KIND_TAKE:
        insort(player.hand, card)
    else:
        target = ACTION_TARGET[action]
        displaced = target_kind(target) if target else NO_CARD
        player.rubles -= card_price(player, card, from_lower, displaced)
        if target:
            player.area[displaced] -= 1
            state.discards.append(displaced)
        player.area[card] += 1
    _next_turn(state)


def _clear_drawn(state: GameState) -> None:
    state.drawn = NO_CARD
    state.drawn_deck = -1
    state.stage = STAGE_ACTIONS


def _next_turn(state: GameState) -> None:
    state.to_act = (state.to_act + 1) % state.num_players


# ----------------------------------------------------------------------------------------------
# Phase flow


def _start_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    state.stage = STAGE_ACTIONS
    state.passes = 0
    state.taken = False
    state.to_act = state.markers[phase]


def _seats_from(state: GameState, first: int) -> list[int]:
    n = state.num_players
    return [(first + i) % n for i in range(n)]


def _end_actions(state: GameState) -> None:
    """All players passed in a row: score, run the Pubs, supply cards, move on."""
    phase = state.phase
    if phase == TRADING_PHASE:
        _end_round(state)
        return
    score_phase(state, phase)
    if phase == BUILDING_PHASE:
        state.pub_queue = [
            seat
            for seat in _seats_from(state, state.markers[BUILDING_PHASE])
            if max_pub_vp(state.players[seat]) > 0
        ]
        _continue_pubs(state)
        return
    _supply_and_advance(state)


def _continue_pubs(state: GameState) -> None:
    if state.pub_queue:
        state.stage = STAGE_PUB
        state.to_act = state.pub_queue[0]
        return
    _supply_and_advance(state)


def _supply_and_advance(state: GameState) -> None:
    phase = state.phase
    if state.taken or state.options.always_refill:
        _fill_board(state, phase + 1)
    _start_phase(state, phase + 1)


def _fill_board(state: GameState, deck: int) -> None:
    """Place cards of ``deck`` into the upper row until the board holds 8; flag the last card."""
    stack = state.stacks[deck]
    upper = state.upper
    room = BOARD_SIZE - len(upper) - len(state.lower)
    while room > 0 and stack:
        upper.append(stack.pop())
        room -= 1
        if not stack:
            state.last_round = True


def score_phase(state: GameState, phase: int) -> None:
    """Every player scores his cards of the phase's colour, plus Mariinskij Theater / Tax Man."""
    kinds = _KINDS_OF_COLOUR[phase]
    for seat in _seats_from(state, state.markers[phase]):
        player = state.players[seat]
        area = player.area
        rubles = 0
        vp = 0
        for kind in kinds:
            count = area[kind]
            if count:
                rubles += RUBLES[kind] * count
                vp += VP[kind] * count
        if phase == BUILDING_PHASE:
            vp -= player.observatories_used * VP[OBSERVATORY]
            if area[MARIINSKIJ_THEATER]:
                rubles += area[MARIINSKIJ_THEATER] * colour_count(player, RED)
        elif phase == 2 and area[TAX_MAN]:
            rubles += area[TAX_MAN] * colour_count(player, GREEN)
        player.rubles += rubles
        player.vp += vp


def colour_count(player: PlayerState, colour: int) -> int:
    """How many cards of ``colour`` (trading cards by the colour they count as) are in play."""
    area = player.area
    return sum(area[kind] for kind in _KINDS_OF_COLOUR[colour])


def _end_round(state: GameState) -> None:
    if state.last_round:
        state.stage = STAGE_OVER
        state.to_act = -1
        return
    state.discards.extend(state.lower)
    state.lower = state.upper
    state.upper = []
    _fill_board(state, WORKER)
    n = state.num_players
    state.markers = [(seat + 1) % n for seat in state.markers]
    for player in state.players:
        player.observatories_used = 0
    state.round += 1
    _start_phase(state, WORKER_PHASE)


# ----------------------------------------------------------------------------------------------
# Final scoring


class ScoreLine(NamedTuple):
    """One player's final scoring, as announced at the end of the game."""

    seat: int
    play_vp: int
    """VP scored during the game (cards and Pubs)."""
    aristocrat_bonus: int
    money_vp: int
    hand_penalty: int
    """Negative: -5 per card still in hand."""
    total: int
    rubles: int
    """Rubles for the tie-break (all of them, or the remainder with the money option 'traded')."""


def distinct_red_cards(player: PlayerState) -> int:
    """Different red cards (ordinary and trading, by name) in the play area."""
    area = player.area
    return sum(1 for kind in _RED_KINDS if area[kind])


def final_scores(state: GameState) -> list[ScoreLine]:
    """The final scoring of every seat (RULES.md End of the game); valid at any time."""
    lines = []
    for seat, player in enumerate(state.players):
        bonus = aristocrat_bonus(distinct_red_cards(player))
        money = player.rubles // 10
        rubles = player.rubles
        if state.options.money == MONEY_TRADED:
            rubles -= money * 10
        penalty = -HAND_PENALTY * len(player.hand)
        total = player.vp + bonus + money + penalty
        lines.append(ScoreLine(seat, player.vp, bonus, money, penalty, total, rubles))
    return lines


def winners(state: GameState) -> list[int]:
    """Seats with the most VP, ties broken by rubles; a remaining tie is a shared win."""
    lines = final_scores(state)
    best = max((line.total, line.rubles) for line in lines)
    return [line.seat for line in lines if (line.total, line.rubles) == best]


def describe_state(state: GameState) -> str:
    """A one-line summary: round, phase, whose turn."""
    if state.stage == STAGE_OVER:
        return f"Game over after round {state.round}."
    return (
        f"Round {state.round}, {PHASE_NAMES[state.phase]} phase"
        f"{' (Pub)' if state.stage == STAGE_PUB else ''}, seat {state.to_act} to act."
    )


__all__ = [
    "ScoreLine",
    "action_price",
    "apply_action",
    "apply_unchecked",
    "card_price",
    "final_scores",
    "legal_actions",
    "new_game",
    "winners",
]


class ActionInfo(NamedTuple):
    """A legal action as shown to a player: id, canonical text, price, and a sentence."""

    id: ActionId
    text: str
    price: int
    description: str


def describe_action(state: GameState, action: ActionId) -> str:
    """A sentence for a legal action in this state, e.g. 'Buy Market (upper row) for 5 rubles'."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    target = ACTION_TARGET[action]
    player = state.players[state.to_act]
    if kind == KIND_PASS:
        return "Pass"
    if kind == KIND_PUB:
        return (
            f"Buy {arg} VP at your Pub for {arg * PUB_PRICE_PER_VP} rubles"
            if arg
            else "Buy no VP at your Pub"
        )
    if kind == KIND_OBSERVE:
        return f"Use your Observatory: draw the top card of the {STACK_NAMES[arg]} stack"
    if kind == KIND_DISCARD:
        return f"Discard the drawn {CARD_NAME[state.drawn]}"
    if kind == KIND_PLAY:
        card = player.hand[arg]
        where = "from your hand"
    else:
        card, from_lower = _source_card(state, arg)
        where = "drawn" if arg == DRAWN_SOURCE else ("lower row" if from_lower else "upper row")
        where = f"({where})"
    if kind == KIND_TAKE:
        return f"Take {CARD_NAME[card]} {where} into your hand"
    verb = "Play" if kind == KIND_PLAY else "Buy"
    over = f", displacing your {CARD_NAME[target_kind(target)]}," if target else ""
    return f"{verb} {CARD_NAME[card]} {where}{over} for {action_price(state, action)} rubles"


def legal_action_infos(state: GameState) -> list[ActionInfo]:
    """Every legal action with its text, price and description (for menus and clients)."""
    return [
        ActionInfo(action, format_action(action), action_price(state, action), describe_action(state, action))
        for action in legal_actions(state)
    ]
