"""Fixes found by the whole-game layout walks (``tests/test_layout_check.py``,
``-m slow -k whole_game``), each checked here in a short scene with the same
layout recorder: what the slow walk saw, in a frame or a few."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.protocol import CHANCE, DieGroup, RollRequest, RollResult
from game.games.bidding.bids import Bid, Call
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table


def _palifico_next(seats: int) -> Match:
    """A Liar's Dice match at ``seats`` (two dice each) whose next roll opens
    a Palifico round: the first bidder's bid was called and they fell to one die."""
    match = Match("liars-dice", [Seat(f"Player {i:02d}", "ai", "easy") for i in range(seats)],
                  {"starting_dice": 2}, 5)
    match.apply(CHANCE, RollResult(tuple((2, 3) for _ in range(seats))))
    opener = match.state.turn_player()
    match.apply(opener, Bid(2 * seats, 5))
    match.apply(match.state.turn_player(), Call())
    assert match.state.is_chance()
    return match


@pytest.mark.parametrize("seats", [4, 8, 20])
def test_the_palifico_band_lies_over_no_nameplate(app, seats):
    """Whole game, Liar's Dice at 20 seats (round 8): the "Palifico!" band ran
    across the whole window, over the nameplates of the two seats at its height
    (the names under a banner).  It stops short of them now, at every seat
    count that has a seat there."""
    app.settings.animation_speed = "instant"
    table = start_table(app, _palifico_next(seats))
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: any(b.title == "Palifico!" for b in table.banners))
    assert any(b.title == "Palifico!" for b in table.banners)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    banners = record.of("banner")
    assert banners
    plates = [f"{table.seat_name(seat)} at {tuple(plate)}" for seat, plate in table.seat_plates.items()
              for b in banners if plate.colliderect(b.rect)]
    assert not plates, plates
    assert not [p for p in layout_record.problems(record) if "banner" in p]


def test_roll_for_it_cards_and_dice_fly_home_beside_the_nameplate_not_onto_it(app):
    """Whole game, Roll For It! at 8 seats: a scored card (its points printed
    on it) flew to the middle of its winner's nameplate and ended there, its
    "2" over "Gwendolyn Mars" and "7 pts · 6 dice in hand" for longer than a
    glance; the dice going home ended on the names too.  The card now flies to
    the top of its pile beside the plate, each die to the plate's edge facing
    the table: where each flight ends, drawn at its end size, is off every
    nameplate."""
    from tests.test_layout_check import LONG_NAMES
    app.settings.reduced_motion = False
    match = Match("roll-for-it", [Seat(name, "ai", "normal") for name in LONG_NAMES], None, 11)
    table = start_table(app, match)
    past_the_opening(app)
    app.run_frames(20_000, until=lambda a: any(table.state.scored))
    home = [f for f in table.flights if f.lands_on is None]
    assert any(f.card_id is not None for f in home) and any(f.card_id is None for f in home)
    plates = list(table.seat_plates.values())
    for flight in home:
        end = pygame.Rect((0, 0), (int(150 * 0.25), int(200 * 0.25)) if flight.card_id is not None
                          else (flight.size, flight.size))
        end.center = (round(flight.end[0]), round(flight.end[1]))
        assert end.collidelist(plates) < 0, f"{flight} ends on a nameplate"


@pytest.mark.parametrize("game_id,seats", [("liars-dice", n) for n in range(2, 21)] + [("roll-call", n) for n in (4, 8, 10)])
def test_cups_and_thrown_dice_stay_off_the_nameplates(app, game_id, seats):
    """Whole game and in play, Liar's Dice at 20 seats: thrown dice came to rest
    on the side seats' nameplates ("Wilhelmina Sto" and "3 dice" under a die)
    and the left seat's cup lay over the end of "Evangeline Roo" (the layout
    check did not see nameplates then).  Every cup and every throw zone keeps
    off every nameplate as drawn, with the longest names, at every seat count."""
    from tests.test_layout_check import LONG_NAMES
    names = [LONG_NAMES[i % len(LONG_NAMES)][:14] + f"{i:02d}" for i in range(seats)]
    table = start_table(app, Match(game_id, [Seat(name, "ai", "easy") for name in names], None, 3))
    table.draw_seats(app.canvas)
    plates = list(table.seat_plates.values())
    assert len(plates) == seats
    for seat in range(seats):
        cup = pygame.Rect(0, 0, table.cup_px, table.cup_px)
        cup.center = tuple(round(v) for v in table.cups.cup_point(seat))
        assert cup.collidelist(plates) < 0, f"seat {seat}'s cup {cup} on a nameplate"
    for count in (3, 5):
        request = RollRequest(tuple(DieGroup(seat, "d6", count, hidden=True) for seat in range(seats)))
        for seat, zone in enumerate(table.dice_zones(request)):
            assert zone.collidelist(plates) < 0, f"seat {seat}'s throw zone {zone} on a nameplate"


@pytest.mark.parametrize("seats", [14, 20])
def test_the_since_card_covers_no_cup_die_plate_or_band(app, seats):
    """In a real window, Liar's Dice at 20 seats: the "Since your last move"
    card lay over three cups and the left end of the "Palifico!" band (its
    last resort allowed covering cups, and it knew nothing of the band).
    With the longest names, a human who lost the opening call opens the
    Palifico round: the card, band up, covers no cup, die, nameplate or band,
    and does not jump across the table once the band has gone."""
    from tests.test_layout_check import LONG_NAMES
    probe = _palifico_next(seats)
    opener = probe.history[1][0]
    names = [LONG_NAMES[i % len(LONG_NAMES)][:14] + f"{i:02d}" for i in range(seats)]
    match = Match("liars-dice", [Seat(names[i], "human" if i == opener else "ai", "easy") for i in range(seats)],
                  {"starting_dice": 2}, 5)
    for player, action in probe.history:
        match.apply(player, action)
    app.settings.animation_speed = "instant"
    table = start_table(app, match)
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: table.human_to_act() is not None and table.since.shown)
    assert table.since.shown and any(b.title == "Palifico!" for b in table.banners)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    card = table.since.card_rect(table.theme)
    cups = []
    for seat, n in enumerate(table.dice_counts()):
        cup = pygame.Rect(0, 0, table.cup_px, table.cup_px)
        cup.center = tuple(round(v) for v in table.cups.cup_point(seat))
        if n:
            cups.append(cup)
    covered = [f"cup {cup}" for cup in cups if cup.colliderect(card)]
    covered += [f"{box.kind} {box.rect}" for box in record.boxes
                if box.kind in ("die", "banner") and box.rect.colliderect(card)]
    covered += [f"{table.seat_name(seat)}'s plate {plate}" for seat, plate in table.seat_plates.items()
                if plate.colliderect(card)]
    assert not covered, f"the card {card} covers {covered}"
    assert table.since.tab_rect().w <= card.w and pygame.Rect(0, 0, 1280, 720).contains(table.since.tab_rect())
    app.run_frames(600, until=lambda a: not table._banding())   # the band fades; the card is still open
    assert table.since.unfolding
    app.draw(0.0)
    assert table.since.card_rect(table.theme) == card, "the card stays where its reader found it"
