"""The link under a seat's QR code, for a phone whose camera cannot read it
(phones33): it was drawn at 12 px in one line (about 7 px in an 800x600
window), the secret's 30 letters unbroken.  It is now drawn in groups of four
at 34 px, and the server takes it as typed: with the dashes, or in capitals."""
from __future__ import annotations

from game.core.match import Seat
from game.phones import wire
from game.ui import theme as th
from tests.phones_helpers import PhoneClient, phone_table, run_until
from tests.test_phones import get

READABLE = 28
"""Canvas pixels the secret's letters are drawn at, at least (18 px in an 800x600 window)."""


def test_the_link_is_drawn_large_in_groups_and_works_as_typed(app, monkeypatch):
    drawn: list[tuple[str, int]] = []
    draw_text = th.draw_text

    def recording(canvas, theme, text, pos, size=22, *args, **kwargs):
        drawn.append((text, size))
        return draw_text(canvas, theme, text, pos, size, *args, **kwargs)
    monkeypatch.setattr(th, "draw_text", recording)
    match, table = phone_table(app, "liars-dice", [Seat("Ana"), Seat("Cy", "ai", "easy")], (0,), seed=2)
    app.run_frames(2)
    assert app.top.name == "phones"
    drawn.clear()
    app.run_frames(1)   # one drawing of the codes screen
    token = table.phones.tokens[0]
    large = [text for text, size in drawn if size >= READABLE and text.strip("-") and set(text) <= {*wire.TOKEN_ALPHABET, "-"}]
    assert "".join(large).replace("-", "") == token, f"the secret is not drawn large and grouped: {drawn}"
    assert all(len(group) <= 4 for line in large for group in line.split("-"))

    url = table.phones.url(0)
    typed = url.replace(token, wire.grouped(token))
    assert get(typed)[0] == 200
    assert get(url.replace(token, wire.grouped(token).upper()))[0] == 200
    phone = PhoneClient(typed)
    try:
        assert phone.status == 101
        run_until(app, lambda: phone.latest() is not None, "the typed link's phone to get its seat's view")
        assert phone.latest()["seat"] == 0
        assert table.phones.code_claimed(0)
    finally:
        phone.close()
