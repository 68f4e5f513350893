"""Phones as private cups (issue 44) without a browser: the real server on
127.0.0.1 and phones played by a WebSocket client on its own thread
(tests/phones_helpers.py ``PhoneClient``); the table driven as a person does.

"each seat's link carries a random secret (rotated each game) and is bound to
that seat; a wrong or reused token gets nothing ... messages are size-limited,
rate-limited and validated like every other input (a clear refusal, never a
traceback, never a changed game)".
"""
from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.core.match import Match, Seat
from game.phones import server as phone_server
from game.phones import wire
from game.ui.secrecy import Secrecy
from tests.helpers import past_the_opening, pass_curtain, key
from tests.phones_helpers import WAIT, PhoneClient, phone_table, run_until
from tests.realinput import Hands


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:   # 127.0.0.1 only
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def close_codes(app):
    app.feed(key(pygame.K_ESCAPE))
    app.run_frames(2)


# --- the policy ----------------------------------------------------------------
def test_a_phone_seats_dice_are_never_face_up_on_the_screen():
    """"the table's one visibility policy treats a phone seat's dice as never
    drawn face-up on the big screen" - in hot-seat even while confirmed and
    peeking, alone with AIs too; a replay (the game is over) shows every hand."""
    hot = Secrecy([0, 1], hidden_dice=True)
    hot.set_phones([0])
    hot.confirm(0)
    assert hot.confirmed is not None
    hot.peek()
    assert not hot.may_show(0) and hot.viewer is None
    hot.confirm(1)
    hot.peek()
    assert hot.may_show(1) and not hot.may_show(0), "the screen's seat keeps its hot-seat peek"
    solo = Secrecy([0], hidden_dice=True)
    solo.set_phones([0])
    assert not solo.may_show(0) and solo.viewer is None and not solo.shown_to_all(0)
    replay = Secrecy([0, 1], hidden_dice=True, replay=True)
    replay.set_phones([0])
    assert replay.may_show(0)


# --- the wire --------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=700), st.text(max_size=700),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                              lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4))
                 .map(json.dumps)))
def test_anything_a_phone_sends_is_read_or_refused_never_raised(raw):
    try:
        data = wire.parse_inbound(raw)
    except wire.Refused as exc:
        assert str(exc)
        return
    assert data["type"] in ("act", "ping")


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call", "roll-the-bones", "roll-for-it", "diced-out"])
def test_every_games_phone_view_is_plain_data_never_an_objects_repr(game_id):
    """The message's "view" is the seat's view as JSON data.  Roll the Bones'
    view (a plain class, not a dataclass) went to the phones as the string
    "<game.games.roll_the_bones.rules.BonesView object at 0x7f...>": a memory
    address of the game for anyone on the Wi-Fi, a new string on every
    message (qa31, six phones in Chromium)."""
    match = Match(game_id, [Seat("Ana"), Seat("Bo", "ai", "easy"), Seat("Cy", "ai", "easy")], {}, seed=3)
    view = wire.jsonable(match.state.view(0))
    assert isinstance(view, dict) and view["me"] == 0
    text = json.dumps(view)
    assert " object at 0x" not in text, text[:120]
    assert json.dumps(wire.jsonable(match.state.view(0))) == text, "the same view, the same bytes"


def test_the_inbound_checks_say_why():
    assert "too long" in str(pytest.raises(wire.Refused, wire.parse_inbound, "x" * 600).value)
    assert "JSON" in str(pytest.raises(wire.Refused, wire.parse_inbound, b"\xff{").value)
    assert "choice" in str(pytest.raises(wire.Refused, wire.parse_inbound, '{"type":"act","version":1,"choice":-1}').value)
    assert pytest.raises(wire.Refused, wire.parse_inbound, '{"type":"act","version":true,"choice":0}')
    assert pytest.raises(wire.Refused, wire.parse_inbound, '{"type":"act","choice":0}')
    assert pytest.raises(wire.Refused, wire.parse_inbound, '{"type":"shutdown"}')
    assert wire.parse_inbound('{"type":"act","version":3,"choice":2}') == {"type": "act", "version": 3, "choice": 2}


def test_the_token_bucket_allows_bursts_then_the_rate():
    bucket = phone_server.TokenBucket(rate=8, burst=16)
    assert sum(bucket.allow(0.0) for _ in range(40)) == 16
    assert sum(bucket.allow(1.0) for _ in range(40)) == 8


# --- the server -----------------------------------------------------------------
def liars_table(app, phones=(0, 1), seats=None, seed=4):
    seats = seats or [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "normal")]
    return phone_table(app, "liars-dice", seats, phones, seed)


def test_wrong_and_old_tokens_get_nothing_and_each_game_has_new_ones(app, monkeypatch):
    """A token one letter off gets nothing.  The tokens here end in "a", the
    letter the near miss used to put last: one real token in 31 does, and the
    "wrong" token was then the right one (a 200 in the merge's quick suite).
    (Capitals are no near miss: the server reads a typed link in lower case.)"""
    fresh = wire.new_token
    monkeypatch.setattr(wire, "new_token", lambda: fresh()[:-1] + "a")
    match, table = liars_table(app)
    app.run_frames(2)
    url = table.phones.url(0)
    status, page = get(url)
    assert status == 200 and "phone.js" in page
    base = url.rsplit("/", 1)[0]
    token = table.phones.tokens[0]
    near = token[:-1] + ("b" if token.endswith("a") else "a")
    for bad in ("x", near, "..%2f..%2fetc"):
        status, text = get(f"{base}/{bad}")
        assert status == 404 and "Ana" not in text and "liars" not in text.lower()
    assert PhoneClient(base.replace("/p", "/ws") + "/nope").status == 403
    old = table.phones.tokens[0]
    # the next game (Continue makes new codes the same way) has new secrets
    table.use_phones([0, 1])
    assert table.phones.tokens[0] != old
    assert get(table.phones.url(0).rsplit("/", 1)[0] + "/" + old)[0] == 404
    assert PhoneClient(table.phones.url(0).rsplit("/", 1)[0] + "/" + old).status == 403
    assert get(table.phones.url(0))[0] == 200
    assert not get(table.phones.url(0).rsplit("/p/", 1)[0] + "/static/../server.py")[0] == 200


