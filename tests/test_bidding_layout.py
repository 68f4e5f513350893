"""What the bidding tables print keeps clear of their pieces (QA round 13):
the running commentary (bottom left) of the nameplates, your dice and the
hot-seat Peek button; Palifico's note of the bid's caption; the "This round"
footer of its panel's edge.  Text is drawn on a canvas that records every blit."""
from __future__ import annotations

import pygame
import pytest

from game.core.bidding import Bid, Call
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.scenes.launch import make_table
from game.shots import ShotContext, _settled
from game.ui import theme as th
from game.ui.bid_history import BidHistory
from tests.test_bidding_reveal import SpyCanvas

LINES = ["Old Tom: bid 4 fives",
         "Old Tom: bid 4 fives: 98% true as I read the table, Bertha calls it about 100% of the time.",
         "Bertha: bid 5 fives",
         "Bertha: bid 5 fives: 85% true as I read the table, You calls it about 16% of the time."]


def _table_with_commentary(app, game_id, players, humans):
    table = make_table(app, ShotContext(game_id, 7, players).match(humans=humans, progress=0.0))   # every die in play
    table.uses_curtain = False
    _settled(table)
    app.start(table)
    seat = table.human_to_act()
    if humans > 1:   # hot-seat: the human at the screen holds the Peek button
        assert seat is not None
        table.secrecy.confirm(seat)
        assert table.secrecy.peek() and table._peek_button_shown()
    for line in LINES:
        table.announce(line)
    table.draw(app.canvas, 0.0)
    return table


@pytest.mark.parametrize("game_id,players,humans", [("roll-call", 4, 1), ("liars-dice", 20, 1),
                                                    ("liars-dice", 3, 2), ("roll-call", 3, 2)])
def test_the_commentary_prints_over_no_nameplate_dice_or_button(app, game_id, players, humans):
    table = _table_with_commentary(app, game_id, players, humans)
    taken = list(table.seat_plates.values())
    for seat in range(len(table.seats)):
        if table.can_see(seat) and table.hand(seat):   # your dice in their tray (with its label)
            size = table.cups.own_die_px(seat)
            taken.append(table.cups.dice_box(seat, len(table.hand(seat)), size).inflate(18, 40))
    if humans > 1:
        taken.append(table.peek_button_rect())
    canvas = SpyCanvas(app.canvas.get_size())
    table._draw_log(canvas)
    assert canvas.blits, "the commentary printed something"
    for surf, rect in canvas.blits:
        assert rect.collidelist(taken) < 0, f"commentary at {rect} prints over {taken[rect.collidelist(taken)]}"


def test_palifico_note_is_clear_of_the_bids_caption(app):
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 2}, 1)
    match.apply(CHANCE, RollResult(((2, 3), (5, 6))))
    match.apply(0, Bid(3, 5))
    match.apply(1, Call())   # you fall to one die: you open a Palifico round
    match.apply(CHANCE, RollResult(((2,), (5, 6))))
    match.apply(0, Bid(1, 2))
    match.apply(1, Bid(2, 2))
    scene = make_table(app, match)
    scene.enter()
    theme = app.theme
    canvas = SpyCanvas(app.canvas.get_size())
    scene.draw_centre(canvas)
    note = scene.text.bid_note(scene.snap)
    assert note.startswith("Palifico")
    caption = theme.text("bid by Mags", 16, th.CREAM_DIM)
    note_surf = theme.text(note, 16, th.BRASS_LIGHT, bold=True)
    rects = {name: next(r for s, r in canvas.blits if s is surf) for name, surf in (("caption", caption),
                                                                                 ("note", note_surf))}
    assert not rects["caption"].colliderect(rects["note"])


