"""Every word of the browser pages: the HTML's text, the attributes people read (title, aria-label,
placeholder, alt) and the sentences the JavaScript makes, by message id (``page.lobby.play_now``).

A page's HTML names its words by id (``data-i18n="lobby.play_now"``, ``data-i18n-aria-label=…``; a
sentence with inline emphasis or a link is one message with its ``<b>``, ``<i>``, ``<a>`` kept,
``data-i18n-html``) and the JavaScript asks ``t("page.id", {params})`` (``web/js/i18n.js``); both read
the catalogue the server sends for the reader's language (``/api/words?lang=…``), so a page needs no
build step per language. Ids are grouped by the page they are on (``lobby.``, ``table.``, ``help.`` …).
"""

from __future__ import annotations

from petersburg.engine.constants import (
    ARISTOCRAT_BONUS,
    HAND_LIMIT,
    HAND_PENALTY,
    LOWER_ROW_DISCOUNT,
    MIN_PRICE,
    RUBLES_PER_VP,
    STARTING_RUBLES,
    WAREHOUSE_HAND_LIMIT,
)
from petersburg.text.wording import Catalogue, Plural

_BONUS_STEPS = ", ".join(str(vp) for vp in ARISTOCRAT_BONUS[1:])
"""The aristocrat bonus for 1, 2, 3 … different aristocrats, as the help page lists it."""

