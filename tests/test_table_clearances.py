"""What keeps clear of what on a table, checked from the scene's state:
Diced Out's whole names and its previous roll, nameplates clear of the window
edge and of the replay controls, an old bid gone after a reveal, d12 numbers
upright, banners over no label, roll-off dice off the cards."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core import saves
from game.core.match import Match, Seat
from game.games.diced_out.rules import ROLL
from game.games.diced_out.scene import sheet_title
from game.scenes.setup import TAVERN_NAMES
from game.ui import table_scene
from tests.helpers import key, start_table


def test_diced_out_header_keeps_the_whole_name(app):
    """"Mags (Stead..." was drawn: the persona is dropped before the name is cut."""
    from game.games.diced_out.ai import PERSONAS
    font = app.theme.font(22, True)
    for name in TAVERN_NAMES:
        for persona, _ in PERSONAS.values():
            width = font.size(name)[0] + 10
            assert sheet_title(font, name, persona, width) == name
            wide = font.size(f"{name}  ({persona})")[0]
            assert sheet_title(font, name, persona, wide) == f"{name}  ({persona})"


def test_diced_out_previous_roll_is_gone_on_your_turn(app):
    """While the human's own throw waits for them, the tray holds no dice and
    no total of the previous player's roll (a reroll after your own "N again!"
    may keep your own dice beside its banner)."""
    app.settings.reduced_motion = False   # with motion the human throws by hand: the turn waits
    app.settings.animation_speed = "instant"
    match = Match("diced-out", [Seat("You"), Seat("Mags", "ai", "normal"), Seat("Finn", "ai", "easy")], seed=3)
    scene = start_table(app, match)
    seen = 0
    for _ in range(20000):
        app.run_frames(1)
        if scene.match.state.is_terminal() or seen >= 3:
            break
        if scene.waiting_thrower == 0 and scene.match.state.phase == ROLL and not scene.is_busy():
            last = scene.match.state.last or {}
            if last.get("player", 0) != 0:   # another player's roll came last (not your own reroll)
                seen += 1
                assert scene.settled_view is None, "the previous player's dice are still in the tray"
                assert scene.last_total is None
            elif last.get("event") == "repeat":   # your own "N again!": your dice may stay for the reroll
                assert scene.last_total is None or scene.last_total[0] == 0
            app.feed(key(pygame.K_SPACE))
        elif scene.human_to_act() == 0:
            scene._apply(0, scene.match.state.legal_actions(0)[0])
    assert seen >= 3


def test_diced_out_last_round_roll_is_gone_when_the_next_round_begins(app):
    """A new round's sheets are empty, yet the tray still held the dice and
    "7 rolled" of the roll that ended the last one when the same player opens
    it (solo every round; with others, the round's lowest scorer who rolled
    last): the previous round's roll leaves the tray as the round begins."""
    app.settings.reduced_motion = False   # with motion the human throws by hand: the turn waits
    app.settings.animation_speed = "instant"
    scene = start_table(app, Match("diced-out", [Seat("You")], seed=3))
    checked = 0
    for _ in range(20000):
        app.run_frames(1)
        state = scene.match.state
        if state.is_terminal() or checked >= 2:
            break
        if scene.waiting_thrower == 0 and not scene.is_busy():
            if state.round_index >= 1 and not state.marked[0] and state.last.get("player") == 0 \
                    and state.last.get("event") in ("diced_out", "mark", "bonus", "free_mark"):
                checked += 1   # a new round, nothing rolled in it yet: the last roll was the old round's
                assert scene.last_total is None, f"round {state.round_index + 1} shows {scene.last_total}"
                assert scene.settled_view is None, "the last round's dice are still in the tray"
            app.feed(key(pygame.K_SPACE))
        elif scene.human_to_act() == 0:
            scene._apply(0, state.legal_actions(0)[0])
    assert checked >= 2


