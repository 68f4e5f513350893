"""Issue 40's league of sparring bots (``game/dev/league.py``): written from the
protocol alone, split into a tuning and a reporting half by a fixed rule, and
one of them learns a rival across games."""
import importlib.util
import sys
from pathlib import Path

import pytest

from game.dev import ai_report

PATH = Path(__file__).resolve().parents[1] / "game" / "dev" / "league.py"


def _league():
    spec = importlib.util.spec_from_file_location("league_under_test", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["league_under_test"] = module
    spec.loader.exec_module(module)
    return module


def test_the_halves_split_every_kind_by_a_fixed_rule():
    """Both halves hold one bot of every kind, none in both: the first variant
    of each kind tunes, the second reports."""
    league = _league()
    tuning, reporting = league.HALVES["tuning"], league.HALVES["reporting"]
    assert set(tuning) == set(league.KINDS)
    assert set(reporting) == set(league.KINDS) | set(league.REPORTING_ONLY)
    assert not set(tuning.values()) & set(reporting.values())
    assert all(tuning[k] is v[0] and reporting[k] is v[1] for k, v in league.KINDS.items())


def test_a_bot_written_against_hard_reports_only():
    """Issue 40: a bot built to exploit Hard as it is (the ambusher) sits in the
    reporting half alone, so nothing is ever tuned on it; the tuning half's bot
    of its kind (the baiter) baits, reads and calls out of turn by other numbers, and stays out of
    ``HALVES`` so the calibration fit's population is unchanged."""
    league = _league()
    assert league.HALVES["reporting"]["ambusher"] is league.Ambusher
    assert league.Ambusher not in league.HALVES["tuning"].values()
    baiter = league.bot_of("tuning", "ambusher")
    assert baiter is league.Baiter and baiter not in league.HALVES["tuning"].values()
    numbers = ("bluff_rate", "trust", "sharp", "bait_dice", "oot_bait")
    assert all(getattr(baiter, n) != getattr(league.Ambusher, n) for n in numbers)
    with pytest.raises(SystemExit):
        league.bot_of("tuning", "ambusher-bold")


def test_the_overbidder_tunes_only_and_learns_how_often_a_rival_challenges():
    """Issue 40, fifteenth session: the tuning half's bot of the class the outside
    exploiter found (a bidder over its hand where Hard does not call) is in no
    half's table (``TUNING_ONLY``: the calibration fit's population is unchanged),
    is not the reporting half's, and learns, per rival and band of the bid's
    chance from that rival's own hand, how often that rival challenged its bids."""
    league = _league()
    assert league.bot_of("tuning", "overbidder") is league.Overbidder
    assert league.Overbidder not in league.HALVES["tuning"].values()
    with pytest.raises(SystemExit):
        league.bot_of("reporting", "overbidder")
    league.reset_memory()
    ai_report.run_report("roll-call", "hard", [league.spec(league.Overbidder)], 4, seed=5)
    guest = sys.modules[next(m for m in sys.modules if m.startswith("_guest_") and
                             getattr(sys.modules[m], "__file__", "") == str(PATH))]
    calls = [book["calls"] for key, book in guest.LeagueBot._memory.items() if key[0] == "Overbidder"]
    assert calls and sum(n for table in calls for _called, n in table.values()) >= 20


def test_the_outside_exploiters_tuning_twin_reads_a_lean_either_way():
    """Issue 40, fifteenth session: the outside group is never tuned on, so the
    class it found (a player who tabulates, per rival and kind of bid, the dice
    of the bid face the rival held, and reads a lean *away* from the face as
    well as towards it) has a twin in the tuning half alone, by its own
    numbers: once a kind's revealed bids held half a blind share, a hand
    without the face explains such a bid better than one full of it, and the
    other way round once they held one and a half."""
    import random
    league = _league()
    assert league.bot_of("tuning", "cup-reader") is league.CupReader
    assert league.CupReader not in league.HALVES["tuning"].values()
    with pytest.raises(SystemExit):
        league.bot_of("reporting", "cup-reader")
    assert {"ld-cup-reader-5", "rc-cup-reader-3"} <= set(league.ROWS)
    t = league.Table.__new__(league.Table)
    t.dice, t.bids, t.palifico, t.wild, t.total = (5, 5, 5, 5), ((1, 3, 4), (2, 4, 5)), False, 1, 20
    t.faces = (1, 2, 3, 4, 5, 6)
    bot = league.CupReader(0, random.Random(1), "liars-dice")
    bot.seat_names = ("me", "a", "b", "c")
    full, none = (0, 0, 0, 0, 5, 0), (0, 2, 1, 2, 0, 0)   # dice per face: five 5s / no 5 (and no wild one)
    before = bot._face_like(t, 2, full, 1), bot._face_like(t, 2, none, 1)
    tilt = bot._book(2).setdefault("tilt", {})
    tilt[("new", False, False)] = [30, 60.0, 180]
    assert bot._face_like(t, 2, none, 1) > 3 * bot._face_like(t, 2, full, 1)
    tilt[("new", False, False)] = [90, 60.0, 180]
    assert bot._face_like(t, 2, full, 1) > 3 * bot._face_like(t, 2, none, 1)
    tilt[("new", False, False)] = [90, 60.0, 20]   # too few dice seen: read as the learner reads
    assert (bot._face_like(t, 2, full, 1), bot._face_like(t, 2, none, 1)) == before


def test_each_half_has_its_own_learners_twin():
    """The tell test's control is the half's learner without its tables: a tell
    tuned on the tuning half never plays the reporting learner's twin (it did:
    one twin, ``LearnerBTwin``, served both halves)."""
    league = _league()
    for half in ("tuning", "reporting"):
        twin, learner = league.bot_of(half, "learner-twin"), league.HALVES[half]["learner"]
        assert twin.trust == learner.trust and learner.learns and not twin.learns
    assert league.bot_of("tuning", "learner-twin") not in league.TWINS["reporting"].values()


def test_the_tell_tests_control_is_the_learner_itself_with_its_tables_never_read():
    """Issue 40's tell test, twelfth session: the control is the half's learner
    itself with its tables frozen untrained, so the gap is only what Hard's
    reveals taught it.  The twin reads otherwise as well: it takes no raise on
    the face already bid as evidence, which the learner reads (``_rival_pmf``),
    so a gap to the twin mixed the two.  With the same filed reveals, the
    frozen learner reads a bid as the learner does before it has seen any,
    the learner by its tables; and a raise on the face bid moves the frozen
    learner's reading, where it leaves the twin's alone."""
    from types import SimpleNamespace
    league = _league()
    for half in ("tuning", "reporting"):
        frozen, learner = league.bot_of(half, "learner-frozen"), league.HALVES[half]["learner"]
        assert issubclass(frozen, learner) and frozen.learns and not frozen.reads_tables
        assert league.bot_of(half, "learner-frozen") not in league.FROZEN["reporting" if half == "tuning" else "tuning"].values()
    assert {"ld-learner-frozen-1", "rc-learner-frozen-1"} <= set(league.TELL)
    # heads-up Liar's Dice, 4 dice each: the rival (seat 1) opened 2 x 5, I raised to 3 x 5, it raised to 4 x 5
    view = SimpleNamespace(me=0, my_faces=(2, 3, 5, 6), dice=(4, 4), bids=((1, 2, 5), (0, 3, 5), (1, 4, 5)),
                           palifico=False, round_no=1, last_challenge=None, turn=0)
    learner_b, frozen_b, twin_b = league.LearnerB, league.LearnerBFrozen, league.LearnerBTwin
    bots = {cls: cls(0, None, "liars-dice") for cls in (learner_b, frozen_b, twin_b)}
    t = league.Table(view, ())
    untrained = {i: bots[learner_b]._face_like(t, 1, (0, 0, 0, 0, 0, 4), i) for i in (0, 2)}
    league.reset_memory()
    for cls in (learner_b, frozen_b):   # the same reveals filed: it always held no 5 after such bids
        book = bots[cls]._book(1)["held"]
        for i in (0, 2):
            book[league.bid_key(t, i)] = {(4, 0): 30}
    for i in (0, 2):
        assert bots[frozen_b]._face_like(t, 1, (0, 0, 0, 0, 0, 4), i) == untrained[i]
        assert bots[learner_b]._face_like(t, 1, (0, 0, 0, 0, 0, 4), i) != untrained[i]
    bare = SimpleNamespace(**{**vars(view), "bids": view.bids[:2]})
    pmf = {cls: (bots[cls]._rival_pmf(t, 1, 5, {}), bots[cls]._rival_pmf(league.Table(bare, ()), 1, 5, {}))
           for cls in (frozen_b, twin_b)}
    assert pmf[frozen_b][0] != pmf[frozen_b][1] and pmf[twin_b][0] == pmf[twin_b][1]
    league.reset_memory()


def test_the_bots_see_only_views_and_legal_actions():
    """The league imports nothing of the game's AI: its reading is its own."""
    imports = [line for line in PATH.read_text(encoding="utf-8").splitlines()
               if line.lstrip().startswith(("import ", "from "))]
    assert imports and all("game" not in line or "game.dev import ai_report" in line
                           or "game.core.sim import" in line or "game.dev import outside_bots" in line for line in imports)


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_every_bot_plays_legal_moves(game):
    """Guest bots are checked move by move (``guest_bots``): an illegal move stops the run."""
    league = _league()
    tables = [(v[1], v[0]) for v in league.KINDS.values()] + [(bot, bot) for bot in league.REPORTING_ONLY.values()] \
        + [(bot, bot) for bot in league.TUNING_ONLY.values()]
    for a, b in tables:
        league.reset_memory()
        rep = ai_report.run_report(game, "hard", [league.spec(a), league.spec(b)], 2, seed=3)
        assert rep.seat_games == 2


def test_the_learner_tabulates_what_a_rival_held_across_games():
    """The learner keeps, per rival, what it held after each kind of bid, from
    the cups lifted at every reveal, and carries it from game to game."""
    league = _league()
    league.reset_memory()
    rep = ai_report.run_report("liars-dice", "hard", [league.spec(league.LearnerB)], 6, seed=5)
    assert len(rep.outcomes) == 6
    guest = sys.modules[next(m for m in sys.modules if m.startswith("_guest_") and
                             getattr(sys.modules[m], "__file__", "") == str(PATH))]
    tables = [book["held"] for key, book in guest.LeagueBot._memory.items() if key[0] == "LearnerB"]
    assert tables and sum(n for held in tables for hist in held.values() for n in hist.values()) >= 6


def test_no_kind_of_hards_revealed_bids_tells_its_hand():
    """Issue 40: "Hard's moves are a readable function of its hand ... so
    tabulating lifted cups reads it."  Per kind of bid a tabulating learner
    files Hard's bids under (place, Hard's dice, quantity above the table's
    mean, Palifico), the dice of the bid face Hard held above a blind hand's
    share average out near nothing: one price per die of lean over every bid
    had low openings bluffs and high raises held (this run: 0.512 per bid
    without the kind prices, 0.275 with them; a short run, so the bound leaves
    room for chance)."""
    from game.dev import league   # the bots by module name: the tables read are theirs
    league.reset_memory()
    ai_report.run_report("liars-dice", "hard", ["game.dev.league:LearnerB"], 120, seed=5)
    bids, told = league.tell()
    assert bids >= 250
    assert told < 0.35


def _tell_gap(control: str, learner: str = "ld-learner-1") -> float:
    """Hard's win rate against ``control`` less against the reporting learner,
    over the second half of a 2,000-game series (seed 1): what the learner's
    tables of Hard's revealed bids gained it."""
    league = _league()
    rates = {}
    for row in (learner, control):
        rep = league.run_row(row, "reporting", 2000, seed=1)
        rates[row] = sum(rep.outcomes[1000:]) / 1000
    return rates[control] - rates[learner]


@pytest.mark.slow
def test_a_learner_of_hards_revealed_bids_gains_little_over_its_twin():
    """Issue 40's tell test: a reader that tabulates, across games, what Hard held
    after each kind of bid (the cups lifted at every reveal) may gain over its
    twin without the tables no more than a small fixed margin (3 points of
    Hard's win rate, over the second half of a 2,000-game series, when it has
    learned).  Before mixed play Hard fell from 50.5% to 41.6% against it; on
    2026-11-29's main, games 1,001-2,000: 73.7% against the learner, 76.4%
    against the twin, gap 2.7 (it was a strict xfail at 3.1 and passed)."""
    assert _tell_gap("ld-learner-twin-1") <= 0.03


@pytest.mark.slow
def test_a_learner_of_hards_revealed_bids_gains_little_over_itself_untrained():
    """Issue 40's tell test with the control the same bot with its learning off
    (twelfth session): the reporting learner may beat Hard by no more than 3
    points more than itself with its tables frozen untrained does, over the
    second half of a 2,000-game series.  Only what Hard's reveals taught it
    differs between the two rows (the twin, above, also reads no raise on the
    face already bid).  Twelfth session: Hard 73.4% against the learner, 74.2%
    against it frozen (docs/AI-NOTES.md)."""
    assert _tell_gap("ld-learner-frozen-1") <= 0.03


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="issue 40 not met in Roll Call: Hard 55.4% against the learner, 70.4% "
                                        "against it frozen in games 1,001-2,000 once it acts on the chance it "
                                        "states (42.5% and 54.7% before); no mixed draw screened on the tuning "
                                        "half closed it without costing strength (thirteenth session, "
                                        "docs/AI-NOTES.md)")
