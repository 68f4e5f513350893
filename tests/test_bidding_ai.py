"""Shared bidding-AI machinery: the belief update (checked against brute force),
learning from reveals, sparring partners and the ai-report tool."""
import dataclasses
import itertools
import math
import random

import pytest

from game.core.agents import SPARRING
from game.games.bidding.bids import Bid, Call, count_matching
from game.games.bidding.spot import BidSpot, TableReader
from game.core.match import Match, Seat
from game.dev.ai_report import run_report
from game.core.sim import run_sim

FACES = (1, 2, 3, 4, 5, 6)


def spot(bids, dice=(2, 2), hand=(3, 4), wild=1, fixed=False, round_no=1, reveal=None):
    return BidSpot(me=0, hand=hand, dice=dice, faces=FACES, wild=wild, bids=tuple(bids),
                   round_no=round_no, legal=(), fixed_face=fixed, next_player=1, reveal=reveal)


def brute_force(n, bids, face, wild, w, beta, total, forced=(), F=6, slope=1.2):
    """Posterior over matches of ``face`` among ``n`` dice by enumerating every
    hand: prior uniform over 6^n hands; if the player chose ``face`` (highest
    bid on it q) the hand's weight is multiplied by w * P_h * L_q + (1 - w) / F
    with P_h = e^(b k) / E[e^(b K)] / F (b = beta/sqrt n) and L_q = 1 unless
    q exceeds k + the mean of the other dice + 1/2, then e^(-slope * excess);
    each other face chosen multiplies by w * (1 - P_h(face)) / (F - 1) + (1 - w) / F;
    a bid forced onto the face (Palifico) by w * L_q + (1 - w)."""
    b = beta / math.sqrt(n)
    p_f = 1 / 6 if (wild is None or face == wild) else 2 / 6
    faces_chosen = [f for _q, f in bids]
    top = max([q for q, f in list(bids) + list(forced) if f == face], default=None)

    def l_q(k):
        if top is None:
            return 1.0
        over = top - k - (total - n) * p_f - 0.5
        return 1.0 if over <= 0 else math.exp(-slope * over)

    def p_h(f, k):
        p = 1 / 6 if (wild is None or f == wild) else 2 / 6
        mean = sum(math.comb(n, j) * p**j * (1 - p)**(n - j) * math.exp(b * j) for j in range(n + 1))
        return min(0.999, math.exp(b * k) / mean / F)
    post = [0.0] * (n + 1)
    for hand in itertools.product(FACES, repeat=n):
        k = count_matching(hand, face, wild)
        like = 1.0
        if face in faces_chosen:
            like *= w * p_h(face, k) * l_q(k) + (1 - w) / F
        else:
            if top is not None:
                like *= w * l_q(k) + (1 - w)
            for f in faces_chosen:
                like *= w * (1 - p_h(face, k)) / (F - 1) + (1 - w) / F
        post[k] += like
    z = sum(post)
    return [x / z for x in post]


@pytest.mark.parametrize("bids,face,wild,chosen,forced", [
    ([(1, 2, 5)], 5, 1, [(2, 5)], []),            # one bid on fives: fives (and ones) likelier
    ([(1, 4, 5)], 5, 1, [(4, 5)], []),            # a high bid says more
    ([(1, 2, 5)], 3, 1, [(2, 5)], []),            # ... and threes a little less likely
    ([(1, 2, 5), (0, 3, 5), (1, 4, 6)], 6, 1, [(2, 5), (4, 6)], []),  # two faces chosen
    ([(1, 1, 4)], 4, None, [(1, 4)], []),         # Palifico opening: no wilds
    ([(0, 1, 4), (1, 3, 4)], 4, None, [], [(3, 4)]),  # Palifico raise: face forced, quantity tells
])
def test_posterior_matches_brute_force(bids, face, wild, chosen, forced):
    reader = TableReader(beta=4.0, prior_w=0.6)
    s = spot(bids, wild=wild, fixed=wild is None, dice=(2, 3))
    reader.observe(s)
    got = reader.player_pmf(s, 1, face)
    want = brute_force(3, chosen, face, wild, 0.6, 4.0, total=5, forced=forced)
    assert got == pytest.approx(want, abs=1e-9)