def test_a_tap_on_a_view_sent_again_with_nothing_moved_is_played(app):
    """phones33's walk: Di tapped "roll the dice" in Diced Out just as the
    "rolls again" banner went; the table had sent every phone its view again
    for that (a new number, nothing moved), and the tap was refused "The table
    has moved on: look again." with the same button back.  A tap on a view
    sent again is played when no move was made since and it is still legal."""
    match, table = liars_table(app)
    phone = PhoneClient(table.phones.url(0))
    try:
        run_until(app, lambda: phone.latest() is not None, "the first view")
        close_codes(app)
        run_until(app, lambda: table.deciding_human() == 0 and (phone.latest() or {}).get("choices"), "Ana's turn")
        view, before = phone.latest(), len(match.history)
        table.phones.publish()   # sent again (a banner went, a phone came back): nothing moved
        assert table.phones.number > view["version"]
        phone.send({"type": "act", "version": view["version"], "choice": 0})
        run_until(app, lambda: len(match.history) > before or phone.received("refused"), "Ana's tap to be heard")
        assert not phone.received("refused") and match.history[before][0] == 0
        # once a move was made, a tap on a view from before it is refused as before
        phone.send({"type": "act", "version": view["version"], "choice": 0})
        run_until(app, lambda: phone.received("refused"), "the stale tap's refusal")
        assert phone.received("refused")[0]["reason"] == "The table has moved on: look again."
        assert len(match.history) == before + 1
    finally:
        phone.close()


def test_bad_messages_get_a_clear_refusal_and_change_nothing(app):
    match, table = liars_table(app)
    phone = PhoneClient(table.phones.url(0))
    run_until(app, lambda: phone.latest() is not None, "the first view")
    close_codes(app)
    run_until(app, lambda: table.deciding_human() == 0 and (phone.latest() or {}).get("choices"), "Ana's turn")
    before = list(match.history)
    view = phone.latest()
    for bad in ("x" * 600, "not json", "[1, 2]", '{"type": "act"}', '{"type": "act", "version": 1, "choice": 999}',
                json.dumps({"type": "act", "version": view["version"], "choice": 399}),
                json.dumps({"type": "act", "version": view["version"] - 1, "choice": 0}),
                '{"type": "act", "version": 1e999, "choice": 0}', "[" * 300 + "]" * 300):
        phone.send(bad)
    run_until(app, lambda: any("moved on" in m["reason"] for m in phone.received("refused")), "the refusals")
    app.run_frames(5)
    reasons = [m["reason"] for m in phone.received("refused")]
    assert any("too long" in r for r in reasons) and any("JSON" in r for r in reasons)
    assert any("moved on" in r for r in reasons), "a stale or unknown choice is refused by the table"
    assert match.history == before and phone.close_code is None
    # and a good tap still plays
    phone.send({"type": "act", "version": phone.latest()["version"], "choice": 0})
    run_until(app, lambda: len(match.history) > len(before), "Ana's bid")
    assert match.history[len(before)][0] == 0
    # a frame beyond the server's limit closes that socket (message too big), nothing else
    phone.send("y" * (phone_server.MAX_FRAME + 10))
    run_until(app, lambda: phone.close_code is not None, "the socket to close")
    assert phone.close_code == 1009
    phone.close()


def test_a_flood_is_refused_then_cut_off_and_never_moves_the_game(app):
    match, table = liars_table(app)
    phone = PhoneClient(table.phones.url(1))
    run_until(app, lambda: phone.latest() is not None, "the first view")
    before = list(match.history)
    stale = json.dumps({"type": "act", "version": 0, "choice": 0})
    for _ in range(phone_server.FLOOD_LIMIT + int(phone_server.BURST) + 20):
        if phone.close_code is not None:
            break
        try:
            phone.send(stale)
        except ConnectionError:
            break
    run_until(app, lambda: phone.close_code is not None, "the flooding socket to be closed")
    assert phone.close_code == 1008
    assert table.phones.server.refused >= phone_server.FLOOD_LIMIT
    assert len(phone.received("refused")) < 12, "a flood is not answered message for message"
    app.run_frames(3)
    assert match.history == before
    phone.close()
    other = PhoneClient(table.phones.url(0))   # the other seats are untouched
    run_until(app, lambda: other.latest() is not None, "the other phone's view")
    other.close()


def test_a_reloaded_phone_gets_its_seat_back_and_the_old_socket_is_let_go(app):
    match, table = liars_table(app)
    first = PhoneClient(table.phones.url(0))
    run_until(app, lambda: first.latest() is not None and first.key_url(), "the first view and the phone's key")
    second = PhoneClient(first.key_url())   # the same phone reloads its page: it holds its seat's key
    run_until(app, lambda: first.close_code is not None and second.latest() is not None, "the takeover")
    assert first.close_code == 4000 and second.latest()["seat"] == 0
    assert second.latest()["dice"] == list(match.state.view(0).my_faces)
    second.close()


