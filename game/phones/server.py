"""The phones' web server: aiohttp (HTTP and WebSocket) on its own thread and
its own asyncio loop, started only while a table uses phones.

It never touches the match.  The game thread hands it one message per seat
(``publish``) and reads what phones ask for from ``inbound`` (a thread-safe
queue), checked here first by ``wire.parse_inbound``; the table then applies
a phone's move on the game thread exactly as a click would.

Every request is bounded: a seat's page and socket need that seat's secret
token of this game (anything else gets a plain 404/403 and nothing of the
game).  A seat's code (what its QR code holds) is claimed once: the first
phone whose socket opens with it gets a phone key of its own (``linked``,
the page then uses the key, reloads too) and the code is spent, so a second
phone that scanned the same code is refused in words, never silently given
the seat (``CLOSE_SPENT``).  A new code for the seat (``new_code``, shown at
the table behind that seat's curtain) retires the old code and key and lets
the old phone go (``CLOSE_RELINKED``).  One socket per key (a reload takes
over from the old one); messages
over ``wire.MAX_INBOUND_BYTES`` are refused unread, larger frames than
``MAX_FRAME`` close the socket; each socket may send ``RATE`` messages a second
(bursts of ``BURST``) and is closed after ``FLOOD_LIMIT`` refused ones; at most
``MAX_SOCKETS`` sockets at once.  A dead phone is noticed by the heartbeat.
At ``MAX_CONNECTIONS`` a new connection closes the quietest one that is not
being answered (a half-sent request, an idle keep-alive), so a device that
trickles headers on every connection it may hold cannot keep the phones out.
"""
from __future__ import annotations

import asyncio
import json
import logging
import queue
import socket
import threading
import time
from importlib import resources
from typing import TYPE_CHECKING, Any, Callable

from . import wire

if TYPE_CHECKING:
    from aiohttp import web

MAX_FRAME = 4096
"""Frames bigger than this close the socket (aiohttp's own limit)."""
RATE = 8.0
BURST = 16.0
FLOOD_LIMIT = 40
"""Refused messages (too fast, malformed) after which a socket is closed."""
MAX_SOCKETS = 24
MAX_CONNECTIONS = 64
"""Connections served at once (each phone opens a few: its page, its files, its
socket), so a device on the network cannot use up the game's file handles (a
desktop's limit can be 256), which its saves and replays need.  A connection
past it closes the quietest connection no request is being answered on
(``PhoneServer._quietest``: a slowloris's half-sent headers, an idle
keep-alive); when every one is busy it is answered 503 and closed at once.
Connections accepted in one burst may pass it by the listen backlog (16)."""
LISTEN_BACKLOG = 16
HEARTBEAT = 4.0
"""Seconds between pings: a phone that stops answering is away after about two."""
START_TIMEOUT = 10.0
CLOSE_WAIT = 1.0
"""Seconds a socket's goodbye may take: a phone that stopped reading (its Wi-Fi
gone, the table's messages filling its socket's buffers) is cut off after it,
so closing the table never waits on a phone."""
PAGE_FILES = {"phone.js": "application/javascript", "phone.css": "text/css"}
CLOSE_RELINKED = 4003
"""The socket's close code when its seat was given a new code at the table."""
CLOSE_SPENT = 4004
"""The close code for a socket opened with a code another phone already claimed."""
CLOSE_TABLE = 4002
"""The close code when the table closed (its game over, or left without saving)."""
CLOSE_SAVED = 4005
"""The close code when the host saved the game and left the table: Continue brings new codes."""
SPENT = ("This code was already used by another phone. If that was not you, say so at the table: "
         "the pause menu's Phone codes gives your seat a new code.")
RELINKED = "This seat was linked to a new phone at the table: this link no longer works."
ON_SCREEN = ("This seat plays on the big screen now: this link no longer works. To play on a phone again, "
             "ask at the table (pause menu, Phone codes).")


