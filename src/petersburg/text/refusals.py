"""Why the server will not carry out a request: every refusal's sentence, by message id.

The server raises ``Refusal("seat_taken", seat=2)`` (``server/errors.py``) or, for a request that
does not fit the protocol, ``BadRequest(refusal(...))``; the player reads the sentence. The figures
in them (the longest name, the seats of a table, a count) are parameters, given by the code that
knows them. ``engine_refusal`` carries the engine's own sentence (``explain_illegal``, an option
that does not fit): the engine words its reasons in English by design, and the server passes them on.
"""

from __future__ import annotations

from petersburg.text.wording import Catalogue, Message, Param, Plural

REFUSALS = Catalogue(
    "refusal",
    {
        # Faults that are not the player's -------------------------------------------------------
        "server_fault": "Something went wrong on the server; nothing changed. Try again.",
        "storage_fault": "The server could not save this; nothing changed. Try again.",
        "save_failed": "The change could not be saved; nothing changed. Try again.",
        "action_not_recorded": "The action could not be recorded; nothing changed. Try again.",
        "autopass_not_saved": "Auto-pass could not be saved; nothing changed. Try again.",
        "behind": "The table changed meanwhile; nothing was recorded. Try again.",
        "changed_meanwhile": "Someone changed this table a moment ago: look again.",
        "too_many_connections": "Too many connections from your address (at most {most}).",
        # The protocol: a message or a body that does not fit -----------------------------------
        "hello_first": 'Say hello first: {{"type": "hello", "name": ...}}.',
        "message_too_long": "Message too long (more than {most} characters).",
        "body_too_long": "Request body too long (more than {most} bytes).",
        "message_not_utf8": "Malformed message: not JSON (not UTF-8 text).",
        "body_not_utf8": "Malformed request body: not JSON (not UTF-8 text).",
        "message_not_json": "Malformed message: not JSON ({detail}).",
        "body_not_json": "Malformed request body: not JSON ({detail}).",
        "message_not_object": "Malformed message: expected a JSON object with a 'type'.",
        "body_not_object": "Malformed request body: expected a JSON object.",
        "message_malformed": "Malformed message: {detail}.",
        "body_malformed": "Malformed request body: {detail}.",
        "unknown_lobby_request": "Unknown lobby request '{request}'. Known: {known}.",
        "unknown_request": "Unknown request '{request}'. Known: {known}.",
        "field_malformed": "'{field}' is malformed: {detail}.",
        "field_name": "A name is text of 1 to {most} characters.",
        "field_text": "A chat message is text.",
        "field_seq": "Every action must carry the sequence number ('seq') it was made against.",
        "field_action": "'action' must be an action number from 0 to {most}.",
        "field_on": "'on' must be true or false.",
        "field_seat": "'seat' must be a seat number (0 for the first seat).",
        "field_level": "'level' must be the name of a bot level.",
        "field_params": "'params' must be an object.",
        "field_seats": "A table has {least} to {most} seats ({most_with_market} with the Market).",
        "field_realtime": "'realtime' and 'allow_undo' must be true or false.",
        "field_sit": "'sit' must be true or false.",
        "field_fill": "'fill' must be the name of a bot level.",
        "field_options": "'options' must be an object of rule options.",
        "field_rated": "'rated' must be true or false.",
        "field_hints": "'hints' must be true or false.",
        "field_password": "A password is text of 8 to 200 characters.",
        "step_malformed": "'step' must be a number of actions (0 or more).",
        # Names and accounts ------------------------------------------------------------------------
        "name_missing": "Choose a name first (1 to {most} characters).",
        "name_too_long": "A name has at most {most} characters.",
        "name_of_account": (
            "The name {name} belongs to an account: sign in as {name} to use it, or choose another name."
        ),
        "name_at_table": "Someone at this table is already called {name}; choose another name.",
        "account_name_rule": (
            "An account name has 2 to 24 characters: letters, digits, spaces, '-', '_' or '.', "
            "starting with a letter or digit."
        ),
        "password_length": "A password has {least} to {most} characters.",
        "account_name_taken": "The name {name} is taken; choose another.",
        "identity_of_account": "This identity belongs to the account {name}: sign in to play as {name}.",
        "wrong_password": "Wrong name or password.",
        "sign_ins_for_name": Plural(
            "Too many failed sign-ins for this name: wait {count} minute before trying again.",
            "Too many failed sign-ins for this name: wait {count} minutes before trying again.",
        ),
        "sign_ins_from_address": Plural(
            "Too many failed sign-ins from your address: wait {count} minute before trying again.",
            "Too many failed sign-ins from your address: wait {count} minutes before trying again.",
        ),
        "sign_ups_from_address": Plural(
            "Too many new accounts from your address: wait {count} minute before trying again.",
            "Too many new accounts from your address: wait {count} minutes before trying again.",
        ),
        "hashing_busy": "The server is busy: try again in a moment.",
        # E-mail, password resets, alerts (server/accounts/recovery.py, server/alerts/) ------------
        "field_email": (
            "That is not an e-mail address: write it as name@example.org (at most {most} characters)."
        ),
        "field_push": (
            "'push_subscription' must be a browser's push subscription (endpoint and keys) or null."
        ),
        "field_webhook_format": "'webhook_format' must be json, discord or slack.",
        "field_interval": "'interval' must be 600, 3600, 21600 or 86400 seconds.",
        "field_muted": "'muted' must be a list of at most 500 table numbers.",
        "field_table": "'table' must be a table number.",
        "field_channel": "'channel' must be email, push or webhook.",
        "url_https": "A webhook or push address is an https:// URL with a host (at most {most} characters).",
        "url_not_public": "{host} is not a public address: alerts go to public hosts only.",
        "url_unresolved": "{host} cannot be found: check the address.",
        "email_off": "This server sends no e-mail: its operator has not set up SMTP.",
        "push_off": "This server sends no push notifications: its operator has not set VAPID keys.",
        "email_unconfirmed": "Confirm your e-mail address first: open the link we sent to it.",
        "no_webhook": "Set a webhook address first.",
        "no_push": "Turn on push notifications in this browser first.",
        "link_expired": "This link has expired: ask for a new one.",
        "link_used": "This link has been used already: ask for a new one if you need it.",
        "link_invalid": "This link is not valid: copy it whole from the e-mail, or ask for a new one.",
        "link_replaced": "This link was for an address the account no longer has: confirm the new one.",
        "reset_requests": Plural(
            "Too many password resets asked for: wait {count} minute before asking again.",
            "Too many password resets asked for: wait {count} minutes before asking again.",
        ),
        "test_too_soon": "A test was sent on this channel less than a minute ago: wait a moment.",
        "not_signed_in": "You are not signed in (or your session has ended): sign in first.",
        "wrong_current_password": "The current password is wrong.",
        "no_account": "There is no account named {name}.",
        # Names as typed, and requests from another site (server/api/security.py) -------------------
        "name_invisible": (
            "A name cannot hold invisible characters (zero-width spaces, joiners, direction marks or "
            "control characters): type it again without them."
        ),
        "name_combining_mark": (
            "A name cannot hold a combining mark that joins no letter (such as a stroke or a "
            "floating accent): type the letter with its accent instead."
        ),
        "cross_site_request": (
            "This request came from another site's page, so it was refused and nothing changed: "
            "use this server's own pages."
        ),
        "body_not_json_type": (
            "This request must send its body as JSON (Content-Type: application/json); nothing changed."
        ),
        # Tables ------------------------------------------------------------------------------------
        "no_table": "There is no table {table}.",
        "table_unservable": "Table {table} cannot be served: {reason}",
        "too_many_tables": Plural(
            "You already have {count} table that is open or playing (the most one person may have); "
            "finish or leave one first.",
            "You already have {count} tables that are open or playing (the most one person may have); "
            "finish or leave one first.",
        ),
        # Limits per client address (server/api/identity.py), and a full server -----------------
        "server_full": Plural(
            "The server is full: {count} table is open or playing, and the games go on. Join one, or "
            "try again in {minutes} minutes, by when abandoned tables will have closed.",
            "The server is full: {count} tables are open or playing, and the games go on. Join one, or "
            "try again in {minutes} minutes, by when abandoned tables will have closed.",
        ),
        "too_many_tables_from_address": Plural(
            "{count} table created from your network address is open or playing (the most one address "
            "may have); finish or leave one first.",
            "{count} tables created from your network address are open or playing (the most one address "
            "may have); finish or leave one first.",
        ),
        "too_many_bot_games_from_address": Plural(
            "{count} game of bots alone created from your network address is running (the most one "
            "address may have); wait until one ends.",
            "{count} games of bots alone created from your network address are running (the most one "
            "address may have); wait until one ends.",
        ),
        "chat_flood_from_address": (
            "Slow down: at most {lines} chat lines or commands from one network address in {seconds:g} "
            "seconds."
        ),
        "too_many_bot_games": Plural(
            "You already have {count} game of bots alone running (the most one person may have); "
            "wait until one ends.",
            "You already have {count} games of bots alone running (the most one person may have); "
            "wait until one ends.",
        ),
        "double_marker_seats": (
            "The seat with two start-player markers can only be chosen at 3-seat tables (0-2)."
        ),
        "timer_range": "The turn timer is 0 (none) to {most} seconds.",
        "field_move_deadline": (
            "The time per move is 0 (none), 43200 (12 hours), 86400 (1 day) or 259200 (3 days) seconds."
        ),
        "field_deadline_bot": "'deadline_bot' must be the name of a bot level.",
        "field_vacation": "'vacation_days' must be a whole number of days from 0 to {most}.",
        "vacation_left": Plural(
            "You have {count} day of vacation left this year (of {most}): ask for at most that.",
            "You have {count} days of vacation left this year (of {most}): ask for at most that many.",
        ),
        "table_webhook_creator": "Only the player who created this table sets its webhook.",
        "title_too_long": "A table name has at most {most} characters.",
        "unknown_level": "Unknown bot level {level!r}. Known: {known}.",
        "replay_unfinished": "Only finished games can be replayed.",
        "story_unfinished": "The results are shown once the game is over.",
        "again_unfinished": "A game can be played again once it is over.",
        "again_not_a_player": "Only the people seated at the end of this game can play it again.",
        # Seats -------------------------------------------------------------------------------------
        "seats_fixed": "The game has already started; seats can no longer change.",
        "creator_puts_bots": "Only the player who created this table can put bots in its seats.",
        "creator_removes_bots": "Only the player who created this table can remove its bots.",
        "creator_starts": "Only the player who created this table can start the game.",
        "seat_range": "This table has seats 1 to {count}.",
        "seats_full": "Every seat is taken.",
        "seat_taken": "Seat {seat} is taken.",
        "already_seated": "You already have a seat at this table.",
        "seat_free": "Seat {seat} is already free.",
        "not_your_seat": "Only the player in a seat can leave it.",
        "no_seat": "You have no seat at this table.",
        "nothing_to_leave": "The game is over; there is nothing to leave.",
        "seats_empty": "Seat(s) {seats} still empty: /join or /bot <level> to fill them.",
        "unknown_token": "Unknown seat token: you do not hold a seat at this table.",
        # Playing -----------------------------------------------------------------------------------
        "not_started": "The game has not started yet.",
        "game_over": "The game is over.",
        "not_your_turn": "It is not your turn ({name} is to act).",
        "stale": "Stale action: it was made against #{made}, the game is now at #{now}.",
        "engine_refusal": "{reason}",
        "autopass_needs_game": "Auto-pass works during a game.",
        # Undo --------------------------------------------------------------------------------------
        "undo_not_allowed": "This table does not allow undo.",
        "nothing_to_undo": "There is nothing to undo.",
        "undo_not_yours": "You have nothing to take back: you can only undo your own last action.",
        "undo_after_others": "Another player has acted since; your action can no longer be taken back.",
        "undo_once": "That was taken back already: you can only undo your own last action, once.",
        "undo_after_draw": "An Observatory draw has shown a card since; it cannot be taken back.",
        "undo_after_deal": "New cards have been dealt onto the board since; it cannot be taken back.",
        "undo_names_action": "An undo must name the action it takes back.",
        # Hints and analyses -------------------------------------------------------------------
        "hint_rated": "Hints are not given in a game that may be rated.",
        "hint_off": "The table's creator turned hints off.",
        "hint_not_seated": "Only a player at this table can ask for a hint.",
        "hint_no_game": "A hint needs a game in progress.",
        "hint_not_your_turn": "A hint is for your own turn: wait until it is yours.",
        "hint_flood": "At most {most} hints in {seconds} seconds: try again in a moment.",
        "hint_too_slow": "The hint took too long; try again.",
        "analysis_unfinished": "Only a finished game has an analysis.",
        # The chat ----------------------------------------------------------------------------------
        "chat_empty": "Empty chat message.",
        "chat_flood": "Slow down: at most {lines} chat lines or commands in {seconds:g} seconds.",
        "unknown_command": "Unknown command /{command}. Type /help.",
        "bot_usage": "/bot <level> [seat]; levels: {levels}.",
        "lobby_join_usage": "In the lobby: /join <table number>.",
        "command_needs_table": "/{command} works at a table: open one first (/join <table number>).",
        "seat_number_usage": "Give a seat number, for example /join 2.",
    },
)
"""Every refusal's sentence by message id."""


def refusal(message_id: str, /, **params: Param) -> Message:
    """The refusal ``message_id`` with its parameters; ``str()`` of it is the English sentence."""
    return REFUSALS.message(message_id, params)
