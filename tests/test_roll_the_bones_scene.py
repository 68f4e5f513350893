"""Headless Roll the Bones table: enters, draws every table size, survives
random input, and a human antes and announces by keys and by mouse."""
from __future__ import annotations

import random


import pygame
import pytest

from game.core.match import Match, Seat
from game.games.roll_the_bones.rules import Ante, Declare
from tests.helpers import key, start_table



def click(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_table_size_draws_and_plays(app, players):
    seats = [Seat(f"B{i}", "ai", "hard") for i in range(players)]
    scene = start_table(app, Match("roll-the-bones", seats, seed=players))
    app.run_frames(240)
    assert scene.match.history


def test_random_input_does_not_break_the_table(app):
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal"), Seat("Bot2", "ai", "easy")], seed=2)
    scene = start_table(app, match)
    rng = random.Random(4)
    for _ in range(30):
        pos = (rng.randrange(1280), rng.randrange(720))
        app.feed(*click(pos), key(rng.choice([pygame.K_b, pygame.K_n, pygame.K_0, pygame.K_1, pygame.K_RETURN])))
        app.run_frames(5)
    assert scene.match.history


def test_human_antes_and_announces_by_keys(app):
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal")], seed=1)
    scene = start_table(app, match)
    assert scene.human_to_act() == 0
    app.feed(key(pygame.K_0))
    app.run_frames(2)
    assert match.history[0] == (0, Ante(0))
    app.run_frames(200, until=lambda a: scene.human_to_act() == 0 and match.state.phase == "declare")
    app.feed(key(pygame.K_b))
    app.run_frames(2)
    assert (0, Declare(True)) in match.history


def test_human_antes_by_mouse(app):
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal")], seed=1)
    scene = start_table(app, match)
    app.run_frames(2)
    button = scene.ui.widgets[1]           # "Ante 1 six-sider + 1 bone"
    app.feed(*click(button.rect.center))
    app.run_frames(2)
    assert match.history[0] == (0, Ante(1))


def test_table_says_how_an_ante_splits_and_who_may_win_the_centre(app):
    """RULES.md: "six-siders fill the centre first, so any bones you ante land in the
    side pot. The table says how your ante splits when you choose it."""
    from types import SimpleNamespace

    from game.dev.game_shots.roll_the_bones import _shot_short_stack
    scene = _shot_short_stack(app, SimpleNamespace(seed=7))
    state = scene.match.state
    assert state.phase == "ante" and scene.human_to_act() == 0
    assert state.ante_split(0) == (0, 2)           # Tam antes nothing: all of it is a side pot
    assert "side pot" in scene.ante_note(0)
    scene.draw(app.canvas, 0.0)
    scene.submit(0, Ante(0))
    assert 3 not in scene.match.state.centre_eligible   # Tam did not ante: not his centre
    scene.draw(app.canvas, 0.0)


@pytest.mark.parametrize("speed, factor", [("relaxed", 1 / 0.75), ("normal", 1.0), ("fast", 0.5)])
def test_ante_flights_follow_the_speed_setting_once(app, speed, factor):
    """Issue 16: Roll the Bones' dice slides obey relaxed / normal / fast (the
    pace's duration factor, applied once): a slide lasts FLIGHT_SECONDS times
    the factor, and the table is busy exactly that long."""
    from game.games.roll_the_bones.scene import FLIGHT_SECONDS
    app.settings.reduced_motion = False
    app.settings.animation_speed = speed
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal")], seed=1)
    scene = start_table(app, match)
    scene.submit(0, Ante(1))               # two dice slide to the pots
    flights = list(scene.flights)
    assert len(flights) >= 2
    for flight in flights:
        assert flight.seconds == pytest.approx(FLIGHT_SECONDS * factor)
    last = max(f.t0 + f.seconds for f in flights)
    scene.time = last - 0.02
    assert scene.is_busy()
    scene.time = last + 0.02
    assert not scene.is_busy()


# ----------------------------------------------------------------------
# The pot split (playtest s16): dice fly to the winner, the held moment holds
# ----------------------------------------------------------------------
def _to_a_win(app, scene, human_move=lambda scene, seat, legal: legal[0], wanted=lambda state: True,
              rounds=400):
    """Play on (humans take ``human_move``) until a won roll that ``wanted(state)``
    has just been applied; returns the state before it."""
    match = scene.match
    for _ in range(rounds * 60):
        if scene.held.moment is not None:
            app.feed(key(pygame.K_RETURN))
        seat = scene.human_to_act()
        if seat is not None:
            scene.submit(seat, human_move(scene, seat, match.state.legal_actions(seat)))
        before = match.state
        count = len(match.state.results_log)
        app.run_frames(1)
        state = match.state
        if len(state.results_log) > count and state.results_log[-1]["kind"] == "win" and wanted(state):
            return before
        assert not state.is_terminal(), "the seed never came to such a roll"
    raise AssertionError("no such roll")


def _pause_after_reveals(app):
    app.settings.pause_after_reveal = True
    app.settings.reduced_motion = False
    app.settings.animation_speed = "normal"


def test_the_rolled_dice_fly_from_the_felt_to_the_winner(app):
    """Playtest: the rolled dice lay on the felt and then vanished without moving
    to the winner.  Each rolled die now lies a moment where it landed, then
    flies from there to its place in the winner's pile (the pile leaves that
    place empty until it lands) and leaves the felt; the pots' dice fly from
    the pot to the winner too."""
    from game.games.roll_the_bones import felt
    _pause_after_reveals(app)
    match = Match("roll-the-bones", [Seat("You"), Seat("Mira", "ai", "normal"), Seat("Odo", "ai", "easy")], seed=2)
    scene = start_table(app, match)
    before = _to_a_win(app, scene)
    state = match.state
    result = state.last_result
    winner = result["winner"]
    assert scene.settled_view is not None, "the roll lies on the felt, faces up"
    lying = {before.in_flight[p.owner]: (p.x, p.y) for p in scene.settled_view.poses()}
    for at in lying.values():
        assert any(f.start == pytest.approx(at) for f in scene.flights), "a rolled die flies from where it lies"
    flights = {f.die: f for f in scene.flights}
    assert set(lying) <= set(flights), "every rolled die moves"
    spots = felt.pile_heap_spots(state.collections[winner], state.n, scene.pile_spots[winner])
    for die, at in lying.items():
        flight = flights[die]
        assert flight.start == pytest.approx(at) and not flight.waits_shown
        assert flight.end == pytest.approx(spots.get(die, scene.pile_spots[winner]))
    pot_dice = [d for pot in before.pots for d in pot if d in state.collections[winner]]
    assert pot_dice and all(d in flights for d in pot_dice)
    assert scene.arriving() >= set(lying) | set(pot_dice)   # the pile draws them once they land
    leave = min(flights[d].t0 for d in lying)
    app.run_frames(60 * 5, until=lambda a: scene.time >= leave)
    app.run_frames(1)
    assert scene.settled_view is None, "the rolled dice left the felt as they flew"
    app.run_frames(60 * 5, until=lambda a: not scene.flights)
    assert not scene.flights and not scene.arriving()


def test_a_held_pot_split_lets_nobody_ante_under_the_banner(app):
    """Playtest: an ante made during the winner's banner skipped the hold.
    From the winning roll to the player's continue nothing moves on: the
    human who antes next gets no buttons, keys and ``submit`` do nothing, no
    AI moves; the hold comes once the dice have landed, banner kept up; after
    the continue the banner makes way, and only then is the human asked."""
    _pause_after_reveals(app)
    match = Match("roll-the-bones", [Seat("You"), Seat("Mira", "ai", "normal"), Seat("Odo", "ai", "easy")], seed=2)
    scene = start_table(app, match)
    # a roll after which You ante first, with a choice of antes
    _to_a_win(app, scene, wanted=lambda s: s.turn_player() == 0 and len(s.legal_actions(0)) > 1)
    moves = len(match.history)
    app.run_frames(2)
    assert scene.human_to_act() is None and not scene.ui.labels()
    app.feed(key(pygame.K_0), key(pygame.K_1))
    assert not scene.submit(0, match.state.legal_actions(0)[0])
    app.run_frames(60 * 8)
    assert len(match.history) == moves, "a move was made under the held pot split"
    assert scene.held.moment is not None and scene.banners.showing(scene.time), "the winner's banner stays while held"
    app.feed(key(pygame.K_RETURN))
    app.run_frames(2)
    assert scene.held.moment is None and scene.human_to_act() is None, "asked under the banner making way"
    app.run_frames(60, until=lambda a: not scene.banners.showing(scene.time))
    app.run_frames(2)
    assert scene.human_to_act() == 0 and scene.ui.labels()


def test_a_held_pot_split_waits_for_the_next_of_two_humans_too(app):
    """Hot-seat: with two humans the next one to ante waits for the continue as well."""
    _pause_after_reveals(app)
    match = Match("roll-the-bones", [Seat("Ann"), Seat("Bea"), Seat("Odo", "ai", "easy")], seed=3)
    scene = start_table(app, match)
    _to_a_win(app, scene, wanted=lambda s: s.turn_player() in (0, 1) and len(s.legal_actions(s.turn_player())) > 1)
    seat = match.state.turn_player()
    moves = len(match.history)
    assert scene.human_to_act() is None and not scene.submit(seat, match.state.legal_actions(seat)[0])
    app.run_frames(60 * 8)
    assert len(match.history) == moves and scene.held.moment is not None
    app.feed(key(pygame.K_RETURN))
    app.run_frames(60, until=lambda a: not scene.banners.showing(scene.time))   # the banner makes way first
    app.run_frames(2)
    assert scene.human_to_act() == seat


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 3)])
def test_the_continue_prompt_sits_under_the_banner_clear_of_everything(app, players, seed):
    """Playtest: the "Click or press Enter to continue" box sat off-centre over
    the "X takes N dice" banner.  It sits centred right under the banner, and
    neither covers a nameplate, a pile or a pot's label."""
    _pause_after_reveals(app)
    seats = [Seat("You")] + [Seat(f"AI {i}", "ai", "easy") for i in range(1, players)]
    match = Match("roll-the-bones", seats, seed=seed)
    scene = start_table(app, match)
    _to_a_win(app, scene)
    app.run_frames(60 * 8, until=lambda a: scene.held.moment is not None)
    assert scene.held.moment is not None
    app.run_frames(60 * 5)
    assert scene.banners.showing(scene.time), "the held moment keeps its banner (the prompt goes with it)"
    app.draw(0.0)
    prompt = scene.held.prompt_drawn
    assert prompt is not None and len(scene.banner_rects) == 1
    banner = scene.banner_rects[0]
    assert not prompt.colliderect(banner)
    assert prompt.centerx == banner.centerx and 0 < prompt.top - banner.bottom <= 16
    for rect in list(scene.seat_plates.values()) + scene.label_rects:
        assert not prompt.colliderect(rect) and not banner.colliderect(rect), rect


