"""Phones as private cups (issue 44), end to end: the real server, real
Chromium pages (from the OS, driven by Playwright) on phone-sized touch
screens, and the headless game, playing whole games.

"the server sends a phone only state.view(its seat) and the legal actions,
never the full state": every message each phone receives is recorded from
the browser's side and must be one the table built, and every message the
table built is built again with every other seat's hidden dice changed and
must come out the same (tests/phones_helpers.py ``SecrecyRecorder``).
"""
from __future__ import annotations

import json

import pygame
import pytest

from game.core.match import Seat
from game.phones import server as phone_server
from tests.helpers import key
from tests.realinput import Hands
from tests.phones_helpers import (PHONE, WAIT, SecrecyRecorder, browser, needs_chromium, phone_table,
                                  run_until)


@pytest.fixture(autouse=True)
def _chromium():
    needs_chromium()


class Phone:
    """One phone: a page on its seat's link, recording every frame it receives."""

    def __init__(self, chromium, url):
        self.context = chromium.new_context(**PHONE)
        self.url = url
        self.frames: list[dict] = []
        self.page = self.open()

    def open(self):
        """Open the seat's page: its code the first time, then the address the
        page moved to once its phone claimed the code (its own key), as a phone
        reopening the tab does."""
        page = self.context.new_page()
        page.on("websocket", lambda ws: ws.on("framereceived", lambda data: self.frames.append(json.loads(data))))
        self.response = page.goto(self.url)
        self.page = page
        return page

    def close(self) -> None:
        """The phone locks or loses Wi-Fi (the tab goes)."""
        self.url = self.page.url
        self.page.close()

    def shows(self, version: int) -> None:
        self.page.wait_for_function("v => +(document.body.dataset.version || 0) >= v", arg=version,
                                    timeout=WAIT * 1000)

    def tap(self, selector: str) -> None:
        self.page.tap(selector, timeout=WAIT * 1000)

    def challenge(self, kind: str) -> None:
        """Call (or Jinto, or Roll Call's out-of-turn call): tap, then tap again to confirm."""
        selector = f'#challenges button[data-type="{kind}"]'
        self.tap(selector)
        self.page.wait_for_selector(selector + ".armed", timeout=WAIT * 1000)
        self.tap(selector)

    def lowest_bid(self) -> None:
        """The picker opens on the lowest quantity: the first face allowed there, then Bid."""
        self.tap("#faces button:not([disabled])")
        self.tap("#bidbtn:not([disabled])")


def start(app, chromium, game_id, seats, phones, seed, options=None):
    match, table = phone_table(app, game_id, seats, phones, seed, options)
    recorder = SecrecyRecorder(table)
    devices = {seat: Phone(chromium, table.phones.url(seat)) for seat in phones}
    run_until(app, lambda: table.phones.server.connected == frozenset(phones), "every phone to connect")
    app.feed(key(pygame.K_ESCAPE))   # Done: the codes screen closes
    app.run_frames(2)
    assert app.top is table
    return match, table, recorder, devices


def sent_now(recorder, table, seat) -> dict | None:
    """The message ``seat``'s phone was sent last (the one its page shows once it shows that version)."""
    return recorder.sent.get((seat, table.phones.number))


def turn_of(recorder, table, seat) -> bool:
    """Must ``seat``'s phone move now (its turn, or a pseudo-move such as continue)?
    Read from the message its phone was sent, never from the live state: an AI
    that moves later in a frame than the link's ``pump`` changes the state a
    frame before the phones are told, and a page still showing the AI's turn
    has no bid to tap (the test tapped it and waited with no frame running)."""
    msg = sent_now(recorder, table, seat)
    choices = msg["choices"] if msg else []
    return bool(choices) and (msg["your_turn"] or choices[0]["type"] in ("ContinueMoment", "ThrowDice"))


def play(app, table, recorder, devices, *, decide, until=None, limit=400):
    """Play on: AIs on the table, each phone seat by ``decide(seat, phone, moves_made)``;
    stops when the game is over (or ``until()``)."""
    match = table.match
    moves = 0
    while not match.is_over and (until is None or not until()):
        assert moves < limit, "the game did not end"
        app.run_frames(1)
        seat = next((s for s in devices if turn_of(recorder, table, s)), None)
        if seat is None:
            continue
        before = len(match.history)
        devices[seat].shows(table.phones.number)
        decide(seat, devices[seat], moves)
        run_until(app, lambda: len(match.history) != before or table.held.moment is None and table.match.is_over,
                  f"seat {seat}'s move to reach the table")
        moves += 1
    return moves