def test_a_code_is_spent_once_a_phone_claims_it(app):
    """"A code once claimed by a phone cannot be silently claimed by a second
    phone": a second phone that scanned Ana's code (a photo of the screen) is
    refused in words and gets no dice, and Ana's phone keeps its seat."""
    match, table = liars_table(app)
    code = table.phones.url(0)
    ana = PhoneClient(code)
    run_until(app, lambda: ana.latest() is not None and ana.key_url(), "Ana's view")
    status, text = get(code)
    assert status == 410 and "already used by another phone" in text and "Ana" not in text
    thief = PhoneClient(code)
    run_until(app, lambda: thief.close_code is not None, "the refusal")
    assert thief.close_code == phone_server.CLOSE_SPENT
    assert thief.received("state") == [] and thief.received("linked") == []
    assert [m["reason"] for m in thief.received("refused")] == [phone_server.SPENT]
    app.run_frames(3)
    assert ana.close_code is None and table.phones.connected(0)
    # a token of seat 1 (or Ana's key) never yields another seat's dice
    bo = PhoneClient(table.phones.url(1))
    run_until(app, lambda: bo.latest() is not None, "Bo's view")
    assert bo.latest()["seat"] == 1 and bo.latest()["dice"] == list(match.state.view(1).my_faces)
    assert ana.latest()["seat"] == 0 and ana.latest()["dice"] == list(match.state.view(0).my_faces)
    assert all(m["seat"] == 1 for m in bo.received("state")) and all(m["seat"] == 0 for m in ana.received("state"))
    for phone in (ana, bo, thief):
        phone.close()


def test_a_request_that_is_no_socket_leaves_the_code_open(app):
    """A plain GET (or a broken handshake: no Upgrade, a bad key) on a code's
    socket address is refused and does not spend the code: Ana's phone,
    opening it next, still gets her seat (the code was spent before the
    handshake was checked, so her phone was told another phone had used it)."""
    match, table = liars_table(app)
    app.run_frames(2)
    code = table.phones.url(0)
    socket_address = code.replace("/p/", "/ws/")
    status, text = get(socket_address)
    assert status == 400 and "Ana" not in text
    request = urllib.request.Request(socket_address, headers={
        "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "!!"})
    try:
        urllib.request.urlopen(request, timeout=10)
    except urllib.error.HTTPError as exc:
        assert exc.code == 400
    assert not table.phones.code_claimed(0)
    ana = PhoneClient(code)
    run_until(app, lambda: ana.latest() is not None, "Ana's view")
    assert ana.received("refused") == [] and ana.key_url() and ana.latest()["seat"] == 0
    ana.close()


def test_a_new_code_lets_the_old_phone_go_and_its_key_stops_working(app):
    """Re-linking (a new code for the seat, shown behind its own curtain)
    retires the old code and the old phone's key: the old phone is told so
    and, reconnecting with its key, sees no dice."""
    match, table = liars_table(app)
    old_code = table.phones.url(0)
    old = PhoneClient(old_code)
    run_until(app, lambda: old.latest() is not None and old.key_url(), "the old phone's view")
    old_key = old.key_url()
    table.phones.new_code(0)
    run_until(app, lambda: old.close_code is not None, "the old phone to be let go")
    assert old.close_code == phone_server.CLOSE_RELINKED
    for stale in (old_key, old_code):
        again = PhoneClient(stale)
        run_until(app, lambda: again.close_code is not None, "the refusal")
        assert again.received("state") == [] and again.close_code in (phone_server.CLOSE_RELINKED,
                                                                       phone_server.CLOSE_SPENT)
        assert get(stale)[0] == 410
        again.close()
    new = PhoneClient(table.phones.url(0))
    run_until(app, lambda: new.latest() is not None, "the new phone's view")
    assert new.latest()["dice"] == list(match.state.view(0).my_faces)
    old.close()
    new.close()


# --- the table ------------------------------------------------------------------
def test_phone_seats_skip_the_curtain_and_their_dice_stay_off_the_screen(app):
    """Mixed at one table: Ana on her phone, Bo at the screen (hot-seat with
    curtain and peek), Cy an AI.  The curtain only ever comes for Bo; Ana's
    dice are never drawn face-up, even while Bo peeks."""
    match, table = liars_table(app, phones=(0,), seats=[Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")])
    ana = PhoneClient(table.phones.url(0))
    run_until(app, lambda: ana.latest() is not None, "Ana's view")
    close_codes(app)
    curtains, ana_moves, bo_moves = set(), 0, 0
    for _ in range(6000):
        if match.is_over or (ana_moves >= 3 and bo_moves >= 3):
            break
        app.run_frames(1)
        if app.top.name == "curtain":
            curtains.add(app.top.seat)
            pass_curtain(app)   # waits until the curtain takes a deliberate Enter (issue 38)
            continue
        if app.top is not table:
            continue
        table.draw(app.canvas, 0.0)
        assert not any(d.face_up and d.owner == 0 for d in table.renderer.drawn), "Ana's die face-up on the screen"
        if table.human_to_act() == 1 and table.throw_view is None:
            app.feed(key(pygame.K_TAB))   # Bo peeks
            table.draw(app.canvas, 0.0)
            assert any(d.face_up and d.owner == 1 for d in table.renderer.drawn)
            assert not any(d.face_up and d.owner == 0 for d in table.renderer.drawn)
            assert table.submit(1, match.state.legal_actions(1)[0])
            app.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0))
            bo_moves += 1
        elif table.deciding_human() == 0 and table.human_to_act() is None:
            msg = ana.latest()
            if msg and msg["version"] == table.phones.number and msg["choices"]:
                before = len(match.history)
                ana.send({"type": "act", "version": msg["version"], "choice": 0})
                run_until(app, lambda: len(match.history) > before, "Ana's move")
                ana_moves += 1
    assert ana_moves >= 3 and bo_moves >= 3
    assert curtains == {1}, "the curtain never comes for a seat with a phone"
    ana.close()


def test_waiting_for_a_phone_and_playing_that_seat_on_the_screen_instead(app):
    """"while a phone is away the table waits with a clear 'waiting for Ana's
    phone' (or the seat falls back to the screen's hot-seat flow on request)"."""
    match, table = liars_table(app)
    close_codes(app)
    run_until(app, lambda: table.deciding_human() is not None and table.throw_view is None, "a human's turn")
    seat = table.deciding_human()
    app.run_frames(60)
    assert table.deciding_human() == seat and table.phones.waiting_for() == seat, "the table waits"
    table.draw(app.canvas, 0.0)
    button = table.phones.waiting_button
    assert button is not None
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.center, button=1))
    assert not table.phones.holds(seat) and not table.secrecy.on_phone(seat)
    app.run_frames(5)
    assert app.top.name == "curtain" and app.top.seat == seat, "two humans at the screen: the hot-seat curtain"
    assert get(table.phones.url(1 - seat))[0] == 200   # the other seat keeps its phone


