"""The rules of the games the pad knows (scorers.games): scoring, checks, rounds, standings.

Pure Python: no UI, no storage, no file or network access.
"""

from scorers.errors import InvalidEntry

__all__ = ["InvalidEntry"]