def check_frames(recorder, devices):
    """Every state message a phone received is one the table built for that very seat."""
    total = 0
    for seat, phone in devices.items():
        states = [f for f in phone.frames if f.get("type") == "state"]
        assert states, f"seat {seat}'s phone got nothing"
        for frame in states:
            assert frame["seat"] == seat
            assert recorder.sent.get((seat, frame["version"])) == frame, "a message the secrecy check did not see"
            total += 1
    return total


def liars_decide(seat, phone, moves):
    choices = phone.page.evaluate("() => Array.from(document.querySelectorAll('#challenges button'))"
                                  ".map(b => b.dataset.type)")
    if "Call" in choices and moves % 3 == 2:
        phone.challenge("Call")
    else:
        phone.lowest_bid()


def test_two_phones_and_an_ai_play_a_whole_liars_dice_game(app):
    """Two friends on phones and an AI: the whole game through the phone pages
    (touch taps on a phone-sized page), one phone reloading mid-round and
    coming back to its seat with the current view; no hidden die of another
    seat in any message; the big screen never draws a phone seat's die face-up."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "normal")]
    with browser() as chromium:
        match, table, recorder, devices = start(app, chromium, "liars-dice", seats, (0, 1), seed=11,
                                                options={"odds_helper": True, "starting_dice": 2})
        reloaded = []

        def decide(seat, phone, moves):
            if moves == 3 and not reloaded:   # a reload in the middle of a round: back to the seat
                phone.page.reload()
                run_until(app, lambda: table.phones.connected(seat), "the reloaded phone to reconnect")
                phone.shows(table.phones.number)
                assert phone.page.locator("#dice .die").count() == len(match.state.view(seat).my_faces)
                reloaded.append(seat)
            liars_decide(seat, phone, moves)
            drawn = table.renderer.drawn if table.renderer is not None else []
            assert not any(d.face_up and d.owner in (0, 1) for d in drawn), "a phone seat's die face-up on the table"

        moves = play(app, table, recorder, devices, decide=decide)
        assert match.is_over and reloaded and moves >= 5
        assert any(p == 0 for p, _ in match.history) and any(p == 1 for p, _ in match.history)
        run_until(app, table.phones.game_over_shown, "the last reveal's count to be said")
        app.run_frames(3)
        for phone in devices.values():
            phone.shows(table.phones.number)   # the game's end reached every phone
        assert check_frames(recorder, devices) >= moves
        assert recorder.checked >= moves
        last = devices[0].frames[-1]
        assert last["type"] == "state" and last["over"] and last["status"].startswith("Game over")
        # phones33: "Game over: Bo wins" was sent as the last reveal's count began (the winner before the count)
        assert recorder.early == 0


@pytest.mark.slow
def test_three_phones_play_roll_call_with_an_out_of_turn_call_and_a_dropped_phone(app):
    """Roll Call with three phones and an AI: a phone calls out of turn (its
    "Call out of turn!" while another seat must act); a phone that drops
    mid-round leaves the table "waiting for Bo's phone" until it reconnects;
    the whole game ends, with no other seat's hidden dice in any message."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy"), Seat("Di")]
    with browser() as chromium:
        match, table, recorder, devices = start(app, chromium, "roll-call", seats, (0, 1, 3), seed=5,
                                                options={"starting_dice": 2, "odds_helper": True})
        done = {"oot": False, "drop": False}

        def decide(seat, phone, moves):
            others = [s for s in devices if s != seat and any(c["type"] == "CallOutOfTurn"
                                                              for c in sent_now(recorder, table, s)["choices"])]
            if not done["oot"] and sent_now(recorder, table, seat)["bids"] and others:
                caller = others[0]
                devices[caller].shows(table.phones.number)
                devices[caller].challenge("CallOutOfTurn")
                run_until(app, lambda: type(match.history[-1][1]).__name__ == "CallOutOfTurn",
                          "the out-of-turn call to reach the table")
                assert match.history[-1][0] == caller
                done["oot"] = True
                return
            if not done["drop"] and moves >= 2:
                phone.close()   # the phone locks / loses Wi-Fi
                run_until(app, lambda: not table.phones.connected(seat), "the table to notice the dropped phone")
                assert table.phones.waiting_for() == seat
                table.draw(app.canvas, 0.0)
                assert table.phones.waiting_button is not None   # "Waiting for Di's phone"
                moved = len(match.history)
                app.run_frames(30)
                assert table.phones.waiting_for() == seat and len(match.history) == moved, "the table waits"
                phone.open()
                run_until(app, lambda: table.phones.connected(seat), "the phone to come back")
                phone.shows(table.phones.number)
                done["drop"] = True
            if any(c["type"] == "Call" for c in sent_now(recorder, table, seat)["choices"]) and moves % 4 == 3:
                phone.challenge("Call")
            else:
                phone.lowest_bid()

        play(app, table, recorder, devices, decide=decide, limit=600)
        assert match.is_over and done["oot"] and done["drop"]
        app.run_frames(3)
        for phone in devices.values():
            phone.shows(table.phones.number)
        check_frames(recorder, devices)


