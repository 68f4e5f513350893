"""The replay viewer steps back and forward (#17): Left rebuilds the table
one action earlier (replayed silently from the start), Right steps on, and
Close still returns where the replay was opened from."""
import pygame
import pytest

from game import games
from game.core import saves
from game.core.match import Match, Seat
from tests.helpers import key, past_the_opening


def _saved(game_id, seed=5, moves=40):
    match = Match(game_id, [Seat("Ada", "ai", "easy"), Seat("Bram", "ai", "normal")], seed=seed)
    for _ in range(moves):
        if not match.step():
            break
    return saves.save_replay(match), match


def _paused_replay(app, path):
    """The replay at ``path`` opened from the title's Replays list, as a
    player opens it, and paused: each step is the test's own."""
    from game.scenes.replay import ReplayListScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(ReplayListScene(app))
    app.apply_transitions()
    app.top.open(path)
    past_the_opening(app)   # the record checked and the table built behind the hand-over
    scene = app.top
    scene.replay.paused = True
    return scene


def _step(app, k):
    app.feed(key(k))
    app.run_frames(400, until=lambda a: not a.top.is_busy() and a.top.throw_view is None
                   and a.top.replay.pending_steps == 0)
    app.apply_transitions()
    return app.top


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.is_built(g)])
def test_step_back_and_forward_in_every_game(app, game_id):
    from game.scenes.replay import ReplayListScene
    path, match = _saved(game_id)
    scene = _paused_replay(app, path)
    for _ in range(6):
        scene = _step(app, pygame.K_RIGHT)
    assert scene.replay.position == 6
    assert scene.match.history == match.history[:6]
    before = scene.match.state.summary()
    scene = _step(app, pygame.K_RIGHT)
    assert scene.replay.position == 7
    scene = _step(app, pygame.K_LEFT)
    assert scene.replay.position == 6 and scene.replay.paused
    assert scene.match.history == match.history[:6]
    assert scene.match.state.summary() == before
    for _ in range(10):  # back past the start stays at the start
        scene = _step(app, pygame.K_LEFT)
    assert scene.replay.position == 0 and scene.match.history == []
    scene = _step(app, pygame.K_RIGHT)
    assert scene.replay.position == 1 and scene.match.history == match.history[:1]
    app.feed(key(pygame.K_ESCAPE))  # Close: back to the list it was opened from
    app.apply_transitions()
    assert isinstance(app.top, ReplayListScene)


def test_close_after_stepping_back_returns_to_the_results(app):
    from game.scenes.results import ResultsScene
    match = Match("liars-dice", [Seat("Ada", "ai", "easy"), Seat("Bo", "ai", "easy")], None, 5)
    match.play_out()
    path = saves.save_replay(match)
    results = ResultsScene(app, match, replay_path=path)
    app.start(results)
    results.watch_replay()
    past_the_opening(app)
    app.top.replay.paused = True
    _step(app, pygame.K_RIGHT)
    _step(app, pygame.K_RIGHT)
    scene = _step(app, pygame.K_LEFT)
    assert scene.replay.position == 1
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert app.top is results


def test_the_step_back_button_is_on_the_bar_and_clear_of_the_log_button(app):
    path, _ = _saved("liars-dice")
    from game.scenes.replay import open_replay
    scene, _ = open_replay(app, path)
    app.start(scene)
    buttons = scene.replay_bar.buttons()
    assert "back" in buttons
    assert not any(r.colliderect(scene.log_panel.BUTTON) for r in buttons.values())
    for _ in range(3):
        scene = _step(app, pygame.K_RIGHT)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.replay_bar.buttons()["back"].center, button=1))
    app.apply_transitions()
    assert app.top.replay.position == 2


def test_a_twenty_seat_replay_prints_its_commentary_clear_of_the_nameplates(app):
    """A 20-seat Liar's Dice replay in a real window (QA s30): the commentary,
    lifted above the replay bar, ran under the bottom-left seat's nameplate
    ("Hard 1"): no number of rows left it its least width there, and the
    fallback ignored the plates.  It now narrows (the line wraps or is cut
    with "…") rather than print over a nameplate."""
    from game.ui import layout_record
    match = Match("liars-dice", [Seat(f"Hard {i}", "ai", "easy") for i in range(20)], {"starting_dice": 6}, seed=3)
    for _ in range(12):
        match.step()
    path = saves.save_replay(match)
    scene = _paused_replay(app, path)
    for _ in range(8):
        scene = _step(app, pygame.K_RIGHT)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    plates = list(scene.seat_plates.values())
    area = scene.log_area()
    lines = [b for b in record.of("text") if b.rect.x <= 18 and area.colliderect(b.rect)]
    assert lines, "no commentary drawn"
    assert area.collidelist(plates) < 0, (area, [p for p in plates if p.colliderect(area)])
    for line in lines:
        assert line.rect.collidelist(plates) < 0, (line.text, line.rect)


