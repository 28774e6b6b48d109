"""The rules of Sankt Petersburg: set-up, legal actions, prices, apply, flow, scoring.

Both editions and *The Market* are played by this one set of rules; what differs between them (the
phases of a round, the stacks, the board size, the cards and their figures) is read from the
state's ``GameShape`` (``petersburg.engine.shape``), declared once per edition. Every function here
is pure Python over ``GameState`` with int card kinds and tuple tables, so it stays fast for search
bots and compiles with mypyc. ``legal_actions`` returns action ids in ascending order;
``apply_action`` validates, ``apply_unchecked`` trusts a legal action.
"""

from __future__ import annotations

import random
from bisect import insort
from itertools import permutations
from typing import Final, cast

from petersburg.cards import (
    BLUE,
    CARPENTER_WORKSHOP,
    GOLD_SMELTER,
    OBSERVATORY,
    PUB,
    RED,
    Card,
)
from petersburg.cards_second_edition import (
    ALL_COLOUR,
    ALL_IS_TRADING,
    GOODS,
    NO_GOOD,
    NUM_GOODS,
    YELLOW,
)
from petersburg.engine.actions import (
    ACTION_ARG,
    ACTION_KIND,
    ACTION_TARGET,
    DRAWN_CARD,
    DRAWN_SOURCE,
    KIND_BUY,
    KIND_DISCARD,
    KIND_JOKER,
    KIND_OBSERVE,
    KIND_PASS,
    KIND_PAY_CRATE,
    KIND_PLAY,
    KIND_PUB,
    KIND_SKIP_CRATE,
    KIND_TAKE,
    LOWER_ROW,
    NUM_ALL_ACTIONS,
    PASS_ID,
    SOURCE_ROW,
    SOURCE_SLOT,
    ActionId,
    format_action,
    target_kind,
)
from petersburg.engine.constants import (
    HAND_PENALTY,
    LOWER_ROW_DISCOUNT,
    MIN_PRICE,
    OPENING_WORKERS_PER_PLAYER,
    PUB_PRICE_PER_VP,
    PUB_VP_PER_CARD,
    RUBLES_PER_VP,
    WORKSHOP_DISCOUNT,
    aristocrat_bonus,
)
from petersburg.engine.errors import IllegalActionError
from petersburg.engine.events import (
    PUBLIC,
    ROW_DRAWN,
    ROW_LOWER,
    ROW_UPPER,
    CardBought,
    CardPlayed,
    CardsDealt,
    CardTaken,
    CratePaid,
    CrateUnpaid,
    DrawnDiscarded,
    EndTriggered,
    Event,
    GameEnded,
    GameStarted,
    JokerNamed,
    LowerRowDiscarded,
    MarkersPassed,
    ObservatoryUsed,
    Passed,
    PhaseScored,
    PhaseStarted,
    PubBought,
    RoundEnded,
    RoundStarted,
    SupplySkipped,
    UpperRowMovedDown,
)
from petersburg.engine.market import market_values
from petersburg.engine.options import (
    CRATE_DISCARD,
    JOKER_EACH_SCORING,
    JOKER_FIXED,
    MAX_PLAYERS,
    MAX_PLAYERS_MARKET,
    MIN_PLAYERS,
    MONEY_TRADED,
    GameOptions,
    check_options,
)
from petersburg.engine.predicates import affordable, hand_has_room, may_displace
from petersburg.engine.reasons import Reason, Value
from petersburg.engine.scoring import ScoreLine, colour_scoring, phase_income
from petersburg.engine.shape import (
    FIRST,
    NO_PHASE,
    PHASE_NAMES,
    PRICE_CODE_COLOUR_MASK,
    PRICE_CODE_COLOUR_SHIFT,
    PRICE_CODE_COST_SHIFT,
    PRICE_CODE_TRADING,
    GameShape,
    shape_of,
)
from petersburg.engine.shuffle import random_below, shuffle_in_place
from petersburg.engine.state import (
    NO_CARD,
    STAGE_ACTIONS,
    STAGE_CRATE,
    STAGE_JOKER,
    STAGE_OBSERVED,
    STAGE_OVER,
    STAGE_PUB,
    GameState,
    PlayerState,
)

# ----------------------------------------------------------------------------------------------
# Set-up


def new_game(
    num_players: int, seed: int, options: GameOptions | None = None, sink: list[Event] | None = None
) -> GameState:
    """A new game: stacks shuffled and markers dealt from ``seed``, two workers per player dealt.

    1 to 4 players, 5 with the Market. Raises ValueError (with a readable message) for a bad player
    count, seed or option. With ``sink``, the set-up's events are appended to it (the game started,
    the opening workers dealt, the first phase started).
    """
    options = options if options is not None else GameOptions()
    validate_setup(num_players, seed, options)
    state = GameState(num_players, seed, options)
    shape = state.shape
    rng = random.Random(seed)
    for deck in shape.decks:
        stack = list(shape.deck_cards[deck])
        shuffle_in_place(stack, rng)
        state.stacks[deck] = stack
    state.markers = _deal_markers(num_players, options, shape, rng)
    _open_game(state, sink)
    return state


def deal_game(
    num_players: int,
    stacks: list[list[Card]],
    markers: list[int],
    options: GameOptions | None = None,
    sink: list[Event] | None = None,
) -> GameState:
    """A new game from a given deal instead of a seed: ``stacks`` in order (the top card last) and
    the seat holding each phase's start-player marker.

    For models of the game whose chance is explicit, such as the OpenSpiel game, which draws every
    card as a chance event and the markers from ``marker_deals``: the set-up is then the rules' own
    (the same opening deal and first phase as ``new_game``), only the randomness comes from outside.
    The game's seed is 0. Raises ValueError for stacks that are not the game's cards or markers
    that are not seats.
    """
    options = options if options is not None else GameOptions()
    validate_setup(num_players, 0, options)
    state = GameState(num_players, 0, options)
    shape = state.shape
    if len(stacks) != len(shape.decks) or any(
        sorted(stacks[deck]) != sorted(shape.deck_cards[deck]) for deck in shape.decks
    ):
        raise ValueError("The stacks of a deal must hold exactly the cards of each of the game's stacks.")
    if len(markers) != shape.num_phases or any(not 0 <= seat < num_players for seat in markers):
        raise ValueError(
            f"A deal needs one start-player marker per phase, each held by a seat 0 to {num_players - 1}."
        )
    state.stacks = [list(stack) for stack in stacks]
    state.markers = list(markers)
    _open_game(state, sink)
    return state


