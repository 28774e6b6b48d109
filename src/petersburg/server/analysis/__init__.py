"""Hints at tables and the analyses of finished games: who may ask (``policy.py``), the hint
request (``hints.py``), the queue that analyses every finished game in the background and on
demand (``queue.py``); the searches themselves run in the bot workers (``work.py``)."""
