"""The game log (issue 17): every game's actions told in players' words,
grouped by round, never a hidden die, on screen with L and a button, and a
"since your last move" summary."""
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import games
from game.core.match import Match, Seat
from game.core.narration import GameLog, plural, there
from game.core.protocol import CHANCE, RollResult
from tests.helpers import key, start_table

NAMES = ["Ada", "Mags", "Old Tom"]


def _played(game_id, seed=4):
    match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES], None, seed)
    match.play_out()
    log = GameLog(match.game.new_initial_state(), NAMES, games.narrator(game_id))
    log.sync(match.history)
    return match, log


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_decision_is_told_by_name_under_a_round(game_id):
    match, log = _played(game_id)
    told = {e.index for e in log.entries}
    for i, (player, action) in enumerate(match.history):
        if player != CHANCE and type(action).__name__ != "Roll":   # Roll For It!'s throw says it
            assert i in told, (i, action)
    assert all(e.round for e in log.entries)
    assert len(log.rounds()) >= 2
    text = " ".join(e.text for e in log.entries)
    for bad in ("None", "{", "[", "Player 0", "seat 0"):
        assert bad not in text
    assert any(n in text for n in NAMES)


def test_the_outcomes_players_ask_about_are_in_the_log():
    _m, log = _played("liars-dice")
    text = " ".join(e.text for e in log.entries)
    assert " bid " in text and ("called" in text or "Jinto" in text) and "lost a die" in text
    _m, log = _played("roll-the-bones")
    assert any("Pot shares:" in e.text and " took " in e.text for e in log.entries)
    _m, log = _played("roll-for-it")
    assert any("completed the" in e.text and "points" in e.text for e in log.entries)
    _m, log = _played("diced-out")
    rounds = [e.text for e in log.entries if e.text.startswith("Round ") and "scores" in e.text]
    assert len(rounds) == 4 and any(e.text.startswith("Final totals") for e in log.entries)


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_a_hidden_throw_reads_the_same_whatever_the_faces(game_id):
    """Hot-seat safety: the sentence for the cups' throw never depends on
    the dice under them."""
    match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES], None, 1)
    state = match.state
    request = state.chance_request()
    narrator = games.narrator(game_id)
    told = []
    for face in (2, 6):
        result = RollResult(tuple(tuple(face for _ in range(g.count)) for g in request.groups))
        told.append(narrator.narrate(state, CHANCE, result, state.apply(CHANCE, result), NAMES.__getitem__))
    assert told[0] == told[1] and told[0]


def test_words():
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"
    assert there(1) == "there was one" and there(0) == "there were no"


def test_a_shorter_history_starts_the_log_over():
    match, log = _played("roll-call")
    count = len(log.entries)
    log.sync(match.history[:5])
    assert 0 < len(log.entries) < count and max(e.index for e in log.entries) < 5


def _human_match(game_id, seed=3):
    seats = [Seat("You", "human")] + [Seat(n, "ai", "easy") for n in NAMES[1:]]
    return Match(game_id, seats, None, seed)


def test_log_panel_opens_with_l_and_button_and_holds_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    match = _human_match("roll-call")
    scene = start_table(app, match)
    app.run_frames(400)
    assert scene.game_log.entries
    app.feed(key(pygame.K_l))
    assert scene.log_panel.is_open
    moves = len(match.history)
    app.run_frames(600)
    assert len(match.history) == moves         # nothing moves while the log is read
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert not scene.log_panel.is_open and app.top is scene   # Esc closed the log, not the table
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.log_panel.BUTTON.center, button=1))
    assert scene.log_panel.is_open
    app.run_frames(2)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1))
    assert not scene.log_panel.is_open


