"""Several server processes over one database: Redis notices of new log rows and chat, and the
leases that decide which process runs a table's bots and timers.
"""
