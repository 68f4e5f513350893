"""Build the wheel, install it into a fresh venv outside the repository, and
check that the installed game is the same game as the source tree.

    python tools/check_wheel.py                  # CI: dependencies from PyPI
    python tools/check_wheel.py --shots          # also every screen, pixel for pixel
    python tools/check_wheel.py --wheel dist/dice_tavern-0.1.0-py3-none-any.whl
    python tools/check_wheel.py --deps-from-here # offline: reuse this interpreter's
                                                 # pygame-ce/pymunk/platformdirs (tests)
    python tools/check_wheel.py --floors --shots # the oldest dependency versions that
                                                 # pyproject.toml allows (pygame-ce==2.5 ...)
    python tools/check_wheel.py --shots --sample # each screen once, for one game (CI)

Checks, each from a temporary working folder outside the repository:
1. the wheel holds every required asset (``game.paths.REQUIRED_ASSETS``);
2. ``dice-tavern --version`` names this version and an installed build;
3. the real start-up (first frame, then exit) prints nothing but the game's
   own ``first-frame`` line, on stdout and stderr, with the machine's real
   audio driver (no ``ALSA lib ...`` noise when there is no sound card);
4. ``dice-tavern --smoke`` passes and throws the same dice faces as the
   source run (as ``tools/check_smoke.sh`` does for the executables); it
   includes a live throw with impacts;
5. with ``--shots``: every screen ``shot`` can render (every scene name for
   every game) is the same image from the wheel as from the source; with
   ``--sample`` each scene name once, the games taken in turn (34 screens
   instead of 142: every scene's code and every game's assets still run, at
   a quarter of the cost, which keeps ``.ci/run`` well inside CI's limit on
   a busy machine).

With ``--floors`` the venv gets exactly the lowest versions that
``pyproject.toml`` allows (``pymunk>=7`` -> ``pymunk==7``), so a floor that is
too low for an API the game uses fails here; the screens are then rendered
(every API the scenes use runs) but not compared, and the dice faces are only
reported, since an older library may draw or roll a little differently.

Exit status 0 when everything matches; one line per problem otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED = 2024

LIST_SHOTS = r"""
import json, os
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from game import games
from game.scenes.launch import is_playable
from game.dev import shots
shots._load_game_shots()
jobs = []
for name in sorted(shots.SHOT_SCENES):
    for game_id in games.GAME_IDS:
        if name in shots.NEEDS_BUILT_GAME and not is_playable(game_id):
            continue
        owner = next((g for g in games.GAME_IDS if name.startswith(g + "-")), None)
        if owner not in (None, game_id):
            continue  # a game's own shot names (e.g. roll-call-reveal) only for that game
        if name in ("title", "settings") and game_id != games.GAME_IDS[0]:
            continue  # the same screen whatever the game
        jobs.append((name, game_id))
print(json.dumps(jobs))
"""

RENDER_SHOTS = r"""
import json, sys, os
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
from game.dev import shots
shots._load_game_shots()
out = sys.argv[1]
failed = []
base = os.environ["DICE_TAVERN_HOME"]
for i, (name, game_id) in enumerate(json.loads(sys.argv[2])):
    # each shot in a data folder of its own, as `python -m game shot` does: a shot
    # must not see the replays or stats the shots before it wrote (with their clock times)
    os.environ["DICE_TAVERN_HOME"] = os.path.join(base, str(i))
    os.makedirs(os.environ["DICE_TAVERN_HOME"], exist_ok=True)
    try:
        shots.render(name, os.path.join(out, f"{name}--{game_id}.png"), game_id=game_id)
    except Exception as exc:
        failed.append(f"{name} {game_id}: {exc!r}")
