"""Where the dice go: the decisions a level loses its dice on, in a league row's own games.

Issue 40, fourteenth session: a win rate says Hard falls short at a table, not
why.  This replays every game of a row (the same seeded, seat-rotated games as
``python -m game.dev.league --rows ROW``, rival memory included) and counts,
for the tested level's seats and for the others per seat, each challenge by
who made it and how it ended: calls in turn and out of turn (right or wrong),
Jintos, and bids that were challenged (true or not), with the dice each cost.

    python -m game.dev.outside_report --rows rc-outside-reader-3 --games 200
"""
from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from game.core.sim import wilson

KINDS = ("call", "oot", "jinto")


def tally(match, level: str, into: dict[str, Counter]) -> None:
    """Add one finished game's challenges to ``into`` ("tested" and "others" counters)."""
    tested = {p for p, seat in enumerate(match.seats) if seat.name.rsplit("-", 1)[0] == level}
    others = len(match.seats) - len(tested)
    state = match.game.new_initial_state()
    for player, action in match.history:
        before = state
        state = state.apply(player, action)
        kind = {"Call": "call", "Jinto": "jinto", "CallOutOfTurn": "oot"}.get(type(action).__name__)
        if kind is None:
            if type(action).__name__ == "Bid" and not getattr(before, "bids", None):
                into["tested" if player in tested else "others"]["openings"] += 1
            continue
        reveal: Any = getattr(state, "last_challenge", None) or getattr(state, "last_reveal", None)
        bidder = reveal.bidder
        count = reveal.count if hasattr(reveal, "count") else reveal.total
        true = count >= reveal.quantity
        right = (count == reveal.quantity) if kind == "jinto" else not true
        who = into["tested" if player in tested else "others"]
        who[f"{kind} made"] += 1
        who[f"{kind} right"] += right
        lost = getattr(reveal, "dice_lost", 1)
        if not right:
            who[f"dice lost on a wrong {kind}"] += lost
        bid_side = into["tested" if bidder in tested else "others"]
        if kind == "jinto":
            bid_side["bids met by a Jinto"] += 1
            if right:
                bid_side["dice lost to a Jinto"] += 1
        else:
            bid_side["bids called"] += 1
            bid_side["bids called true"] += true
            if not true:
                bid_side["dice lost on a false bid"] += 1
        into["seats"]["others"] = others
        into["seats"]["tested"] = len(tested)
    into["seats"]["games"] += 1


def lean_tally(match, level: str, into: dict[tuple, float]) -> None:
    """Add one finished game's bids by ``level`` to ``into``: per kind of bid
    (opening / same face / new face, heads-up or 3+ in, Palifico), how many
    bids, the dice of the bid face the bidder held and a blind hand's share of
    them, from the hands the game dealt (issue 40, fifteenth session: at full
    tables Hard's new-face bids held half a blind share, an anti-tell)."""
    from game.dev.league import Table
    tested = {p for p, seat in enumerate(match.seats) if seat.name.rsplit("-", 1)[0] == level}
    state = match.game.new_initial_state()
    for player, action in match.history:
        if player in tested and type(action).__name__ == "Bid":
            t = Table(state.view(player), ())
            kind = lean_kind(t, action.face)
            for what, n in (("bids", 1.0), ("held", t.mine(action.face)), ("blind", len(t.hand) * t.pm(action.face))):
                into[kind + (what,)] = into.get(kind + (what,), 0.0) + n
        state = state.apply(player, action)


def lean_kind(t, face: int) -> tuple[str, str, bool]:
    """(place, table, Palifico) of a bid on ``face`` at the seat view ``t``: what a
    reader of the lifted cups can file it under."""
    place = "open" if not t.bids else ("stay" if t.bids[-1][2] == face else "new")
    return place, "heads-up" if len(t.rivals) == 1 else "3+", t.palifico


def lean_lines(into: dict[tuple, float]) -> list[str]:
    """The lean tally as a table: per kind, dice of the bid face held against a blind share."""
    out = ["| kind of bid (place, table, Palifico) | bids | dice of the face held | blind share | held / blind |",
           "| --- | --- | --- | --- | --- |"]
    for kind in sorted({k[:3] for k in into}, key=str):
        held, blind = into.get(kind + ("held",), 0.0), into.get(kind + ("blind",), 0.0)
        out.append(f"| {' '.join(map(str, kind))} | {into.get(kind + ('bids',), 0.0):.0f} | {held:.0f} | {blind:.1f} "
                   f"| {held / blind if blind else float('nan'):.2f} |")
    return out


