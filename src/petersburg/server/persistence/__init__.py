"""Where everything is kept: the ``Store`` protocol every other part talks to, and its SQL
implementation in ``sql/`` (every SQL statement, the schema and the migrations).
"""
