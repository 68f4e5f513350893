"""Every figure the coach shows says what it is (issue 39).

The issue: "The coach shows 'You called Old Tom's three sixes: 27% right'
under a green Good, with no sentence; by plain dice odds the call is 74%
right.  The 27% is the Hard AI's reading of Tom's bids, and nothing says so
... Units are never explained: '+0.03 dice', 'points a turn', 'expected
points'; Diced Out never says lower is better."  Each coach page names its
figures' unit once (a header over the column), says in a footnote what they
are, and where the Hard AI's chance and plain dice odds disagree, one
sentence says whose bids moved it."""
from __future__ import annotations

import re

import pytest

from game.app import App
from game.core import coach
from game.core.match import Match, Seat
from game.scenes.coach import CoachScene
from game.ui import layout_record


def _coached(game_id: str, seed: int = 7, players: int = 4) -> Match:
    """A finished game played by Normal AIs, reviewed as if seat 0 were a person."""
    seats = [Seat("You", "ai", "normal")] + [Seat(n, "ai", "hard") for n in ("Mags", "Old Tom", "Bertha")][:players - 1]
    match = Match(game_id, seats, None, seed)
    match.play_out()
    match.seats[0] = Seat("You", "human")
    return match


def _page_words(app, scene, index: int) -> list[str]:
    """The words drawn on the coach page for decision ``index``."""
    scene.index = index
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
        assert not layout_record.problems(record), layout_record.problems(record)
    return [box.text for box in record.of("text")]


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_a_chance_that_differs_from_plain_dice_odds_says_why(game_id):
    """Where the Hard AI's chance and the plain odds (own dice, a binomial for
    the hidden ones) differ by ten points, the page says both and whose bids
    moved it; where they agree it says nothing more."""
    entries = coach.CoachSession(_coached(game_id), 0).finish().entries
    told = 0
    for entry in entries:
        made = entry.advice.made
        if made.chance is None or made.plain is None:
            continue
        if abs(made.chance - made.plain) < 0.10:
            assert entry.advice.reading == ""
            continue
        told += 1
        reading = entry.advice.reading
        assert "By plain dice odds (your dice and " in reading, reading
        assert f"{100 * made.plain:.0f}% {made.odds.split()[-1]}" in reading, (reading, made.plain)
        assert reading.endswith(f"so the Hard AI reads it as {made.odds}."), reading
        assert re.search(r"(Mags|Old Tom|Bertha|memory)", reading), "it names whose bids moved the chance"
    assert told, "the seed has a decision where the two disagree"


def test_the_reading_names_the_bidder_and_the_face():
    """The issue's case: a call on a rival's sixes that plain dice odds make
    likely right, while that rival's bids make sixes likely in their cup."""
    from game.games.bidding.bids import Bid, Call
    from game.games.bidding.coach import BidCoach
    from game.core.coach import Choice
    from game.games.bidding.spot import BidSpot

    class _Coach(BidCoach):
        def __init__(self):   # only what ``reading`` reads
            self.seat, self.names = 0, ("You", "Tom")
            self.face_word = lambda face, q: {6: "sixes"}[face]

    spot = BidSpot(me=0, hand=(2, 3, 4), dice=(3, 3), faces=(2, 3, 4, 5, 6), wild=1,
                   bids=((1, 1, 6), (0, 2, 6), (1, 3, 6)), round_no=1, legal=(Call(), Bid(4, 6)))
    plain = 1 - spot.plain_chance(3, 6)
    made = Choice(Call(), "Call", -0.4, "27% right", 0.27, plain=plain)
    reading = _Coach().reading(spot, made, 6)
    assert reading == (f"By plain dice odds (your dice and three hidden) the call is {100 * plain:.0f}% right; "
                       "going by Tom's bids so far, Tom likely holds sixes, so the Hard AI reads it as 27% right.")