print(json.dumps(failed))
"""


def run(cmd, *, cwd, env=None, check=True, timeout=1800) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    if check and proc.returncode != 0:
        raise SystemExit(f"check_wheel: {' '.join(map(str, cmd))} failed ({proc.returncode}):\n"
                         f"{proc.stdout[-2000:]}{proc.stderr[-4000:]}")
    return proc


def build_wheel(out_dir: Path) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    before = set(out_dir.glob("dice_tavern-*.whl"))
    run([sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", out_dir], cwd=ROOT)
    wheels = sorted(out_dir.glob("dice_tavern-*.whl"), key=lambda p: p.stat().st_mtime)
    new = [w for w in wheels if w not in before] or wheels
    return new[-1]


def venv_python(env_dir: Path) -> Path:
    return env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def venv_script(env_dir: Path, name: str) -> Path:
    return env_dir / ("Scripts" if os.name == "nt" else "bin") / (name + (".exe" if os.name == "nt" else ""))


def floors() -> list[str]:
    """``name==X`` for every ``name>=X`` in pyproject.toml's dependencies."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r"^dependencies = \[(.*?)^\]", text, re.M | re.S)
    if found is None:
        raise SystemExit("check_wheel: no 'dependencies = [...]' list found in pyproject.toml")
    deps = found.group(1)
    pins = [f"{m.group(1)}=={m.group(2)}" for m in re.finditer(r'"([A-Za-z0-9_.-]+)>=([0-9.]+)"', deps)]
    if not pins:
        raise SystemExit("check_wheel: no 'name>=X' floors found in pyproject.toml")
    return pins


def make_venv(env_dir: Path, wheel: Path, deps_from_here: bool, pins: list[str]) -> None:
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    py = venv_python(env_dir)
    if pins:
        run([py, "-m", "pip", "install", "-q", wheel, *pins], cwd=env_dir)
        print("check_wheel: installed the floors " + " ".join(pins))
    elif deps_from_here:
        # offline: the wheel alone, and this interpreter's site-packages for its dependencies
        run([py, "-m", "pip", "install", "-q", "--no-deps", wheel], cwd=env_dir)
        site = Path(run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        cwd=env_dir).stdout.strip())
        here = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
        (site / "zz_dice_tavern_deps.pth").write_text("\n".join(sorted(here)) + "\n")
    else:
        run([py, "-m", "pip", "install", "-q", wheel], cwd=env_dir)


def clean_env(**extra) -> dict:
    """The environment of a player's shell: no PYTHONPATH into the repository."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "DICE_TAVERN_BUNDLE")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update({k: v for k, v in extra.items() if v is not None})
    for k, v in extra.items():
        if v is None:
            env.pop(k, None)
    return env


def source_env(**extra) -> dict:
    env = clean_env(**extra)
    env["PYTHONPATH"] = str(ROOT)
    return env


def faces(report: dict) -> dict:
    return {"dice": report["dice"].get("faces"),
            "games": {g: r.get("faces") for g, r in report["games"].items()}}


def check_assets(wheel: Path, problems: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from game.paths import REQUIRED_ASSETS
    names = set(zipfile.ZipFile(wheel).namelist())
    for parts in REQUIRED_ASSETS:
        if "game/assets/" + "/".join(parts) not in names:
            problems.append(f"the wheel lacks game/assets/{'/'.join(parts)}")


def sample(jobs: list[list[str]]) -> list[list[str]]:
    """Each screen name once, the games taken in turn (each name's own game
    when it has only one), so every game's screens still appear."""
    games = sorted({game_id for _name, game_id in jobs})
    chosen: dict[str, list[str]] = {}
    for name in sorted({name for name, _g in jobs}):
        options = [job for job in jobs if job[0] == name]
        turn = games[len(chosen) % len(games)]
        chosen[name] = next((job for job in options if job[1] == turn), options[0])
    return list(chosen.values())


