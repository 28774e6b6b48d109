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
        "common.server_unreachable": "The server cannot be reached; try again.",
        "settings.new_password_saved": (
            "Your new password is saved, and every session of your account has ended. Sign in with it."
        ),
        "settings.address_confirmed": "Your e-mail address is confirmed.",
        "settings.email_alerts_off": "E-mail alerts are off. You can turn them on again here.",
        "settings.notifications_blocked": (
            "This browser blocks notifications from this site: allow them in its settings."
        ),
        "settings.no_email_here": (
            "This server sends no e-mail: its operator has not set up SMTP. Push and webhooks still work."
        ),
        "settings.no_address_yet": (
            "No address yet: with a confirmed one you can get turn alerts and reset a forgotten password."
        ),
        "settings.address_is_confirmed": "{address} is confirmed.",
        "settings.address_is_waiting": "{address} is waiting for you to open the link we sent to it.",
        "settings.turn_off_notifications_here": "Turn off notifications here",
        "settings.no_push_here": (
            "This server sends no push notifications: its operator has not set VAPID keys."
        ),
        "settings.notifications_on_here": "This device shows a notification when it is your turn.",
        "settings.notifications_off_here": "Notifications of your turns are off on this device.",
        "settings.last_alert_failed": "The last alert did not arrive: {failure}.",
        "settings.vacation_days_left": Plural(
            "{count} of {total} days left this year.", "{count} of {total} days left this year."
        ),
        "settings.on_vacation_until": "On vacation until {until}. {days_left}",
        "settings.not_on_vacation": "Not on vacation. {days_left}",
        "settings.muted_games": "Muted games: {tables}.",
        "settings.table_hook_set": "Table {table} tells its turns to {url}.",
        "settings.table_hook_none": "Table {table} has no webhook.",
        "settings.table_hook_failed": "Its last alert did not arrive: {failure}.",
        "settings.test_sent": "The test is on its way.",
        "account.this_browser": "This browser",
        "account.a_browser": "A browser",
        "account.session_times": "signed in {signed_in} · last used {last_used}",
        "account.title_of": "Sankt Petersburg — {name}",
        "account.signed_in_as": "Signed in as {name}.",
        "profile.title_of": "Sankt Petersburg — {name}",
        "profile.rating_of": "Rating {rating}",
        "profile.rated_games": Plural("{count} rated game", "{count} rated games"),
        "profile.games_played": Plural("{count} game", "{count} games"),
        "profile.member_since": "member since {date}",
        "profile.chart_label": Plural(
            "Rating from {first} to {last} over {count} rated game",
            "Rating from {first} to {last} over {count} rated games",
        ),
        "profile.status_open": "open",
        "profile.status_playing": "playing",
        "profile.status_over": "over",
        "profile.status_closed": "closed",
        "profile.unrated": "unrated",
        "profile.no_games_yet": "No games yet.",
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
        # the words the table, results, lobby and replay scripts make (web/js): cards, kinds and phases
        # (page.card.*), the table (page.table.*), the final scores (page.final.*, also on the results
        # page), the keyboard overlay (page.keys.*), the analysis (page.analysis.*) --------------------
        "card.plural_worker": "Workers",
        "card.label_worker": "Worker",
        "card.card_worker": "worker card",
        "card.trading_card_worker": "trading worker card",
        "card.scoring_worker": "worker scoring",
        "card.phase_worker": "worker phase",
        "card.phase_name_worker": "Worker",
        "card.letter_worker": "W",
        "card.plural_building": "Buildings",
        "card.label_building": "Building",
        "card.card_building": "building card",
        "card.trading_card_building": "trading building card",
        "card.scoring_building": "building scoring",
        "card.phase_building": "building phase",
        "card.phase_name_building": "Building",
        "card.letter_building": "B",
        "card.plural_aristocrat": "Aristocrats",
        "card.label_aristocrat": "Aristocrat",
        "card.card_aristocrat": "aristocrat card",
        "card.trading_card_aristocrat": "trading aristocrat card",
        "card.scoring_aristocrat": "aristocrat scoring",
        "card.phase_aristocrat": "aristocrat phase",
        "card.phase_name_aristocrat": "Aristocrat",
        "card.letter_aristocrat": "A",
        "card.plural_market": "Market cards",
        "card.label_market": "Market",
        "card.card_market": "Market card",
        "card.scoring_market": "market scoring",
        "card.phase_market": "market phase",
        "card.phase_name_market": "Market",
        "card.letter_market": "M",
        "card.phase_trading": "trading phase",
        "card.phase_name_trading": "Trading",
        "card.letter_trading": "T",
        "card.stack_workers": "Workers",
        "card.stack_buildings": "Buildings",
        "card.stack_aristocrats": "Aristocrats",
        "card.stack_trading": "Trading",
        "card.stack_market": "Market",
        "card.rubles": Plural(
            "{count} ruble",
            "{count} rubles",
        ),
        "card.vp": Plural(
            "{count} VP",
            "{count} VP",
        ),
        "card.victory_points": Plural(
            "{count} victory point",
            "{count} victory points",
        ),
        "card.income_both": "{rubles} and {vp}",
        "card.nothing": "nothing",
        "card.hidden_card": "a hidden card",
        "card.hidden_card_where": "A hidden card, {where}.",
        "card.what": "{name}, {kind}",
        "card.what_where": "{name}, {kind}, {where}",
        "card.pays": "Pays {income} at each {scoring}",
        "card.pays_nothing": "Pays nothing at scorings",
        "card.printed_cost": "Printed cost {cost}",
        "card.sentence": "{part}.",
        "card.carries_joker": 'Carries a "?": its owner names the good it counts as',
        "card.carries": "Carries {goods}",
        "card.goods": Plural(
            "{count} {good}",
            "{count} {good}",
        ),
        "card.displaces": "Displaces your {cards}.",
        "card.crate_label": "Market · crate",
        "card.title": "{name}: {income}.",
        "card.copies": Plural(
            ", {count} card",
            ", {count} cards",
        ),
        "table.area_cards": Plural(
            ": {count} card,",
            ": {count} cards,",
        ),
        "table.area_pays": "pays {income}",
        "table.area_paying": " paying {income} at the {scoring}",
        "table.aristocrat_bonus": Plural(
            "{count} different aristocrat → {vp} at the end",
            "{count} different aristocrats → {vp} at the end",
        ),
        "market.goods_held": "goods: {goods}",
        "market.no_goods": "no goods",
        "table.observatories_used": Plural(
            "{count} Observatory used",
            "{count} Observatories used",
        ),
        "table.start_player_of": "start player of the {phase}",
        "table.starts_phase": "starts the {phase}",
        "table.rubles_are_secret": "rubles are secret",
        "table.rubles": "rubles",
        "table.rubles_secret": "rubles secret",
        "table.row_upper": "upper row",
        "table.row_lower": "lower row",
        "table.stack": "{stack} stack",
        "table.observe": "observe",
        "table.observatory": "Observatory",
        "table.observe_stack": Plural(
            "Use your Observatory on the {stack}: draw its top card ({count} card left)",
            "Use your Observatory on the {stack}: draw its top card ({count} cards left)",
        ),
        "table.stack_left": Plural(
            "{stack}: {count} card left",
            "{stack}: {count} cards left",
        ),
        "table.card_where": "{name}, {where}",
        "table.empty": "empty",
        "table.stage_pub": "the Pub",
        "table.stage_observed": "the drawn card",
        "table.stage_joker": "name a good",
        "table.stage_crate": "a crate",
        "table.game_over": "Game over",
        "table.your_turn_to": "Your turn: {what}",
        "table.your_turn": "Your turn",
        "table.to_act": "{name} to act",
        "table.to_act_what": "{name} to act ({what})",
        "table.cannot_pass": "You cannot pass now.",
        "table.nothing_to_undo": "Nothing of yours to take back now.",
        "table.alerts_on": "Turn alerts on: a sound and a notification when it is your turn.",
        "table.alerts_on_blocked": (
            "Turn alerts on: a sound when it is your turn (notifications are blocked in this browser)."
        ),
        "table.alerts_off": "Turn alerts off.",
        "table.alerts_offer": (
            "A sound and a notification when it is your turn and this page is in the background?"
        ),
        "table.alerts_yes": "Yes, alert me",
        "table.alerts_no": "No, thanks",
        "table.cancel": "Cancel",
        "table.last_move": "Last move:",
        "table.empty_place": "Empty place:",
        "table.scoring_paid": "{scoring}: you {paid}",
        "table.scoring_nothing": "{scoring}: nothing for you",
        "table.scoring_done": "{scoring}",
        "leave.leave_the_game": "Leave the game",
        "leave.leave_title": "Leave this game?",
        "leave.leave_body": (
            "A bot plays your seat from now on, and you cannot take it back. The others can finish the game."
        ),
        "leave.stay": "Stay",
        "table.badge_hand": "hand",
        "table.offer_hand": "Take into hand",
        "table.price_range": "{low} to {high}",
        "table.offer_buy": "Buy for {price}",
        "table.offer_buy_or_hand": "Buy for {price} or take into hand",
        "table.offer_buy_displacing": "Buy for {price}, displacing one of your cards",
        "table.offer_buy_displacing_or_hand": (
            "Buy for {price}, displacing one of your cards, or take into hand"
        ),
        "table.offer_play": "Play for {price}",
        "table.offer_play_or_hand": "Play for {price} or take into hand",
        "table.offer_play_displacing": "Play for {price}, displacing one of your cards",
        "table.offer_play_displacing_or_hand": (
            "Play for {price}, displacing one of your cards, or take into hand"
        ),
        "table.seat": "Seat {seat}",
        "table.title": "Sankt Petersburg — {table}",
        "table.title_your_turn": "Your turn — Sankt Petersburg — {table}",
        "seats.invites": "{host} invites you to {table}.",
        "table.choose_a_name": "choose a name",
        "table.name_length": "Choose a name (1 to 24 characters).",
        "market.place_first_short": "1st +{points}",
        "market.place_second_short": "2nd +{points}",
        "market.goods_none": "{name}: {goods}",
        "market.goods_first": Plural(
            "{name}: {goods}, first place, {count} VP",
            "{name}: {goods}, first place, {count} VP",
        ),
        "market.goods_second": Plural(
            "{name}: {goods}, second place, {count} VP",
            "{name}: {goods}, second place, {count} VP",
        ),
        "market.goods_heading": "Goods and majorities",
        "market.place_values": "Round {round}: first place {first} VP, second {second} VP.",
        "market.place_values_no_second": "Round {round}: first place {first} VP, no second place yet.",
        "market.crate_price": (
            "A crate costs {price}₽ to keep. Counted at the market scoring, after the market phase."
        ),
        "market.goods_caption": "Each player's goods and the place it would score now",
        "market.vp_now": "VP now",
        "table.you_mark": "(you)",
        "table.spectator": "Spectator",
        "table.spectator_note": "You are watching this game: no hand and no secret rubles are shown.",
        "table.your_hand": "your hand",
        "table.in_your_hand": "in your hand",
        "table.no_cards_in_hand": "no cards in hand",
        "table.hand_of_limit": "Hand {size}/{limit}",
        "table.play_area": "Play area",
        "table.drop_hand": "take into hand",
        "table.drop_displace": "which card to displace?",
        "table.leave": "Leave",
        "table.leave_spoken": "the game",
        "table.you_hand": Plural(
            "You (hand {count})",
            "You (hand {count})",
        ),
        "mute.alerts_muted": "Alerts muted",
        "mute.muted_title": "No e-mail, push or webhook for this game: click to hear of it again",
        "mute.mute_title": "No e-mail, push or webhook for this game",
        "mute.not_saved": "The change was not saved.",
        "mute.muted_toast": "Alerts of this game are muted.",
        "mute.unmuted_toast": "Alerts of this game are on again.",
        "table.last": "last",
        "table.last_round": "last round",
        "table.phases": "Phases",
        "table.phase_title": "{phase}: {name} starts",
        "table.started_by": ", started by",
        "table.now": ", now",
        "table.count_of_kind": "{count} × {kind}",
        "table.paying": ", paying {income}",
        "table.to_act_badge": "to act",
        "table.hand_size": "hand {count}",
        "table.details": ". Details",
        "table.hand_open": "Hand:",
        "table.hand_known": "Hand, known:",
        "table.hand_unknown": Plural(
            "+ {count} unknown",
            "+ {count} unknown",
        ),
        "table.solo_game": "No other players: solo game",
        "market.joker_title": 'Name the good of your {card}\'s "?"',
        "market.joker_note_scoring": (
            'Its "?" counts as one symbol of the good you name, until the next market scoring.'
        ),
        "market.joker_note_game": (
            'Its "?" counts as one symbol of the good you name, for the rest of the game.'
        ),
        "market.joker_theirs": '{name} names the good of the "?" on the {card}.',
        "market.crate_title": "Market scoring: keep your {card} for {price}₽?",
        "market.crate_note_idle": (
            "Pay {price}₽ (first place's value this round) and its four {good} "
            "count; if not, it stays but counts nothing at this scoring."
        ),
        "market.crate_note_discarded": (
            "Pay {price}₽ (first place's value this round) and its "
            "four {good} count; if not, it is discarded."
        ),
        "market.crate_theirs": "{name} decides whether to pay {price}₽ to keep the {card}.",
        "table.drawn_heading": ("You drew from the {stack} stack: buy it, take it into hand, or discard it"),
        "table.drawn_where": "drawn with your Observatory",
        "table.drawn_theirs": (
            "{name} drew a card from the {stack} stack with the "
            "Observatory and is deciding what to do with it."
        ),
        "table.pub": "Pub",
        "table.pub_heading": "Pub: buy victory points",
        "table.pub_heading_rate": Plural(
            "Pub: buy victory points at {count} ruble each",
            "Pub: buy victory points at {count} rubles each",
        ),
        "table.pub_offer": Plural(
            "{count} VP for {price}₽",
            "{count} VP for {price}₽",
        ),
        "table.pub_no_vp": "No VP",
        "table.pub_theirs": "{name} is deciding at the Pub.",
        "table.later": "Later",
        "table.in_your_play_area": "in your play area",
        "table.decide": "Decide…",
        "market.joker_heading": 'A "?" is named',
        "market.crate_heading": "Market scoring: a crate",
        "replay.no_replay": "There is no replay of this table.",
        "replay.step_of": "step {step} of {steps}",
        "replay.step_short": "step {step} / {steps}",
        "replay.step_spoken": "Step {step}.",
        "replay.replay": "replay",
        "table.left_days": "{days} d {hours} h left",
        "table.left_hours": "{hours} h {minutes} min left",
        "table.deadline_title": "Time left for this move: when it runs out, a bot plays it",
        "table.seconds": Plural(
            "{count}s",
            "{count}s",
        ),
        "table.seconds_left_short": Plural(
            "{count}s left!",
            "{count}s left!",
        ),
        "table.seconds_left_to_act": Plural(
            "{count} second left to act.",
            "{count} seconds left to act.",
        ),
        "seats.opt_market": (
            '{board}-card board; "?" named {joker}; place values '
            "{values}; an unpaid crate is {crate}; tied leaders {ties}."
        ),
        "seats.opt_joker_once": "once",
        "seats.opt_joker_each": "at every market scoring",
        "seats.opt_crate_idle": "idle",
        "seats.opt_crate_discarded": "discarded",
        "seats.opt_ties_first": "each score first",
        "seats.opt_ties_second": "each score second",
        "seats.opt_realtime_timer": "Real time, {seconds} s per turn.",
        "seats.opt_realtime": "Real time.",
        "seats.opt_deadline": "Turn based, {time} per move (then the {bot} bot plays it).",
        "seats.opt_turn_based": "Turn based: leave and come back any time.",
        "seats.opt_undo": "Undo allowed.",
        "seats.opt_no_undo": "No undo.",
        "seats.opt_refill": "Board always refilled.",
        "seats.opt_money": "Money traded at the end.",
        "seats.opt_rubles": "Rubles public.",
        "seats.opt_hands": "Hands public.",
        "seats.take_seat": "Take this seat",
        "seats.leave_seat": "Leave seat",
        "seats.remove_bot": "Remove bot",
        "seats.bot_strength": "Bot strength for seat {seat}",
        "seats.change_bot": "Change",
        "seats.put_bot": "Put a bot here",
        "seats.bot_of_seat": "the bot of seat {seat}",
        "seats.copy_link": "Copy link",
        "seats.link_copied": "Link copied.",
        "seats.copy_refused": "Copying is not allowed here: select the address above.",
        "seats.share": "Share…",
        "seats.free": "free",
        "seats.bot_levels": "The bot levels, weakest first",
        "seats.seats_heading": "Seats — {table}",
        "seats.invite": "Invite people with this page's address:",
        "seats.invite_commands_creator": "In the chat: /join, /bot <level>, /start, /leave, /help.",
        "seats.invite_commands": "In the chat: /join, /leave, /help.",
        "seats.start_game": "Start the game",
        "seats.fill_seats": "Fill every seat to start",
        "seats.start_wait": ("The player who created this table puts bots in its seats and starts the game."),
        "lobby.opt_realtime_timer": "real time, {seconds}s turns",
        "lobby.opt_realtime": "real time",
        "lobby.opt_deadline": "turn based, {time} per move",
        "lobby.opt_turn_based": "turn based",
        "lobby.opt_refill": "always refill",
        "lobby.opt_money": "money traded",
        "lobby.opt_rubles": "open rubles",
        "lobby.opt_hands": "open hands",
        "lobby.opt_undo": "undo",
        "lobby.free_seat": "free seat",
        "lobby.you_mark": "(you)",
        "lobby.free_seats": Plural(
            "{count} free seat",
            "{count} free seats",
        ),
        "lobby.playing_round": "playing, round {round}",
        "lobby.finished": "finished",
        "lobby.of_table": "of {table}",
        "lobby.at_table": "at {table}",
        "lobby.results": "Results",
        "lobby.join": "Join",
        "lobby.look": "Look",
        "lobby.open": "Open",
        "lobby.watch": "Watch",
        "common.edition_first": "1st edition",
        "common.edition_second": "2nd edition",
        "common.edition_market": "2nd edition with the Market",
        "common.days": Plural(
            "{count} day",
            "{count} days",
        ),
        "common.hours": Plural(
            "{count} hour",
            "{count} hours",
        ),
        "common.close": "Close",
        "common.play_again": "Play again",
        "common.not_played_again": "The game could not be played again.",
        "common.not_connected": "Not connected to the server yet; try again in a moment.",
        "final.column_player": "Player",
        "final.short_player": "Player",
        "final.column_play_vp": "Play VP",
        "final.short_play_vp": "Play",
        "final.column_aristocrats": "Aristocrats",
        "final.short_aristocrats": "Arist.",
        "final.column_money": "Money",
        "final.short_money": "Money",
        "final.column_hand": "Hand",
        "final.short_hand": "Hand",
        "final.column_total": "Total",
        "final.short_total": "Total",
        "final.column_rubles": "Rubles",
        "final.short_rubles": "₽",
        "final.first_solo_game": "your first solo game",
        "final.your_best": Plural(
            "your best of {count}",
            "your best of {count}",
        ),
        "final.your_place": Plural(
            "your place {place} of {count}",
            "your place {place} of {count}",
        ),
        "final.high_scores": Plural(
            "High scores: {yours}; place {place} of {count} overall.",
            "High scores: {yours}; place {place} of {count} overall.",
        ),
        "final.final_scoring": "Final scoring",
        "final.winner": ", winner",
        "final.solo_score": Plural(
            "{name}: {count} VP",
            "{name}: {count} VP",
        ),
        "final.winner_title": "{winners}!",
        "final.look_at_the_board": "Look at the board",
        "final.after_rounds": Plural(
            "After {count} round.",
            "After {count} rounds.",
        ),
        "final.scores_by_source": "Scores by source",
        "final.watch_the_replay": "Watch the replay",
        "final.lobby": "Lobby",
        "final.share_the_win": "{winners} share the win",
        "final.wins": "{winners} wins",
        "final.game_over": "Game over: {winners}.",
        "keys.pass": "Pass",
        "keys.autopass": "Pass until next phase (press again to stop)",
        "keys.undo": "Undo your last action",
        "keys.table_chat": "Write in the table chat",
        "keys.hand": "Go to your hand",
        "keys.hint": "Ask for a hint",
        "keys.board": "Go to the board",
        "keys.scores": "Show the final scores",
        "keys.lobby_chat": "Write in the lobby chat",
        "keys.new_table": "Create a new table (go to the form)",
        "keys.keyboard": "Keyboard",
        "keys.tab": (
            "Tab and Shift+Tab move between cards and buttons; Enter or Space acts; Escape closes a box."
        ),
        "keys.shortcuts": "Shortcuts",
        "keys.this_help": "This help",
        "keys.single_key": "Single-key shortcuts on",
        "keys.rules_link": "Rules, cards, options and chat commands",
        "results.source": "Source",
        "results.rubles_ties": "Rubles (ties)",
        "results.round_short": "R{round}",
        "results.chart_line": "{name}: {vp}",
        "results.chart_label": "VP at the end of each round. {lines}.",
        "results.legend_line": "{name}: {vp} VP before the final scoring, {total} in all",
        "results.cannot_be_shown": "These results cannot be shown.",
        "results.title": "#{table} results",
        "results.solo_heading": Plural(
            "{name}: {vp} VP after {count} round",
            "{name}: {vp} VP after {count} rounds",
        ),
        "results.winner_heading": Plural(
            "{winners} after {count} round",
            "{winners} after {count} rounds",
        ),
        "results.not_loaded": "The results could not be loaded; reload the page.",
        "analysis.vp_expected": "{vp} VP expected",
        "analysis.percent_to_win": "{percent} % to win",
        "table.hint": "Hint",
        "analysis.thinking": "Thinking…",
        "analysis.why": "Why: {reason}.",
        "analysis.play_this": "Play this",
        "analysis.hint_heading": "What the strongest bot would do",
        "analysis.hint_note": "Everyone at the table sees that you asked for a hint.",
        "analysis.move_value": "{move}, {value}",
        "analysis.moves_separator": "; ",
        "analysis.hint_spoken": "Hint: {moves}.",
        "analysis.mark_inaccuracy": "Inaccuracy",
        "analysis.mark_mistake": "Mistake",
        "analysis.mark_blunder": "Blunder",
        "analysis.marked_moves": "Marked moves",
        "analysis.step": "Step {step}",
        "analysis.marked_line": "{mark}: {name} — {played} (better: {best})",
        "analysis.no_marks": "No move of this game lost enough to be marked.",
        "analysis.chose": "{name} chose: {played} ({value}).",
        "analysis.better": "Better: {best} ({value}).",
        "analysis.vp": "{vp} VP",
        "analysis.summary_line": (
            "{name}: average loss {loss} per move over {decisions} decisions — "
            "{blunders} blunders, {mistakes} mistakes, {inaccuracies} inaccuracies"
        ),
        "analysis.expected_heading": "Expected score, phase by phase",
        "analysis.chance_heading": "Chance of winning, phase by phase",
        "analysis.turning_points": "Turning points",
        "analysis.moves_judged": "Moves judged",
        "analysis.replay_marked": "The replay with its marked moves",
        "analysis.analysis": "Analysis",
        "analysis.being_made": "The analysis of this game is being made…",
        "analysis.ends_at_vp": "{name} ends at {value} VP",
        "analysis.ends_at_percent": "{name} ends at {value} %",
        "analysis.expected_label": "Expected score at the start of each phase. {lines}.",
        "analysis.chance_label": "Chance of winning at the start of each phase. {lines}.",
        "analysis.profile_loss": Plural(
            ("Average loss per move: {loss} VP over the last {count} analysed game ({decisions} decisions)."),
            (
                "Average loss per move: {loss} VP over the last "
                "{count} analysed games ({decisions} decisions)."
            ),
        ),
        "analysis.no_analysed_games": "No analysed games yet.",
        "market.player": "Player",
        "results.source_workers": "Workers",
        "results.source_buildings": "Buildings",
        "results.source_aristocrats": "Aristocrats",
        "results.source_market": "Market",
        "results.source_pub": "Pub",
        "results.source_aristocrat_bonus": "Aristocrat bonus",
        "results.source_rubles": "Rubles",
        "results.source_hand": "Hand",
    },
)
"""Every word of the pages by message id."""
