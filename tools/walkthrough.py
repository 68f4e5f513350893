"""A newcomer's walkthrough with the mouse only, in a real window (issue 38).

Run under Xvfb (``Xvfb :38 -screen 0 1280x720x24 &``)::

    DISPLAY=:38 .venv/bin/python tools/walkthrough.py /work/notes/shots38

It starts the game in a fresh data folder with ``DICE_TAVERN_CONTROLS_FILE``
(the app writes the top screen's drawn controls there,
game/ui/drawn_controls.py), then moves and clicks the real mouse with
xdotool on the centre of each control as drawn, and saves a screenshot of the
whole screen at each step.  Only the mouse is used.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OUT = Path(sys.argv[1] if len(sys.argv) > 1 else "shots38")
HOME = Path(tempfile.mkdtemp(prefix="dt38-"))
CONTROLS = HOME / "controls.json"
LOG: list[str] = []


def xdo(*args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=30).stdout.strip()


def shot(name: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run(["import", "-window", "root", str(OUT / f"{name}.png")], timeout=60)
    LOG.append(f"{name}.png  ({screen()})")
    print("shot", name, screen(), flush=True)


def read() -> dict:
    for _ in range(20):
        try:
            return json.loads(CONTROLS.read_text())
        except (OSError, ValueError):
            time.sleep(0.1)
    return {"screen": None, "controls": []}


def screen() -> str:
    return str(read().get("screen"))


def find(label: str, timeout: float = 20.0, exact: bool = False):
    end = time.time() + timeout
    while time.time() < end:
        for c in read()["controls"]:
            if c["enabled"] and (c["label"] == label or (not exact and c["label"].startswith(label))):
                return c
        time.sleep(0.2)
    return None


def window():
    wid = ""
    for _ in range(600):
        wid = xdo("search", "--onlyvisible", "--class", ".")
        if wid:
            break
        time.sleep(0.3)
    wid = wid.split()[0]
    geo = xdo("getwindowgeometry", wid)
    pos = [int(v) for v in geo.split("Position: ")[1].split(" ")[0].split(",")]
    size = [int(v) for v in geo.split("Geometry: ")[1].split()[0].split("x")]
    return wid, pos, size


def click_at(x: int, y: int) -> None:
    _wid, pos, size = window()
    scale = min(size[0] / 1280, size[1] / 720)
    ox, oy = (size[0] - 1280 * scale) / 2, (size[1] - 720 * scale) / 2
    sx, sy = int(pos[0] + ox + x * scale), int(pos[1] + oy + y * scale)
    xdo("mousemove", str(sx), str(sy))
    time.sleep(0.15)
    xdo("mousedown", "1")
    time.sleep(0.08)
    xdo("mouseup", "1")
    time.sleep(0.4)


def click(label: str, timeout: float = 20.0, exact: bool = False) -> bool:
    c = find(label, timeout, exact)
    if c is None:
        print("not on screen:", label, [d["label"] for d in read()["controls"]], flush=True)
        return False
    x, y, w, h = c["rect"]
    click_at(x + w // 2, y + h // 2)
    return True


def wait_screen(name: str, timeout: float = 30.0) -> bool:
    end = time.time() + timeout
    while time.time() < end:
        if screen() == name:
            return True
        time.sleep(0.2)
    return False


def lesson(game: str, tag: str, notes: int = 3) -> None:
    """Title > Learn to play > the game: the first notes passed with the card's Next."""
    click("Learn to play")
    wait_screen("learn")
    click(game)
    time.sleep(2)
    for i in range(notes):
        if find("Next", 15) is None:
            break
        if i == 0:
            shot(f"lesson-{tag}-card")
        click("Next")
        time.sleep(1.0)
    shot(f"lesson-{tag}-after-next")
    click("Skip tutorial")
    wait_screen("title")


