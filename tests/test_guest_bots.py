"""Bots from outside the project (``game.core.guest_bots``): ``sim`` and
``ai-report`` seat ``FILE.py:Class`` where a level goes, so anyone can check
issue 12's "the same holds against any other reasonable bot" with their own."""
import subprocess
import sys
import textwrap

import pytest

from game.core.guest_bots import GuestBotError, load_bot
from game.core.match import Match
from game.games.bidding.rivalbook import RivalBook, everyone_key
from game.core.sim import rotated_table, run_sim, seat_guests
from tests.reference_bot import SPEC as REFERENCE

CAUTIOUS = """
from game.core.agents import Agent
from game.games.bidding.bids import Bid, Call


class Cautious(Agent):
    '''Raises the standing bid by one while a raise is legal, calls at 4+.'''

    def act(self, view, legal):
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda b: (b.quantity, b.face))
        calls = [a for a in legal if isinstance(a, Call)]
        if calls and (not bids or bids[0].quantity >= 4):
            return calls[0]
        return bids[0] if bids else legal[0]


class Cheat(Agent):
    def act(self, view, legal):
        return Bid(99, 6)


class Crash(Agent):
    def act(self, view, legal):
        raise RuntimeError("boom")


class BadWatcher(Cautious):
    watches = True

    def watch(self, view):
        raise KeyError("lost")
"""


@pytest.fixture
def bots(tmp_path):
    path = tmp_path / "mybots.py"
    path.write_text(textwrap.dedent(CAUTIOUS))
    return str(path)


def test_a_file_bot_plays_a_series_and_replays_exactly(bots):
    a = run_sim("liars-dice", ["hard", f"{bots}:Cautious"], 12, seed=4)
    b = run_sim("liars-dice", ["hard", f"{bots}:Cautious"], 12, seed=4)
    assert a.to_json() == b.to_json()
    guest = a.by_level[f"{bots}:Cautious"]
    assert guest.games == 12 and a.by_level["hard"].games == 12
    assert a.by_level["hard"].wins + guest.wins == pytest.approx(12)


def test_a_bot_built_with_the_game_id_gets_it():
    bot = load_bot(REFERENCE).build(1, None, "roll-call")
    assert bot.spot_of.__module__ == "game.games.roll_call.ai"


@pytest.mark.parametrize("spec, needle", [
    ("nofile.py:Bot", "there is no file"),
    ("justaname", "FILE.py:Class"),
    ("{bots}:Missing", "has no class Missing"),
    ("{bots}:", "FILE.py:Class"),
    ("no.such.module:Bot", "loading no.such.module failed"),
])
def test_a_bot_that_cannot_load_says_why(bots, spec, needle):
    with pytest.raises(GuestBotError, match=needle):
        load_bot(spec.format(bots=bots))


def test_a_file_that_does_not_compile_says_why(tmp_path):
    bad = tmp_path / "broken.py"
    bad.write_text("def act(:\n")
    with pytest.raises(GuestBotError, match="loading .*broken.py failed: SyntaxError"):
        load_bot(f"{bad}:Bot")


@pytest.mark.parametrize("name, needle", [("Cheat", "not one of the legal actions"), ("Crash", "raised RuntimeError"),
                                          ("BadWatcher", "raised KeyError.*while watching")])
def test_a_bot_that_breaks_the_rules_stops_the_run_naming_it(bots, name, needle):
    with pytest.raises(GuestBotError, match=f"{name}.*{needle}"):
        run_sim("liars-dice", ["hard", f"{bots}:{name}"], 3, seed=1)


def test_a_player_keeps_its_seat_name_in_every_chair(bots):
    """The rival memory keys a rival by seat name: the same bot must be the same
    rival whichever chair the rotation gives it."""
    guests = {f"{bots}:Cautious": load_bot(f"{bots}:Cautious")}
    levels = ["hard", "bluffer", f"{bots}:Cautious"]
    names = set()
    for g in range(3):
        seat_levels, seats = rotated_table(levels, g, guests)
        chair = seat_levels.index("bluffer")
        assert chair == (1 + g) % 3
        names.add((seats[chair].name, seats[seat_levels.index(f"{bots}:Cautious")].name))
    assert names == {("bluffer-1", "Cautious-2")}


def test_the_book_meets_one_rival_per_player_across_a_series(bots):
    book = RivalBook()
    guests = {f"{bots}:Cautious": load_bot(f"{bots}:Cautious")}
    for g in range(6):
        seat_levels, seats = rotated_table(["hard", f"{bots}:Cautious"], g, guests)
        match = Match("liars-dice", seats, None, seed=100 + g, book=book)
        seat_guests(match, seat_levels, guests)
        assert type(match.agents[seat_levels.index(f"{bots}:Cautious")]).__name__ == "Cautious"
        match.play_out()
        book.absorb(match)
    assert set(book.rivals) == {"liars-dice/hard/ai-easy:Cautious-1", everyone_key("liars-dice", "hard")}
    assert book.rivals["liars-dice/hard/ai-easy:Cautious-1"].seen == 6


def test_a_game_ai_seated_as_a_guest_plays_without_the_book():
    """Even a class that remembers rivals (the game's own Hard) is seated without the
    book: the book was handed out before the guest took the seat."""
    book = RivalBook()
    spec = "game.games.liars_dice.ai:HardAgent"
    guests = {spec: load_bot(spec)}
    seat_levels, seats = rotated_table(["hard", spec], 0, guests)
    match = Match("liars-dice", seats, None, seed=5, book=book)
    seat_guests(match, seat_levels, guests)
    assert type(match.agents[1]).__name__ == "HardAgent" and not match.agents[1].remembers
    match.play_out()
    book.absorb(match)
    assert set(book.rivals) <= {"liars-dice/hard/ai-easy:HardAgent-1", everyone_key("liars-dice", "hard")}


def test_the_command_line_seats_a_file_bot(bots):
    out = subprocess.run([sys.executable, "-m", "game", "ai-report", "--game", "liars-dice", "--level", "hard",
                          "--opponents", f"{bots}:Cautious", "--games", "4", "--seed", "3"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "hard vs Cautious, 4 games" in out.stdout


@pytest.mark.parametrize("command", [["sim", "--players"], ["ai-report", "--level", "hard", "--opponents"]])
def test_the_command_line_names_a_bad_bot_in_one_line(command):
    out = subprocess.run([sys.executable, "-m", "game", command[0], "--game", "roll-call", *command[1:],
                          ("hard," if command[0] == "sim" else "") + "missing_bots.py:Anchor"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "there is no file missing_bots.py" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_a_bot_that_breaks_the_rules_ends_the_command_with_a_message(bots):
    out = subprocess.run([sys.executable, "-m", "game", "sim", "--game", "liars-dice", "--players",
                          f"hard,{bots}:Crash", "--games", "2"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert "sim stopped:" in out.stderr and "Crash raised RuntimeError('boom')" in out.stderr
    assert "Traceback" not in out.stderr
