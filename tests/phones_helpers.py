"""Shared pieces of the phone tests: a table with phones on the loopback
address, Chromium from the OS driven by Playwright, and the secrecy recorder."""
from __future__ import annotations

import contextlib
import os
import shutil
import time

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
"""A phone-sized portrait screen with touch (about an iPhone 14's CSS pixels)."""
WAIT = 20.0
"""Seconds a test waits for a phone or the server before it fails (a bound, never a pace)."""


def needs_chromium():
    """Skip (saying why) only when the OS's Chromium or Playwright is missing."""
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Chromium is not installed (/usr/bin/chromium; .ci/run installs it)")
    pytest.importorskip("playwright.sync_api", reason="playwright (a dev dependency) is not installed")


@contextlib.contextmanager
def browser():
    """Chromium from the OS (never a downloaded browser), headless."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
                                     args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def phone_table(app, game_id, seats, phones, seed, options=None):
    """A table whose ``phones`` seats play on phones (server on 127.0.0.1), its codes screen closed."""
    from game.core.match import Match
    from game.scenes.launch import make_table
    match = Match(game_id, seats, options or {}, seed=seed)
    match.phone_seats = tuple(phones)
    table = make_table(app, match)
    app.start(table)
    app.apply_transitions()
    assert app.top.name in ("phones", "curtain"), "a table with phones opens on its codes (a curtain first)"
    return match, table   # no frame run yet: nothing sent to a phone


def run_until(app, condition, what: str, limit: float = WAIT, frame=None) -> None:
    """Run the game's frames until ``condition()`` (a phone's message arrives
    on another thread): bounded by ``limit`` seconds, failing with ``what``.
    ``frame``: how one frame passes (``Hands.frames``; else ``app.run_frames``)."""
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        if frame is not None:
            frame()
        else:
            app.run_frames(1)


def other_hands_changed(state, seat):
    """A copy of ``state`` where every other seat's hidden dice show other faces."""
    changed = state.clone()
    for name in ("faces", "hands"):
        hands = getattr(changed, name, None)
        if isinstance(hands, list):
            setattr(changed, name, [h if p == seat else tuple(f % 6 + 1 for f in h) for p, h in enumerate(hands)])
    return changed


class SecrecyRecorder:
    """Wraps a table's ``PhoneLink.message``: every message built for a phone
    is kept, and built again with every other seat's hidden dice changed; the
    two must be equal (the message cannot depend on dice it may not show)."""

    def __init__(self, table):
        self.table = table
        self.sent: dict[tuple[int, int], dict] = {}
        self.checked = 0
        self.early = 0
        """Messages that told a reveal's outcome (or that the game is over, so who won)
        while the table's count had not yet shown it."""
        link = table.phones
        build = link.message

        def message(seat):
            msg = build(seat)
            real = table.match.state
            table.match.state = other_hands_changed(real, seat)
            try:
                again = build(seat)
            finally:
                table.match.state = real
                build(seat)   # the link's choices for the real state again
            assert again == msg, f"seat {seat}'s message depends on another seat's hidden dice"
            self.checked += 1
            told = msg.get("outcome") is not None or msg.get("over") or msg.get("status", "").startswith("Game over")
            if told and getattr(table, "reveal", None) is not None and not getattr(table, "_verdict_said", True):
                self.early += 1
            self.sent[(seat, msg["version"])] = msg
            return msg
        link.message = message
        link.publish()   # the views the hand-out sent before this recorder was there, sent again through it


class PhoneClient:
    """A phone without a browser: an aiohttp WebSocket client on its own thread
    and loop (as a real phone is another machine), for the protocol tests."""

    def __init__(self, url: str):
        import asyncio
        import threading
        self.url = url.replace("http://", "ws://").replace("/p/", "/ws/")
        self.messages: list = []
        self.close_code: int | None = None
        self.status: int | None = None
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._ws = None
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._connect(), self._loop).result(WAIT)

    async def _connect(self):
        import aiohttp
        self._session = aiohttp.ClientSession()
        try:
            self._ws = await self._session.ws_connect(self.url)
        except aiohttp.WSServerHandshakeError as exc:
            self.status = exc.status
            return
        self.status = 101
        self._reader = self._loop.create_task(self._read())

    async def _read(self):
        import aiohttp
        async for msg in self._ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                with self._lock:
                    self.messages.append(__import__("json").loads(msg.data))
        self.close_code = self._ws.close_code

    def send(self, data) -> None:
        import asyncio
        text = data if isinstance(data, str) else __import__("json").dumps(data)
        asyncio.run_coroutine_threadsafe(self._ws.send_str(text), self._loop).result(WAIT)

    def received(self, kind: str) -> list:
        with self._lock:
            return [m for m in self.messages if m.get("type") == kind]

    def key_url(self) -> str | None:
        """The link this phone reloads with: its own key, once it claimed its seat's code."""
        linked = self.received("linked")
        return self.url.rsplit("/", 1)[0].replace("ws://", "http://").replace("/ws", "/p") + "/" + linked[0]["key"] \
            if linked else None

    def latest(self) -> dict | None:
        states = self.received("state")
        return states[-1] if states else None

    def close(self) -> None:
        import asyncio

        async def shut():
            if self._ws is not None:
                await self._ws.close()
            await self._session.close()
        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(WAIT)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(WAIT)
