"""Issue 18, lifetime stats: recording finished games (per game and table),
streaks, best scores, favourite bids, dice luck with its chi-square test,
the stats file (version 2, migration from version 1, bad files), the
skips (tutorial, replay, all-AI, twice) and the stats screen."""
import json
import math
from collections import Counter

import pygame
import pytest

from game import games
from game.core import stats, userfiles, validation
from game.games.bidding.bids import Bid
from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.core.seeding import stream


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    return tmp_path


def finish(match: Match, level: str = "normal") -> Match:
    """Play ``match`` to the end: the AI seats by themselves, each human seat
    by a stand-in agent of ``level`` deciding from the human's own view."""
    stand_ins = {p: games.make_agent(match.game_id, level, p, stream(match.seed, "you", p))
                 for p, s in enumerate(match.seats) if not s.is_ai}
    for _ in range(200_000):
        if match.is_over:
            return match
        if match.step():
            continue
        p = match.state.turn_player()
        agent = stand_ins[p]
        agent.rng = stream(match.seed, "you", p, len(match.history))
        match.apply(p, agent.act(match.state.view(p), match.state.legal_actions(p)))
    raise AssertionError("the game did not end")


def human_vs(game_id: str, level: str, seed: int, opponents: int = 2) -> Match:
    seats = [Seat("You")] + [Seat(f"AI {i}", "ai", level) for i in range(opponents)]
    return finish(Match(game_id, seats, seed=seed))


def all_faces(match: Match) -> Counter:
    return Counter(f for _p, a in match.history if isinstance(a, RollResult) for g in a.faces for f in g)


# --- chi-square against known values ---------------------------------------------

@pytest.mark.parametrize("x, df, p", [
    (3.841458820694124, 1, 0.05),     # the textbook 5 % critical values
    (11.070497693516351, 5, 0.05),
    (15.08627246938899, 5, 0.01),
    (19.67513757268249, 11, 0.05),
    (0.5542980767282772, 5, 0.99),
    (2.0, 2, math.exp(-1.0)),         # df 2: exactly e^(-x/2)
])
def test_chi_square_survival_matches_known_values(x, df, p):
    assert stats.chi2_sf(x, df) == pytest.approx(p, rel=1e-4)


def test_chi_square_survival_matches_the_closed_form_for_even_degrees():
    """Q(x; 2m) = e^(-x/2) * sum_{i<m} (x/2)^i / i!  over both branches of the code."""
    for df in (2, 4, 6, 10):
        for x in (0.1, 0.9, 2.5, 4.0, 7.3, 12.0, 40.0):
            m = df // 2
            exact = math.exp(-x / 2) * sum((x / 2) ** i / math.factorial(i) for i in range(m))
            assert stats.chi2_sf(x, df) == pytest.approx(exact, rel=1e-9, abs=1e-300)
    assert stats.chi2_sf(0.0, 5) == 1.0


def test_chi_square_survival_matches_the_closed_form_for_odd_degrees():
    """Q(x; 1) = erfc(sqrt(x/2)); Q(x; 3) and Q(x; 5) add sqrt(2x/pi) e^(-x/2) (1 [+ x/3])."""
    for x in (0.05, 0.7, 3.0, 6.5, 11.0, 30.0, 80.0):
        tail = math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
        base = math.erfc(math.sqrt(x / 2))
        assert stats.chi2_sf(x, 1) == pytest.approx(base, rel=1e-9, abs=1e-300)
        assert stats.chi2_sf(x, 3) == pytest.approx(base + tail, rel=1e-9, abs=1e-300)
        assert stats.chi2_sf(x, 5) == pytest.approx(base + tail * (1 + x / 3), rel=1e-9, abs=1e-300)


def test_chi_square_statistic_and_verdicts():
    assert stats.chi_square([10] * 6) == 0
    assert stats.chi_square([5, 5, 5, 5, 5, 35]) == pytest.approx(75.0)  # (4*25 + 25 + 625) / 10
    fair = stats.Luck("d6", (100, 98, 103, 99, 101, 99))
    assert fair.p_value > 0.9 and fair.verdict() == f"The dice look fair: p = {fair.p_value:.2f}"
    loaded = stats.Luck("d6", (60, 40, 40, 40, 40, 60))
    assert 0.001 <= loaded.p_value < 0.05 and loaded.verdict().startswith("Unusual")
    cheat = stats.Luck("d6", (5, 5, 5, 5, 5, 75))
    assert cheat.p_value < 0.001 and cheat.verdict() == "Very unusual for fair dice: p < 0.001"
    few = stats.Luck("bone", (1,) * 12)
    assert few.p_value is None and few.verdict() == "Too few rolls to judge yet"
    assert few.detail().startswith("12 of the 60 rolls")
    assert f"once in {round(1 / loaded.p_value):,}" in loaded.detail()


