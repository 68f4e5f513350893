"""``python -m game shot``: render any screen headless to a PNG.

Each scene name maps to a builder that sets the app up in a representative
state (a match played forward by the AI for table/pause/results/replay).
Game slices add their own names in game/dev/game_shots/<pkg>.py with ``game.dev.shot_registry.register_shot``
(a pure registry).  Shots run in a
throw-away data folder so they never touch the player's saves.
"""
from __future__ import annotations

import json

import os
import sys
import tempfile

from .shot_registry import SHOT_SCENES, register_shot
from ..canvas import CANVAS_SIZE

FRAMES_BEFORE_SHOT = 30
MID_GAME = 0.4
"""How far through a game the table shots are taken (fraction of its moves)."""


class ShotContext:
    """What a builder may use: the game, seed and player count asked for."""

    def __init__(self, game_id: str, seed: int, players: int | None):
        from .. import games
        self.game_id = game_id
        self.seed = seed
        info = games.game_info(game_id)
        self.players = max(info.min_players, min(info.max_players, players or min(4, info.max_players)))

    def seats(self, humans: int = 1):
        from ..core.match import Seat
        from ..scenes.setup import TAVERN_NAMES
        levels = ("hard", "normal", "easy")
        return [Seat("You" if humans == 1 else f"Player {i + 1}", "human") if i < humans
                else Seat(TAVERN_NAMES[i - 1], "ai", levels[i % 3]) for i in range(self.players)]

    def match(self, humans: int = 1, finished: bool = False, progress: float = MID_GAME):
        """A finished all-AI match, or a match at a mid-game moment where the
        human in seat 0 must act.

        The mid-game moment comes from an all-AI game of the same seed: of the
        points in its log where seat 0 is to act (and the game is not over),
        the one nearest ``progress`` of the way through is chosen, and the log
        up to there is applied to a match whose seat 0 is the human "You"
        (so the table never shows a finished game, even when the human would
        have dropped out early)."""
        from ..core.match import Match
        from ..scenes.setup import make_dice
        ai_seats = self.seats(0)
        full = Match(self.game_id, ai_seats, None, self.seed, make_dice())
        full.play_out()
        if finished:
            return full
        seats = self.seats(humans)
        match = Match(self.game_id, seats[:1] + ai_seats[1:] if humans == 1 else seats, None, self.seed,
                      make_dice())
        target = progress * len(full.history)
        best, best_cost = 0, float("inf")
        probe = Match(self.game_id, ai_seats, None, self.seed, make_dice())
        for i in range(len(full.history) + 1):
            state = probe.state
            if not state.is_terminal() and not state.is_chance():
                # seat 0's own turn first; a chance to act out of turn only if there is none
                cost = (abs(i - target) if state.turn_player() == 0
                        else 1e6 + abs(i - target) if 0 in (state.interjectors() or ()) else None)
                if cost is not None and cost < best_cost:
                    best, best_cost = i, cost
            if i == len(full.history):
                break
            probe.apply(*full.history[i])
        for player, action in full.history[:best]:
            match.apply(player, action)
        return match


def _title(app, ctx):
    from ..scenes.title import TitleScene
    return TitleScene(app)


def _setup(app, ctx):
    from ..scenes.setup import SetupScene, default_seats
    return SetupScene(app, ctx.game_id, default_seats(ctx.players))


def _settings(app, ctx):
    from ..scenes.settings import SettingsScene
    return SettingsScene(app)


def _rules(app, ctx):
    from ..scenes.rules import RulesScene
    return RulesScene(app, ctx.game_id)


def _settled(table, seconds: float = 5.0):
    """The table once the last move's outcome, which a table opened on a game
    under way plays again (``RestoreFlow.restore``), is over: its
    animations and banners run their course (simulated time, no move made),
    so a mid-game shot is not caught mid-flight."""
    table.enter()
    step = 1 / 60
    moves = len(table.match.history)
    for _ in range(int(seconds / step)):
        if not table.is_busy() and not table.screen_facts().get("banner"):
            break
        table.fixed_update(step)
        table.update(step)
        if len(table.match.history) != moves or table.held.moment is not None:
            break
    return table


