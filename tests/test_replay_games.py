"""A logged game of every built game plays back in the replay viewer to the
very same state (throws re-simulated, logged faces trusted)."""
import pytest

from game import games
from game.core import saves
from game.core.match import Match, Seat
from game.ui.table_scene import REPLAY_SPEEDS


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.is_built(g)])
def test_replay_viewer_reaches_the_logged_end(app, game_id):
    from game.scenes.replay import open_replay
    seats = [Seat("Ada", "ai", "easy"), Seat("Bram", "ai", "normal")]
    match = Match(game_id, seats, seed=5)
    for _ in range(60):  # the first sixty moves keep the suite quick
        if not match.step():
            break
    path = saves.save_replay(match)

    scene, error = open_replay(app, path)
    assert scene is not None, error
    app.start(scene)
    scene.replay.speed_index = len(REPLAY_SPEEDS) - 1  # fastest playback
    app.run_frames(20_000, until=lambda a: scene.replay.finished and not scene.is_busy())
    assert scene.match.history == match.history
    assert scene.match.state.summary() == match.state.summary()


def test_replay_of_damaged_file_is_refused_with_a_message(app, tmp_path):
    from game.scenes.replay import open_replay
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dice-tavern-game", "version": 1, "game": "liars-dice", "seats": 3}')
    scene, error = open_replay(app, bad)
    assert scene is None and "bad.json" in error


def test_replay_shows_every_hand_but_live_play_only_your_own(app):
    """A replay is of a finished game, so every hand is shown; during play the
    one human at the screen sees only their own dice."""
    from game.scenes.launch import make_table
    from game.scenes.replay import open_replay
    seats = [Seat("You"), Seat("Ada", "ai", "easy"), Seat("Bram", "ai", "hard")]
    live = make_table(app, Match("liars-dice", seats, seed=2))
    assert live.hot_seat.can_see(0) and not live.hot_seat.can_see(1) and not live.hot_seat.can_see(2)
    finished = Match("liars-dice", [Seat("A", "ai"), Seat("B", "ai"), Seat("C", "ai")], seed=2)
    finished.play_out()
    scene, _ = open_replay(app, saves.save_replay(finished))
    assert all(scene.hot_seat.can_see(p) for p in range(3))
