"""What the bidding tables print keeps clear of their pieces (QA round 13):
the running commentary (bottom left) of the nameplates, your dice and the
hot-seat Peek button; Palifico's note of the bid's caption; the "This round"
footer of its panel's edge.  Text is drawn on a canvas that records every blit."""
from __future__ import annotations

import pygame
import pytest

from game.games.bidding.bids import Bid, Call
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.scenes.launch import make_table
from game.dev.shots import ShotContext, _settled
from game.ui import theme as th
from game.games.bidding.ui.history import BidHistory
from tests.test_bidding_reveal import SpyCanvas

LINES = ["Old Tom: bid 4 fives",
         "Old Tom: bid 4 fives: 98% true as I read the table, Bertha calls it about 100% of the time.",
         "Bertha: bid 5 fives",
         "Bertha: bid 5 fives: 85% true as I read the table, You calls it about 16% of the time."]


def _table_with_commentary(app, game_id, players, humans):
    table = make_table(app, ShotContext(game_id, 7, players).match(humans=humans, progress=0.0))   # every die in play
    table.hot_seat.uses_curtain = False
    _settled(table)
    app.start(table)
    seat = table.human_to_act()
    if humans > 1:   # hot-seat: the human at the screen holds the Peek button
        assert seat is not None
        table.secrecy.confirm(seat)
        assert table.secrecy.peek() and table.hot_seat.button_shown()
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
        if table.hot_seat.can_see(seat) and table.hand(seat):   # your dice in their tray (with its label)
            size = table.cups.own_die_px(seat)
            taken.append(table.cups.dice_box(seat, len(table.hand(seat)), size).inflate(18, 40))
    if humans > 1:
        taken.append(table.hot_seat.peek_button_rect())
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
    out-of-turn buttons; at 20 seats too (playtest: it covered a cup there;
    a narrower card, down to ``CARD_MIN_WIDTH``, finds room)."""
    from game.core.narration import LogEntry
    table = _table_with_commentary(app, game_id, players, humans)
    seat = table.human_to_act()
    assert seat is not None
    table.since.show(seat, "Since your last move", [LogEntry(i, "Round 2", text, 1) for i, text in enumerate(SINCE)])
    canvas = SpyCanvas(app.canvas.get_size())
    table.draw(canvas, 0.0)
    card = table.since.card_rect(table.theme)
    assert any(rect == card for _surf, rect in canvas.blits), "the card is drawn where it says"
    assert card.w >= table.since.title_width(table.theme), "the card's title fits on it"
    taken = {f"plate {i}": plate for i, plate in table.seat_plates.items()}
    for s, n in enumerate(table.dice_counts()):
        if table.hot_seat.can_see(s) and table.hand(s):   # face-up dice in their tray, with its label
            taken[f"dice {s}"] = table.cups.dice_box(s, n, table.cups.own_die_px(s)).inflate(18, 40)
        elif n:
            x, y = table.cups.cup_point(s)
            taken[f"cup {s}"] = pygame.Rect(0, 0, table.cup_px, table.cup_px).move(int(x - table.cup_px / 2),
                                                                                   int(y - table.cup_px / 2))
    taken.update(picker=table.picker.rect, history=table.history.rect, log=table.log_panel.BUTTON,
                 centre=table.centre_box())
    if humans > 1:
        taken["peek"] = table.hot_seat.peek_button_rect()
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


def _twenty_seats_at(app, seed: int, until):
    """A 20-seat Liar's Dice table ("You" in seat 0) at the first moment of
    an AI game of ``seed`` where ``until(state)``."""
    from game.core.protocol import state_as
    from game.games.liars_dice.rules import LiarsState
    ai = ShotContext("liars-dice", seed, 20).seats(0)
    probe = Match("liars-dice", ai, None, seed)
    while not until(state_as(probe.state, LiarsState)):
        assert not probe.is_over
        probe.step()
    match = Match("liars-dice", [Seat("You", "human")] + ai[1:], None, seed)
    for player, action in probe.history:
        match.apply(player, action)
    table = _settled(make_table(app, match))
    app.start(table)
    app.run_frames(3)
    return table


@pytest.mark.parametrize("seed", [11, 4, 6, 13, 10])
def test_at_20_seats_the_since_card_covers_no_cup_when_you_open_a_palifico(app, seed):
    """Playtest (20 seats): you fall to one die and open the Palifico round;
    its wide opening line in the centre left the card no room but over the
    left seats' cups.  It now finds a clean place (covers nothing of the
    cups-and-dice tier, nor a nameplate or the centre).  Another seat made
    the challenge (your own Call or Jinto leaves only the roll since your
    last move: no card).  Seed 11 (20 seats left) replaced 2, whose only
    such Palifico now follows your own Jinto with two seats left; 6, 8 and
    10 replaced 5, 7 and 9, whose games no longer reach such a Palifico;
    13 replaced 8 when Hard's crowded-table play changed (issue 40)."""
    table = _twenty_seats_at(app, seed, lambda s: not s.is_chance() and s.palifico and s.turn_player() == 0
                             and not s.bids and s.round_no > 1 and s.last_challenge.challenger != 0)
    assert table.since.shown, "the card shows what happened since your last move"
    card, _keep = table.since_area()
    assert card.w >= table.since.title_width(table.theme), "the card's title fits on it"
    cups_and_dice = table.since_keep_clear()[1]
    assert card.collidelist(cups_and_dice) < 0, f"the card {card} covers {cups_and_dice[card.collidelist(cups_and_dice)]}"