def _table(app, ctx):
    from ..scenes.launch import make_table
    return _settled(make_table(app, ctx.match()))


def _log(app, ctx):
    """A table with the game log open (later in the game, so it has a story)."""
    from ..scenes.launch import make_table
    table = _settled(make_table(app, ctx.match(progress=0.7)))
    table.log_panel.is_open = True
    return table


def _call_window(app, ctx):
    """Roll Call with an AI about to bid while you may call out of turn: the
    call window counts down (settings: call window 3 s)."""
    from ..games.bidding.bids import Bid
    from ..core.match import Match
    from ..core.protocol import state_as
    from ..games.roll_call.rules import RollCallState
    from ..scenes.launch import make_table
    app.settings.call_window = 3
    seats = ShotContext("roll-call", ctx.seed, max(4, ctx.players)).seats(1)
    match = Match("roll-call", seats, None, ctx.seed)
    for _ in range(400):   # AI moves, and the human's smallest bid, until the window opens
        state = state_as(match.state, RollCallState)
        if state.is_terminal():
            break
        tp = state.turn_player()
        if (tp is not None and match.seats[tp].is_ai and state.bid is not None
                and 0 in (state.interjectors() or ())):
            break
        if tp == 0:
            legal = [a for a in state.legal_actions(0) if isinstance(a, Bid)]
            match.apply(0, min(legal, key=lambda b: (b.quantity, b.face)) if legal else state.legal_actions(0)[0])
        else:
            match.step()
    table = make_table(app, match)
    table.enter()
    return table


def _undo(app, ctx):
    """A table just after the human made a move that may be taken back (a
    bid, a Roll For It! placement): the Undo button and its window."""
    from ..core.protocol import CHANCE
    from ..scenes.launch import make_table
    table = make_table(app, ctx.match(progress=0.0))
    table.enter()
    match = table.match
    for _ in range(600):
        state = match.state
        if state.is_terminal():
            break
        if state.is_chance():
            table._apply(CHANCE, match.chance_outcome())
            continue
        seat = table.human_to_act()
        if seat is None:
            move = match.ai_interjection() or match.ai_turn_action()
            if move is None:
                break
            table._apply(*move)
            continue
        legal = state.legal_actions(seat)
        undoable = [a for a in legal if table.undoable(seat, a)]
        if undoable:
            table.submit(seat, min(undoable, key=lambda a: a.label()))
            table.undo_flow.left = 1.0
            break
        table._apply(seat, legal[0])
    return table


def _pause(app, ctx):
    from ..scenes.pause import PauseScene
    table = _table(app, ctx)
    return [table, PauseScene(app, table)]


def _curtain(app, ctx):
    """The curtain before a hot-seat table (its Menu button pauses that table)."""
    from ..scenes.curtain import CurtainScene
    from ..scenes.launch import make_table
    return CurtainScene(app, ctx.seats(2)[1].name if ctx.players > 1 else "You",
                        table=make_table(app, ctx.match(humans=2)))


def _hotseat(app, ctx, peek: bool):
    """Two humans and AI at a hidden-dice table, just after the curtain
    confirmed Player 1 at the screen: every cup down and the Peek button
    (``peek``: Player 1 holds it, their dice face-up in the tray)."""
    from ..scenes.launch import make_table
    table = make_table(app, ctx.match(humans=2))
    seat = table.human_to_act()
    if seat is not None:
        table.secrecy.confirm(seat)
        if peek:
            table.secrecy.peek()
    return table


def _results(app, ctx):
    from ..scenes.results import ResultsScene
    return ResultsScene(app, ctx.match(finished=True))


def _results_story(app, ctx):
    """The results of a real finished game in which seat 0 ("You", played by
    the Normal AI) was the human: the story ledger and the lead chart."""
    from ..core.match import Match, Seat
    from ..scenes.results import ResultsScene
    from ..scenes.setup import make_dice
    seats = ctx.seats(0)
    seats[0] = Seat("You", "ai", "normal")
    match = Match(ctx.game_id, seats, None, ctx.seed, make_dice())
    match.play_out()
    match.seats[0] = Seat("You", "human")
    scene = ResultsScene(app, match)
    scene.age = 5.0
    return scene


