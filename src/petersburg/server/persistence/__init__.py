"""Where everything is kept: the protocols every other part talks to (``Store`` for tables, the
log and chat; ``AccountStore``; ``LeaseStore``), and their SQL implementation in ``sql/`` (every
SQL statement, the schema and the migrations).
"""
