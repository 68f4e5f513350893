"""Liar's Dice with Jinto and Palifico (issue 4): rules, AI, table scene."""