def _out_moment(app, ctx):
    """The "you are out" card: an AI game replayed with seat 0 as "You" up
    to the move that put seat 0 out (games with elimination)."""
    from ..core.match import Match, Seat
    from ..core.story import out_places
    from ..scenes.launch import make_table
    from ..scenes.setup import make_dice
    seats = ctx.seats(0)
    seats[0] = Seat(seats[0].name, "ai", "easy")   # the seat that goes out early
    full = Match(ctx.game_id, seats, None, ctx.seed, make_dice())
    full.play_out()
    probe = Match(ctx.game_id, seats, None, ctx.seed, make_dice())
    upto = len(full.history)
    for i, (player, action) in enumerate(full.history):
        probe.apply(player, action)
        if 0 in out_places(ctx.game_id, probe.state) and not probe.is_over:
            upto = i + 1
            break
    record = full.to_record()
    record["seats"][0] = Seat("You", "human").to_json()
    match = Match.from_record({**record, "actions": record["actions"][:upto]}, dice=make_dice())
    table = make_table(app, match)
    table.enter()
    table.game_end.known_out.discard(0)
    table.game_end.note_out()
    table.game_end.announce_out()
    return table


def _replay(app, ctx):
    from ..core import saves
    from ..scenes.replay import open_replay
    path = saves.save_replay(ctx.match(finished=True))
    scene, error = open_replay(app, path)
    if scene is None:
        raise RuntimeError(error)
    return scene


def _replay_list(app, ctx):
    """The replay list with a few finished games of each game, and one damaged file."""
    from .. import games
    from ..core import saves
    from ..scenes.replay import ReplayListScene
    for i, game_id in enumerate(g for g in games.GAME_IDS if games.is_built(g)):
        sub = ShotContext(game_id, ctx.seed + i, ctx.players)
        path = saves.save_replay(sub.match(finished=True))
        # a fixed save time and file name: the shot must not depend on when it is taken
        record = json.loads(path.read_text(encoding="utf-8"))
        record["saved_at"] = f"2026-11-23T20:{10 + i:02d}:00"
        path.unlink()
        fixed = path.with_name(f"20261123-20{10 + i:02d}00-{game_id}-{sub.seed}.json")
        fixed.write_text(json.dumps(record), encoding="utf-8")
    (saves.replays_dir() / "20260101-120000-liars-dice-7.json").write_text("{ damaged")
    return ReplayListScene(app)


STATS_SHOT_LEVELS = ("easy", "normal", "hard", "normal", "mixed", "hard", "normal", "easy")


def stats_games(ctx, per_game: int = len(STATS_SHOT_LEVELS)) -> dict:
    """A stats document of real games: per game, seeded AI games at several
    tables whose seat 0 is then counted as the human "You" (so wins, streaks,
    bests, bids and dice are all real)."""
    from .. import games
    from ..core import stats, userfiles
    from ..core.match import Match, Seat
    from ..scenes.setup import TAVERN_NAMES
    data = userfiles.fresh_stats()
    for g, game_id in enumerate(games.GAME_IDS):
        info = games.game_info(game_id)
        n = max(info.min_players, min(info.max_players, 3))
        for k, level in enumerate(STATS_SHOT_LEVELS[:per_game]):
            levels = ["easy", "normal", "hard"] if level == "mixed" else [level] * 3
            seats = [Seat("You", "ai", "hard")] + [Seat(TAVERN_NAMES[i], "ai", levels[i % 3]) for i in range(n - 1)]
            match = Match(game_id, seats, None, ctx.seed * 1000 + g * 50 + k)
            match.play_out()
            match.seats[0] = Seat("You", "human")
            stats.add_match(data, match)
        # the tables without AI too: solo Diced Out games, a hot-seat game of the others
        extra = [[Seat("You", "ai", "hard")]] * 2 if game_id == "diced-out" else \
            [[Seat(f"Player {i + 1}", "ai", "normal") for i in range(max(2, info.min_players))]]
        for k, seats in enumerate(extra[:max(0, per_game - 6)]):
            match = Match(game_id, list(seats), None, ctx.seed * 1000 + g * 50 + 40 + k)
            match.play_out()
            match.seats[:] = [Seat(s.name, "human") for s in match.seats]
            stats.add_match(data, match)
    return data


