"""Where a bench table's slowest frames go: ``python -m game.dev.frame_profile TABLE``.

Plays one table of ``bench --only tables`` (``benches/tables.py``, a name of
its ``TABLES``: ``liars_dice_20x6_human``...) with every frame profiled by
``cProfile`` on the game thread's CPU clock, and prints, per kind of frame
(what the bench's worst-frames list says happened in it), how many frames ran
over ``--over`` ms, then the profiles of the ``--top`` costliest frames whose
account matches ``--what`` (a regular expression).  The profiler about triples
a frame's cost: compare the shares inside a frame, and take the figures from
the bench itself.  For finding work, not for measuring it.
"""
from __future__ import annotations

import argparse
import cProfile
import collections
import os
import pstats
import re
import time


def profile_table(name: str, frames: int, what: str, top: int, over: float, lines: int) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..core import userfiles
    from .benches import tables
    spec = next((t for t in tables.TABLES if t[3] == name), None)
    if spec is None:
        raise SystemExit(f"no bench table {name!r}: one of {', '.join(t[3] for t in tables.TABLES)}")
    pattern = re.compile(what)
    last: list[cProfile.Profile | None] = [None]
    kept: list[tuple[float, str, int, cProfile.Profile]] = []
    kinds: collections.Counter[str] = collections.Counter()
    slow: collections.Counter[str] = collections.Counter()
    timed_frame, add = tables.timed_frame, tables._Frames.add

    def profiled(app, acc, first=None):
        profile = cProfile.Profile(time.thread_time)
        profile.enable()
        try:
            return timed_frame(app, acc, first)
        finally:
            profile.disable()
            last[0] = profile

    def noted(self, cpu, proc, wall, what_happened, frame=-1):
        add(self, cpu, proc, wall, what_happened, frame)
        said = what_happened()
        kind = re.sub(r"seat \d+: (\w+).*", r"seat: \1", said.split(";")[0])[:40]
        kinds[kind] += 1
        slow[kind] += cpu > over
        profile, last[0] = last[0], None
        if profile is not None and pattern.search(said) and (len(kept) < top or cpu > kept[-1][0]):
            profile.create_stats()
            kept.append((cpu, said, frame, profile))
            kept.sort(key=lambda k: -k[0])
            del kept[top:]
    tables.timed_frame = profiled
    tables._Frames.add = noted   # type: ignore[method-assign]
    try:
        with userfiles.scratch_home(prefix="dice-tavern-frame-profile-"):
            tables.play_table(spec[0], spec[1], spec[2], quick=False, human="_human" in name,
                              max_frames=frames, pause=False)
    finally:
        tables.timed_frame, tables._Frames.add = timed_frame, add   # type: ignore[method-assign]
    print(f"frames over {over} ms (profiled), by kind:")
    for kind, n in kinds.most_common():
        print(f"  {slow[kind]:6d} / {n:6d}  {kind}")
    for cpu, said, frame, profile in kept:
        print(f"\n==== frame {frame}: {cpu:.2f} ms (profiled) {said[:90]}")
        pstats.Stats(profile).sort_stats("cumulative").print_stats(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", help="a bench table's name (benches/tables.py TABLES)")
    parser.add_argument("--frames", type=int, default=3000, help="frames played (default 3000)")
    parser.add_argument("--what", default="", help="profile only frames whose account matches (regex)")
    parser.add_argument("--top", type=int, default=3, help="costliest matching frames printed")
    parser.add_argument("--over", type=float, default=15.0, help="count frames over this many ms (profiled)")
    parser.add_argument("--lines", type=int, default=35, help="rows of each profile")
    args = parser.parse_args(argv)
    profile_table(args.table, args.frames, args.what, args.top, args.over, args.lines)


if __name__ == "__main__":
    main()
