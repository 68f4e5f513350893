"""The bidding tables' reveal (Liar's Dice and Roll Call, game/games/bidding/ui/table.py),
as a player reads it (QA round 13):

* every die the count counted stays lit on the felt for the whole count: the
  die the loser gives up is one that did not count, when it has one;
* a die won by a correct Jinto lands in a free place beside the winner's dice,
  never on top of one;
* the verdict reaches the running commentary when the count is done, after an
  AI's reason for its call, not at the call;
* Roll Call's call window closes with any move (no frozen countdown over the reveal);
* the game's last reveal is held like any other ("pause after reveals"), and
  no empty next round shows before the results;
* hot-seat Roll Call: a human peeking keeps the other humans' out-of-turn calls.

Dice are drawn on a canvas that records every blit, so the tests see which
die faces land where, veiled or not, whatever the drawing code's shape.
"""
from __future__ import annotations

import pygame
import pytest

from game.games.bidding.bids import Bid, Call
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.games.liars_dice.rules import Jinto
from game.games.roll_call.rules import CallOutOfTurn
from tests.helpers import key, start_table, press_sure, pass_curtain

THREE = [Seat("You", "human"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "normal")]
FOUR = THREE + [Seat("Bertha", "ai", "easy")]


class SpyCanvas(pygame.Surface):
    """A canvas that remembers what was blitted where."""

    def __init__(self, size):
        super().__init__(size, pygame.SRCALPHA)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):
        rect = pygame.Rect(dest) if len(dest) == 4 else pygame.Rect(dest, source.get_size())
        self.blits.append((source, rect))
        return super().blit(source, dest, area, special_flags)