def test_pause_menu_offers_phones_and_the_server_stops_with_the_table(app):
    from game.scenes.launch import make_table
    match = Match("roll-call", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "normal")], seed=9)
    table = make_table(app, match)
    app.start(table)
    assert table.phones is None
    app.run_frames(2000, until=lambda a: a.top.name == "curtain")
    app.feed(key(pygame.K_ESCAPE))
    app.run_frames(2)
    assert app.top.name == "pause"
    button = next(w for w in app.top.ui.widgets if getattr(w, "text", "") == "Use phones")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    app.run_frames(3)
    assert app.top.name == "curtain" and app.top.seat == 0, "two humans: Ana's code behind her curtain"
    assert table.phones is not None and table.phones.seats == [0, 1]
    url = table.phones.url(0)
    assert get(url)[0] == 200
    app.nav.title()
    app.run_frames(2)
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)


def test_continue_offers_new_codes(app):
    """"Continue after a quit re-offers the codes": the autosave keeps which
    seats use phones; the continued table shows codes with new secrets."""
    match, table = liars_table(app)
    old = dict(table.phones.tokens)
    close_codes(app)
    app.run_frames(200, until=lambda a: len(match.history) >= 2)
    record = match.to_record()
    assert record["phones"] == [0, 1]
    again = Match.from_record(json.loads(json.dumps(record)))
    assert again.phone_seats == (0, 1)
    app.nav.title()
    app.run_frames(2)
    from game.scenes.launch import make_table
    table2 = make_table(app, again)
    app.start(table2)
    app.apply_transitions()
    assert app.top.name == "curtain" and table2.phones.seats == [0, 1]
    assert all(table2.phones.tokens[s] != old[s] for s in (0, 1))
    app.nav.title()
    app.run_frames(2)


def test_continue_at_a_phone_seats_turn_brings_no_hot_seat_curtain_for_it(app):
    """Continue a game saved at Bo's turn, Ana and Bo on phones: after the
    codes' hand-out (Esc ends it) the table is there, Bo decides on his phone.  It
    showed "Pass to Bo ... hold Tab or Space to look" (the hot-seat curtain,
    asked before the table knew Bo plays on a phone), and no phone heard a
    thing until someone at the screen clicked "I am Bo" (qa31, real window)."""
    match, table = liars_table(app, phones=(0, 1), seed=5)   # Ana and Bo on phones, Cy an AI
    close_codes(app)
    for _ in range(3):
        app.run_frames(600, until=lambda a: table.deciding_human() is not None and not table.is_busy())
        if table.deciding_human() == 0:   # Ana's phone bids (the save is what matters here)
            table.submit(0, min((a for a in match.state.legal_actions(0) if type(a).__name__ == "Bid"),
                                key=lambda bid: (bid.quantity, bid.face)))
    assert table.deciding_human() == 1, "Bo's turn never came"
    again = Match.from_record(json.loads(json.dumps(match.to_record())))
    app.nav.title()
    app.run_frames(2)
    from game.scenes.launch import make_table
    table2 = make_table(app, again)
    app.start(table2)
    app.apply_transitions()
    bo = PhoneClient(table2.phones.url(1))
    run_until(app, lambda: 1 in table2.phones.server.connected, "Bo's phone")
    close_codes(app)   # Esc ends the hand-out (Ana has no phone yet): nothing but the table is left
    assert app.top is table2, f"{app.top.name} over the table: Bo plays on his phone"
    run_until(app, lambda: (bo.latest() or {}).get("your_turn"), "Bo's turn on his phone")
    bo.close()
    app.nav.title()
    app.run_frames(2)