def _open_game(state: GameState, sink: list[Event] | None) -> None:
    """Deal the opening workers from the shuffled round stack and start the first phase."""
    shape = state.shape
    opening = state.stacks[shape.round_deck]
    for _ in range(OPENING_WORKERS_PER_PLAYER * state.num_players):
        state.upper.append(opening.pop())
    if sink is not None:
        options = state.options
        markers = tuple(state.markers)
        sink.append(
            GameStarted(
                players=state.num_players, edition=options.edition, market=options.market, markers=markers
            )
        )
        sink.append(RoundStarted(round=1))
        sink.append(CardsDealt(deck=shape.round_deck, row=ROW_UPPER, cards=tuple(state.upper)))
    _start_phase(state, shape.first_phase, sink)


def validate_setup(num_players: int, seed: int, options: GameOptions) -> None:
    """Raise ValueError with a readable message if the set-up parameters are not valid."""
    check_options(options, num_players)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"The seed must be a whole number of at least 0, not {seed!r}.")


def _deal_markers(num_players: int, options: GameOptions, shape: GameShape, rng: random.Random) -> list[int]:
    """Deal the start-player markers (one per phase) at random (docs/rules.md, Set-up): the phases
    in shuffled order, then a random seat where the rules draw one (``_place_markers``)."""
    order = sorted(shape.phases)
    shuffle_in_place(order, rng)
    seat = random_below(rng, num_players) if _marker_seat_is_drawn(num_players, options, shape) else 0
    return _place_markers(order, num_players, options, shape, seat)


def _marker_seat_is_drawn(num_players: int, options: GameOptions, shape: GameShape) -> bool:
    """Whether the markers' deal draws a seat: the Market's first seat, or the 1st edition's seat
    with the marker left over, unless the options name it."""
    if options.double_marker_seat is not None:
        return False
    return shape.deals_round_the_table or shape.num_phases % num_players != 0


def _place_markers(
    order: list[int], num_players: int, options: GameOptions, shape: GameShape, seat: int
) -> list[int]:
    """The markers of phases in ``order`` (already shuffled), ``seat`` being the drawn seat.

    1st-edition rulebook: every player gets as many as the others, and with 3 players one seat (the
    drawn one, or the one the options name) gets the one left over. With the Market the markers are
    dealt one at a time round the table from the drawn seat (or the one the options name).
    """
    markers = [0] * shape.num_phases
    chosen = options.double_marker_seat
    start = seat if chosen is None else chosen
    if shape.deals_round_the_table:
        holders = [(start + i) % num_players for i in range(len(order))]
    else:
        per_seat, left_over = divmod(len(order), num_players)
        if left_over:
            holders = [start] * (per_seat + left_over)
            holders += [other for other in range(num_players) if other != start for _ in range(per_seat)]
        else:
            holders = [other for other in range(num_players) for _ in range(per_seat)]
    for holder, phase in zip(holders, order, strict=True):
        markers[phase] = holder
    return markers


def marker_deals(num_players: int, options: GameOptions | None = None) -> list[tuple[list[int], int]]:
    """Every distinct deal of the start-player markers, with how many of the equally likely random
    draws of the set-up (an order of the phases, then a seat where one is drawn) give it.

    ``new_game`` deals one of them at random with these weights; a model with explicit chance
    offers them as the chance outcomes of the markers' deal (probability weight / total weight).
    """
    options = options if options is not None else GameOptions()
    validate_setup(num_players, 0, options)
    shape = shape_of(options)
    seats = num_players if _marker_seat_is_drawn(num_players, options, shape) else 1
    weights: dict[tuple[int, ...], int] = {}
    for order in permutations(sorted(shape.phases)):
        for seat in range(seats):
            key = tuple(_place_markers(list(order), num_players, options, shape, seat))
            weights[key] = weights.get(key, 0) + 1
    return [(list(key), weight) for key, weight in sorted(weights.items())]


# ----------------------------------------------------------------------------------------------
# Prices


def identical_in_play(player: PlayerState, kind: Card, shape: GameShape = FIRST) -> int:
    """Cards identical to ``kind`` in ``player``'s play area: the same kind, or any variant of a
    card printed in variants (all Ship Builders, all Markets of a Market game)."""
    area = player.area
    family = shape.identical[kind]
    if not family:
        return area[kind]
    return sum(area[k] for k in family)


def card_price(
    player: PlayerState, kind: Card, from_lower: bool, displaced: Card = NO_CARD, shape: GameShape = FIRST
) -> int:
    """What ``player`` pays for ``kind`` (docs/rules.md, Price of a card); never below 1.

    ``displaced`` is the ordinary card a trading card displaces (its value is subtracted); ``shape``
    gives the edition's costs (the 1st edition's if not given).
    """
    price = _unclamped_price(player, kind, from_lower, shape)
    if displaced != NO_CARD:
        price -= shape.displaced_value[displaced]
    return price if price > MIN_PRICE else MIN_PRICE


def _unclamped_price(player: PlayerState, kind: Card, from_lower: bool, shape: GameShape) -> int:
    """Cost less every reduction but a displaced card's value, before the minimum of 1."""
    area = player.area
    family = shape.identical[kind]  # identical_in_play(), inlined: every purchase passes here
    price = shape.cost[kind] - (sum(area[k] for k in family) if family else area[kind])
    if from_lower:
        price -= LOWER_ROW_DISCOUNT
    colour = ALL_COLOUR[kind]
    if colour == BLUE:
        if area[CARPENTER_WORKSHOP]:
            price -= WORKSHOP_DISCOUNT
    elif colour == RED and area[GOLD_SMELTER]:
        price -= WORKSHOP_DISCOUNT
    return price