# --- recording real games -----------------------------------------------------------

EXPECTED_SCORE = {
    "liars-dice": lambda s: s.dice[0] or None,
    "roll-call": lambda s: s.dice_counts[0] or None,
    "roll-for-it": lambda s: s.scores[0],
    "diced-out": lambda s: s.totals()[0],
}


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_human_vs_ai_game_is_recorded(game_id):
    data = userfiles.fresh_stats()
    match = human_vs(game_id, "hard", seed=5)
    recorded = stats.add_match(data, match)
    won = match.state.ranking()[0] == 0
    assert recorded.table == "hard" and recorded.won == won
    bucket = data["games"][game_id]["levels"]["hard"]
    assert bucket["games"] == 1 and bucket["wins"] == int(won) and bucket["streak"] == int(won)
    # the score: read straight off the final state (Roll the Bones: dice taken at won rolls)
    if game_id in EXPECTED_SCORE:
        assert recorded.score == EXPECTED_SCORE[game_id](match.state)
    else:
        hauls = [a for a in stats.steps_of(match) if a.player == CHANCE and a.after.last_result["kind"] == "win"]
        everyone = sum(len(d) for s in hauls for d in s.after.last_result["haul"].values())
        assert 0 <= recorded.score <= everyone and (recorded.score > 0 or not won)
    assert bucket.get("best") == recorded.score
    # bids: every Bid the human made, by face
    bids = Counter(a.face for p, a in match.history if p == 0 and isinstance(a, Bid))
    assert {int(k): v for k, v in data["games"][game_id].get("bids", {}).items()} == dict(bids)
    # luck: the human's dice and the AIs' dice add up to every die rolled
    steps = stats.steps_of(match)
    mine = stats.human_rolls(steps, {0})
    theirs = stats.human_rolls(steps, set(range(1, len(match.seats))))
    assert data["games"][game_id]["luck"] == mine
    together = Counter()
    for part in (mine, theirs):
        for counts in part.values():
            together.update({face + 1: n for face, n in enumerate(counts) if n})
    assert together == all_faces(match) and sum(map(sum, mine.values())) > 0
    validation.check_document(data, userfiles.STATS_FORMAT)


def test_liars_dice_luck_counts_the_dice_under_the_humans_cup():
    """The human rolls as many dice as they hold at each roll: an oracle from the state."""
    match = human_vs("liars-dice", "normal", seed=8, opponents=3)
    steps = stats.steps_of(match)
    rolled = sum(s.before.dice[0] for s in steps if s.player == CHANCE)
    assert sum(stats.human_rolls(steps, {0})["d6"]) == rolled > 0


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_hot_seat_counts_every_human_die_and_no_wins(game_id):
    """Hot-seat (no AI): stats are for the players at this computer, so every die
    rolled counts; there is nobody else to beat, so no wins or streaks."""
    n = max(2, games.game_info(game_id).min_players)
    match = finish(Match(game_id, [Seat(f"P{i}") for i in range(n)], seed=4))
    data = userfiles.fresh_stats()
    recorded = stats.add_match(data, match)
    assert recorded.table == "hotseat" and recorded.won is None
    luck = data["games"][game_id]["luck"]
    assert sum(sum(c) for c in luck.values()) == sum(all_faces(match).values())
    row = stats.game_stats(data, game_id).rows[0]
    assert row.games == 1 and row.wins is None and row.win_rate is None and row.streak is None


def test_tables_name_the_level_of_the_ai_seats():
    s = lambda *kinds: [Seat("x", "human") if k == "h" else Seat("x", "ai", k) for k in kinds]  # noqa: E731
    assert stats.table_of(s("h", "easy", "easy")) == "easy"
    assert stats.table_of(s("h", "h", "hard")) == "hard"
    assert stats.table_of(s("h", "easy", "hard")) == "mixed"
    assert stats.table_of(s("h")) == "solo"
    assert stats.table_of(s("h", "h")) == "hotseat"
    assert stats.table_of(s("easy", "hard")) is None