def test_a_learner_of_hards_revealed_roll_call_bids_gains_little_over_itself_untrained():
    """The tell test above in Roll Call: the reporting learner may beat Hard by
    no more than 3 points more than itself with its tables frozen does, over
    the second half of a 2,000-game series.  Roll Call's Hard draws no mix:
    its bids are a function of its hand and history."""
    assert _tell_gap("rc-learner-frozen-1", "rc-learner-1") <= 0.03


def _full_table_shares(game: str, opponents: list[str], games: int, seed: int = 1) -> dict[str, float]:
    """Dice of the bid face Hard held over a blind hand's share, for its openings,
    its new-face bids and both, with 3+ players in (outside Palifico), over
    ``games`` seeded games against ``opponents`` (``outside_report.lean_tally``)."""
    from game.dev.outside_report import lean_tally
    leans: dict[tuple, float] = {}
    ai_report.run_report(game, "hard", opponents, games, seed,
                         progress=lambda _rep, match: lean_tally(match, "hard", leans))
    held = {place: leans.get((place, "3+", False, "held"), 0.0) for place in ("open", "new")}
    blind = {place: leans.get((place, "3+", False, "blind"), 0.0) for place in ("open", "new")}
    shares = {place: held[place] / blind[place] for place in held}
    shares["both"] = sum(held.values()) / sum(blind.values())
    return shares


