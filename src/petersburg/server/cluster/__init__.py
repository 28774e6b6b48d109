"""Several server processes over one database: Redis notices of new log rows and chat
(``bus.py``), and the leases that decide which process runs a table's bots and timers
(``leases.py``, stored through ``persistence``'s ``LeaseStore``). Taking a notice in, which applies
rows to a game, is ``game/catch_up.py``'s: nothing here knows a game.
"""
