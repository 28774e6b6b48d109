"""The web server: lobby, tables, websocket protocol, persistence (SQLite or PostgreSQL), bots in seats.

``wiring.build_server`` builds a server's parts from its ``settings.Settings``; ``app.create_app``
puts the web app around it; ``petersburg serve`` (``cli.py``) has uvicorn call ``create_app``.
Nothing outside ``petersburg.cli`` imports this package.
"""
