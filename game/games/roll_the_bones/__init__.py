"""Roll the Bones: ante dice, announce the bone, high roll takes every die."""
from ..kit import FULL

KIT = FULL