def _opened_coach_page(game_id):
    """A window showing the coach page of a finished seeded game, and its entries."""
    app = App(headless=True)
    scene = CoachScene(app, _coached(game_id))
    entries = scene.session.finish().entries
    app.start(scene)
    app.run_frames(3)
    return app, scene, entries


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call", "roll-the-bones", "roll-for-it", "diced-out"])
def test_every_coach_page_names_its_units_once_and_says_what_they_are(game_id):
    """The column header names the unit, the rows show bare figures (the unit
    is not repeated per row), the footnote explains; all drawn clear.  A page
    with no figures (Roll the Bones' antes) says what its bars are, never a
    unit it does not show ("Dice expected: ..." stood under two bare bars)."""
    from game.scenes.coach import BARS_ONLY
    app, scene, entries = _opened_coach_page(game_id)
    checked = 0
    for i, entry in enumerate(entries[:12]):
        scale = entry.advice.scale
        words = _page_words(app, scene, i)
        shown = [c for c in entry.advice.options if c.shown]
        if not shown:
            assert BARS_ONLY in " ".join(words) and scale.legend not in " ".join(words), words
            continue
        assert scale.legend in " ".join(words), ("the footnote, whole", scale.legend, words)
        checked += 1
        unit = scale.column
        assert sum(w == unit for w in words) == 1, (unit, words)
        for c in shown[:2]:
            assert c.shown in words and unit not in c.shown
    assert checked
    if game_id == "diced-out":
        assert "Lower is better" in coach.SCALES["points"].legend


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_a_verdict_that_the_moves_odds_seem_to_contradict_says_why(game_id):
    """Issue 39: "where the coach's verdict and plain dice odds disagree, one
    sentence says why".  Seen in a real window: "You bid two twos: 100% true"
    under an orange Questionable, "You bid four fours: 76% true" under a red
    Clear mistake, and nothing on the page said what was wrong with a bid
    that was likely true.  Each such page now says what the verdict weighed
    besides the odds, and draws it."""
    app, scene, entries = _opened_coach_page(game_id)
    told = 0
    for i, entry in enumerate(entries):
        a = entry.advice
        likely_but_faulted = (a.verdict in ("questionable", "mistake") and a.made.chance is not None
                              and a.made.chance >= 0.5 and not a.forced_verdict)
        unlikely_but_praised = (a.verdict in ("good", "fine") and a.made.chance is not None
                                and a.made.chance < 0.5 and not a.forced_verdict and len(a.options) > 1)
        if not (likely_but_faulted or unlikely_but_praised):
            assert a.why() == "", (a.move, a.why())
            continue
        told += 1
        why = a.why()
        if likely_but_faulted:
            assert a.best.text in why and f"{a.best.value - a.made.value:.2f} dice" in why, why
        else:
            assert why.startswith(f"Only {a.made.odds}, yet no other move was clearly better"), why
        drawn = " ".join(_page_words(app, scene, i))
        assert " ".join(why.split()[:4]) in drawn, ("the sentence is on the page", why, drawn)
    assert told, "the seed has a verdict that the odds seem to contradict"



def test_roll_for_it_coach_says_the_roll_as_it_fell_and_what_is_left():
    """Roll For It!: the second placement of a turn said "You rolled 1 3 5"
    when the player had rolled 1 1 3 5 6 6 and placed two (seen in a real
    window).  Each placement's "What you saw" names the whole roll of the
    turn and, once some of it is placed, the dice still to place; "keep the
    rest" reads as a move like the others in the options."""
    match = _coached("roll-for-it", seed=3, players=2)
    seen: dict[int, tuple[str, str]] = {}   # history index -> (the turn's whole roll, the dice left)
    state, roll = match.game.new_initial_state(), ""
    for index, (player, action) in enumerate(match.history):
        if player == 0 and state.phase == "place":
            seen[index] = (roll, " ".join(map(str, sorted(state.rolled))))
        state = state.apply(player, action)
        if state.phase != "place" or state.turn != 0:
            roll = ""
        elif not roll:
            roll = " ".join(map(str, sorted(state.rolled)))
    entries = [e for e in coach.walk(match, 0) if e.advice.kind == "placement"]
    assert any(seen[e.index][0] != seen[e.index][1] for e in entries), "no second placement in a turn coached"
    for entry in entries:
        whole, left = seen[entry.index]
        words = entry.advice.situation
        assert f"You rolled {whole}" in words, (words, whole)
        assert (f"still to place: {left}." in words) == (whole != left), (words, left)
    keeps = [c.text for e in entries for c in e.advice.options if type(c.key).__name__ == "KeepRest"]
    assert keeps and set(keeps) == {"keep the rest (end the turn)"}


def test_diced_out_coach_says_which_numbers_are_marked_not_how_many():
    """Diced Out's free-mark page said "Your sheet had 12 marked; open: 2 3
    ... 11", which reads as twelve numbers marked when only the 12 was; and
    its footnote spoke of "this keep" on a page about a free mark.  The
    page names the marked numbers as numbers ("Marked on your sheet: 12"),
    then the open ones, and the footnote speaks of "this move"."""
    app, scene, entries = _opened_coach_page("diced-out")
    marks = [i for i, e in enumerate(entries) if e.advice.kind == "free mark"]
    assert marks, [e.advice.kind for e in entries]
    for i in marks:
        words = " ".join(_page_words(app, scene, i))
        assert "Your sheet had" not in words and "this keep" not in words, words
        assert "Marked on your sheet: " in words or "Nothing marked on your sheet yet" in words, words
        assert "still open: " in words, words