def crate_price(state: GameState) -> int:
    """Rubles that keeping a crate costs at this round's market scoring: first place's value."""
    return market_values(state.round, state.options)[0]


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
            return card_price(player, card, False, displaced, state.shape)
        card, from_lower = source_card(state, arg)
        return card_price(player, card, from_lower, displaced, state.shape)
    if kind == KIND_PUB:
        return ACTION_ARG[action] * PUB_PRICE_PER_VP
    if kind == KIND_PAY_CRATE:
        return crate_price(state)
    return 0


def source_card(state: GameState, source: int) -> tuple[Card, bool]:
    """The card at a source and whether it lies in the lower row."""
    row = SOURCE_ROW[source]
    if row == DRAWN_CARD:
        return state.drawn, False
    if row == LOWER_ROW:
        return state.lower[SOURCE_SLOT[source]], True
    return state.upper[SOURCE_SLOT[source]], False


# ----------------------------------------------------------------------------------------------
# Legal actions


_ID: Final[tuple[object, ...]] = tuple(range(NUM_ALL_ACTIONS))
"""Every action number as an int object made once. ``legal_actions`` appends these: compiled with
mypyc it would otherwise make a new int object for every id above 256 (CPython keeps only the
small ones), and most ids of the buy and play blocks are above 256."""


def _add_trading(
    out: list[object],
    base: int,
    player: PlayerState,
    targets: tuple[tuple[int, Card], ...],
    price: int,
    rubles: int,
    displaced_value: tuple[int, ...],
) -> None:
    """Append the affordable displacements of a trading card (``price``: before the displaced value)."""
    area = player.area
    for target, kind in targets:
        if area[kind] and price - displaced_value[kind] <= rubles and may_displace(player, kind):
            out.append(_ID[base + target])


def _add_purchases(
    out: list[object],
    cards: list[Card],
    base: int,
    reduction: int,
    player: PlayerState,
    same: list[int],
    shape: GameShape,
    rubles: int,
) -> None:
    """Append the affordable purchases of ``cards`` (a row of the board, or the hand to play from),
    whose first card's ids start at ``base``; ``reduction`` is the lower row's discount.

    Prices are ``card_price``'s, inlined: the kind's cost, colour and trading flag come from one
    look-up in ``shape.price_code``; ``same`` counts the identical cards in play per kind.
    """
    area = player.area
    blue_reduction = WORKSHOP_DISCOUNT if area[CARPENTER_WORKSHOP] else 0
    red_reduction = WORKSHOP_DISCOUNT if area[GOLD_SMELTER] else 0
    price_code = shape.price_code
    stride = shape.layout.targets
    for card in cards:
        code = price_code[card]
        price = (code >> PRICE_CODE_COST_SHIFT) - same[card] - reduction
        colour = code >> PRICE_CODE_COLOUR_SHIFT & PRICE_CODE_COLOUR_MASK
        if colour == BLUE:
            price -= blue_reduction
        elif colour == RED:
            price -= red_reduction
        if code & PRICE_CODE_TRADING:
            _add_trading(out, base, player, shape.targets_of[card], price, rubles, shape.displaced_value)
        elif price <= rubles:
            out.append(_ID[base])
        base += stride


def _identical_counts(player: PlayerState, shape: GameShape) -> list[int]:
    """The play area's counts with each variant's entry replaced by its whole family's count."""
    same = player.area.copy()
    for kind in shape.kinds:
        if shape.identical[kind]:
            same[kind] = identical_in_play(player, kind, shape)
    return same


def in_opening(state: GameState) -> bool:
    """Whether the 2nd edition's opening is under way: in the first worker phase of the game, while
    opening workers remain, every player must buy on each of his turns."""
    shape = state.shape
    return (
        shape.opening_buy and state.round == 1 and state.phase == shape.first_phase and len(state.upper) > 0
    )


def legal_actions(state: GameState) -> list[ActionId]:
    """The legal action ids of the player to act, in ascending order (empty when over).

    This is the engine's hottest function. Actions are collected by arithmetic in the shape's
    contiguous ``ActionLayout`` (in the 1st and 2nd edition the action space itself; with the Market
    mapped to the stable ids at the end), and prices are inlined rather than calling
    ``card_price`` per card. A price ``p`` is affordable when ``max(1, p) <= rubles``, that is when
    ``rubles >= 1 and p <= rubles``.
    """
    stage = state.stage
    shape = state.shape
    layout = shape.layout
    player = state.players[state.to_act]
    out: list[object] = []  # ids as _ID's int objects
    if stage == STAGE_ACTIONS:
        upper = state.upper
        lower = state.lower
        opening = shape.opening_buy and in_opening(state)
        if not opening:
            out.append(_ID[PASS_ID])
            if hand_has_room(player):
                for slot in range(len(upper)):
                    out.append(_ID[layout.upper_take + slot])
                for slot in range(len(lower)):
                    out.append(_ID[layout.lower_take + slot])
        rubles = player.rubles
        if rubles >= 1:
            same = _identical_counts(player, shape) if shape.market else player.area
            _add_purchases(out, upper, layout.upper_buys, 0, player, same, shape, rubles)
            _add_purchases(out, lower, layout.lower_buys, LOWER_ROW_DISCOUNT, player, same, shape, rubles)
            _add_purchases(out, player.hand, layout.plays, 0, player, same, shape, rubles)
        if state.phase == shape.observatory_phase and player.area[OBSERVATORY] > player.observatories_used:
            stacks = state.stacks
            for deck in shape.decks:
                if len(stacks[deck]) >= 2:
                    out.append(_ID[layout.observe + deck])
        if opening and not out:
            out.append(PASS_ID)  # nothing affordable: the obligation to buy cannot hold
    elif stage == STAGE_OBSERVED:
        if hand_has_room(player):
            out.append(layout.drawn_take)
        card = state.drawn
        rubles = player.rubles
        if rubles >= 1:
            price = _unclamped_price(player, card, False, shape)
            base = layout.drawn_buys
            if ALL_IS_TRADING[card]:
                _add_trading(out, base, player, shape.targets_of[card], price, rubles, shape.displaced_value)
            elif price <= rubles:
                out.append(_ID[base])
        out.append(_ID[layout.discard])
    elif stage == STAGE_PUB:
        for vp in range(max_pub_vp(player) + 1):
            out.append(layout.pub + vp)
    elif stage == STAGE_JOKER:
        out.extend(range(layout.joker, layout.joker + NUM_GOODS))
    elif stage == STAGE_CRATE:
        good = _pending_card_good(state)
        if affordable(player, crate_price(state)):
            out.append(layout.pay_crate + good)
        out.append(layout.skip_crate + good)
    to_id = layout.to_id
    if to_id is not None:
        return sorted([to_id[cast(int, number)] for number in out])
    return cast(list[ActionId], out)