def lines(row: str, into: dict[str, Counter]) -> list[str]:
    """The tallies as a table: per tested seat and per other seat, each game."""
    games = max(1, into["seats"]["games"])
    out = [f"{row}: {games} games; per seat per game (tested level | each other seat), rates with 95% intervals",
           "| figure | tested | others (per seat) |", "| --- | --- | --- |"]
    for side in ("tested", "others"):
        into[side]["_seats"] = max(1, into["seats"][side])

    def per(side: str, key: str) -> str:
        return f"{into[side][key] / into[side]['_seats'] / games:.2f}"

    def rate(side: str, hit: str, of: str) -> str:
        n = into[side][of]
        lo, hi = wilson(into[side][hit], n)
        return f"{100 * into[side][hit] / max(1, n):.1f}% ({100 * lo:.0f}-{100 * hi:.0f}) of {n}"

    for kind in KINDS:
        if into["tested"][f"{kind} made"] or into["others"][f"{kind} made"]:
            out.append(f"| {kind}s made | {per('tested', f'{kind} made')} | {per('others', f'{kind} made')} |")
            out.append(f"| {kind}s right | {rate('tested', f'{kind} right', f'{kind} made')} "
                       f"| {rate('others', f'{kind} right', f'{kind} made')} |")
            out.append(f"| dice lost on a wrong {kind} | {per('tested', f'dice lost on a wrong {kind}')} "
                       f"| {per('others', f'dice lost on a wrong {kind}')} |")
    out.append(f"| bids called (in turn or out) | {per('tested', 'bids called')} | {per('others', 'bids called')} |")
    out.append(f"| called bids that were true | {rate('tested', 'bids called true', 'bids called')} "
               f"| {rate('others', 'bids called true', 'bids called')} |")
    out.append(f"| dice lost on a false bid | {per('tested', 'dice lost on a false bid')} "
               f"| {per('others', 'dice lost on a false bid')} |")
    if into["tested"]["jinto made"] or into["others"]["jinto made"]:
        out.append(f"| dice lost to a Jinto | {per('tested', 'dice lost to a Jinto')} "
                   f"| {per('others', 'dice lost to a Jinto')} |")
    out.append(f"| rounds opened | {per('tested', 'openings')} | {per('others', 'openings')} |")
    return out


def memory_lines(game: str, level: str) -> list[str]:
    """What ``OutsideExploiter`` learned of ``level`` in the row just run: per kind of
    bid, dice of the bid face held against a blind hand's share; per band of the
    level's own chance that the standing bid is true, how often it called."""
    from game.dev.outside_bots import OutsideExploiter
    book = OutsideExploiter._memory.get((game, level))
    if not book:
        return [f"(OutsideExploiter learned nothing of {level})"]
    out = ["| kind of bid (opening/same face/new face, Palifico, heads-up) | dice of it held | blind share | bids' dice |",
           "| --- | --- | --- | --- |"]
    for kind, (held, dice, share) in sorted(book["tilt"].items(), key=str):
        out.append(f"| {kind} | {held} | {share:.1f} | {dice} |")
    out += ["| its own chance the standing bid is true | challenged (call, Jinto) | turns |", "| --- | --- | --- |"]
    for band, (calls, n) in sorted(book["calls"].items()):
        out.append(f"| {10 * band}-{10 * band + 9}% | {100 * calls / max(1, n):.1f}% | {n} |")
    return out


def twin_lines(level: str) -> list[str]:
    """What the league's tuning twin (``league.Overbidder``) learned of ``level`` in the
    row just run: per band of the level's own chance that a twin's bid was true, how
    often it challenged (in turn) the bid it answered."""
    from game.dev import league
    bands: dict[int, list[int]] = {}
    for copy in league._copies():
        for (name, _game, _me, who), book in copy.LeagueBot._memory.items():
            if name == "Overbidder" and who.rsplit("-", 1)[0] == level:
                for band, (calls, n) in book.get("calls", {}).items():
                    cell = bands.setdefault(band, [0, 0])
                    cell[0] += calls
                    cell[1] += n
    if not bands:
        return [f"(Overbidder learned nothing of {level})"]
    out = ["| its own chance the twin's bid is true | challenged in turn | answers |", "| --- | --- | --- |"]
    for band, (calls, n) in sorted(bands.items()):
        out.append(f"| {20 * band}-{20 * band + 19}% | {100 * calls / max(1, n):.1f}% | {n} |")
    return out


def main(argv=None) -> int:
    from game.dev import league
    ap = argparse.ArgumentParser(prog="python -m game.dev.outside_report")
    ap.add_argument("--rows", required=True, help="league rows separated by commas")
    ap.add_argument("--half", choices=("tuning", "reporting"), default="reporting")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lean", action="store_true",
                    help="after each row, the dice of the bid face the tested level held per kind of its bids")
    ap.add_argument("--memory", action="store_true",
                    help="after each row, what OutsideExploiter learned of the tested level")
    args = ap.parse_args(argv)
    for row in args.rows.split(","):
        level = league.ROWS[row][1]
        into: dict[str, Counter] = {"tested": Counter(), "others": Counter(), "seats": Counter()}
        leans: dict[tuple, float] = {}

        def on_game(_rep, match) -> None:
            tally(match, level, into)
            if args.lean:
                lean_tally(match, level, leans)
        rep = league.run_row(row, args.half, args.games, args.seed, on_game=on_game)
        lo, hi = wilson(rep.wins, rep.seat_games)
        print(f"{row}: {level} wins {100 * rep.wins / max(1, rep.seat_games):.1f}% ({100 * lo:.1f}-{100 * hi:.1f})")
        print("\n".join(lines(row, into)), flush=True)
        if args.lean:
            print("\n".join(lean_lines(leans)), flush=True)
        if args.memory:
            learned = twin_lines(level) if league.ROWS[row][2] == "overbidder" else memory_lines(league.ROWS[row][0], level)
            print("\n".join(learned), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
