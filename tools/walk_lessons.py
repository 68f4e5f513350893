"""Every lesson to its end with the mouse only, in a real window (issues 38 and 39).

Run under Xvfb (``Xvfb :39 -screen 0 1280x720x24 &``)::

    DISPLAY=:39 .venv/bin/python tools/walk_lessons.py /work/notes/shots39c

Title > Learn to play > each game; every step's card is screenshotted, then
the walker clicks what the card asks, where it is drawn (the app writes the
top screen's drawn controls and the lesson's step to
``DICE_TAVERN_CONTROLS_FILE``): Next / Finish, or the step's move (a bid's
face then Bid, raising with + until the coach takes it; a die then a card;
a button; the dice tray).  Between cards the table is shot as it plays
(throws in flight, landing, banners, reveals).  After Finish it opens the
game's setup and checks the "Learn to play" offer is gone.  Every click is
written to ``clicks.txt`` and every picture to ``index.txt``.
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import walkthrough as w  # noqa: E402  (same folder: the real-window helpers)

CLICKS: list[str] = []


def _bid(face: int) -> list:
    return [("label", f"face {face}"), ("raise_until", "Bid")]


def _sure(label: str) -> list:
    """A button that asks "Sure?" first: pressed, then pressed again where the question is drawn."""
    return [("label", label), ("sure", "Sure?")]


def _place(face: int, card: str) -> list:
    return [("label", f"die {face}"), ("label", card)]


PLANS: dict[str, dict[int, list]] = {
    "liars-dice": {3: _bid(4), 5: _bid(1), 8: _bid(5), 10: _bid(6), 11: _bid(6), 12: _sure("Call!"),
                   14: _bid(2), 15: _sure("Jinto!")},
    "roll-call": {3: _bid(4), 4: _sure("You: Call!"), 6: _bid(5), 8: _bid(6), 9: _sure("Call!")},
    "roll-the-bones": {3: [("label", "Ante 2 six-siders")], 4: [("label", "Bone!")], 5: [("label", "Bone!")],
                       9: [("label", "Ante 2 six-siders")], 11: [("label", "No bone")], 12: [("label", "No bone")]},
    "roll-for-it": {2: [("label", "Roll for it!")], 3: _place(3, "card 2: 3 3"), 4: _place(3, "card 2: 3 3"),
                    5: _place(4, "card 10:"), 6: _place(5, "card 5: 4 5 6"), 8: [("label", "Take Back")],
                    9: _place(4, "card 2: 4 4"), 10: _place(4, "card 2: 4 4"), 11: [("label", "Keep the rest")]},
    "diced-out": {5: [("maybe", "Mark 12"), ("label", "Mark 11")]},
}
"""What each asking step wants clicked (the card says it in words; a person reads and clicks)."""


def lesson_now() -> dict | None:
    return w.read().get("lesson")


DOUBLE = bool(w.os.environ.get("WALK_DOUBLE"))
"""``WALK_DOUBLE=1``: every click is a double-click (an impatient hand); a
step that moves on by two is written to clicks.txt as SKIPPED."""


def press(label: str, why: str, exact: bool = True, timeout: float = 8.0) -> bool:
    c = w.find(label, timeout, exact)
    if c is None:
        CLICKS.append(f"  NOT ON SCREEN: {label!r} ({why}); drawn: {[d['label'] for d in w.read()['controls']]}")
        return False
    x, y, wd, h = c["rect"]
    before = lesson_now()
    double = DOUBLE and label not in ("+", "\u2212") and not label.startswith("face ")   # a counter counts each click
    CLICKS.append(f"  {'double-' if double else ''}click {label!r} at ({x + wd // 2}, {y + h // 2})  [{why}]")
    if double:
        w.move_to(x + wd // 2, y + h // 2)
        w.xdo("click", "--repeat", "2", "--delay", "90", "1")
        time.sleep(1.2)
        after = lesson_now()
        if before and after and after["step"] > before["step"] + 1:
            CLICKS.append(f"  SKIPPED: step {before['step']} -> {after['step']} on a double-click of {label!r}")
    else:
        w.click_at(x + wd // 2, y + h // 2)
    return True


def step_changed(before: int, timeout: float) -> bool:
    end = time.time() + timeout
    while time.time() < end:
        now = lesson_now()
        if now is None or now["step"] != before or now["done"] or not now["shown"]:
            return True
        time.sleep(0.2)
    return False


def do_plan(plan: list, step: int) -> None:
    for kind, label in plan:
        if kind == "label":
            press(label, f"step {step} asks it", exact=not label.endswith(":"))
        elif kind == "sure":
            c = w.find(label, 3.0, False)
            if c is not None:
                time.sleep(0.8)   # a person reads "Sure?" first (a press within half a second only re-arms it)
                press(c["label"], f"step {step}: confirm")
        elif kind == "maybe":
            if w.find(label, 1.0, True):
                press(label, f"step {step}")
        elif kind == "raise_until":
            for _ in range(12):   # from the lowest quantity the picker offers, up
                if not w.find("\u2212", 0.5, True):
                    break
                press("\u2212", f"step {step}: start from the lowest quantity")
            for _ in range(8):
                press(label, f"step {step}: bid")
                if step_changed(step, 2.0):
                    return
                press("+", f"step {step}: the coach wants a higher quantity")


def walk(game: str, title: str, tag: str, index: list[str]) -> str:
    CLICKS.append(f"== {title}")
    w.click("Learn to play")
    CLICKS.append("  click 'Learn to play'")
    w.wait_screen("learn")
    w.click(title)
    CLICKS.append(f"  click {title!r}")
    shot_steps: set[int] = set()
    phase_shots = 0
    end = time.time() + 420
    last_step = 0
    while time.time() < end:
        now = lesson_now()
        screen = w.screen()
        if now is None:
            if screen in ("title", "learn") and last_step:
                break
            time.sleep(0.3)
            continue
        if now["done"] and not now["shown"]:
            break
        if not now["shown"]:
            throw = next((c for c in w.read()["controls"] if c["kind"] == "throw" and c["enabled"]), None)
            if throw is not None:
                press(throw["label"], f"after step {now['step']}: the table waits for my throw")
                time.sleep(0.25)
                name = f"{tag}-s{now['step']:02d}-throw-in-flight"
                w.shot(name)
                index.append(f"{name}.png: a throw in the air (before step {now['step']})")
                time.sleep(1.6)
                name = f"{tag}-s{now['step']:02d}-throw-landed"
                w.shot(name)
                index.append(f"{name}.png: the throw landed")
            elif phase_shots < 40 and time.time() % 2 < 0.35:
                phase_shots += 1
                name = f"{tag}-s{now['step']:02d}-table-{phase_shots:02d}"
                w.shot(name)
                index.append(f"{name}.png: the table playing on (before step {now['step']})")
            time.sleep(0.3)
            continue
        step = now["step"]
        last_step = step
        if step not in shot_steps:
            time.sleep(0.6)   # the card has settled
            shot_steps.add(step)
            name = f"{tag}-step{step:02d}"
            w.shot(name)
            index.append(f"{name}.png: step {step} of {now['of']} \u201c{now['title']}\u201d")
        if now["note"]:
            label = "Finish" if step == now["of"] else "Next"
            press(label, f"step {step} ({now['title']}): read")
            if label == "Finish":
                break
            step_changed(step, 5.0)
            continue
        plan = PLANS.get(game, {}).get(step)
        throw = next((c for c in w.read()["controls"] if c["kind"] == "throw" and c["enabled"]), None)
        if plan is None and throw is not None:   # a watching step: "click the dice tray"
            press(throw["label"], f"step {step} ({now['title']}): roll")
            step_changed(step, 4.0)
            continue
        if plan is None:
            CLICKS.append(f"  step {step}: no plan; drawn {[d['label'] for d in w.read()['controls']]}")
            break
        do_plan(plan, step)
        if not step_changed(step, 6.0):
            CLICKS.append(f"  step {step} did not move on after the plan")
            name = f"{tag}-step{step:02d}-stuck"
            w.shot(name)
            index.append(f"{name}.png: STUCK at step {step}")
            press("Skip tutorial", "stuck: leave the lesson")
            break
    w.wait_screen("title", 15) or w.wait_screen("learn", 5)
    time.sleep(1.0)
    where = w.screen()
    name = f"{tag}-after-finish"
    w.shot(name)
    index.append(f"{name}.png: where Finish leads ({where})")
    done = len(shot_steps)
    # a finished lesson is marked done: the game's setup no longer offers it
    if where != "title":
        for back in ("Back", "Title"):
            if w.find(back, 2, True):
                press(back, "back to the title")
                break
        w.wait_screen("title", 10)
    press(title, "open the game: is the lesson offer gone?")
    time.sleep(1.5)
    offered = w.find("No thanks", 2.5, True) is not None
    name = f"{tag}-setup-after-lesson"
    w.shot(name)
    index.append(f"{name}.png: setup after the lesson ({'OFFER STILL SHOWN' if offered else 'no lesson offer'})")
    if offered:
        press("No thanks", "dismiss")
    for back in ("Back", "Title"):
        if w.find(back, 2, True):
            press(back, "back to the title")
            break
    w.wait_screen("title", 10)
    return f"{title}: {done} step cards shot, last step {last_step}; offer after: {'SHOWN' if offered else 'gone'}"


def main() -> int:
    env = dict(w.os.environ, DICE_TAVERN_HOME=str(w.HOME), DICE_TAVERN_CONTROLS_FILE=str(w.CONTROLS))
    proc = subprocess.Popen([sys.executable, "-m", "game"], env=env)
    index: list[str] = []
    results = []
    only = set(sys.argv[2:])
    try:
        w.window()
        w.wait_screen("title", 60)
        time.sleep(2)
        for game, title, tag in (("liars-dice", "Liar's Dice", "ld"), ("roll-call", "Roll Call", "rc"),
                                 ("roll-the-bones", "Roll the Bones", "rtb"), ("roll-for-it", "Roll For It!", "rfi"),
                                 ("diced-out", "Diced Out", "do")):
            if only and tag not in only:
                continue
            results.append(walk(game, title, tag, index))
            (w.OUT / "index.txt").write_text("\n".join(index + [""] + results) + "\n")
            (w.OUT / "clicks.txt").write_text("\n".join(CLICKS) + "\n")
    finally:
        proc.terminate()
        proc.wait(30)
    (w.OUT / "index.txt").write_text("\n".join(index + [""] + results) + "\n")
    (w.OUT / "clicks.txt").write_text("\n".join(CLICKS) + "\n")
    print("\n".join(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