def _stats(app, ctx, tab: str | None = None, *, empty: bool = False, confirm: bool = False):
    """The stats screen: of real games (``stats_games``) or empty; ``confirm``:
    the reset question over it."""
    from ..core import userfiles
    from ..scenes.stats import StatsScene
    if not empty:
        userfiles.save_stats(stats_games(ctx))
    scene = StatsScene(app, tab or ctx.game_id)
    if confirm:
        scene.enter()
        scene.ask_reset()
    return scene


def _crash(app, ctx):
    """The apology screen after a real contained error: a table mid-game,
    then a scene that fails on its first frame (``App.recover`` takes over)."""
    from ..ui.scene import Scene

    class _Failing(Scene):
        overlay = True

        def update(self, dt):
            raise RuntimeError("a deliberate failure for the crash screen shot")

    app.contain_errors = True
    return [_table(app, ctx), _Failing(app)]


def _learn(app, ctx):
    from ..scenes.learn import LearnScene
    return LearnScene(app)


def _tutorial_offer(app, ctx):
    from ..scenes.learn import TutorialOfferScene
    return [_setup(app, ctx), TutorialOfferScene(app, ctx.game_id)]


def _tutorial(app, ctx, note: bool):
    """The game's guided game at its second step that asks for a move (or a throw), or
    (``note``) at its first note after a reveal or a score (the table held)."""
    from .. import games
    from ..core.tutorial import Tutorial, drive
    from ..scenes.learn import make_tutorial_table
    script = games.tutorial_script(ctx.game_id)
    if script is None:
        raise ValueError(f"{ctx.game_id} has no guided game yet")
    tutorial = Tutorial.start(script)
    if note:
        target = next(i for i, s in enumerate(script.steps) if s.is_note and s.when is not None and i > 3)
    else:
        moves = [i for i, s in enumerate(script.steps) if not s.is_note]
        target = moves[min(1, len(moves) - 1)]
    drive(tutorial, lambda t: t.step_index == target and t.pending() is not None)
    return make_tutorial_table(app, tutorial)


for _name, _builder in (("title", _title), ("learn", _learn), ("tutorial-offer", _tutorial_offer),
                        ("tutorial", lambda app, ctx: _tutorial(app, ctx, False)),
                        ("tutorial-note", lambda app, ctx: _tutorial(app, ctx, True)),
                        ("setup", _setup), ("settings", _settings), ("rules", _rules),
                        ("pause", _pause), ("curtain", _curtain), ("results", _results),
                        ("replay", _replay), ("replay-list", _replay_list), ("table", _table), ("log", _log),
                        ("call-window", _call_window), ("crash", _crash), ("undo", _undo),
                        ("results-story", _results_story),
                        ("out-moment", _out_moment),
                        ("hotseat", lambda app, ctx: _hotseat(app, ctx, False)),
                        ("hotseat-peek", lambda app, ctx: _hotseat(app, ctx, True)),
                        ("stats", _stats), ("stats-all", lambda app, ctx: _stats(app, ctx, "all")),
                        ("stats-empty", lambda app, ctx: _stats(app, ctx, "all", empty=True)),
                        ("stats-reset", lambda app, ctx: _stats(app, ctx, "all", confirm=True))):
    register_shot(_name, _builder)



def _coached_match(ctx):
    """A real finished game (played by the AI, seat 0 at Normal) reviewed as
    if a person had played seat 0."""
    from ..core.match import Match, Seat
    from ..scenes.setup import make_dice
    seats = ctx.seats(0)
    seats[0] = Seat("You", "ai", "normal")
    match = Match(ctx.game_id, seats, None, ctx.seed, make_dice())
    match.play_out()
    match.seats[0] = Seat("You", "human")
    return match


def _coach(app, ctx):
    """The coach on its most instructive decision (a mistake if there is one)."""
    from ..scenes.coach import CoachScene
    scene = CoachScene(app, _coached_match(ctx))
    if scene.session is not None:
        entries = scene.session.finish().entries
        rank = {"mistake": 0, "questionable": 1, "fine": 2, "good": 3}
        if entries:
            scene.index = min(range(len(entries)), key=lambda i: (rank[entries[i].verdict], i))
    return scene


