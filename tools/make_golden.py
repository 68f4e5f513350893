"""Write the golden game records in tests/golden/ (checked by tests/test_golden.py).

    python tools/make_golden.py --check   # replay the stored records, report which no longer match
    python tools/make_golden.py --expect  # rewrite expected.json from the stored records, replayed
    python tools/make_golden.py --new     # play fresh records (AI seats) and write them all

A golden record is a stored game (a replay record, or an autosave journal cut
mid-game) with what loading it must give: the digest of the final
``State.summary()`` (and of the summaries after every move), the ranking and
the number of moves.  Loading replays the recorded actions, so the records
guard the rules and the formats, never the AIs' choices: retuning an AI needs
no new records.  Use ``--expect`` only when a change is meant to alter what
old saves load as (a rules change with a new ``rules_version``), ``--new``
for a new record format, and say so in the commit message and CHANGELOG.md:
the test exists so such a change is never silent.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT))

LEVELS = ("hard", "normal", "easy", "normal", "hard", "easy")
NAMES = ("Ada", "Bram", "Cleo", "Dov", "Esme", "Finn")


def cases(game_id: str) -> list[dict]:
    """Per game: a two-seat game and a fuller table played to the end, and a
    three-seat game cut mid-way as an autosave journal."""
    from game import games
    info = games.game_info(game_id)
    full = max(info.min_players, min(4, info.max_players))
    mid = max(info.min_players, min(3, info.max_players))
    return [
        {"name": f"{game_id}-2p", "seats": max(info.min_players, 2), "seed": 101, "kind": "record"},
        {"name": f"{game_id}-{full}p", "seats": full, "seed": 202, "kind": "record"},
        {"name": f"{game_id}-{mid}p-midgame", "seats": mid, "seed": 303, "kind": "journal", "cut": 0.5},
    ]


def seats(n: int):
    from game.core.match import Seat
    return [Seat(NAMES[i], "ai", LEVELS[i]) for i in range(n)]


def digest(summary) -> str:
    """SHA-256 of the summary as canonical JSON (key order and spacing fixed)."""
    text = json.dumps(summary, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def trail(match) -> str:
    """Digest of the summary after every move of ``match`` replayed from its
    record: a change anywhere in the game shows, even when the end is the same."""
    from game.core.match import Match
    replay = Match.from_record(match.to_record(), upto=0)
    summaries = []
    for player, action in match.history:
        replay.apply(player, action)
        summaries.append(replay.state.summary())
    return digest(summaries)


def expectation(match) -> dict:
    over = match.state.is_terminal()
    return {"game": match.game_id, "moves": len(match.history), "finished": over,
            "ranking": list(match.state.ranking()) if over else None,
            "summary_sha256": digest(match.state.summary()), "trail_sha256": trail(match)}


def build(case: dict, game_id: str, out_dir: Path) -> tuple[str, dict]:
    """Play the case headless (RNG dice) and write its file; returns (file name, expectation)."""
    from game.core import journal
    from game.core.match import Match
    match = Match(game_id, seats(case["seats"]), None, case["seed"])
    if case["kind"] == "record":
        match.play_out()
        record = match.to_record()
        record["saved_at"] = "2026-01-01T00:00:00+00:00"  # stable bytes
        name = case["name"] + ".json"
        (out_dir / name).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return name, expectation(match)
    probe = Match(game_id, seats(case["seats"]), None, case["seed"])
    probe.play_out()
    stop = max(1, int(len(probe.history) * case["cut"]))
    name = case["name"] + ".journal"
    writer = journal.Journal(match, out_dir / name)
    writer.start(match)
    while len(match.history) < stop and not match.is_over:
        match.step()
        writer.append(match)  # line by line, as a game in progress writes it
    writer.close()
    return name, expectation(match)


def replayed() -> dict:
    """expected.json's entries worked out again by loading every stored record
    (the loader replays its actions: no AI plays)."""
    from game.core import saves
    old = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))
    return {name: expectation(saves.load_match(GOLDEN / name)) for name in sorted(old)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true", help="replay tests/golden/ and compare, writing nothing")
    mode.add_argument("--expect", action="store_true", help="rewrite expected.json from the stored records")
    mode.add_argument("--new", action="store_true", help="play fresh records and write them all")
    args = ap.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import games
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DICE_TAVERN_HOME"] = tmp  # AI memory or stats never touch the player's folder
        if args.check or args.expect:
            old = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))
            now = replayed()
            if args.expect:
                (GOLDEN / "expected.json").write_text(json.dumps(now, indent=1, sort_keys=True) + "\n",
                                                      encoding="utf-8")
                print(f"make_golden: expected.json rewritten from {len(now)} stored records")
                return 0
            bad = [n for n in sorted(set(old) | set(now)) if old.get(n) != now.get(n)]
            for n in bad:
                print(f"make_golden: {n}: stored {old.get(n)} but now {now.get(n)}")
            print("make_golden: " + ("all golden records still match" if not bad else f"{len(bad)} differ"))
            return 1 if bad else 0
        out_dir = Path(tmp) / "golden"
        out_dir.mkdir()
        expected = {}
        for game_id in games.GAME_IDS:
            for case in cases(game_id):
                name, expect = build(case, game_id, out_dir)
                expected[name] = expect
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for old_file in GOLDEN.glob("*"):
            if old_file.suffix in (".json", ".journal"):
                old_file.unlink()
        for f in out_dir.iterdir():
            (GOLDEN / f.name).write_bytes(f.read_bytes())
        (GOLDEN / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n",
                                              encoding="utf-8")
    print(f"make_golden: wrote {len(expected)} golden records to {GOLDEN.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
