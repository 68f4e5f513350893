"""A table's phones: the game thread's side of "Phones as private cups".

``PhoneLink`` is a component the table owns (``table.phones``) once a table
uses phones; it is made and imported only then, so a table without phones
starts and plays exactly as before (no aiohttp, no thread, no socket).

Each frame (``pump``) it reads what phones asked for from the server's queue
and applies it on the game thread through ``table.submit``, exactly as a click
would, so the seeded replay stays exact whatever the network did; and when
the decision point changes it hands the server one message per phone seat,
built by ``wire.seat_message`` from ``state.view(seat)``, that seat's legal
actions and public facts only (the server never touches the match).

The big screen shows who has a phone connected (a small phone on the seat's
nameplate) and, while a phone seat must act and its phone is away, "Waiting
for Ana's phone" with a button that lets that seat play on the screen again.
"""
from __future__ import annotations

import ipaddress
import os
import socket
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

import pygame

from ..core.grammar import ISOLATE, isolated
from ..core.protocol import Action
from ..phones import wire
from . import theme as th
from .drawn_controls import note as note_drawn

if TYPE_CHECKING:
    from ..phones.server import PhoneServer
    from .table_scene import TableScene

HOST_VARIABLE = "DICE_TAVERN_PHONES_HOST"
"""Overrides the address the server listens on (tests and shots: 127.0.0.1)."""


MOVED_ON = "The table has moved on: look again."
"""A phone's answer to a tap the table can no longer play; its current view follows."""
PAUSED = "The table is paused. A move you tap now is played when the host resumes."
"""Every phone's status while the host has the pause menu open (its moves are held, never refused)."""


KEPT_OFFERS = 8
"""Messages back a phone's tap may name and still be played (``PhoneLink._still_offered``)."""


class NoNetwork(OSError):
    """No home network to serve phones on; the message is for players."""


def lan_address() -> str:
    """This computer's address on the home network (private range), or the
    ``DICE_TAVERN_PHONES_HOST`` override.  The UDP ``connect`` sends nothing:
    it only asks the system which local address its route would use."""
    override = os.environ.get(HOST_VARIABLE, "").strip()
    if override:
        return override
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))   # TEST-NET-1: no packet leaves
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise NoNetwork("No network found: connect this computer to the same Wi-Fi as the phones.") from None
    if not ip.is_private or ip.is_loopback:
        raise NoNetwork("This computer is not on a home network: phones need the same Wi-Fi.")
    return address


@dataclass(frozen=True)
class ContinueMoment(Action):
    """The phone's "continue" under a moment the table holds (the "pause after
    reveals" setting): not a rules action, it continues as a click would."""

    def label(self) -> str:
        return "continue"


@dataclass(frozen=True)
class ThrowDice(Action):
    """The phone's "roll the dice" when the table waits for its seat to throw
    (Diced Out): not a rules action, it releases the throw as a click would."""

    def label(self) -> str:
        return "roll the dice"


def whose_phone(table, seat: int, font, room: int, capital: bool = True) -> str:
    """"Ana's" (the name cut to ``room`` pixels) or, for the lone human and a
    seat called "You", "Your": never "You's phone" (``Voice.possessive``)."""
    said = table.words.possessive(seat, capital)
    if not said.endswith("'s"):
        return said   # a pronoun's own form: "Your", "My", "Their"
    room -= font.size("'s")[0]
    if said.startswith(ISOLATE):   # a right-to-left name: cut as typed, then set apart again
        return isolated(th.fit_text(font, table.seat_name(seat), room)) + "'s"
    return th.fit_text(font, said[:-2], room) + "'s"