def _pending_card_good(state: GameState) -> int:
    """The good of the card at the head of the Market's decision queue (a crate or a "?" card)."""
    market = state.market
    assert market is not None and market.queue
    return state.shape.good_of[market.queue[0][1]]


def max_pub_vp(player: PlayerState) -> int:
    """The most VP ``player`` may buy at his Pubs now (5 per Pub, 2 rubles each)."""
    return min(PUB_VP_PER_CARD * player.area[PUB], player.rubles // PUB_PRICE_PER_VP)


def is_legal(state: GameState, action: ActionId) -> bool:
    """Whether ``action`` is legal for the player to act."""
    return action in legal_actions(state)


def _reason(state: GameState, reason: str, **params: Value) -> Reason:
    """A refusal of ``state``'s game (its cards named as its edition prints them)."""
    return Reason(reason, params, state.shape.card_name)


def _outside_game(state: GameState, action: ActionId) -> Reason | None:
    """Why an action id of the whole space does not exist in this game, or None if it does."""
    shape = state.shape
    if action < shape.num_actions:
        return None
    text = format_action(action)
    kind = ACTION_KIND[action]
    if kind in (KIND_JOKER, KIND_PAY_CRATE, KIND_SKIP_CRATE):
        return _reason(state, "market_action_without_market", action=text, edition=shape.title)
    if kind == KIND_OBSERVE:
        return _reason(state, "no_market_stack", edition=shape.title)
    target = ACTION_TARGET[action]
    if target and not shape.count[target_kind(target)]:
        return _reason(state, "no_goods_card", card=target_kind(target), edition=shape.title)
    return _reason(state, "no_board_slot", size=shape.board_size, action=text)


def why_illegal(state: GameState, action: object) -> Reason | None:
    """Why ``action`` is not legal now, as a ``Reason`` (a reason id and its parameters, worded
    in a reader's language by ``petersburg.text.rule_refusals``); None if it is legal.

    The rules are asked one by one, in the order a player would check them, with the same
    predicates ``legal_actions`` uses (``hand_has_room``, ``affordable``, ``may_displace``,
    ``card_price``); the property tests check that the two agree on every action id of random
    states, so each refusal is the specific rule that refuses it. ``action`` may be anything a
    client sent (typed ``object`` so that the mypyc build checks it here, as the interpreted one
    does, instead of refusing it at the call).
    """
    if state.stage == STAGE_OVER:
        return _reason(state, "game_over")
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ALL_ACTIONS:
        return _reason(state, "no_such_action", action=repr(action))
    outside = _outside_game(state, action)
    if outside is not None:
        return outside
    stage = state.stage
    if stage == STAGE_PUB:
        return _refuse_at_pub(state, action)
    if stage in (STAGE_JOKER, STAGE_CRATE):
        return _refuse_market_decision(state, action)
    if stage == STAGE_OBSERVED:
        return _refuse_after_draw(state, action)
    return _refuse_turn_action(state, action)


def explain_illegal(state: GameState, action: object) -> str:
    """A sentence in English saying why ``action`` is not legal now (for players, API clients and
    research code); '' if it is legal. ``why_illegal`` gives the same as data, for other languages."""
    reason = why_illegal(state, action)
    return "" if reason is None else reason.text()


def _refuse_at_pub(state: GameState, action: ActionId) -> Reason | None:
    """Why ``action`` is not a Pub purchase the player to act may make (None if it is)."""
    if ACTION_KIND[action] != KIND_PUB:
        return _reason(state, "pub_first", action=format_action(action))
    most = max_pub_vp(state.players[state.to_act])
    if ACTION_ARG[action] > most:
        return _reason(state, "pub_too_many", most=most, action=format_action(action))
    return None


def _refuse_market_decision(state: GameState, action: ActionId) -> Reason | None:
    """Why ``action`` is not the decision the Market asks for now (a good to name, a crate); None
    if it is."""
    market = state.market
    assert market is not None and market.queue
    card = market.queue[0][1]
    kind = ACTION_KIND[action]
    if state.stage == STAGE_JOKER:
        if kind == KIND_JOKER:
            return None
        return _reason(state, "joker_first", card=card, example=f"joker {GOODS[0]}")
    good = state.shape.good_of[card]
    price = crate_price(state)
    player = state.players[state.to_act]
    if ACTION_ARG[action] == good and kind == KIND_SKIP_CRATE:
        return None
    if ACTION_ARG[action] == good and kind == KIND_PAY_CRATE:
        if affordable(player, price):
            return None
        return _reason(state, "crate_unaffordable", card=card, price=price, rubles=player.rubles)
    return _reason(
        state,
        "crate_first",
        price=price,
        card=card,
        pay=f"pay crate {GOODS[good]}",
        skip=f"skip crate {GOODS[good]}",
    )


def _refuse_after_draw(state: GameState, action: ActionId) -> Reason | None:
    """Why ``action`` is not a use of the card just drawn with an Observatory (None if it is)."""
    kind = ACTION_KIND[action]
    if kind == KIND_DISCARD:
        return None
    if kind not in (KIND_TAKE, KIND_BUY) or ACTION_ARG[action] != DRAWN_SOURCE:
        return _reason(state, "drawn_first", action=format_action(action))
    if kind == KIND_TAKE:
        return _refuse_take(state, state.players[state.to_act])
    return _refuse_purchase(state, action, state.drawn, False)


def _refuse_turn_action(state: GameState, action: ActionId) -> Reason | None:
    """Why ``action`` is not an ordinary turn's action the player to act may take (None if it is)."""
    kind = ACTION_KIND[action]
    arg = ACTION_ARG[action]
    if kind >= KIND_JOKER:
        return _refuse_market_decision_now(state, kind)
    if kind == KIND_PUB:
        return _reason(state, "pub_after_scoring_only")
    if kind == KIND_DISCARD or (kind in (KIND_TAKE, KIND_BUY) and arg == DRAWN_SOURCE):
        return _reason(state, "no_drawn_card")
    if kind == KIND_OBSERVE:
        return _refuse_observe(state, arg)
    if kind == KIND_PASS:
        return _reason(state, "must_buy") if in_opening(state) and _can_buy(state) else None
    if kind == KIND_PLAY:
        held = len(state.players[state.to_act].hand)
        if arg >= held:
            return _reason(state, "no_hand_card", number=arg + 1, held=held)
        return _refuse_purchase(state, action, state.players[state.to_act].hand[arg], False)
    missing = _missing_board_card(state, arg)
    if missing is not None:
        return missing
    if kind == KIND_TAKE:
        if in_opening(state):
            return _reason(state, "must_buy")
        return _refuse_take(state, state.players[state.to_act])
    card, from_lower = source_card(state, arg)
    return _refuse_purchase(state, action, card, from_lower)


def _refuse_market_decision_now(state: GameState, kind: int) -> Reason:
    """Why a Market decision is not asked for in an ordinary turn."""
    if kind != KIND_JOKER:
        return _reason(state, "crate_at_scoring_only")
    if state.options.joker == JOKER_FIXED:
        return _reason(state, "joker_on_entry_only")
    return _reason(state, "joker_at_scoring_only")


def _refuse_observe(state: GameState, deck: int) -> Reason | None:
    """Why the player to act may not use an Observatory on ``deck`` now (None if he may)."""
    shape = state.shape
    player = state.players[state.to_act]
    if state.phase != shape.observatory_phase:
        return _reason(state, "observatory_phase", phase=PHASE_NAMES[shape.observatory_phase])
    if player.area[OBSERVATORY] <= player.observatories_used:
        return _reason(state, "no_unused_observatory")
    if len(state.stacks[deck]) < 2:
        return _reason(state, "last_card_of_stack", stack=shape.stack_names[deck])
    return None


def _missing_board_card(state: GameState, source: int) -> Reason | None:
    """Why the board has no card at ``source`` (None if it has one)."""
    lower = SOURCE_ROW[source] == LOWER_ROW
    row = state.lower if lower else state.upper
    index = SOURCE_SLOT[source]
    if index < len(row):
        return None
    return _reason(state, "no_lower_card" if lower else "no_upper_card", number=index + 1, held=len(row))


def _refuse_take(state: GameState, player: PlayerState) -> Reason | None:
    """Why ``player`` may not take a card into hand (None if he may)."""
    if hand_has_room(player):
        return None
    return _reason(state, "hand_full", held=len(player.hand), limit=player.hand_limit)


def _refuse_purchase(state: GameState, action: ActionId, card: Card, from_lower: bool) -> Reason | None:
    """Why the player to act may not put ``card`` into play as ``action`` says (None if he may):
    a trading card must displace a card of his it may displace, and the price must be affordable."""
    shape = state.shape
    player = state.players[state.to_act]
    target = ACTION_TARGET[action]
    if ALL_IS_TRADING[card] and not target:
        return _reason(state, "trading_needs_target", card=card)
    if not ALL_IS_TRADING[card] and target:
        return _reason(state, "not_trading", card=card)
    displaced = target_kind(target) if target else NO_CARD
    if target:
        if all(kind != displaced for _, kind in shape.targets_of[card]):
            return _reason(state, "cannot_displace", card=card, displaced=displaced)
        if not player.area[displaced]:
            return _reason(state, "nothing_to_displace", displaced=displaced)
        if not may_displace(player, displaced):
            return _reason(state, "observatory_used")
    price = card_price(player, card, from_lower, displaced, shape)
    if not affordable(player, price):
        return _reason(state, "too_expensive", card=card, price=price, rubles=player.rubles)
    return None


def _can_buy(state: GameState) -> bool:
    """Whether the player to act may buy or play any card now (the 2nd edition's opening obliges
    him to, if he can)."""
    layout = state.shape.layout
    to_id = layout.to_id
    for number in range(layout.upper_buys, layout.observe):
        action = to_id[number] if to_id is not None else number
        if ACTION_KIND[action] == KIND_BUY and ACTION_ARG[action] == DRAWN_SOURCE:
            continue
        if _refuse_turn_action(state, action) is None:
            return True
    return False


# ----------------------------------------------------------------------------------------------
# Apply


def apply_action(state: GameState, action: object, sink: list[Event] | None = None) -> None:
    """Apply a legal action in place; raise IllegalActionError (state untouched) otherwise.

    ``action`` is typed ``object`` as in ``explain_illegal``: a bool, text or float is refused
    with a sentence in both builds (compiled code would turn ``True`` into action 1). With
    ``sink``, the events of the action are appended to it (see ``apply_unchecked``).
    """
    if isinstance(action, bool) or not isinstance(action, int) or action not in legal_actions(state):
        raise IllegalActionError(explain_illegal(state, action))
    apply_unchecked(state, action, sink)


def apply_with_events(state: GameState, action: object) -> list[Event]:
    """Apply a legal action in place, as ``apply_action``, and return what happened: the move,
    then everything that followed from it (scorings, Pubs, cards dealt, a new phase or round, the
    end of the game). See ``petersburg.engine.events``."""
    events: list[Event] = []
    apply_action(state, action, events)
    return events


def apply_unchecked(state: GameState, action: ActionId, sink: list[Event] | None = None) -> None:
    """Apply an action known to be legal, in place, without checking (the fast path for search).

    With ``sink``, every event the action brings about is appended to it, in order; search passes
    none, and then no event is built.
    """
    kind = ACTION_KIND[action]
    player = state.players[state.to_act]
    state.step += 1
    if kind == KIND_PASS:
        if sink is not None:
            sink.append(Passed(seat=state.to_act))
        ends = pass_ends_actions(state)
        state.passes += 1
        if ends:
            _end_actions(state, sink)
        else:
            _next_turn(state)
        return
    if kind == KIND_PUB:
        vp = ACTION_ARG[action]
        player.rubles -= vp * PUB_PRICE_PER_VP
        player.vp += vp
        if sink is not None:
            sink.append(PubBought(seat=state.to_act, vp=vp, rubles=vp * PUB_PRICE_PER_VP))
        state.pub_queue.pop(0)
        _continue_pubs(state, sink)
        return
    if kind >= KIND_JOKER:
        _apply_market_decision(state, kind, ACTION_ARG[action], sink)
        return
    state.passes = 0
    if kind == KIND_OBSERVE:
        deck = ACTION_ARG[action]
        state.drawn = state.stacks[deck].pop()
        state.drawn_deck = deck
        player.observatories_used += 1
        state.stage = STAGE_OBSERVED
        if sink is not None:
            seat = state.to_act
            sink.append(ObservatoryUsed(seat=seat, deck=deck, card=state.drawn, private_to=seat))
        return
    if kind == KIND_DISCARD:
        if sink is not None:
            sink.append(DrawnDiscarded(seat=state.to_act, deck=state.drawn_deck, card=state.drawn))
        state.discards.append(state.drawn)
        _clear_drawn(state)
        _next_turn(state)
        return
    source = ACTION_ARG[action]
    if kind == KIND_PLAY:
        card = player.hand.pop(source)
        from_lower = False
        if player.secret_hand:
            _reveal_played(player, card)
    elif source == DRAWN_SOURCE:
        card = state.drawn
        from_lower = False
        _clear_drawn(state)
    else:
        from_lower = SOURCE_ROW[source] == LOWER_ROW
        card = (state.lower if from_lower else state.upper).pop(SOURCE_SLOT[source])
        state.taken = True
    if kind == KIND_TAKE:
        insort(player.hand, card)
        if sink is not None:
            sink.append(_taken_event(state, card, source))
        if source == DRAWN_SOURCE:  # only its taker saw it; a card from the board all players saw
            player.secret_hand = tuple(sorted((*player.secret_hand, card)))
    else:
        shape = state.shape
        target = ACTION_TARGET[action]
        displaced = target_kind(target) if target else NO_CARD
        price = card_price(player, card, from_lower, displaced, shape)
        player.rubles -= price
        if sink is not None:
            sink.append(_purchase_event(state, kind, card, source, price, displaced))
        if target:
            player.area[displaced] -= 1
            state.discards.append(displaced)
        player.area[card] += 1
        if shape.market:
            if target and shape.joker_slot[displaced] >= 0:
                _forget_joker(state, displaced)
            if shape.joker_slot[card] >= 0 and state.options.joker == JOKER_FIXED:
                _ask_joker(state, card)
                return
    _next_turn(state)


def pass_ends_actions(state: GameState) -> bool:
    """Whether a pass by the seat to act ends the phase's actions: every other seat has passed
    since the last action that was not a pass (docs/rules.md, Rounds and phases: Actions)."""
    return state.passes + 1 >= state.num_players


def in_final_phase(state: GameState) -> bool:
    """Whether the game ends once this phase's actions end: the known last round's last phase
    (its scoring, if it has one, and the final scoring follow; no turn comes after)."""
    return state.last_round and state.shape.next_phase[state.phase] == NO_PHASE


def source_place(source: int) -> tuple[str, int]:
    """The row (``events.ROWS``) and 0-based slot of an action source (slot -1 for a drawn card)."""
    row = SOURCE_ROW[source]
    if row == DRAWN_CARD:
        return ROW_DRAWN, -1
    return (ROW_LOWER if row == LOWER_ROW else ROW_UPPER), SOURCE_SLOT[source]


def _taken_event(state: GameState, card: Card, source: int) -> CardTaken:
    """A card taken into hand: public from the board, private to its owner from an Observatory's
    draw (unless the table shows every hand)."""
    seat = state.to_act
    row, slot = source_place(source)
    secret = row == ROW_DRAWN and not state.options.show_hands
    return CardTaken(seat=seat, card=card, row=row, slot=slot, private_to=seat if secret else PUBLIC)


def _purchase_event(
    state: GameState, kind: int, card: Card, source: int, price: int, displaced: Card
) -> CardBought | CardPlayed:
    """A card bought from the board or a draw, or played from hand (all public)."""
    seat = state.to_act
    if kind == KIND_PLAY:
        return CardPlayed(seat=seat, card=card, price=price, displaced=displaced)
    row, slot = source_place(source)
    return CardBought(seat=seat, card=card, row=row, slot=slot, price=price, displaced=displaced)


def _reveal_played(player: PlayerState, card: Card) -> None:
    """A card played from hand leaves it: a public copy if the hand still held one, else a secret
    one. (To the others the hand loses one known copy either way; only when none was known is a
    secret card revealed, and the remaining secret cards stay secret.)"""
    secret = player.secret_hand
    if secret.count(card) > player.hand.count(card):
        index = secret.index(card)
        player.secret_hand = secret[:index] + secret[index + 1 :]


def _clear_drawn(state: GameState) -> None:
    state.drawn = NO_CARD
    state.drawn_deck = -1
    state.stage = STAGE_ACTIONS


def _next_turn(state: GameState) -> None:
    state.to_act = (state.to_act + 1) % state.num_players


# ----------------------------------------------------------------------------------------------
# The Market's decisions: a "?" named, a crate paid for or not


def _ask_joker(state: GameState, card: Card) -> None:
    """A card with "?" entered the play area of the player to act: he names its good now; his turn
    ends when he has."""
    market = state.market
    assert market is not None
    market.queue.append((state.to_act, card))
    state.stage = STAGE_JOKER


def _forget_joker(state: GameState, card: Card) -> None:
    """A card with "?" left play: its good is no longer named."""
    market = state.market
    assert market is not None
    market.jokers[state.shape.joker_slot[card]] = NO_GOOD


def _apply_market_decision(state: GameState, kind: int, good: int, sink: list[Event] | None) -> None:
    """Name a joker's good, or pay or skip a crate: the decision at the head of the queue."""
    market = state.market
    assert market is not None
    seat, card = market.queue.pop(0)
    if kind == KIND_JOKER:
        market.jokers[state.shape.joker_slot[card]] = good
        if sink is not None:
            sink.append(JokerNamed(seat=seat, card=card, good=good))
    elif kind == KIND_PAY_CRATE:
        price = crate_price(state)
        state.players[seat].rubles -= price
        if sink is not None:
            sink.append(CratePaid(seat=seat, card=card, good=good, rubles=price))
    else:
        _leave_crate_unpaid(state, seat, card, True, sink)
    _continue_market_decisions(state, sink)


def _leave_crate_unpaid(
    state: GameState, seat: int, crate: Card, asked: bool, sink: list[Event] | None
) -> None:
    """An unpaid crate is discarded with its symbols, or (``unpaid_crate = idle``) counts nothing
    at this scoring. ``asked``: its owner chose so (else he could not pay)."""
    market = state.market
    assert market is not None
    discard = state.options.unpaid_crate == CRATE_DISCARD
    if discard:
        state.players[seat].area[crate] -= 1
        state.discards.append(crate)
    else:
        market.idle.append(crate)
    if sink is not None:
        good = state.shape.good_of[crate]
        sink.append(CrateUnpaid(seat=seat, card=crate, good=good, discarded=discard, asked=asked))


def _continue_market_decisions(state: GameState, sink: list[Event] | None) -> None:
    """Ask the next pending decision; when none is left, finish what asked for them: the market
    scoring (income, majorities, supply) or the turn in which a card with "?" entered play.

    A crate whose owner cannot pay for it is left unpaid without asking him (as the Pub asks only
    a player who can pay for a VP).
    """
    market = state.market
    assert market is not None
    queue = market.queue
    shape = state.shape
    while queue:
        seat, card = queue[0]
        if shape.joker_slot[card] < 0 and not affordable(state.players[seat], crate_price(state)):
            queue.pop(0)
            _leave_crate_unpaid(state, seat, card, False, sink)
            continue
        state.stage = STAGE_JOKER if shape.joker_slot[card] >= 0 else STAGE_CRATE
        state.to_act = seat
        return
    if market.scoring:
        score_phase(state, state.phase, sink)
        market.idle.clear()
        market.scoring = False
        _supply_and_advance(state, sink)
    else:
        state.stage = STAGE_ACTIONS
        _next_turn(state)


def _start_market_scoring(state: GameState, sink: list[Event] | None) -> None:
    """After the market phase's actions: queue every crate (and, with ``joker = each_scoring``,
    every "?" card) in turn order from the sack holder, then score."""
    market = state.market
    assert market is not None
    shape = state.shape
    market.scoring = True
    order = _seats_from(state, state.markers[state.phase])
    for seat in order:
        area = state.players[seat].area
        market.queue.extend((seat, crate) for crate in shape.crate_kinds if area[crate])
    if state.options.joker == JOKER_EACH_SCORING:
        for seat in order:
            area = state.players[seat].area
            market.queue.extend((seat, card) for card in shape.joker_kinds if area[card])
    _continue_market_decisions(state, sink)


# ----------------------------------------------------------------------------------------------
# Phase flow


def _start_phase(state: GameState, phase: int, sink: list[Event] | None) -> None:
    state.phase = phase
    state.stage = STAGE_ACTIONS
    state.passes = 0
    state.taken = False
    state.to_act = state.markers[phase]
    if sink is not None:
        sink.append(PhaseStarted(round=state.round, phase=phase, seat=state.to_act))


def _seats_from(state: GameState, first: int) -> list[int]:
    n = state.num_players
    return [(first + i) % n for i in range(n)]


def _end_actions(state: GameState, sink: list[Event] | None) -> None:
    """All players passed in a row: score, run the Pubs, supply cards, move on."""
    shape = state.shape
    phase = state.phase
    if shape.next_phase[phase] == NO_PHASE:
        _end_round(state, sink)
        return
    if phase == shape.market_phase:
        _start_market_scoring(state, sink)
        return
    score_phase(state, phase, sink)
    if phase == shape.pub_phase:
        state.pub_queue = [
            seat for seat in _seats_from(state, state.markers[phase]) if max_pub_vp(state.players[seat]) > 0
        ]
        _continue_pubs(state, sink)
        return
    _supply_and_advance(state, sink)


def _continue_pubs(state: GameState, sink: list[Event] | None) -> None:
    if state.pub_queue:
        state.stage = STAGE_PUB
        state.to_act = state.pub_queue[0]
        return
    _supply_and_advance(state, sink)


def _supply_and_advance(state: GameState, sink: list[Event] | None) -> None:
    """Top the board up from the next phase's stack (unless nobody took a card) and start that phase."""
    shape = state.shape
    phase = state.phase
    if state.taken or state.options.always_refill:
        _fill_board(state, shape.supply_deck[phase], sink)
    elif sink is not None:
        sink.append(SupplySkipped(phase=phase, deck=shape.supply_deck[phase]))
    _start_phase(state, shape.next_phase[phase], sink)


def _fill_board(state: GameState, deck: int, sink: list[Event] | None) -> None:
    """Place cards of ``deck`` into the upper row until the board is full; flag the last card."""
    stack = state.stacks[deck]
    upper = state.upper
    first = len(upper)
    ending = state.last_round
    room = state.shape.board_size - first - len(state.lower)
    while room > 0 and stack:
        upper.append(stack.pop())
        room -= 1
        if not stack:
            state.last_round = True
    if sink is not None:
        if len(upper) > first:
            sink.append(CardsDealt(deck=deck, row=ROW_UPPER, cards=tuple(upper[first:])))
        if state.last_round and not ending:
            sink.append(EndTriggered(deck=deck, round=state.round))


def score_phase(state: GameState, phase: int, sink: list[Event] | None = None) -> None:
    """Every player receives what the scoring of ``phase`` pays (``scoring.phase_income``): his
    cards of the phase's colour with the Mariinsky Theater, the Tax Man and face-down
    Observatories, or the Market's income and majorities. The trading phase is not scored.

    A colour scoring without a sink (the search path) adds the rule's plain figures
    (``colour_scoring``) and builds no ``SeatIncome``.
    """
    shape = state.shape
    colour = shape.scoring[phase]
    order = _seats_from(state, state.markers[phase])
    players = state.players
    if colour == YELLOW or sink is not None:
        incomes = phase_income(state, phase)
        for seat in order:
            players[seat].rubles += incomes[seat].rubles
            players[seat].vp += incomes[seat].vp
        if sink is not None:
            scored = tuple(incomes[seat] for seat in order)
            sink.append(PhaseScored(round=state.round, phase=phase, incomes=scored))
        return
    for seat in order:
        player = players[seat]
        figures = colour_scoring(player, colour, shape)
        player.rubles += figures[0]
        player.vp += figures[1]


def _end_round(state: GameState, sink: list[Event] | None) -> None:
    """After the trading phase's actions: the game ends after its last round; otherwise the lower
    row is discarded, the upper row moves down, workers are dealt, the markers pass on."""
    if sink is not None:
        sink.append(RoundEnded(round=state.round))
    if state.last_round:
        state.stage = STAGE_OVER
        state.to_act = -1
        if sink is not None:
            sink.append(GameEnded(scores=tuple(final_scores(state)), winners=tuple(winners(state))))
        return
    shape = state.shape
    if sink is not None:
        sink.append(LowerRowDiscarded(cards=tuple(state.lower)))
        sink.append(UpperRowMovedDown(cards=tuple(state.upper)))
    state.discards.extend(state.lower)
    state.lower = state.upper
    state.upper = []
    state.round += 1  # the deal belongs to the round that follows (docs/rules.md, End of the game)
    _fill_board(state, shape.round_deck, sink)
    n = state.num_players
    state.markers = [(seat + 1) % n for seat in state.markers]
    for player in state.players:
        player.observatories_used = 0
    if sink is not None:
        sink.append(MarkersPassed(markers=tuple(state.markers)))
        sink.append(RoundStarted(round=state.round))
    _start_phase(state, shape.first_phase, sink)


# ----------------------------------------------------------------------------------------------
# Final scoring


def distinct_red_cards(player: PlayerState, shape: GameShape = FIRST) -> int:
    """Different red cards (ordinary and trading, by name) in the play area."""
    area = player.area
    return sum(1 for kind in shape.red_kinds if area[kind])


def final_scores(state: GameState) -> list[ScoreLine]:
    """The final scoring of every seat (docs/rules.md, End of the game); valid at any time."""
    lines = []
    for seat, player in enumerate(state.players):
        bonus = aristocrat_bonus(distinct_red_cards(player, state.shape))
        money = player.rubles // RUBLES_PER_VP
        rubles = player.rubles
        if state.options.money == MONEY_TRADED:
            rubles -= money * RUBLES_PER_VP
        penalty = -HAND_PENALTY * len(player.hand)
        total = player.vp + bonus + money + penalty
        lines.append(ScoreLine(seat, player.vp, bonus, money, penalty, total, rubles))
    return lines


def places(standings: list[tuple[int, int]]) -> list[int]:
    """Each seat's place from its final (VP, rubles): 1 + the number of seats ahead of it, more VP
    first, ties broken by rubles; a remaining tie shares the place."""
    return [1 + sum(1 for other in standings if other > mine) for mine in standings]


def winners(state: GameState) -> list[int]:
    """Seats with the most VP, ties broken by rubles; a remaining tie is a shared win."""
    lines = final_scores(state)
    seat_places = places([(line.total, line.rubles) for line in lines])
    return [line.seat for line, place in zip(lines, seat_places, strict=True) if place == 1]


_STAGE_NOTES: Final = {STAGE_PUB: " (Pub)", STAGE_JOKER: " (naming a good)", STAGE_CRATE: " (crates)"}


def describe_state(state: GameState) -> str:
    """A one-line summary: round, phase, whose turn."""
    if state.stage == STAGE_OVER:
        return f"Game over after round {state.round}."
    return (
        f"Round {state.round}, {PHASE_NAMES[state.phase]} phase"
        f"{_STAGE_NOTES.get(state.stage, '')}, seat {state.to_act} to act."
    )


__all__ = [
    "MAX_PLAYERS",
    "MAX_PLAYERS_MARKET",
    "MIN_PLAYERS",
    "PUB_PRICE_PER_VP",
    "ScoreLine",
    "action_price",
    "apply_action",
    "apply_unchecked",
    "card_price",
    "final_scores",
    "legal_actions",
    "new_game",
    "places",
    "winners",
]
