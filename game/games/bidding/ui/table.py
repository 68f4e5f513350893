"""The table both bidding games share (Liar's Dice, Roll Call).

``BiddingTableScene``: cups around the rail, your own dice face-up in a tray
before your seat, the current bid large in the centre, the round's history
in the bottom-right corner (``BidHistory``, bid_history.py), the picker
(``BidPicker``, bid_picker.py), the reveal with lifted cups and lit dice, an
odds line, a banner.  A game plugs in as data (its rules' snapshot, its
sentences: game/games/bidding/snapshot.py) and overrides only visual extras.
"""
from __future__ import annotations

from typing import Callable, Optional, TypeGuard

import pygame

from ..bids import Bid, Call, count_matching
from ..snapshot import BiddingSnapshot, BidText, RevealFacts, nobody
from ....core.protocol import CHANCE, DIE_KINDS
from ....ui import layout, layout_record
from ....ui.still_layer import StillHighlight
from . import centre as bid_centre
from .history import HISTORY_FONTS, ICON_PX, BidHistory, HistoryEntry
from .picker import BidPicker
from ....ui import table_scene
from ....ui import theme as th
from .cups import CupLayout, TrayTag, draw_own_tray, draw_tag, draw_tray, place_tags, tag_labels
from ....ui.banner import GIVE_WAY_SECONDS, draw_band
from ....ui.motion import ease
from ....canvas import CENTRE_X

BAND_BELOW_BID = 104
"""The loud band's middle below the bid's: it starts under the bid's caption."""
BAND_READ_SECONDS = 0.9
"""A round's band stays whole this long (at the reading pace) before a bidder's picker takes its place."""


GHOST = 0.45
"""Opacity a lost die that counted for the bid keeps through the reveal (lit, in its place)."""

_VEILS: dict[int, pygame.Surface] = {}


def die_veil(size: int) -> pygame.Surface:
    """The dark veil over a die that does not count (one per size, kept)."""
    veil = _VEILS.get(size)
    if veil is None:
        veil = _VEILS[size] = pygame.Surface((size, size), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 115))
    return veil


# ----------------------------------------------------------------------
# Shared table scene
# ----------------------------------------------------------------------
def _no_snapshot(state, may_see=nobody) -> BiddingSnapshot:
    raise NotImplementedError("a bidding scene sets snapshot_of to its rules' table_snapshot")


