"""Screenshots of "Phones as private cups": the phone pages (Chromium from the
OS, Playwright, a 390x844 touch screen) and the big screen with phones
connected (the headless game's canvas).  Served on 127.0.0.1 only.

    python tools/phones_shots.py OUT_DIR
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DICE_TAVERN_HOME", tempfile.mkdtemp(prefix="dt-shots-"))
os.environ["DICE_TAVERN_PHONES_HOST"] = "127.0.0.1"

import pygame  # noqa: E402
from typing import Any  # noqa: E402

from game.ui.phone_link import PhoneLink  # noqa: E402



def phone(chromium):
    """A new page on a phone-sized portrait touch screen."""
    return chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                has_touch=True).new_page()


def link_of(table) -> PhoneLink:
    assert table.phones is not None, "a table with phones"
    return table.phones


def frames_until(app, condition, limit=30.0):
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise SystemExit("phones_shots: timed out")
        app.run_frames(1)
    app.run_frames(2)   # the phones hear of a change at the table's next tick


def save(app, out: Path, name: str) -> None:
    app.draw(0.0)
    pygame.image.save(app.canvas, str(out / name))
    print("wrote", out / name)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "phones-shots")
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    from game.app import App
    from game.core.match import Match, Seat
    from game.scenes.launch import make_table
    from game.scenes.setup import SetupScene
    app = App(headless=True)
    app.settings.reduced_motion = True
    setup = SetupScene(app, "liars-dice", offer_tutorial=False)
    app.start(setup)
    setup.seat_rows[1].kind = "human"
    setup.use_phones = True
    setup.rebuild()
    app.run_frames(2)
    save(app, out, "big_setup_use_phones.png")

    match = Match("liars-dice", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "normal")], {"odds_helper": True}, seed=7)
    match.phone_seats = (0, 1)
    table = make_table(app, match)
    app.start(table)
    app.apply_transitions()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
            "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"])
        save(app, out, "big_codes_pass_to_ana.png")   # the codes come one seat at a time, behind a curtain
        app.run_frames(40)   # the curtain takes a deliberate press after a moment
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
        app.run_frames(2)
        save(app, out, "big_code_for_ana.png")
        ana = phone(chromium)
        ana.goto(link_of(table).url(0))
        frames_until(app, lambda: link_of(table).connected(0))
        app.run_frames(2)
        save(app, out, "big_codes_pass_to_bo.png")   # Ana's phone opened it: on to Bo
        bo = phone(chromium)
        bo.goto(link_of(table).url(1))
        frames_until(app, lambda: link_of(table).connected(1))
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        frames_until(app, lambda: table.deciding_human() is not None and table.throw_view is None)

        def show(page, version):
            page.wait_for_function("v => +(document.body.dataset.version || 0) >= v", arg=version)
            page.evaluate("() => document.body.classList.remove('flash')")

        def bid(page):
            page.tap("#faces button:not([disabled])")
            page.tap("#bidbtn:not([disabled])")

        seat = table.deciding_human()
        assert seat is not None
        pages = {0: ana, 1: bo}
        show(pages[seat], link_of(table).number)
        pages[seat].tap("#more")
        pages[seat].tap("#faces button:not([disabled]) >> nth=2")
        pages[seat].screenshot(path=str(out / "phone_liars_your_turn_picker.png"))
        pages[1 - seat].screenshot(path=str(out / "phone_liars_waiting.png"))
        for _ in range(3):   # a few bids around the table
            before = len(match.history)
            seat = table.deciding_human()
            if seat is None:
                frames_until(app, lambda: table.deciding_human() is not None and table.throw_view is None)
                continue
            show(pages[seat], link_of(table).number)
            bid(pages[seat])
            frames_until(app, lambda: len(match.history) > before)
        frames_until(app, lambda: table.deciding_human() is not None and table.throw_view is None)
        save(app, out, "big_table_with_phones.png")
        seat = table.deciding_human()
        assert seat is not None
        show(pages[seat], link_of(table).number)
        pages[seat].tap('#challenges button[data-type="Call"]')
        pages[seat].screenshot(path=str(out / "phone_liars_call_armed.png"))
        pages[seat].close()   # that phone locks
        frames_until(app, lambda: not link_of(table).connected(seat))
        app.run_frames(2)
        save(app, out, "big_waiting_for_phone.png")
        other = pages[1 - seat]
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.run_frames(2)
        save(app, out, "big_pause_phone_codes.png")
        app.nav.title()   # the table closes: the phones are told
        app.run_frames(2)
        other.wait_for_selector("#link.off")
        other.screenshot(path=str(out / "phone_table_closed.png"))

        rc = Match("roll-call", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "normal"), Seat("Di")],
                   {"odds_helper": True}, seed=21)
        rc.phone_seats = (0, 1, 3)
        table = make_table(app, rc)
        app.start(table)
        app.apply_transitions()
        pages = {s: phone(chromium) for s in (0, 1, 3)}
        for s, page in pages.items():
            page.goto(link_of(table).url(s))
        frames_until(app, lambda: link_of(table).server.connected == frozenset((0, 1, 3)))
        app.run_frames(2)
        save(app, out, "big_codes_roll_call_curtain.png")   # the hand-out waits behind the first curtain
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        for _ in range(40):   # on until a bid stands and an AI or another phone must act
            frames_until(app, lambda: table.match.state.current_players() and table.throw_view is None
                         and not table.is_busy())
            state: Any = table.match.state
            turn = state.turn_player()
            if state.bid is not None and turn in (2,) or (state.bid is not None and len(state.bids) >= 2):
                break
            if turn in pages and link_of(table).choices(turn):
                before = len(table.match.history)
                show(pages[turn], link_of(table).number)
                bid(pages[turn])
                frames_until(app, lambda: len(table.match.history) > before)
        save(app, out, "big_roll_call_phones.png")
        waiting = next(s for s in pages if s != table.match.state.turn_player()
                       and any(type(a).__name__ == "CallOutOfTurn" for a in link_of(table).choices(s)))
        show(pages[waiting], link_of(table).number)
        pages[waiting].screenshot(path=str(out / "phone_roll_call_out_of_turn.png"))
        chromium.close()
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