PAGES = Catalogue(
    "page",
    {
        "language": "Language",
        "common.list_separator": ", ",
        "help.edition_caption": Plural(
            "{edition}: {count} kind of card; a round: {phases}",
            "{edition}: {count} kinds of card; a round: {phases}",
        ),
        "help.column_card": "Card",
        "help.column_cost": "Cost",
        "help.column_copies": "Copies",
        "help.column_what_it_does": "What it does",
        "help.edition_cards": "{edition} cards",
        "help.cards_not_loaded": "The cards could not be loaded; reload the page.",
        # the sentences the scripts make ----------------------------------------------------------
        "chat.message_to_lobby": "Message to the lobby",
        "chat.message_to_table": "Message to the table",
        "chat.messages_in_lobby": "Messages in the lobby",
        "chat.messages_in_table": "Messages at this table",
        "chat.say_something": "Say something, or /help",
        "chat.send": "Send",
        "chat.send_to_lobby": "to the lobby",
        "chat.send_to_table": "to the table",
        "common.account": "Account",
        "common.bot_badge": "bot",
        "common.connected_again": "Connected again.",
        "common.connection_lost": "Connection lost; reconnecting…",
        "common.leaderboard": "Leaderboard",
        "common.name_and_rating": "{name} ({rating})",
        "common.online": "online",
        "common.reconnecting": "reconnecting…",
        "common.settings": "Settings",
        "common.sign_in": "Sign in",
        "common.sign_out": "Sign out",
        "leaderboard.bot_rating": "{name} bot ≈ {rating}",
        "leaderboard.no_rated_games": "No rated games yet.",
        "lobby.marker_hint": Plural("Only at {count}-seat tables.", "Only at {count}-seat tables."),
        "lobby.marker_seat": Plural(
            "{count} player: seat with two start markers", "{count} players: seat with two start markers"
        ),
        "lobby.market_marker_hint": "The markers go one at a time round the table from this seat.",
        "lobby.market_marker_seat": "Seat the deal of the five start markers starts from",
        "lobby.no_finished_game_yet": "None yet.",
        "lobby.no_solo_game_yet": "No solo game finished yet.",
        "lobby.no_table_yet": "No table yet: create one.",
        "lobby.replay": "Replay",
        "lobby.replay_of_game": Plural("of {name}'s {count} VP game", "of {name}'s {count} VP game"),
        "lobby.score_rubles_rounds": Plural("({rubles}₽, {count} round)", "({rubles}₽, {count} rounds)"),
        "lobby.score_vp": Plural("{count} VP", "{count} VP"),
        "lobby.your_turn": "your turn",
        "profile.no_rated_games": "No rated games yet.",
        # account.html -----------------------------------------------------------------------------------
        "account.account": "Account",
        "account.sankt_petersburg_account": "Sankt Petersburg — account",
        "account.sankt_petersburg": "Sankt Petersburg",
        "account.your_account": "Your account",
        "account.signed_in_on": "Signed in on",
        "account.sign_out_everywhere": "Sign out everywhere",
        "account.ends_every_session_of_your": (
            "Ends every session of your account, on every device, this one included."
        ),
        "account.change_password": "Change password",
        "account.current_password": "Current password",
        "account.new_password": "New password",
        "account.at_least_8_characters_your": "at least 8 characters; your other sessions end",
        "account.password_changed_your_other_sessions": "Password changed. Your other sessions have ended.",
        "account.sign_in": "Sign in",
        "account.name": "Name",
        "account.password": "Password",
        "account.create_an_account": "Create an account",
        "account.keep_your_games_results_and": (
            "Keep your games, results and rating on every device. The games you played here as a guest "
            "become your account's."
        ),
        "account.2_to_24_letters_digits": "2 to 24 letters, digits, spaces, '-', '_' or '.'",
        "account.at_least_8_characters": "at least 8 characters",
        "account.create_account": "Create account",
        # help.html --------------------------------------------------------------------------------------
        "help.each_player_starts_with_25": (
            f"Each player starts with {STARTING_RUBLES} rubles. The game is played in rounds of four "
            "phases — "
            "<b>worker</b>, <b>building</b>, <b>aristocrat</b>, <b>trading</b> (with <i>The Market</i> "
            "a <b>market</b> phase follows the worker phase). The holder of a phase's start marker acts"
            " first, then everyone in seat order."
        ),
        "help.on_your_turn_you_do": (
            "On your turn you do one thing: <b>buy</b> a card from the board (pay its price, it goes "
            f"into your play area), <b>take</b> a card into your hand for free (at most {HAND_LIMIT} cards, "
            f"{WAREHOUSE_HAND_LIMIT} with "
            "a Warehouse), <b>play</b> a card from your hand (pay its price), or <b>pass</b>. Passing "
            "is not final; the phase's actions end when everyone has passed in a row (in a solo game, "
            "one pass)."
        ),
        "help.price_the_printed_cost_1": (
            "<b>Price</b>: the printed cost, one ruble less for each identical card you already have in "
            f"play, {LOWER_ROW_DISCOUNT} less from the lower row, and the Carpenter Workshop and Gold "
            f"Smelter discounts; never below {MIN_PRICE}. A <b>trading card</b> replaces a card of its "
            f"colour in your play area and costs the difference (never below {MIN_PRICE})."
        ),
        "help.the_end_when_the_last": (
            "<b>The end</b>: when the last card of a stack is placed on the board, the round is played "
            f"to its end. Then: different aristocrats score {_BONUS_STEPS} VP; "
            f"every {RUBLES_PER_VP} rubles make one VP; every card left in hand costs {HAND_PENALTY} VP. "
            "The most VP wins; a tie goes to the most rubles."
        ),
        "help.help_sections": "Help sections",
        "help.sankt_petersburg_rules_and_help": "Sankt Petersburg — rules and help",
        "help.skip_to_the_rules": "Skip to the rules",
        "help.lobby": "Lobby",
        "help.rules_and_help": "Rules and help",
        "help.rules": "Rules",
        "help.options": "Options",
        "help.cards": "Cards",
        "help.keys": "Keys",
        "help.the_rules_in_short": "The rules in short",
        "help.then_the_phase_scores_at": (
            "Then the phase scores: at the worker scoring every green card pays what is printed on it, "
            "at the building scoring every blue card, at the aristocrat scoring every red card; the "
            "trading phase scores nothing. After the worker, building and aristocrat phases new cards "
            "of the next stack fill the upper row until the board holds 8 cards — unless nobody bought "
            "or took a card from the board in that phase. At the end of a round the lower row is "
            "discarded, the upper row moves down, workers are dealt, and every start marker passes to "
            "the next seat."
        ),
        "help.table_options": "Table options",
        "help.real_time_or_turn_based": "Real time or turn based",
        "help.real_time_everyone_at_the": (
            "Real time: everyone at the table now, with an optional turn timer after which the server "
            "passes for you. Turn based: come back any time; the tab title, a sound and a notification "
            "tell you when it is your turn."
        ),
        "help.allow_undo": "Allow undo",
        "help.you_may_take_back_your": (
            "You may take back your last action (with the bots' moves made after it) until another "
            "person acts — unless a card has been revealed since (new cards dealt, an Observatory "
            "draw)."
        ),
        "help.always_refill_the_board_to": "Always refill the board to 8",
        "help.new_cards_come_after_every": (
            "New cards come after every phase, even one in which nobody bought or took a card from the board."
        ),
        "help.money_at_the_end_kept": "Money at the end: kept or traded",
        "help.kept_your_rubles_stay_yours": (
            "Kept: your rubles stay yours and count in full for a tie. Traded (2nd edition): the rubles"
            " are spent on VP, only the remainder breaks a tie."
        ),
        "help.3_players_seat_with_two": "3 players: seat with two start markers",
        "help.with_three_players_one_seat": (
            "With three players one seat holds two start markers: chosen at random, or the seat the "
            "table names."
        ),
        "help.everyones_rubles_hands_are_public": "Everyone's rubles / hands are public",
        "help.show_every_players_rubles_or": (
            "Show every player's rubles, or hand cards, to everybody during the game. Once a game is "
            "over, both are always shown."
        ),
        "help.bots": "Bots",
        "help.the_bot_levels_weakest_first": (
            "The bot levels, weakest first, are listed below the new-table form in the lobby."
        ),
        "help.the_cards": "The cards",
        "help.generated_from_the_games_card": (
            "Generated from the game's card catalogue: names, costs and figures as each edition prints them."
        ),
        "help.how_a_card_reads": "How a card reads",
        "help.the_printed_cost_in_the": (
            "the printed cost, in the disc at the top left; on a card you can take, the tag below it"
        ),
        "help.is_the_price_you_would": "is the price you would pay now",
        "help.rubles_the_card_pays_at": "rubles the card pays at each scoring of its colour",
        "help.victory_points_it_pays_at": "victory points it pays at each scoring of its colour",
        "help.your_hand_each_card_left": "your hand: each card left in it at the end costs VP",
        "help.a_trading_card_it_replaces": (
            "a trading card: it replaces a card of your play area, named on its face"
        ),
        "help.the_markets_five_goods_chicken": (
            "the Market's five goods (chicken, grain, apple, fish, cabbage), one symbol per good the "
            "card counts"
        ),
        "help.a_crate_four_of_a": "a crate: four of a good, to be paid for at every market scoring",
        "help.a_its_owner_names_the": 'a "?": its owner names the good it counts as',
        "help.the_picture_in_the_middle": (
            "The picture in the middle is the card's own emblem (each kind has one, drawn in the ink of"
            " its colour), and the colour is also written in the band at the top: Worker, Building, "
            "Aristocrat, Market."
        ),
        "help.loading_the_cards": "Loading the cards…",
        "help.keyboard_and_chat_commands": "Keyboard and chat commands",
        "help.keyboard_shortcuts_at_a_table": "Keyboard shortcuts at a table",
        "help.key": "Key",
        "help.at_a_table": "At a table",
        "help.pass": "Pass",
        "help.pass_until_the_next_phase": "Pass until the next phase (again: stop)",
        "help.undo_your_last_action": "Undo your last action",
        "help.write_in_the_chat": "Write in the chat",
        "help.go_to_your_hand_the": "Go to your hand / the board",
        "help.show_the_final_scores": "Show the final scores",
        "help.replay_previous_next_step": "Replay: previous / next step",
        "help.the_list_of_shortcuts_where": "The list of shortcuts (where they can be switched off)",
        "help.tab_enter_space_escape": "Tab, Enter, Space, Escape",
        "help.move_among_the_cards_and": (
            "Move among the cards and buttons, open a card's choices, take one, close a box"
        ),
        "help.chat_commands": "Chat commands",
        # leaderboard.html -------------------------------------------------------------------------------
        "leaderboard.account": "Account",
        "leaderboard.sankt_petersburg_leaderboard": "Sankt Petersburg — leaderboard",
        "leaderboard.sankt_petersburg": "Sankt Petersburg",
        "leaderboard.leaderboard": "Leaderboard",
        "leaderboard.ratings_from_rated_games_openskill": (
            "Ratings from rated games (OpenSkill, Plackett–Luce). A new player starts at 1500 ± 500; "
            "the list is ordered by the rating minus three times its uncertainty."
        ),
        "leaderboard.player": "Player",
        "leaderboard.rating": "Rating",
        "leaderboard.rated_games": "Rated games",
        "leaderboard.bots_for_comparison": "Bots for comparison",
        # lobby.html -------------------------------------------------------------------------------------
        "lobby.account": "Account",
        "lobby.choose_a_name": "choose a name",
        "lobby.lobby_sections": "Lobby sections",
        "lobby.your_name_s_table": "(your name)'s table",
        "lobby.sankt_petersburg_lobby": "Sankt Petersburg — lobby",
        "lobby.skip_to_the_tables": "Skip to the tables",
        "lobby.sankt_petersburg": "Sankt Petersburg",
        "lobby.connecting": "connecting…",
        "lobby.rules": "Rules",
        "lobby.keyboard_help": "Keyboard help",
        "lobby.your_name": "Your name",
        "lobby.save": "Save",
        "lobby.play_now": "Play now",
        "lobby.tables": "Tables",
        "lobby.new_table": "New table",
        "lobby.high_scores": "High scores",
        "lobby.chat": "Chat",
        "lobby.a_real_time_game_of": "A real-time game of the 1st edition against bots, dealt at once.",
        "lobby.players": "Players",
        "lobby.2_you_and_a_bot": "2: you and a bot",
        "lobby.4_you_and_three_bots": "4: you and three bots",
        "lobby.bots": "Bots",
        "lobby.finished_games": "Finished games",
        "lobby.table_name": "Table name",
        "lobby.seats": "Seats",
        "lobby.1_solo_score_attack": "1 — solo score attack",
        "lobby.5_with_the_market": "5 — with the Market",
        "lobby.1st_edition_2004": "1st edition (2004)",
        "lobby.2nd_edition_2014": "2nd edition (2014)",
        "lobby.the_2nd_edition_changes_four": (
            "The 2nd edition changes four costs and six names; everyone must buy in the first worker phase."
        ),
        "lobby.play_with_the_market": "Play with the Market",
        "lobby.2nd_edition_only_a_yellow": (
            "2nd edition only: a yellow market phase after the workers, goods and majorities, crates; 1"
            " to 5 players."
        ),
        "lobby.fill_the_other_seats_with": "Fill the other seats with bots",
        "lobby.no_wait_for_players": "no, wait for players",
        "lobby.the_bot_levels_weakest_first": "The bot levels, weakest first",
        "lobby.more_options_play_timer_the": (
            "More options: play, timer, the Market's and the rules' variants"
        ),
        "lobby.play": "Play",
        "lobby.real_time": "Real time",
        "lobby.turn_based_come_back_any": "Turn based (come back any time)",
        "lobby.turn_timer_real_time_seconds": "Turn timer (real time, seconds; 0 = none)",
        "lobby.time_per_move_turn_based": "Time per move (turn based)",
        "lobby.none": "none",
        "lobby.12_hours": "12 hours",
        "lobby.1_day": "1 day",
        "lobby.3_days": "3 days",
        "lobby.when_it_runs_out_the": "When it runs out, the move is played by",
        "lobby.a_reminder_comes_at_half": (
            "A reminder comes at half time; after 3 missed moves in a row the bot keeps the seat."
        ),
        "lobby.allow_undo_of_ones_last": "Allow undo of one's last action",
        "lobby.allow_hints_never_in_a": "Allow hints (never in a game that may be rated)",
        "lobby.the_market": "The Market",
        "lobby.board": "Board",
        "lobby.10_cards": "10 cards",
        "lobby.8_cards": "8 cards",
        "lobby.how_many_cards_the_two": "How many cards the two rows hold together (5 players need 10).",
        "lobby.a_card_with": 'A card with "?"',
        "lobby.named_once_when_it_enters": "named once, when it enters play",
        "lobby.named_anew_at_every_market": "named anew at every market scoring",
        "lobby.its_owner_says_which_good": 'Its owner says which good the "?" counts as.',
        "lobby.place_values": "Place values",
        "lobby.capped_1_0_2_1": "capped: 1/0, 2/1 … 6/3 from round 6",
        "lobby.open_the_round_half_the": "open: the round / half the round",
        "lobby.what_first_and_second_place": (
            "What first and second place of a good score (first is also a crate's price)."
        ),
        "lobby.an_unpaid_crate": "An unpaid crate",
        "lobby.is_discarded": "is discarded",
        "lobby.stays_but_counts_nothing_then": "stays but counts nothing then",
        "lobby.a_crate_must_be_paid": "A crate must be paid for at every market scoring.",
        "lobby.players_tied_for_the_most": "Players tied for the most of a good",
        "lobby.each_score_first_place": "each score first place",
        "lobby.each_score_second_place": "each score second place",
        "lobby.then_nobody_scores_second_place": "Then nobody scores second place for that good.",
        "lobby.always_refill_the_board": "Always refill the board",
        "lobby.money_at_the_end": "Money at the end",
        "lobby.as_the_edition_says": "as the edition says",
        "lobby.kept_count_in_full_for": "kept (count in full for ties)",
        "lobby.traded_the_10s_turned_into": "traded (the 10s turned into VP are spent)",
        "lobby.3_players_seat_with_two": "3 players: seat with two start markers",
        "lobby.random": "random",
        "lobby.only_at_3_seat_tables": "Only at 3-seat tables.",
        "lobby.everyones_rubles_are_public": "Everyone's rubles are public",
        "lobby.everyones_hands_are_public": "Everyone's hands are public",
        "lobby.create_table": "Create table",
        "lobby.solo_high_scores": "Solo high scores",
        "lobby.lobby_chat": "Lobby chat",
        # profile.html -----------------------------------------------------------------------------------
        "profile.account": "Account",
        "profile.sankt_petersburg_profile": "Sankt Petersburg — profile",
        "profile.sankt_petersburg": "Sankt Petersburg",
        "profile.profile": "Profile",
        "profile.rating_history": "Rating history",
        "profile.games": "Games",
        "profile.table": "Table",
        "profile.seats": "Seats",
        "profile.status": "Status",
        "profile.place": "Place",
        "profile.vp": "VP",
        "profile.rating": "Rating",
        "profile.date": "Date",
        # results.html -----------------------------------------------------------------------------------
        "results.score_by_source": "Score by source",
        "results.sankt_petersburg_results": "Sankt Petersburg — results",
        "results.skip_to_the_scores": "Skip to the scores",
        "results.lobby": "Lobby",
        "results.results": "Results",
        "results.rules": "Rules",
        "results.loading": "Loading…",
        "results.watch_the_replay": "Watch the replay",
        "results.the_final_board": "The final board",
        "results.vp_round_by_round": "VP round by round",
        # settings.html ----------------------------------------------------------------------------------
        "settings.alerts_reach_accounts_sign_in": "Alerts reach accounts: <a>sign in</a> to set them up.",
        "settings.account": "Account",
        "settings.https_discord_com_api_webhooks": "https://discord.com/api/webhooks/…",
        "settings.https_discord_com_api_webhooks_2": "https://discord.com/api/webhooks/… (empty: none)",
        "settings.sankt_petersburg_settings": "Sankt Petersburg — settings",
        "settings.sankt_petersburg": "Sankt Petersburg",
        "settings.choose_a_new_password": "Choose a new password",
        "settings.new_password": "New password",
        "settings.save_the_new_password": "Save the new password",
        "settings.turn_alerts_and_your_e": "Turn alerts and your e-mail",
        "settings.forgot_your_password": "Forgot your password?",
        "settings.your_confirmed_e_mail_address": "Your confirmed e-mail address",
        "settings.if_an_account_has_this": (
            "If an account has this confirmed address, a link to choose a new password is on its way. "
            "It works once, for an hour."
        ),
        "settings.e_mail_me_a_link": "E-mail me a link",
        "settings.e_mail": "E-mail",
        "settings.address": "Address",
        "settings.a_link_to_confirm_the": "A link to confirm the address is on its way.",
        "settings.save_and_send_a_confirmation": "Save and send a confirmation link",
        "settings.e_mail_me_when_it": (
            "E-mail me when it is my turn in a turn-based game and I have no page of it open"
        ),
        "settings.send_me_a_test_e": "Send me a test e-mail",
        "settings.notifications_on_this_device": "Notifications on this device",
        "settings.turn_on_notifications_here": "Turn on notifications here",
        "settings.send_me_a_test_notification": "Send me a test notification",
        "settings.webhook": "Webhook",
        "settings.a_discord_or_slack_channels": (
            "A Discord or Slack channel's incoming webhook, or any https address that takes JSON."
        ),
        "settings.form": "Form",
        "settings.discord": "Discord",
        "settings.slack": "Slack",
        "settings.plain_json": "Plain JSON",
        "settings.saved": "Saved.",
        "settings.save": "Save",
        "settings.send_a_test_to_the": "Send a test to the webhook",
        "settings.vacation": "Vacation",
        "settings.while_you_are_away_the": (
            "While you are away, the time per move of your turn-based games stands still: no bot plays "
            "for you."
        ),
        "settings.days_away_from_now": "Days away, from now",
        "settings.start_the_vacation": "Start the vacation",
        "settings.i_am_back_end_it": "I am back: end it now",
        "settings.a_tables_webhook": "A table's webhook",
        "settings.for_a_table_you_created": (
            "For a table you created: every turn of its game is told to its players' Discord or Slack "
            "channel."
        ),
        "settings.table_number": "Table number",
        "settings.how_often": "How often",
        "settings.at_most_one_alert_per": "At most one alert per game and channel every",
        "settings.10_minutes": "10 minutes",
        "settings.hour": "hour",
        "settings.6_hours": "6 hours",
        "settings.day": "day",
        # table.html -------------------------------------------------------------------------------------
        "table.round_and_phases": "Round and phases",
        "table.turn_and_actions": "Turn and actions",
        "table.replay_controls": "Replay controls",
        "table.step": "Step",
        "table.table_sections": "Table sections",
        "table.turn_alerts": "Turn alerts",
        "table.draw_stacks": "Draw stacks",
        "table.game_log_and_chat": "Game log and chat",
        "table.sankt_petersburg_table": "Sankt Petersburg — table",
        "table.skip_to_the_board": "Skip to the board",
        "table.lobby": "Lobby",
        "table.table": "Table",
        "table.connecting": "connecting…",
        "table.mute_alerts": "Mute alerts",
        "table.rules": "Rules",
        "table.keyboard_help": "Keyboard help",
        "table.undo": "Undo",
        "table.pass_until_next_phase": "Pass until next phase",
        "table.pass": "Pass",
        "table.scores": "Scores",
        "table.first_step": "First step",
        "table.previous_step": "Previous step",
        "table.next_step": "Next step",
        "table.last_step": "Last step",
        "table.play": "Play",
        "table.round": "Round",
        "table.board": "Board",
        "table.goods": "Goods",
        "table.you": "You",
        "table.players": "Players",
        "table.log": "Log",
        "table.chat": "Chat",
        "table.an_invitation_to_a_game": "An invitation to a game of Sankt Petersburg",
        "table.your_name_at_this_table": "Your name at this table: other players and the chat will show it.",
        "table.your_name": "Your name",
        "table.continue": "Continue",
        "table.upper_row": "Upper row",
        "table.new_cards": "new cards",
        "table.lower_row": "Lower row",
        "table.1_one_ruble_cheaper_discarded": "−1: one ruble cheaper, discarded at the round's end",
        "table.trading_card_it_replaces_a": (
            "trading card: it replaces a card in your play area, which lowers its price"
        ),
        "table.other_players": "Other players",
        "table.game_log": "Game log",
        "table.table_chat": "Table chat",
    },
)
"""Every word of the pages by message id."""
