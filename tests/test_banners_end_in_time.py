"""Issue 39: a banner speaks of its moment, and what comes next does not
play under it.

* Roll the Bones: the next round's antes flew into the pots (and "Mags
  antes" was said, the ante buttons shown) while the won pot's banner ("You
  take 21 dice") still stood or faded over the centre.  The next round now
  waits until the banner is gone.
* Diced Out: a "Bonus number 7!" banner stayed up after its turn had ended,
  over the next player's throw.  A banner belongs to its turn: it goes when
  the turn ends, and the next turn waits until it is gone.

Played as a person plays (``Hands``: clicks at the drawn buttons and sheet
numbers, Space at the roll prompt), at the settings' own pace, every frame
drawn."""
from __future__ import annotations

import re

import pygame

from game.core.match import Match, Seat
from game.games.diced_out.rules import FREE_MARK
from game.ui.banner import GIVE_WAY_SECONDS
from tests.helpers import start_table
from tests.realinput import Hands

REDUCED_MOTION = False
"""Dice fly and banners fade at the settings' own pace."""

ANTE_LINE = re.compile(r"\bantes?\b")
"""A ticker line of an ante ("Mags antes", "You ante with 1 bone")."""


def _haul_banners(table) -> list[str]:
    """The won pot's banners on screen ("You take 21 dice", "Mags takes 9 dice")."""
    return [title for title in table.banners.showing(table.time) if re.search(r"\btakes? \d+ di", title)]


ANTE_BUTTON = re.compile(r"Ante .*|\d+ \+ \d+ bones?")
"""A Roll the Bones ante button's label ("Ante 2 six-siders", "1 + 1 bone")."""


def _play_roll_the_bones(hands, table, wins_wanted: int) -> list[str]:
    """Play on, the human clicking "Ante ..." and "No bone" where drawn;
    every frame, while a haul banner shows, look for anything of the next
    round.  Returns what was found."""
    match = table.match
    found: list[str] = []
    wins, banner_seen, before_roll = 0, False, set()
    for _ in range(60 * 400):
        labels = hands.labels(enabled_only=True)
        ante = next((label for label in labels if ANTE_BUTTON.fullmatch(label)), None)
        if ante is not None:
            hands.click(ante)
        elif "No bone" in labels:
            hands.click("No bone")
        results = len(match.state.results_log)
        lines = {id(line) for line in table.log}
        hands.frames(1)
        if len(match.state.results_log) > results and match.state.results_log[-1]["kind"] == "win":
            before_roll = lines   # the ticker before the won roll
            banner_seen = False
        haul = _haul_banners(table)
        if haul:
            banner_seen = True
            now = table.time
            left = [f.die for f in table.flights if f.source is not None and f.source[0] == "pile"
                    and f.progress(now) is not None]
            said = [line.text for line in table.log if id(line) not in before_roll and ANTE_LINE.search(line.text)]
            buttons = [label for label in hands.labels() if ANTE_BUTTON.fullmatch(label) or label in ("Bone!", "No bone")]
            if left or said or buttons:
                found.append(f"under {haul}: dice {left} left their piles, said {said}, buttons {buttons}")
        elif banner_seen:
            banner_seen = False
            wins += 1
            if wins >= wins_wanted:
                break
        if match.is_over:
            break
    assert wins >= wins_wanted or match.is_over, f"only {wins} won rounds were played"
    return found