def _to_a_held(app, scene, kind):
    """Play on (humans take their first choice, continuing every other held
    moment) until a held moment after a roll of ``kind`` ("win" or "tie"),
    its dice landed and the "continue" prompt up."""
    match = scene.match
    for _ in range(400 * 60):
        if scene.held.moment is not None:
            if (match.state.last_result or {}).get("kind") == kind:
                return
            app.feed(key(pygame.K_RETURN))
        seat = scene.human_to_act()
        if seat is not None:
            scene.submit(seat, match.state.legal_actions(seat)[0])
        app.run_frames(1)
        assert not match.state.is_terminal(), f"the seed never held a {kind}"
    raise AssertionError(f"no held {kind}")


def _pot_areas(scene):
    """Every pot on the felt as the layout puts it (independent of what the
    scene says it drew): its tray, with its title over it and its dice count
    and note under it.  An empty centre pot has nothing to keep in view."""
    from game.games.roll_the_bones import felt
    areas = []
    for i, (x, y) in enumerate(scene.pot_spots()):
        if not scene.shown.pots[i]:
            continue
        radius = felt.pot_radius(i)
        areas.append(pygame.Rect(int(x) - radius, int(y) - radius - 24, 2 * radius, 2 * radius + 24 + 40))
    return areas


@pytest.mark.parametrize("kind, seeds", [("win", {2: 1, 3: 2, 4: 3, 5: 4, 6: 3}),
                                         ("tie", {2: 2, 3: 2, 4: 3, 5: 5, 6: 3})])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_held_banner_and_its_prompt_leave_the_pot_and_every_seat_in_view(app, players, kind, seeds):
    """Playtest s16: at 4 to 6 seats the held "You take 12 dice" / "Tiebreak!"
    banner and its "Click or press Enter to continue" prompt sat over the
    centre pot, hiding what went to the centre.  Placed from the layout (the
    nearest spot to the pot clear of everything), at every seat count they
    cover no pot, nameplate, pile or bubble, and stay in the window."""
    _pause_after_reveals(app)
    names = ["You", "Mags", "Bram", "Old Tom", "Odo", "Mira"][:players]
    match = Match("roll-the-bones", [Seat(names[0])] + [Seat(n, "ai", "easy") for n in names[1:]],
                  seed=seeds[players])
    scene = start_table(app, match)
    _to_a_held(app, scene, kind)
    app.run_frames(60 * 3)
    app.draw(0.0)
    prompt = scene.held.prompt_drawn
    assert scene.held.moment is not None and prompt is not None and len(scene.banner_rects) == 1
    banner = scene.banner_rects[0]
    assert prompt.centerx == banner.centerx and 0 < prompt.top - banner.bottom <= 16, "the prompt sits under it"
    window = pygame.Rect(0, 0, 1280, 720)
    assert window.contains(banner) and window.contains(prompt)
    pots = _pot_areas(scene)
    if kind == "tie":
        assert pots, "what went to the centre is on the felt"
    else:   # the winner took the pot: the banner stands centred over the empty tray
        x, y = scene.pot_spots()[0]
        assert not pots and abs(banner.centerx - x) <= 40 and abs(banner.centery - y) <= 120, banner
    keep = pots + list(scene.seat_plates.values()) + list(scene.bubble_rects.values()) + scene.label_rects
    for rect in keep:
        assert not banner.colliderect(rect) and not prompt.colliderect(rect), (banner, prompt, rect)


