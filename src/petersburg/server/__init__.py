"""The web server: lobby, tables, websocket protocol, SQLite persistence, bots in seats.

``create_app(database)`` (in ``petersburg.server.app``) builds the FastAPI app; ``petersburg serve``
runs it with uvicorn. Nothing outside ``petersburg.cli`` imports this package.
"""