def test_the_next_round_of_roll_the_bones_waits_until_the_haul_banner_is_gone(app):
    """Three seats (you and two AIs), three won rounds: while a won pot's
    banner is on screen no die leaves a pile for a pot, no ante is said in
    the ticker and no ante button is drawn; once it is gone the next round
    goes on."""
    match = Match("roll-the-bones", [Seat("You"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")], seed=4)
    table = start_table(app, match)
    hands = Hands(app)
    found = _play_roll_the_bones(hands, table, 3)
    assert not found, f"{len(found)} frames showed the next round under the haul banner: {found[:3]}"
    assert len(match.state.results_log) >= 3


def _mark_the_highest_or_roll(hands, table) -> None:
    """Your Diced Out turn as a person plays it: click the highest open
    number drawn on your sheet, else press Space at the roll prompt."""
    labels = hands.labels(enabled_only=True)
    marks = sorted((int(label.split()[1]), label) for label in labels if re.fullmatch(r"Mark \d+", label))
    if marks:
        hands.click(marks[-1][1])
    elif table.waiting_thrower == 0 and table.human_to_act() is None:
        hands.press(pygame.K_SPACE)


def test_a_diced_out_banner_ends_with_its_turn(app):
    """Diced Out, you and two AIs, every number a bonus number (the setup
    allows any set), so every fresh roll raises "Bonus number N!" and asks
    for a free mark.  You roll with Space at the prompt and mark the highest
    open number by clicking it on your sheet; the AIs choose theirs.  When
    the free mark ends the turn its banner is gone within the give-way fade,
    and no throw of the next turn starts (or waits for its thrower) while
    it is still on screen."""
    match = Match("diced-out", [Seat("You"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")],
                  {"bonus_numbers": list(range(2, 13))}, seed=3)
    table = start_table(app, match)
    hands = Hands(app)
    fade = GIVE_WAY_SECONDS * table.pace.duration
    ended_at: float | None = None   # table time the turn of the banner on screen ended
    turns_ended, found = 0, []
    for _ in range(60 * 120):
        _mark_the_highest_or_roll(hands, table)
        in_free_mark = match.state.phase == FREE_MARK
        hands.frames(1)
        bonus = [title for title in table.banners.showing(table.time) if title.startswith("Bonus number")]
        if not bonus:
            if ended_at is not None:
                turns_ended += 1
            ended_at = None
            continue
        if in_free_mark and match.state.phase != FREE_MARK and ended_at is None:
            ended_at = table.time   # the free mark (or its skip) ended the turn
        if ended_at is None:
            continue
        if table.throw_view is not None or table.waiting_thrower is not None:
            found.append(f"{bonus} over the next turn's throw")
        if table.time - ended_at > fade + 1 / 30:
            found.append(f"{bonus} still up {table.time - ended_at:.2f} s after its turn ended")
        if turns_ended >= 6 or match.is_over:
            break
    assert turns_ended >= 6, f"only {turns_ended} bonus turns were seen to end"
    assert not found, f"{len(found)} frames: {found[:4]}"


def test_the_next_diced_out_turn_shows_once_the_banner_is_gone(app):
    """While a turn's "Bonus number N!" fades out (the give-way fade after the
    free mark ended the turn), the status line over the tray and the glowing
    sheet still speak of that turn: the next player's line ("Mags rolls")
    and glow came up under the fading banner.  Read from the screen: the
    status line's words through the layout recorder, the glow from the
    sheets drawn this frame."""
    from game.games.diced_out import prompts
    from game.ui import layout_record
    from game.ui import theme as th
    match = Match("diced-out", [Seat("You"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")],
                  {"bonus_numbers": list(range(2, 13))}, seed=3)
    table = start_table(app, match)
    hands = Hands(app)
    glowing: set[int] = set()

    def spy(p, draw):
        def drawn(canvas, theme, facts, *, glow=None, **kw):
            if glow is not None:
                glowing.add(p)
            return draw(canvas, theme, facts, glow=glow, **kw)
        return drawn
    for p, painter in enumerate(table.painters):
        painter.draw = spy(p, painter.draw)
    fading_frames, turns_faded, watching, found = 0, 0, False, []
    for _ in range(60 * 120):
        _mark_the_highest_or_roll(hands, table)
        in_free_mark = match.state.phase == FREE_MARK
        hands.frames(1)
        state = match.state
        fading = [b for b in table.banners.items if b.alive(table.time) and b.gives_way is not None]
        if in_free_mark and state.phase != FREE_MARK and fading:
            watching = True   # the free mark ended the turn: its banner fades out now
        if not watching:
            continue
        if not fading:
            watching, turns_faded = False, turns_faded + 1
            if turns_faded >= 6 or match.is_over:
                break
            continue
        fading_frames += 1
        glowing.clear()
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        drawn = {box.text for box in record.of("text")}
        upcoming = th.wrap_text(app.theme.font(18, True), prompts.status(state, table.words, False),
                                table.tray.w + 30)[:2]
        if set(upcoming) <= drawn:
            found.append(f"the next turn's status {upcoming} under {[b.title for b in fading]}")
        if state.current in glowing:
            found.append(f"seat {state.current}'s sheet glows under {[b.title for b in fading]}")
    assert turns_faded >= 6, f"only {turns_faded} turns were seen to end under a fading banner"
    assert not found, f"{len(found)} frames: {found[:4]}"
