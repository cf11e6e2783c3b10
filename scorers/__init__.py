"""The rules of Wizard, Plotters and Colour-blind: scoring, checks, rounds, standings.

Pure Python: no UI, no storage, no file or network access.
"""

from scorers import colour_blind, plotters, wizard
from scorers.errors import InvalidEntry

__all__ = ["InvalidEntry", "colour_blind", "plotters", "wizard"]
