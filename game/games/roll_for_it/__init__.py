"""Roll For It!: race to match your six dice to shared cards and reach 40 points."""
from ..kit import FULL

KIT = FULL