def test_a_spent_or_retired_code_shows_no_dice_in_a_real_browser(app):
    """A second phone that scanned Ana's code (a photo of the screen) gets
    words and no dice; after Ana asks for a new code (pause menu, "Phone
    codes", "New code", behind her curtain) her old phone is told, its link
    shows no dice on reload, and her new phone gets her dice."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table = phone_table(app, "liars-dice", seats, (0, 1), seed=8)
        code = table.phones.url(0)
        ana = Phone(chromium, code)
        run_until(app, lambda: table.phones.connected(0), "Ana's phone")
        ana.shows(1)
        assert ana.page.url != code and "/p/" in ana.page.url, "the page moved to its own key"
        thief = Phone(chromium, code)
        assert thief.response.status == 410
        assert "already used by another phone" in thief.page.inner_text("body")
        assert thief.page.query_selector("#dice") is None and thief.frames == []
        assert table.phones.connected(0)
        hands = Hands(app)
        hands.press(pygame.K_ESCAPE)   # Ana's curtain: the hand-out ends
        hands.frames(2)
        assert hands.top is table
        hands.press(pygame.K_ESCAPE)
        hands.frames(2)
        hands.click("Phone codes")
        hands.frames(2)
        hands.click([c for c in hands.controls() if c.label == "New code"][0])
        hands.frames(2)
        hands.pass_curtain(by="click")
        ana.page.wait_for_function("() => document.getElementById('link').textContent === 'closed'",
                                   timeout=WAIT * 1000)
        assert "linked to a new phone" in ana.page.inner_text("#status")
        assert ana.page.is_hidden("#cup"), "the old phone shows no dice once another holds the seat"
        old_key = ana.page.url
        again = Phone(chromium, old_key)
        assert again.response.status == 410 and again.page.query_selector("#dice") is None
        new = Phone(chromium, table.phones.url(0))
        run_until(app, lambda: table.phones.connected(0), "Ana's new phone")
        new.shows(1)
        dice = [f for f in new.frames if f.get("type") == "state"][-1]["dice"]
        assert dice == list(match.state.view(0).my_faces)


def test_a_phone_that_lost_the_race_for_a_code_keeps_the_whole_sentence(app):
    """Two phones open Ana's code at once: both pages load, one socket claims
    the seat, the other is told "This code was already used by another phone
    ... the pause menu's Phone codes gives your seat a new code."  That page's
    status line kept the socket's close reason, cut at 120 bytes ("... Phone
    codes give"), once the toast with the whole sentence had gone (qa31, two
    tabs in Chromium)."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table = phone_table(app, "liars-dice", seats, (0, 1), seed=8)
        code = table.phones.url(0)
        late = chromium.new_context(**PHONE).new_page()
        held = []
        late.route("**/static/phone.js", lambda route: held.append(route))   # its script waits: no socket yet
        late.goto(code, wait_until="commit")
        late.wait_for_function("() => document.getElementById('status') !== null", timeout=WAIT * 1000)
        run_until(app, lambda: bool(held), "the late phone's page (its code still open)")
        ana = Phone(chromium, code)
        run_until(app, lambda: table.phones.connected(0), "Ana's phone")
        held[0].continue_()   # now the late phone's script opens its socket on the spent code
        late.wait_for_function("() => document.getElementById('link').textContent === 'closed'",
                               timeout=WAIT * 1000)
        late.wait_for_function("() => document.getElementById('toast').hidden", timeout=WAIT * 1000)
        status = late.inner_text("#status")
        assert status == phone_server.SPENT, status
        assert late.is_hidden("#cup") and table.phones.connected(0) and ana.page.url != code