# --- streaks ---------------------------------------------------------------------------

def _pool():
    """Finished 1-against-1 Liar's Dice games the human won and lost."""
    won, lost = [], []
    seed = 100
    while len(won) < 6 or len(lost) < 3:
        m = human_vs("liars-dice", "easy", seed, opponents=1)
        (won if m.state.ranking()[0] == 0 else lost).append(m)
        seed += 1
    return won, lost


def test_streaks_count_wins_in_a_row_and_keep_the_best():
    won, lost = _pool()
    data = userfiles.fresh_stats()
    seen = []
    for outcome in "WWLWWWLW":
        match = (won if outcome == "W" else lost).pop()
        stats.add_match(data, match)
        bucket = data["games"]["liars-dice"]["levels"]["easy"]
        seen.append((bucket["streak"], bucket["best_streak"]))
        if outcome == "W" and len(seen) == 4:   # a hot-seat game in between: no effect on streaks
            stats.add_match(data, finish(Match("liars-dice", [Seat("A"), Seat("B")], seed=3)))
    assert seen == [(1, 1), (2, 2), (0, 2), (1, 2), (2, 2), (3, 3), (0, 3), (1, 3)]
    g = stats.game_stats(data, "liars-dice")
    assert (g.total.games, g.total.wins, g.total.streak, g.total.best_streak) == (9, 6, 1, 3)
    assert g.total.win_rate == pytest.approx(6 / 8)   # the hot-seat game is no contest


# --- skips -------------------------------------------------------------------------------

def test_tutorial_replay_all_ai_unfinished_and_repeated_games_are_not_recorded(home):
    match = human_vs("roll-for-it", "easy", seed=2)
    match.tutorial = True
    assert stats.record_match(match) is None and not userfiles.stats_path().exists()
    match.tutorial = False
    match.replay = True
    assert stats.record_match(match) is None and not userfiles.stats_path().exists()
    match.replay = False
    ai_only = Match("roll-for-it", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], seed=2)
    ai_only.play_out()
    assert stats.record_match(ai_only) is None
    unfinished = Match("roll-for-it", [Seat("You"), Seat("B", "ai", "easy")], seed=2)
    assert stats.record_match(unfinished) is None and not userfiles.stats_path().exists()
    assert stats.record_match(match) is not None
    again = Match.from_record(match.to_record())   # the same game loaded again (a resumed save)
    again.seats = match.seats
    assert stats.record_match(again) is None
    data, note = userfiles.load_stats()
    assert note is None and data["games"]["roll-for-it"]["levels"]["easy"]["games"] == 1


def _drive_table(app, scene):
    """Play a table to its end through the table's own ``_apply`` (chance, AI and
    the human's stand-in), as the frame loop does."""
    match = scene.match
    helper = games.make_agent(match.game_id, "normal", 0, stream(1, "you"))
    for _ in range(20_000):
        if match.is_over:
            return
        if match.state.is_chance():
            scene._apply(CHANCE, match.chance_outcome())
            continue
        move = match.ai_interjection() or match.ai_turn_action()
        if move is None:
            helper.rng = stream(1, "you", len(match.history))
            move = (0, helper.act(match.state.view(0), match.state.legal_actions(0)))
        scene._apply(*move)
    raise AssertionError("no end")


def test_the_table_records_a_game_once_where_it_saves_the_replay(app, home):
    from tests.helpers import past_the_opening, start_table
    match = Match("roll-for-it", [Seat("You"), Seat("Ada", "ai", "normal")], seed=6)
    while len(match.history) < 10:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    app.autosave.save(match)
    app.autosave.flush()
    resumed = app.autosave.load()         # Continue: the game goes on from the journal
    scene = start_table(app, resumed)
    _drive_table(app, scene)
    recording = scene.game_end.recording
    assert scene.game_end.replay_path is not None and recording is not None
    assert recording.wait().won == (resumed.state.ranking()[0] == 0)
    scene.game_end.finish_game()                              # asked again: nothing more
    assert scene.game_end.recording is recording
    app.run_frames(200)                               # the end delay, then the results
    assert app.top.name == "results" and not app.toasts
    data, _ = userfiles.load_stats()
    assert data["games"]["roll-for-it"]["levels"]["normal"]["games"] == 1
    # watching the replay of that game to its end records nothing (with the stats
    # reset first, so the "already recorded" check cannot be what stops it)
    stats.reset()
    assert app.nav.replay(scene.game_end.replay_path) == ""
    past_the_opening(app)
    viewer = app.top
    assert viewer.replay is not None and not viewer.match.history
    for player, action in viewer.replay.actions:
        viewer._apply(player, action)
    viewer.game_end.finish_game()
    assert viewer.match.is_over and viewer.game_end.recording is None
    assert userfiles.load_stats() == (userfiles.fresh_stats(), None)


