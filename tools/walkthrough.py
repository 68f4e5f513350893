"""A newcomer's walkthrough with the mouse only, in a real window (issue 38).

Run under Xvfb (``Xvfb :38 -screen 0 1280x720x24 &``)::

    DISPLAY=:38 .venv/bin/python tools/walkthrough.py /work/notes/shots38c

(``WALK_GAMES=roll-for-it,hotseat`` plays only those; ``WALK_LESSONS=1`` also
opens each lesson and passes its first cards).

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
    """The game's window: its id, position and size (waited for)."""
    for _ in range(600):
        for wid in xdo("search", "--onlyvisible", "--class", ".").split():
            geo = xdo("getwindowgeometry", wid)
            if "Position: " in geo and "Geometry: " in geo:
                pos = [int(v) for v in geo.split("Position: ")[1].split(" ")[0].split(",")]
                size = [int(v) for v in geo.split("Geometry: ")[1].split()[0].split("x")]
                return wid, pos, size
        time.sleep(0.3)
    raise SystemExit("no game window")


def to_screen(x: int, y: int) -> tuple[int, int]:
    """A canvas point (1280x720, letterboxed in the window) -> a screen pixel."""
    _wid, pos, size = window()
    scale = min(size[0] / 1280, size[1] / 720)
    ox, oy = (size[0] - 1280 * scale) / 2, (size[1] - 720 * scale) / 2
    return int(pos[0] + ox + x * scale), int(pos[1] + oy + y * scale)


def move_to(x: int, y: int) -> None:
    sx, sy = to_screen(x, y)
    xdo("mousemove", str(sx), str(sy))
    time.sleep(0.15)


def click_at(x: int, y: int) -> None:
    move_to(x, y)
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


def enabled() -> list[dict]:
    return [c for c in read()["controls"] if c["enabled"]]


def centre(c: dict) -> tuple[int, int]:
    x, y, w, h = c["rect"]
    return x + w // 2, y + h // 2


def press(c: dict, double: bool = False) -> None:
    """Click a control found in the drawn-control record; ``double``: a
    double-click (two presses 90 ms apart, as an impatient hand does)."""
    if double:
        move_to(*centre(c))
        xdo("click", "--repeat", "2", "--delay", "90", "1")
        time.sleep(0.4)
    else:
        click_at(*centre(c))


def hold(c: dict, then) -> None:
    """Press and hold the mouse on ``c`` while ``then()`` runs (a peek)."""
    move_to(*centre(c))
    xdo("mousedown", "1")
    time.sleep(0.5)
    try:
        then()
    finally:
        xdo("mouseup", "1")
        time.sleep(0.4)