def _plates(app, game_id, players, *, replay):
    seats = [Seat(TAVERN_NAMES[(i * 7) % len(TAVERN_NAMES)] + " Longname"[: 16 - len(TAVERN_NAMES[(i * 7) % 20])],
                  "ai", "easy") for i in range(players)]
    match = Match(game_id, seats, seed=2)
    for _ in range(12):
        match.step()
    if replay:
        from game.scenes.replay import open_replay
        path = saves.save_replay(match)
        scene, error = open_replay(app, path)
        app.start(scene)
    else:
        scene = start_table(app, match)
    app.run_frames(2)
    scene.draw(app.canvas, 0.0)
    return scene


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if g != "diced-out"])
def test_nameplates_clear_of_the_edge_and_of_the_replay_bar(app, game_id):
    """At 4 seats Roll For It!'s plates touched the window edge; at 20 seats the
    replay controls covered a seat, and in Liar's Dice at 11-19 seats they
    covered the bottom-left plate (seat 1): every seat count is checked."""
    info = games.game_info(game_id)
    for players in range(info.min_players, info.max_players + 1):
        scene = _plates(app, game_id, players, replay=True)
        assert len(scene.seat_plates) == players
        bar = scene.replay_bar.rect()
        for i, plate in scene.seat_plates.items():
            assert plate.left >= table_scene.EDGE_MARGIN and plate.right <= 1280 - table_scene.EDGE_MARGIN
            assert plate.top >= table_scene.EDGE_MARGIN and plate.bottom <= 720 - table_scene.EDGE_MARGIN
            assert not plate.colliderect(bar), (players, i, plate, bar)


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_after_a_reveal_the_old_bid_and_odds_do_not_flash_back(app, game_id):
    """Between the end of a reveal and the next round's throw, the centre shows
    no bid and no odds, and the history panel no rows of the closed round."""
    app.settings.reduced_motion = False
    match = Match(game_id, [Seat("A", "ai", "easy"), Seat("B", "ai", "normal"), Seat("C", "ai", "hard")],
                  {"odds_helper": True}, seed=4)
    scene = start_table(app, match)
    drawn = []
    real_big, real_odds = scene.draw_bid_big, scene.text.odds_line
    scene.draw_bid_big = lambda *a, **k: (drawn.append("bid"), real_big(*a, **k))[1]
    scene.text.odds_line = lambda *a: (drawn.append("odds"), real_odds(*a))[1]
    gap_frames, reveals, in_reveal = 0, 0, False
    for _ in range(8000):
        app.run_frames(1)
        if scene.reveal is not None:
            in_reveal = True
            continue
        if in_reveal:
            reveals, in_reveal = reveals + 1, False
        state = scene.match.state
        if reveals and state.is_chance() and not state.is_terminal() and scene.match.history[-1][0] != -1:
            drawn.clear()
            scene.draw(app.canvas, 0.0)
            gap_frames += 1
            assert drawn == [], f"the closed round's {drawn} was drawn again"
            assert scene.shown_entries() == []
        if reveals >= 3:
            break
    assert reveals >= 3 and gap_frames > 0


def test_a_resting_d12_number_is_never_turned_past_36_degrees():
    """Roll the Bones: the d12's number turned with the die, so a 7 read as an L.
    The drawn angle keeps the number near upright and differs from the die's
    own angle only by its fifth-turn symmetry (the body looks the same)."""
    import math

    from game.ui.dice_render import BONE_SYMMETRY, readable_angle
    for k in range(-720, 721, 7):
        angle = math.radians(k)
        drawn = readable_angle("bone", angle)
        assert abs(drawn) <= math.radians(36) + 1e-9
        turns = (angle - drawn) / BONE_SYMMETRY
        assert abs(turns - round(turns)) < 1e-9
        assert readable_angle("d6", angle) == angle


