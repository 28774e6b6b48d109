"""The two websockets: the dispatcher that routes each parsed request, and the connections."""
