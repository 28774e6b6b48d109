"""The wire protocol as types: every request a client sends and every message it receives.

Requests are validated here, at the edge, by pydantic in strict mode (a number must be a JSON
number, a flag ``true`` or ``false``, a seat token text) before any other part of the server sees
them; a request that does not fit is answered with one sentence a player understands
(``BadRequest``), never with a dropped socket. Messages to clients are ``TypedDict``s: the server
builds them as plain dicts (nothing to convert on the hot path) and mypy checks every field of
every message. ``schema.py`` turns these same types into the JSON Schema and the protocol tables
of ``docs/protocol.md``, so the documentation cannot drift from the code.

The package holds no ``Any`` (mypy checks it with ``disallow_any_expr``): the protocol is exactly
what these types say.
"""
