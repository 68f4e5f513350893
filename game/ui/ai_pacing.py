"""AI thinking and pacing: after a natural delay (the pace's; longer while a
human may call out of turn or undo) the AI's move comes from the match in the
headless order, computed in the background where the app allows; a moment
worth reading may be held until the player continues.

Its own module because the order of AI moves must equal ``Match.step``'s (a
seed plays the same on screen and in ``sim``), whatever the table draws.
"""
from __future__ import annotations

import pygame

from . import theme as th
from .ai_reasons import HeldReason, more_in_log, thinking
from .table_base import TableBase
from .thinker import Thinker
from ..canvas import CENTRE_X


class AiPacing(TableBase):
    """When and how the AIs move, and held moments (a mixin of ``TableScene``)."""

    def _ai_delay(self) -> float:
        return self.pace.ai_delay

    def call_window_open(self) -> bool:
        """An AI is about to act while a human may call out of turn (Roll Call)."""
        state = self.match.state
        if self.replay is not None or state.is_terminal() or state.is_chance():
            return False
        tp = state.turn_player()
        if tp is None or not self.match.seats[tp].is_ai:
            return False
        return any(not self.match.seats[p].is_ai for p in (state.interjectors() or ()))

    def _drive_ai(self, dt: float) -> None:
        self._ai_timer += dt
        delay = self._ai_delay()
        if self.call_window_open():
            delay = max(delay, float(getattr(self.app.settings, "call_window", 0)))
            self.call_window_left = max(0.0, delay - self._ai_timer)
        else:
            self.call_window_left = 0.0
        if self.can_undo():   # the undo window: the next actor waits a moment (the pace's)
            delay = max(delay, self.pace.undo_window)
            self.undo_left = max(0.0, delay - self._ai_timer)
        else:
            self.undo_left = 0.0
        human = self.human_to_act()
        moments = len(self.match.history)
        # A human is thinking: give the AI one chance to speak up here.
        if human is not None and self._polled_at == moments:
            return
        if getattr(self.app, "think_in_background", False):
            moment = (moments, human is not None)
            if self._thinker is None or self._thinker.moment != moment:
                self._forget_thought()
                self._thinker = Thinker(moment, lambda: self._ai_move(human is not None))
            if self._ai_timer < delay or not self._thinker.done:
                return   # the pause (and the thought) go on
            move = self._thinker.take()
            self._thinker = None
        else:
            if self._ai_timer < delay:
                return
            move = self._ai_move(human is not None)
        self.call_window_left = 0.0
        if human is not None:
            self._polled_at = moments
        self._ai_timer = 0.0
        if move is not None:
            player, action = move
            self._apply(player, action)   # its reason is said (or held) there: ``_tell_reasons``

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
        why = self.match.explain(player) if self.match.seats[player].is_ai else ""
        told = self.reasons.after_move(player, moment, why, self.reason_hidden, self.hand_shown)
        if told.now:
            self.announce(f"{self.seat_name(player)}: {told.now}", th.CREAM_DIM)
        notes = list(told.shown)
        if told.now and self.hand_shown(player):   # the challenge's own reason closes the round's thinking
            notes.append(HeldReason(player, moment, told.now))
        for reason in notes:
            self.game_log.note(moment, reason.seat, [thinking(self.words.possessive(reason.seat), reason.text)])
        if told.shown:
            last = told.shown[-1]
            self.announce(thinking(self.words.possessive(last.seat), last.text), th.CREAM_DIM)
            if len(told.shown) > 1:
                self.announce(more_in_log(len(told.shown) - 1), th.CREAM_DIM)

    def _ai_move(self, human_thinking: bool):
        """The AI move of this moment, as ``Match.step`` would find it: with a
        human to act, only an AI's chance to speak up out of turn."""
        if human_thinking:
            return self.match.ai_interjection()
        return self.match.ai_interjection() or self.match.ai_turn_action()

    def _forget_thought(self) -> None:
        """Drop a thought in progress (waiting for it: see game/ui/thinker.py)."""
        if self._thinker is not None:
            self._thinker.wait()
            self._thinker = None

    def hold_until_continue(self, moment) -> bool:
        """At a moment worth reading (a reveal, a pot split): with the
        "pause after reveals" setting on and a human at the table, keep it on
        screen until the player clicks or presses Enter/Space.  ``moment`` is
        any key naming it (held once).  True while it is held.  The game's
        last moment too: continuing it goes straight on to the results."""
        if (not (getattr(self.app.settings, "pause_after_reveal", False) or self.tutorial is not None)
                or self.replay is not None
                or not self.humans or moment == self._continued or self.watching_fast):
            return False   # the game's last moment is held too: the player continues to the results
        self.holding = moment
        return True

    def _continue_event(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self._continued, self.holding = self.holding, None
            self._continued_at = len(self.match.history)
            return True
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE,)

    def _draw_pace(self, canvas: pygame.Surface) -> None:
        """The "continue" prompt of a held moment, or the call window's countdown."""
        if not self.is_top or self.curtain_hides_table():
            return
        if self.holding is not None:
            text = "Click or press Enter to continue"
            surf = self.theme.text(text, 24, th.CREAM, bold=True)
            box = surf.get_rect(center=self.continue_spot).inflate(36, 18)
            th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS_LIGHT)
            th.blit_text(canvas, surf, box.center, "center")
            return
        if self.call_window_left > 0.05:
            window = float(getattr(self.app.settings, "call_window", 0)) or 1.0
            box = pygame.Rect(0, 0, 300, 46)
            box.midtop = (CENTRE_X, 372)   # under the centre's lines (the odds helper's ends at 352)
            th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS, radius=10, width=2)
            th.draw_text(canvas, self.theme, f"Call window  {self.call_window_left:.1f} s", (box.centerx, box.y + 6),
                         17, th.BRASS_LIGHT, bold=True, anchor="midtop")
            bar = pygame.Rect(box.x + 16, box.bottom - 12, box.w - 32, 5)
            pygame.draw.rect(canvas, (40, 24, 14), bar, border_radius=2)
            bar.w = int(bar.w * min(1.0, self.call_window_left / window))
            if bar.w:
                pygame.draw.rect(canvas, th.BRASS, bar, border_radius=2)
