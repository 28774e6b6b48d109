"""What each viewer receives: the presenter that turns a table into the message one seat or a spectator
may see, and the story of a finished game.
"""
