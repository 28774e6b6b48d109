"""The web server: lobby and tables over websockets, bots in seats, accounts and ratings, every game
kept as an append-only log in SQLite or PostgreSQL (several processes share one through Redis).

One folder per concern (api/, protocol/, game/, view/, accounts/, persistence/, cluster/; see
docs/server.md). ``create_app`` (``petersburg.server.app``) builds the FastAPI app and
``petersburg serve`` runs it with uvicorn. Nothing outside ``petersburg.cli`` imports this package.
"""
