"""Words on the setup and results screens: setup's subtitle and house-rule
footnote, the results' names, Roll the Bones' bubbles clear of nameplates."""
import pygame
import pytest

from game import games


def _setup(app, game_id, options=None):
    from game.scenes.setup import SetupScene
    app.start(SetupScene(app, game_id, options=options, offer_tutorial=False))
    app.run_frames(1)
    return app.top


def test_roll_for_it_subtitle_follows_the_target(app):
    scene = _setup(app, "roll-for-it", {"target": 20})
    assert "race to 20" in scene.subtitle and "40" not in scene.subtitle
    stepper = next(w for w in scene.ui.widgets if getattr(w, "label", "") == "Points to win")
    stepper.adjust(5)
    app.run_frames(1)
    assert "race to 25" in scene.subtitle
    # the title card keeps the default
    assert "race to 40" in games.game_info("roll-for-it").tagline


def test_house_rule_note_only_when_an_option_is_a_house_rule(app):
    scene = _setup(app, "roll-for-it")
    assert not any(spec.house for spec in scene.info.options)
    assert "house rule" not in scene.footnote()
    assert "Empty seed" in scene.footnote()
    scene = _setup(app, "liars-dice")
    assert any(spec.house for spec in scene.info.options)
    assert "* house rule" in scene.footnote()


def test_results_ledger_does_not_say_you_twice():
    """23_ld_end: the lone human "You" was drawn as "You  you"."""
    from game.core.match import Seat
    from game.ui import story
    drawn = []
    canvas = pygame.Surface((1280, 720))
    from game.ui import theme as th
    real = th.draw_text

    def spy(canvas, theme, text, *a, **kw):
        drawn.append(text)
        return real(canvas, theme, text, *a, **kw)
    import pytest
    mp = pytest.MonkeyPatch()
    mp.setattr(th, "draw_text", spy)
    try:
        pygame.font.init()
        seats = [Seat("Mags", "ai", "normal"), Seat("You", "human")]
        theme = th.Theme() if hasattr(th, "Theme") else None
        list(story.board_steps(canvas, theme, pygame.Rect(30, 170, 800, 340), None, seats, [0, 1],
                               [0, 1], highlight=(1,)))
    finally:
        mp.undo()
    assert "You" in drawn and "you" not in drawn
    assert "AI normal" in drawn
    assert story.seat_tag(Seat("Ada", "human"), 1, (1,)) == "you"


def test_roll_the_bones_bubbles_keep_clear_of_nameplates(app):
    """66_rtb: the top seat's tall pile put its "no bone" bubble over its
    nameplate's dice count."""
    from game.core.match import Match, Seat
    from tests.helpers import start_table
    seats = [Seat("Ada", "ai", "normal"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "normal"), Seat("Bertha", "ai", "normal")]
    scene = start_table(app, Match("roll-the-bones", seats, seed=3))
    app.run_frames(600, until=lambda a: scene.shown.phase == "declare" and len(scene.shown.declared) >= 2)
    assert scene.shown.phase == "declare"
    top = min(scene.seat_plates, key=lambda p: scene.seat_plates[p].y)
    plate = scene.seat_plates[top]
    real = scene._pile_top
    scene._pile_top = lambda p: plate.bottom + 30 if p == top else real(p)   # a pile grown tall
    app.run_frames(1)
    assert scene.bubble_rects, "bubbles drawn"
    for p, bubble in scene.bubble_rects.items():
        for q, other in scene.seat_plates.items():
            assert not bubble.inflate(0, 14).colliderect(other), (p, q, bubble, other)


@pytest.mark.parametrize("winners", [1, 2])
def test_the_results_title_dice_stand_beside_a_long_winners_name(app, winners):
    """Roll the Bones at 6 seats won by "WMWMWMWMWMWMWMWM" (the widest name
    the setup takes): the title's two dice stood at fixed places and lay
    over the name (seen in a real window).  They now stand beside the title
    as drawn, a title too wide for them takes a smaller size, and the layout
    record finds no words under a die, none cut by the window's edge; so
    for a tie of two such names."""
    from game.core.match import Match, Seat
    from game.ui import layout_record
    from tests.helpers import show_results
    seats = [Seat(f"AI {i}", "ai", "easy") for i in range(6)]
    match = Match("roll-the-bones", seats, None, 5)
    match.play_out()
    order = sorted(range(6), key=lambda p: match.state.ranking()[p])
    for p in order[:winners]:
        match.seats[p] = Seat("WMWMWMWMWMWMWMWM", "ai", "easy")
    results = show_results(app, match)
    if winners == 2:   # a tie, as Diced Out and Roll For It! may end
        results.title = "WMWMWMWMWMWMWMWM and WMWMWMWMWMWMWMWM win!"
    with layout_record.recording(app.canvas) as record:
        results.draw(app.canvas, 0.0)
    title = next(t for t in record.of("text") if t.text.startswith("WMWM") and t.rect.y < 100)
    dice = [d.rect for d in record.of("die") if d.rect.y < 100]
    assert len(dice) == 2 and not any(d.colliderect(title.rect) for d in dice), (tuple(title.rect), dice)
    assert not [p for p in layout_record.problems(record) if "WMWM" in p], layout_record.problems(record)


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-the-bones", "roll-for-it", "diced-out"])
def test_the_results_chart_says_what_its_coloured_band_is(app, game_id):
    """The results chart draws a ribbon of the leader's colour under its
    plot; nothing said so (seen in a real window: a tan and blue strip
    under "The lead over time").  Its subtitle says "the band below: who
    led", inside the chart's panel."""
    from game.core.match import Match, Seat
    from game.ui import layout_record
    from tests.helpers import show_results
    match = Match(game_id, [Seat(f"AI {i}", "ai", "easy") for i in range(4)], None, 5)
    match.play_out()
    results = show_results(app, match)
    with layout_record.recording(app.canvas) as record:
        results.draw(app.canvas, 0.0)
    chart = results.chart_rect()
    said = [t for t in record.of("text") if "who led" in t.text]
    assert said and chart.contains(said[0].rect), [t.text for t in record.of("text") if chart.contains(t.rect)]
    assert not layout_record.problems(record), layout_record.problems(record)