# --- the file: version 2, migration, bad files ----------------------------------------------

def test_a_version_1_file_migrates_and_keeps_the_solo_best(home, app):
    from tests.helpers import start_table
    v1 = {"format": "dice-tavern-stats", "version": 1, "games": {"diced-out": {"solo_games": 3, "solo_best": 17}}}
    userfiles.stats_path().write_text(json.dumps(v1))
    data, note = userfiles.load_stats()
    assert note is None and data["version"] == 2
    assert data["games"]["diced-out"]["levels"]["solo"] == {"games": 3, "wins": 0, "streak": 0, "best_streak": 0,
                                                            "best": 17}
    assert stats.solo_best(data, "diced-out") == 17
    scene = start_table(app, Match("diced-out", [Seat("Solo")], seed=3))
    assert scene.personal_best == 17
    # recording a game writes version 2; nothing of the old best is lost
    match = finish(Match("diced-out", [Seat("Solo")], seed=9))
    stats.record_match(match)
    data, note = userfiles.load_stats()
    assert note is None and json.loads(userfiles.stats_path().read_text())["version"] == 2
    assert data["games"]["diced-out"]["levels"]["solo"]["games"] == 4
    assert stats.solo_best(data, "diced-out") == min(17, match.state.totals()[0])


def test_a_version_1_best_without_a_count_is_one_game(home):
    userfiles.stats_path().write_text(json.dumps(
        {"format": "dice-tavern-stats", "version": 1, "games": {"diced-out": {"solo_best": 40}, "x": {"other": 2}}}))
    data, note = userfiles.load_stats()
    assert note is None and data["games"] == {"diced-out": {"levels": {"solo": {
        "games": 1, "wins": 0, "streak": 0, "best_streak": 0, "best": 40}}}}


def _v2(**game):
    return {"format": "dice-tavern-stats", "version": 2, "games": {"liars-dice": game}, "recent": []}


BUCKET = {"games": 3, "wins": 1, "streak": 1, "best_streak": 1}


@pytest.mark.parametrize("doc, field", [
    (_v2(levels={"easy": {**BUCKET, "wins": 4}}), "games.liars-dice.levels.easy: has more wins than games"),
    (_v2(levels={"easy": {**BUCKET, "streak": 2}}), "games.liars-dice.levels.easy: has a current streak"),
    (_v2(levels={"expert": BUCKET}), "games.liars-dice.levels.expert (name)"),
    (_v2(levels={"easy": {**BUCKET, "games": -1}}), "games.liars-dice.levels.easy.games"),
    (_v2(levels={"easy": {**BUCKET, "games": True}}), "games.liars-dice.levels.easy.games"),
    (_v2(luck={"d6": [1, 2, 3, 4, 5]}), "games.liars-dice.luck: d6 must have 6 faces"),
    (_v2(luck={"d6": [1] * 6 + ["x"]}), "games.liars-dice.luck.d6[6]"),
    (_v2(luck={"d6": list(range(30))}), "games.liars-dice.luck.d6"),
    (_v2(bids={"0": 3}), "games.liars-dice.bids.0 (name)"),
    (_v2(bids={"6": 1e999}), "games.liars-dice.bids.6"),
    (_v2(streak=3, best_streak=2), "games.liars-dice: has a current streak"),
    (_v2(extra=1), "games.liars-dice.extra: is not a known field"),
    ({**_v2(), "recent": ["liars-dice:1:2"] * 65}, "recent: must hold 0 to 64 entries"),
    ({**_v2(), "recent": ["liars-dice\n:1:2"]}, "recent[0]"),
    ({**_v2(), "version": 3}, "newer Dice Tavern"),
])
def test_bad_version_2_files_name_the_field_and_start_afresh(home, doc, field):
    raw = json.dumps(doc).replace("Infinity", "1e999").encode()
    userfiles.stats_path().write_bytes(raw)
    data, message = userfiles.load_stats()
    assert data == userfiles.fresh_stats()
    assert field in message and "stats.json" in message and "\n" not in message
    assert (home / "stats.json.bad").read_bytes() == raw


