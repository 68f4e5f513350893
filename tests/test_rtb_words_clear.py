"""Roll the Bones: no die lies on the table's words for longer than a glance
(issue 39), in the two situations the slow whole-game layout check found.

* At 2 seats a won pot's haul streamed from the centre tray to the taker's
  pile straight across the pot's count and the round's status line (then
  under the tray), a die every 0.06 s, for longer than a glance.
* At 6 seats with side pots, thrown dice landed on a side pot's title, its
  count and its "for ..." line: no landing place was free, and the table
  fell back to its first one.

Each table starts from piles laid out for the case (the game's own starting
state with dice moved into the centre, so the log and undo agree with it)
and is played through its table with the layout recorder on, as
``test_layout_check`` plays a game."""
from __future__ import annotations

import pytest

from game.core.match import Match
from game.games.roll_the_bones import rules
from tests.test_layout_check import _seats, play_match

REDUCED_MOTION = False


def start_with_piles(monkeypatch, six_siders: list[int]) -> None:
    """Each new game starts with seat p holding ``six_siders[p]`` six-siders
    and its bone, every other die lying in the centre pot."""
    fresh = rules.BonesState

    def laid_out(game):
        state = fresh(game)
        for seat, keep in enumerate(six_siders):
            given = state.collections[seat][keep:-1]
            state.collections[seat] = [d for d in state.collections[seat] if d not in given]
            state.pots[0] += given
        state._start_round()   # antes and side pots for the piles as they are now
        return state

    monkeypatch.setattr(rules.RollTheBonesGame, "new_initial_state", laid_out)


def _played(app, seats: int, seed: int, rolls: int):
    match = Match("roll-the-bones", _seats("roll-the-bones", seats), None, seed)
    watch = play_match(app, match, 4000, seed, until=lambda: len(match.state.results_log) >= rolls)
    assert len(match.state.results_log) >= rolls, "the table played its rolls"
    return watch


def test_a_won_haul_flies_round_the_words_at_two_seats(app, monkeypatch):
    """16 dice in the centre at 2 seats: the first roll's winner takes them
    all, and they fly to the pile without lying on a word for a glance."""
    app.settings.reduced_motion = False
    start_with_piles(monkeypatch, [3, 3])
    watch = _played(app, 2, 3, 2)
    assert not watch.lasting, "\n".join(watch.lasting.values())


@pytest.mark.parametrize("seed", [5, 11, 12])
def test_thrown_dice_land_clear_of_the_side_pots_at_six_seats(app, monkeypatch, seed):
    """Six seats, three of them short (side pots with four names), a crowded
    centre: every throw lands clear of every pot's and pile's words.  Seed 12
    also asks a human to ante over two rows of buttons: the ante note over the
    question then met the bottom-right seat's nameplate ("9 dice"), and goes
    beside the question instead.  Seed 5 ties three ways: the "Tiebreak!"
    banner lay on a rolled bone (a rolled die lying in an empty side pot's
    place was taken for a won haul, and the banner gave way to it)."""
    app.settings.reduced_motion = False
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    watch = _played(app, 6, seed, 2)
    assert not watch.lasting, "\n".join(watch.lasting.values())


def test_the_layout_walk_watches_on_once_the_human_is_out(app, monkeypatch):
    """The slow whole-game walk at 6 seats stood still for good once its
    human went out: the "You are out" card waits for a choice and the walk
    never made one.  It now watches on (Space), so the game plays on."""
    app.settings.reduced_motion = False
    start_with_piles(monkeypatch, [0, 10, 10])   # you hold your bone only: your first roll may be your last
    match = Match("roll-the-bones", _seats("roll-the-bones", 3), None, 5)
    out_at: list[int] = []

    def played_on() -> bool:
        if match.state.out_event[0] is not None and not out_at:
            out_at.append(len(match.history))
        return bool(out_at) and len(match.history) >= out_at[0] + 6

    play_match(app, match, 6000, 5, until=played_on)
    assert out_at, "you went out"
    assert match.is_over or len(match.history) >= out_at[0] + 6, "the table played on after you went out"


def start_late(monkeypatch, keep: dict[int, tuple[int, int]], starter: int) -> None:
    """Each new game starts late in play: seat p keeps ``keep[p]`` (six-siders,
    bones; the dice of the seat named first have the lowest ids, so they go
    first in a heap) and every other seat is out (the ante risen one for each); every
    other die lies in the centre pot.  The round starts at ``starter``."""
    fresh = rules.BonesState

    def laid_out(game):
        state = fresh(game)
        every = [d for pile in state.collections for d in pile]
        state.collections = [[] for _ in range(state.n)]
        for seat, (sixes, bones) in keep.items():
            state.collections[seat] = [d for d in every if not state.is_bone(d)][:sixes] + \
                [d for d in every if state.is_bone(d)][:bones]
            every = [d for d in every if d not in state.collections[seat]]
        state.pots = [every]
        state.out_event = [None if seat in keep else 1 for seat in range(state.n)]
        state.events = state.eliminations = state.n - len(keep)
        state.starter = starter
        state._start_round()
        return state

    monkeypatch.setattr(rules.RollTheBonesGame, "new_initial_state", laid_out)


def test_antes_opening_a_side_pot_fly_round_its_title(app, monkeypatch):
    """Six seats, three out (ante 4), you short of an ante: the top seat's
    ante opens a side pot, and the forced ante of the seat after it follows.
    Their dice came down straight across the new pot's "Side pot" title for
    longer than a glance (seed 8, round 9 of the slow whole-game walk): each
    die's way was bent round the words drawn the frame before, when the pot
    was not on the table yet.  They now bend round the labels of every pot
    they land in, as that pot will draw them."""
    app.settings.reduced_motion = False
    start_late(monkeypatch, {3: (40, 4), 0: (0, 1), 2: (6, 0)}, starter=3)   # the top seat's dice first in the heap
    match = Match("roll-the-bones", _seats("roll-the-bones", 6), None, 8)
    assert match.state.amounts == {3: 4, 0: 0, 2: 4} and len(match.state.pots) == 2, "a side pot opens at the top seat's ante"
    watch = play_match(app, match, 2000, 8, until=lambda: len(match.state.results_log) >= 1)
    assert match.state.results_log, "the table played its roll"
    assert not watch.lasting, "\n".join(watch.lasting.values())