def _is_veil(surf: pygame.Surface) -> bool:
    w, h = surf.get_size()
    return w == h and w < 60 and tuple(surf.get_at((w // 2, h // 2))) == (0, 0, 0, 115)


def drawn_dice(scene, t: float):
    """Seat dice the reveal draws at reveal fraction ``t``: (rect, face, seat, alpha, veiled)."""
    canvas = SpyCanvas(scene.app.canvas.get_size())
    direct, on_surface, kept = [], {}, []
    original = scene.draw_face

    def spy(target, face, rect, seat=None, public=False):
        if seat is not None:
            if target is canvas:
                direct.append((pygame.Rect(rect), face, seat))
            else:
                kept.append(target)   # keeps its id unique while the frame is drawn
                on_surface[id(target)] = (face, seat)
        original(target, face, rect, seat, public)
    scene.draw_face = spy
    try:
        scene.reveal_time = scene.reveal_length() * t
        scene.draw_reveal(canvas)
    finally:
        del scene.draw_face
    veils = [rect for surf, rect in canvas.blits if _is_veil(surf)]
    dice = [(rect, face, seat, 255) for rect, face, seat in direct]
    dice += [(rect, *on_surface[id(surf)], 255 if surf.get_alpha() is None else surf.get_alpha())
             for surf, rect in canvas.blits if id(surf) in on_surface]
    return [(rect, face, seat, alpha, any(v.colliderect(rect) and v.center == rect.center for v in veils))
            for rect, face, seat, alpha in dice]


def reveal_table(app, game_id, seats, faces, moves, **settings):
    """A table whose first round was rolled ``faces``, then ``moves`` (the last a challenge)."""
    for name, value in settings.items():
        setattr(app.settings, name, value)
    match = Match(game_id, seats, {"starting_dice": len(faces[0])}, 1)
    match.apply(CHANCE, RollResult(faces))
    scene = start_table(app, match)
    app.run_frames(2)
    for player, action in moves:
        scene._apply(player, action)
    assert scene.reveal is not None
    return scene


def lit_count(dice) -> int:
    return sum(1 for _rect, _face, _seat, alpha, veiled in dice if not veiled and alpha == 255)


def test_every_counted_die_stays_lit_while_the_count_shows(app):
    """The loser holds a die that counts and others that do not: the die that
    leaves is one that did not count, so what is lit equals the count."""
    cases = [
        # Liar's Dice: you bid 3 threes holding a three first; Mags calls (2 threes): you lose
        ("liars-dice", THREE, ((3, 5, 6), (2, 2, 4), (3, 6, 6)), [(0, Bid(3, 3)), (1, Call())]),
        # Roll Call: you bid 5 fours holding an Emblem last; Mags calls (4 fours with Emblems): you lose
        ("roll-call", FOUR, ((5, 6, 1), (2, 4, 3), (4, 6, 6), (4, 2, 2)), [(0, Bid(5, 4)), (1, Call())]),
    ]
    for game_id, seats, faces, moves in cases:
        scene = reveal_table(app, game_id, seats, faces, moves)
        reveal = scene.reveal
        assert reveal.loser == 0 and any(reveal.counts_for_bid(f) for f in reveal.hands[0])
        for t in (scene.verdict_at + 0.01, 0.7, 0.85, 1.0):
            dice = drawn_dice(scene, t)
            assert lit_count(dice) == reveal.count, (game_id, t)
        lost = [face for face in reveal.hands[0]]
        for rect, face, seat, alpha, veiled in drawn_dice(scene, 1.0):
            if seat == 0 and alpha > 0:
                lost.remove(face)
        assert len(lost) == 1 and not reveal.counts_for_bid(lost[0]), "the die that left did not count"


def test_a_lost_die_that_counted_stays_as_a_lit_ghost(app):
    """Every die of the loser counted: the lost one stays in its place, lit (a ghost)."""
    scene = reveal_table(app, "liars-dice", THREE, ((3, 3, 1), (2, 2, 4), (5, 6, 6)), [(0, Bid(5, 3)), (1, Call())])
    reveal = scene.reveal
    assert reveal.loser == 0 and reveal.count == 3 and reveal.lost_dice() == (2,)
    dice = drawn_dice(scene, 1.0)
    mine = [d for d in dice if d[2] == 0]
    assert len(mine) == 3 and not any(veiled for *_rest, veiled in mine)
    assert sorted(alpha for *_r, alpha, _v in mine)[0] < 255, "the lost one is a ghost"


def test_lost_dice_prefer_the_ones_that_did_not_count():
    from game.games.bidding.snapshot import RevealFacts
    facts = dict(kind="call", challenger=1, bidder=0, quantity=3, face=3, wild=1, counts=(1, 0), count=1,
                 challenger_right=True, loser=0, gainer=None, eliminated=False, round_no=1)
    hands = ((3, 5, 1, 6), (2, 2))
    assert RevealFacts(hands=hands, dice_lost=1, **facts).lost_dice() == (3,)
    assert RevealFacts(hands=hands, dice_lost=2, **facts).lost_dice() == (3, 1)
    assert RevealFacts(hands=((3, 1), (2, 2)), dice_lost=2, **facts).lost_dice() == (1, 0)


def test_a_die_won_by_jinto_lands_in_a_free_place(app):
    """Mags's right Jinto takes a die from you: it lands beside Mags's dice, on none of them."""
    scene = reveal_table(app, "liars-dice", THREE, ((3, 5, 6), (2, 2, 4), (3, 6, 6)), [(0, Bid(2, 3)), (1, Jinto())])
    reveal = scene.reveal
    assert reveal.gainer == 1 and reveal.loser == 0
    for t in (0.95, 1.0):
        dice = drawn_dice(scene, t)
        rects = [rect for rect, *_rest in dice]
        assert len(rects) == sum(len(h) for h in reveal.hands)   # the won die is drawn once, at the winner's
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert not a.colliderect(b), f"two dice drawn on top of each other at t={t}"
        won = [rect for rect, face, seat, *_r in dice if seat == 0 and rect.centery < 400]
        assert len(won) == 1, "the won die sits with the winner (top left), not with you"
        assert lit_count(dice) == reveal.count


def _verdict_index(scene) -> int | None:
    verdict = scene.text.verdict(scene.reveal)
    return next((i for i, line in enumerate(scene.log) if line.text == verdict), None)


def test_the_verdict_is_said_when_the_count_is_done(app):
    scene = reveal_table(app, "liars-dice", THREE, ((3, 5, 6), (2, 2, 4), (3, 6, 6)), [(0, Bid(3, 3)), (1, Call())])
    assert _verdict_index(scene) is None, "the result is not in the commentary before the count"
    step = 1 / 60
    while scene.reveal_t() <= scene.verdict_at - 0.02:
        scene.update(step)
        assert _verdict_index(scene) is None
    for _ in range(30):
        scene.update(step)
    assert _verdict_index(scene) == len(scene.log) - 1


def test_an_ai_reason_comes_before_the_verdict(app):
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", THREE, {"starting_dice": 2}, 4)
    scene = start_table(app, match)
    for _ in range(40):   # the human bids the smallest; the AIs play until one of them challenges
        app.run_frames(3000, until=lambda a: scene.reveal is not None or scene.human_to_act() is not None)
        if scene.reveal is not None:
            break
        legal = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
        scene.submit(0, min(legal, key=lambda b: (b.quantity, b.face)))
    assert scene.reveal is not None and scene.reveal.challenger != 0
    app.run_frames(600, until=lambda a: _verdict_index(scene) is not None)
    texts = [line.text for line in scene.log]
    verdict = _verdict_index(scene)
    challenger, action = match.history[-1]
    name = scene.seat_name(challenger)
    why = [i for i, text in enumerate(texts) if text.startswith(f"{name}: ") and text != f"{name}: {action.label()}"]
    assert why and why[-1] < verdict, texts


def test_the_call_window_closes_with_an_out_of_turn_call(app):
    """Roll Call, a human's out-of-turn call during the window: no countdown stays over the reveal."""
    app.settings.call_window = 5
    match = Match("roll-call", FOUR, None, 5)
    scene = start_table(app, match)
    app.run_frames(3000, until=lambda a: scene.human_to_act() == 0 and not match.state.is_chance())
    app.feed(key(pygame.K_RETURN))   # open with the smallest bid
    app.run_frames(3000, until=lambda a: scene.ai_turns.call_window_left > 1 and 0 in scene.out_of_turn_buttons())
    assert scene.ai_turns.call_window_left > 1
    press_sure(app, key(pygame.K_F1))
    assert match.history[-1] == (0, CallOutOfTurn()) and scene.reveal is not None
    assert scene.ai_turns.call_window_left == 0
    app.run_frames(30)
    assert scene.ai_turns.call_window_left == 0


def _final_reveal_table(app, **settings):
    """Two seats, one die each: your Call ends the game."""
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal")]
    return reveal_table(app, "liars-dice", seats, ((2,), (5,)), [(0, Bid(1, 5)), (1, Call())], **settings)


def test_the_last_reveal_is_held_and_the_player_continues_to_the_results(app):
    scene = _final_reveal_table(app, pause_after_reveal=True)
    assert scene.match.is_over
    app.run_frames(int(scene.reveal_length() * 60) + 240)
    assert app.top is scene and scene.held.moment is not None, "the last reveal waits for the player"
    assert scene.reveal is not None
    app.feed(key(pygame.K_RETURN))
    app.run_frames(400, until=lambda a: a.top is not scene)
    assert app.top.name == "results"


@pytest.mark.parametrize("game_id,seats,faces,moves", [
    ("liars-dice", THREE, ((3, 5, 6), (2, 2, 4), (3, 6, 6)), [(0, Bid(3, 3)), (1, Call())]),
    ("roll-call", FOUR, ((5, 6, 1), (2, 4, 3), (4, 6, 6), (4, 2, 2)), [(0, Bid(5, 4)), (1, Call())]),
])
def test_a_held_reveal_shows_the_hands_as_they_were_at_the_call(app, game_id, seats, faces, moves):
    """"Pause after reveals" (and every lesson) holds the reveal to be read:
    it was held at its end, when the loser's lost die had already left, so
    the held reveal showed the loser a die short (the Liar's Dice lesson's
    Mags with only her 2 of her two dice).  Held now before the dice move:
    every hand whole and face-up, each plate counting the dice it shows; the die
    leaves once the player continues."""
    scene = reveal_table(app, game_id, seats, faces, moves, pause_after_reveal=True)
    reveal = scene.reveal
    app.run_frames(int(scene.reveal_length() * 60) + 240, until=lambda a: scene.held.moment is not None)
    assert scene.held.moment is not None and scene.reveal is reveal, "the reveal is held"
    app.run_frames(30)   # held: nothing moves on
    shown = drawn_dice(scene, scene.reveal_t())
    for seat, hand in enumerate(reveal.hands):
        mine = sorted(face for _rect, face, owner, alpha, _dimmed in shown if owner == seat and alpha > 0)
        assert mine == sorted(hand), f"seat {seat} shows {mine} of the {sorted(hand)} it held at the call"
    notes = scene._seat_notes()
    assert notes[reveal.loser] == f"{len(reveal.hands[reveal.loser])} dice"
    app.feed(key(pygame.K_RETURN))
    app.run_frames(int(scene.reveal_length() * 60) + 60, until=lambda a: scene.reveal is None)
    assert scene.reveal is None and scene.dice_counts()[reveal.loser] == len(reveal.hands[reveal.loser]) - 1


def test_no_empty_next_round_before_the_results(app):
    scene = _final_reveal_table(app, pause_after_reveal=False)
    for _ in range(2000):
        app.run_frames(1)
        if app.top is not scene:
            break
        assert scene.reveal is not None, "the table showed no reveal before the results"
    assert app.top.name == "results"


def test_hot_seat_peeking_keeps_the_other_humans_calls(app):
    """Roll Call hot-seat, an AI to act: the human at the screen peeks (Tab);
    the other humans' Call buttons and keys stay, and the peek shows only
    the peeker's own dice."""
    app.settings.call_window = 5
    seats = [Seat("Ann", "human"), Seat("Ben", "human"), Seat("Mags", "ai", "normal"), Seat("Cat", "human")]
    match = Match("roll-call", seats, None, 2)
    match.apply(CHANCE, match.chance_outcome())
    from game.scenes.launch import make_table
    scene = make_table(app, match)
    scene.hot_seat.uses_curtain = False   # the test plays the hand-over itself
    app.start(scene)
    scene._apply(0, Bid(1, 2))
    scene._apply(1, Bid(1, 3))
    scene.secrecy.confirm(1)   # Ben sits at the screen; Mags (AI) is to act
    app.run_frames(2)
    assert match.state.turn_player() == 2
    before = set(scene.out_of_turn_buttons())
    assert before == {0, 3}
    app.feed(key(pygame.K_TAB))   # outside Ben's own turn: "Whose dice?" first (issue 38)
    assert not scene.secrecy.peeking and scene.hot_seat.choosing_owner is not None
    app.feed(key(pygame.K_2))     # Ben names himself, Tab still held: his cup lifts
    app.run_frames(2)
    assert scene.secrecy.peeking and scene.hot_seat.can_see(1) and not scene.hot_seat.can_see(0) and not scene.hot_seat.can_see(3)
    assert set(scene.out_of_turn_buttons()) == before
    scene.draw(app.canvas, 0.0)
    press_sure(app, key(pygame.K_F4))   # Cat calls out of turn while Ben peeks
    assert match.history[-1] == (3, CallOutOfTurn())
    assert not scene.secrecy.peeking, "the call drops the cup before the reveal"


def _faces_drawn(scene, draw, seat: int) -> list[int]:
    """The faces of ``seat``'s dice in the order ``draw(canvas)`` lays them out."""
    faces, original = [], scene.draw_face

    def spy(target, face, rect, owner=None, public=False):
        if owner == seat:
            faces.append(face)
        original(target, face, rect, owner, public)
    scene.draw_face = spy
    try:
        draw(pygame.Surface(scene.app.canvas.get_size(), pygame.SRCALPHA))
    finally:
        del scene.draw_face
    return faces


def test_a_peeked_hand_shows_in_the_reveals_order(app):
    """Hot-seat playtest: Player 1's peek tray and the reveal's row showed the
    same dice in different orders (the tray sorted, the reveal as rolled), so
    the hand was not recognisable at the reveal.  One order for both."""
    seats = [Seat("Player 1", "human"), Seat("Player 2", "human"), Seat("Mags", "ai", "normal")]
    for game_id, faces in (("roll-call", ((5, 1, 6, 3, 2), (2, 4, 3, 1, 6), (4, 6, 6, 5, 5))),
                           ("liars-dice", ((5, 1, 6), (2, 4, 3), (4, 6, 6)))):
        match = Match(game_id, seats, {"starting_dice": len(faces[0])}, 1)
        match.apply(CHANCE, RollResult(faces))
        scene = start_table(app, match)
        for _ in range(20):   # pass the screen to Player 1, who holds Tab to peek
            app.run_frames(1)
            if app.top is not scene:
                pass_curtain(app)
        assert scene.secrecy.confirmed == 0
        app.feed(key(pygame.K_TAB))
        assert scene.hot_seat.viewer == 0
        tray = _faces_drawn(scene, scene.draw_cups, 0)
        assert sorted(tray) == sorted(faces[0])
        scene._apply(0, Bid(2, 5))
        scene._apply(1, Call())
        assert scene.reveal is not None
        row = _faces_drawn(scene, scene.draw_reveal, 0)
        assert row == tray, (game_id, tray, row)


def _palifico_round(app, reduced_motion: bool, seats: int = 3):
    """A Liar's Dice table (``seats`` at it) whose first call took Mags from
    two dice to one: the next round is Palifico, its banner is up."""
    app.settings.reduced_motion = reduced_motion
    others = [Seat(f"Guest {i}", "ai", "normal") for i in range(3, seats)]
    match = Match("liars-dice", THREE + others, {"starting_dice": 2}, 3)
    match.apply(CHANCE, RollResult(((3, 4), (2, 5), (6, 6)) + ((2, 3),) * len(others)))
    match.apply(0, Bid(2, 6))
    match.apply(1, Call())            # two sixes: Mags called wrong and falls to one die
    assert match.state.palifico
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: not match.state.is_chance() and "Palifico!" in scene.banners.showing(scene.time))
    assert "Palifico!" in scene.banners.showing(scene.time) and scene.reveal is None
    return scene


def test_a_reveal_is_never_under_the_palifico_banner(app):
    """Playtest: a call within about two seconds of a Palifico round's start
    showed the reveal's count under the round's banner.  The banner gives way
    when the reveal starts: gone before the cups are up and the count shows."""
    for reduced in (False, True):
        scene = _palifico_round(app, reduced)
        scene._apply(scene.match.state.turn_player(), Bid(1, 6))   # the Palifico opener
        scene._apply(scene.match.state.turn_player(), Call())
        assert scene.reveal is not None
        app.run_frames(600, until=lambda a: scene.reveal_t() > scene.light_at)
        assert scene.reveal_t() > scene.light_at
        assert scene.banners.showing(scene.time) == [], "the count shows under the banner"


@pytest.mark.parametrize("seats", [3, 20])
def test_a_palifico_band_fading_at_a_call_lies_over_no_count(app, seats):
    """Slow test (20 seats, issue 39): a call 1.4 s into a Palifico round
    drew the reveal's "There are 0" under the band while it faded out (0.2 s,
    13 frames).  The count shows once the band has gone, before it counts."""
    from game.ui import layout_record
    scene = _palifico_round(app, False, seats)
    scene._apply(scene.match.state.turn_player(), Bid(1, 6))   # the Palifico opener
    scene._apply(scene.match.state.turn_player(), Call())
    assert scene._banding(), "the call came under the band"
    found, counts, accumulator = [], 0, 0.0
    with layout_record.recording(app.canvas) as record:
        for _ in range(600):
            if scene.reveal_t() > scene.verdict_at:
                break
            record.clear()
            accumulator = app.step(1 / 60, accumulator)
            found += [p for p in layout_record.problems(record) if "Palifico!" in p]
            counts += any(w.text.startswith("There ") for w in record.of("text"))
    assert not found, found[0]
    assert counts and not scene._banding(), "the count shows after the band"