def test_a_recorded_file_round_trips_through_the_checked_loader(home):
    for game_id in games.GAME_IDS:
        stats.record_match(human_vs(game_id, "normal", seed=12))
    data, note = userfiles.load_stats()
    assert note is None and set(data["games"]) == set(games.GAME_IDS)
    assert validation.check_document(data, userfiles.STATS_FORMAT) == data
    assert len(data["recent"]) == 5


def test_recent_keys_are_capped(home):
    data = userfiles.fresh_stats()
    match = human_vs("roll-for-it", "easy", seed=1)
    for i in range(stats.MAX_RECENT + 5):
        match.seed = 1000 + i   # a different game each time, as the key sees it
        stats.add_match(data, match)
    assert len(data["recent"]) == stats.MAX_RECENT
    assert data["games"]["roll-for-it"]["levels"]["easy"]["games"] == stats.MAX_RECENT + 5
    validation.check_document(data, userfiles.STATS_FORMAT)


# --- the screen ----------------------------------------------------------------------------

def _press(app, *keys):
    from tests.helpers import key
    app.feed(*[key(k) for k in keys])
    app.run_frames(1)


def _button(scene, text):
    return next(w for w in scene.ui.widgets if getattr(w, "text", "") == text)


def test_the_title_opens_the_stats_screen_and_esc_goes_back(app, home):
    from game.scenes.stats import StatsScene
    from game.scenes.title import TitleScene
    app.start(TitleScene(app))
    app.top.ui.focus(_button(app.top, "Stats"))
    _press(app, pygame.K_RETURN)
    assert isinstance(app.top, StatsScene)
    app.top.draw(app.canvas, 0.0)   # the empty state draws
    assert [w.text for w in app.top.ui.widgets if w.can_focus] == ["Back"]
    _press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_tabs_follow_the_arrow_keys_and_every_tab_draws(app, home):
    from game.scenes.stats import StatsScene
    data = userfiles.fresh_stats()
    for game_id in games.GAME_IDS:
        stats.add_match(data, human_vs(game_id, "easy", seed=3))
    userfiles.save_stats(data)
    app.start(StatsScene(app))
    app.run_frames(1)
    seen = []
    for _ in range(len(games.GAME_IDS) + 1):
        seen.append(app.top.tab)
        app.top.draw(app.canvas, 0.0)
        _press(app, pygame.K_RIGHT)
    assert seen == ["all", *games.GAME_IDS]


def test_reset_asks_first_and_esc_keeps_the_stats(app, home):
    """Reset asks first; when confirmed the AIs forget how you bid as well (rivals.json)."""
    from game.games.bidding import rivalbook
    from game.scenes.stats import StatsScene
    stats.record_match(human_vs("liars-dice", "easy", seed=3))
    kept = userfiles.stats_path().read_bytes()
    memory = rivalbook.RivalBook()
    memory.rivals["liars-dice/human:You"] = rivalbook.RivalMemory({"call|hu|later/1": {6: [0.5, 2.0]}}, 2, 2)
    rivalbook.save_book(memory.to_json())
    app.start(StatsScene(app))
    app.run_frames(1)
    scene = app.top
    scene.ui.focus(_button(scene, "Reset stats"))
    _press(app, pygame.K_RETURN)
    assert scene.confirming and [w.text for w in scene.ui.widgets] == ["Keep them", "Reset"]
    assert scene.ui.focused.text == "Keep them"     # Enter right away keeps them
    scene.draw(app.canvas, 0.0)
    _press(app, pygame.K_ESCAPE)
    assert not scene.confirming and app.top is scene
    assert userfiles.stats_path().read_bytes() == kept
    scene.ui.focus(_button(scene, "Reset stats"))
    _press(app, pygame.K_RETURN)
    _press(app, pygame.K_RETURN)                    # "Keep them"
    assert userfiles.stats_path().read_bytes() == kept and not scene.confirming
    scene.ui.focus(_button(scene, "Reset stats"))
    _press(app, pygame.K_RETURN)
    _press(app, pygame.K_RIGHT, pygame.K_RETURN)    # over to "Reset", and confirm
    assert userfiles.load_stats() == (userfiles.fresh_stats(), None)
    assert not stats.has_any(scene.data) and not scene.confirming
    assert rivalbook.load_book()[0].rivals == {}


