"""The "since your last move" card's title stays on the card (issue 39).

At a shared screen the card says whose it is: "WWWWWWWWWWWWWWWW: since your
last move" with a 16-letter name (the most a name takes) is 423 pixels of
bold words, and the card is 420 wide (Roll For It!'s 270): the title ran past
the card's right edge.  It now wraps at its spaces (the name on one row, "since
your last move" under it), and a name wider than the card alone is cut with
"…" where its nameplate shows it whole.  Two people at one screen play by the
mouse (the curtain's "I am", then the drawn Bid) with AIs between them, until
the first one's turn comes back with the card open; its words are read
through the layout recorder."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.realinput import Hands

WIDE_NAMES = ["WWWWWWWWWWWWWWWW", "MWMWMWMWMWMWMWMW"]
"""Two people with the widest 16-letter names."""


def _plain(text: str) -> str:
    """``text`` less the marks that set a name apart (never drawn)."""
    return text.replace("\u2068", "").replace("\u2069", "")


def _seats(count: int) -> list[Seat]:
    return [Seat(name, "human") for name in WIDE_NAMES] + [
        Seat(f"Mags{i:02d}", "ai", "normal") for i in range(count - len(WIDE_NAMES))]


def _next_click(hands: Hands):
    """What a person clicks on their turn: the bid picker's offer; at Roll For
    It! a card the held die fits, else a die that fits a card, else the
    throw, else keeping the rest."""
    enabled = hands.controls(enabled_only=True)
    for kind in ("card", "die"):
        found = [c for c in enabled if c.kind == kind]
        if found:
            return found[0]
    for label in ("Bid", "Roll for it!", "Keep the rest", "Pass"):
        if hands.has(label):
            return label
    raise AssertionError(f"nothing to click at a person's turn: {hands.labels(enabled_only=True)}")


def _until_the_card_opens(hands: Hands, table) -> None:
    """Both people play by the drawn controls (``_next_click``), passing the curtain
    to each other, until a person's turn opens the card with its title."""
    app = hands.app
    for _ in range(60):
        hands.until(lambda a: a.top is not table or (table.human_to_act() is not None and not table.is_busy())
                    or table.held.active(), 60.0)
        if app.top is not table and app.top.name == "curtain":
            hands.pass_curtain(by="click")
            continue
        if table.since.shown and table.since.unfolding and ":" in table.since.title:
            return
        if table.held.active():
            hands.click(table.held.prompt_rect()[0])
        else:
            hands.wait(0.7)   # a person reads the table first (the hand-over refuses a click at once)
            hands.click(_next_click(hands))
    raise AssertionError("the card never opened at a person's turn")


@pytest.mark.parametrize("game_id,seats", [("liars-dice", 3), ("liars-dice", 20), ("roll-call", 3), ("roll-call", 10),
                                           ("roll-for-it", 3), ("roll-for-it", 8)])
def test_a_long_name_keeps_the_since_cards_title_on_the_card(app, game_id, seats):
    table = start_table(app, Match(game_id, _seats(seats), None, 7))
    past_the_opening(app)
    hands = Hands(app)
    _until_the_card_opens(hands, table)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    card = table.since.card_rect(table.theme)
    name = table.seat_name(table.since.seat)
    plain = table.since.title.replace("\u2068", "").replace("\u2069", "")
    title = [b for b in record.of("text") if b.rect.colliderect(card) and abs(b.rect.x - card.x - 14) <= 2
             and _plain(b.text).rstrip("\u2026") in plain]
    assert title, f"no title drawn on the card {card}"
    outside = [f"{b.text!r} at {tuple(b.rect)}" for b in title if not card.contains(layout_record.ink(b.rect))]
    assert not outside, f"the title leaves the card {tuple(card)}: {outside}"
    shown = "".join(_plain(b.text) for b in title)
    whole_on_plate = not table.plate_name_cut(table.since.seat)
    assert name in shown or (whole_on_plate and "\u2026" in shown), f"the name is not read on the card: {shown!r}"
    lines = [b for b in record.of("text") if card.contains(b.rect) and b.rect.y > max(t.rect.bottom for t in title) - 4]
    assert all(b.rect.y >= max(t.rect.bottom for t in title) - layout_record.SLACK for b in lines), \
        "a line of the card lies on its title"


def test_the_since_card_leaves_roll_for_its_prompt_in_view(app):
    """Roll For It! with two people named with 16 wide letters: the card
    opened over the start of "All MWMW…'s dice are on cards: Take Back, or
    pass" (seen in a real hot-seat window, words32); it now keeps off the
    prompt over the tray."""
    from game.games.roll_for_it import tray
    table = start_table(app, Match("roll-for-it", _seats(3), None, 7))
    past_the_opening(app)
    _until_the_card_opens(Hands(app), table)
    app.draw(0.0)
    card = table.since.card_rect(table.theme)
    prompt = tray.prompt_rect(table.theme, table._prompt())
    assert not card.colliderect(prompt), f"the card {tuple(card)} lies on {table._prompt()!r} at {tuple(prompt)}"