def liars_dice_game() -> None:
    """A solo game of Liar's Dice against one AI, with the mouse only."""
    click("Liar's Dice")
    time.sleep(1.5)
    if find("No thanks", 3):
        click("No thanks")
    shot("setup-liars-dice")
    click("Start", exact=True)
    end = time.time() + 600
    shots = 0
    while time.time() < end:
        if screen() == "results":
            break
        if find("Continue", 0.1, exact=True):
            click("Continue")
        bid = find("Bid", 0.5, exact=True)
        call = find("Call!", 0.1, exact=True)
        if bid and shots == 0:
            shot("table-liars-dice-your-turn")
            shots += 1
        if call and (bid is None or time.time() % 3 < 1):
            click("Call!", exact=True)
            time.sleep(0.8)
            shot("table-liars-dice-sure-call") if shots == 1 else None
            shots += 1
            click("Sure?")
        elif bid:
            click("Bid", exact=True)
        time.sleep(0.5)
    wait_screen("results", 120)
    time.sleep(2)
    shot("results-liars-dice")


MOVES = ("Skip to the results", "Sure?", "Continue", "I am", "Roll for it!", "Keep the rest", "Ante ", "No bone",
         "Skip free mark", "Bid", "Throw")
"""What a newcomer clicks in a game, first found first (a "Sure?" once armed; Call! now and then)."""


def play_game(game: str, tag: str, minutes: float = 12.0) -> bool:
    """Title > the game > Start, then the mouse only until the results: the
    first of ``MOVES`` on screen (Call! now and then), a screenshot of the
    first turn; then the results, the coach and back to the title."""
    click(game)
    time.sleep(1.5)
    if find("No thanks", 3):
        click("No thanks")
    shot(f"setup-{tag}")
    click("Start", exact=True)
    end = time.time() + minutes * 60
    turns = 0
    while time.time() < end and screen() != "results":
        if screen() == "confirm" and find("Replace", 0.5):
            click("Replace")
            continue
        labels = [c["label"] for c in read()["controls"] if c["enabled"]]
        if "Call!" in labels and turns % 4 == 3 and "Sure?" not in labels:
            click("Call!", exact=True)
        else:
            move = next((m for m in MOVES if any(label.startswith(m) for label in labels)), None)
            if move is None:
                time.sleep(0.4)
                continue
            if turns == 1:
                shot(f"table-{tag}-your-turn")
            click(move, exact=move in ("Bid", "Throw"))
        turns += 1
        time.sleep(0.5)
    if not wait_screen("results", 60):
        shot(f"stuck-{tag}")
        return False
    time.sleep(2)
    shot(f"results-{tag}")
    if find("Coach", 20):
        click("Coach")
        time.sleep(2)
        shot(f"coach-{tag}")
        click("Back")
        time.sleep(1.5)
    click("Title")
    wait_screen("title")
    time.sleep(1)
    return True


def main() -> int:
    env = dict(os.environ, DICE_TAVERN_HOME=str(HOME), DICE_TAVERN_CONTROLS_FILE=str(CONTROLS))
    game = subprocess.Popen([sys.executable, "-m", "game"], env=env)
    try:
        window()
        wait_screen("title", 60)
        time.sleep(2)
        shot("title")
        for game_title, tag in (("Liar's Dice", "liars-dice"), ("Roll Call", "roll-call"),
                                ("Roll the Bones", "roll-the-bones"), ("Roll For It!", "roll-for-it"),
                                ("Diced Out", "diced-out")):
            if not os.environ.get("WALK_SKIP_LESSONS"):
                lesson(game_title, tag)
        if os.environ.get("WALK_ALL_GAMES"):
            for game_title, tag in (("Liar's Dice", "liars-dice"), ("Roll Call", "roll-call"),
                                    ("Roll the Bones", "roll-the-bones"), ("Roll For It!", "roll-for-it"),
                                    ("Diced Out", "diced-out")):
                LOG.append(f"{tag}: {'results reached' if play_game(game_title, tag) else 'NOT finished'}")
        else:
            liars_dice_game()
            if find("Coach", 20):
                click("Coach")
                time.sleep(2)
                shot("coach")
                click("Back")
            click("Title")
        wait_screen("title")
        click("Stats")
        time.sleep(2)
        shot("stats")
        click("Back")
    finally:
        game.terminate()
        game.wait(30)
    (OUT / "walkthrough.txt").write_text("\n".join(LOG) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