def test_the_renderer_draws_a_resting_d12_upright(app, monkeypatch):
    """The sprite of a d12 lying at 100 degrees is asked for near upright."""
    import math
    from types import SimpleNamespace

    from game.ui import dice_render
    renderer = dice_render.DiceRenderer(prewarm=False)
    asked = []
    real = renderer._rotated_face
    monkeypatch.setattr(renderer, "_rotated_face",
                        lambda kind, face, col, size, angle=0.0, **kw: (asked.append((kind, angle)),
                                                                        real(kind, face, col, size, angle, **kw))[1])
    pose = SimpleNamespace(kind="bone", top=7, x=200, y=200, angle=math.radians(100), tilt=0.0, tilt_dir=0.0,
                           owner=0, next_top=7, hidden=False, z=0.0, size=40)
    renderer.draw(app.canvas, pose)
    assert asked and all(abs(a) <= math.radians(36) + 1e-9 for k, a in asked if k == "bone")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_roll_the_bones_banner_covers_no_label(app, players):
    from game.ui.banner import plate_size
    """A pot-split banner ("Mags takes 14 dice") sat over the top pile's label
    and the centre pot's title; it now takes a row clear of every label."""
    seats = [Seat("You", "ai", "hard")] + [Seat(TAVERN_NAMES[i], "ai", "normal") for i in range(players - 1)]
    scene = start_table(app, Match("roll-the-bones", seats, seed=players))
    checked = 0
    for _ in range(6000):
        app.run_frames(1)
        if scene.match.state.is_terminal() or checked >= 4:
            break
        banner = next(iter(scene.banners), None)
        if banner and banner.age(scene.time) < 0.5:
            scene.draw(app.canvas, 0.0)
            rect = scene.banner_rect(plate_size(scene.theme, banner, 40))
            covered = [r for r in list(scene.seat_plates.values()) + scene.label_rects if rect.colliderect(r)]
            assert not covered, (banner.title, rect, covered)
            checked += 1
            banner.t0 = scene.time - banner.seconds   # on to the next one
    assert checked >= 2


@pytest.mark.parametrize("players", [2, 4, 8])
def test_roll_for_it_roll_off_dice_land_off_the_cards(app, players):
    """The roll-off threw each player's dice in front of their seat, onto the
    face-up cards; they now land in the tray, one lane per player."""
    seats = [Seat("You", "ai", "easy")] + [Seat(TAVERN_NAMES[i], "ai", "easy") for i in range(players - 1)]
    scene = start_table(app, Match("roll-for-it", seats, seed=players))
    app.run_frames(3000, until=lambda a: scene.rolloff_view is not None)
    poses = list(scene.rolloff_view.poses())
    assert len(poses) >= 2 * players
    for pose in poses:
        die = pygame.Rect(0, 0, 30, 30)
        die.center = (int(pose.x), int(pose.y))
        assert die.collidelist(scene.cards) < 0, (pose.x, pose.y)


@pytest.mark.parametrize("players", range(1, 9))
def test_diced_out_replay_bar_covers_no_sheet(app, players):
    """In a Diced Out replay the controls sat in the bottom-left corner, over the
    first sheet's REROLLS row (its boxes and "3 left - 77 pts if diced out" hidden;
    at 6 seats over rows R3-R4 too).  The bar now keeps off every sheet, the tray
    and the Log button, inside the window, and its buttons work where they are drawn."""
    seats = [Seat(TAVERN_NAMES[i], "ai", "easy") for i in range(players)]
    match = Match("diced-out", seats, seed=2)
    for _ in range(12):
        match.step()
    from game.scenes.replay import open_replay
    scene, error = open_replay(app, saves.save_replay(match))
    assert scene is not None, error
    app.start(scene)
    app.run_frames(2)
    bar = scene.replay_bar.rect()
    assert pygame.Rect(0, 0, 1280, 720).contains(bar), bar
    for p, geo in enumerate(scene.sheets):
        assert not bar.colliderect(geo.rect), (players, p, bar, geo.rect)
    assert not bar.colliderect(scene.tray), (bar, scene.tray)
    assert not bar.colliderect(scene.log_panel.BUTTON)
    scene.replay.paused = True
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.replay_bar.buttons()["step"].center, button=1))
    assert scene.replay.pending_steps == 1
