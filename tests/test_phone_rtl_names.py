"""A Hebrew or Arabic name inside a sentence the table builds for a phone
reads as its player typed it, and the sentence around it stays in order.

The phone's status line ("שרה!'s turn.") is built on the table's side; the
page sets the names it builds itself apart (``<bdi>``) but put this line in
as plain text, so a name's own marks and digits took the English sentence's
direction: "שרה!" showed its "!" on the right (as "Tom!" would), "2 דוד"
its digit on the left, unlike the same names anywhere they stand alone.
The names now come isolated (U+2068 ... U+2069, ``grammar.isolated``).  Real
Chromium renders Ana's phone while an AI with such a name is to act; the
characters' boxes are read from the page."""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Seat
from tests.helpers import key
from tests.phones_helpers import WAIT, SecrecyRecorder, browser, needs_chromium, phone_table, run_until
from tests.test_phones_browser import Phone, sent_now, turn_of

RTL_NAMES = ["שרה!", "2 דוד", "محمد 3"]

_ORDER = """([name, selector]) => {
  // The name's letters left to right as drawn in ``selector``'s text (by their
  // index in the name), and whether the words around it keep their order.
  const node = document.querySelector(selector).firstChild;
  const text = node.textContent, at = text.indexOf(name);
  if (at < 0) { return null; }
  const range = document.createRange();
  const left = (i) => { range.setStart(node, i); range.setEnd(node, i + 1); return range.getBoundingClientRect().left; };
  const letters = [...name].map((_, i) => i).sort((a, b) => left(at + a) - left(at + b));
  const rest = [];
  for (let i = at + name.length; i < text.length; i++) {
    if (text[i] !== "\\u2069" && text[i] !== " ") { rest.push(left(i)); }
  }
  const inOrder = rest.every((x, i) => i === 0 || x > rest[i - 1]);
  return {letters, inOrder, after: Math.min(...rest), nameRight: Math.max(...[...name].map((_, i) => left(at + i)))};
}"""

_ALONE = """(name) => {
  // The same name set apart as the page sets the names it builds (<bdi>).
  const p = document.createElement("p"), bdi = document.createElement("bdi");
  bdi.textContent = name; p.appendChild(bdi); document.body.appendChild(p);
  const node = bdi.firstChild, range = document.createRange();
  const left = (i) => { range.setStart(node, i); range.setEnd(node, i + 1); return range.getBoundingClientRect().left; };
  const letters = [...name].map((_, i) => i).sort((a, b) => left(a) - left(b));
  p.remove();
  return letters;
}"""


@pytest.mark.parametrize("name", RTL_NAMES)
def test_an_rtl_name_in_the_phones_status_reads_as_typed_and_keeps_the_sentence_in_order(app, name):
    needs_chromium()
    seats = [Seat("Ana"), Seat(name, "ai", "easy"), Seat("Cy", "ai", "easy")]
    with browser() as chromium:
        match, table = phone_table(app, "liars-dice", seats, (0,), seed=4)
        recorder = SecrecyRecorder(table)
        ana = Phone(chromium, table.phones.url(0))
        page = ana.page
        run_until(app, lambda: table.phones.connected(0), "Ana's phone")
        app.run_frames(2)
        if app.top is not table:
            app.feed(key(pygame.K_ESCAPE))   # Done: the codes screen closes
            app.run_frames(2)
        assert app.top is table

        def names_the_turn() -> bool:   # the newest message the table built for Ana names the turn
            sent = sent_now(recorder, table, 0)
            return sent is not None and name in sent["status"]
        for _ in range(400):
            if names_the_turn() or match.is_over:
                break
            app.run_frames(1)
            if turn_of(recorder, table, 0):
                before = len(match.history)
                ana.shows(table.phones.number)
                ana.lowest_bid()
                run_until(app, lambda: len(match.history) != before, "Ana's bid to reach the table")
        assert names_the_turn(), f"Ana's phone was never told of {name!r}'s turn"
        ana.shows(table.phones.number)   # no frame runs now: the page stays on that message
        page.wait_for_function("n => document.getElementById('status').textContent.includes(n)", arg=name,
                               timeout=WAIT * 1000)
        drawn = page.evaluate(_ORDER, [name, "#status"])
        alone = page.evaluate(_ALONE, name)
        assert drawn is not None, page.inner_text("#status")
        assert drawn["letters"] == alone, \
            f"{name!r} in {page.inner_text('#status')!r} reads in another order than the name alone"
        assert drawn["inOrder"] and drawn["after"] > drawn["nameRight"], \
            f"the words after {name!r} in the status left their place: {page.inner_text('#status')!r}"
