"""The AIs' reasons and held moments at the table: an AI's reason said at
once or held until its dice are shown (and found again on Continue or in a
replay); a moment worth reading held until the player continues, with its
"continue" prompt, and the call window's countdown.  When the AIs move is the
``ai_turns`` component (game/ui/ai_turns.py).

Its own module because what an AI says must never give a hidden die away,
whatever the table draws.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import pygame

from . import theme as th
from ..core.match import Match
from ..core.playback import ReplayReasons
from ..core.protocol import CHANCE
from .ai_reasons import HeldReason, Told, more_in_log, thinking
from .drawn_controls import note as note_drawn
from .table_base import TableBase
from ..canvas import CANVAS_H, CENTRE_X


class AiPacing(TableBase):
    """The AIs' reasons and held moments (a mixin of ``TableScene``; the moves: ``ai_turns``)."""

    def _tell_reasons(self, player: int) -> None:
        """After a move by ``player`` (with "Show AI reasoning" on): an AI's
        reason is said at once when it gives nothing hidden away, else held
        (game/ui/ai_reasons.py) and told when its dice are shown, in the log
        as that seat's thinking for the round (with the reason of the
        challenge that showed them, last) and, briefly, in the commentary:
        the newest held reason and how many more the log holds."""
        if not self.app.settings.show_ai_reasons:
            self.reasons.clear()
            return
        moment = len(self.match.history) - 1
        if not self.match.seats[player].is_ai:
            why = ""
        elif self.replay is None:
            why = self.match.explain(player)
        else:   # a replay's AIs do not decide: their words are worked out again
            why = self.replay_reasons()(moment)
        self._say_reasons(player, self._keep_reasons(player, moment, why))

    def replay_reasons(self) -> ReplayReasons:
        """A replay's AI reasons, by move: the logged game played again with
        its AIs thinking (``Match.relive``), kept on its feed (a replay
        stepped back reads them again).  In the game's window they are
        worked out a few moves ahead on a worker thread, as the live AIs
        think (``think_in_background``), and the replay shows a move once
        its reason is known (``reason_pending``): no frame thinks.  Its AIs
        recall no earlier game (``ready_agents``): a chance a Hard AI stated
        through what it remembered of a rival then reads as this game alone
        taught it.  In a replay every hand shows (game/ui/secrecy.py), so
        each reason is said with its move (the keeper holds none): the bid
        and why, beside the dice it speaks of."""
        feed = self.replay
        assert feed is not None, "only a replay table has a replay's reasons"
        if feed.reasons is None:
            feed.reasons = ReplayReasons(self.match.relive(feed.actions, prepare=self.ready_agents),
                                         background=bool(self.app.think_in_background))
        return feed.reasons

    def reason_pending(self, index: int, ahead: bool = False) -> bool:
        """A replay with "Show AI reasoning" on: is the reason of the logged
        move at ``index`` still being worked out?  The replay waits for it
        before it shows the move: each reason is said with its move, as at
        the table, and a replay stepped back finds every reason before it
        known.  One not known is asked for at once; with ``ahead`` the
        worker is also kept ``ReplayReasons.AHEAD`` moves further on (the
        replay asks that while it rests: ``ReplayDriver.reasons_ahead``).  False with
        the setting off (nothing is worked out)."""
        if self.replay is None or not self.app.settings.show_ai_reasons:
            return False
        return not self.replay_reasons().ready(index, ahead=ahead)

    def _keep_reasons(self, player: int, moment: int, why: str) -> Told:
        """The keeper's turn after the move at ``moment`` (its reason ``why``):
        the reasons it lets go enter the log as thinking; returns them."""
        told = self.reasons.after_move(player, moment, why, self.reason_hidden, self.hand_shown)
        self._note_reasons(player, moment, told)
        return told

    def _note_reasons(self, player: int, moment: int, told: Told) -> None:
        """The log's part of ``told`` (the move at ``moment``, by ``player``):
        the reasons let go, as thinking after the move's sentences."""
        notes = list(told.shown)
        if told.now and (self.hand_shown(player) or not self.show_log):
            # the challenge's own reason closes the round's thinking; a table that draws no
            # commentary (Diced Out) has the log say every reason, else none would show
            notes.append(HeldReason(player, moment, told.now))
        for reason in notes:
            self.game_log.note(moment, reason.seat, [thinking(self.words.possessive(reason.seat), reason.text)])

    def _say_reasons(self, player: int, told: Told) -> None:
        """The commentary's part of ``told``: the mover's own reason, then the
        newest reason its move showed and how many more the log holds."""
        if told.now:
            self.announce(f"{self.seat_name(player)}: {told.now}", th.CREAM_DIM)
        if told.shown:
            last = told.shown[-1]
            self.announce(thinking(self.words.possessive(last.seat), last.text), th.CREAM_DIM)
            if len(told.shown) > 1:
                self.announce(more_in_log(len(told.shown) - 1), th.CREAM_DIM)

    def relive(self) -> tuple[int, Told] | None:
        """A table opened on a game under way (Continue; a replay stepped
        back), with "Show AI reasoning" on: the AIs' reasons as if the game
        had never been left.  A record keeps moves, not words, so the keeper
        follows the moves again, the table's own checks (``reason_hidden``,
        ``hand_shown``) asked of each moment, and:

        * Continue (a table whose reasons may be held: hidden dice): the
          reasons the round holds are held again, to be told at its reveal;
          only their moves' AIs are asked again (``Match.relive``, recalling
          their rivals and speaking to "you" as at this table), so the cost
          is a round's thinking, not the game's.  The log's thinking of
          earlier rounds is not told again (that would be the whole game's).
        * a replay stepped back: the thinking its log told before this move
          is told again (``replay_reasons``, kept from playing it).

        Nothing is said here: returns the last move's player and what it
        told, for the table to say again as it shows that move again
        (``restore_moment``: a reveal), or None.  An AI that cannot think on
        an old save leaves those reasons unsaid.  A lesson's AIs follow its
        script: not asked again."""
        match = self.match
        if (not self.app.settings.show_ai_reasons or getattr(match, "tutorial", False)
                or not match.history or not match.agents):
            return None
        if self.replay is not None:
            return self._follow(self.replay_reasons())
        if not self.info.hidden_dice:
            return None
        # which moves' reasons matter now: the keeper followed with a stand-in for every AI's
        stand_in = self._follow(lambda index: "\u2026" if match.seats[match.history[index][0]].is_ai else "",
                                log=False)
        wanted = {r.moment for r in self.reasons.held}
        if stand_in is not None:
            wanted.update(r.moment for r in stand_in[1].shown)
            if stand_in[1].now:
                wanted.add(len(match.history) - 1)
        self.reasons.clear()
        if not wanted:
            return None
        said: dict[int, str] = {}
        try:
            for index, (_again, _player, why) in enumerate(match.relive(prepare=self.ready_agents, asked=wanted)):
                if index in wanted:
                    said[index] = why
                if index >= max(wanted):
                    break
        except Exception:   # the reasons are a nicety: a save its AIs cannot think on still plays
            return None
        return self._follow(lambda index: said.get(index, ""))

    def _follow(self, reason: Callable[[int], str], log: bool = True) -> tuple[int, Told] | None:
        """The keeper, from empty, after every move of the game so far, each
        with ``reason(index)`` (Continue, a replay stepped back), the table's
        own checks asked of each moment; with ``log``, the thinking let go
        enters the log.  Returns the last move's player and what it told
        (None after a chance move)."""
        match = self.match
        again = Match(match.game_id, [replace(s, kind="human") for s in match.seats], match.options, match.seed)
        self.reasons.clear()
        last: tuple[int, Told] | None = None
        try:
            for index, (player, action) in enumerate(match.history):
                again.apply(player, action)   # the moves alone: no AI here thinks
                if player == CHANCE:
                    last = None
                    continue
                self.match = again   # the checks read the table's match: this moment's
                told = self.reasons.after_move(player, index, reason(index), self.reason_hidden, self.hand_shown)
                if log:
                    self._note_reasons(player, index, told)
                last = (player, told)
        finally:
            self.match = match
        return last

    def may_hold(self, moment) -> bool:
        """Would ``moment`` be held?  Only with the "pause after reveals"
        setting on (or in a lesson) and a human at the table, never in a
        replay or while every human watches on fast, and each moment once."""
        if not (self.app.settings.pause_after_reveal or self.tutorial is not None):
            return False
        return (self.replay is None and bool(self.humans) and moment != self._continued
                and not self.game_end.watching_fast)

    def hold_until_continue(self, moment) -> bool:
        """At a moment worth reading (a reveal, a pot split): with the
        "pause after reveals" setting on and a human at the table, keep it on
        screen until the player clicks or presses Enter/Space.  ``moment`` is
        any key naming it (held once).  True while it is held.  The game's
        last moment too: continuing it goes straight on to the results."""
        if not self.may_hold(moment):
            return False   # the game's last moment is held too: the player continues to the results
        self.holding = moment
        return True

    def hold_after_animation(self, moment) -> bool:
        """``hold_until_continue`` from now on, for a moment whose animation
        is still to play (Roll the Bones' dice flying to the winner): the
        held prompt shows once the table is no longer busy, and meanwhile
        nothing moves on either: no AI moves, no human is asked to act and
        ``submit`` refuses (an ante clicked under the winner's banner had
        skipped the hold).  True if it will be held."""
        if not self.may_hold(moment):
            return False
        self.hold_pending = moment
        return True

    def moment_held(self) -> bool:
        """A moment is held, or will be once its animation ends: nothing moves on."""
        return self.holding is not None or self.hold_pending is not None

    def release_hold(self) -> None:
        """The player continued (or a lesson's Next did): the moment goes, its
        kept banners fade out."""
        self._continued = self.holding if self.holding is not None else self.hold_pending
        self.holding = self.hold_pending = None
        self._continued_at = len(self.match.history)
        self.banners.release(self.time)
        for line in self.said_after_hold:
            self.announce(line)
        self.said_after_hold = []

    def _continue_event(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.release_hold()
            return True
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE,)

    CONTINUE_TEXT = "Click or press Enter to continue"
    CONTINUE_GAP = 8
    """Pixels between a banner and the "continue" prompt placed under (or over) it."""

    def _continue_label(self, under_banner: bool) -> pygame.Surface:
        """The prompt's words: smaller under a banner (its line, not a second headline)."""
        return self.theme.text(self.CONTINUE_TEXT, 20 if under_banner else 24, th.CREAM, bold=True)

    def continue_size(self, under_banner: bool = True) -> tuple[int, int]:
        """The "continue" prompt's size (a table leaves room for it under its banner)."""
        return self._continue_label(under_banner).get_rect().inflate(32 if under_banner else 36, 14 if under_banner else 18).size

    def continue_rect(self) -> tuple[pygame.Rect, bool]:
        """Where the "continue" prompt of a held moment goes, and whether it
        sits under a banner: centred on ``continue_spot``, unless a banner
        drawn this frame (``banner_rects``) would overlap it, or always with
        ``continue_under_banner`` while a banner shows; then centred right
        under that banner, smaller, the two read as one plate and its prompt
        (over it where there is no room below)."""
        box = pygame.Rect((0, 0), self.continue_size(False))
        box.center = self.continue_spot
        clear = box.inflate(2 * self.CONTINUE_GAP, 2 * self.CONTINUE_GAP)
        hit = [r for r in self.banner_rects if r.colliderect(clear) or self.continue_under_banner]
        if not hit:
            return box, False
        banner = pygame.Rect(hit[0]).unionall(hit[1:]) if len(hit) > 1 else pygame.Rect(hit[0])
        box = pygame.Rect((0, 0), self.continue_size(True))
        box.midtop = (banner.centerx, banner.bottom + self.CONTINUE_GAP)
        if box.bottom > CANVAS_H - 8:
            box.midbottom = (banner.centerx, banner.top - self.CONTINUE_GAP)
        return box, True

    def _draw_pace(self, canvas: pygame.Surface) -> None:
        """The "continue" prompt of a held moment, or the call window's countdown."""
        if not self.is_top or self.curtain_hides_table():
            return
        if self.holding is not None:
            box, under = self.continue_rect()
            self.continue_drawn = box
            th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS_LIGHT, radius=12 if under else 14,
                     width=2 if under else 3)
            th.blit_text(canvas, self._continue_label(under), box.center, "center")
            note_drawn("Continue", box, kind="continue")   # a click anywhere continues; the prompt is where one looks
            return
        call_window_left = self.ai_turns.call_window_left
        if call_window_left > 0.05:
            window = float(self.app.settings.call_window) or 1.0
            box = pygame.Rect(0, 0, 300, 46)
            box.midtop = (CENTRE_X, 372)   # under the centre's lines (the odds helper's ends at 352)
            th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS, radius=10, width=2)
            th.draw_text(canvas, self.theme, f"Call window  {call_window_left:.1f} s", (box.centerx, box.y + 6),
                         17, th.BRASS_LIGHT, bold=True, anchor="midtop")
            bar = pygame.Rect(box.x + 16, box.bottom - 12, box.w - 32, 5)
            pygame.draw.rect(canvas, (40, 24, 14), bar, border_radius=2)
            bar.w = int(bar.w * min(1.0, call_window_left / window))
            if bar.w:
                pygame.draw.rect(canvas, th.BRASS, bar, border_radius=2)
