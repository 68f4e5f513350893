"""Setup remembers the last options and seats of each game (#17): kept in the
validated settings file, restored when that game is chosen again, and a bad
remembered value falls back on its own."""
import json

import pygame

from game.core import userfiles


def _open_setup(app, game_id):
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.push(SetupScene(app, game_id))
    app.run_frames(1)
    return app.top


def test_setup_restores_options_and_seats_per_game(app):
    setup = _open_setup(app, "liars-dice")
    setup.set_seat_count(5)
    setup.set_kind(1, "hard")
    setup.set_kind(2, "human")
    setup.set_name(0, "Quinn")
    spec = next(s for s in setup.info.options if s.kind == "bool")
    setup.options[spec.key] = not spec.default
    setup.back()
    app.run_frames(1)

    # another game keeps its own defaults
    other = _open_setup(app, "diced-out")
    assert other.options == {o.key: o.default for o in other.info.options}
    other.back()
    app.run_frames(1)

    # a fresh start reads the file again (nothing kept in memory only)
    settings, note = userfiles.load_settings()
    assert note is None and "liars-dice" in settings.setups
    app.settings = settings
    again = _open_setup(app, "liars-dice")
    assert len(again.seat_rows) == 5
    assert [r.kind for r in again.seat_rows] == ["human", "hard", "human", "normal", "normal"]
    assert again.seat_rows[0].name == "Quinn" and again.seat_rows[0].custom
    assert again.seat_rows[2].name == "Player 2"   # a default name follows the seats again
    assert again.options[spec.key] == (not spec.default)


def test_start_remembers_too(app):
    setup = _open_setup(app, "roll-for-it")
    setup.set_seat_count(3)
    setup.seat_rows[0].kind = "easy"
    start = next(w for w in setup.ui.widgets if getattr(w, "text", "") == "Start")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.rect.center, button=1))
    app.run_frames(1)
    saved = json.loads(userfiles.settings_path().read_text())["setups"]["roll-for-it"]
    assert [s["kind"] for s in saved["seats"]] == ["easy", "normal", "normal"]


def test_bad_remembered_values_fall_back_one_by_one(app):
    """A damaged entry: the bad option and the bad game fall back, the good
    values are kept, and the file is set aside with a message naming the field."""
    faces = [2, 11]
    data = {"format": "dice-tavern-settings", "version": 1, "master_volume": 0.3,
            "setups": {
                "diced-out": {"options": {"bonus_numbers": faces},
                              "seats": [{"name": "Zed", "kind": "human", "custom": True}]},
                "liars-dice": {"options": {"starting_dice": 99, "jinto_cap": True},
                               "seats": [{"name": "X", "kind": "wizard"}, {"name": "Y", "kind": "human"}]},
                "Bad Id!": {"options": {}},
                "roll-call": "nonsense"}}
    userfiles.settings_path().parent.mkdir(parents=True, exist_ok=True)
    userfiles.settings_path().write_text(json.dumps(data))
    settings, note = userfiles.load_settings()
    assert settings.master_volume == 0.3
    assert "setups.liars-dice.seats[0].kind" in note and "roll-call" in note
    assert set(settings.setups) == {"diced-out", "liars-dice"}
    assert "seats" not in settings.setups["liars-dice"]
    app.settings = settings
    setup = _open_setup(app, "liars-dice")
    spec = {s.key: s for s in setup.info.options}
    assert setup.options["starting_dice"] == spec["starting_dice"].default   # out of range: default
    assert setup.options["jinto_cap"] is True                                # the good one is kept
    assert len(setup.seat_rows) == 4                                         # bad seats: defaults
    setup.back()
    app.run_frames(1)
    solo = _open_setup(app, "diced-out")
    assert tuple(solo.options["bonus_numbers"]) == (2, 11)
    assert [r.name for r in solo.seat_rows] == ["Zed"]                      # 1 seat fits Diced Out


def test_seat_count_outside_the_game_falls_back_to_default_seats(app):
    app.settings.setups = {"liars-dice": {"seats": [{"name": "", "kind": "human", "custom": False}]}}
    setup = _open_setup(app, "liars-dice")
    assert len(setup.seat_rows) >= setup.info.min_players > 1