def test_opening_a_replay_checks_its_log_once(app, monkeypatch):
    """Opening a replay checked the whole record twice (the game played and
    the game before its first move): a 1,211-move 20-seat Liar's Dice replay
    spent about 280 ms of CPU in the frame of the click (QA s30, measured with
    open_replay under thread_time).  The log is checked once; the replay still
    tells what its AIs said."""
    from game.core import validation
    from game.scenes.replay import open_replay
    match = Match("liars-dice", [Seat("You")] + [Seat(f"AI {i}", "ai", "hard") for i in range(3)], seed=4)
    match.said = {}
    for _ in range(30):
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    match.said = {i: f"why {i}" for i, (p, _a) in enumerate(match.history) if p > 0}
    path = saves.save_replay(match)
    checked = []
    real = validation.check_document
    monkeypatch.setattr(validation, "check_document",
                        lambda doc, fmt: checked.append(len(doc.get("actions", ()))) or real(doc, fmt))
    table, message = open_replay(app, path)
    assert table is not None, message
    assert sorted(checked)[-1] == len(match.history) and checked.count(len(match.history)) == 1, checked
    assert table.match.said == match.said and table.match.history == []


def _count_moves_applied(monkeypatch) -> list[int]:
    """A one-item list: how many moves any match has applied since."""
    applied = [0]
    real_apply = Match.apply

    def apply(self, *args, **kwargs):
        applied[0] += 1
        return real_apply(self, *args, **kwargs)
    monkeypatch.setattr(Match, "apply", apply)
    return applied


def _click_the_first_row(app) -> None:
    """A person's click on the Replays list's first row (the click's frame run)."""
    row = next(w for w in app.top.ui.widgets if type(w).__name__ == "ReplayRow")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.rect.center, button=1))
    app.run_frames(1)


def test_a_replay_opened_from_the_list_is_checked_behind_the_hand_over(app, monkeypatch):
    """Issue 41 (QA s30): a click on a replay checked its whole record and
    built its table in the click's frame (110-250 ms of CPU at 20 seats).
    Now the click's frame replays none of its moves: the hand-over
    (``scenes/opening.py``) checks them ``RECORD_MOVES_PER_STEP`` a step (the
    record's schema on a thread) and builds the table, which opens on the
    game before its first move with the same moves and words to tell as
    ``open_replay`` gives.  A record whose moves cannot be replayed is found
    there too: a toast says why, as the click's frame did, and the list is back."""
    import json

    from game.core import match as match_module
    from game.scenes.opening import OpeningScene
    from game.scenes.replay import ReplayListScene, open_replay
    from game.scenes.title import TitleScene
    match = Match("liars-dice", [Seat(f"AI {i}", "ai", "easy") for i in range(8)], {"starting_dice": 6}, seed=3)
    match.play_out()
    per_step_at_most = getattr(match_module, "RECORD_MOVES_PER_STEP", 40)   # (main has none)
    assert len(match.history) > 3 * per_step_at_most
    path = saves.save_replay(match)
    app.start(TitleScene(app))
    app.push(ReplayListScene(app))
    app.run_frames(1)
    applied = _count_moves_applied(monkeypatch)
    per_step: list[int] = []
    real_step = getattr(OpeningScene, "_opening_step", None)   # (main has none)

    def opening_step(self):
        before = applied[0]
        step = real_step(self)
        per_step.append(applied[0] - before)
        return step
    monkeypatch.setattr(OpeningScene, "_opening_step", opening_step, raising=False)
    _click_the_first_row(app)
    assert applied[0] == 0 and app.top.name == "opening", (applied, app.top.name)
    past_the_opening(app)
    table = app.top
    assert table.replay is not None and table.match.history == [] and table.replay.position == 0
    assert max(per_step) <= per_step_at_most and sum(per_step) >= len(match.history)
    direct, message = open_replay(app, path)
    assert direct is not None, message
    assert table.replay.actions == direct.replay.actions == list(match.history)
    assert table.match.said == direct.match.said and table.match.seats == direct.match.seats
    # a damaged record: said, and the list is back
    record = json.loads(path.read_text())
    record["actions"][6]["player"] = 99   # no such seat (the record's check finds it)
    path.write_text(json.dumps(record))
    app.start(TitleScene(app))
    listed = ReplayListScene(app)
    app.push(listed)
    app.run_frames(1)
    _click_the_first_row(app)
    past_the_opening(app)
    assert app.top is listed
    assert any(toast[0].startswith(f"{path.name}: ") for toast in app.toasts), app.toasts