def test_a_seat_played_on_the_screen_goes_back_to_a_new_phone_in_a_real_browser(app):
    """Bo's phone (Chromium) dies, he plays on the screen; reopened, its old
    link says the seat plays on the big screen and shows no dice.  Pause >
    Phone codes > "Use a phone" on his row, his curtain, his code: a new phone
    opens it and draws his dice, and the table's screen never shows them."""
    from tests.test_phone_back_from_screen import bo_plays_on_the_screen, hands_until, open_bos_code
    with browser() as chromium:
        match, table, hands, bo = bo_plays_on_the_screen(app, lambda url: Phone(chromium, url))
        again = Phone(chromium, bo.url)   # the dead phone's tab reopened: its own key, retired
        assert again.response.status == 410 and "plays on the big screen" in again.page.inner_text("body")
        assert again.page.query_selector("#dice") is None
        open_bos_code(app, hands)
        new = Phone(chromium, table.phones.url(1))
        hands_until(hands, lambda: app.top.name != "phones", "the new phone to take Bo's code")
        assert table.phones.holds(1) and table.secrecy.on_phone(1)
        new.shows(table.phones.number)
        drawn = new.page.eval_on_selector_all("#dice > *", "els => els.length")
        assert drawn == len(match.state.view(1).my_faces) > 0
        assert [f for f in new.frames if f.get("type") == "state"][-1]["dice"] == list(match.state.view(1).my_faces)
        assert hands.checked > 20


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_after_a_reveal_every_phone_shows_its_outcome_until_the_next_round_is_dealt(app, game_id):
    """qa31 (4 phones, Liar's Dice): after a reveal the phones at once said
    "The dice are rolling..." and never showed whose bid it was, how many
    there were, who lost a die.  Now each phone shows the table's verdict and
    the dice that counted by seat, never before the table's count shows it,
    and until its next round's dice are on it."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy"), Seat("Di")]
    with browser() as chromium:
        match, table, recorder, devices = start(app, chromium, game_id, seats, (0, 1, 2, 3), seed=21,
                                                options={"starting_dice": 2})

        def decide(seat, phone, moves):
            calls = phone.page.evaluate("() => Array.from(document.querySelectorAll('#challenges button'))"
                                        ".map(b => b.dataset.type)")
            phone.challenge("Call") if "Call" in calls and moves >= 3 else phone.lowest_bid()

        play(app, table, recorder, devices, decide=decide, until=lambda: table.reveal is not None)
        reveal = table.reveal
        assert reveal is not None
        verdict = table.text.verdict(reveal)
        run_until(app, lambda: table.reveal is None and (match.state.is_chance() or table.throw_view is not None),
                  "the reveal to end and the next round's dice to roll")
        for seat, phone in devices.items():
            phone.shows(table.phones.number)
            assert phone.page.is_visible("#outcome"), f"seat {seat}'s phone shows no outcome after the reveal"
            assert phone.page.inner_text("#verdict") == verdict
            counted = phone.page.inner_text("#counted")
            assert all(f"{s.name} {n}" in counted for s, n in zip(seats, reveal.counts)), counted
        run_until(app, lambda: any(turn_of(recorder, table, s) for s in devices), "the next round's first turn")
        for seat, phone in devices.items():
            phone.shows(table.phones.number)
            assert phone.page.is_hidden("#outcome"), "the outcome stays past the next round's deal"
        # never sooner than the table's count: every message that held it was sent once the verdict showed
        told = [m for m in recorder.sent.values() if m["outcome"] is not None]
        assert told and all(m["outcome"]["verdict"] == verdict for m in told)
        assert recorder.early == 0
        check_frames(recorder, devices)


@pytest.mark.parametrize("game_id", ["diced-out", "roll-the-bones", "roll-for-it"])
def test_the_tables_news_reaches_the_phones_of_games_without_reveals(app, game_id):
    """The same gap in the games whose dice are all public: a banner on the
    big screen ("Round 1 done", "DICED OUT!", "Tiebreak!") never reached the
    phones.  Each phone now shows the newest banner while the table shows it."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table, recorder, devices = start(app, chromium, game_id, seats, (0, 1), seed=3)

        def shown():
            return [b for b in table.banners.items if b.alive(table.time)]

        if not shown():
            play(app, table, recorder, devices, decide=tap_the_first_move, until=lambda: bool(shown()), limit=200)
        news = shown()[-1]
        run_until(app, lambda: all((sent_now(recorder, table, s) or {}).get("outcome") for s in devices),
                  "the phones to be sent the news")   # the banner went up later in a frame than the link's pump
        for seat, phone in devices.items():
            phone.shows(table.phones.number)
            assert phone.page.is_visible("#outcome"), f"seat {seat}'s phone shows no news of {news.title!r}"
            assert news.title in phone.page.inner_text("#verdict")
        check_frames(recorder, devices)



