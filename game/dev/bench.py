"""``python -m game bench``: every speed figure of the product in one run.

Each provider is a function ``(quick: bool) -> dict`` living beside the code
it measures; it returns named figures (milliseconds unless the name says
otherwise).  Times are medians/percentiles of repeated runs, measured with
``perf_counter``; compare ratios within one run, the machine is shared.
"""
from __future__ import annotations

import importlib
import json
import statistics
import time

PROVIDERS = {
    "physics": "game.dev.benches.physics:bench_resolve",
    "table-frame": "game.dev.benches.table_frame:bench_table_frame",
    "ai-liars-dice": "game.dev.benches.liars_dice:bench_ai",
    "ai-liars-dice-endgame": "game.dev.benches.liars_dice:bench_endgame",
    "engine": "game.dev.benches.liars_dice:bench_engine",
    "ai-roll-call": "game.dev.benches.roll_call:bench_ai",
    "ai-roll-the-bones": "game.dev.benches.roll_the_bones:bench_ai",
    "ai-roll-for-it": "game.dev.benches.roll_for_it:bench_ai",
    "ai-diced-out": "game.dev.benches.diced_out:bench_ai",
    "autosave": "game.dev.benches.autosave:bench_autosave",
    "coach": "game.dev.benches.coach:bench_coach",
    "stats": "game.dev.benches.stats:bench_stats",
    "idle": "game.dev.benches.idle:bench_idle",
    "tables": "game.dev.benches.tables:bench_tables",
    "replay": "game.dev.benches.replay:bench_replay",
    "startup": "game.dev.smoke:bench_startup",
}


def percentiles(samples_ms: list[float]) -> dict:
    """p50/p95/p99/max of a list of millisecond samples."""
    s = sorted(samples_ms)
    if not s:
        return {}

    def pct(q):
        return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]
    return {"n": len(s), "p50": round(statistics.median(s), 3), "p95": round(pct(0.95), 3),
            "p99": round(pct(0.99), 3), "max": round(s[-1], 3)}


def timed(fn, repeat: int) -> list[float]:
    """Run ``fn`` ``repeat`` times; milliseconds per run."""
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def main(args) -> int:
    wanted = [w for w in (args.only or "").split(",") if w]
    unknown = [w for w in wanted if w not in PROVIDERS]
    if unknown:
        import sys
        shown = unknown[0] if len(unknown[0]) <= 40 else unknown[0][:40] + "..."
        sys.stderr.write(f"bench: error: unknown benchmark {shown!r}; choose from {', '.join(PROVIDERS)}\n")
        return 2
    results = {}
    for name, target in PROVIDERS.items():
        if wanted and name not in wanted:
            continue
        module_name, func_name = target.split(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("game"):
                results[name] = {"skipped": "not built yet"}
                continue
            raise
        results[name] = getattr(module, func_name)(args.quick)
        if not args.json:
            print(f"{name}:")
            for k, v in results[name].items():
                print(f"  {k}: {v}")
    if args.json:
        print(json.dumps(results))
    return 0
