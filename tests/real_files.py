"""Real user files of every format, made by playing each game headless.

Used by the validation tests and the fuzzers as the starting points of
mutations and truncations (so they exercise the deep checks, not only the
JSON parser)."""
import functools
import json
from pathlib import Path

from game import games
from game.core import saves, userfiles
from game.core.match import Match, Seat

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""


def _dump(data) -> bytes:
    return json.dumps(data, indent=1).encode("utf-8")


@functools.lru_cache(maxsize=None)
def records() -> dict[str, bytes]:
    """``{name: bytes}``: per game a finished replay and a mid-game autosave."""
    out = {}
    for game_id in games.GAME_IDS:
        info = games.game_info(game_id)
        n = max(2, info.min_players)
        match = Match(game_id, [Seat(f"Pat {i}", "ai", ("easy", "normal", "hard")[i % 3]) for i in range(n)],
                      seed=11)
        match.play_out()
        out[f"{game_id}-replay"] = _dump(match.to_record())
        half = Match.from_record(match.to_record(), upto=len(match.history) // 2)
        out[f"{game_id}-autosave"] = _dump(half.to_record())
    return out


def settings() -> bytes:
    return _dump(userfiles.Settings(fullscreen=True, master_volume=0.5, window_size=(1600, 900)).to_json())


def stats_v1() -> bytes:
    """A stats file of version 1 (before the lifetime stats): Diced Out's solo best."""
    data = {"format": userfiles.STATS_FORMAT, "version": 1, "games": {}}
    data["games"]["diced-out"] = {"solo_games": 3, "solo_best": 17}
    return _dump(data)


@functools.lru_cache(maxsize=None)
def stats() -> bytes:
    """A stats file of the current version holding real games: per game one
    human-against-AI game at each level, a mixed table, and a solo / hot-seat game."""
    from game.core import stats as lifetime
    data = userfiles.fresh_stats()
    for game_id in games.GAME_IDS:
        info = games.game_info(game_id)
        tables = [("easy",), ("normal",), ("hard",), ("easy", "hard"), ()]
        for k, levels in enumerate(tables):
            n = max(info.min_players, 2) if levels else max(info.min_players, 1)
            seats = [Seat("You", "ai", "normal")] + [Seat(f"Pat {i}", "ai", levels[i % len(levels)] if levels
                                                          else "normal") for i in range(n - 1)]
            match = Match(game_id, seats, seed=20 + k)
            match.play_out()
            match.seats = [Seat(s.name) if i == 0 or not levels else s for i, s in enumerate(match.seats)]
            lifetime.add_match(data, match)
    return _dump(data)


@functools.lru_cache(maxsize=None)
def tutorials() -> bytes:
    """tutorials.json with a lesson half done and one finished."""
    from game.core.tutorial import PROGRESS_FORMAT, Tutorial, drive
    lesson = Tutorial.start(games.tutorial_script("liars-dice"))
    drive(lesson, lambda t: t.step_index >= len(t.steps) // 2)
    return _dump({"format": PROGRESS_FORMAT, "version": 1,
                  "games": {"liars-dice": lesson.progress(), "roll-call": {"step": 12, "done": True}}})


@functools.lru_cache(maxsize=None)
def journals() -> dict[str, bytes]:
    """Per game the autosave journal (header + one line per action) of a game
    half played, written by the real autosave in a throw-away folder."""
    out = {}
    with userfiles.scratch_home(prefix="dt-journal-") as home:
        for name, raw in records().items():
            if not name.endswith("-autosave"):
                continue
            AUTOSAVE.save(Match.from_record(json.loads(raw)))
            AUTOSAVE.flush()
            out[name.replace("-autosave", "-journal")] = (Path(home) / "autosave.journal").read_bytes()
            AUTOSAVE.clear()
    return out