def test_a_stats_file_that_cannot_be_saved_is_a_message_and_a_bug_is_raised(home, monkeypatch):
    match = human_vs("diced-out", "easy", seed=4)
    toasts = []

    def full_disk(data, path=None):
        raise userfiles.UserFileError("could not save stats.json: No space left on device")
    monkeypatch.setattr(userfiles, "save_stats", full_disk)
    recording = stats.Recording(match)
    assert recording.wait() is None
    recording.report(toasts.append)
    recording.report(toasts.append)                  # once only
    assert toasts == ["Could not save the stats: could not save stats.json: No space left on device"]

    def bug(data, path=None):
        raise KeyError("levels")
    monkeypatch.setattr(userfiles, "save_stats", bug)
    match.seed += 1
    recording = stats.Recording(match, background=False)
    with pytest.raises(KeyError):
        recording.report(toasts.append)


def _largest_stats() -> dict:
    """Every count and best score at the largest a stats file may hold (the schema's bounds)."""
    big = 10 ** 9
    levels = {table: {"games": big, "wins": big, "streak": big, "best_streak": big, "best": -big}
              for table in ("easy", "normal", "hard", "mixed", "solo", "hotseat")}
    luck = {"d6": [big] * 6, "emblem": [big] * 6, "bone": [big] * 12}
    return {"format": userfiles.STATS_FORMAT, "version": 2, "recent": [],
            "games": {g: {"levels": levels, "streak": big, "best_streak": big,
                          "bids": {str(f): big for f in range(1, 13)}, "luck": luck} for g in games.GAME_IDS}}


def test_the_largest_counts_a_stats_file_may_hold_stay_in_their_columns(app, home):
    """A stats file within its schema (counts up to 10^9, a best of -10^9)
    drew "6,000,000,000" across the next column, the best scores out of their
    cards and "5,000,000,050" over the next luck bar's number: every word of
    every tab and every die kind must stay clear (the layout recorder)."""
    from game.scenes.stats import StatsScene
    from game.ui import layout_record
    userfiles.stats_path().write_text(json.dumps(_largest_stats()), encoding="utf-8")
    assert userfiles.load_stats()[1] is None   # the file is valid: nothing set aside
    app.start(StatsScene(app))
    app.run_frames(1)
    scene = app.top
    found = []
    for tab, _title in scene.tabs:
        scene.choose(tab)
        for kind in range(3):
            scene.choose_kind(kind)
            with layout_record.recording(app.canvas) as record:
                scene.draw(app.canvas, 0.0)
            found += [f"{tab}/{kind}: {p}" for p in layout_record.problems(record)]
    assert found == [], "\n".join(found)


def test_the_fair_line_runs_through_no_bars_number(app, home):
    """Dice luck: the dashed fair line ("fair dice: 105.0 per face") ran
    through the number over a bar that stood just under it (each of five
    faces 100 times, the sixes 130): the line now breaks round the numbers."""
    from game.scenes.stats import StatsScene
    from game.ui import layout_record, theme as th
    doc = _v2(levels={"easy": {**BUCKET}}, luck={"d6": [100, 100, 100, 100, 100, 130]})
    userfiles.stats_path().write_text(json.dumps(doc), encoding="utf-8")
    app.start(StatsScene(app))
    app.run_frames(1)
    scene = app.top
    scene.choose("liars-dice")
    with layout_record.recording(app.canvas) as record:
        scene.draw(app.canvas, 0.0)
    numbers = [b for b in record.of("text") if b.text == "100"]
    assert len(numbers) == 5
    crossed = [tuple(b.rect) for b in numbers
               if any(app.canvas.get_at((x, y))[:3] == th.BRASS_LIGHT
                      for x in range(b.rect.left, b.rect.right) for y in range(b.rect.top, b.rect.bottom))]
    assert not crossed, f"the fair line runs through the numbers at {crossed}"
