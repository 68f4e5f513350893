"""Headless end-to-end smoke check: ``python -m game smoke`` / ``dice-tavern --smoke``.

What it does, in order, with the dummy video and audio drivers and a throwaway
user-data folder (``DICE_TAVERN_HOME`` points at a temp dir, so the player's
own files are never touched):

1. builds the app, shows the title screen and draws one frame (window caption
   and a non-blank canvas are checked);
2. throws five real physical d6 (``game.physics.PhysicsDice``) with the seed,
   headless, then once more live, as a table shows a throw: stepped frame by
   frame with its impacts reported (read from the dice's velocity jolts tick
   by tick; a headless throw reports none);
3. for each *built* game: an AI-only match with the fixed seed and physical
   dice, a bounded number of ``match.step()`` calls, a save (autosave, or a
   replay if it ended) and a reload with ``game.core.saves.load_match``; the
   reloaded state summary must equal the original, and both matches must go
   on identically for a few more steps;
4. quits, prints one line per stage (``--json``: one JSON object with the
   faces of the first throws of every game) and exits 1 if anything failed.

CI compares the faces of the frozen executable with the source run
(``tools/check_smoke.sh``).  ``DICE_TAVERN_SMOKE_OUT=FILE`` also writes the
JSON report to FILE (a windowed Windows build has no stdout).

``bench_startup`` launches the real game (source, one-folder, one-file) with
``DICE_TAVERN_FIRST_FRAME_EXIT=1``: the app's own loop prints ``first-frame``
once its first frame is presented and exits, and the time is taken from
outside the process (so a one-file build's unpacking is included).
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path


FIRST_FRAME_ENV = "DICE_TAVERN_FIRST_FRAME_EXIT"
OUT_ENV = "DICE_TAVERN_SMOKE_OUT"
MAX_STEPS = 40          # match.step() calls per game before saving
AFTER_RELOAD_STEPS = 6  # steps played on both the original and the reloaded match
FIRST_THROWS = 3        # RollResults whose faces are reported per game
AI_LEVEL = "normal"


def _headless_env() -> None:
    os.environ["SDL_VIDEODRIVER"] = os.environ.get("SDL_VIDEODRIVER") or "dummy"
    os.environ["SDL_AUDIODRIVER"] = os.environ.get("SDL_AUDIODRIVER") or "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _canonical(data) -> str:
    return json.dumps(data, sort_keys=True, default=str)


# ---------------------------------------------------------------------------
# Stages
# ---------------------------------------------------------------------------

def title_stage(headless: bool = True) -> dict:
    """Open the app on the title screen and draw one frame."""
    try:
        from .. import app as app_module
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game"):
            raise RuntimeError(f"the app is missing ({exc.name} not found)") from exc
        raise
    import pygame
    from ..scenes.title import TitleScene

    app = app_module.App(headless=headless, fullscreen=False)
    try:
        app.start(TitleScene(app))
        app.run_frames(1)
        app._present()  # scale the canvas into the window and flip, as the real loop does
        caption = pygame.display.get_caption()[0] if pygame.display.get_init() else ""
        canvas = app.canvas
        w, h = canvas.get_size()
        colours = {tuple(canvas.get_at((x, y)))[:3]
                   for x in range(0, w, max(1, w // 64)) for y in range(0, h, max(1, h // 36))}
        scene = getattr(app.top, "name", type(app.top).__name__)
    finally:
        app.shutdown()
        pygame.quit()
    problems = []
    if "Dice Tavern" not in caption:
        problems.append(f"window caption is {caption!r}")
    if len(colours) < 4:
        problems.append(f"the title frame looks blank ({len(colours)} colours)")
    if problems:
        raise RuntimeError("; ".join(problems))
    return {"ok": True, "caption": caption, "scene": scene, "size": [w, h], "colours": len(colours)}


def dice_stage(seed: int) -> dict:
    """Five physical d6 thrown with the seed."""
    from ..core.protocol import DieGroup, RollRequest
    from ..physics import PhysicsDice
    request = RollRequest((DieGroup(0, "d6", 5),), "smoke")
    faces = PhysicsDice().resolve(request, seed).faces
    return {"ok": True, "faces": [list(g) for g in faces]}


def live_throw_stage(seed: int) -> dict:
    """The five d6 thrown live, frame by frame as a table shows them: the
    impacts (the clatter's sounds) are heard and the faces are the headless
    throw's."""
    from ..core.protocol import DieGroup, RollRequest
    from ..physics import PhysicsDice
    from ..physics.throw import Throw
    request = RollRequest((DieGroup(0, "d6", 5),), "smoke")
    throw = Throw(request, seed)
    kinds: dict[str, int] = {}
    for _frame in range(60 * 60):
        for impact in throw.step():
            kinds[impact.kind] = kinds.get(impact.kind, 0) + 1
        if throw.done:
            break
    if not throw.done:
        raise RuntimeError("the live throw did not come to rest in a minute of frames")
    if not kinds:
        raise RuntimeError("the live throw reported no impacts")
    faces = [list(g) for g in throw.faces()]
    headless = [list(g) for g in PhysicsDice().resolve(request, seed).faces]
    if faces != headless:
        raise RuntimeError(f"the live throw shows {faces}, the headless throw {headless}")
    return {"ok": True, "faces": faces, "impacts": kinds}


def game_stage(game_id: str, seed: int) -> dict:
    """An AI-only match with physical dice: play, save, reload, compare, go on."""
    from .. import games
    from ..core import saves
    from ..core.match import Match, Seat
    from ..core.protocol import CHANCE, RollResult
    from ..physics import PhysicsDice

    info = games.game_info(game_id)
    players = max(2, info.min_players)
    seats = [Seat(f"AI {i + 1}", "ai", AI_LEVEL) for i in range(players)]
    match = Match(game_id, seats, seed=seed, dice=PhysicsDice())
    steps = 0
    while steps < MAX_STEPS and match.step():
        steps += 1
    if steps == 0:
        raise RuntimeError("the match did not advance (no chance event or AI move)")

    if match.is_over:
        path = saves.save_replay(match)
    else:
        saves.Autosave().save(match)
        path = saves.autosave_file()
    saved_actions = len(match.history)
    reloaded = saves.load_match(path, dice=PhysicsDice())
    if _canonical(reloaded.state.summary()) != _canonical(match.state.summary()):
        raise RuntimeError(f"the reloaded state differs from the saved one ({path.name})")
    if len(reloaded.history) != len(match.history):
        raise RuntimeError("the reloaded match has a different number of actions")
    for _ in range(AFTER_RELOAD_STEPS):
        a, b = match.step(), reloaded.step()
        if a != b or _canonical(match.state.summary()) != _canonical(reloaded.state.summary()):
            raise RuntimeError("the reloaded match plays on differently from the original")
        if not a:
            break

    throws = [a.faces for p, a in match.history if p == CHANCE and isinstance(a, RollResult)]
    return {
        "ok": True,
        "players": players,
        "steps": steps,
        "actions": saved_actions,
        "throws": len(throws),
        "over": match.is_over,
        "saved_as": path.name,
        "faces": [[list(g) for g in faces] for faces in throws[:FIRST_THROWS]],
    }


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def run_smoke(seed: int) -> dict:
    """All stages; never raises: failures are recorded in the report."""
    _headless_env()
    from .. import games, paths
    report: dict = {"ok": True, "seed": seed, "frozen": paths.is_frozen(),
                    "python": sys.version.split()[0], "title": None, "dice": None, "live_throw": None,
                    "games": {}, "skipped": [], "errors": []}

    def attempt(name, fn, *args):
        t0 = time.perf_counter()
        try:
            result = fn(*args)
        except Exception as exc:  # noqa: BLE001 - a smoke test reports everything
            report["ok"] = False
            report["errors"].append(f"{name}: {type(exc).__name__}: {exc}")
            report.setdefault("tracebacks", {})[name] = traceback.format_exc()
            result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        result["ms"] = round((time.perf_counter() - t0) * 1000.0, 1)
        return result

    old_home = os.environ.get("DICE_TAVERN_HOME")
    with tempfile.TemporaryDirectory(prefix="dice-tavern-smoke-") as home:
        os.environ["DICE_TAVERN_HOME"] = home
        try:
            report["title"] = attempt("title", title_stage)
            report["dice"] = attempt("dice", dice_stage, seed)
            report["live_throw"] = attempt("live_throw", live_throw_stage, seed)
            for game_id in games.GAME_IDS:
                try:
                    built = games.is_built(game_id)
                except Exception as exc:  # noqa: BLE001
                    report["ok"] = False
                    report["errors"].append(f"{game_id}: cannot be imported: {exc}")
                    continue
                if not built:
                    report["skipped"].append(game_id)
                    continue
                report["games"][game_id] = attempt(game_id, game_stage, game_id, seed)
            report["user_files_in_bundle"] = _user_files_next_to_bundle()
        finally:
            if old_home is None:
                os.environ.pop("DICE_TAVERN_HOME", None)
            else:
                os.environ["DICE_TAVERN_HOME"] = old_home
    if report["user_files_in_bundle"]:
        report["ok"] = False
        report["errors"].append("user files were written into the bundle folder: "
                                + ", ".join(report["user_files_in_bundle"]))
    return report


def _user_files_next_to_bundle() -> list[str]:
    """User files must never land beside the executable (only checked frozen)."""
    from ..paths import bundle_root, is_frozen
    if not is_frozen():
        return []
    root = bundle_root()
    names = ("settings.json", "autosave.journal", "autosave.json", "stats.json", "replays")
    return [n for n in names if (root / n).exists() or (Path(sys.executable).parent / n).exists()]


def report_lines(report: dict) -> list[str]:
    lines = []
    t = report.get("title") or {}
    if t.get("ok"):
        lines.append(f"smoke: title screen drawn ({t['scene']}, caption {t['caption']!r}, "
                     f"{t['size'][0]}x{t['size'][1]}, {t['colours']} colours, {t['ms']:.0f} ms)")
    else:
        lines.append(f"smoke: title screen FAILED: {t.get('error')}")
    d = report.get("dice") or {}
    if d.get("ok"):
        lines.append(f"smoke: physical 5d6 with seed {report['seed']}: {d['faces'][0]} ({d['ms']:.0f} ms)")
    else:
        lines.append(f"smoke: physical dice FAILED: {d.get('error')}")
    live = report.get("live_throw") or {}
    if live.get("ok"):
        heard = ", ".join(f"{n} {kind}" for kind, n in sorted(live["impacts"].items()))
        lines.append(f"smoke: the same 5d6 thrown live: impacts heard ({heard}), same faces ({live['ms']:.0f} ms)")
    else:
        lines.append(f"smoke: live throw FAILED: {live.get('error')}")
    for game_id, g in report["games"].items():
        if g.get("ok"):
            faces = "; ".join(" | ".join(" ".join(map(str, grp)) for grp in throw) for throw in g["faces"])
            lines.append(f"smoke: {game_id}: {g['players']} AI seats, {g['steps']} steps, {g['throws']} throws, "
                         f"{'finished, ' if g['over'] else ''}saved {g['saved_as']} and reloaded: same state; "
                         f"first throws [{faces}] ({g['ms']:.0f} ms)")
        else:
            lines.append(f"smoke: {game_id}: FAILED: {g.get('error')}")
    for game_id in report["skipped"]:
        lines.append(f"smoke: {game_id}: not built yet, skipped")
    for err in report["errors"]:
        if not any(err.startswith(k + ":") for k in ("title", "dice", "live_throw", *report["games"])):
            lines.append(f"smoke: FAILED: {err}")
    lines.append(f"smoke: {'ok' if report['ok'] else 'FAILED'} ({len(report['games'])} games, "
                 f"seed {report['seed']}{', frozen' if report['frozen'] else ''})")
    return lines


def main(args) -> int:
    report = run_smoke(int(getattr(args, "seed", 2024)))
    out = os.environ.get(OUT_ENV)
    if out:
        Path(out).write_text(json.dumps(report, indent=1), encoding="utf-8")
    if sys.stdout is not None:
        if getattr(args, "json", False):
            brief = {k: v for k, v in report.items() if k != "tracebacks"}
            print(json.dumps(brief))
        else:
            print("\n".join(report_lines(report)))
    if not report["ok"] and sys.stderr is not None:
        for name, tb in report.get("tracebacks", {}).items():
            sys.stderr.write(f"--- {name}\n{tb}")
    return 0 if report["ok"] else 1


# ---------------------------------------------------------------------------
# Start-up benchmark (game.dev.bench PROVIDERS["startup"])
# ---------------------------------------------------------------------------

def _executables() -> dict[str, list[str]]:
    from ..paths import SOURCE_ROOT, is_frozen
    exe = ".exe" if sys.platform.startswith("win") else ""
    dist = SOURCE_ROOT / "dist"
    found: dict[str, list[str]] = {}
    if not is_frozen():
        found["source"] = [sys.executable, "-m", "game"]
    folder = dist / "dice-tavern" / f"dice-tavern{exe}"
    onefile = dist / f"dice-tavern-onefile{exe}"
    if folder.is_file():
        found["one-folder"] = [str(folder)]
    if onefile.is_file():
        found["one-file"] = [str(onefile)]
    return found


def _children_cpu() -> float:
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_first_frame(cmd: list[str], cwd: str | None = None, timeout: float = 60.0,
                     video: str = "dummy") -> tuple[float, float]:
    """Seconds from launching ``cmd`` to its ``first-frame`` line, and the CPU
    seconds the whole run used (user + system, 0 where unknown; less disturbed
    than wall time on a busy machine).  ``video``: the SDL video driver
    ("x11" opens a real window on ``$DISPLAY``, e.g. under Xvfb)."""
    import subprocess
    env = dict(os.environ, SDL_VIDEODRIVER=video, SDL_AUDIODRIVER="dummy", **{FIRST_FRAME_ENV: "1"})
    with tempfile.TemporaryDirectory(prefix="dice-tavern-bench-") as home:
        env["DICE_TAVERN_HOME"] = home
        cpu0 = _children_cpu()
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        try:
            elapsed = None
            assert proc.stdout is not None, "stdout=PIPE"
            for line in proc.stdout:
                if line.startswith("first-frame"):
                    elapsed = time.perf_counter() - t0
                    break
            proc.wait(timeout=timeout)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        cpu = _children_cpu() - cpu0
    if elapsed is None:
        raise RuntimeError(f"{cmd[0]} printed no first-frame line (exit {proc.returncode})")
    return elapsed, cpu


def _tree_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def bench_startup(quick: bool) -> dict:
    """Process start to first drawn frame (ms, median of runs) for the source
    run and the built executables, plus the builds' sizes (MB)."""
    import statistics
    from ..paths import SOURCE_ROOT
    repeat = 2 if quick else 7
    figures: dict = {}
    # with a display (e.g. ``Xvfb :17 & DISPLAY=:17 python -m game bench --only startup``)
    # the same runs open a real X11 window too: the figure a player waits for
    videos = (("", "dummy"), ("_x11", "x11")) if os.environ.get("DISPLAY") else (("", "dummy"),)
    for name, cmd in _executables().items():
        for suffix, video in videos:
            try:
                time_first_frame(cmd, cwd=str(SOURCE_ROOT), video=video)  # warm the file cache
                runs = [time_first_frame(cmd, cwd=str(SOURCE_ROOT), video=video) for _ in range(repeat)]
            except (OSError, RuntimeError) as exc:
                figures[f"{name}{suffix}_error"] = str(exc)
                continue
            wall = [w * 1000.0 for w, _ in runs]
            figures[f"{name}{suffix}_first_frame_ms_p50"] = round(statistics.median(wall), 1)
            figures[f"{name}{suffix}_first_frame_ms_min"] = round(min(wall), 1)
            if any(c for _, c in runs):
                figures[f"{name}{suffix}_cpu_ms_p50"] = round(statistics.median(c * 1000.0 for _, c in runs), 1)
    dist = SOURCE_ROOT / "dist"
    for name, path in (("one-folder", dist / "dice-tavern"), ("one-file", dist / "dice-tavern-onefile")):
        for candidate in (path, path.with_suffix(".exe")):
            if candidate.exists():
                figures[f"{name}_size_mb"] = round(_tree_size(candidate) / 2**20, 1)
    if not any(k.startswith("one-") for k in figures):
        figures["note"] = "no build in dist/: run `make dist` to time the executables"
    return figures