class PhoneLink:
    """The phones of one table; see the module docstring."""

    def __init__(self, table: TableScene, seats: Iterable[int], host: str | None = None):
        from ..phones.server import PhoneServer   # aiohttp only now, when a table uses phones
        self.table = table
        self.seats: list[int] = sorted(set(seats))
        self.tokens = {seat: wire.new_token() for seat in self.seats}
        """Each phone seat's code for this game (what its QR code holds): new for
        every game, every Continue and every re-link; the first phone to open it
        spends it (game/phones/server.py)."""
        self.host = host or lan_address()
        self.server: PhoneServer = PhoneServer(self.host, 0, wake=table.app.wake.set)
        self.server.start(dict(self.tokens))
        self.number = 0
        """The number of the last messages sent; a phone's act names the one it answers."""
        self._choices: dict[int, list[Action]] = {}
        self._offered: dict[int, dict[int, tuple[int, list[Action]]]] = {}
        """Seat -> message number -> (moves in the match then, its choices), the last
        ``KEPT_OFFERS``: a tap on a message the table re-sent with nothing moved
        (a banner went, a phone reconnected) is still the move it was."""
        self._key: tuple | None = None
        self.applied: list[tuple[int, Action, float]] = []
        """(seat, action, seconds from the phone's message reaching the server to the
        table's move): the game thread's part of a tap's latency (tools/phones_latency.py)."""
        self.waiting_button: pygame.Rect | None = None
        self._said_failure = False
        self.paused = False
        """The host has the pause menu open (``set_paused``): every phone says so."""
        self._resumed = False
        self.offers: dict[int, str] = {}
        """Codes shown to seats that play on this screen (after "Play Ana on this
        screen"): the seat goes back to a phone when one claims its code
        (``adopt_claimed``), and stays on the screen if none does before its
        hand-out ends (``withdraw_offers``)."""

    # --- addresses ----------------------------------------------------------
    def url(self, seat: int) -> str:
        return self.server.url(self.tokens[seat] if seat in self.tokens else self.offers[seat])

    def has_code(self, seat: int) -> bool:
        """Has ``seat`` a code to show: it plays on a phone, or was offered one from the screen."""
        return seat in self.tokens or seat in self.offers

    def connected(self, seat: int) -> bool:
        return seat in self.server.connected

    def code_claimed(self, seat: int) -> bool:
        """Has a phone opened ``seat``'s current code (the code is spent)?"""
        return self.tokens.get(seat, self.offers.get(seat)) in self.server.claimed

    def new_code(self, seat: int) -> None:
        """A fresh code for ``seat`` (shown behind its own curtain): the old code
        and the phone that claimed it stop working.  For a seat on this screen,
        an offer (``offer``) made again."""
        if seat in self.tokens:
            self.tokens[seat] = wire.new_token()
            self.server.new_code(seat, self.tokens[seat])
        elif seat in self.offers:
            self.offer(seat)

    def offer(self, seat: int) -> None:
        """A code for ``seat``, which plays on this screen now: the phone that
        opens it takes the seat back (``adopt_claimed``)."""
        if seat in self.tokens or seat not in self.table.humans:
            return
        self.offers[seat] = wire.new_token()
        self.server.new_code(seat, self.offers[seat])

    def adopt_claimed(self) -> None:
        """Every offered seat whose code a phone has opened plays on that phone
        from now on: its dice leave this screen (whoever sat there is unseated
        if it was this seat, ``Secrecy.set_phones``) and it needs no curtain."""
        for seat, token in list(self.offers.items()):
            if token in self.server.claimed:
                del self.offers[seat]
                self.tokens[seat] = token
                self.seats = sorted({*self.seats, seat})
                self.table.secrecy.set_phones(self.seats)
                self.table.match.phone_seats = tuple(self.seats)
                self._key = None

    def withdraw_offers(self) -> None:
        """The hand-out ended: offered codes no phone opened stop working (their
        seats stay on this screen; a phone that opens one late is told so)."""
        self.adopt_claimed()
        for seat in list(self.offers):
            del self.offers[seat]
            self.server.drop_seat(seat)

    def holds(self, seat: int) -> bool:
        """Does ``seat`` play on its phone (its dice never on the big screen)?"""
        return seat in self.tokens

    def to_screen(self, seat: int) -> None:
        """``seat`` plays on the big screen again (its phone is let go)."""
        if seat not in self.tokens:
            return
        del self.tokens[seat]
        self.seats.remove(seat)
        self.server.drop_seat(seat)
        self.table.secrecy.set_phones(self.seats)
        self._key = None

    def close(self, saved: bool = False) -> None:
        """Stop listening (the table closed): every phone is told, and after
        "Save and quit" (``saved``) that its game waits for Continue."""
        self.server.stop(saved=saved)

    def set_paused(self, paused: bool) -> None:
        """The pause menu opened (every phone is told now: the table is not
        pumped under it) or closed.  A move tapped while paused waits in the
        server's queue and is played on Resume against the view it was tapped
        on (``pump`` reads it before the phones hear of the Resume)."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused:
            self.pump_key_now()
        else:
            self._resumed = True

    # --- each frame -----------------------------------------------------------
    def pump(self) -> None:
        """Apply what phones asked for, then send each phone its view if the
        decision point changed.  Called on the game thread only."""
        if self.server.failed is not None and not self._said_failure:
            self._said_failure = True   # said once; the seats can go back to the screen from the table
            self.table.app.toast(f"The phones' server stopped: {self.server.failed}")
        self.adopt_claimed()
        # A move made after the last pump (an AI's, later in that fixed step) gets its new number
        # first: a tap on the view before it is then refused ("moved on"), never played on it.
        # Not on Resume: nothing moved under the pause, and a tap made there names the paused view.
        if not self._resumed:
            self._publish_if_moved()
        self._resumed = False
        inbound = self.server.inbound
        while not inbound.empty():
            seat, data, arrived = inbound.get_nowait()
            self._act(seat, data, arrived)
        self._publish_if_moved()

    def _publish_if_moved(self) -> None:
        key = self._decision_key()
        if key != self._key:
            self._key = key
            self.publish()

    def _act(self, seat: int, data: dict, arrived: float) -> None:
        if seat not in self.tokens:
            return
        choices = self._choices.get(seat, [])
        action = self._still_offered(seat, data["version"], data["choice"], choices)
        if action is None:
            self.server.tell(seat, wire.refusal(MOVED_ON))
            self.server.publish(seat, self.message(seat))   # the current view again
            return
        table = self.table
        if isinstance(action, ContinueMoment):
            done = table.held.moment is not None and table.is_top   # never under the codes (the pause holds it)
            if done:
                table.held.release()
        elif isinstance(action, ThrowDice):
            done = table.throws.release(seat)
        else:
            done = table.submit(seat, action)
        if not done:   # the table moved on in a way its decision key missed: every phone gets a new number
            self.server.tell(seat, wire.refusal(MOVED_ON))
            self.pump_key_now()
            return
        self.applied.append((seat, action, time.perf_counter() - arrived))
        self._key = None
        self.pump_key_now()

    def _still_offered(self, seat: int, version: int, choice: int, choices: list[Action]) -> Action | None:
        """The move ``seat`` tapped (``choice`` of message ``version``) if the
        table may play it now: from the current message, or from an earlier one
        when no move was made since and the same move is still offered (a tap
        on "roll the dice" as the "rolls again" banner went was refused as
        "moved on", and the same button came back)."""
        if version == self.number:
            return choices[choice] if choice < len(choices) else None
        then = self._offered.get(seat, {}).get(version)
        if then is None or then[0] != len(self.table.match.history) or choice >= len(then[1]):
            return None
        action = then[1][choice]
        return action if action in choices else None

    def pump_key_now(self) -> None:
        """Send the new views at once (not a frame later): a tap's answer comes sooner."""
        self._key = self._decision_key()
        self.publish()

    def _decision_key(self) -> tuple:
        t = self.table
        state = t.match.state
        return (len(t.match.history), t.throw_view is None, t.held.moment is None, t.held.pending is None,
                t.is_busy(), t.waiting_thrower, t.deciding_human(), tuple(self.seats), t.game_end.finished,
                tuple(state.current_players()), t.game_end.out_moment is None,
                # a held moment's "continue" only on the table; otherwise covering the table (the pause
                # menu) changes no phone's view, so a tap made under it is played on Resume, not refused
                t.is_top or t.held.moment is None,
                (t.phone_outcome() or {}).get("verdict"),   # the reveal's verdict shows (and goes)
                self.paused)

    def publish(self) -> None:
        """Every phone seat's message now (its view, its moves, public facts)."""
        self.number += 1
        for seat in self.seats:
            self.server.publish(seat, self.message(seat))

    def choices(self, seat: int) -> list[Action]:
        """What ``seat``'s phone may do now: its legal actions while the table
        waits for it (a Roll Call out-of-turn call at any quiet moment), or
        rolling its dice when the table waits for its throw."""
        t = self.table
        if t.held.moment is not None and (t.is_top or self.paused) and not t.match.is_over:
            return [ContinueMoment()]   # under the pause too: held, and played on Resume
        if t.waiting_thrower == seat and t.throw_view is None:
            return [ThrowDice()]
        if not t.phone_may_act(seat):
            return []
        return list(t.match.state.legal_actions(seat))

    def message(self, seat: int) -> dict:
        t = self.table
        state = t.match.state
        choices = self.choices(seat)
        self._choices[seat] = choices
        offered = self._offered.setdefault(seat, {})
        offered[self.number] = (len(t.match.history), choices)
        for old in [n for n in offered if n <= self.number - KEPT_OFFERS]:
            del offered[old]
        turn = state.turn_player() if not state.is_terminal() and not state.is_chance() else None
        colours = tuple((_css(c.body), _css(c.pips)) for c in map(t.seat_dice_colour, range(len(t.match.seats))))
        public = wire.PublicFacts(
            game_id=t.match.game_id, title=t.info.title, names=tuple(s.name for s in t.match.seats),
            colours=colours, turn=turn, status=self.status(seat, bool(choices)),
            die_kind=t.phone_die_kind, over=self.game_over_shown(), outcome=t.phone_outcome(seat),
            paused=self.paused)
        return wire.seat_message(self.number, seat, state.view(seat), choices, public,
                                 odds=t.phone_odds(seat), your_turn=turn == seat and bool(choices))

    def game_over_shown(self) -> bool:
        """Is the game over as the table shows it?  Not while its last reveal
        still counts: "Game over: Bo wins" reached the phones as the count began."""
        return self.table.match.state.is_terminal() and self.table.phone_count_shown()

    def status(self, seat: int, may_act: bool) -> str:
        """One line for the phone: its turn, whose turn, the dice rolling, the end."""
        t = self.table
        state = t.match.state
        if self.paused and not state.is_terminal():
            return PAUSED
        if state.is_terminal() and not self.game_over_shown():
            return "Look at the table."
        if state.is_terminal():
            winners = [isolated(t.seat_name(p)) for p in state.winners()]
            return "Game over: " + (" and ".join(winners) + (" win" if len(winners) > 1 else " wins")
                                    if seat not in state.winners() else "you win!")
        if t.game_end.out_moment is not None:   # every player here is out: the screen asks what now
            return "Look at the table."
        if t.waiting_thrower == seat:
            return "Roll your dice!"
        if t.held.active():   # a held reveal: its next round's roll is pending, but nothing rolls yet
            return "Look at the table."
        if t.throw_view is not None or state.is_chance():
            return "The dice are rolling\u2026"
        if t.is_busy():
            return "Look at the table."
        turn = state.turn_player()
        if turn == seat and may_act:
            return "Your turn!"
        if turn is None:
            return ""
        line = f"{isolated(t.seat_name(turn))}'s turn."
        if may_act:
            line += " You may call out of turn at any moment."
        return line

    # --- the big screen -------------------------------------------------------
    def waiting_for(self) -> int | None:
        """The phone seat the table waits for whose phone is away, or None."""
        seat = self.table.deciding_human()
        if seat is None and self.table.waiting_thrower is not None:
            seat = self.table.waiting_thrower
        return seat if seat is not None and self.holds(seat) and not self.connected(seat) else None

    def draw(self, canvas: pygame.Surface, theme: th.Theme) -> None:
        """"Waiting for Ana's phone" with "Play on this screen", while it is away."""
        seat = self.waiting_for()
        self.waiting_button = None
        if seat is None:
            return
        name = self.table.seat_name(seat)
        box = pygame.Rect(0, 0, 520, 118)
        box.midtop = self._waiting_spot(canvas)
        box.clamp_ip(canvas.get_rect())
        th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS)
        title = theme.font(26, True)   # names cut with "…" to their room (the button's was cut at 14 letters, unmarked)
        whose = whose_phone(self.table, seat, title, box.w - 28 - title.size("Waiting for  phone")[0], capital=False)
        th.draw_text(canvas, theme, f"Waiting for {whose} phone", (box.centerx, box.y + 14), 26, th.CREAM,
                     bold=True, anchor="midtop")
        button = pygame.Rect(0, 0, 380, 44)
        button.midbottom = (box.centerx, box.bottom - 12)
        pygame.draw.rect(canvas, th.WOOD, button, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, button, 2, border_radius=10)
        play = theme.font(18)
        short = th.fit_text(play, name, button.w - 20 - play.size("Play  on this screen")[0])
        th.draw_text(canvas, theme, f"Play {short} on this screen", button.center, 18, th.CREAM, anchor="center")
        note_drawn(f"Play {name} on this screen", button)
        self.waiting_button = button

    def _waiting_spot(self, canvas: pygame.Surface) -> tuple[int, int]:
        """Where "Waiting for Ana's phone" hangs: under the centre's words (the
        standing bid, who opens, whose turn), which a player at the screen
        still reads; it had sat on them, cutting "Ana opens the bidding" in half."""
        centre_box = getattr(self.table, "centre_box", None)
        if centre_box is None:
            return canvas.get_width() // 2, 241
        words = centre_box()
        return words.centerx, words.bottom + 10

    def handle_event(self, event) -> bool:
        """A click on "Play on this screen" under "Waiting for Ana's phone"."""
        seat = self.waiting_for()
        if seat is None or self.waiting_button is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.waiting_button.collidepoint(event.pos):
            self.table.phone_to_screen(seat)
            return True
        return False

    def draw_plate_mark(self, canvas: pygame.Surface, plate: pygame.Rect, seat: int) -> None:
        """A small phone at the right of ``seat``'s nameplate: filled while connected."""
        body = pygame.Rect(plate.right - 18, plate.y + 7, 10, 16)
        if self.connected(seat):
            pygame.draw.rect(canvas, th.BRASS_LIGHT, body, border_radius=2)
            pygame.draw.rect(canvas, th.WOOD_DARK, body.inflate(-4, -6), border_radius=1)
        else:
            pygame.draw.rect(canvas, th.CREAM_DIM, body, 1, border_radius=2)


def _css(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb[:3])
