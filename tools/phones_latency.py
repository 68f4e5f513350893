"""How long from a tap on a phone to the table's answer, on this computer.

The real game loop (``App.run``, resting and all) plays a Liar's Dice table
with two phone seats; Chromium from the OS (Playwright, two phone-sized
pages) taps "Bid" on whichever phone must act.  Per tap it measures, on the
phone, from the tap to the page showing the table's next message (the bid
applied, every phone's view sent and drawn), and in the game, from the
message reaching the server to the table's move (``PhoneLink.applied``).
Served on 127.0.0.1 only.  A measurement, not a test:

    python tools/phones_latency.py [--taps 30]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DICE_TAVERN_HOME", tempfile.mkdtemp(prefix="dt-latency-"))
os.environ["DICE_TAVERN_PHONES_HOST"] = "127.0.0.1"

WATCH = """() => {
  window.__taps = [];
  document.addEventListener('click', e => {
    if (e.target.closest('#bidbtn')) { window.__t0 = performance.now(); window.__v0 = document.body.dataset.version; }
  }, true);
  new MutationObserver(() => {
    if (window.__t0 !== undefined && document.body.dataset.version !== window.__v0) {
      window.__taps.push(performance.now() - window.__t0); window.__t0 = undefined;
    }
  }).observe(document.body, {attributes: true, attributeFilter: ['data-version']});
}"""


def phones(app, table, taps: int, out: dict) -> None:
    """The phones' side, on its own thread: tap "Bid" ``taps`` times in all."""
    from playwright.sync_api import sync_playwright
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"])
            context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
            pages = {}
            for seat in table.phones.seats:
                page = context.new_page()
                page.goto(table.phones.url(seat))
                page.evaluate(WATCH)
                pages[seat] = page
            done = 0
            per_page = {seat: 0 for seat in pages}
            deadline = time.monotonic() + 30 + taps * 5
            while done < taps and time.monotonic() < deadline:
                for seat, page in pages.items():   # whichever phone must bid now
                    if page.locator("#faces button:not([disabled])").count() == 0:
                        call = page.locator('#challenges button[data-type="Call"]')
                        if call.count():   # no bid left: call, twice to confirm (not timed)
                            call.tap()
                            page.locator('#challenges button.armed').tap()
                        continue
                    page.tap("#faces button:not([disabled])")
                    page.tap("#bidbtn:not([disabled])")
                    per_page[seat] += 1
                    page.wait_for_function("n => window.__taps.length >= n", arg=per_page[seat], timeout=20000)
                    done += 1
            out["taps"] = dict(per_page)
            out["phone_ms"] = [t for page in pages.values() for t in page.evaluate("() => window.__taps")]
            chromium.close()
    except Exception as exc:  # noqa: BLE001 - reported, and the game loop is stopped
        out["error"] = repr(exc)
    finally:
        app.quit(0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=30)
    args = ap.parse_args()
    from game.app import App
    from game.core.match import Match, Seat
    from game.scenes.launch import make_table
    app = App(headless=True)
    app.settings.reduced_motion = True
    match = Match("liars-dice", [Seat("Ana"), Seat("Bo")], {"starting_dice": 6}, seed=3)
    table = make_table(app, match)
    table.use_phones([0, 1])
    out: dict = {}
    worker = threading.Thread(target=phones, args=(app, table, args.taps, out), daemon=True)
    worker.start()
    app.run(table)
    worker.join(30)
    if "error" in out:
        print("phones_latency: failed:", out["error"])
        return 1
    print("taps per phone:", out["taps"], "moves:", len(match.history))
    phone = sorted(out["phone_ms"])
    assert table.phones is not None
    game = sorted(t * 1000 for _s, _a, t in table.phones.applied)
    for name, values in (("tap -> next view drawn on the phone", phone), ("server -> table's move", game)):
        print(f"{name}: n={len(values)} median {statistics.median(values):.1f} ms, "
              f"p90 {values[int(0.9 * (len(values) - 1))]:.1f} ms, max {values[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