class BiddingTableScene(table_scene.TableScene):
    """The table of a hidden-dice bidding game (Liar's Dice, Roll Call).

    Shared: cup spots and dice rows per seat, throw zones, the picker and
    the history panel, the reveal (cups lift, matching dice light up, the
    tally climbs), the centre (opening line, current bid, whose turn, odds),
    the banner, and the human bid/challenge plumbing.  A game plugs in as
    data: ``snapshot_of`` (its rules' ``table_snapshot``), ``text_class``
    (its sentences), ``challenge_actions`` and the class attributes; it
    overrides only the visual extras."""

    keep_settled_dice = False  # thrown dice go under the cups (or face-up before you)
    prepare_throws = True      # the next round's throw is built while the reveal plays
    die_kind = "d6"
    bid_faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
    challenges: tuple[tuple[str, str, int], ...] = (("call", "Call", pygame.K_c),)
    picker_width = 420
    reveal_seconds = {"normal": 4.2}  # scaled by the pace (game.ui.pace)
    reduced_reveal_seconds = 2.0
    banner_seconds = 2.4
    light_at = 0.12      # reveal fraction when the cups are up and matches light
    verdict_at = 0.55    # reveal fraction when the verdict shows (and is said in the running commentary)
    move_at = 0.62       # reveal fraction when the lost dice start to leave
    leave_length = 0.25  # reveal fraction the lost dice take to rise and fade
    centre = (CENTRE_X, 234)  # the current bid
    history_widths = tuple(range(160, 221, 12))
    """The widths the round's bids panel may take: it takes the place that shows the most bids (``history_steps``)."""
    snapshot_of: Callable[..., BiddingSnapshot] = staticmethod(_no_snapshot)
    """The rules' ``table_snapshot(state, may_see)`` (set by each game's scene)."""
    text_class: type[BidText] = BidText
    """The game's sentences (its ``bidtext.py``)."""
    challenge_actions: dict[str, type] = {"call": Call}
    """The action of each picker challenge button, by name."""

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        n = len(match.seats)
        self._seat_colours: dict[tuple[int, bool], object] = {}
        """(seat, colour-blind palette) -> its dice colour (``colour``: asked for every die of every frame)."""
        self.die_px = 30 if n <= 6 else 24 if n <= 10 else 18
        self.cup_px = 64 if n <= 6 else 50 if n <= 10 else 38
        self.cups = CupLayout(self.seat_spots, self.plate_name_width, self.cup_px,
                              plate_lines=lambda seat: len(self.plate_name(seat)[0]))
        """Cup spots, dice rows, your tray, the history corner (game/games/bidding/ui/cups.py)."""
        picker = pygame.Rect(0, 0, self.picker_width, 150)
        picker.midtop = (CENTRE_X, 398)
        self.picker = BidPicker(picker, on_bid=self._human_bid, challenges=self.challenges,
                                on_challenge=self._human_challenge, faces=self.bid_faces,
                                die_kind=self.die_kind, clock=getattr(app, "input", None))
        self.turn_highlight = StillHighlight()
        """The turn's nameplate lit over the still picture (``_draw_turn_highlight``)."""
        self._history: BidHistory | None = None
        """The round's bids' panel, placed by the opening's steps (``history_steps``) or when first asked."""
        self.reveal: RevealFacts | None = None
        """The challenge whose reveal is on screen (None between reveals)."""
        self.reveal_time = 0.0
        self._verdict_said = True
        """The reveal's verdict went into the running commentary (it waits for the count)."""
        self._snap = self._public = None
        self.text = self.text_class(self.words)
        self.round_entries: list[HistoryEntry] = self._round_so_far()
        self._picker_key = None
        self._tags: tuple[tuple, dict[int, tuple[pygame.Rect, str]]] | None = None
        """The tray tags' places and the trays they were placed for (``tray_tags``)."""
        self.band_boxes: list[pygame.Rect] = []
        """Where each round's band ("Palifico!") was drawn this frame (the
        "since your last move" card keeps clear of it, ``since_keep_clear``)."""

    @property
    def history(self) -> BidHistory:
        """The round's bids' panel (``history_steps``)."""
        if self._history is None:
            for _ in self.history_steps():
                pass
            assert self._history is not None, "the steps place it"
        return self._history

    def history_steps(self):
        """Place the round's bids where they show the most of these bidders'
        rows (at 20 seats a 16-letter name beside its bid needs more than 172
        pixels, and a name over its bid took a third of the panel), the
        narrowest of equals (it covers the least of the table): each place
        weighed in a step of its own (a generator; at 20 seats the six places
        together cost 4-7 ms, in the table's constructor: the step of a
        replay's hand-over that built it, the click's frame of Start)."""
        if self._history is not None:
            return
        names = [self.seat_name(seat) for seat in range(len(self.match.seats))]
        panels = [BidHistory(rect, die_kind=self.die_kind, readable_elsewhere=self._plate_shows_whole)
                  for rect in self.cups.history_places(self.history_widths)]
        weighed = []
        for panel in panels:
            yield
            weighed.append((round(panel.rows_held(self.theme, names), 1), -panel.place.w))
        if self._history is None:   # (asked meanwhile: placed by then, the same way)
            self._history = panels[max(range(len(panels)), key=weighed.__getitem__)]

    def _plate_shows_whole(self, name: str) -> bool:
        """Some seat of this name has it whole on its nameplate (the bid
        history may then cut it where it has no room)."""
        return any(self.seat_name(seat) == name and not self.plate_name_cut(seat) for seat in range(len(self.match.seats)))

    def _round_so_far(self) -> list[HistoryEntry]:
        """The bids since the last roll (a resumed game shows its history too)."""
        history = self.match.history
        start = max((i for i, (p, _a) in enumerate(history) if p == CHANCE), default=-1) + 1
        return [HistoryEntry(self.seat_name(p), self.theme.player_colour(p), a.quantity, a.face)
                for p, a in history[start:] if self.is_bid(a)]

    # ------------------------------------------------------------------
    # The game's facts (a BiddingSnapshot) and sentences (a BidText)
    # ------------------------------------------------------------------
    @property
    def snap(self) -> BiddingSnapshot:
        """The table's snapshot now: hands only where ``can_see`` allows
        (built again when the state or who may see changes)."""
        sec = self.secrecy
        key = (len(self.match.history), sec.mode, sec.confirmed, sec.peeking,
               sec.hotseat and self.hot_seat.peek_possible())
        state = self.match.state
        cached = self._snap
        if cached is None or cached[0] is not state or cached[1] != key:
            cached = self._snap = (state, key, self.snapshot_of(state, self.hot_seat.can_see))
        return cached[2]

    def public_snap(self) -> BiddingSnapshot:
        """The snapshot with every hand hidden (for what needs no faces)."""
        state = self.match.state
        cached = self._public
        if cached is None or cached[0] is not state:
            cached = self._public = (state, self.snapshot_of(state, nobody))
        return cached[1]

    def dice_counts(self) -> list[int]:
        """Dice per seat now."""
        return list(self.public_snap().dice)

    def hand(self, seat: int) -> tuple[int, ...]:
        """The seat's faces now if they may be shown, else ()."""
        return self.snap.hand(seat)

    def is_bid(self, action) -> TypeGuard[Bid]:
        return isinstance(action, Bid)

    # ------------------------------------------------------------------
    # Visual extras: the only hooks a game overrides
    # ------------------------------------------------------------------
    def draw_reveal_extras(self, canvas, t: float) -> None:
        """Game touches on top of the reveal (a die moving, fingers)."""

    def reveal_dice_style(self, seat: int, t: float) -> dict:
        """Extra ``draw_dice`` arguments for a seat during the reveal.  Shared:
        from ``move_at`` the loser's lost dice (``RevealFacts.lost_dice``: the
        ones that did not count, when it has them) rise and fade; a counted
        one stays as a lit ghost, so the felt always shows the count."""
        r = self.shown_reveal
        if seat != r.loser or t <= self.move_at:
            return {}
        return {"leaving": r.lost_dice(), "fade": 1.0 - ease((t - self.move_at) / self.leave_length)}

    def draw_overlay(self, canvas) -> None:
        """Game controls on top of everything (out-of-turn buttons)."""

    def overlay_event(self, event) -> bool:
        return False

    # ------------------------------------------------------------------
    # Geometry
    # ------------------------------------------------------------------
    def anchor_rect(self, name: str):
        """The tutorial coach's targets at a bidding table: the picker and its
        buttons, the lone human's dice, the round's bids (besides the base's)."""
        if name == "bid_picker":
            return self.picker.rect
        if name in ("bid_button", "call_button", "jinto_button"):
            return self.picker._rects().get(name[:-len("_button")])
        if name == "my_dice" and self.humans:
            seat = self.humans[0]
            count = len(self.hand(seat)) or self.dice_counts()[seat]
            return self.cups.dice_box(seat, count, self.cups.own_die_px(seat)).inflate(18, 16)
        if name == "history":
            return self.history.rect
        if name.startswith("seat:") and name[5:].isdigit() and int(name[5:]) < len(self.match.seats):
            return self.seat_anchor(int(name[5:]))
        return super().anchor_rect(name)

    def seat_anchor(self, seat: int) -> pygame.Rect:
        """A seat as the coach rings it: its nameplate and, while it has dice,
        its cup (or your tray) together.  The cup sits 2 px from the plate, so
        a ring round the plate alone ran through it (Liar's Dice step 7)."""
        plate = self.cups.seat_plate(seat)
        n = self.snap.dice[seat]
        if not n:
            return plate
        faces = self.snap.hand(seat)
        if self.hot_seat.can_see(seat) and faces:
            size = self.cups.own_die_px(seat)
            return plate.union(self.cups.dice_box(seat, len(faces), size))
        x, y = self.cups.cup_point(seat)
        cup = pygame.Rect(0, 0, self.cup_px, self.cup_px)
        cup.center = (round(x), round(y))
        return plate.union(cup)

    def log_keep_clear(self) -> list:
        """Every nameplate, and the dice of every seat still in (or in the
        reveal's row) at the most any seat has held (your tray with its label,
        a reveal's row): the commentary prints beside them.  Kept until a seat
        goes out or someone holds more dice than that (a Jinto gain past the
        starting dice)."""
        counts = self.dice_counts()
        reveal = getattr(self, "reveal", None)   # asked before ``__init__`` is done, too
        shown = [max(n, len(h)) for n, h in zip(counts, reveal.hands)] if reveal is not None else counts
        seats_in = tuple(i for i, n in enumerate(shown) if n)
        cached = self.__dict__.get("_log_clear")
        if cached is None or cached[0] != seats_in or max(shown, default=0) > cached[1]:
            dice = max([int(self.match.options.get("starting_dice") or 0), *shown, cached[1] if cached else 0])
            size = max(self.cups.own_die_px(0), self.reveal_die_px())
            rects = [self.cups.seat_plate(i).inflate(8, 8) for i in range(len(self.seat_spots))]
            rects += [self.cups.dice_box(i, dice, size).inflate(22, 44) for i in seats_in]
            cached = self.__dict__["_log_clear"] = (seats_in, dice, rects)
        return cached[2]

    def peek_keep_clear(self) -> list[pygame.Rect]:
        """The bid picker's place and the round's bids (the Peek button left
        its corner for the felt at 17 seats and lay over the picker)."""
        return [self.picker.rect.inflate(16, 16), self.history.place.inflate(12, 12)]

    def since_keep_clear(self) -> list[list[pygame.Rect]]:
        """The bid in the centre with its lines, the picker, the round's bids,
        every nameplate, every cup and every die face-up in a tray as they
        lie now, and a round's band while it shows (``band_boxes``, as
        drawn), always; first also every seat's dice at their most (as the
        commentary keeps clear of).  At 20 seats in a Palifico round a card
        allowed to cover cups lay over three of them and the band's left
        end; it now takes fewer lines or a narrower width first."""
        pieces = [self.centre_box().inflate(16, 12), self.history.place.inflate(12, 12)]   # all it may grow to
        if self.human_to_act() is not None:   # its place, kept while a band or a throw holds it back; none
            pieces.append(self.picker.rect.inflate(12, 12))   # while an AI thinks ("Whose dice?" may open there)
        pieces += [self.cups.seat_plate(i).inflate(8, 8) for i in range(len(self.seat_spots))]
        pieces += [plate.inflate(8, 8) for plate in self.seat_plates.values()]   # as drawn (a note may be wider)
        pieces += [band.inflate(8, 8) for band in self.band_boxes]
        for seat, n in enumerate(self.dice_counts()):
            if n and (self.hot_seat.can_see(seat) or seat == self.secrecy.confirmed):   # a peek does not move the card
                pieces.append(self.cups.dice_box(seat, n, self.cups.own_die_px(seat)).inflate(22, 44))
            elif n:
                x, y = self.cups.cup_point(seat)
                pieces.append(pygame.Rect(0, 0, self.cup_px + 12, self.cup_px + 12).move(
                    int(x) - self.cup_px // 2 - 6, int(y) - self.cup_px // 2 - 6))
        return [self.log_keep_clear() + pieces, pieces]

    def picker_shown(self, banding: bool | None = None) -> bool:
        """Is the bid picker drawn (a human to act, no dice in the air, no
        round's band over the centre)?  ``banding``: ``_banding()``, if known."""
        return self.human_to_act() is not None and self.throw_view is None and not (
            self._banding() if banding is None else banding)

    def centre_box(self) -> pygame.Rect:
        """Where the centre's words are between reveals: the standing bid drawn
        large with its lines under it, or who opens and how (``draw_centre``)."""
        cx, cy = self.centre
        snap = self.snap
        font = self.theme.font
        turn = self.state.turn_player()
        lines = [(18, self.turn_line(turn)),
                 (16, self.text.odds_line(snap, self.hot_seat.viewer) if self.match.options.get("odds_helper") else "")]
        if snap.bid is None:   # who opens and how, then the lines
            title, hint = self.text.opening(snap)
            widths = [font(30, True, style="display").size(title)[0], font(17).size(hint)[0]]
            top = cy - 22
        else:                  # the bid drawn large, its caption and note, then the lines
            widths = [190, font(16, True).size(self.text.bid_note(snap))[0]]
            if snap.bidder is not None:
                widths.append(font(16).size(f"bid by {self.words.object(snap.bidder)}")[0])
            top = cy - 36
        width = max(widths + [font(size).size(text)[0] for size, text in lines if text])
        # to the odds line's foot where the game shows odds, else the turn line's
        # (the odds line's room kept empty under a 19-name "Whose dice?" board)
        bottom = cy + (124 if self.match.options.get("odds_helper") else 102)
        return pygame.Rect(cx - width // 2, top, width, bottom - top)

    def band_keep_clear(self) -> list[pygame.Rect]:
        """What a round's band ("Palifico!") stops short of: every nameplate
        (as drawn), cup and tray of face-up dice (at the sides of a big table
        some stand at its height)."""
        rects = [self.cups.seat_plate(i) for i in range(len(self.seat_spots))] + list(self.seat_plates.values())
        for seat, n in enumerate(self.dice_counts()):
            if n and self.hot_seat.can_see(seat):   # face-up in a tray (``draw_cups``)
                rects.append(self.cups.dice_box(seat, n, self.cups.own_die_px(seat)).inflate(18, 16))
            elif n:
                cup = pygame.Rect(0, 0, self.cup_px, self.cup_px)
                cup.center = tuple(int(v) for v in self.cups.cup_point(seat))
                rects.append(cup)
        return rects

    def coach_keep_clear(self) -> list:
        """The picker while it shows, and every seat's nameplate."""
        plates = [self.cups.seat_plate(i).inflate(8, 8) for i in range(len(self.seat_spots))]
        return ([self.picker.rect] if self.human_to_act() is not None else []) + plates

    def dice_zones(self, request):
        """Each group lands around its owner's cup spot, clear of every
        nameplate (``CupLayout.throw_zone``)."""
        return [self.cups.throw_zone(g.owner, 130 if g.count <= 3 else 170) for g in request.groups]

    # ------------------------------------------------------------------
    # Hooks from the base
    # ------------------------------------------------------------------
    def is_busy(self) -> bool:
        """A reveal plays (the game's last one stays on screen, not busy, until the results)."""
        return self.reveal is not None and not self.final_reveal_shown()

    def final_reveal_shown(self) -> bool:
        """The game's last reveal has played (and was read, when held): it
        stays on the felt until the results instead of an empty next round."""
        return (self.reveal is not None and self.match.state.is_terminal() and self.held.moment is None
                and self.reveal_time >= self.reveal_length())

    def deciding_human(self):
        if self.reveal is not None:
            return None
        return super().deciding_human()

    def phone_odds(self, seat: int) -> str:
        """The odds line from ``seat``'s own dice (a snapshot that shows no other hand)."""
        if not self.match.options.get("odds_helper"):
            return ""
        snap = self.snapshot_of(self.match.state, lambda owner: owner == seat)
        return self.text.odds_line(snap, seat)

    def phone_count_shown(self) -> bool:
        return self.reveal is None or self._verdict_said

    def phone_outcome(self, seat: int | None = None) -> dict | None:
        """The reveal's verdict and the dice that counted by seat, from when the
        table's count shows the verdict (never sooner: the count would be given
        away) until the next round's dice are ready (the roll, the throw); the
        same for every seat."""
        state = self.match.state
        if self.reveal is not None:
            reveal = self.reveal if self._verdict_said else None
        elif state.is_chance() or self.throw_view is not None or state.is_terminal():
            reveal = self.public_snap().reveal
        else:
            reveal = None
        if reveal is None:
            return None
        return {"heading": "Last round", "verdict": self.text.verdict(reveal), "quantity": reveal.quantity, "face": reveal.face,
                "count": reveal.count, "counts": list(reveal.counts), "loser": reveal.loser}

    def human_deciding(self) -> bool:
        """Adds a challenge pressed once ("Sure? Call!"): no AI speaks up
        under it; and an open "Whose dice?", for a few seconds at most
        (``HotSeatFlow.owner_question_holds``)."""
        return super().human_deciding() or self.picker.armed is not None or self.hot_seat.owner_question_holds()

    def on_applied(self, player, action, before_state) -> None:
        if player == CHANCE:
            self.round_entries = []
            start = self.text.round_start(self.public_snap())
            if start is not None:
                self.show_banner(start[0])
                self.announce(start[1], th.BRASS_LIGHT)
            return
        colour = self.theme.player_colour(player)
        if self.is_bid(action):
            self.round_entries.append(HistoryEntry(self.seat_name(player), colour, action.quantity,
                                                   action.face))
            return
        self.secrecy.forget()  # every cup comes up: the next human is confirmed by the curtain again
        reveal = self.public_snap().reveal
        assert reveal is not None, "a challenge was just resolved"
        self.reveal = reveal
        self.round_entries.append(HistoryEntry(self.seat_name(player), colour, text=self.text.shout(reveal)))
        self.reveal_time = 0.0
        # a round's banner ("Palifico!") lies across the centre: gone before the count shows
        self.banners.give_way(self.time, min(GIVE_WAY_SECONDS, self.light_at * self.reveal_length()))
        self._verdict_said = False   # said when the count is done (``update``), not before
        self.app.sounds.play("curtain", 0.7)

    def restore_moment(self, player, action, before_state) -> None:
        """Continue saved during a reveal (the Call or Jinto is the last move:
        the next roll follows it at once) shows the reveal again from the
        start, the cups coming up; the history keeps its shout."""
        if player != CHANCE and not self.is_bid(action):
            self.on_applied(player, action, before_state)

    def handle_table_event(self, event) -> bool:
        if self.reveal is not None:
            return False
        if self.overlay_event(event):
            return True
        if self.human_to_act() is None:
            return False
        if self._banding():   # the picker waits under a round's band: a press brings it at once
            self.banners.give_way(self.time, 0.0)
            if event.type != pygame.KEYDOWN:
                return True   # a click lands on nothing unseen; a key is the bidder's own shortcut
        self._refresh_picker()
        return self.picker.handle_event(event)

    def _banding(self) -> bool:
        """A round's band ("Palifico!") is on screen (it stands in the centre's lines)."""
        return any(banner.alive(self.time) for banner in self.banners)

    def _band_gives_way_to_the_picker(self) -> None:
        """A human's turn: a round's band, once read (``BAND_READ_SECONDS``),
        fades out and the picker comes after it, with the centre's lines ("Your
        turn", Palifico's rule) the band stood in for.  In the lesson a fading
        "Palifico!" lay across the table under the picker while you bid."""
        if self.human_to_act() is None or self.reveal is not None or self.throw_view is not None:
            return
        now = self.time
        for banner in self.banners:
            if banner.alive(now) and now - banner.t0 >= self.pace.reading(BAND_READ_SECONDS):
                banner.give_way(now, GIVE_WAY_SECONDS)

    def update(self, dt: float) -> None:
        self._band_gives_way_to_the_picker()
        if self.reveal is not None:
            self.reveal_time += dt
            if not self._verdict_said and self.reveal_t() > self.verdict_at:
                self._say_verdict()
            # held (the "pause after reveals" setting, a lesson) with the hands as they were at
            # the call: held at the end, the loser's lost die had already gone from the felt
            held_at = self.move_at * self.reveal_length()
            if self.reveal_time >= held_at and self.held.until_continue(("reveal", len(self.match.history))):
                self.reveal_time = held_at
                return
            if self.reveal_time >= self.reveal_length():
                self.reveal_time = self.reveal_length()
                if self.match.state.is_terminal():
                    return   # the last reveal stays until the results (``final_reveal_shown``)
                self.reveal = None
                self.hot_seat.maybe_curtain()

    def _say_verdict(self) -> None:
        """The verdict into the running commentary, once the centre shows it
        (said at the call, it gave the count away before the cups were counted)."""
        self._verdict_said = True
        if self.reveal is not None:
            self.announce(self.text.verdict(self.reveal), th.BRASS_LIGHT)

    # ------------------------------------------------------------------
    # Human input
    # ------------------------------------------------------------------
    def _refresh_picker(self) -> None:
        """Load the legal bids of this moment into the picker (once per move)."""
        seat = self.human_to_act()
        key = (len(self.match.history), seat)
        if key == self._picker_key or seat is None:
            return
        self._picker_key = key
        snap = self.snap
        minimums = snap.legal_minimums()
        self.picker.set_legal(minimums, snap.max_quantity, enabled=snap.challenges,
                              prefer_face=self._preferred_face(snap, seat, minimums))
        self.picker.title = f"{self.words.possessive(seat)} bid"
        # the odds come from the seat's own dice: shown only while they are face-up
        self.picker.odds = None if not self.match.options.get("odds_helper") else (
            lambda q, f: self.text.chance(self.snap, seat, q, f) if self.hot_seat.can_see(seat) else None)

    def _preferred_face(self, snap: BiddingSnapshot, seat: int, minimums: dict[int, int]) -> Optional[int]:
        """The standing bid's face, or for an opening bid the face you hold
        most of (wilds included; only when the hint gives nothing away)."""
        if snap.bid is not None:
            return snap.bid[1]
        if not minimums:
            return None
        faces = snap.hand(seat) if self.knows_hand(seat) else ()
        return max(minimums, key=lambda f: (count_matching(faces, f, snap.wild), f))

    def knows_hand(self, seat: int) -> bool:
        """May on-screen hints (the preselected face) use ``seat``'s dice?
        Only for the lone human: in hot-seat the picker must not change or
        hint at anything when a cup lifts."""
        return self.secrecy.mode == "solo" and self.hot_seat.can_see(seat)

    def has_hidden_dice(self, seat: int) -> bool:
        """Dice under ``seat``'s cup this round, not yet revealed: while the
        next roll is due no hand is hidden (Roll Call's state keeps the
        revealed hands until that roll; Liar's Dice empties them)."""
        snap = self.public_snap()
        return (0 <= seat < len(self.seats) and snap.dice[seat] > 0 and snap.held[seat] > 0
                and not self.match.state.is_chance())

    def hand_shown(self, seat: int) -> bool:
        """A challenge just lifted every cup: its reveal shows each hand."""
        history = self.match.history
        if not history or history[-1][0] == CHANCE or self.is_bid(history[-1][1]):
            return False
        reveal = self.public_snap().reveal
        return reveal is not None and 0 <= seat < len(reveal.hands) and bool(reveal.hands[seat])

    def _human_bid(self, quantity: int, face: int) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.submit(seat, Bid(quantity, face))

    def undoable(self, player, action) -> bool:
        """A bid may be taken back until the next player moves, at a table
        with one human (in hot-seat the next human would see it).  Call and
        Jinto lift every cup at once, so they are never undone: they have
        the picker's confirm step instead."""
        return len(self.humans) == 1 and self.is_bid(action)

    def on_taken_back(self, player, action) -> None:
        self.round_entries = self._round_so_far()

    def undo_button_rect(self) -> pygame.Rect:
        """Where the bid picker was (it is hidden while the others decide)."""
        rect = pygame.Rect(0, 0, 240, 52)
        rect.midtop = (CENTRE_X, self.picker.rect.y + 50)
        return rect

    def _human_challenge(self, name: str) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.submit(seat, self.challenge_actions[name]())

    # ------------------------------------------------------------------
    # Words and timing
    # ------------------------------------------------------------------
    def reveal_length(self) -> float:
        if self.pace.reduced_motion:
            return self.reduced_reveal_seconds
        return self.reveal_seconds["normal"] * self.pace.duration

    def reveal_t(self) -> float:
        return self.reveal_time / self.reveal_length()

    def colour(self, seat: int):
        key = (seat, self.theme.colorblind)
        colour = self._seat_colours.get(key)
        if colour is None:
            from ....ui.dice_render import player_colour
            colour = self._seat_colours[key] = player_colour(*key)
        return colour

    def throw_colour(self, pose):
        """Dice in flight in their owner's colour, as they will sit in the tray
        (hidden dice are drawn face-down whatever their colour)."""
        return self.colour(pose.owner)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def _seat_notes(self) -> dict[int, str]:
        counts = self.dice_counts()
        if self.reveal is not None and self.reveal_t() <= self.move_at:   # as they were until the dice move
            counts = [len(h) for h in self.reveal.hands]
        return {i: ("out" if n == 0 else f"{n} {'die' if n == 1 else 'dice'}") for i, n in enumerate(counts)}

    def _active_seat(self):
        return None if self.reveal is not None else self.state.turn_player()

    def _still_active_seat(self):
        """The seat lit in the still picture itself: none (the turn's seat is
        lit over it, ``_draw_turn_highlight``), except for the layout check,
        which sees every box of one whole drawing."""
        return self._active_seat() if layout_record.ACTIVE is not None else None

    def still_key(self):
        """The nameplates, and the cups (or the hands you may see), or the
        revealed dice that are not moving: they change only at moments (the
        turn's seat is lit over the still: not in its key)."""
        seats = self._plates_key()
        if self.reveal is not None:
            t = self.reveal_t()
            return ("reveal", len(self.match.history), seats, t > self.light_at, self._moving_seats(t))
        if self.throw_view is not None:
            return ("throw", seats)
        hands = tuple((n, self.hot_seat.can_see(seat) and bool(self.hand(seat)),
                       tuple(self.hand(seat)) if self.hot_seat.can_see(seat) else ())
                      for seat, n in enumerate(self.dice_counts()))
        return ("cups", seats, hands)

    def _plates_key(self):
        """What the nameplates in the still show (notes, the seat lit in it, colours, phone marks)."""
        return (tuple(sorted(self._seat_notes().items())), self._still_active_seat(), self.theme.colorblind,
                self.phone_marks())

    def still_layers(self):
        """The felt and nameplates (they change when a round ends) below the
        cups, the empty felt of a throw or a reveal's dice (which change at a
        landing, a call, a reveal's steps): those paint only the top."""
        return (self._plates_key(), self._paint_plates, self._paint_over_plates)

    def _paint_plates(self, canvas) -> None:
        self.draw_background(canvas)
        self.draw_seats(canvas, active=self._still_active_seat(), notes=self._seat_notes())

    def _paint_over_plates(self, canvas, near: pygame.Rect | None = None) -> None:
        """The still over its nameplates: a reveal's resting dice, else the cups (none while dice fly)."""
        if self.reveal is not None:
            self.draw_reveal(canvas, still=True)
        elif self.throw_view is None:
            self.draw_cups(canvas, near)

    def draw_still(self, canvas) -> None:
        self._draw_still(canvas, self._still_active_seat())

    def _draw_still(self, canvas, active, near: pygame.Rect | None = None) -> None:
        """The still picture; ``near``: only what may reach into that
        rectangle is wanted (a clipped painting of it: cups far off are skipped)."""
        self.draw_seats(canvas, active=active, notes=self._seat_notes(), near=near)
        self._paint_over_plates(canvas, near)

    def _draw_turn_highlight(self, canvas) -> None:
        """The glowing nameplate of the seat whose turn it is, over the still
        picture (``StillHighlight``: its glow's rectangle painted again with
        that seat lit), so a move that only passes the turn repaints no still."""
        active = self._active_seat()
        shown = active if active is not None and self._still_active_seat() is None \
            and active in self.seat_plates else None
        rect = self.seat_plates[active].inflate(14, 14) if shown is not None else None

        def paint(target) -> None:
            self.draw_background(target)
            self._draw_still(target, shown, near=rect)
        self.turn_highlight.draw(canvas, rect, (shown,), self.still, paint, self.renderer)
        self.highlighted_seat = active

    def draw_table(self, canvas, alpha) -> None:
        self._draw_turn_highlight(canvas)   # straight over the still layer
        if self.reveal is not None:
            self.draw_reveal(canvas, still=False)
        banding = self._banding()
        self.draw_centre(canvas, lines=not banding)
        self.history.draw(canvas, self.theme, self.renderer, self.shown_entries(),
                          footer=self.text.history_footer(self.snap, self.reveal is not None),
                          still=self.still if self.reveal is None else None,   # (a reveal's dice move under it)
                          under=self.turn_highlight.shown)
        if self.picker_shown(banding):
            self._refresh_picker()
            self.picker.draw(canvas, self.theme, self.renderer)
        self.band_boxes = [draw_band(canvas, self.theme, banner, self.time, y=self.centre[1] + BAND_BELOW_BID,
                                     keep_clear=self.band_keep_clear())
                           for banner in self.banners]   # under the bid's caption, over the lines it stands in for
        self.draw_overlay(canvas)

    def draw_face(self, canvas, face, rect, seat=None, public=False) -> None:
        """One upright die face in the seat's colour (plain ivory for None: a
        picture, not a die).  A seat's die is recorded by the renderer as a
        hidden face shown, ``public`` when a reveal shows it."""
        colour = self.colour(seat) if seat is not None else None
        self.renderer.draw_face_icon(canvas, self.die_kind, face, rect, colour, owner=seat, public=public)

    def draw_dice(self, canvas, seat, faces, size, *, lit=None, skip=(), leaving=(), fade=1.0,
                  per_row=None, public=False, slots=None, make_room=1.0) -> None:
        """A seat's dice; ``lit(face)`` marks the ones that count (the others are
        veiled), indices in ``skip`` are not drawn, the dice at the indices in
        ``leaving`` rise and fade out to ``fade``, except a die that counts: it
        stays in its place, lit, a ghost (``GHOST``), so what is lit always
        matches the count; ``slots``: lay out room for this many dice (the
        next free one is for a die arriving), the dice ``make_room`` (0 to 1)
        of the way from their own places there; ``public``: a reveal shows them."""
        points = self.cups.dice_points(seat, len(faces), size, per_row)
        if slots is not None and slots > len(faces):
            roomy = self.cups.dice_points(seat, slots, size, per_row)
            points = [(x + (rx - x) * make_room, y + (ry - y) * make_room)
                      for (x, y), (rx, ry) in zip(points, roomy)]
        for i, (pos, face) in enumerate(zip(points, faces)):
            if i in skip:
                continue
            shine = None if lit is None else bool(lit(face))
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (int(pos[0]), int(pos[1]))
            if i not in leaving:
                self.draw_die(canvas, seat, face, rect, lit=shine, public=public)
            elif shine:   # it counted: it stays, a lit ghost
                self.draw_die(canvas, seat, face, rect, lit=True, alpha=GHOST + (1 - GHOST) * max(0.0, fade),
                              public=public)
            elif fade > 0:
                self.draw_die(canvas, seat, face, rect.move(0, -int((1 - fade) * 30)), lit=shine, alpha=fade,
                              public=public)

    def draw_die(self, canvas, seat, face, rect, *, lit=None, alpha=1.0, public=False) -> None:
        """One of ``seat``'s dice at ``rect``: ``lit`` True frames it (it
        counts), False veils it (it does not), None draws it plain; below 1,
        ``alpha`` fades it (the frame stays)."""
        if lit:
            pygame.draw.rect(canvas, th.BRASS_LIGHT, rect.inflate(8, 8), border_radius=8)
        if alpha >= 1:
            self.draw_face(canvas, face, rect, seat, public)
            if lit is False:
                canvas.blit(die_veil(rect.w), rect)
            return
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        self.draw_face(surf, face, surf.get_rect(), seat, public)
        if lit is False:
            surf.blit(die_veil(rect.w), (0, 0))
        surf.set_alpha(int(255 * max(0.0, alpha)))
        canvas.blit(surf, rect)

    def draw_own_tray(self, canvas, seat: int, box: pygame.Rect) -> None:
        """A felt-dark tray in your colour under your own dice: clearly yours (cup_layout.py)."""
        draw_own_tray(canvas, self.theme, box, self.theme.player_colour(seat), f"{self.words.possessive(seat)} dice",
                      tag_above=self.tag_above(seat))

    def tag_above(self, seat: int) -> bool:
        """A bottom seat's tray tag sits above its tray first, any other's under it."""
        return self.seat_spots[seat].pos[1] > layout.TABLE_CENTRE[1] + 150

    def tray_tags(self, boxes: dict[int, pygame.Rect]) -> dict[int, tuple[pygame.Rect, str]]:
        """Each shown tray's tag, placed together (``cups.place_tags``): a
        replay shows every seat's tray, and at 20 seats one tray's tag lay
        on the next tray.  Worked out again only when a tray moves or grows."""
        key = tuple(sorted((seat, tuple(box)) for seat, box in boxes.items()))
        if self._tags is None or self._tags[0] != key:
            seats = sorted(boxes)
            # a long name gives way to "Your dice" only where the tray is the viewer's own
            mine = "Your dice" if self.replay is None else None
            trays = [TrayTag(boxes[s], self.tag_above(s),
                             tag_labels(self.theme, f"{self.words.possessive(s)} dice", mine, self.words.name(s)))
                     for s in seats]
            plates = [self.cups.seat_plate(s) for s in range(len(self.match.seats))]
            self._tags = (key, dict(zip(seats, place_tags(self.theme, trays, plates))))
        return self._tags[1]

    def draw_cups(self, canvas, near: pygame.Rect | None = None) -> None:
        """Your own dice face-up in a tray; every other seat's under a cup;
        ``near``: only the seats whose tray or cup (with its shadow and the
        tray's label, kept wide) may reach into that rectangle."""
        snap = self.snap
        boxes: dict[int, pygame.Rect] = {}
        for seat, n in enumerate(snap.dice):
            if n == 0:
                continue
            faces = snap.hand(seat)   # in ``hand_order``, as the reveal shows it
            if self.hot_seat.can_see(seat) and faces:
                size = self.cups.own_die_px(seat)
                box = boxes[seat] = self.cups.dice_box(seat, len(faces), size)
                if near is None or box.inflate(80, 120).colliderect(near):
                    draw_tray(canvas, box, self.theme.player_colour(seat))
                    self.draw_dice(canvas, seat, faces, size)
                continue
            x, y = self.cups.cup_point(seat)
            if near is None or pygame.Rect(0, 0, 3 * self.cup_px, 3 * self.cup_px).move(
                    int(x) - 3 * self.cup_px // 2, int(y) - 3 * self.cup_px // 2).colliderect(near):
                self.renderer.draw_cup(canvas, x, y, self.colour(seat), size=self.cup_px, owner=seat, dice=n)
        if boxes:   # the tags last, over any tray: placed clear of every tray's dice
            for seat, (pill, words) in self.tray_tags(boxes).items():
                if near is None or pill.colliderect(near):
                    draw_tag(canvas, self.theme, pill, words, self.theme.player_colour(seat))

    def reveal_die_px(self) -> int:
        return self.die_px + 4

    def first_draw_steps(self):
        """Every seat's cup painted, one a step (a 20-seat table's first
        drawing painted 20 cups, about 40 ms), the dice this screen sees
        face-up (the frame the first throw lands painted them: about 2 ms at
        20 seats), then the centre's words,
        the bid history's and the picker's, a step each (new fonts, labels
        and face pictures: 5-10 ms each).
        On the canvas before its frame's drawing covers it (``opening_steps``)."""
        canvas = self.app.canvas
        yield from self.history_steps()
        for seat in range(len(self.match.seats)):
            self.renderer.draw_cup(canvas, self.cup_px, self.cup_px, self.colour(seat), size=self.cup_px)
            yield
        yield from self._own_tray_steps(canvas)
        self.draw_centre(canvas, lines=True)
        yield
        self.history.draw(canvas, self.theme, self.renderer, self.shown_entries(),
                          footer=self.text.history_footer(self.snap, self.reveal is not None))
        yield
        if self.humans:   # the bid picker's face pictures and labels (its first showing cost 10 ms at 20 seats)
            yield from self.picker.warm_steps(canvas, self.theme, self.renderer)

    def _own_tray_steps(self, canvas):
        """The dice this screen sees face-up in their trays after the first
        throw: each face at the tray's size, in the seat's colour, and the
        tray's label, a step each (at 20 seats the first landing painted
        them: 4-6 faces, about 2 ms, in the frame the dice land)."""
        for seat in range(len(self.match.seats)):
            if not self.hot_seat.can_see(seat):
                continue
            size = self.cups.own_die_px(seat)
            for face in range(1, DIE_KINDS[self.die_kind] + 1):
                self.renderer.face(self.die_kind, face, self.colour(seat), size)
                yield
            self.draw_own_tray(canvas, seat, self.cups.dice_box(seat, 1, size))
            yield

    def glyph_fonts(self) -> tuple[tuple, ...]:
        """Adds the centre's first words (who opens, the bid's quantity) and,
        with a human seated, the bid picker's signs and quantity and the turn line."""
        picker = ((18, True, "body"), (20, True, "body"), (26, True, "body", "\u2212+"),
                  (30, True, "body", "0123456789-")) + bid_centre.TURN_FONTS if self.humans else ()
        return super().glyph_fonts() + bid_centre.OPENING_FONTS + picker

    def later_glyph_fonts(self) -> tuple[tuple, ...]:
        """The bid history's words (the first bid), then a reveal's (the shout, the tally, the verdict)."""
        return tuple((size, bold, "body") for size, bold in HISTORY_FONTS) + bid_centre.REVEAL_FONTS

    def warm_steps(self):
        """The big bid die and the bid history's icon (each face), then every
        seat's revealed dice pictures (its colour, each face, at the reveal
        size), one a frame (a call's first reveal frame used to paint up to
        120 of them; three a frame, 0.5-0.7 ms each, ran in the first throw's
        frames too; the history's first bid painted its face in its frame)."""
        for size in (bid_centre.BID_ICON, ICON_PX):
            for face in range(1, DIE_KINDS[self.die_kind] + 1):
                self.renderer.face(self.die_kind, face, None, size)
                yield True
        size = self.reveal_die_px()
        for seat in range(len(self.match.seats)):
            for face in range(1, DIE_KINDS[self.die_kind] + 1):
                self.renderer.face(self.die_kind, face, self.colour(seat), size)
                yield True

    @property
    def shown_reveal(self) -> RevealFacts:
        """``reveal`` for the drawing hooks that run only while a reveal
        shows (typed: never None there)."""
        assert self.reveal is not None, "asked only while a reveal shows"
        return self.reveal

    def _moving_seats(self, t: float) -> tuple[int, ...]:
        """Seats whose revealed dice move now (a die leaving, fading)."""
        return tuple(seat for seat, faces in enumerate(self.shown_reveal.hands)
                     if faces and self.reveal_dice_style(seat, t))

    def draw_reveal(self, canvas, still: bool | None = None) -> None:
        """Cups lifted, the dice that count lit, then the game's extras.
        ``still``: True draws only the dice at rest (the still layer), False
        the rest on top of it (moving dice, rising cups, extras), None all."""
        r = self.shown_reveal
        t = self.reveal_t()
        moving = self._moving_seats(t)

        def lit(face):
            return t > self.light_at and r.counts_for_bid(face)
        hands = r.hands
        if still is not False:
            for seat, faces in enumerate(hands):
                if faces and (still is None or seat not in moving):
                    self.draw_dice(canvas, seat, faces, self.reveal_die_px(), lit=lit, public=True,
                                   **self.reveal_dice_style(seat, t))
        if still is True:
            return
        for seat in moving if still is False else ():
            self.draw_dice(canvas, seat, hands[seat], self.reveal_die_px(), lit=lit, public=True,
                           **self.reveal_dice_style(seat, t))
        lift = ease(t / self.light_at)
        if lift < 1 and self.renderer is not None:   # the cups rising off the dice
            for seat, faces in enumerate(hands):
                if faces:
                    x, y = self.cups.cup_point(seat)
                    cup = th.faded(self._lifted_cup(seat), int(255 * (1 - lift)))
                    canvas.blit(cup, cup.get_rect(center=(int(x), int(y - 40 * lift))))
        self.draw_reveal_extras(canvas, t)

    def screen_facts(self) -> dict:
        facts = super().screen_facts()
        seat = self.human_to_act()
        if seat is not None:
            self._refresh_picker()
        snap = self.snap
        facts.update(bid=None if self.round_closed() or self.reveal is not None else snap.bid,
                     history=[(e.name, e.quantity, e.face, e.text) for e in self.shown_entries()],
                     reveal=self.reveal is not None,
                     centre=self.text.opening(snap) if snap.bid is None and not self.round_closed() else None,
                     picker=self.picker.title if seat is not None else None,
                     counts=list(self.dice_counts()))
        return facts

    def round_closed(self) -> bool:
        """The reveal is over and the next round's roll has not landed: the old
        bid, its odds and the round's history are over too (they used to flash
        back between the reveal and the throw)."""
        history = self.match.history
        return (self.reveal is None and bool(history) and history[-1][0] != CHANCE
                and not self.is_bid(history[-1][1]) and self.state.is_chance())

    def shown_entries(self) -> list[HistoryEntry]:
        """The history panel's rows: this round's, none once it is closed."""
        return [] if self.round_closed() else self.round_entries

    def _lifted_cup(self, seat: int) -> pygame.Surface:
        """A seat's cup on its own little surface (faded as it rises)."""
        key = (self.colour(seat), self.cup_px)
        cups = self.__dict__.setdefault("_cups", {})
        cup = cups.get(key)
        if cup is None:
            cup = pygame.Surface((self.cup_px + 4, self.cup_px + 4), pygame.SRCALPHA)
            self.renderer.draw_cup(cup, cup.get_width() / 2, cup.get_height() / 2, self.colour(seat),
                                   size=self.cup_px)
            cups[key] = cup
        return cup

    def turn_line(self, turn: int | None) -> str:
        """Whose turn, under the bid; a replay says whose move comes (nobody is
        thinking there), a lesson holding an opponent's turn what it waits for
        (Roll Call's said "Tom is thinking…" while it waited for your call out of turn)."""
        if turn is None:
            return ""
        if self.replay is not None:
            return f"{self.words.possessive(turn)} move next"
        acting = self.human_to_act() == turn
        step = self.tutorial.visible_step() if self.tutorial is not None and not acting else None
        if step is not None and not step.watches:
            waits = self.words.says(turn, "waits", "wait")
            return f"{waits} for you: {step.title}" if step.asks else f"{waits} while you read the note"
        return self.text.turn_line(self.snap, turn, acting)

    def draw_centre(self, canvas, lines: bool = True) -> None:
        """The standing bid (or who opens) and the lines under it (game/games/bidding/ui/centre.py);
        not ``lines`` while a band ("Palifico!") is up in their place (a reveal's count included)."""
        cx, cy = self.centre
        if self.reveal is not None:
            self.draw_reveal_centre(canvas, tally=lines)
            return
        if self.state.is_terminal() or self.round_closed() or self.throw_view is not None:
            return   # (while the round's dice fly, the centre waits: at 2 seats they land on it)
        snap = self.snap
        bid = snap.bid
        note = ""
        if bid is None:
            title, hint = self.text.opening(snap)
            bid_centre.draw_opening(canvas, self.theme, (cx, cy), title, hint if lines else "")
        else:
            assert snap.bidder is not None, "a standing bid has its bidder"
            self.draw_bid_big(canvas, (cx, cy), bid[0], bid[1], f"bid by {self.words.object(snap.bidder)}")
            note = self.text.bid_note(snap)
        turn = self.state.turn_player()
        line = self.turn_line(turn)
        odds = self.text.odds_line(snap, self.hot_seat.viewer) if self.match.options.get("odds_helper") else ""
        if lines:
            bid_centre.draw_bid_lines(canvas, self.theme, (cx, cy), note, line, odds)

    def draw_reveal_centre(self, canvas, tally: bool = True) -> None:
        """The call's shout, the bid called and, with ``tally``, the count under
        it: not while a round's band ("Palifico!") fades out where the count
        goes (a call under it; the band is gone before the count starts)."""
        cx, cy = self.centre
        cy += 56   # no picker during a reveal: sit mid-table, clear of the top seats' dice
        r = self.shown_reveal
        t = self.reveal_t()
        total = r.count
        start = self.light_at
        shown = min(total, int(total * ease((t - start) / 0.4) + 0.999)) if t > start else 0
        shout, count, note = self.text.reveal_lines(r, shown)
        bid_centre.draw_shout(canvas, self.theme, (cx, cy), shout)
        self.draw_bid_big(canvas, (cx, cy - 30), r.quantity, r.face, f"bid by {self.words.object(r.bidder)}")
        known = t > self.verdict_at
        colour = (self.theme.good if r.challenger_right else self.theme.bad) if known else th.CREAM
        verdict = self.text.verdict(r).split(". ", 1)[1] if known else None
        if tally:
            bid_centre.draw_tally(canvas, self.theme, (cx, cy), count, colour, verdict, note)

    def draw_bid_big(self, canvas, centre, quantity, face, caption) -> None:
        """``5 x [die]`` large and clear (game/games/bidding/ui/centre.py), the die as a picture."""
        bid_centre.draw_bid_big(canvas, self.theme, centre, quantity, face, caption, self.draw_face)