def test_a_tie_is_held_like_a_pot_split(app):
    """With "pause after reveals" a tie is a reveal too: who rolls again and
    what went to the centre stays on screen, "Tiebreak!" banner up, until the
    player continues; nothing moves on meanwhile (it used to roll on)."""
    _pause_after_reveals(app)
    match = Match("roll-the-bones", [Seat("You"), Seat("Mira", "ai", "normal"), Seat("Odo", "ai", "easy")], seed=2)
    scene = start_table(app, match)
    for _ in range(400 * 60):
        if scene.held.moment is not None:
            app.feed(key(pygame.K_RETURN))
        seat = scene.human_to_act()
        if seat is not None:
            scene.submit(seat, match.state.legal_actions(seat)[0])
        count = len(match.state.results_log)
        app.run_frames(1)
        if len(match.state.results_log) > count and match.state.results_log[-1]["kind"] == "tie":
            break
        assert not match.state.is_terminal(), "the seed never came to a tie"
    moves = len(match.history)
    app.run_frames(60 * 8)
    assert len(match.history) == moves, "the table rolled on under the tie"
    tie = scene.held.moment
    assert tie is not None and tie[0] == "tiebreak"
    assert any(title.startswith("Tiebreak") for title in scene.banners.showing(scene.time))
    app.feed(key(pygame.K_RETURN))
    app.run_frames(60 * 3)
    assert scene.held.moment != tie   # the tiebreak's own roll may be held by then: its pot split