class _OneLine(logging.Formatter):
    """A request the server could not read (a too-long line, a broken header:
    anyone on the Wi-Fi may send one) is said in one line, never with a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        exc = record.exc_info[1] if record.exc_info else None
        said = (str(getattr(exc, "message", "") or exc).strip().splitlines() or [""])[0] if exc else ""
        why = f": {type(exc).__name__}: {said}" if exc else ""
        return f"dice-tavern phones: {record.getMessage()}{why}"[:300]


def quiet_logger() -> logging.Logger:
    """The logger aiohttp's request handler reports to (instead of its own,
    which prints a traceback per malformed request): one line on stderr."""
    log = logging.getLogger("dice_tavern.phones")
    if not log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(_OneLine())
        log.addHandler(handler)
        log.propagate = False
        log.setLevel(logging.WARNING)
    return log


def page_icon() -> bytes:
    """The game window's icon (assets/icon.png) for the phones' tab; b"" if it cannot be read."""
    from ..paths import asset_path
    try:
        return asset_path("icon.png").read_bytes()
    except OSError:
        return b""


def page_files() -> dict[str, str]:
    """The page's files, shipped as package data (game/phones/static), read once per server."""
    folder = resources.files(__package__).joinpath("static")
    return {name: folder.joinpath(name).read_text("utf-8") for name in ("phone.html", *PAGE_FILES)}


