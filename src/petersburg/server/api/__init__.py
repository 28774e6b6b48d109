"""The edge of the server, translation only: HTTP routes per resource, their dependencies and error
handlers, and the websockets (the dispatcher and the connections, the only code that touches a socket).
Each request is parsed by ``protocol``, handed to one part of ``game``, ``view`` or ``accounts``, and
its answer or refusal sent back; no rule and no SQL lives here.
"""