def test_a_held_pot_split_keeps_the_forced_antes_until_the_continue(app):
    """Playtest s16: under "Old Tom takes 12 dice" (held) the next round's
    forced antes had already slid into the pots, the piles and nameplates
    counted them gone and the commentary said "Old Tom antes".  Nothing of
    the next stage shows before the player continues; then the banner makes
    way and, once it is gone, the antes slide in and are said."""
    _pause_after_reveals(app)
    match = Match("roll-the-bones", [Seat("You"), Seat("Mira", "ai", "normal"), Seat("Odo", "ai", "easy"),
                                     Seat("Ada", "ai", "easy")], seed=4)
    scene = start_table(app, match)
    _to_a_win(app, scene, human_move=lambda scene, seat, legal: legal[-1],   # You ante your bones away
              wanted=lambda s: any(isinstance(m, Ante) for _p, m in s.automatic_moves()))
    state = match.state
    forced = [p for p, m in state.automatic_moves() if isinstance(m, Ante)]
    app.run_frames(60 * 8, until=lambda a: scene.held.moment is not None)
    assert scene.held.moment is not None
    app.draw(0.0)
    said = [line.text for line in scene.log]
    roll = max(i for i, text in enumerate(said) if " the roll with " in text)
    after = said[roll + 1:]   # this round's own antes may still show above the roll
    assert not any(text.endswith(" antes") or text.endswith(" ante") for text in after), said
    shown = scene.shown
    in_pots = sum(len(pot) for pot in shown.pots)
    assert in_pots < sum(len(pot) for pot in state.pots), "the forced antes wait in the piles"
    for p in forced:
        assert set(state.anted[p]) <= set(shown.collections[p]), "an anted die is still in its owner's pile"
    app.feed(key(pygame.K_RETURN))
    app.run_frames(60, until=lambda a: scene.shown is state)
    assert scene.shown is state and not scene.banners.showing(scene.time)
    to_pots = {f.die for f in scene.flights}
    assert all(set(state.anted[p]) <= to_pots for p in forced), "the antes slide in after the continue"
    said = [line.text for line in scene.log]
    assert sum(text.endswith(" antes") or text.endswith(" ante") for text in said) == len(forced), said
