"""The web server: lobby and tables over websockets, bots in seats, accounts and ratings, every game
kept as an append-only log in SQLite or PostgreSQL (several processes share one through Redis).

One folder per concern (api/, protocol/, game/, view/, accounts/, persistence/, cluster/; see
docs/architecture.md). ``wiring.build_server`` builds a server's parts from its ``settings.Settings``;
``app.create_app`` puts the web app around it; ``petersburg serve`` (``cli.py``) has uvicorn call
``create_app``. Nothing outside ``petersburg.cli`` imports this package.
"""