def test_the_commentary_keeps_clear_of_dice_won_past_the_start(app):
    """``log_keep_clear`` is kept per table: it sized each seat's dice at the
    starting count, so a Liar's Dice player who won dice by Jinto (uncapped)
    past it printed under the commentary.  A seat holding more dice than
    the kept size makes it anew."""
    from game.games.liars_dice.rules import Jinto
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 2, "jinto_cap": False}, 1)
    match.apply(CHANCE, RollResult(((3, 4), (2, 5), (6, 6))))
    table = make_table(app, match)
    app.start(table)
    size = max(table.cups.own_die_px(0), table.reveal_die_px())
    assert table.cups.dice_box(1, 2, size).inflate(22, 44) in table.log_keep_clear()
    table._apply(0, Bid(2, 6))
    table._apply(1, Jinto())     # exactly two sixes: Mags takes a die from you, three dice
    assert table.dice_counts()[1] == 3
    assert table.cups.dice_box(1, 3, size).inflate(22, 44) in table.log_keep_clear()


def test_the_commentary_no_longer_keeps_clear_of_a_seat_that_is_out(app):
    """A seat that is out holds no dice again: only its nameplate is kept clear
    (room for the commentary and the since card at a big table late on)."""
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 1}, 1)
    match.apply(CHANCE, RollResult(((3,), (2,), (6,))))
    table = make_table(app, match)
    app.start(table)
    size = max(table.cups.own_die_px(0), table.reveal_die_px())
    box = table.cups.dice_box(1, 1, size).inflate(22, 44)
    plate = table.cups.seat_plate(1).inflate(8, 8)
    assert box in table.log_keep_clear()
    table._apply(0, Bid(1, 6))
    table._apply(1, Call())      # there is a six: Mags called wrong and is out
    assert table.dice_counts()[1] == 0
    assert box in table.log_keep_clear(), "kept while the reveal shows Mags's die"
    app.run_frames(1200, until=lambda a: table.reveal is None)
    assert table.reveal is None
    assert box not in table.log_keep_clear() and plate in table.log_keep_clear()


def test_a_narrowed_since_card_still_fits_its_title(app):
    """A card narrowed to find room keeps its title on it ("Player 1: since
    your last move" ran past a 220 px card's edge in hot-seat Roll Call)."""
    from game.dev.shots import _hotseat
    table = _hotseat(app, ShotContext("roll-call", 7, 10), True)
    app.start(table)
    app.run_frames(30)
    assert table.since.shown and ":" in table.since.title
    card, _keep = table.since_area()
    assert card.w >= table.since.title_width(table.theme)


@pytest.mark.parametrize("game_id,players", [("roll-the-bones", 5), ("roll-the-bones", 6), ("roll-for-it", 8)])
def test_the_since_card_covers_no_nameplate_at_the_other_tables(app, game_id, players):
    """Re-rendered README shot (Roll the Bones, 5 seats): the card of the
    automatic "no bone" announcements sat under the Log button over Old Tom's
    nameplate and a seat's "no bone" bubble, as only the bidding tables said
    what it must keep clear of.  Every table now keeps its nameplates clear,
    and Roll the Bones its piles with their bubbles and words where it can
    (Diced Out has score sheets, not nameplates, and keeps them clear itself)."""
    from game.core.narration import LogEntry
    table = _table_with_commentary(app, game_id, players, 1)
    seat = table.human_to_act()
    if seat is None:
        seat = table.humans[0]
    table.since.show(seat, "Since your last move", [LogEntry(i, "Round 2", text, 1) for i, text in enumerate(SINCE[:6])])
    table.draw(app.canvas, 0.0)
    card = table.since.card_rect(table.theme)
    assert table.seat_plates, "the nameplates were drawn"
    for i, plate in table.seat_plates.items():
        assert not card.colliderect(plate), f"the card {card} covers nameplate {i} {plate}"
    for piece in table.table_pieces():
        assert not card.colliderect(piece), f"the card {card} covers {piece}"


def test_the_commentary_prints_over_no_nameplate_at_the_other_tables(app):
    """Roll For It! at 8 seats: a long commentary line ran under the
    bottom-left seat's nameplate, as only the bidding tables said what the
    commentary keeps clear of; every table now keeps its nameplates clear."""
    table = _table_with_commentary(app, "roll-for-it", 8, 1)
    taken = list(table.seat_plates.values())
    canvas = SpyCanvas(app.canvas.get_size())
    table._draw_log(canvas)
    assert canvas.blits, "the commentary printed something"
    for _surf, rect in canvas.blits:
        assert rect.collidelist(taken) < 0, f"commentary at {rect} prints over {taken[rect.collidelist(taken)]}"


@pytest.mark.parametrize("players", [20, 2])
def test_a_wide_name_stays_inside_the_since_card(app, players):
    """Liar's Dice at 20 seats, played in a real window: the "since your
    last move" card said "WWWWWWWWWWWWWWWW bid 18 sixes." and the name, one
    word wider than the card, ran out past its right border.  A word wider
    than its line is cut with "…"; the layout record finds no words crossing
    the card's border, and the bid is still there in words."""
    from game.core.narration import LogEntry
    from game.ui import layout_record
    table = _table_with_commentary(app, "liars-dice", players, 1)
    seat = table.human_to_act()
    lines = ["Tilly bid 16 fours.", "WWWWWWWWWWWWWWWW bid 18 sixes."]
    table.since.show(seat, "Since your last move", [LogEntry(i, "Round 1", t, 1) for i, t in enumerate(lines)])
    with layout_record.recording(app.canvas) as record:
        table.draw(app.canvas, 0.0)
    card = table.since.card_rect(table.theme)
    inside = [t for t in record.of("text") if card.colliderect(t.rect)]
    assert any("bid 18 sixes" in t.text for t in inside), [t.text for t in inside]
    crossing = [p for p in layout_record.problems(record) if "WWW" in p]
    assert not crossing, crossing
