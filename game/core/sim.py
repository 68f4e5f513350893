"""Headless AI-vs-AI runs: how AI strength is measured.

Seats rotate between games (game g shifts every level g seats clockwise) so
no seat order is favoured.  A shared win (tie for first) counts 1/k to each
of the k winners.  Intervals are Wilson 95% score intervals.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from .guest_bots import STAND_IN_LEVEL, GuestBot, is_guest, load_bot
from .match import Match, Seat
from .seeding import derive, stream


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a win rate: honest bounds even near 0% or 100% and
    at small counts, where the normal approximation is not."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class LevelResult:
    """Wins of one AI level's seats over a simulation; per seat, so a level that
    holds two seats is compared with its fair share, not double it."""
    level: str
    seats: int
    games: int = 0  # seat-games: games x seats of this level, so win_rate is per seat
    wins: float = 0.0

    @property
    def win_rate(self) -> float:
        """Wins per seat-game (0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def to_json(self, table_size: int) -> dict:
        """The level's figures with the 95% interval and the fair share at this table size."""
        lo, hi = wilson(self.wins, self.games)
        return {"seats": self.seats, "games": self.games, "wins": round(self.wins, 3),
                "win_rate": round(self.win_rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
                "fair_share": round(1 / table_size, 4)}


@dataclass
class SimResult:
    """A whole ``sim`` run, with the seed and dice it used so it can be repeated."""
    game: str
    levels: list[str]
    games: int
    seed: int
    dice: str
    by_level: dict[str, LevelResult] = field(default_factory=dict)
    steps: int = 0

    def to_json(self) -> dict:
        """The whole run as JSON (``sim --json``), seed included so it can be repeated."""
        return {"game": self.game, "players": self.levels, "games": self.games, "seed": self.seed,
                "dice": self.dice, "levels": {k: v.to_json(len(self.levels)) for k, v in self.by_level.items()}}

    def lines(self) -> list[str]:
        """The run as the terminal shows it, each level against its fair share."""
        out = [f"{self.game}: {self.games} games, players {','.join(self.levels)}, seed {self.seed}, dice {self.dice}"]
        n = len(self.levels)
        for level, r in self.by_level.items():
            lo, hi = wilson(r.wins, r.games)
            share = 1 / n  # a seat's fair chance of winning one game
            out.append(f"  {level:<7} seats {r.seats}  wins {r.wins:8.1f}/{r.games:<6} "
                       f"rate {100 * r.win_rate:5.1f}%  95% CI {100 * lo:5.1f}-{100 * hi:5.1f}%  "
                       f"(fair share {100 * share:.1f}%)")
        return out


def load_guests(levels: list[str]) -> dict[str, GuestBot]:
    """The guest bots (``guest_bots``) among ``levels``, loaded once per run."""
    return {lvl: load_bot(lvl) for lvl in dict.fromkeys(levels) if is_guest(lvl)}


def rotated_table(levels: list[str], g: int, guests: dict[str, GuestBot] | None = None
                  ) -> tuple[list[str], list[Seat]]:
    """Game ``g``'s seating: every player moved ``g`` seats clockwise (so no
    level keeps the first seat), each seat named after its player (``hard-0``,
    ``Anchor-1``), the same name in every game whichever chair it takes, so
    the rival memory meets the same rival game after game.  A guest bot sits
    in a stand-in AI seat (``seat_guests`` hands it over)."""
    guests = guests or {}
    n = len(levels)
    players = [(i - g) % n for i in range(n)]
    seat_levels = [levels[j] for j in players]
    seats = [Seat(f"{guests[levels[j]].label}-{j}", "ai", STAND_IN_LEVEL) if levels[j] in guests
             else Seat(f"{levels[j]}-{j}", "ai", levels[j]) for j in players]
    return seat_levels, seats


def seat_guests(match: Match, seat_levels: list[str], guests: dict[str, GuestBot]) -> None:
    """Hand every guest's stand-in seat of ``match`` to its guest bot, seeded
    from the game's seed."""
    for p, lvl in enumerate(seat_levels):
        if lvl in guests:
            bot = guests[lvl].build(p, stream(match.seed, "guest", p), match.game_id)
            bot.seat_names = match.agents[p].seat_names
            bot.you_seat = match.agents[p].you_seat
            match.agents[p] = bot


def seated_match(game_id: str, levels: list[str], g: int, guests: dict[str, GuestBot], seed: int,
                 options: dict | None = None, dice=None, book=None) -> tuple[list[str], Match]:
    """Game ``g`` of a run: the level in each seat (``rotated_table``) and the
    match, every guest bot in its seat."""
    seat_levels, seats = rotated_table(levels, g, guests)
    match = Match(game_id, seats, options, seed=seed, dice=dice, book=book)
    seat_guests(match, seat_levels, guests)
    return seat_levels, match


def run_sim(game_id: str, levels: list[str], games: int, seed: int, dice=None,
            options: dict | None = None) -> SimResult:
    """Play ``games`` seeded AI games with ``levels`` seated in rotation (so no level
    keeps the first seat): the win-rate figures the AI levels are tuned against."""
    from .dice import RngDice
    dice = dice or RngDice()
    result = SimResult(game_id, list(levels), games, seed, dice.name)
    for level in levels:
        if level not in result.by_level:
            result.by_level[level] = LevelResult(level, levels.count(level))
    guests = load_guests(levels)
    for g in range(games):
        seat_levels, match = seated_match(game_id, levels, g, guests, derive(seed, "sim-game", g), options, dice)
        match.play_out()
        result.steps += len(match.history)
        winners = match.state.winners()
        for p, lvl in enumerate(seat_levels):
            result.by_level[lvl].games += 1
            if p in winners:
                result.by_level[lvl].wins += 1.0 / len(winners)
    return result