def test_one_die_palifico_opening_is_read_as_likely_true():
    """Palifico: "openers usually hold the face" - a one-die opening on sixes
    makes the opener's die a six far above the 1/6 prior."""
    reader = TableReader()
    s = spot([(1, 1, 6)], dice=(1, 1), hand=(2,), wild=None, fixed=True)
    reader.observe(s)
    assert reader.player_pmf(s, 1, 6)[1] > 0.55
    # ...but later bids in a Palifico round are forced onto the face: no evidence.
    s2 = spot([(1, 1, 6), (0, 2, 6), (1, 3, 6)], dice=(1, 1, 1), hand=(2,), wild=None, fixed=True)
    reader2 = TableReader()
    reader2.observe(s2)
    assert reader2.player_pmf(s2, 2, 6) == pytest.approx([5 / 6, 1 / 6])


def test_reveals_teach_who_bluffs():
    """A player caught bidding faces they never hold loses the reader's trust;
    one who always holds the face gains it."""
    reader = TableReader()
    w0 = reader.model(1).w
    for r in range(1, 6):
        s = spot([(1, 2, 5), (0, 3, 5)], round_no=r,
                 reveal=(r - 1, ((3, 4), (2, 3)), 1, (0, 3, 5)) if r > 1 else None)
        reader.observe(s)
    bluffer = reader.model(1).w
    honest_reader = TableReader()
    for r in range(1, 6):
        s = spot([(1, 2, 5), (0, 3, 5)], round_no=r,
                 reveal=(r - 1, ((3, 4), (5, 5)), 1, (0, 3, 5)) if r > 1 else None)
        honest_reader.observe(s)
    assert bluffer < w0 - 0.15 < w0 + 0.15 < honest_reader.model(1).w


def test_a_player_who_never_calls_is_learned_in_every_fifth():
    """Answers to bids that looked 20-60% true teach that a player never calls, and
    that carries to the bids that look hopeless, which they were never shown
    (learned per fifth alone, those stayed near the prior's 92%); one call
    brings the per-fifth reading back."""
    from game.games.bidding.spot import PRIOR_CALLS, PlayerModel
    stranger = PlayerModel()
    assert stranger.call_chance(0) == pytest.approx(0.95 * PRIOR_CALLS[0] + 0.05 * 0.01)
    silent = PlayerModel()
    for fifth in (1, 2) * 5:   # ten raises, none called, of bids 20-60% true from their seat
        silent.learn_answer(fifth, called=False)
    assert silent.call_bins[0] == [3 * PRIOR_CALLS[0], 3.0], "no answer was seen in the first fifth"
    assert silent.call_chance(0) < 0.1 < 0.5 < silent.call_bins[0][0] / silent.call_bins[0][1]
    silent.learn_answer(0, called=True)
    assert silent.call_chance(0) > 0.8
    # a player who calls what looks false is never taken for a silent one
    caller = PlayerModel()
    for fifth, called in ((4, False), (3, False), (1, True), (4, False), (2, False), (0, True)):
        caller.learn_answer(fifth, called)
    for fifth in range(5):
        calls, seen = caller.call_bins[fifth]
        assert caller.call_chance(fifth) == pytest.approx(calls / seen, abs=1e-3)


def test_hard_takes_its_share_against_three_never_callers():
    """1 Hard + 3 players who never call (Roll Call): only Hard risks challenges,
    so it must learn that raising is safe and call only the plainly false (it
    won 19% of 1,000 games, under the 25% fair share, before
    ``PlayerModel.learn_answer``; the 2,000-game figure is in the README)."""
    res = run_sim("roll-call", ["hard", "silent", "silent", "silent"], 60, seed=4)
    assert res.by_level["hard"].win_rate >= 0.3


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
@pytest.mark.parametrize("style", SPARRING)
def test_sparring_partners_play_legal_games(game, style):
    for seed in range(3):
        match = Match(game, [Seat("A", "ai", style), Seat("B", "ai", "hard"), Seat("C", "ai", style)], seed=seed)
        match.play_out()
        assert match.is_over


