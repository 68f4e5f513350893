"""The coach hook shared by the bidding games (Liar's Dice, Roll Call).

A shadow Hard agent sits in the coached seat: it watches the seat's views
after every action (so its ``TableReader`` learns each rival's honesty and
call habits exactly as a Hard AI in that seat would have), and at each of
the seat's decisions the ``BidBrain`` values every option in expected dice:
Call, Jinto, an out-of-turn call against letting the bid ride, and the best
bid per face (``BidBrain.candidates``), plus the bid actually made.  The
odds shown are the reader's: the chance a bid is true given the seat's own
dice and the round's bids as the Hard AI reads them.

A game supplies ``spot_of`` (its view as a ``BidSpot``), a Hard agent for
the seat, ``hand_and_wild(state, seat)`` and ``table_count(state, face)``
(its ``sparring.py`` helpers) for the after-the-decision line, and a word
for its cups.  Pure Python.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable

from .brain import BidBrain
from .bids import Bid, Call, bid_words, face_name
from ...core.coach import SCALES, Advice, Choice
from ...core.narration import NO_BREAK, listing, number, unbroken


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


class BidCoach:
    """The ``SeatCoach`` of a bidding game (see ``game.core.coach``)."""

    def __init__(self, agent, spot_of: Callable, hand_and_wild: Callable, table_count: Callable,
                 *, names, cups: str = "cups", wild_word: str = "ones wild",
                 face_word: Callable[[int, int], str] | None = None,
                 face_text: Callable[[int], str] = str, solved: Callable | None = None):
        self.agent = agent
        agent.seat_names = tuple(names)
        agent.rng = random.Random(0)
        self.spot_of = spot_of
        self.hand_and_wild = hand_and_wild
        self.table_count = table_count
        self.names = tuple(names)
        self.seat = agent.player
        self.cups = cups
        self.wild_word = wild_word
        self.face_word = face_word or (lambda face, q: face_name(face, q))
        self.face_text = face_text
        self.solved = solved
        """``solved(view, legal) -> {action: weight} | None``: the game's solved
        endgame policy where Hard plays it (Liar's Dice heads-up), quoted in a note."""

    @property
    def brain(self) -> BidBrain:
        return self.agent.brain

    def name(self, p: int) -> str:
        return "you" if p == self.seat else self.names[p]

    def words(self, q: int, f: int) -> str:
        return f"{number(q)} {self.face_word(f, q)}"

    def watch(self, view) -> None:
        self.agent.watch(view)

    # --- the decision part: the seat's view only ------------------------------------------
    def situation(self, spot) -> str:
        hand = " ".join(self.face_text(f) for f in sorted(spot.hand))
        wild = f" ({self.wild_word})" if spot.wild is not None else " (no wilds: Palifico)"
        text = f"You held {hand}{wild}; {spot.total} dice in play, {len(spot.hand)} of them yours."
        if spot.bids:
            p, q, f = spot.bids[-1]
            who = self.names[p] if p != self.seat else "You"
            text += f" {who} had bid {self.words(q, f)}"
            text += f" ({len(spot.bids)} bids this round)." if len(spot.bids) > 1 else "."
        else:
            text += " You opened the round."
        return text

    def advise(self, view, legal, action) -> Advice | None:
        spot = self.spot_of(self.agent, view, legal)
        brain = self.brain
        reader = brain.reader
        reader.observe(spot)
        G = brain.rival_value(spot)
        options: list[Choice] = []
        cur = spot.current
        pt = pe = None
        if cur is not None:
            q, f = cur
            pt = reader.chance_true(spot, q, f)
            if spot.oot is not None:
                options.append(Choice(spot.oot, "Call out of turn", brain.oot_value(spot, pt),
                                      f"{_pct(1 - pt)} right", 1 - pt, plain=1 - spot.plain_chance(q, f)))
                options.append(Choice("wait", "Let it ride", 0.0, "the player to act may call it"))
            if Call() in legal:
                options.append(Choice(Call(), "Call", brain.call_value(pt, G), f"{_pct(1 - pt)} right", 1 - pt,
                                      plain=1 - spot.plain_chance(q, f)))
            if spot.jinto is not None and spot.jinto in legal:
                pe = reader.chance_exact(spot, q, f)
                options.append(Choice(spot.jinto, "Jinto", brain.jinto_value(spot, pe, G), f"{_pct(pe)} exact", pe))
        if any(type(a) is Bid for a in legal) and spot.oot is None:
            for v, bid, bpt, _pc in brain.candidates(spot, G).values():
                options.append(Choice(bid, self.words(bid.quantity, bid.face), v, f"{_pct(bpt)} true", bpt,
                                      plain=spot.plain_chance(bid.quantity, bid.face)))
        made = next((c for c in options if c.key == action), None)
        if made is None and type(action) is Bid:
            v, bpt, _pc = brain.bid_score(spot, action.quantity, action.face, G)
            made = Choice(action, self.words(action.quantity, action.face), v, f"{_pct(bpt)} true", bpt,
                          plain=spot.plain_chance(action.quantity, action.face))
            options.append(made)
        if made is None:
            return None
        options.sort(key=lambda c: -c.value)
        if len(options) < 2:
            return None  # nothing to choose between
        who = self.names[spot.bidder] if spot.bidder is not None and spot.bidder != self.seat else "your"
        whose = f"{who}'s" if who != "your" else "your own"
        if type(action) is Bid:
            kind, move = "bid", f"You bid {self.words(action.quantity, action.face)}"
        elif action == spot.oot:
            assert cur is not None
            kind, move = "out-of-turn call", f"You called {whose} {self.words(*cur)} out of turn"
        elif isinstance(action, Call):
            assert cur is not None
            kind, move = "call", f"You called {whose} {self.words(*cur)}"
        else:
            assert cur is not None
            kind, move = "Jinto", f"You said Jinto on {whose} {self.words(*cur)}"
        face = made.key.face if type(made.key) is Bid else (cur[1] if cur is not None else None)
        advice = Advice(kind, self.situation(spot), move, made, tuple(options), SCALES["dice"],
                        context=" given your dice and the bids" if kind == "bid" else "",
                        reading=self.reading(spot, made, face))
        return self.with_solved(advice, view, legal, action)

    DISAGREE = 0.10
    """How far (in chance) the Hard AI's reading and plain dice odds differ before the coach says why."""

    def reading(self, spot, made: Choice, face: int | None) -> str:
        """One sentence where the verdict's chance and plain dice odds disagree:
        whose bids moved it, and which way ("Tom's bids so far make it likely
        Tom holds sixes"); empty where they agree."""
        if made.chance is None or made.plain is None or face is None \
                or abs(made.chance - made.plain) < self.DISAGREE:
            return ""
        word = made.odds.split()[-1]   # "right" / "true"
        hidden = spot.total - len(spot.hand)
        what = {"right": "the call", "true": "the bid"}.get(word, "it")
        plain = f"By plain dice odds (your dice and {number(hidden)} hidden) {what} is {_pct(made.plain)} {word}; "
        faces = self.face_word(face, 2)
        bidders = list(dict.fromkeys(p for p, _q, f in spot.bids if f == face and p != self.seat))
        others = list(dict.fromkeys(p for p, _q, _f in spot.bids if p != self.seat))
        # a call is right when the bid is false: the reading holds more of the face when its chance is lower
        more = (made.chance < made.plain) if word == "right" else (made.chance > made.plain)
        if bidders:
            names = self._few(bidders)
            if len(bidders) == 1:
                why = (f"going by {names}'s bids so far, {names} likely holds {faces}" if more else
                       f"{names}'s bids so far read as a bluff on {faces}")
            else:
                why = (f"going by their bids so far, {names} likely hold {faces}" if more else
                       f"the bids of {names} so far read as bluffs on {faces}")
        elif others:
            names = self._few(others)
            why = (f"going by {names}'s bids so far, there are more {faces} under the cups than plain odds say"
                   if more else f"{names}'s bids so far point to other faces than {faces}")
        else:
            why = "the Hard AI's memory of how these players bid moves it"
        return plain + why + f", so the Hard AI reads it as {made.odds}."

    def _few(self, seats: list[int]) -> str:
        """Up to three seats by name ("Mags, Tom and Bertha"); more as two
        names and a count ("Mags, Tom and four others": six names joined by
        "and" took three lines of a 10-seat coach page and pushed its
        footnote off)."""
        names = [self.names[p] for p in seats]
        if len(names) > 3:
            names = names[:2] + [f"{number(len(names) - 2)} others"]
        return listing(names)

    def with_solved(self, advice: Advice, view, legal, action) -> Advice:
        """Where Hard plays a solved endgame instead of its estimates, that is
        its evaluation: a note names the equilibrium's mix, and the verdict
        follows it.  Every move an equilibrium mixes is worth the same (that
        is why it mixes them), so one it plays at least 1% of the time is
        good; one it never plays keeps the estimate's verdict, at best fine."""
        policy = self.solved(view, list(legal)) if self.solved is not None else None
        if not policy:
            return advice
        text = {c.key: c.text for c in advice.options}
        top = sorted(((w, a) for a, w in policy.items() if w >= 0.005), key=lambda x: -x[0])[:3]
        if not top:
            return advice
        named = ", ".join(f"{text.get(a) or self._label(a)} {w:.0%}" for w, a in top)
        weight = policy.get(action, 0.0)
        note = f"Solved heads-up endgame: the Hard AI plays {named}; your move {weight:.0%} of the time."
        verdict = "good" if weight >= 0.01 else ("fine" if advice.verdict == "good" else advice.verdict)
        return replace(advice, note=note, forced_verdict=verdict)

    def _label(self, action) -> str:
        if type(action) is Bid:
            return self.words(action.quantity, action.face)
        return "Call" if isinstance(action, Call) else type(action).__name__

    # --- after the decision: what was under the cups -------------------------------------
    def aftermath(self, before, action, after, rest) -> tuple[str, str]:
        label = f"What was really under the {self.cups}"
        if type(action) is Bid:
            q, f = action.quantity, action.face
        else:
            bids = getattr(before, "bids", None) or []
            last = bids[-1]
            q, f = (last[1], last[2]) if isinstance(last, tuple) else (last.quantity, last.face)
        n = self.table_count(before, f)
        hand, wild = self.hand_and_wild(before, self.seat)
        counted = face_name(f, n) + (f" ({self.wild_word})" if wild is not None and f != wild else "")
        text = f"{number(n).capitalize()} {counted}"
        true = n >= q
        if type(action) is Bid:
            text += f": your bid of {bid_words(q, f)} was {'true' if true else 'false'}."
        elif type(action).__name__ == "Jinto":
            text += f": the Jinto was {'right' if n == q else 'wrong'}."
        else:  # a call, in turn or out of turn
            text += f": the bid of {bid_words(q, f)} was {'true, so the call was wrong' if true else 'false, so the call was right'}."
        hands = []
        players = len(self.names)
        if players <= 6:
            for p in range(players):
                h, _w = self.hand_and_wild(before, p)
                if h:
                    hands.append(unbroken(f"{'You' if p == self.seat else self.names[p]} "   # never split a hand
                                          f"{' '.join(self.face_text(f) for f in sorted(h))}"))
            text += "  " + f"{NO_BREAK}\u00b7 ".join(hands)   # a line never starts with the dot
        return label, text