def test_a_phone_page_gets_the_games_icon_not_a_404(app):
    """qa31: every phone page asked for /favicon.ico and got a 404.  The
    server answers with the game window's icon (a PNG), as the phone's browser asks."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table = phone_table(app, "liars-dice", seats, (0, 1), seed=8)
        page = chromium.new_context(**PHONE).new_page()
        page.goto(table.phones.url(0))
        run_until(app, lambda: table.phones.connected(0), "Ana's phone")
        icon = page.request.get(page.url.split("/p/")[0] + "/favicon.ico")
        assert icon.status == 200 and icon.headers["content-type"] == "image/png", icon.status
        assert icon.body()[:8] == b"\x89PNG\r\n\x1a\n"


def tap_the_first_move(seat, phone, moves):
    """A phone player who taps the first move offered (and bids when that is all there is)."""
    phone.tap("#challenges button, #choices button, #faces button:not([disabled])")
    if phone.page.is_visible("#bidbtn:not([disabled])"):
        phone.tap("#bidbtn")


@pytest.mark.parametrize("game_id", ["diced-out", "roll-the-bones", "roll-for-it"])
def test_the_tables_news_stays_on_the_phones_until_their_next_turn(app, game_id):
    """phones33: in these games the phone's news lasted only while the banner
    showed (a few seconds): a player who glanced at their phone later saw
    nothing.  The last news stays until the next news or, once the banner is
    gone, that seat's next turn (as the bidding games' "Last round" panel)."""
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table, recorder, devices = start(app, chromium, game_id, seats, (0, 1), seed=3)
        newest = []

        def shown():
            up = [b for b in table.banners.items if b.alive(table.time)]
            if up:
                newest[:] = [up[-1]]
            return up

        if not shown():
            play(app, table, recorder, devices, decide=tap_the_first_move, until=lambda: bool(shown()), limit=200)
        run_until(app, lambda: not shown(), "the banner to go")
        news = newest[-1]
        app.run_frames(2)   # the link hears the banner went on its next pump
        told = {s for s in devices if not turn_of(recorder, table, s)}
        assert told, "every phone seat is at its turn: nothing to check"
        for seat in told:
            phone = devices[seat]
            phone.shows(table.phones.number)
            assert phone.page.is_visible("#outcome"), f"seat {seat}'s news of {news.title!r} went with the banner"
            assert news.title in phone.page.inner_text("#verdict")
        play(app, table, recorder, devices, decide=tap_the_first_move,
             until=lambda: not shown() and any(turn_of(recorder, table, s) for s in devices), limit=200)
        seat = next(s for s in devices if turn_of(recorder, table, s))
        devices[seat].shows(table.phones.number)
        assert devices[seat].page.is_hidden("#outcome"), "the news stays past the seat's next turn"
        check_frames(recorder, devices)