class TokenBucket:
    """``RATE`` messages a second with bursts of ``BURST``; time passed in so tests need no clock."""

    def __init__(self, rate: float = RATE, burst: float = BURST):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at: float | None = None

    def allow(self, now: float) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class PhoneServer:
    """The server of one table's phones; see the module docstring.  Made and
    driven from the game thread: ``start``, ``drop_seat``, ``publish``,
    ``tell``, ``stop``; read ``inbound`` and ``connected``."""

    def __init__(self, host: str, port: int = 0, wake: Callable[[], None] | None = None):
        self.host = host
        self._sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self._sock.bind((host, port))   # port 0: the system picks a free one
        except OSError:
            self._sock.close()
            raise
        except (UnicodeError, TypeError, ValueError) as exc:   # a host no name lookup can even encode
            self._sock.close()
            raise OSError(f"{host[:40]!r} is no address of this computer ({exc})") from None
        self.port: int = self._sock.getsockname()[1]
        try:
            self._files = page_files()
            self._icon = page_icon()
            self._sock.listen(LISTEN_BACKLOG)   # a phone that knocks before aiohttp is up waits in the backlog
        except OSError:
            self._sock.close()
            raise
        self.wake = wake or (lambda: None)
        self.inbound: queue.SimpleQueue[tuple[int, dict, float]] = queue.SimpleQueue()
        """(seat, checked message, ``time.perf_counter()`` when it arrived) for the game thread."""
        self.connected: frozenset[int] = frozenset()
        """Seats with a phone connected now (replaced whole, so any thread may read it)."""
        self.refused = 0
        self.open_connections: Callable[[], int] = lambda: 0
        """Connections aiohttp serves now (tests read it; 0 until the server is up)."""
        """Messages refused so far (tests and the report read it)."""
        self._tokens: dict[str, int] = {}
        """Open codes (seat's QR code, not claimed yet) -> seat."""
        self._keys: dict[str, int] = {}
        """Phone keys (handed to the phone that claimed its seat's code) -> seat."""
        self._retired: dict[str, tuple[int, str]] = {}
        """Spent codes and old keys -> (close code, the words for the phone)."""
        self._retired_seat: dict[str, int] = {}
        """Spent codes and old keys -> their seat (its later fate rewords them: ``_reword``)."""
        self.claimed: frozenset[str] = frozenset()
        """Codes a phone has claimed (replaced whole, so any thread may read it)."""
        self._latest: dict[int, str] = {}
        self._outboxes: dict[int, asyncio.Queue] = {}
        self._sockets: dict[int, web.WebSocketResponse] = {}
        self._transports: dict[web.WebSocketResponse, asyncio.Transport] = {}
        """Each open seat socket's connection (``_close`` cuts off a stalled one)."""
        self._open = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._thread: threading.Thread | None = None
        self._stopping: asyncio.Event | None = None
        self._lock = threading.Lock()
        self._serving = False
        self._farewell = (CLOSE_TABLE, b"the table closed")
        """What ``stop`` tells every phone as its socket closes."""
        self._early: list[tuple[Callable, tuple]] = []
        """Calls from the game thread made before the server's loop was up."""
        self._answering: dict[Any, int] = {}
        """Connection -> requests being answered on it now (a phone's socket: its whole life)."""
        self._quiet_since: dict[Any, float] = {}
        """Connection -> when it was accepted or last finished answering (``time.monotonic``);
        both forget closed connections as new ones come (``_quietest``)."""

    # --- the game thread's side ---------------------------------------------
    def start(self, tokens: dict[int, str]) -> None:
        """Serve ``tokens`` (seat -> secret) from now on.  Returns at once: the
        socket already listens, and aiohttp is imported and started on the
        server's own thread (about 0.4 s of CPU the game's frames do not wait for)."""
        self._tokens = {token: seat for seat, token in tokens.items()}
        self._thread = threading.Thread(target=self._run, name="phones", daemon=True)
        self._thread.start()

    def wait_started(self, timeout: float = START_TIMEOUT) -> bool:
        """Block until the server answers (tests, tools); False if it failed or timed out."""
        return self._ready.wait(timeout) and self._failed is None

    @property
    def failed(self) -> str | None:
        """Why the server thread stopped on its own (said once to the players), or None."""
        return None if self._failed is None else f"{type(self._failed).__name__}: {self._failed}"

    def url(self, token: str, host: str | None = None) -> str:
        """A seat's link (what its QR code holds)."""
        shown = host or self.host
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}/p/{token}"

    def drop_seat(self, seat: int) -> None:
        """``seat`` plays on the screen from now on: its link is void, its phone let go."""
        self._call(self._drop_seat, seat)

    def new_code(self, seat: int, token: str) -> None:
        """``token`` is ``seat``'s code from now on: its old code and its phone's
        key stop working and its phone is let go (``CLOSE_RELINKED``)."""
        self._call(self._new_code, seat, token)

    def publish(self, seat: int, message: dict) -> None:
        """``seat``'s phone shows ``message`` now, and on every (re)connect until the next."""
        self._call(self._publish, seat, json.dumps(message, separators=(",", ":")), True)

    def tell(self, seat: int, message: dict) -> None:
        """Send ``message`` once to ``seat``'s phone if connected (a refusal)."""
        self._call(self._publish, seat, json.dumps(message, separators=(",", ":")), False)

    def stop(self, saved: bool = False) -> None:
        """Close every socket and stop listening (idempotent); ``saved``: the
        phones are told their game was saved (``CLOSE_SAVED``)."""
        self._farewell = (CLOSE_SAVED, b"the game is saved") if saved else (CLOSE_TABLE, b"the table closed")
        if self._thread is not None:
            self._ready.wait(START_TIMEOUT)   # a server still starting is stopped once it is up
        loop, thread = self._loop, self._thread
        if loop is not None and self._stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._stopping.set)
            except RuntimeError:
                pass   # the loop already closed
        if thread is not None and thread is not threading.current_thread():
            thread.join(START_TIMEOUT)
        self._thread = None
        try:
            self._sock.close()
        except OSError:
            pass
        self.connected = frozenset()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _call(self, fn, *args) -> None:
        with self._lock:
            if not self._serving:
                self._early.append((fn, args))   # run once the server's loop is up
                return
            loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass   # stopping: nothing more is sent

    # --- the server thread ----------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # noqa: BLE001 - told to the game thread, never raised there
            self._failed = exc
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        from aiohttp import web   # here, on the server's thread: the game thread never waits for it
        self._stopping = asyncio.Event()
        @web.middleware
        async def track(request: web.Request, handler) -> web.StreamResponse:
            return await self._track(request, handler)
        app = web.Application(client_max_size=1024, middlewares=[track, web.middleware(_headers)])
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/ws/{token}", self._socket)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/favicon.ico", self._favicon)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5, logger=quiet_logger())
        await runner.setup()
        served = runner.server
        assert served is not None

        def connection() -> asyncio.BaseProtocol:
            """aiohttp's handler for a new connection; past ``MAX_CONNECTIONS`` the
            quietest one is closed for it, or, when all are answering, ``_Busy``."""
            if len(served.connections) >= MAX_CONNECTIONS:
                quietest = self._quietest(served.connections)
                if quietest is None:
                    return _Busy()
                quietest.force_close()
            handler = served()
            self._quiet_since[handler] = time.monotonic()
            return handler
        listener = await asyncio.get_running_loop().create_server(connection, sock=self._sock, backlog=LISTEN_BACKLOG)
        self.open_connections = lambda: len(served.connections)
        with self._lock:
            self._serving = True
            early, self._early = self._early, []
        for fn, args in early:
            fn(*args)
        self._ready.set()
        try:
            await self._stopping.wait()
        finally:
            listener.close()
            for ws in list(self._sockets.values()):
                await self._close(ws, *self._farewell)
            await runner.cleanup()

    def _drop_seat(self, seat: int) -> None:
        self._forget(seat, ON_SCREEN)
        self._reword(seat, ON_SCREEN)
        self._latest.pop(seat, None)
        ws = self._sockets.get(seat)
        if ws is not None:
            asyncio.ensure_future(ws.close(code=4001, message=b"this seat plays on the screen now"))

    def _new_code(self, seat: int, token: str) -> None:
        self._forget(seat, RELINKED)
        self._reword(seat, RELINKED)
        self._tokens[token] = seat
        ws = self._sockets.get(seat)
        if ws is not None:
            asyncio.ensure_future(ws.close(code=CLOSE_RELINKED, message=RELINKED.encode()[:120]))

    def _forget(self, seat: int, why: str) -> None:
        """``seat``'s open code and phone key stop working (said in ``why`` to a phone that tries them)."""
        for table in (self._tokens, self._keys):
            for token in [t for t, s in table.items() if s == seat]:
                del table[token]
                self._retired[token] = (CLOSE_RELINKED, why)
                self._retired_seat[token] = seat

    def _reword(self, seat: int, why: str) -> None:
        """Every old link of ``seat`` (its spent codes too) says what became of the
        seat now: a phone that reopens its spent code after the seat went to the
        screen was told another phone had used it."""
        for token in [t for t, s in self._retired_seat.items() if s == seat]:
            self._retired[token] = (CLOSE_RELINKED, why)

    def _claim(self, token: str) -> tuple[int | None, str | None]:
        """The seat a socket opened with ``token`` plays, and the new phone key
        when ``token`` is an open code (spent from now on); (None, None) for a
        token that is no seat's."""
        seat = self._keys.get(token)
        if seat is not None:
            return seat, None
        seat = self._tokens.pop(token, None)
        if seat is None:
            return None, None
        key = wire.new_token()
        self._keys[key] = seat
        self._retired[token] = (CLOSE_SPENT, SPENT)
        self._retired_seat[token] = seat
        self.claimed = self.claimed | {token}
        return seat, key

    def _unclaim(self, token: str, seat: int, key: str | None) -> None:
        """``token`` is open again: the phone that claimed it never got its key.
        Not if the seat was given a new code meanwhile (the key is retired)."""
        if key is None or self._keys.get(key) != seat:
            return
        del self._keys[key]
        self._retired.pop(token, None)
        self._retired_seat.pop(token, None)
        self._tokens[token] = seat
        self.claimed = self.claimed - {token}

    def _publish(self, seat: int, text: str, keep: bool) -> None:
        if keep:
            self._latest[seat] = text
        box = self._outboxes.get(seat)
        if box is not None:
            box.put_nowait(text)

    async def _page(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web
        token = wire.typed_token(request.match_info.get("token", ""))   # typed from the screen: "abcd-efgh-…"
        if token in self._retired:   # a phone shows this, so a page its size, not bare text
            return web.Response(status=410, text=_words_page(self._retired[token][1]), content_type="text/html")
        if token not in self._tokens and token not in self._keys:
            return web.Response(status=404, text="This link is not for the game on the table now: "
                                                 "scan the code the table shows.")
        return web.Response(text=self._files["phone.html"], content_type="text/html")

    async def _favicon(self, request: web.Request) -> web.StreamResponse:
        """The game's own icon: every phone page asked for it and got a 404."""
        from aiohttp import web
        if not self._icon:
            return web.Response(status=204)
        return web.Response(body=self._icon, content_type="image/png")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web
        name = request.match_info["name"]
        if name not in PAGE_FILES:
            return web.Response(status=404, text="not found")
        return web.Response(text=self._files[name], content_type=PAGE_FILES[name])

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        from aiohttp import web
        token = wire.typed_token(request.match_info.get("token", ""))   # typed from the screen: "abcd-efgh-…"
        if token not in self._retired and token not in self._tokens and token not in self._keys:
            return web.Response(status=403, text="not a seat of this game")
        if self._open >= MAX_SOCKETS:
            return web.Response(status=503, text="too many connections")
        if token in self._retired:   # said in words: a browser's socket cannot read a refused handshake
            return await self._refuse(request, *self._retired[token])
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_FRAME)
        if not ws.can_prepare(request).ok:   # a page fetch, a link preview, a broken handshake: the code stays open
            return web.Response(status=400, text="not a WebSocket handshake")
        seat, key = self._claim(token)   # no await between the look-up and the claim: one phone wins
        if seat is None:
            return web.Response(status=403, text="not a seat of this game")
        try:
            await ws.prepare(request)
        except BaseException:
            self._unclaim(token, seat, key)   # the phone went before its socket opened
            raise
        if key is not None and not await _send(ws, json.dumps({"type": "linked", "key": key})):
            self._unclaim(token, seat, key)   # its key never reached it: the code is the phone's way back
            return ws
        self._open += 1
        if request.transport is not None:
            self._transports[ws] = request.transport
        old = self._sockets.get(seat)
        if old is not None:   # a reload or a second tab: the newest holds the seat
            await self._close(old, 4000, b"opened elsewhere")
            if self._sockets.get(seat) not in (None, old):   # a newer tab took the seat while the old one went
                self._open -= 1
                await self._close(ws, 4000, b"opened elsewhere")
                self._transports.pop(ws, None)
                return ws
        box: asyncio.Queue = asyncio.Queue()
        self._sockets[seat], self._outboxes[seat] = ws, box
        self._changed()
        if seat in self._latest:
            box.put_nowait(self._latest[seat])
        writer = asyncio.ensure_future(self._write(ws, box))
        try:
            await self._read(seat, ws)
        finally:
            writer.cancel()
            self._open -= 1
            self._transports.pop(ws, None)
            if self._sockets.get(seat) is ws:
                del self._sockets[seat]
                del self._outboxes[seat]
                self._changed()
        return ws

    async def _close(self, ws: web.WebSocketResponse, code: int, message: bytes) -> None:
        """Close ``ws`` with ``code``, or cut its connection off after ``CLOSE_WAIT``:
        its goodbye waited for a phone that reads nothing (a plain close would
        wait to send it everything first, and that socket would stay for good)."""
        try:
            await asyncio.wait_for(ws.close(code=code, message=message), CLOSE_WAIT)
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            transport = self._transports.get(ws)
            if transport is not None:
                transport.abort()

    async def _refuse(self, request: web.Request, code: int, why: str) -> web.StreamResponse:
        """Open the socket only to close it at once with ``code`` and ``why`` (nothing of the game)."""
        from aiohttp import web
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME)
        await ws.prepare(request)
        await _send(ws, json.dumps(wire.refusal(why)))
        await ws.close(code=code, message=why.encode()[:120])
        return ws

    async def _write(self, ws: web.WebSocketResponse, box: asyncio.Queue) -> None:
        while not ws.closed:
            if not await _send(ws, await box.get()):
                return

    async def _read(self, seat: int, ws: web.WebSocketResponse) -> None:
        from aiohttp import WSMsgType
        bucket = TokenBucket()
        strikes = 0
        async for msg in ws:
            if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break
            refusal = None
            if not bucket.allow(time.monotonic()):
                refusal = "too many messages: slow down"
            else:
                try:
                    data = wire.parse_inbound(msg.data)
                except wire.Refused as exc:
                    refusal = str(exc)
                else:
                    if data["type"] == "act":
                        self.inbound.put((seat, data, time.perf_counter()))
                        self.wake()
                    else:
                        await _send(ws, '{"type":"pong"}')
            if refusal is not None:
                self.refused += 1
                strikes += 1
                if strikes >= FLOOD_LIMIT:
                    await ws.close(code=1008, message=b"too many refused messages")
                    break
                if strikes <= 3 or strikes % 10 == 0:   # a flood is not answered message for message
                    await _send(ws, json.dumps(wire.refusal(refusal)))

    async def _track(self, request: web.Request, handler) -> web.StreamResponse:
        """Count the requests being answered on each connection (``_quietest`` spares those)."""
        connection = request.protocol
        self._answering[connection] = self._answering.get(connection, 0) + 1
        try:
            return await handler(request)
        finally:
            left = self._answering.pop(connection, 1) - 1
            if connection.transport is not None:   # still open: quiet from now if nothing else is answered
                self._answering[connection] = left
                self._quiet_since[connection] = time.monotonic()

    def _quietest(self, connections: list) -> Any:
        """The open connection quiet longest with no request being answered on it
        (never a phone's socket), or None when every one is answering."""
        for table in (self._answering, self._quiet_since):
            for gone in table.keys() - set(connections):
                del table[gone]
        quiet = [c for c in connections if c.transport is not None and not self._answering.get(c)]
        return min(quiet, key=lambda c: self._quiet_since.get(c, 0.0), default=None)

    def _changed(self) -> None:
        self.connected = frozenset(self._sockets)
        self.wake()


class _Busy(asyncio.Protocol):
    """A connection past ``MAX_CONNECTIONS``: told so in one line and closed, nothing read."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.WriteTransport)
        transport.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        transport.close()


def _words_page(words: str) -> str:
    """A phone-sized page that says ``words`` (the page's own style sheet; nothing of the game)."""
    import html
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>Dice Tavern</title><link rel="stylesheet" href="/static/phone.css"></head>'
            f'<body><main id="app"><p class="status">{html.escape(words)}</p></main></body></html>')


async def _send(ws: web.WebSocketResponse, text: str) -> bool:
    """Send ``text``; False (never an error) when the phone has just gone."""
    try:
        await ws.send_str(text)
    except (ConnectionError, RuntimeError):
        return False
    return True


async def _headers(request: web.Request, handler) -> web.StreamResponse:
    """No caching, no referrer (links carry secrets), nothing but this server's own files."""
    from aiohttp import web
    if request.method != "GET":
        return web.Response(status=405, text="only GET")
    response = await handler(request)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = (
        f"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src ws://{request.host}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return response