def _coach_results(app, ctx):
    """The results screen with its coach line filled in."""
    from ..scenes.results import ResultsScene
    scene = ResultsScene(app, _coached_match(ctx))
    scene.enter()
    for session in scene.coach_sessions:
        session.finish()
    scene.rebuild()
    return scene


register_shot("coach", _coach)
register_shot("coach-results", _coach_results)

NEEDS_BUILT_GAME = {"table", "pause", "results", "replay", "log", "call-window", "crash", "hotseat", "hotseat-peek",
                    "coach", "coach-results", "undo", "results-story", "out-moment",
                    "tutorial", "tutorial-note", "tutorial-offer"}


def default_game() -> str:
    from .. import games
    from ..scenes.launch import is_playable, menu_game_ids
    return next((g for g in menu_game_ids() if is_playable(g)), games.GAME_IDS[0])


def _load_game_shots() -> None:
    """Let each game register its own shot names (game/dev/game_shots/<pkg>.py)."""
    from .game_shots import diced_out, liars_dice, roll_call, roll_the_bones  # noqa: F401


def render(scene_name: str, out: str, *, game_id: str | None = None, seed: int = 7,
           players: int | None = None, size: tuple[int, int] = CANVAS_SIZE, frames: int = FRAMES_BEFORE_SHOT):
    """Render one screen to ``out`` (PNG); returns the saved path."""
    import pygame

    from ..app import App
    from ..scenes.launch import is_playable
    from ..ui.scene import CANVAS_SIZE
    game_id = game_id or default_game()
    if scene_name in NEEDS_BUILT_GAME and not is_playable(game_id):
        raise ValueError(f"scene {scene_name!r} needs a built game; {game_id} is not built yet")
    app = App(headless=True, window_size=size)
    ctx = ShotContext(game_id, seed, players)
    built = SHOT_SCENES[scene_name](app, ctx)
    scenes = built if isinstance(built, list) else [built]
    app.start(scenes[0])
    for scene in scenes[1:]:
        app.push(scene)
        app.apply_transitions()
    app.run_frames(frames)
    if tuple(size) == CANVAS_SIZE:
        image = app.canvas
    else:
        app._fit_view(size)
        app._present()
        image = app.window
    try:
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        pygame.image.save(image, out)
    except (OSError, pygame.error) as exc:   # a full disk, a read-only folder: one line, no traceback
        said = getattr(exc, "strerror", None) or str(exc).rsplit(": ", 1)[-1]   # the reason, not the path again
        raise ValueError(f"cannot write {_cut(out)!r}: {said[:200]}") from None
    return out


def _cut(text: str) -> str:
    """A value short enough to quote in a one-line error."""
    return text if len(text) <= 40 else text[:40] + "..."


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size {_cut(text)!r} must look like 1280x720") from None
    if not (16 <= w <= 7680 and 16 <= h <= 4320):
        raise ValueError(f"size {_cut(text)!r} must be from 16x16 to 7680x4320")
    return w, h


def main(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    _load_game_shots()
    if args.scene not in SHOT_SCENES:
        print(f"dice-tavern shot: error: unknown scene {_cut(args.scene)!r}; choose one of: "
              f"{', '.join(sorted(SHOT_SCENES))}", file=sys.stderr)
        return 2
    try:
        size = _parse_size(args.size)
    except ValueError as exc:
        print(f"dice-tavern shot: error: {exc}", file=sys.stderr)
        return 2
    player_home = os.environ.get("DICE_TAVERN_HOME")
    with tempfile.TemporaryDirectory(prefix="dice-tavern-shot-") as home:
        os.environ["DICE_TAVERN_HOME"] = home
        try:
            path = render(args.scene, args.out, game_id=args.game, seed=args.seed, players=args.players,
                          size=size)
        except ValueError as exc:
            print(f"dice-tavern shot: error: {exc}", file=sys.stderr)
            return 2
        finally:  # the caller's data folder again (not the deleted temp one)
            if player_home is None:
                os.environ.pop("DICE_TAVERN_HOME", None)
            else:
                os.environ["DICE_TAVERN_HOME"] = player_home
    print(path)
    return 0