def test_hards_bids_at_six_seats_hold_about_a_blind_share_of_the_face():
    """Issue 40, fifteenth session: at tables of 3+ Hard's new-face bids held
    0.47 of a blind hand's share of the face and its openings 0.62 (Liar's
    Dice, six seats): an anti-tell a player who tabulates the lifted cups reads
    as well as an honest lean (the outside exploiter took Hard to 4.2%).  Each
    draw now holds its expected lean to a blind share (``neutral_mix``), so
    Hard's openings and new-face bids, over 30 seeded games at six seats, hold
    a blind share within [0.8, 1.25] (main: 0.57)."""
    shares = _full_table_shares("liars-dice", ["normal"] * 5, 30)
    assert 0.8 <= shares["both"] <= 1.25, shares


@pytest.mark.slow
@pytest.mark.parametrize("game,seats", [("liars-dice", 6), ("liars-dice", 4)])
def test_each_kind_of_hards_bids_at_a_full_table_holds_about_a_blind_share(game, seats):
    """The test above per kind and table size, over 200 seeded games: Hard's
    openings and its new-face bids each hold a blind share of the face within
    [0.8, 1.25], in neither direction a tell a tabulating player can read."""
    shares = _full_table_shares(game, ["normal"] * (seats - 1), 200)
    assert all(0.8 <= shares[place] <= 1.25 for place in ("open", "new")), shares