def set_seats(players: int, humans: int) -> None:
    """On a setup screen: ``players`` seats, the first ``humans`` of them
    human (each seat's kind row clicked on its left arrow until its name
    row says "Player N"), with the mouse only."""
    for _ in range(12):
        rows = [c for c in read()["controls"] if c["kind"] == "stepper" and c["label"] == "Players"]
        seats = [c for c in read()["controls"] if c["kind"] == "textinput" and c["label"] != "Seed"]
        if not rows or len(seats) == players:
            break
        x, y, w, h = rows[0]["rect"]
        click_at(x + w - 16 if len(seats) < players else x + int(w * 0.4), y + h // 2)   # the right or left arrow half
        time.sleep(0.3)
    for n in range(1, humans):
        for _ in range(4):
            inputs = [c for c in read()["controls"] if c["kind"] == "textinput" and c["label"] != "Seed"]
            kinds = [c for c in read()["controls"] if c["kind"] == "choice" and c["label"] == ""]
            if inputs[n]["label"].startswith("Player"):
                break
            x, y, w, h = kinds[n]["rect"]
            click_at(x + 18, y + h // 2)
            time.sleep(0.3)


MOVES = ("Skip to the results", "Sure?", "Continue", "Roll for it!", "Keep the rest", "Ante ", "No bone",
         "Bid", "Throw", "Roll", "Stand", "Done", "Take Back", "Pass")
"""What a newcomer clicks in a game, first found first (a "Sure?" once armed; Call! now and then)."""


class Walk:
    """One game played with the mouse only, with what was seen along it."""

    def __init__(self, tag: str, humans: int):
        self.tag, self.humans = tag, humans
        self.turns = 0
        self.seen: set[str] = set()

    def once(self, what: str) -> bool:
        """True the first time ``what`` happens in this game."""
        if what in self.seen:
            return False
        self.seen.add(what)
        return True

    def step(self) -> bool:
        """One thing a newcomer does on the screen now; False if nothing to do."""
        name, on = screen(), enabled()
        labels = [c["label"] for c in on]
        by_label = {c["label"]: c for c in on}
        if name == "confirm" and "Replace" in by_label:
            press(by_label["Replace"])
            return True
        if name == "curtain":
            button = next((c for c in read()["controls"] if c["label"].startswith("I am")), None)
            if button is None:
                return False
            if self.once("curtain"):
                shot(f"curtain-{self.tag}")
            if not button["enabled"]:
                time.sleep(0.3)
                return True
            press(button, double=self.turns % 2 == 0)   # every other curtain double-clicked: the second press must not play
            if self.once("after-curtain"):
                time.sleep(0.8)
                shot(f"after-curtain-{self.tag}")
            return True
        if name == "pause" or name == "rules":
            return click("Resume") or click("Back")
        dice = [c for c in on if c["kind"] == "die"]
        if dice:   # Roll For It!: press a die, then the card it fits
            press(dice[0])
            time.sleep(0.3)
            cards = [c for c in enabled() if c["kind"] == "card"]
            if cards:
                if self.once("rfi-die"):
                    shot(f"table-{self.tag}-die-held")
                press(cards[0])
                self.turns += 1
                return True
        marks = [c for c in on if c["kind"] == "sheet"]
        if marks and self.turns % 3 != 2:
            press(marks[len(marks) // 2])
            self.turns += 1
            return True
        calls = [c for c in on if c["label"].endswith(": Call!")]
        if calls and self.turns >= 4 and self.once("out-of-turn"):
            press(calls[-1])
            time.sleep(0.5)
            shot(f"table-{self.tag}-out-of-turn-sure")
            sure = find("Sure? Call!", 2, exact=True)
            if sure:
                press(sure)
            time.sleep(1)
            shot(f"table-{self.tag}-out-of-turn-called")
            return True
        peek = by_label.get("Peek at my dice")
        if peek and self.humans > 1 and "Bid" not in labels and self.once("peek"):   # outside a human's turn: whose dice?
            def look():
                owners = [c for c in enabled() if c["label"][:1].isdigit() and "  " in c["label"]]
                shot(f"table-{self.tag}-peek-whose-dice" if owners else f"table-{self.tag}-peek")
                if owners:
                    press(owners[0])
                    time.sleep(0.6)
                    shot(f"table-{self.tag}-peek-owner-chosen")
            hold(peek, look)
            return True
        if "Call!" in labels and self.turns % 4 == 3 and "Sure?" not in labels:
            click("Call!", exact=True)
            self.turns += 1
            return True
        move = next((m for m in MOVES if any(label.startswith(m) for label in labels)), None)
        if move is None:   # a choice named by the game (Diced Out's whom to penalise, a mixed ante): the first
            other = [c for c in on if c["kind"] == "button" and name not in ("title", "results", "setup")
                     and not c["label"].startswith(("Log", "Undo", "Peek", "Take Back"))]
            if not other:
                return False
            press(other[0])
            self.turns += 1
            return True
        if self.once("your-turn"):
            shot(f"table-{self.tag}-your-turn")
        c = next(c for c in on if c["label"].startswith(move) and (c["label"] == move or move not in ("Bid", "Roll")))
        press(c, double=self.humans > 1 and move == "Bid" and self.turns % 3 == 0)
        if move == "Throw":
            time.sleep(0.6)
        self.turns += 1
        return True


def play_game(game: str, tag: str, minutes: float = 12.0, players: int = 0, humans: int = 1) -> bool:
    """Title > the game > (seats) > Start, then the mouse only until the
    results (``Walk.step``), a screenshot of the first turn; then the
    results, the coach and back to the title."""
    click(game)
    end = time.time() + 20
    while time.time() < end and screen() != "tutorial-offer":   # the offer opens over the setup, on a busy machine late
        time.sleep(0.2)
        if screen() == "setup" and time.time() > end - 14:
            break
    if find("No thanks", 1):
        click("No thanks")
        wait_screen("setup")
    if players:
        set_seats(players, humans)
    shot(f"setup-{tag}")
    click("Start", exact=True)
    walk = Walk(tag, humans)
    end = time.time() + minutes * 60
    idle = 0
    while time.time() < end and screen() != "results":
        if walk.step():
            idle = 0
            time.sleep(0.3)
        else:
            idle += 1
            if idle == 150:
                shot(f"idle-{tag}")
            time.sleep(0.2)
    if not wait_screen("results", 60):
        shot(f"stuck-{tag}")
        print("stuck on", screen(), [c["label"] for c in read()["controls"]], flush=True)
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


GAMES = (("Liar's Dice", "liars-dice"), ("Roll Call", "roll-call"), ("Roll the Bones", "roll-the-bones"),
         ("Roll For It!", "roll-for-it"), ("Diced Out", "diced-out"))


def main() -> int:
    env = dict(os.environ, DICE_TAVERN_HOME=str(HOME), DICE_TAVERN_CONTROLS_FILE=str(CONTROLS))
    game = subprocess.Popen([sys.executable, "-m", "game"], env=env)
    wanted = (os.environ["WALK_GAMES"].split(",") if os.environ.get("WALK_GAMES") else
              ["hotseat", "roll-the-bones", "roll-for-it", "diced-out", "liars-dice", "roll-call"])
    try:
        window()
        wait_screen("title", 60)
        time.sleep(2)
        shot("title")
        if os.environ.get("WALK_LESSONS"):
            for game_title, tag in GAMES:
                lesson(game_title, tag)
        hot_seat = (("Roll Call", "hotseat-roll-call", 4, 3), ("Liar's Dice", "hotseat-liars-dice", 3, 2))
        for game_title, tag, players, humans in hot_seat:
            if tag in wanted or ("hotseat" in wanted and tag == "hotseat-roll-call"):
                done = play_game(game_title, tag, players=players, humans=humans)
                LOG.append(f"{tag} ({humans} humans of {players}): {'results reached' if done else 'NOT finished'}")
        for game_title, tag in sorted(GAMES, key=lambda g: wanted.index(g[1]) if g[1] in wanted else 0):
            if tag in wanted:   # two seats: you and one AI, in the order asked
                done = play_game(game_title, tag, players=2)
                LOG.append(f"{tag} (you and one AI): {'results reached' if done else 'NOT finished'}")
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
