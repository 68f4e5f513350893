"""Roll the Bones: a pile's words and its nameplate's count change as the
dice land, not as they take off (issue 39: after a won roll "9 dice" stood
under the taker's plate while the haul was still in the air).  Each pile
counts the dice lying in it: not those flying in, but those waiting to
leave.  A rolled die counts on its roller's plate until it lands with
its taker (the plate of a seat that rolled its last die said "no dice"
while the die still lay on the felt)."""
from __future__ import annotations

from game.core.match import Match, Seat
from game.core.narration import plural
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table

REDUCED_MOTION = False


def _lying(table, p: int) -> int:
    """The dice lying in seat ``p``'s pile as a person sees them land: the
    state's, less those still flying in, plus those not yet left."""
    state, now = table.shown, table.time
    flying_in = [f for f in table.flights if f.die in state.collections[p]]
    not_left = [f for f in table.flights if f.source == ("pile", p) and f.position(now) is None]
    return len(state.collections[p]) - len(flying_in) + len(not_left)


def test_the_counts_change_when_the_dice_land(app):
    app.settings.reduced_motion = False
    seats = [Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")]
    table = start_table(app, Match("roll-the-bones", seats, None, 4))
    past_the_opening(app)
    seen = 0
    for _ in range(40):   # frames with a haul in the air, a few of them each roll
        app.run_frames(3000, until=lambda a: any(
            0.1 < (f.progress(table.time) or 0) < 0.7 and f.source and f.source[0] != "pile"
            and any(f.die in dice for dice in table.shown.collections) for f in table.flights))
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        texts = [b.text for b in record.of("text")]
        for p in range(2):
            if table.shown.out_event[p] is not None:
                continue
            lying = _lying(table, p)
            if lying != len(table.shown.collections[p]):
                seen += 1
            rolled = sum(1 for f in table.flights if f.source == ("felt", p))
            assert plural(lying + (p in table.shown.in_flight) + rolled, "die", "dice") in texts, (p, lying, texts)
        app.run_frames(40)
        if seen >= 3 or table.match.is_over:
            break
    assert seen >= 3, "hauls were caught in the air"