def same_image(a: Path, b: Path) -> bool:
    if a.read_bytes() == b.read_bytes():
        return True
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    ia, ib = pygame.image.load(str(a)), pygame.image.load(str(b))
    return ia.get_size() == ib.get_size() and pygame.image.tobytes(ia, "RGB") == pygame.image.tobytes(ib, "RGB")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--wheel", type=Path, help="a built wheel (default: build one into dist/)")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist", help="where to build the wheel")
    ap.add_argument("--shots", action="store_true", help="also compare every screen with the source run")
    ap.add_argument("--sample", action="store_true",
                    help="with --shots: each screen once, for one game (the games in turn)")
    ap.add_argument("--deps-from-here", action="store_true",
                    help="do not download dependencies: reuse this interpreter's (for offline tests)")
    ap.add_argument("--floors", action="store_true",
                    help="install the lowest dependency versions pyproject.toml allows")
    args = ap.parse_args(argv)

    wheel = (args.wheel or build_wheel(args.dist)).resolve()
    print(f"check_wheel: {wheel.name}")
    problems: list[str] = []
    check_assets(wheel, problems)
    with tempfile.TemporaryDirectory(prefix="dice-tavern-wheel-") as tmp_name:
        tmp = Path(tmp_name)
        env_dir = tmp / "venv"
        make_venv(env_dir, wheel, args.deps_from_here, floors() if args.floors else [])
        exe = venv_script(env_dir, "dice-tavern")
        work = tmp / "work"
        work.mkdir()
        home = tmp / "home"

        version = run([exe, "--version"], cwd=work, env=clean_env()).stdout.strip()
        sys.path.insert(0, str(ROOT))
        from game import __version__
        if version != f"dice-tavern {__version__} (installed)":
            problems.append(f"--version printed {version!r}, expected 'dice-tavern {__version__} (installed)'")
        else:
            print(f"check_wheel: {version}")

        # the real start-up with the machine's own audio driver: nothing but our line
        start = run([exe], cwd=work, check=False, timeout=300,
                    env=clean_env(SDL_AUDIODRIVER=None, DICE_TAVERN_FIRST_FRAME_EXIT="1",
                                  DICE_TAVERN_HOME=str(home / "start")))
        if start.returncode != 0 or start.stdout != "first-frame\n" or start.stderr:
            problems.append(f"start-up printed more than its own line (exit {start.returncode}): "
                            f"stdout {start.stdout!r}, stderr {start.stderr[-1500:]!r}")
        else:
            print("check_wheel: start-up printed only 'first-frame'")

        source_json, wheel_json = tmp / "source.json", tmp / "wheel.json"
        run([sys.executable, "-m", "game", "smoke", "--seed", SEED], cwd=work,
            env=source_env(DICE_TAVERN_SMOKE_OUT=str(source_json)))
        smoke = run([exe, "--smoke"], cwd=work, check=False, env=clean_env(DICE_TAVERN_SMOKE_OUT=str(wheel_json)))
        source, installed = json.loads(source_json.read_text()), json.loads(wheel_json.read_text())
        if smoke.returncode != 0 or not installed.get("ok"):
            problems.append(f"the installed smoke run failed: {installed.get('errors')}")
        if args.floors and installed.get("ok"):
            same = "the same" if faces(installed) == faces(source) else "other"
            print(f"check_wheel: smoke ok with the floors ({same} dice faces as the source run)")
        elif args.floors:
            pass
        elif faces(installed) != faces(source):
            problems.append(f"dice faces differ from the source run:\n  source: {faces(source)}\n"
                            f"  wheel:  {faces(installed)}")
        else:
            print(f"check_wheel: smoke: same dice faces as the source run (5d6 {faces(source)['dice'][0]}; "
                  f"games: {', '.join(source['games'])})")
        if any(work.iterdir()):
            problems.append(f"the installed game wrote into its working folder: {sorted(os.listdir(work))}")

        if args.shots:
            jobs = run([sys.executable, "-c", LIST_SHOTS], cwd=work, env=source_env()).stdout
            if args.sample:
                jobs = json.dumps(sample(json.loads(jobs)))
            sides = (("source", sys.executable, source_env(DICE_TAVERN_HOME=str(home / "s"))),
                     ("wheel", venv_python(env_dir), clean_env(DICE_TAVERN_HOME=str(home / "w"))))
            for label, py, env in sides[1:] if args.floors else sides:
                out = tmp / label
                out.mkdir()
                failed = json.loads(run([py, "-c", RENDER_SHOTS, out, jobs], cwd=work, env=env).stdout)
                problems += [f"{label} shot failed: {f}" for f in failed]
            count = 0
            if args.floors:  # rendered without errors is the check; pixels may differ
                count = len(list((tmp / "wheel").glob("*.png")))
                print(f"check_wheel: {count} screens rendered with the floors")
            for png in [] if args.floors else sorted((tmp / "source").glob("*.png")):
                other = tmp / "wheel" / png.name
                count += 1
                if not other.is_file():
                    problems.append(f"shot {png.stem}: missing from the wheel run")
                elif png.stem.startswith("crash--"):
                    # the apology screen prints the report's path: its own data folder and the
                    # clock's second, which differ between the two runs by design
                    continue
                elif not same_image(png, other):
                    problems.append(f"shot {png.stem}: the wheel renders it differently from the source")
            if count == 0:
                problems.append("no shots were rendered")
            elif not args.floors:
                print(f"check_wheel: {count} screens compared with the source run")

    for p in problems:
        print(f"check_wheel: {p}")
    print("check_wheel: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
