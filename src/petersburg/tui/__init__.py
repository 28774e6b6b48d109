"""The terminal client: a readable text board and a prompt (``petersburg play``)."""