def test_a_replays_first_throw_is_prepared_behind_the_hand_over_with_its_logged_faces(app, monkeypatch):
    """Issue 41 (frames31): a replay's first throw, right after it opens,
    cost 72-73 ms in one frame at 20 seats: a replay's throws land on the
    logged faces, and such a throw was never prepared ahead (``Throws.prepare``
    left replays alone), so the throw's frame built its dice and ran the
    unforced twin that tells how to paint them.  Now the opening hand-over
    builds it, twin and all, a step at a time: when the table shows, its first
    throw is built with the logged faces, the frame it flies in builds no die
    and runs no twin, and it is the throw an unprepared start makes (same
    dice, same paint, landing on the record's faces)."""
    from game.physics import Throw
    from game.scenes.replay import ReplayListScene
    from game.scenes.title import TitleScene
    app.settings.reduced_motion = False   # the dice fly (reduced motion lands them at once)
    match = Match("liars-dice", [Seat(f"AI {i}", "ai", "easy") for i in range(6)], {"starting_dice": 5}, seed=3)
    match.play_out()
    saves.save_replay(match)
    app.start(TitleScene(app))
    app.push(ReplayListScene(app))
    app.run_frames(1)
    _click_the_first_row(app)
    past_the_opening(app)
    table = app.top
    assert table.replay is not None and table.match.history == []
    logged = table.replay.peek()[1]
    prepared = table.throws.prepared
    assert prepared is not None and prepared[1] is not None, "the first throw waits, built"
    key, built = prepared
    assert key[-1] == logged.faces and built._building is None
    # every seat's faces are shown: painted for the throw's frames to cut, not cut into
    # all their turns behind the hand-over (6 colours x 6 faces x 72 turns)
    from game.ui.dice_render import ROT_BUCKETS, _as_colour
    renderer = table.renderer
    size = renderer._size_of("d6")
    assert all(("d6", face, _as_colour("d6", table.colour(seat)), size) in renderer._faces
               for seat in range(6) for face in range(1, 7))
    assert len(renderer._quick) < 6 * 6 * ROT_BUCKETS // 2
    made: list[str] = []
    real_force, real_init = Throw._force, Throw.__init__

    def force(self, forced):
        made.append("twin")
        return real_force(self, forced)

    def init(self, *args, **kwargs):
        made.append("dice")
        return real_init(self, *args, **kwargs)
    monkeypatch.setattr(Throw, "_force", force)
    monkeypatch.setattr(Throw, "__init__", init)
    app.run_frames(600, until=lambda a: table.throw_view is not None)
    assert table.throw_view is not None and table.throw_view.throw is built
    assert made == [], made
    monkeypatch.setattr(Throw, "_force", real_force)
    monkeypatch.setattr(Throw, "__init__", real_init)
    request, seed, zones, _speed, size, faces = key
    unprepared = Throw(request, seed, zones, forced=faces, die_size=size)
    assert [d.labels for d in built.dice] == [d.labels for d in unprepared.dice]
    assert unprepared.run().faces() == logged.faces
    app.run_frames(2000, until=lambda a: table.throw_view is None)
    assert table.match.history[0][1] == logged
    assert table.throws.settled is not None and table.throws.settled.faces() == logged.faces


@pytest.mark.parametrize("seats, dice", [(20, 6), (20, 3), (16, 5)])
def test_a_crowded_replays_tray_tags_sit_clear_of_each_other_and_of_the_dice(app, seats, dice):
    """A replay shows every seat's dice in its tray, each with a tag saying
    whose they are.  At 20 seats (QA s30, a real window: "Hard 13's dice"
    under Hard 14's tray, "Hard 2's dice" over Hard 3's) the trays crowd one
    another and each tag, drawn with its tray, lay under the next tray.  Now
    every tray's tag is drawn over the trays, clear of every die and of every
    other tag, its words shortened ("Hard 13", then cut with "…") where the
    whole would not fit."""
    from game.ui import layout_record
    names = ["You"] + [f"Hard {i}" for i in range(seats - 1)]
    match = Match("liars-dice", [Seat("You")] + [Seat(n, "ai", "easy") for n in names[1:]], {"starting_dice": dice}, seed=3)
    for _ in range(12):
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    path = saves.save_replay(match)
    scene = _paused_replay(app, path)
    for _ in range(8):
        scene = _step(app, pygame.K_RIGHT)
    assert all(scene.hot_seat.can_see(s) for s in range(seats)), "a replay shows every tray"
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    plates = list(scene.seat_plates.values()) + [p.rect for p in record.of("panel")]
    dice_drawn = record.of("die")
    near_dice = [d.rect.inflate(60, 60) for d in dice_drawn]
    tags = [b for b in record.of("text") if b.text.startswith(("Hard", "Your"))
            and b.rect.collidelist(plates) < 0 and b.rect.collidelist(near_dice) >= 0]
    assert len(tags) == seats, sorted(t.text for t in tags)
    for tag in tags:
        later = [t.rect for t in record.of("tray") if t.order > tag.order]
        assert tag.rect.collidelist(later) < 0, f"{tag.text!r} under a tray drawn after it"
        assert tag.rect.collidelist([d.rect for d in dice_drawn]) < 0, f"{tag.text!r} over a die"
        others = [t.rect.inflate(4, 2) for t in tags if t is not tag]
        assert tag.rect.collidelist(others) < 0, f"{tag.text!r} on another tag"
    assert layout_record.problems(record) == []