def test_the_round_footer_stays_inside_its_panel(app):
    panel = BidHistory(pygame.Rect(1100, 500, 172, 212))
    canvas = SpyCanvas(app.canvas.get_size())
    from game.ui.dice_render import DiceRenderer
    panel.draw(canvas, app.theme, DiceRenderer(46), [], footer="Round 5  \u00b7  5 dice  \u00b7  Palifico")
    for _surf, rect in canvas.blits:
        assert panel.rect.contains(rect), rect


SINCE = ["Player 1 called one three (bid by Old Tom): there were two threes (ones wild).", "Player 1 lost a die.",
         "Everyone rolled under their cups: 7 dice in play.", "Old Tom bid two fives.", "Mags bid three fives.",
         "Bertha bid four fives.", "Player 1 bid five fives."]


@pytest.mark.parametrize("game_id,players,humans", [("liars-dice", 3, 2), ("liars-dice", 5, 3), ("liars-dice", 2, 1),
                                                    ("liars-dice", 10, 1), ("liars-dice", 20, 1),
                                                    ("roll-call", 4, 1), ("roll-call", 3, 2), ("roll-call", 10, 3)])
def test_the_since_card_covers_no_nameplate_dice_or_control(app, game_id, players, humans):
    """QA13 (hs_24_peek): the "since your last move" card sat under the Log
    button over the left seat's nameplate and the hot-seat player's own peeked
    dice.  It goes where it covers no nameplate, cup or face-up dice, nor the
    bid in the centre, the picker, the round's bids, the Log, Peek and
    out-of-turn buttons (at 20 seats the cups fill the felt: one may be
    covered until the card folds)."""
    from game.core.narration import LogEntry
    table = _table_with_commentary(app, game_id, players, humans)
    seat = table.human_to_act()
    assert seat is not None
    table.since.show(seat, "Since your last move", [LogEntry(i, "Round 2", text, 1) for i, text in enumerate(SINCE)])
    canvas = SpyCanvas(app.canvas.get_size())
    table.draw(canvas, 0.0)
    card = table.since.card_rect(table.theme)
    assert any(rect == card for _surf, rect in canvas.blits), "the card is drawn where it says"
    taken = {f"plate {i}": plate for i, plate in table.seat_plates.items()}
    for s, n in enumerate(table.dice_counts()):
        if table.can_see(s) and table.hand(s):   # face-up dice in their tray, with its label
            taken[f"dice {s}"] = table.cups.dice_box(s, n, table.cups.own_die_px(s)).inflate(18, 40)
        elif n and players <= 10:   # 20 seats leave no room: a cup may be covered a moment
            x, y = table.cups.cup_point(s)
            taken[f"cup {s}"] = pygame.Rect(0, 0, table.cup_px, table.cup_px).move(int(x - table.cup_px / 2),
                                                                                   int(y - table.cup_px / 2))
    taken.update(picker=table.picker.rect, history=table.history.rect, log=table.log_panel.BUTTON,
                 centre=table.centre_box())
    if humans > 1:
        taken["peek"] = table.peek_button_rect()
    for caller, button in getattr(table, "out_of_turn_buttons", dict)().items():
        taken[f"call {caller}"] = button
    for name, rect in taken.items():
        assert not card.colliderect(rect), f"the card {card} covers {name} {rect}"


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call", "roll-the-bones", "roll-for-it", "diced-out"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_log_button_is_in_the_same_place_at_every_table(app, game_id, players):
    """QA13: the Log button was top left in Liar's Dice, top right in Roll Call.
    Every table has it top left; only Diced Out, whose sheets fill both top
    corners from 5 seats, puts it in the middle of the top edge."""
    from game import games
    from game.ui.game_log import LogPanel
    info = games.game_info(game_id)
    players = max(info.min_players, min(info.max_players, players))
    table = make_table(app, ShotContext(game_id, 7, players).match())
    expected = LogPanel.BUTTON
    if game_id == "diced-out" and players >= 5:
        expected = LogPanel.BUTTON.move(640 - LogPanel.BUTTON.w // 2 - LogPanel.BUTTON.x, 0)
    assert table.log_panel.BUTTON == expected