def test_sparring_styles_differ():
    """The caller calls far more readily than the bluffer."""
    rep_c = run_report("liars-dice", "caller", ["normal"], 30, seed=3)
    rep_b = run_report("liars-dice", "bluffer", ["normal"], 30, seed=3)
    calls_c = len(rep_c.calib["call"]) / max(1, len(rep_c.held))
    calls_b = len(rep_b.calib["call"]) / max(1, len(rep_b.held))
    assert calls_c > 2 * calls_b
    # the bluffer's bids hold barely more of the face than no information
    assert rep_b.to_json()["honesty"]["excess"] < rep_c.to_json()["honesty"]["excess"]


def test_ai_report_records_decisions():
    rep = run_report("liars-dice", "hard", ["reader"], 12, seed=5).to_json()
    assert rep["honesty"]["bids"] > 20 and rep["decision_ms"]["n"] > 20
    assert sum(r["n"] for r in rep["calibration"]["call"]) + sum(r["n"] for r in rep["calibration"]["jinto"]) >= 10
    rc = run_report("roll-call", "hard", ["caller", "caller"], 6, seed=5).to_json()
    assert rc["honesty"]["bids"] > 10


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_hard_beats_sparring_small(game):
    """A short seeded check (loose bound; the full figures: README AI strength)."""
    for style in ("reader", "bluffer"):
        res = run_sim(game, ["hard", style], 60, seed=21)
        assert res.by_level["hard"].win_rate > 0.4, style


def _roll_call(hands, bids):
    from game.core.protocol import CHANCE, RollResult
    from game.games import make_game
    state = make_game("roll-call", len(hands)).new_initial_state()
    state = state.apply(CHANCE, RollResult(tuple(map(tuple, hands))))
    for player, action in bids:
        state = state.apply(player, action)
    return state


