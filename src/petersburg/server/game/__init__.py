"""What happens at a table, without sockets or SQL: ``game.py`` (a game as its log made it, its
replay and undo policy), ``table.py`` (a table in memory), ``queue.py`` (the serial queue every
change runs through), ``tables.py`` (the repository that writes first, then changes memory),
``catch_up.py`` (taking in what other server processes changed), ``events.py`` and ``service.py``
(what a part that changes tables is made of and tells the rest), ``play.py`` (the one write path
for moves), ``result.py`` (a finished game's result as stored and sent), ``seating.py``, ``chat.py``
and ``automation.py`` (bots, auto-pass, timers).
"""
