"""Dice Tavern: five tabletop dice games with physical dice."""
__version__ = "0.1.0"