def test_a_game_without_phones_never_loads_the_server():
    """"the game starts and plays exactly as today when no phone is used, with
    no extra start-up cost": no aiohttp, no segno, no thread."""
    code = ("import os, sys, threading; os.environ['SDL_VIDEODRIVER']='dummy'; os.environ['SDL_AUDIODRIVER']='dummy';"
            "from game.app import App; from game.core.match import Match, Seat; from game.scenes.launch import make_table;"
            "app = App(headless=True); app.settings.reduced_motion = True;"
            "m = Match('liars-dice', [Seat('A'), Seat('B'), Seat('C', 'ai', 'easy')], seed=1);"
            "t = make_table(app, m); app.start(t); app.run_frames(120);"
            "print(sorted(n for n in ('aiohttp', 'segno', 'game.phones.server') if n in sys.modules),"
            " [th.name for th in threading.enumerate() if th.name == 'phones'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ, "DICE_TAVERN_HOME": __import__("tempfile").mkdtemp()})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[] []"


def test_the_executables_keep_what_the_server_and_the_codes_need():
    """build.spec leaves out standard modules the game never uses; aiohttp and
    segno must still import and serve with exactly those left out (a frozen
    build takes minutes, this check a second)."""
    import ast
    import re
    from pathlib import Path
    spec = (Path(__file__).resolve().parents[1] / "build.spec").read_text()
    excludes = ast.literal_eval(re.search(r"^excludes = (\[.*?\n\])", spec, re.S | re.M).group(1))
    code = ("import sys\n"
            f"sys.modules.update(dict.fromkeys({sorted(excludes)!r}))   # as if missing: import fails\n"
            "from game.phones.server import PhoneServer\n"
            "from game.scenes.phones import qr_surface\n"
            "server = PhoneServer('127.0.0.1'); server.start({0: 'secret'})\n"
            "assert server.wait_started(), server.failed\n"
            "server.stop()\n"
            "import segno; segno.make('http://127.0.0.1:1/p/x', error='m')\n"
            "print('served')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "served", out.stderr[-2000:]


def click(app, rect_or_pos):
    pos = rect_or_pos.center if hasattr(rect_or_pos, "center") else rect_or_pos
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_setup_offers_use_phones_and_the_table_opens_on_the_codes(app):
    """"Setup offers 'Use phones' for tables with human seats": switched on by
    a click at its drawn place, Start opens the table on its codes; the humans
    are the phone seats, the AI is not."""
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(SetupScene(app, "liars-dice", offer_tutorial=False))
    app.run_frames(1)
    setup = app.top
    setup.set_kind(1, "human")
    app.run_frames(1)
    toggle = next(w for w in setup.ui.widgets if getattr(w, "label", "") == "Use phones")
    click(app, (toggle.value_rect.right - 10, toggle.value_rect.centery))
    assert setup.use_phones
    click(app, next(w for w in setup.ui.widgets if getattr(w, "text", "") == "Start").rect)
    past_the_opening(app, 3)
    assert app.top.name == "curtain" and app.top.seat == 0, "Ana's code comes behind her curtain"
    table = app.top.table
    assert table.phones.seats == [0, 1] and table.secrecy.phones == {0, 1}
    app.nav.title()
    app.run_frames(2)


def test_the_lone_human_called_you_is_asked_for_your_phone_not_yous(app):
    """Setup's default lone human is named "You": switched to phones, the
    code's screen said "You's phone" and "Waiting for You's phone…" (qa31,
    the built executable in a real window).  It says "Your phone"; a friend
    called Ana still gets "Ana's phone"."""
    from game.ui import layout_record

    def drawn_words() -> list[str]:
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        return [b.text for b in record.boxes if b.kind == "text" and b.text.strip()]
    match, table = liars_table(app, phones=(0,), seats=[Seat("You"), Seat("Mags", "ai", "easy")])
    app.run_frames(2)
    assert app.top.name == "phones", "alone with AIs: no curtain before the code"
    words = drawn_words()
    assert "Your phone" in words and "Waiting for your phone\u2026" in words, words
    assert not any("You's" in w for w in words), words
    app.nav.title()
    app.run_frames(2)
    match, table = liars_table(app, phones=(0, 1), seats=[Seat("Ana"), Seat("Bo"), Seat("Mags", "ai", "easy")])
    pass_curtain(app, look=False)   # "I am Ana"
    assert "Ana's phone" in drawn_words()
    app.nav.title()
    app.run_frames(2)


def test_no_human_seat_no_use_phones(app):
    from game.scenes.setup import SetupScene, SeatRow
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(SetupScene(app, "liars-dice", seats=[SeatRow("Mags", "easy"), SeatRow("Finn", "hard")],
                        offer_tutorial=False))
    app.run_frames(1)
    assert not any(getattr(w, "label", "") == "Use phones" for w in app.top.ui.widgets)


@pytest.mark.parametrize("game_id", ["roll-for-it", "roll-the-bones", "diced-out"])
def test_the_other_games_offer_their_moves_by_name_on_the_phone(app, game_id):
    """"generic choices for Roll For It!, Roll the Bones and Diced Out from the
    legal actions' labels": each phone move is a named choice, and taking it
    plays that move at the table."""
    from game.core.match import Seat as S
    match, table = phone_table(app, game_id, [S("Ana"), S("Bo"), S("Cy", "ai", "easy")], (0, 1), seed=3)
    phones = {s: PhoneClient(table.phones.url(s)) for s in (0, 1)}
    run_until(app, lambda: all(p.latest() for p in phones.values()), "both views")
    close_codes(app)
    played = 0
    for _ in range(3000):
        if played >= 4 or match.is_over:
            break
        app.run_frames(1)
        for seat, phone in phones.items():
            msg = phone.latest()
            if not msg or msg["version"] != table.phones.number or not msg["choices"]:
                continue
            assert all(c["label"] and c["kind"] in ("choice", "bid", "challenge") for c in msg["choices"])
            assert [c["label"] for c in msg["choices"]] == [a.label() for a in table.phones.choices(seat)]
            before = len(match.history)
            phone.send({"type": "act", "version": msg["version"], "choice": len(msg["choices"]) - 1})
            run_until(app, lambda: len(match.history) > before, f"{game_id}: seat {seat}'s move")
            played += 1
            break
    assert played >= 4, f"{game_id}: the phones made {played} moves"
    for phone in phones.values():
        phone.close()


@pytest.mark.parametrize("seats", [3, 20])
def test_waiting_for_a_phone_covers_no_words_of_the_table(app, seats):
    """Seen in a real window (Liar's Dice 4, two phones): the "Waiting for
    Player 1's phone" box sat on the centre's "Player 1 opens the bidding",
    cutting it in half, and covered the standing bid a player at the screen
    still needs.  It now sits under the centre's bid, on no words of the
    table and across no panel."""
    from game.ui import layout_record
    names = ["Ana", "Bo"] + [f"Bot{i}" for i in range(2, seats)]
    table_seats = [Seat(n) if i < 2 else Seat(n, "ai", "normal") for i, n in enumerate(names)]
    match, table = liars_table(app, seats=table_seats)
    close_codes(app)
    run_until(app, lambda: table.phones.waiting_for() is not None and table.throw_view is None, "waiting for a phone")
    app.run_frames(30)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    assert table.phones.waiting_button is not None
    found = layout_record.problems(record)
    assert not found, "\n".join(found)



def test_a_tap_on_a_view_the_table_has_moved_past_is_refused_not_played_on_the_new_bid(app):
    """An AI bids later in a frame than the phones are told (``PhoneLink.pump``
    runs first): Ana's phone still shows the old bid with "Call out of turn!"
    until the next frame.  Her tap on it, arriving before that frame, must be
    refused ("the table has moved on"), not played as a call on a bid she never
    saw (a ``CallOutOfTurn`` names no bid: it calls whatever bid stands)."""
    from game.core.match import Seat as S
    from game.ui.scene import FIXED_DT
    seats = [S("Ana"), S("Bo", "ai", "easy"), S("Cy", "ai", "easy"), S("Di", "ai", "easy")]
    match, table = phone_table(app, "roll-call", seats, (0,), seed=5, options={"starting_dice": 3})
    ana = PhoneClient(table.phones.url(0))
    run_until(app, lambda: ana.latest() is not None, "the first view")
    if app.top is not table:
        close_codes(app)
    assert app.top is table

    def current() -> dict | None:
        shown = ana.latest()
        return shown if shown is not None and shown["version"] == table.phones.number else None

    def an_ai_bid_ana_has_not_seen() -> bool:
        shown, last = current(), (match.history or [(0, None)])[-1]
        return (shown is not None and last[0] != 0 and type(last[1]).__name__ == "Bid"
                and any(c["type"] == "CallOutOfTurn" for c in shown["choices"])
                and len(shown["bids"]) != len(match.state.view(0).round_bids)
                and any(type(a).__name__ == "CallOutOfTurn" for a in match.state.legal_actions(0)))
    for _ in range(6000):
        app.run_frames(1, frame_dt=FIXED_DT)   # one fixed step a frame: each AI move lands after that step's pump
        if an_ai_bid_ana_has_not_seen():
            break
        shown = current()
        if shown is not None and shown["your_turn"]:   # Ana's turn: her lowest bid, so the round goes on
            before = len(match.history)
            bid = next(c for c in shown["choices"] if c["kind"] == "bid")
            ana.send({"type": "act", "version": shown["version"], "choice": bid["id"]})
            run_until(app, lambda: len(match.history) > before, "Ana's bid")
    assert an_ai_bid_ana_has_not_seen(), "no AI bid came while Ana could call out of turn"
    shown = ana.latest()
    before = list(match.history)
    call = next(c for c in shown["choices"] if c["type"] == "CallOutOfTurn")
    ana.send({"type": "act", "version": shown["version"], "choice": call["id"]})
    end = time.monotonic() + WAIT
    while table.phones.server.inbound.empty():   # until the tap reaches the server, with no frame run
        assert time.monotonic() < end, "Ana's tap never reached the server"
        time.sleep(0.01)   # a poll of the queue, bounded by WAIT; the game does not move meanwhile
    app.run_frames(1)
    assert match.history[:len(before)] == before
    assert not any(p == 0 for p, _ in match.history[len(before):]), "Ana's call was played on a bid she never saw"
    run_until(app, lambda: any("moved on" in m["reason"] for m in ana.received("refused")), "the refusal")
    ana.close()


def two_phones_at_a_held_reveal(app):
    """Ana and Bo on phones (protocol clients), Cy an AI, "Pause after
    reveals" on: the phones play (a bid, a call once two bids stand) until a
    reveal is held with "continue" on both phones."""
    app.settings.pause_after_reveal = True
    match, table = liars_table(app, seats=[Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], seed=3)
    phones = {seat: PhoneClient(table.phones.url(seat)) for seat in (0, 1)}
    run_until(app, lambda: table.phones.server.connected == frozenset((0, 1)), "both phones")
    if app.top is not table:
        close_codes(app)

    def held_with_continue() -> bool:
        shown = {seat: phone.latest() for seat, phone in phones.items()}
        if table.held.moment is not None and app.top is table:
            return all(m and m["version"] == table.phones.number and any(c["label"] == "continue" for c in m["choices"])
                       for m in shown.values())
        for phone, m in zip(phones.values(), shown.values()):
            if m and m["your_turn"] and m["version"] == table.phones.number:
                call = [c for c in m["choices"] if c["kind"] == "challenge"]
                pick = call[0] if call and m["bids"] and len(m["bids"]) >= 2 else \
                    next(c for c in m["choices"] if c["kind"] == "bid")
                before = len(match.history)
                phone.send({"type": "act", "version": m["version"], "choice": pick["id"]})
                run_until(app, lambda: len(match.history) > before or table.phones.number != m["version"], "the move")
        return False
    run_until(app, held_with_continue, "a held reveal with continue on both phones", limit=60.0)
    return match, table, phones


def test_a_continue_tapped_while_the_table_is_covered_is_refused_with_the_current_view(app):
    """A held reveal ("Pause after reveals"): both phones show "continue".
    Someone at the screen opens Pause > Phone codes (the table is covered, its
    phones still served).  Ana's tap on "continue" is stale: the table has
    moved on from where she could continue.  She is told so in those words
    (not "Not now: the table is busy.") with the current view (no "continue"),
    and the reveal stays held under the codes' list (it was released there)."""
    match, table, phones = two_phones_at_a_held_reveal(app)
    ana = phones[0]
    shown = ana.latest()
    go_on = next(c for c in shown["choices"] if c["label"] == "continue")
    hands = Hands(app)
    hands.press(pygame.K_ESCAPE)
    hands.frames(2)
    hands.click("Phone codes")
    hands.frames(2)
    assert app.top.name == "phones" and table.held.moment is not None
    ana.send({"type": "act", "version": shown["version"], "choice": go_on["id"]})
    run_until(app, lambda: ana.received("refused"), "Ana's answer")
    assert [m["reason"] for m in ana.received("refused")] == ["The table has moved on: look again."]
    run_until(app, lambda: ana.latest()["version"] > shown["version"], "the current view")
    assert not any(c["label"] == "continue" for c in ana.latest()["choices"])
    assert table.held.moment is not None, "the reveal was continued under the codes' list"
    for phone in phones.values():
        phone.close()


def test_a_phone_under_a_held_reveal_says_look_at_the_table_not_that_dice_roll(app):
    """A held reveal ("Pause after reveals", two friends on phones): the next
    round's roll is pending behind it, but nothing rolls until someone
    continues; each phone shows "continue" and says "Look at the table."
    (it said "The dice are rolling…" while the table held the reveal)."""
    match, table, phones = two_phones_at_a_held_reveal(app)
    assert match.state.is_chance(), "the next round's roll waits behind the held reveal"
    assert [phone.latest()["status"] for phone in phones.values()] == ["Look at the table."] * 2
    for phone in phones.values():
        phone.close()


def test_a_bid_tapped_while_the_host_has_the_pause_menu_open_is_played_on_resume(app):
    """Ana's turn, on her phone; someone at the screen presses Esc (the pause
    menu).  Her phone still says "Your turn!" with her moves, and she bids.  The
    table has not moved: on Resume her bid is played (it was refused with "The
    table has moved on: look again.", because covering and uncovering the table
    gave the phones a new number, qa31 in a real window)."""
    match, table = liars_table(app, phones=(0,), seats=[Seat("Ana"), Seat("Bo", "ai", "easy"),
                                                        Seat("Cy", "ai", "easy")], seed=5)
    ana = PhoneClient(table.phones.url(0))
    run_until(app, lambda: ana.latest() is not None, "the first view")
    if app.top is not table:
        close_codes(app)

    def her_turn() -> bool:
        shown = ana.latest()
        return shown["your_turn"] and shown["version"] == table.phones.number
    run_until(app, her_turn, "Ana's turn")
    hands = Hands(app)
    hands.press(pygame.K_ESCAPE)
    hands.frames(3)
    assert app.top.name == "pause"
    run_until(app, lambda: ana.latest()["version"] == table.phones.number, "the phone's view under the pause")
    shown = ana.latest()
    assert shown["your_turn"], "the phone still offers her moves under the pause"
    bid = next(c for c in shown["choices"] if c["kind"] == "bid")
    before = len(match.history)
    ana.send({"type": "act", "version": shown["version"], "choice": bid["id"]})
    end = time.monotonic() + WAIT
    while table.phones.server.inbound.empty():   # the tap reaches the server while the menu is open
        assert time.monotonic() < end, "Ana's tap never reached the server"
        time.sleep(0.01)
    hands.frames(2)
    assert len(match.history) == before, "nothing is played under the pause menu"
    hands.press(pygame.K_ESCAPE)   # Resume
    run_until(app, lambda: len(match.history) > before or ana.received("refused"), "Ana's bid or its refusal")
    assert not ana.received("refused")
    assert match.history[before][0] == 0 and type(match.history[before][1]).__name__ == "Bid"
    ana.close()


def test_a_flood_of_connections_cannot_use_up_the_games_file_handles():
    """A device on the Wi-Fi opens 400 connections and sends half a request on
    each (the game's server shares the game's file handles, which a desktop
    may cap at 256: its saves would fail).  The server keeps at most
    ``MAX_CONNECTIONS`` (plus one accept burst): each new one closes the
    quietest half-sent one; when the flood stops, a phone gets its page again."""
    import os
    import socket
    if not os.path.isdir("/proc/self/fd"):
        pytest.skip("counts file handles in /proc")
    server = phone_server.PhoneServer("127.0.0.1")
    server.start({0: wire.new_token()})
    assert server.wait_started()
    before = len(os.listdir("/proc/self/fd"))
    flood = []
    try:
        for _ in range(400):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
            sock.sendall(b"GET /static/phone.css HTTP/1.1\r\nHost: x\r\n")
            flood.append(sock)
        bound = phone_server.MAX_CONNECTIONS + phone_server.LISTEN_BACKLOG + 4
        end = time.monotonic() + WAIT
        while len(os.listdir("/proc/self/fd")) - before - len(flood) > bound:   # the server closes the rest
            assert time.monotonic() < end, f"the server holds {len(os.listdir('/proc/self/fd')) - before - len(flood)} handles"
            time.sleep(0.05)   # a bounded poll of another thread's work, not a pace
        assert server.open_connections() <= phone_server.MAX_CONNECTIONS + phone_server.LISTEN_BACKLOG
        answers = [_closed_answer(sock) for sock in flood[:5]]
        assert answers == [b""] * 5, "the oldest half-sent requests were closed for the newer ones"
    finally:
        for sock in flood:
            sock.close()
    end = time.monotonic() + WAIT
    while server.open_connections() > 0 and time.monotonic() < end:
        time.sleep(0.05)
    status, page = get(f"http://127.0.0.1:{server.port}/static/phone.css")
    assert status == 200
    server.stop()


def _closed_answer(sock) -> bytes:
    """What a connection the server closed reads: nothing (or a reset)."""
    try:
        return sock.recv(64)
    except ConnectionResetError:
        return b""


def test_headers_trickled_on_every_connection_cannot_keep_a_phone_out():
    """A slowloris on the Wi-Fi: a device opens far more connections than the
    server holds and trickles a header line on each now and then, never
    finishing a request.  Ana's phone, already playing, keeps its socket, and a
    phone that comes now still gets its page (the server had answered every
    newcomer 503 for as long as the device kept its connections half-sent)."""
    import socket
    server = phone_server.PhoneServer("127.0.0.1")
    ana_code, bo_code = wire.new_token(), wire.new_token()
    server.start({0: ana_code, 1: bo_code})
    assert server.wait_started()
    ana = PhoneClient(server.url(ana_code))
    _poll(lambda: ana.key_url() and server.connected == frozenset({0}), "Ana's phone to link")
    flood = []
    try:
        for _ in range(3 * phone_server.MAX_CONNECTIONS):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=WAIT)
            sock.sendall(b"GET /p/x HTTP/1.1\r\nHost: x\r\n")
            flood.append(sock)
        for sock in flood:   # the trickle: one more header line on each still open
            try:
                sock.sendall(b"X-Slow: 1\r\n")
            except OSError:
                pass   # closed by the server for a newer connection
        status, page = get(f"http://127.0.0.1:{server.port}/p/{bo_code}")
        assert status == 200 and "phone.js" in page, "Bo's phone was kept out by half-sent requests"
        status, _ = get(f"http://127.0.0.1:{server.port}/static/phone.js")
        assert status == 200
        assert ana.close_code is None and server.connected == frozenset({0}), "Ana's socket was closed for the flood"
        assert server.open_connections() <= phone_server.MAX_CONNECTIONS + phone_server.LISTEN_BACKLOG + 2
    finally:
        for sock in flood:
            sock.close()
        ana.close()
        server.stop()


def test_a_phone_that_stopped_reading_cannot_hold_up_the_table_closing():
    """Ana's phone lost its Wi-Fi mid-game without a goodbye: it reads nothing,
    and the table's messages fill its socket's buffers.  Closing the table
    (Save and quit, the results) must not wait on it: the server's goodbye to
    that phone is cut off, its thread ends, and ``stop`` returns (it had waited
    its whole ``START_TIMEOUT``, the game's frame frozen, and left the thread
    blocked for good on the phone's full buffers)."""
    server = phone_server.PhoneServer("127.0.0.1")
    code = wire.new_token()
    server.start({0: code})
    assert server.wait_started()
    phone, _key = _stalled_phone(server, code)
    thread = server._thread
    server.stop()
    try:
        assert thread is not None and not thread.is_alive(), "the server's thread still waits on the stalled phone"
    finally:
        phone.close()


@pytest.mark.parametrize("host", ["\u00fc" * 70, "not an address"])
def test_a_phones_address_no_lookup_can_encode_is_a_toast_not_a_crash(app, monkeypatch, host):
    """The phones' address override (``DICE_TAVERN_PHONES_HOST``) set to a name
    the system cannot even encode (70 non-ASCII letters) raised a TypeError
    through "Use phones" (only ``OSError`` is told to the players): now, as for
    any address it cannot serve on, a toast says so and the seats stay on the screen."""
    from game.ui.phone_link import HOST_VARIABLE
    monkeypatch.setenv(HOST_VARIABLE, host)
    match = Match("liars-dice", [Seat("Ana"), Seat("Bo"), Seat("Cy", "ai", "easy")], seed=2)
    from game.scenes.launch import make_table
    table = make_table(app, match)
    app.start(table)
    app.apply_transitions()
    assert table.offer_phones([0, 1]) is False
    assert table.phones is None and match.phone_seats == ()
    assert any(t[0].startswith("Phones are not available") for t in app.toasts)


def _stalled_phone(server, code: str):
    """A phone that opens ``code``'s socket, reads its key, then reads nothing
    more (its Wi-Fi gone): the server's buffers towards it are filled."""
    import socket
    phone = socket.socket()
    phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    phone.connect(("127.0.0.1", server.port))
    phone.sendall(f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n".encode())
    phone.settimeout(WAIT)
    got = b""
    while b'"linked"' not in got or not got.endswith(b"}"):   # the handshake's answer, then {"type": "linked", ...}
        more = phone.recv(1)
        assert more, "the server closed the phone's socket"
        got += more
    key = json.loads(got[got.index(b"{"):])["key"]
    _poll(lambda: server.connected == frozenset({0}), "the phone to connect")
    there = server._sockets[0]._req.transport   # the server's end of the phone's socket
    number = 0

    def full() -> bool:   # a 20-seat table's views (its ~360 bids) go on while the phone is gone
        nonlocal number
        for number in range(number + 1, number + 21):
            server.publish(0, {"type": "state", "version": number, "choices": ["x" * 80] * 400})
        return there.get_write_buffer_size() > 0
    _poll(full, "the phone's buffers to fill")
    return phone, key


def _poll(condition, what: str) -> None:
    """Wait for another thread's work (the server's), bounded by ``WAIT``: a poll, not a pace."""
    end = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_two_tabs_reopening_a_stalled_phones_seat_leave_one_socket_not_a_deaf_one():
    """Ana's phone stalled (Wi-Fi gone); her browser then reopens her page in two
    tabs at once.  While the first waits for the stalled socket's goodbye, the
    second takes the seat; the first must not then take it over blindly,
    leaving the second open but deaf (no view ever again, counted as a socket
    for good).  One tab holds the seat, the other is told "opened elsewhere"."""
    server = phone_server.PhoneServer("127.0.0.1")
    code = wire.new_token()
    server.start({0: code})
    assert server.wait_started()
    stalled, key = _stalled_phone(server, code)
    tabs = []
    try:
        tabs = [PhoneClient(server.url(key)), PhoneClient(server.url(key))]
        server.publish(0, {"type": "state", "version": 10_000})
        _poll(lambda: server._open == 1 and sum(t.close_code == 4000 for t in tabs) == 1,
              "one socket for the seat and one tab told 'opened elsewhere'")
        holder = next(t for t in tabs if t.close_code is None)
        _poll(lambda: any(m.get("version") == 10_000 for m in holder.received("state")),
              "the table's view on the tab holding the seat")
    finally:
        for tab in tabs:
            tab.close()
        stalled.close()
        server.stop()


def test_a_codes_link_has_no_letters_that_look_alike_when_typed_by_hand():
    """qa31: the link under the QR code is drawn in Lato, where l, I and 1
    look alike; a friend typing it by hand guessed.  The secrets use only
    letters and digits that no other one resembles, and still 144 bits or more."""
    import math
    alike = set("lI1O0oi-_")
    tokens = [wire.new_token() for _ in range(40)]
    assert all(not alike & set(t) and t == t.lower() for t in tokens), tokens
    assert len(set(tokens)) == len(tokens)
    assert len(tokens[0]) * math.log2(len(wire.TOKEN_ALPHABET)) >= 144


def test_a_banner_reads_as_one_line_on_the_phone():
    """The walk's Roll For It! phone read "+5 Bo takes the card!: now 5 points"."""
    from game.ui.table_base import news_line
    assert news_line("+5 Bo takes the card!", "now 5 points") == "+5 Bo takes the card! Now 5 points"
    assert news_line("Round 1 done", "14 points - round 2 of 4") == "Round 1 done: 14 points - round 2 of 4"
    assert news_line("DICED OUT!", "") == "DICED OUT!"