def test_the_ambusher_calls_a_raise_on_its_bait_out_of_turn():
    """The ambusher named 4s holding none (bait); a rival raised on them.  Its
    reading takes no bid resting on its bait as evidence and calls out of turn
    at once (under 40% true), where a plain reader, whose break-even is lower,
    waits for the next player."""
    from game.games.roll_call.rules import BidRecord, CallOutOfTurn, RollCallView
    league = _league()
    view = RollCallView(me=0, num_players=4, dice_counts=(5, 5, 5, 5), my_dice=(2, 2, 3, 5, 6), round_no=1,
                        opener=0, turn=2, bid=(6, 4), bidder=1,
                        round_bids=(BidRecord(0, 3, 4), BidRecord(1, 6, 4)), interjectors=(),
                        last_reveal=None, rolling=False, over=False)
    ambusher, reader = league.Ambusher(0, None, "roll-call"), league.ReaderPlain(0, None, "roll-call")
    t = league.Table(view, [CallOutOfTurn()])
    assert 0.22 < ambusher.p_true(t, 6, 4, {}) < 0.4
    assert ambusher.interject(view, [CallOutOfTurn()]) == CallOutOfTurn()
    assert reader.interject(view, [CallOutOfTurn()]) is None


@pytest.mark.slow
def test_roll_call_hard_at_four_seats_beats_its_share_against_three_tuning_cup_readers():
    """Issue 40, sixteenth session: at tables of 3+ Roll Call Hard's lean price
    (0.25 dice per die of the bid face held over a blind share, at the start)
    outweighed what separates the faces' values mid-round, so Hard raised onto
    faces it lacked, a quarter of its bids under 30% true by its own reading,
    and players who read the lifted cups called them (its called bids true 30%,
    theirs 40%).  Against three of the tuning twin of such a player, over 100
    seeded games (the tuning half's row, seed 1), Hard now wins more than a
    fair share (25%): 32.0% here, 19.0% on main (the 0.25 start)."""
    rep = _league().run_row("rc-cup-reader-3", "tuning", 100, seed=1)
    assert rep.wins / rep.seat_games > 0.25


@pytest.mark.slow
def test_liars_dice_hard_at_six_seats_beats_its_share_against_five_tuning_overbidders():
    """Issue 40, seventeenth session: at five and six players in Hard read a
    rival's raise past the round's opening as its count plus its share of the
    dice it cannot see, though the raise followed the bids before it, so the
    earlier bids counted twice: the standing bids it raised over, read 70-99%
    true, came true 58-85% against bidders who raise to the edge of what the
    table holds.  Against five of the tuning half's ``Overbidder`` over 100
    seeded games (seed 1) Hard now wins more than a fair share (16.7%): 21.0%
    here, 12.0% on main."""
    rep = _league().run_row("ld-overbidder-5", "tuning", 100, seed=1)
    assert rep.wins / rep.seat_games > 1 / 6