def test_continued_game_has_the_whole_story(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    match = _human_match("liars-dice")
    while match.step():
        pass
    record = match.to_record()
    again = Match.from_record(record)
    scene = start_table(app, again)
    assert scene.game_log.entries and scene.game_log.entries[0].index == 0
    assert len({e.round for e in scene.game_log.entries}) == again.state.round_no


def test_since_your_last_move_after_several_ai_moves(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    from game.games.bidding.bids import Bid
    app = App(headless=True)
    match = _human_match("liars-dice", seed=8)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    assert scene.human_to_act() == 0
    bids = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
    assert scene.submit(0, min(bids, key=lambda b: (b.quantity, b.face)))
    assert scene.since.seat is None
    app.run_frames(3000, until=lambda a: scene.human_to_act() == 0)
    others = scene.game_log.since_last_turn(0)
    assert len(others) >= 2 and all(e.actor != 0 for e in others)
    assert scene.since.seat == 0 and scene.since.lines[-1] == others[-1].text


def test_since_card_folds_into_a_tab_and_the_table_then_rests(tmp_path, monkeypatch):
    """The card must not cover seats or cards for a whole turn: after a few
    seconds it folds into a one-line tab (hover opens it), and only then
    may the waiting table rest."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    import pygame
    from game.app import App
    from game.games.bidding.bids import Bid
    from game.ui import game_log
    app = App(headless=True)
    match = _human_match("liars-dice", seed=8)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    bids = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
    assert scene.submit(0, min(bids, key=lambda b: (b.quantity, b.face)))
    app.run_frames(3000, until=lambda a: scene.since.seat == 0)
    assert scene.since.unfolding and not scene.is_idle()
    card = pygame.Surface((1280, 720))
    scene.since.draw(card, scene.theme)
    app.run_frames(int(game_log.SUMMARY_SECONDS * 60) + 30)
    assert scene.since.seat == 0 and not scene.since.unfolding
    tab = pygame.Surface((1280, 720))
    scene.since.draw(tab, scene.theme)
    hovered = pygame.Surface((1280, 720))
    scene.since.draw(hovered, scene.theme, mouse=scene.since.tab_rect().center)
    below = pygame.Rect(0, scene.since.tab_rect().bottom + 4, 420, 60)

    def blank(surface):
        part = surface.subsurface(below)
        return pygame.mask.from_threshold(part, (0, 0, 0), (1, 1, 1, 255)).count() == below.w * below.h
    assert blank(tab)            # folded: nothing drawn below the tab
    assert not blank(card)       # the open card reached there
    assert not blank(hovered)    # hovering the tab opens it again
    assert scene.is_idle()


# --- "you" in the log (QA 13) ------------------------------------------------------

def _log_with_a_person(game_id, name, seed, players=3):
    """A finished game with one human seat 0 called ``name`` (its moves made by
    a sparring style) and its log as the table builds it (the seats' ``Voice``)."""
    import random
    from game.core.grammar import Voice
    style = "binomial" if game_id in ("liars-dice", "roll-call") else None
    seats = [Seat(name)] + [Seat(n, "ai", "normal") for n in NAMES[1:players]]
    match = Match(game_id, seats, None, seed)
    person = games.make_agent(game_id, style or "normal", 0, random.Random(seed))
    person.seat_names = tuple(s.name for s in seats)
    while not match.is_over:
        if not match.step():
            state = match.state
            move = person.interject(state.view(0), state.legal_actions(0)) if state.turn_player() != 0 else None
            match.apply(0, move or person.act(state.view(0), state.legal_actions(0)))
    log = GameLog(match.game.new_initial_state(), [s.name for s in seats], games.narrator(game_id),
                  words=Voice(seats))
    log.sync(match.history)
    return match, [e.text for e in log.entries]


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
@pytest.mark.parametrize("name", ["You", "Ann"])
def test_the_log_names_you_inside_a_sentence_in_lower_case(game_id, name):
    """QA 13: "(bid by You)" mid-sentence.  The lone human is "You" to start a
    sentence and "you" inside one, whatever name they typed."""
    found = False
    for seed in range(1, 6):
        _m, lines = _log_with_a_person(game_id, name, seed)
        text = " ".join(lines)
        assert "(bid by You)" not in text and f"(bid by {name})" not in text
        assert "for You." not in text and "You: calls" not in text
        found = found or "(bid by you)" in text
    assert found


def test_the_call_out_of_turn_label_reads_after_any_seat_name():
    """QA 13: the table's line "You: calls out of turn!".  An action's label is
    a shout after a seat's name ("Mags: call", "Mags: bid four fives"), so it
    agrees with "You" as well as with "Mags"."""
    from game.games.roll_call.rules import CallOutOfTurn
    assert CallOutOfTurn().label() == "call out of turn!"


def _exact_jinto(options, caller_dice):
    """Seat 0 bids three twos, seat 1 (``caller_dice`` dice) says Jinto: exactly right."""
    from game.games.liars_dice.rules import Jinto
    from game.games.bidding.bids import Bid
    game = games.make_game("liars-dice", 2, options)
    state = game.new_initial_state()
    state.dice = [3, caller_dice]
    hands = ((2, 1, 4), (2, 3, 4, 5)[:caller_dice])
    state = state.apply(CHANCE, RollResult(hands))
    state = state.apply(0, Bid(3, 2))
    return state, 1, Jinto(), state.apply(1, Jinto())


def test_a_right_jinto_at_full_dice_says_the_die_was_taken_not_won_back():
    """Rule text (liars-dice.txt): "If they are correct, they get 1 of the previous
    players' dice" and "This is the only way to gain more dice"; HOUSE-RULES: "the
    Jinto caller takes one die from the bidder (bidder -1, caller +1) ... No cap on
    dice gained".  QA 13: "Mags won a die back for the exact call" when Mags had
    never lost one: the log says the die was taken and the count it made."""
    from game.core.grammar import Voice
    narrator = games.narrator("liars-dice")
    seats = [Seat("Ann"), Seat("Mags", "ai", "hard")]
    before, player, action, after = _exact_jinto({"starting_dice": 3}, 3)
    assert after.dice == [2, 4]   # the engine follows the text: 3 + 1, above the start
    lines = narrator.narrate(before, player, action, after, Voice(seats))
    assert "You lost a die." in lines
    assert "Mags took that die for the exact Jinto and now has 4 dice." in lines
    assert not any("back" in line for line in lines)


def test_a_capped_right_jinto_says_the_caller_is_already_at_the_start():
    """HOUSE-RULES: "No cap on dice gained *(option: cap at the starting count)*";
    RULES.md: "a correct Jinto cannot take you above your starting dice; the bidder
    still loses the die".  With the cap on and the caller at the start, the log
    says so instead of a die won."""
    from game.core.grammar import Voice
    narrator = games.narrator("liars-dice")
    before, player, action, after = _exact_jinto({"starting_dice": 3, "jinto_cap": True}, 3)
    assert after.dice == [2, 3] and after.last_challenge.gainer is None
    lines = narrator.narrate(before, player, action, after, Voice([Seat("Ann"), Seat("Mags", "ai", "hard")]))
    assert "Mags is already at the starting 3 dice, so the die left the game (Jinto gains are capped)." in lines
    lines = narrator.narrate(before, player, action, after, Voice([Seat("Mags", "ai", "hard"), Seat("Ann")]))
    assert "You are already at the starting 3 dice, so the die left the game (Jinto gains are capped)." in lines


def test_a_capped_right_jinto_says_so_in_the_centre_too():
    """QA13: with *Cap Jinto gains* on, a right Jinto by a caller at the starting
    dice: the log said the die left the game, the table's centre only "You lose
    a die.".  The centre (the verdict after its first sentence) says it too;
    an uncapped Jinto still says the die was taken."""
    from game.core.grammar import Voice
    from game.games.liars_dice.bidtext import LiarsDiceText
    from game.games.liars_dice.rules import table_snapshot
    _before, _player, _action, after = _exact_jinto({"starting_dice": 3, "jinto_cap": True}, 3)
    reveal = table_snapshot(after).reveal
    centre = LiarsDiceText(Voice([Seat("Ann"), Seat("Mags", "ai", "hard")])).verdict(reveal).split(". ", 1)[1]
    assert centre == "Jinto! You lose a die. It leaves the game: Mags is at the starting 3 dice."
    centre = LiarsDiceText(Voice([Seat("Mags", "ai", "hard"), Seat("Ann")])).verdict(reveal).split(". ", 1)[1]
    assert centre == "Jinto! Mags loses a die. It leaves the game: you are at the starting 3 dice."
    _before, _player, _action, after = _exact_jinto({"starting_dice": 3}, 3)
    centre = LiarsDiceText(Voice([Seat("Ann"), Seat("Mags", "ai", "hard")])).verdict(table_snapshot(after).reveal)
    assert centre.split(". ", 1)[1] == "Jinto! Mags takes a die from you."


def test_other_games_name_you_inside_their_sentences():
    """Present-tense and mid-sentence names in the other logs agree with "you":
    "You start.", "the turn passed to you", "took a reroll from you"."""
    from game.core.grammar import Voice
    seats = [Seat("Ann"), Seat("Mags", "ai", "easy")]
    words = Voice(seats)
    for game_id in ("roll-for-it", "diced-out", "roll-the-bones"):
        match = Match(game_id, [Seat("Ann", "ai", "normal"), Seat("Mags", "ai", "normal")], None, 3)
        match.play_out()
        log = GameLog(match.game.new_initial_state(), ["Ann", "Mags"], games.narrator(game_id), words=words)
        log.sync(match.history)
        for line in (e.text for e in log.entries):
            assert "Ann" not in line and "You starts" not in line, (game_id, line)
            assert not re.search(r"(?<![.:!?]) You\b", line), (game_id, line)   # "You" only to start a sentence


def test_throwing_your_dice_puts_the_since_card_away(tmp_path, monkeypatch):
    """Diced Out: the throw is the human's move, though it reaches the match as
    the dice's roll; the "since" card must go then, not linger through the AIs'
    turns describing moves long past (QA s14: "Old Tom rolled 7 and marked it"
    while Tom was stamped Diced Out)."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    import pygame
    from game.app import App
    app = App(headless=True)
    match = _human_match("diced-out", seed=4)
    scene = start_table(app, match)
    for _ in range(6):   # the human's next throw with a card up
        app.run_frames(4000, until=lambda a: scene.waiting_thrower == 0 or scene.match.state.is_terminal())
        if scene.waiting_thrower == 0 and scene.since.seat == 0:
            break
        if scene.waiting_thrower == 0:
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        app.run_frames(4000, until=lambda a: scene.human_to_act() == 0 or scene.match.state.is_terminal())
        if scene.human_to_act() == 0:
            legal = scene.match.state.legal_actions(0)
            scene.submit(0, legal[-1])
    assert scene.waiting_thrower == 0 and scene.since.seat == 0, "no throw of yours came with a card up"
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert scene.since.seat is None and not scene.since.shown


def test_moves_the_rules_make_by_themselves_are_in_the_log():
    """Playtest (s16): Roll the Bones applies a forced ante and a forced "no
    bone" itself (a seat with one legal move; they are never in the record),
    and the log skipped them: it told only the record's actions.  Every move
    is told now, by the seat's name and in the same words as a chosen one,
    under the round it belongs to; and only once."""
    from game.games.roll_the_bones.rules import Ante, Declare
    match, log = _played("roll-the-bones")
    state = match.game.new_initial_state()
    antes, nones, forced = 0, 0, 0
    for player, action in match.history:
        state = state.apply(player, action)
        moves = [(player, action)] + list(state.automatic_moves())
        antes += sum(isinstance(a, Ante) for _p, a in moves)
        nones += sum(isinstance(a, Declare) and not a.bone for _p, a in moves)
        forced += len(state.automatic_moves())
    assert forced >= 3, "the seed plays forced antes and announcements"
    texts = [e.text for e in log.entries]
    assert sum(" anted " in t for t in texts) == antes
    assert sum(t.endswith(("said \u201cno bone\u201d.", "stayed with \u201cno bone\u201d.",
                           "switched to \u201cno bone\u201d."))
               for t in texts) == nones
    automatic = [e for e in log.entries if e.automatic]
    assert len(automatic) == forced
    for entry in automatic:
        assert entry.text.startswith(NAMES[entry.actor] + " ") and entry.round.startswith("Round ")
    # the seat's own last move still counts for "since your last move": a forced one is not a decision
    seat = automatic[-1].actor
    assert automatic[-1] in log.since_last_turn(seat)


def test_a_forced_ante_is_told_under_its_round_after_the_roll_that_led_to_it():
    """The exact line: seed 4 plays Mags's forced ante and "no bone" right
    after the roll that won Tom round 4 (Mags had only six-siders left)."""
    _match, log = _played("roll-the-bones")
    rounds = dict(log.rounds())
    told = [(e.text, e.automatic) for e in rounds["Round 5"]]
    said = "Mags said \u201cno bone\u201d."
    assert ("Mags anted 3 dice.", True) in told and (said, True) in told
    assert told.index(("Mags anted 3 dice.", True)) < told.index((said, True))


@pytest.mark.parametrize("seed", [4, 7])
def test_an_announcement_is_told_in_the_words_its_bubble_shows(seed):
    """Playtest s16: a seat's bubble said "no bone" while the game log told
    "Mags announced a six-sider." (a forced "no bone" or a chosen one), and a
    "bone!" was "announced the bone die".  The log tells every announcement,
    forced or chosen, first call or final, in the bubble's own words: 'Mags
    said “no bone”.', 'Old Tom switched to “bone!”'."""
    from game.games.roll_the_bones.felt import _bubble_text
    from game.games.roll_the_bones.rules import Declare
    match, log = _played("roll-the-bones", seed)
    state = match.game.new_initial_state()
    declares: list[tuple[int, bool, bool]] = []   # (seat, bone, forced)
    for player, action in match.history:
        if isinstance(action, Declare):
            declares.append((player, action.bone, False))
        state = state.apply(player, action)
        declares += [(p, a.bone, True) for p, a in state.automatic_moves() if isinstance(a, Declare)]
    assert any(forced for *_x, forced in declares) and any(not forced for *_x, forced in declares)
    assert any(bone for _p, bone, _f in declares) and any(not bone for _p, bone, _f in declares)
    told = [e for e in log.entries if "\u201c" in e.text]
    assert len(told) == len(declares), "one line for each announcement"
    for entry, (seat, bone, forced) in zip(told, declares):
        words = _bubble_text(bone, False)[0]
        assert entry.actor == seat and entry.automatic == forced
        assert f"\u201c{words}\u201d" in entry.text, (entry.text, words)
        assert entry.text.startswith(f"{NAMES[seat]} said ") or " with \u201c" in entry.text \
            or " to \u201c" in entry.text, entry.text
    texts = " ".join(e.text for e in log.entries)
    assert "announced" not in texts and "the bone die" not in texts


def test_the_table_says_a_forced_move_in_its_commentary(tmp_path, monkeypatch):
    """The running commentary says each forced move like a chosen one ("Mags antes")."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    app.settings.reduced_motion = True
    match = Match("roll-the-bones", [Seat(n, "ai", "normal") for n in NAMES], None, 4)
    scene = start_table(app, match)
    app.run_frames(60 * 600, until=lambda a: bool(match.state.automatic_moves()) or match.state.is_terminal())
    forced = match.state.automatic_moves()
    assert forced, "the seed plays a forced move"
    lines = [line.text for line in scene.log]
    for seat, move in forced:
        assert scene.move_line(seat, move) in lines


def test_the_commentary_speaks_of_moves_in_sentences_with_names():
    """Playtest s16: the commentary read "You: antes", "Mags: marks 5 free" and
    "takes a reroll from seat 3" (a seat number, not a name).  Moves read as
    sentences whose verbs agree, with seats by name; what a seat says too
    ("Mags says “bone!”": "Mags: bone!" beside "You ante" mixed two voices;
    every kind at a real table: tests/test_commentary_voice.py)."""
    from game.core.grammar import Voice
    from game.games.diced_out.rules import FreeMark, Penalise, SkipFreeMark
    from game.games.roll_the_bones.rules import Ante, Declare
    from game.ui.table_scene import TableScene
    words = Voice([Seat("You", "human"), Seat("Mags", "ai", "normal"), Seat("Bram", "ai", "hard")])

    class Table:
        seat_name = staticmethod(lambda seat: ["You", "Mags", "Bram"][seat])
    Table.words = words
    line = lambda seat, action: TableScene.move_line(Table, seat, action)   # noqa: E731
    assert line(0, Ante(0)) == "You ante"
    assert line(1, Ante(1)) == "Mags antes with 1 bone"
    assert line(1, Penalise(2)) == "Mags takes a reroll from Bram"
    assert line(2, Penalise(0)) == "Bram takes a reroll from you"
    assert line(0, FreeMark(5)) == "You mark 5 free"
    assert line(1, SkipFreeMark()) == "Mags skips the free mark"
    assert line(1, Declare(True)) == "Mags says \u201cbone!\u201d"
    assert line(0, Declare(False)) == "You say \u201cno bone\u201d"