def test_roll_call_hard_calls_out_of_turn_only_when_it_pays():
    """Text: "If you are wrong, you must lose TWO dice" - Hard calls out of turn
    an impossible-looking bid, never one its own dice make true."""
    from game.games.roll_call.ai import make_agent
    from game.games.roll_call.rules import CallOutOfTurn
    hands = [(2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (3, 3, 4, 4, 5)]
    absurd = _roll_call(hands, [(0, Bid(12, 6))])      # seat 1 to act, seat 2 may interject
    hard = make_agent("hard", 2, random.Random(0))
    hard.seat_names = ("Ada", "Bram", "Cy")
    assert hard.interject(absurd.view(2), absurd.legal_actions(2)) == CallOutOfTurn()
    assert "Ada" in hard.explain() and hard.last_decision.kind == "oot" and hard.last_decision.p < 0.05
    sure = _roll_call(hands, [(0, Bid(2, 4))])          # seat 2 holds two fours itself
    assert make_agent("hard", 2, random.Random(0)).interject(sure.view(2), sure.legal_actions(2)) is None


def test_why_line_names_seats_and_numbers():
    from game.games.liars_dice.ai import make_agent as ld_agent
    from game.games import make_game
    from game.core.protocol import CHANCE, RollResult
    state = make_game("liars-dice", 2).new_initial_state()
    state = state.apply(CHANCE, RollResult(((2, 3, 4), (6, 6, 2))))
    state = state.apply(0, Bid(6, 5))
    agent = ld_agent("hard", 1, random.Random(1))
    agent.seat_names = ("Mags", "Bram")
    assert agent.act(state.view(1), state.legal_actions(1)) == Call()
    why = agent.explain()
    assert "Mags" in why and "%" in why and agent.last_decision.kind == "call"


def _bid_why_lines(game_id, level, seed, games_n=4):
    """(why line, decision) of every bid the AI at ``level`` (seat 0) makes
    against two Hard AIs."""
    out = []
    for g in range(games_n):
        seats = [Seat("Mags", "ai", level), Seat("Old Tom", "ai", "hard"), Seat("Bertha", "ai", "hard")]
        match = Match(game_id, seats, None, seed + g)
        while match.step():
            player, action = match.history[-1]
            if player == 0 and isinstance(action, Bid):
                out.append((match.explain(0), match.agents[0].last_decision))
    return out


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_normal_why_line_states_only_the_numbers_its_bid_used(game_id):
    """Issue: "The why line names seats by their names and states the numbers the
    decision used".  QA 13: Normal said "Bertha calls it about 100% of the time"
    for every bid: Normal values a bid as if it is always called (no call model),
    so its line gives the chance the bid is true and no call rate; Hard, which
    weighs the next player's learned call chance, states it."""
    normal = _bid_why_lines(game_id, "normal", 3)
    assert normal
    for why, decision in normal:
        assert "of the time" not in why, why
        assert why.endswith(f": {decision.p:.0%} true as I read the table."), why
    hard = [why for why, _d in _bid_why_lines(game_id, "hard", 3)]
    assert any(" it about " in why and "of the time" in why for why in hard)
    assert not all(" it about 100% " in why for why in hard if " it about " in why)


@pytest.mark.parametrize("game,opponent", [("liars-dice", "reader"), ("roll-call", "reader"),
                                           ("roll-call", "binomial")])
def test_hard_bid_mix_hides_the_hand(game, opponent):
    """Issue 12: "Hard's bids hold at most 0.25 dice more of the bid face than
    the no-information baseline" (a short seeded run; the 2,000-game figures of
    every table are in the README).  Without the priced mix (always the face
    of best value) the same games lean far more."""
    import dataclasses
    import importlib

    ai = importlib.import_module(f"game.games.{game.replace('-', '_')}.ai")
    mixed = run_report(game, "hard", [opponent], 60, seed=4).to_json()["honesty"]
    assert mixed["excess"] <= 0.25
    original = ai.HARD_STYLE
    try:
        ai.HARD_STYLE = dataclasses.replace(original, lean=None, conceal=0.0)
        plain = run_report(game, "hard", [opponent], 60, seed=4).to_json()["honesty"]
    finally:
        ai.HARD_STYLE = original
    assert plain["excess"] > mixed["excess"] + 0.3


def test_priced_face_charges_the_lean_and_follows_it():
    """``priced_face``: a face's value minus ``price`` per die of it held above
    a blind hand's share (Roll Call: 5 dice, a die counts with 1/3); the price
    rises after a bid on a face I hold much of and falls after one I lack."""
    from game.games.bidding.brain import BidBrain, Style
    hand = (2, 2, 2, 3, 4)   # three twos (lean 3 - 5/3), no five (lean -5/3)
    s = BidSpot(me=0, hand=hand, dice=(5, 5), faces=(2, 3, 4, 5, 6), wild=1, bids=(),
                round_no=1, legal=(), next_player=1)
    cands = {2: (0.5, Bid(3, 2), 0.9, 0.2), 5: (0.3, Bid(3, 5), 0.5, 0.4)}
    style = Style(lean=0.1, lean_price=0.4, lean_step=0.05)
    brain = BidBrain(TableReader(), style)
    assert brain.priced_face(s, cands) == 5          # 0.5 - 0.4 * 4/3 < 0.3 + 0.4 * 5/3
    landed = dataclasses.replace(s, bids=((0, 3, 5),))
    brain.note_own_bid(landed)                       # the price moves when my bid lands
    assert brain.lean_price == pytest.approx(0.4 + 0.05 * (-5 / 3 - 0.1))
    brain.note_own_bid(landed)                       # ... once per bid, however often I watch
    assert brain.lean_price == pytest.approx(0.4 + 0.05 * (-5 / 3 - 0.1))
    brain.lean_price = 0.05
    assert brain.priced_face(s, cands) == 2          # cheap lean: the better face
    brain.note_own_bid(dataclasses.replace(s, bids=((0, 3, 5), (1, 4, 3), (0, 5, 2))))
    assert brain.lean_price == pytest.approx(0.05 + 0.05 * (4 / 3 - 0.1))
    brain.note_own_bid(dataclasses.replace(s, bids=((0, 3, 5), (1, 4, 3))))   # a rival's bid: no change
    assert brain.lean_price == pytest.approx(0.05 + 0.05 * (4 / 3 - 0.1))


def test_the_lean_price_starts_by_the_tables_size():
    """A best-value face leans far less at a crowded table than heads-up, so
    the price starts at ``crowd_lean_price`` at 3+ seats (Roll Call's Hard:
    0.1, against 0.4 heads-up, which had held its 4-seat bids at a lean of
    -0.14 to -0.20 and lost to three players who trust every bid; 0.25 still
    chose the face of raises over their value, issue 40, sixteenth session).  Kept for
    the game, by the seats at the table, so Continue starts from it too."""
    from game.games.bidding.brain import BidBrain, Style
    from game.games.roll_call.ai import HARD_STYLE
    assert HARD_STYLE.crowd_lean_price == 0.1 and HARD_STYLE.lean_price == 0.4
    hand = (2, 2, 2, 3, 4)
    cands = {2: (0.5, Bid(3, 2), 0.9, 0.2), 5: (0.3, Bid(3, 5), 0.5, 0.4)}
    style = Style(lean=0.1, lean_price=0.4, lean_step=0.05, crowd_lean_price=0.05)
    for dice, price, face in (((5, 5), 0.4, 5), ((5, 5, 5, 5), 0.05, 2), ((5, 0, 5, 0), 0.05, 2)):
        s = BidSpot(me=0, hand=hand, dice=dice, faces=(2, 3, 4, 5, 6), wild=1, bids=(),
                    round_no=1, legal=(), next_player=1)
        brain = BidBrain(TableReader(), style)
        assert brain.priced_face(s, cands) == face, dice
        assert brain.lean_price == price, dice
        brain.priced_face(dataclasses.replace(s, dice=(5, 5)), cands)   # seats going out change nothing
        assert brain.lean_price == price
    unset = BidBrain(TableReader(), dataclasses.replace(style, crowd_lean_price=None))
    unset.priced_face(BidSpot(me=0, hand=hand, dice=(5, 5, 5, 5), faces=(2, 3, 4, 5, 6), wild=1, bids=(),
                              round_no=1, legal=(), next_player=1), cands)
    assert unset.lean_price == 0.4


@pytest.mark.parametrize("game,games,floor", [("liars-dice", 30, 0.55), ("roll-call", 16, 0.5)])
def test_hard_beats_an_independent_reference_bot_small(game, games, floor):
    """Hard against a bot written apart from the game's AI (tests/reference_bot.py),
    seeded and short; the 2,000-game figures are in the README."""
    from tests.reference_bot import play_vs_reference
    assert play_vs_reference(game, "hard", 1, games, seed=2) >= floor


@pytest.mark.slow
@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_full_targets(game):
    """The README's targets at 2000 seat-swapped games (slow)."""
    for style in SPARRING:
        assert run_sim(game, ["hard", style], 2000, seed=1).by_level["hard"].win_rate >= 0.55, style
        assert run_sim(game, ["hard", style, style, style], 2000, seed=1).by_level["hard"].win_rate >= 0.30, style
    assert run_sim(game, ["hard", "normal"], 2000, seed=1).by_level["hard"].win_rate >= 0.6
    assert run_sim(game, ["normal", "easy"], 2000, seed=1).by_level["normal"].win_rate >= 0.6


@pytest.mark.slow
@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_hard_beats_the_reference_bot_full(game):
    """Hard >= 55% heads-up and >= 30% at 4 seats against the independent reference bot."""
    from tests.reference_bot import play_vs_reference
    assert play_vs_reference(game, "hard", 1, 2000, seed=1) >= 0.55
    assert play_vs_reference(game, "hard", 3, 400, seed=1) >= 0.30


def _pinning_rounds(reader, rounds, pinned=True):
    """``rounds`` heads-up rounds of 3 dice each in which seat 1 opens on its
    best face at its count plus one (what it may count on among my 3 dice at a
    60% floor, as the league's honest bidders do), or (``pinned`` False) at
    its count plus a varying amount within the honest ceiling; each round's
    cups are lifted at the next round's start."""
    rng = random.Random(5)
    last = None
    for r in range(1, rounds + 1):
        theirs = tuple(rng.choice((2, 3, 4, 5, 6)) for _ in range(3))
        face = max(set(theirs), key=theirs.count)
        k = theirs.count(face)
        q = k + 1 if pinned else max(1, k + 1 - (r % 3))
        s = spot([(1, q, face)], dice=(3, 3), hand=(2, 4, 6), round_no=r, reveal=last)
        reader.observe(s)
        last = (r, ((2, 4, 6), theirs), 0, (1, q, face))
    return s


def test_a_bidder_whose_quantity_pins_its_count_is_read_so_once_reveals_show_it():
    """Issue 40: the league's honest bidders name their count plus what is still
    60% likely among the dice they cannot see, and Jintos the one-sided reader
    put at 50-59% came true 92% of the time.  With a ``PinPrior`` the reader
    learns from reveals that this rival's quantity pins its count and reads
    "3 fives" from it as two fives; a rival whose quantities wander below its
    ceiling is not learned as pinned.  Without one the reading is unchanged."""
    from game.games.bidding.fit import fitted_reader
    from game.games.bidding.spot import PinPrior
    pinned, loose, plain = (fitted_reader("liars-dice") for _ in range(3))
    pinned.pin = loose.pin = PinPrior(weight=0.4)
    _pinning_rounds(pinned, 8)
    _pinning_rounds(loose, 8, pinned=False)
    _pinning_rounds(plain, 8)
    assert pinned.model(1).quantity_types()[0] < 0.1 < 0.6 < loose.model(1).quantity_types()[0]
    probe = spot([(1, 3, 5)], dice=(3, 3), hand=(2, 4, 6), round_no=9)
    for reader in (pinned, plain):
        reader.observe(probe)
    assert pinned.player_pmf(probe, 1, 5)[2] > 0.7 > 0.6 > plain.player_pmf(probe, 1, 5)[2]


def test_a_pin_prior_splits_over_its_floors_as_fitted():
    """``PinPrior.start``: a stranger's chances, loose and then the pinned weight
    split over the floors by the fitted shares (evenly without them)."""
    from game.games.bidding.spot import PinPrior, likely_share
    got = PinPrior(weight=0.25, floors=(0.5, 0.6), shares=(1.0, 3.0)).start()
    assert got == [pytest.approx(0.75), pytest.approx(0.0625), pytest.approx(0.1875)]
    assert PinPrior(weight=0.5, floors=(0.5, 0.6)).start() == [0.5, 0.25, 0.25]
    # what a bidder trusting its quantity to 60% counts on among 3, 5 and 9 dice (a match in three)
    assert [likely_share(n, 1 / 3, 0.6) for n in (3, 5, 9)] == [1, 1, 3]


def test_the_pin_fit_finds_the_populations_share_of_each_type():
    """``tools/pin_fit.py``: expectation-maximisation over the types' weights,
    each table weighing the same: a table whose openings the pinned type explains
    three times better and one where both types explain them alike give the
    pinned type more than half, a table of only loose-looking openings less."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import pin_fit
    pinned = {"a": [(1.0, [0.1, 0.3])] * 50, "b": [(1.0, [0.2, 0.2])] * 50}
    loose = {"a": [(1.0, [0.3, 0.1])] * 50}
    assert pin_fit.fit(pinned)[1] > 0.5 > pin_fit.fit(loose)[1]
    assert sum(pin_fit.fit(pinned)) == pytest.approx(1.0)


def test_roll_call_hard_weighs_an_out_of_turn_call_by_who_is_to_act():
    """Issue 40: "Roll Call out-of-turn calls weighed the same way" (as a bid is
    weighed by the next player's learned call habit).  A call out of turn gains
    only when the player to act would let a false bid through: Hard calls out
    of turn before a player who never calls where it waits for one who calls
    every doubtful bid, and its stated chance is the same either way."""
    from game.games.roll_call.ai import make_agent
    from game.games.roll_call.rules import CallOutOfTurn
    hands = [(2, 3, 4, 5, 6), (2, 3, 5, 5, 6), (3, 3, 5, 5, 6), (2, 2, 3, 5, 6)]
    decided = {}
    for q in range(5, 15):
        state = _roll_call(hands, [(0, Bid(q, 4))])      # seat 1 to act, seat 2 may interject
        for habit in ("never", "always"):
            hard = make_agent("hard", 2, random.Random(0))
            model = hard.brain.reader.model(1)
            model.call_bins = [[0.0, 50.0] if habit == "never" else [49.0, 50.0] for _ in model.call_bins]
            model.never_odds = 30.0 if habit == "never" else -30.0
            decided[q, habit] = (hard.interject(state.view(2), state.legal_actions(2)) == CallOutOfTurn(),
                                 hard.last_decision.p if hard.last_decision else None)
    assert any(decided[q, "never"][0] and not decided[q, "always"][0] for q in range(5, 15))
    assert not any(decided[q, "always"][0] and not decided[q, "never"][0] for q in range(5, 15))
    both = [q for q in range(5, 15) if decided[q, "never"][0] and decided[q, "always"][0]]
    assert all(decided[q, "never"][1] == decided[q, "always"][1] for q in both)


def test_a_crowded_draw_holds_each_places_expected_lean_to_its_target_either_way():
    """Issue 40, fifteenth session: at six seats one running price for every bid
    made Hard's new-face bids hold half a blind share of the face (values differ
    little between faces there, so the price chose the face the hand held
    least).  ``neutral_mix`` prices each place (opening, new face) so the draw's
    expected lean among that place's options is the target: charged when value
    leans towards the hand, paid when it leans away; each place keeps the weight
    value gave it, and raises on the face bid and the challenge (None) are left
    as they are."""
    from game.games.bidding.brain import mix_weights, neutral_mix
    options = [(0.35, "new 5s"), (0.25, "new 3s"), (0.15, "new 6s"), (0.29, "stay"), (0.2, "call")]
    leans = [1.33, -0.67, -1.67, 2.0, 0.0]
    places = ["new", "new", "new", None, None]

    def expected(weights):
        drawn = {what: w for w, what in weights}
        new = [(drawn.get(o[1], 0.0), lean) for o, lean, p in zip(options, leans, places) if p == "new"]
        return sum(w * lean for w, lean in new) / sum(w for w, _ in new)

    assert expected(mix_weights(options, 0.1)) > 0.25    # value alone leans towards my hand
    for target in (0.0, 0.1):
        assert expected(neutral_mix(options, leans, places, 0.1, target, 1.0)) == pytest.approx(target, abs=1e-4)
    away = [(v - 0.5 * lean if p else v, what) for (v, what), lean, p in zip(options, leans, places)]
    assert expected(mix_weights(away, 0.1)) < -0.5        # a price that chose the face held least (main's 6 seats)
    assert expected(neutral_mix(away, leans, places, 0.1, 0.0, 1.0)) == pytest.approx(0.0, abs=1e-4)
    stay = {what: w for w, what in neutral_mix(options, leans, places, 0.1, 0.0, 1.0)}
    plain = {what: w for w, what in mix_weights(options, 0.1)}
    assert stay["stay"] / stay["call"] == pytest.approx(plain["stay"] / plain["call"])   # unpriced
    kept = neutral_mix(options, leans, places, 0.1, 0.0, 1.0)
    share = {what: w / sum(w for w, _ in kept) for w, what in kept}
    plain_share = {what: w / sum(w for w, _ in mix_weights(options, 0.1)) for w, what in mix_weights(options, 0.1)}
    assert share["stay"] == pytest.approx(plain_share["stay"], abs=1e-6)   # each place keeps its weight
