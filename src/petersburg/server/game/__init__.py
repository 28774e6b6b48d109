"""What happens at a table, without sockets or SQL: the table and its game (replay, undo policy),
the serial queue every change runs through, play (the one write path for moves), seating, chat, and the
automation that plays bots and keeps timers.
"""
